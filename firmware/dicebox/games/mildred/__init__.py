"""Auntie Mildred's List of Random Tasks: a 2-player dice placement game."""
NAME = "Auntie Mildred"

# imported one a frame by the home menu before start() (apps/menu.Loading)
PRELOAD = (
    "dicebox.games.mildred.board",      # small: the launcher's frame also collects the heap
    "dicebox.core.table",
    "dicebox.games.mildred.rewards",
    "dicebox.games.mildred.cards",
    "dicebox.games.mildred.rules",
    "dicebox.games.mildred.screens",
    "dicebox.games.mildred.bot",
)


def start(app):
    from dicebox.games.mildred import screens
    screens.start(app)

"""Dairyman: roll sets of ten, fill the barns, claim milk tiles."""
NAME = "Dairyman"

# imported one a frame by the home menu before start() (apps/menu.Loading)
PRELOAD = (
    "dicebox.games.dairyman.tiles",     # small: the launcher's frame also collects the heap
    "dicebox.core.table",
    "dicebox.games.dairyman.rules",
    "dicebox.games.dairyman.screens",
    "dicebox.games.dairyman.bot",
)


def start(app):
    from dicebox.games.dairyman import screens
    screens.start(app)

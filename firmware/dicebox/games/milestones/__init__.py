"""Milestones: a cooperative real-time dice game for 1-5 seats (bots fill seats)."""

NAME = "Milestones"

# imported one a frame by the home menu before start() (apps/menu.Loading)
PRELOAD = (
    "dicebox.core.table",
    "dicebox.games.milestones.tasks",
    "dicebox.games.milestones.deck",
    "dicebox.games.milestones.rules",
    "dicebox.games.milestones.screens",
    "dicebox.games.milestones.bot",
)


def start(app):
    from dicebox.games.milestones import screens
    screens.start(app)

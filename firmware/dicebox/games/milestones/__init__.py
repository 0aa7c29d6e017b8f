"""Milestones: a cooperative real-time dice game for 1-5 seats (bots fill seats)."""

NAME = "Milestones"

# imported one a frame by the home menu before start() (apps/menu.Loading);
# a small module first (the launcher's frame also collects the heap); the
# table's screens (play), the menus (menus, with the ending) and the start
# menu (screens) in frames of their own
PRELOAD = (
    "dicebox.games.milestones.dice",
    "dicebox.core.table",
    "dicebox.games.milestones.tasks",
    "dicebox.games.milestones.deck",
    "dicebox.games.milestones.rules",
    "dicebox.games.milestones.play",
    "dicebox.games.milestones.menus",   # the setup and the ending: dropped once a table is on top
    "dicebox.games.milestones.screens",
    "dicebox.games.milestones.bot",
)


def start(app):
    from dicebox.games.milestones import screens
    screens.start(app)

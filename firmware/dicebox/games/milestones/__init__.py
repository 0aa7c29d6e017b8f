"""Milestones: a cooperative real-time dice game for 1-5 seats (bots fill seats)."""

NAME = "Milestones"

# imported one a frame by the home menu before start() (apps/menu.Loading);
# a small module first (the launcher's frame also collects the heap); the
# table's screens (play) and the menus (menus, with the ending) in frames of
# their own; the small start menu (screens) comes with start()
PRELOAD = (
    "dicebox.games.milestones.dice",
    "dicebox.core.table",
    "dicebox.games.milestones.tasks",
    "dicebox.games.milestones.deck",
    "dicebox.games.milestones.rules",
    "dicebox.games.milestones.play",
    "dicebox.games.milestones.odds",    # the bot's exact tables, a frame of their own
    "dicebox.games.milestones.menus",   # the setup and the ending (the start menu, screens, is small)
    "dicebox.games.milestones.bot",
)


def start(app):
    from dicebox.games.milestones import screens
    screens.start(app)

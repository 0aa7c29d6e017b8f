"""Dairyman: roll sets of ten, fill the barns, claim milk tiles.

The game's face: its names and the manifest of its modules (read by
``apps/menu.py`` and ``core/modules.py``). It imports nothing, so every
module of the game may import from it."""
NAME = "Dairyman"
GAME = "Dairyman"           # the records' key and the game menu's title
SAVE = "dairyman"           # the save record's name
OLD_KINDS = (0, 1, 3)       # a first-format save's seat kinds (human, easy, hard) -> human, Beginner, Strong

START = "dicebox.games.dairyman.start"      # its start(app) opens the start menu, after PLAY

# what play carries, imported one a frame by the home menu before START (apps/menu.Loading)
PLAY = (
    "dicebox.games.dairyman.tiles",     # small: the launcher's frame also collects the heap
    "dicebox.core.table",
    "dicebox.games.dairyman.rules",
    "dicebox.games.dairyman.table",
)

# what play carries that the start menu does not: imported by the table once
# it is on top, one a frame, after the start pages are let go (core/table.py,
# Table.load_next), so that they and the bot are never in the heap together
AT_TABLE = (
    "dicebox.games.dairyman.stops",     # what a stop is worth beyond its points (the bot's)
    "dicebox.games.dairyman.bot",
)

# what the screen under the table reads as it comes back (the home menu's: the
# start menu is not kept under the table):
# imported one a frame as the table is left, after the bot is let go
# (core/leaving.py, Leaving)
AFTER_TABLE = ("dicebox.apps.menu",)

# opened now and then, dropped when the table is back on top (core/table.py, Table.enter)
ON_DEMAND = (
    "dicebox.games.dairyman.start",     # the start menu (the table replaces it)
    "dicebox.games.dairyman.pages",     # reading a save back, the scores and end texts
    "dicebox.games.dairyman.checks",    # a save's checks as it is read back (rules.State.from_dict)
    "dicebox.games.dairyman.help",
    "dicebox.games.dairyman.advice",    # the Hint's words and chances (bot.hint)
    "dicebox.games.dairyman.odds",      # a hint's table for a frozen die (advice.roll_chance)
)

# the guided first game and what the lessons share: imported while it runs,
# dropped when the start menu is back
LESSON = ("dicebox.games.dairyman.lesson", "dicebox.core.lesson")

"""Milestones: a cooperative real-time dice game for 1-5 seats (bots fill seats).

The game's face: its names and the manifest of its modules (read by
``apps/menu.py`` and ``core/modules.py``). It imports nothing, so every
module of the game may import from it."""

NAME = "Milestones"
GAME = "milestones"         # the records' key
SAVE = "milestones_game"    # the save record's name
HIGH = "milestones_high"    # the high scores' record
OLD_BOTS = 3                # the seat kind of a first-format save's bots: Strong
PACES = ("calm", "normal", "quick")   # the bots' pace (``opt["pace"]``, the game menu)
PACE = 1                    # a new game's pace: normal

START = "dicebox.games.milestones.start"    # its start(app) opens the start menu, after PLAY

# what play carries, imported one a frame by the home menu before START
# (apps/menu.Loading): a small module first (the launcher's frame also
# collects the heap); the pages (setup, ending) too, which the start menu
# reads at once (they are dropped again while a table is on top, ON_DEMAND)
PLAY = (
    "dicebox.games.milestones.dice",
    "dicebox.core.table",
    "dicebox.games.milestones.tasks",
    "dicebox.games.milestones.deck",
    "dicebox.games.milestones.keeps",   # the board of keep requests (the table's and the bots')
    "dicebox.games.milestones.rules",
    "dicebox.games.milestones.view",    # the table's picture (the table imports it)
    "dicebox.games.milestones.table",
    "dicebox.games.milestones.pages",
)

# what play carries that the start menu does not: imported by the table once
# it is on top, one a frame, after the start pages are let go (core/table.py,
# Table.load_next), so that they and the bot are never in the heap together
AT_TABLE = (
    "dicebox.games.milestones.odds",    # the bot's exact tables, in a frame of their own
    "dicebox.games.milestones.values",  # what a roll is worth to its targets
    "dicebox.games.milestones.search",  # the Strong and Expert reroll search
    "dicebox.games.milestones.bot",
)

# what the screen under the table reads as it comes back (the start menu's:
# it reads the save back, pages.load_game and its checks, and the high scores):
# imported one a frame as the table is left, after the bot is let go
# (core/leaving.py, Leaving)
AFTER_TABLE = ("dicebox.core.tablepages", "dicebox.games.milestones.checks",
               "dicebox.games.milestones.pages")

# opened now and then, dropped when a table is back on top (core/table.py,
# Table.enter); the start menu (start.py) is small and stays under the table
ON_DEMAND = (
    "dicebox.games.milestones.pages",   # the setup, reading a save back, records, the end
    "dicebox.games.milestones.checks",  # a save's checks as it is read back (rules.State.from_dict)
    "dicebox.games.milestones.help",
    "dicebox.games.milestones.gamemenu",  # the game menu's moves, settings and Hint
    "dicebox.games.milestones.advice",  # the Hint: the Expert's advice, its words and chances
    "dicebox.games.milestones.ending",  # the end in words: the log's last line, the ratings
    "dicebox.games.milestones.playpages",  # over the table: picking a pile, a seat's card
)

# the guided first game and what the lessons share: imported while it runs,
# dropped when the start menu is back
LESSON = ("dicebox.games.milestones.lesson", "dicebox.core.lesson")

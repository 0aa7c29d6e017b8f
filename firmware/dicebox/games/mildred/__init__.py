"""Auntie Mildred's List of Random Tasks: a 2-player dice placement game.

The game's face: its names and the manifest of its modules (read by
``apps/menu.py`` and ``core/modules.py``). It imports nothing, so every
module of the game may import from it."""
NAME = "Auntie Mildred"
GAME = "Mildred"            # the records' key and the game menu's title
SAVE = "mildred"            # the save record's name
OLD_KINDS = (0, 1, 3)       # a first-format save's seats (human, Nephew, Auntie) -> human, Beginner, Strong

START = "dicebox.games.mildred.start"       # its start(app) opens the start menu, after PLAY

# what play carries, imported one a frame by the home menu before START (apps/menu.Loading)
PLAY = (
    "dicebox.games.mildred.board",      # small: the launcher's frame also collects the heap
    "dicebox.core.table",
    "dicebox.games.mildred.rewards",
    "dicebox.games.mildred.cards",
    "dicebox.games.mildred.words",      # the words of a move (the rules' log lines, the menus)
    "dicebox.games.mildred.rules",
    "dicebox.games.mildred.table",
)

# what play carries that the start menu does not: imported by the table once
# it is on top, one a frame, after the start pages are let go (core/table.py,
# Table.load_next), so that they and the bot are never in the heap together
AT_TABLE = ("dicebox.games.mildred.bot",)

# what the screen under the table reads as it comes back (the start menu's:
# it reads the save back, pages.load and its checks, and names a damaged one, tablepages):
# imported one a frame as the table is left, after the bot is let go
# (core/leaving.py, Leaving)
AFTER_TABLE = ("dicebox.core.tablepages", "dicebox.games.mildred.checks", "dicebox.games.mildred.pages")

# opened now and then, dropped when the table is back on top (core/table.py, Table.enter);
# the start menu (start.py) is small and stays under the table
ON_DEMAND = (
    "dicebox.games.mildred.pages",      # help, details, cards, reading a save back
    "dicebox.games.mildred.checks",     # a save's checks as it is read back (rules.State.from_dict)
    "dicebox.games.mildred.moves",      # the moves menu, opened on A
    "dicebox.games.mildred.help",
)

# the guided first game and what the lessons share: imported while it runs,
# dropped when the start menu is back
LESSON = ("dicebox.games.mildred.lesson", "dicebox.core.lesson")

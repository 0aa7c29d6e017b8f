"""Dairyman's new-game page, imported when it is opened and dropped once the
table is on top (``Table.DROP``): play does not carry it."""
from dicebox.core import table
from dicebox.games.dairyman import screens


class NewGame(table.NewGame):
    """2 to 4 players, each seat a person or a bot level; Start deals the tiles
    (a refused shuffle keeps this menu)."""

    def __init__(self, app, replaces=False):
        table.NewGame.__init__(self, app, 2, 4, [0, 3], self.begin, replaces)

    def begin(self, seats):
        t = screens.open_table(self.app, screens.rules.State(len(seats)), seats, new=True)
        if t is not None:
            self.app.pop()          # this menu
            self.app.replace(t)     # the start menu

"""Milestones' table at one step of a finished game (the replay's picture,
core/replaypage.py): the table's own drawing on a state not at play.
Imported by the replay only; play never carries it."""
from dicebox.games.milestones.table import Table
from dicebox.games.milestones.view import View


class Still(Table):
    """The table at one step of a finished game, drawn as play drew it (the
    replay's picture, core/replaypage.py): ``st`` the state after the step,
    ``seats`` the game's, ``said`` the step's words on the message line; no
    cursor, no marks, no tumble, no keep requests."""

    def __init__(self, st, seats, said):
        self.st = self.s = st
        self.seats = seats
        self.humans = seats.count(0)
        self.show_card = self.humans == 1
        self.msg = said
        self.refused = None
        self.cfg = {}
        self.busy = False
        self.cur = -1
        self.sel = 0
        self.keepm = 0
        self.view = View()

    def keeps(self):
        return self         # asked to keep: nothing (``announced`` below)

    def announced(self, st, seat):
        return 0

    def animating(self):
        return False

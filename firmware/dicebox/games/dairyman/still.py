"""Dairyman's table at one step of a finished game (the replay's picture,
core/replaypage.py): the table's own drawing on a state not at play.
Imported by the replay only; play never carries it."""
from dicebox.games.dairyman.table import MARK, Table


class Still(Table):
    """The table at one step of a finished game, drawn as play drew it (the
    replay's picture, core/replaypage.py): ``s`` the state after the step,
    ``seats`` the game's, ``said`` the step's words on the lines under the
    dice; no cursor, no marks, no prompt (every seat drawn as a bot's)."""

    def __init__(self, s, seats, said):
        self.s = s
        self.seats = seats
        self.msg = said
        self.sel = []
        self.cur = -1
        self.mode = MARK
        self.refused = None

    def is_bot(self, seat):
        return True

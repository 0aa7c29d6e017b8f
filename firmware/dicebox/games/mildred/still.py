"""Auntie Mildred's table at one step of a finished game (the replay's
picture, core/replaypage.py): the table's own drawing on a state not at
play. Imported by the replay only; play never carries it."""
from dicebox.games.mildred import rules, words
from dicebox.games.mildred.table import Table


class Still(Table):
    """The table at one step of a finished game, drawn as play drew it (the
    replay's picture, core/replaypage.py): ``st`` the state after the step,
    ``seats`` the game's, ``said`` the step's words on the bottom line; the
    shaken dice of the player to act are drawn for every seat, a bot's too."""

    def __init__(self, st, seats, said):
        self.s = st
        self.seats = seats
        self.msg = said
        self.refused = None

    def is_bot(self, seat):
        return True

    def shown_pool(self):
        st = self.s
        if st.current_player() == st.turn and st.phase == rules.ACT:
            return st.pool[st.turn] or None
        return None

    def bottom(self):
        return words.status(self.msg) if self.msg else Table.bottom(self)

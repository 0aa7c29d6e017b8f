"""Pig to 12: the worked example of the rules contract (dicebox/core/game.py).

Each turn the acting seat rolls a die into its pot: a 1 loses the pot and the
turn, any other face adds to it; the seat may bank the pot instead (it joins
the seat's score, the turn passes). The first to 12 wins. Who starts is drawn
first (a chance node of its own). The methods come in the contract's order,
the game's own helpers after them; test_game_contract.py checks this module
the same way as the three games.
"""
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.core.valid import need

GOAL = 12
# what the state waits for (named, not bare numbers in the code)
DRAW_START = 0      # chance: who starts (one number in range(n))
ROLL = 1            # chance: the acting seat's die (one number in range(6), face v + 1)
DECIDE = 2          # the acting seat: ("roll",) on, or ("bank",)


class State:
    # ---- the game contract (core/game.py), in its order ---------------------
    def __init__(self, n=2):
        self.n = n
        self.score = [0] * n
        self.seat = 0
        self.pot = 0
        self.phase = DRAW_START

    def current_player(self):
        if self.is_over():
            return TERMINAL
        if self.phase != DECIDE:
            return CHANCE
        return self.seat

    def is_over(self):
        """A seat has reached GOAL points."""
        return max(self.score) >= GOAL

    def legal_actions(self):
        if self.current_player() < 0:
            return []
        return [("roll",), ("bank",)]

    def apply(self, action):
        a = tup(action)
        if a not in self.legal_actions():
            raise IllegalMove("not a move now")
        self.do(a)

    def do(self, action):
        if action[0] == "bank":
            self.score[self.seat] += self.pot
            self.pot = 0
            self._next_seat()
        self.phase = ROLL

    def chance_request(self):
        if self.current_player() != CHANCE:
            return []
        return [self.n] if self.phase == DRAW_START else [6]

    def apply_chance(self, values):
        sizes = self.chance_request()
        if not sizes or len(values) != 1 or not 0 <= values[0] < sizes[0]:
            raise IllegalMove("no such roll")
        v = values[0]
        if self.phase == DRAW_START:
            self.seat = v
            self.phase = ROLL
        elif v == 0:                     # a 1: the pot is lost
            self.pot = 0
            self._next_seat()
        else:
            self.pot += v + 1
            self.phase = DECIDE

    def describe(self, action):
        who = "P%d" % (self.seat + 1)
        return "%s banked %d" % (who, self.pot) if action[0] == "bank" else who + " rolls on"

    def describe_chance(self, values):
        if self.phase == DRAW_START:
            return "P%d starts" % (values[0] + 1)
        return "P%d rolled %d" % (self.seat + 1, values[0] + 1)

    def winners(self):
        best = max(self.score)
        return [i for i in range(self.n) if self.score[i] == best]

    def to_dict(self):
        return {"n": self.n, "score": self.score[:], "seat": self.seat, "pot": self.pot,
                "phase": self.phase}

    @staticmethod
    def from_dict(d):
        need(isinstance(d, dict), "not a state")
        s = State(d["n"])
        s.score, s.seat, s.pot, s.phase = list(d["score"]), d["seat"], d["pot"], d["phase"]
        need(0 <= s.seat < s.n and len(s.score) == s.n, "seats out of range")
        need(s.phase in (DRAW_START, ROLL, DECIDE), "no such phase")
        return s

    def clone(self):
        return State.from_dict(self.to_dict())

    # ---- helpers outside the contract ---------------------------------------
    def _next_seat(self):
        self.seat = (self.seat + 1) % self.n

"""What Mildred's bot and the Hint's words (advice.py) share for looking
ahead: a quick copy of a state, playing out the rolls of a round, the
Hint's fixed rolls, and the effect codes of a task action."""
from dicebox.core.game import resolve_chance
from dicebox.games.mildred import cards
from dicebox.games.mildred import rules


def clone(st):
    """A copy of ``st`` for looking ahead: the fields the rules change in
    place are copied, the rest shared (a test holds it equal to clone())."""
    c = rules.State(True)
    c.sets = st.sets
    c.inds = st.inds
    c.phase = st.phase
    c.turn = st.turn
    c.pend = st.pend
    c.cookie = st.cookie[:]
    c.vic = st.vic[:]
    c.pool = [st.pool[0][:], st.pool[1][:]]
    c.used = st.used[:]
    c.mods = st.mods[:]
    c.prank = [st.prank[0][:], st.prank[1][:]]
    c.dodge = [st.dodge[0][:], st.dodge[1][:]]
    c.sc = [st.sc[0][:], st.sc[1][:]]
    c.rd = [st.rd[0][:], st.rd[1][:]]
    c.ig = [st.ig[0][:], st.ig[1][:]]
    c.flags = st.flags
    c.shen = st.shen[:]
    c.keep = st.keep
    c.rounds = st.rounds
    c.winner = st.winner
    return c


def roll_out(st, rng):
    """Finish pending rolls inside the round with rng (for sampled look-ahead)."""
    while st.pend is not None and not st.is_over():
        resolve_chance(st, rng)


_POOL_ONLY = ("reroll", "m1x1", "m1x2", "m2x1", "m2x2")


def pool_code(st, a):
    """The Cook effect code if action ``a`` only changes shaken dice, else None."""
    if a[0] == "mod":
        return "mod"
    if a[0] != "task":
        return None
    code = cards.CODES[a[1]][a[2] - 1]
    args = a[3:]
    if code == "any":
        code = cards.CODES[a[3]][a[4] - 1]
        args = a[5:]
    if code in _POOL_ONLY:
        return code, len(a) - len(args), args
    return None


def task_code(a):
    """The effect code a task action pays (through DIY 6 too)."""
    code = cards.CODES[a[1]][a[2] - 1]
    if code == "any":
        code = cards.CODES[a[3]][a[4] - 1]
    return code


class Steady:
    """The Hint's rolls: a fixed sequence (the same every time), and
    ``steady`` tells the bots to break ties by the order of the list."""
    steady = True

    def __init__(self):
        self.x = 0x2545F491

    def randbelow(self, n):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x % n

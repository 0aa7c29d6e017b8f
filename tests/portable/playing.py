"""Playing games through in tests, on the rules engines alone: the decisions
of a game whose chance steps a seeded source plays, Milestones' all-bot games
stepped as the ladder steps them, a checksum of the moves played."""
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
import milestones_games   # host_tools/


def decisions(st, r, most=None, every=False, cap=None, after_chance=None, roll=resolve_chance):
    """Plays the chance steps of ``st`` with ``r`` (``roll(st, r)``, then
    ``after_chance(st)``) and yields the number of steps so far at each
    decision, where the caller applies a move; until the game ends or
    ``most`` steps. A step is a decision, or with ``every`` a chance step
    too; ``cap``: the game must end before that many steps."""
    n = 0
    while st.current_player() != TERMINAL and (most is None or n < most):
        if st.current_player() == CHANCE:
            roll(st, r)
            if after_chance is not None:
                after_chance(st)
            if not every:
                continue
        else:
            yield n
        n += 1
        assert cap is None or n < cap, "game does not end"


def random_moves(st, r, most=None, every=False, after=None):
    """``decisions`` with a random legal move at each (``after(st)`` after every step)."""
    for _ in decisions(st, r, most, every, after_chance=after):
        acts = st.legal_actions()
        st.apply(acts[r.randbelow(len(acts))])
        if after is not None:
            after(st)
    return st


def bots_play(st, bots, r, tries, ms_per_roll=4000, step=None, frame=None):
    """A Milestones game whose seats are all bots, stepped as the ladder
    steps them (host_tools/milestones_games.py): each frame every bot may act
    (up to ``tries`` steps of its thinking, ``step(b)`` for each when given)
    and a move other than a roll is played at once; else the seat to move
    thinks to its roll, the dice land and the sand runs ``ms_per_roll``.
    Yields ``(bot, move, own)`` before each move is played (``own``: the seat
    to move's decision, not a move between); ``frame()`` runs at the start of
    each frame."""
    look, turn = milestones_games.stepped(st, r, bots, tries, step)
    return milestones_games.play(st, r, look, turn, ms_per_roll, frame)


def checksum(h, a):
    """``h`` folded with the text of ``a`` (24 bits): a record of the moves played."""
    for c in repr(a):
        h = (h * 31 + ord(c)) & 0xFFFFFF
    return h


def deal_cards(s, cards):
    """Milestones: each seat of ``s`` draws the card of ``cards`` at its place."""
    for seat in range(len(cards)):
        c = cards[seat]
        for p in range(len(s.piles)):
            if c in s.piles[p]:
                break
        s.apply(("draw", seat, p))
        s.apply_chance([s.piles[p].index(c)])
    return s


def find_card(cards, task):
    """The place in ``cards`` (a deck's list) of the card with ``task``."""
    for i in range(len(cards)):
        if cards[i][3] == task:
            return i
    raise KeyError(task)

"""Milestones games whose seats are all bots, played as the table plays them:
one loop for the benches, the studies and the tests (CPython and the
MicroPython unix port alike).

    for b, a, own in play(st, r, *stepped(st, r, bots, 500)):
        ...                    # before each move is played

``play`` drives the table; ``stepped`` gives its ``look`` and ``turn`` for
bots driven through ``Bot.step`` (the console's call), a bench passes its own
for the old calls (``act``, ``choose_roll``).
"""
from dicebox.core.game import CHANCE, resolve_chance


def play(st, r, look, turn, ms_per_roll=4000, frame=None, played=None):
    """Plays ``st`` to its end: a chance step is rolled with ``r`` at once;
    else ``look()`` may give ``(bot, move)``, a move between turns (a claim,
    draw, flip or discard) played at once, and when it gives None ``turn()``
    gives ``(bot, roll)`` of the seat to move, the dice land and the sand runs
    ``ms_per_roll``. Yields ``(bot, move, own)`` before each move is played
    (``own``: the seat to move's roll); ``played(bot, move, own)`` runs once
    it is (and the dice and the sand after a roll). ``frame()`` runs at the
    start of each frame."""
    now = 0
    while not st.over:
        if frame is not None:
            frame()
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        got = look()
        own = got is None
        b, a = turn() if own else got
        yield b, a, own
        st.apply(a)
        if own:
            resolve_chance(st, r)
            now += ms_per_roll
            st.apply(("time", now))
        if played is not None:
            played(b, a, own)


def stepped(st, r, bots, tries, step=None):
    """``look`` and ``turn`` for ``play`` as the table steps its bots: each
    frame every bot may act (up to ``tries`` calls of its thinking) and the
    first move other than a roll is played; else the seat to move is stepped
    until it gives its roll. ``step(b)`` makes each call (default
    ``b.step(st, r)``)."""
    if step is None:
        def step(b):
            return b.step(st, r)

    def look():
        for b in bots:
            a = None
            for _ in range(tries):
                a = step(b)
                if a is not None or not b.thinking():
                    break
            if a is not None and a[0] != "roll":
                return b, a
        return None

    def turn():
        b = bots[st.turn]
        a = None
        while a is None:
            a = step(b)
        return b, a

    return look, turn

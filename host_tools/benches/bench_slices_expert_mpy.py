"""Mildred's Expert timed at the positions of fixed-seed Strong self-play games
(bench_slices.py --expert runs it, on two trees' firmware by MICROPYPATH).

usage: MICROPYPATH=FIRMWARE python host_tools/upy.py host_tools/benches/bench_slices_expert_mpy.py GAMES

The positions are the same whatever the Expert plays. Prints every
decision's microseconds on one line.
"""
import sys
import time
import gc

GAMES = int(sys.argv[1])
from dicebox.core import rng as RNG  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
from dicebox.games.mildred import rules as R, bot as B  # noqa: E402
try:
    from dicebox.core.think import Budget
except ImportError:
    Budget = None


def run(st, r, lv):
    if Budget is None:
        return B.run(B.think(st, r, lv))
    return B.run(B.think(st, r, lv, Budget(B.SLICE)))


out = []
for g in range(GAMES):
    r = RNG.seeded(g + 1)
    st = R.State()
    k = 0
    while st.current_player() != TERMINAL:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        gc.collect()
        gc.disable()
        t0 = time.ticks_us()
        run(st, RNG.seeded(1000 * g + k), 3)
        out.append(time.ticks_diff(time.ticks_us(), t0))
        gc.enable()
        k += 1
        st.apply(run(st, r, 2))
print(" ".join(str(x) for x in out))

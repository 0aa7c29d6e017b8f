"""Each Mildred's List level's decision and slice times, and the Hint's, under
the MicroPython unix port (ladder_mildred.py runs it).

usage: python host_tools/upy.py host_tools/studies/ladder_mildred_mpy.py FIRMWARE SEED GAMES REPS

Every decision is timed REPS times (the fastest slices kept), with a
collection before it and none during it. Prints per level, then the Hint
(level LEVELS): ``LEVEL level decisions median p99 max slice_max units_max``.
"""
import sys
import time
import gc

sys.path.insert(0, sys.argv[1])
SEED, GAMES, REPS = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
from dicebox.games.mildred import rules as R, bot as B  # noqa: E402
from dicebox.core import rng as RNG  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
from dicebox.core.think import Budget  # noqa: E402


def timed(s, lv, seed):
    # one decision with its own seeded rng: (action, units, [us per slice]);
    # lv None: the hint
    gc.collect()
    gc.disable()
    bud = Budget(B.SLICE)
    if lv is None:
        gen = B.hint(s, RNG.seeded(seed), bud)
    else:
        gen = B.think(s, RNG.seeded(seed), lv, bud)
    ts = []
    while True:
        t0 = time.ticks_us()
        x = next(gen)
        ts.append(time.ticks_diff(time.ticks_us(), t0))
        if x is not None:
            break
    gc.enable()
    return x, bud.units, ts


for lv in list(range(B.LEVELS)) + [None]:
    r = RNG.seeded(SEED + (9 if lv is None else lv))
    dec = []
    sl = 0
    un = 0
    k = 0
    for g in range(GAMES):
        s = R.State()
        while s.current_player() != TERMINAL:
            if s.current_player() == CHANCE:
                resolve_chance(s, r)
                continue
            k += 1
            x, u, ts = timed(s, lv, k)
            for rep in range(REPS - 1):     # the same decision again: the fastest slices
                ts = [min(a, b) for a, b in zip(ts, timed(s, lv, k)[2])]
            dec.append(sum(ts))
            sl = max(sl, max(ts))
            un = max(un, u)
            s.apply(x if lv is not None else x[0])
    dec.sort()
    n = len(dec)
    print("LEVEL", B.LEVELS if lv is None else lv, n, dec[n // 2], dec[n * 99 // 100], dec[-1], sl, un)

"""The Expert's decision times under the MicroPython unix port (bench_dairyman.py runs it).

usage: python host_tools/upy.py host_tools/benches/bench_dairyman_mpy.py FIRMWARE GAMES

Plays GAMES games of 2 or 4 players (game g from seed g + 1, the bot's dice
from g + 1000) and prints N, MEAN, P99 and MAX (ms) of the decisions.
"""
import sys
import time
import gc

sys.path.insert(0, sys.argv[1])
from dicebox.games.dairyman import rules as R, plainbots as B  # noqa: E402
from dicebox.core import rng, game  # noqa: E402

ts = []
for g in range(int(sys.argv[2])):
    r = rng.seeded(g + 1)
    br = rng.seeded(g + 1000)
    s = R.State(2 + 2 * (g % 2))
    while s.current_player() != game.TERMINAL:
        if s.current_player() == game.CHANCE:
            game.resolve_chance(s, r)
        else:
            gc.collect()     # time the decision, not a collection of older garbage
            t0 = time.ticks_us()
            a = B.hard(s, br)
            ts.append(time.ticks_diff(time.ticks_us(), t0))
            s.apply(a)
ts.sort()
print("N", len(ts))
print("MEAN", sum(ts) / len(ts) / 1000.0)
print("P99", ts[len(ts) * 99 // 100] / 1000.0)
print("MAX", ts[-1] / 1000.0)

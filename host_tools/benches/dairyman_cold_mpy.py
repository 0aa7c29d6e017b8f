"""Every slice of every Dairyman decision timed once, cold (dairyman_cold.py runs it).

usage: python host_tools/upy.py host_tools/benches/dairyman_cold_mpy.py FIRMWARE LEVELS SEED GAMES

LEVELS is a comma list (0 Beginner .. 3 Expert). For each level prints
``L level``, then one line per decision: its slices' times (us), each after a
collection.
"""
import sys
import time
import gc

sys.path.insert(0, sys.argv[1])
from dicebox.games.dairyman import rules, bot  # noqa: E402
from dicebox.core import rng, game  # noqa: E402

SEED, GAMES = int(sys.argv[3]), int(sys.argv[4])
for level in [int(x) for x in sys.argv[2].split(",")]:
    print("L", level)
    for g in range(SEED, SEED + GAMES):
        r = rng.seeded(g)
        br = rng.seeded(g + 1000)
        s = rules.State(2 + g % 3)
        while s.current_player() != game.TERMINAL:
            if s.current_player() == game.CHANCE:
                game.resolve_chance(s, r)
                continue
            gen = bot.think(s, br, level)
            out = []
            while True:
                gc.collect()
                t0 = time.ticks_us()
                a = next(gen)
                out.append(time.ticks_diff(time.ticks_us(), t0))
                if a is not None:
                    break
            print(" ".join(str(x) for x in out))
            s.apply(a)

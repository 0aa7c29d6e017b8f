"""Each Dairyman level's decision and slice times under the MicroPython unix
port (ladder_dairyman.py runs it).

usage: python host_tools/upy.py host_tools/studies/ladder_dairyman_mpy.py FIRMWARE GAMES

For each level 0..3 prints ``L level``, then one line per decision: the units
its budget counted, then its slices' times (us), each after a collection.
"""
import sys
import time
import gc

sys.path.insert(0, sys.argv[1])
from dicebox.games.dairyman import rules, bot  # noqa: E402
from dicebox.core import rng, game  # noqa: E402
from dicebox.core.think import Budget  # noqa: E402

GAMES = int(sys.argv[2])
for level in range(4):
    print("L", level)
    for g in range(GAMES):
        r = rng.seeded(g + 1)
        br = rng.seeded(g + 1000)
        s = rules.State(2)
        while s.current_player() != game.TERMINAL:
            if s.current_player() == game.CHANCE:
                game.resolve_chance(s, r)
                continue
            bud = Budget(bot.SLICE)
            gen = bot.think(s, br, level, bud)
            out = []
            while True:
                gc.collect()    # time the slice's work, not a collection of older garbage
                t0 = time.ticks_us()
                a = next(gen)
                out.append(time.ticks_diff(time.ticks_us(), t0))
                if a is not None:
                    break
            print(bud.units, " ".join(str(x) for x in out))
            s.apply(a)

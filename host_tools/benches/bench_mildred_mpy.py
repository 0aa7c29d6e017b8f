"""Auntie's decision times and heap under the MicroPython unix port (bench_mildred.py runs it).

usage: python host_tools/upy.py host_tools/benches/bench_mildred_mpy.py FIRMWARE SEED GAMES

Prints ``BENCH n mean median p95 p99 max loaded peak``: the decisions' count
and times (us), the bytes the rules and bot take once imported and the most
live while playing.
"""
import sys
import time
import gc

sys.path.insert(0, sys.argv[1])
SEED, GAMES = int(sys.argv[2]), int(sys.argv[3])
gc.collect()
base = gc.mem_alloc()
from dicebox.games.mildred import rules as R, bot as B  # noqa: E402
from dicebox.core import rng as RNG  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
gc.collect()
loaded = gc.mem_alloc() - base
peak = 0
times = []
r = RNG.seeded(SEED)
for g in range(GAMES):
    s = R.State()
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
            continue
        t0 = time.ticks_us()
        a = B.choose(s, r, 2)
        times.append(time.ticks_diff(time.ticks_us(), t0))
        s.apply(a)
        if len(times) % 25 == 0:
            gc.collect()
            peak = max(peak, gc.mem_alloc() - base)
times.sort()
n = len(times)
print("BENCH", n, sum(times) // n, times[n // 2], times[n * 95 // 100], times[n * 99 // 100], times[-1],
      loaded, peak)

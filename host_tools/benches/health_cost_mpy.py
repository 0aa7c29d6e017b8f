"""The dice health test's loop timed under the MicroPython unix port (health_cost.py runs it).

usage: python host_tools/upy.py host_tools/benches/health_cost_mpy.py TREE VARIED SIZES RUNS

TREE holds the dicebox/core/health.py to time; VARIED 1: random bits (0 or 1)
in the buffer, 0: one fixed byte; SIZES a comma list of bit counts. Prints
``bits us`` per size: the fastest of RUNS runs, per call.
"""
import sys
import time
import os

sys.path.insert(0, sys.argv[1])
VARIED = sys.argv[2] == "1"
SIZES = [int(x) for x in sys.argv[3].split(",")]
RUNS = int(sys.argv[4])
from dicebox.core import health  # noqa: E402
if VARIED:
    mem = bytearray(os.urandom(4096 + 64))
    for q in range(len(mem)):
        mem[q] &= 1
else:
    mem = bytearray([1])

def bench(n, reps, runs):
    try:
        t = health.HealthTest(50, health.WINDOW)
    except AttributeError:
        t = health.HealthTest(50)
    best = 1e9
    for r in range(runs):
        t.reset()
        t.rct_c = 1 << 29      # time the loop, not a failure's message
        t.apt_c = 1 << 29
        t0 = time.ticks_us()
        for _ in range(reps):
            t.run_mem(mem, 0, n)
        dt = time.ticks_diff(time.ticks_us(), t0) / reps
        if dt < best:
            best = dt
    return best


for n in SIZES:
    print(n, bench(n, 3000 if n < 100 else 200, RUNS))

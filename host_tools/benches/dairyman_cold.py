"""Dairyman bots timed cold: every slice of every decision timed once under
the MicroPython unix port (no replays, so work done only the first time, such
as a turn's first table, counts in full), with a collection before each slice.

usage: python host_tools/benches/dairyman_cold.py [--games N] [--levels 3] [--seed S] [--runs R]

With R > 1 the same games are played in R separate processes (each one cold:
its first table, its first reset odds are worked out afresh) and each slice
is taken as its fastest of the R runs, so that a pause of the (shared)
machine does not pass for a slice's work. Prints per level: decisions, decision time median / p99 / max and slice time
p99 / max, in unix-port time and as a device estimate (x the factor in
host_tools/benches/device_factors.py). The budgets: 250 ms a decision, 25 ms a slice.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools"))
import upy  # noqa: E402

upy.on_path()
import device_factors  # noqa: E402

FACTOR = device_factors.DAIRYMAN_BOT
NAMES = ("Beginner", "Casual", "Strong", "Expert")


def pct(xs, q):
    """The q-th percentile of sorted xs."""
    return xs[min(len(xs) - 1, len(xs) * q // 100)]


def fastest_by_level(outs):
    """{level: [one row of ints a decision]} from a timing script's outputs
    (``L level``, then a line of ints a decision: dairyman_cold_mpy.py,
    studies/ladder_dairyman_mpy.py), each number the least of the runs (the
    runs play the same games, so their rows line up one for one)."""
    fast = {}
    for out in outs:
        lv = None
        k = 0
        for line in out.splitlines():
            f = line.split()
            if f[0] == "L":
                lv = int(f[1])
                fast.setdefault(lv, [])
                k = 0
                continue
            row = [int(x) for x in f]
            if k < len(fast[lv]):
                fast[lv][k] = [min(x, y) for x, y in zip(fast[lv][k], row)]
            else:
                fast[lv].append(row)
            k += 1
    return fast


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="3")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args(argv)
    levels = [int(x) for x in a.levels.split(",")]
    path = os.path.join(upy.folder("benches"), "dairyman_cold_mpy.py")
    decs = fastest_by_level(
        subprocess.run(upy.argv(path, upy.FIRMWARE, ",".join(str(x) for x in levels), a.seed, a.games),
                       capture_output=True, text=True, timeout=3600, check=True).stdout
        for run in range(a.runs))
    print("cold (a collection before each slice; each slice the fastest of %d separate runs), "
          "games of 2-4 players; device estimate x%d" % (a.runs, FACTOR))
    print("%-9s %5s  %-29s  %-19s" % ("level", "decs", "decision med/p99/max (device)",
                                      "slice p99/max (device)"))
    for lv in levels:
        d = decs[lv]
        tot = sorted(sum(x) for x in d)
        sl = sorted(y for x in d for y in x)
        print("%-9s %5d  %5.0f / %5.0f / %5.0f ms        %4.0f / %4.0f ms" % (
            NAMES[lv], len(d), pct(tot, 50) * FACTOR / 1e3, pct(tot, 99) * FACTOR / 1e3,
            tot[-1] * FACTOR / 1e3, pct(sl, 99) * FACTOR / 1e3, sl[-1] * FACTOR / 1e3))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

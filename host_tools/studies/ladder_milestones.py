"""Milestones ladder: the team score of each bot level, and its thinking time.

usage: .venv/bin/python host_tools/studies/ladder_milestones.py [--games N] [--seats 1,5]
       [--levels 0,1,2,3] [--no-mpy] [--mpy-games G] [--mpy-runs R] [--secs-per-roll S]

Milestones is cooperative and scored per table, so a level's strength is the mean
team score of tables where every seat is a bot of that level: alone (1 seat) and a
person's place taken by a bot among 4 bot teammates (5 seats). N games per level
and seat count (default 1,000; seeds 1..N, the same for every level), CPython with
the pure rules, at most 2 processes. Each game is driven through the table's own
call: ``Bot(seat, level).step(st, rng)``, every bot stepped until it has nothing
more to think about after each change (the table's pacing, 2.5 s at the least, leaves it the
frames), the seat whose turn it is stepped until it gives its reroll. Time model: a
fixed S seconds a roll (default 4: pick dice, shake, look); claims take no time.

Printed: per level and seat count the mean score with a 95% interval (mean +-
1.96 sd / sqrt(N)), the step up from the level below; then per level the
decision time under the MicroPython unix port (the device's heap cap) from G 5-seat games
with variants 2 and 3 (default 2): a decision's total (median, p99, max: the turn
seat's steps from the change to its reroll), every step call (median, p99, max:
what a frame pays for one bot), and the device estimate at the Milestones factor
(host_tools/benches/device_factors.py); each step the fastest of R runs (default 5: on
a shared host a single call is sometimes preempted for tens of microseconds).
"""
import argparse
import math
import os
import subprocess
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # host_tools/
import upy  # noqa: E402

upy.cpython_path()
ROOT = upy.ROOT

from dicebox.core import rng  # noqa: E402
from dicebox.games.milestones import bot, rules  # noqa: E402
import device_factors  # noqa: E402
import milestones_games  # noqa: E402

NAMES = ("Beginner", "Casual", "Strong", "Expert")
FACTOR = device_factors.MILESTONES_BOT


def play(n, level, seed, ms_per_roll=4000, **variant):
    """One game, every seat a bot of ``level``: (score, rolls)."""
    r = rng.seeded(seed)
    st = rules.State(n, **variant)
    bots = [bot.Bot(i, level) for i in range(n)]
    # every seat looks (and thinks) until it is quiet
    for _ in milestones_games.play(st, r, *milestones_games.stepped(st, r, bots, 500),
                                   ms_per_roll=ms_per_roll):
        pass
    bot.clear_announcements()
    return st.score(), st.rolls


def _job(args):
    n, level, seeds, ms, variant = args
    return [play(n, level, s, ms, **variant)[0] for s in seeds]


def scores(n, level, games, ms, variant=None, procs=2):
    seeds = list(range(1, games + 1))
    chunks = [(n, level, seeds[i::procs], ms, variant or {}) for i in range(procs)]
    if procs <= 1:
        return _job(chunks[0])
    with Pool(procs) as p:
        out = p.map(_job, chunks)
    return [x for part in out for x in part]


def interval(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def _stats(x):
    x = sorted(x)
    return [len(x), x[len(x) // 2], x[min(len(x) - 1, len(x) * 99 // 100)], x[-1]]


def mpy_times(level, games=2, runs=3):
    """(decisions, median, p99, max; steps, median, p99, max) in unix-port us.
    The games are the same in every run (fixed seeds), so each step is taken as
    its fastest of ``runs`` runs (a busy host preempts single calls for
    milliseconds) and a decision as the sum of its steps."""
    path = os.path.join(upy.folder("studies"), "ladder_milestones_mpy.py")
    steps = None
    tags = None
    for _ in range(runs):
        p = subprocess.run(upy.argv(path, upy.FIRMWARE, level, games), capture_output=True,
                           text=True, timeout=900)
        got = []
        tags = []
        for line in p.stdout.splitlines():
            if line.startswith("S "):
                _, d, t = line.split()
                got.append(int(d))
                tags.append(int(t))
        if not p.stdout.rstrip().endswith("END"):
            raise SystemExit("micropython run failed:\n" + p.stdout[-2000:] + p.stderr)
        steps = got if steps is None else [min(a, b) for a, b in zip(steps, got)]
    # a decision: the sum of its steps, each the fastest of the runs
    dec = {}
    for t, d in zip(tags, steps):
        if t >= 0:
            dec[t] = dec.get(t, 0) + d
    dec = list(dec.values())
    return _stats(dec) + _stats(steps)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seats", default="1,5")
    ap.add_argument("--levels", default="0,1,2,3")
    ap.add_argument("--secs-per-roll", type=float, default=4.0)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--no-mpy", action="store_true")
    ap.add_argument("--mpy-games", type=int, default=2)
    ap.add_argument("--mpy-runs", type=int, default=5)
    a = ap.parse_args(argv)
    ms = int(a.secs_per_roll * 1000)
    levels = [int(x) for x in a.levels.split(",")]
    seats = [int(x) for x in a.seats.split(",")]
    procs = max(1, min(2, a.procs))
    t0 = time.time()
    print("Milestones ladder: mean team score, every seat a bot of the level, %d games "
          "each, %.1f s a roll, 95%% interval" % (a.games, a.secs_per_roll))
    print("%-9s %5s %16s %18s" % ("level", "seats", "mean score", "step from below"))
    for n in seats:
        prev = None
        for lv in levels:
            xs = scores(n, lv, a.games, ms, procs=procs)
            m, ci = interval(xs)
            step = ""
            if prev is not None:
                d = [x - y for x, y in zip(xs, prev)]    # same seeds: paired
                dm, dci = interval(d)
                step = "%+.1f +- %.1f" % (dm, dci)
            print("%-9s %5d %9.1f +- %4.1f %18s" % (NAMES[lv], n, m, ci, step))
            sys.stdout.flush()
            prev = xs
    print("(CPython games took %.0f s)" % (time.time() - t0))
    if a.no_mpy:
        return
    print("Decision time, MicroPython unix port (heap %s), %d 5-seat games with "
          "variants 2+3, fastest of %d runs; device estimate at %dx" % (
              upy.HEAP, a.mpy_games, a.mpy_runs, FACTOR))
    print("%-9s %6s %22s %20s   %s" % ("level", "count", "decision med/p99/max", "step med/p99/max",
                                        "device ms: decision / step"))
    for lv in levels:
        x = mpy_times(lv, a.mpy_games, a.mpy_runs)
        dev = [v * FACTOR / 1000.0 for v in x]
        print("%-9s %6d %8d %6d %6d %7d %6d %6d us   %.0f/%.0f/%.0f / %.1f/%.1f/%.1f" % (
            NAMES[lv], x[0], x[1], x[2], x[3], x[5], x[6], x[7],
            dev[1], dev[2], dev[3], dev[5], dev[6], dev[7]))


if __name__ == "__main__":
    main(sys.argv[1:])

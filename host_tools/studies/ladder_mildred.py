"""Auntie Mildred bot ladder: each level against the one below, and the time it thinks.

usage: python host_tools/studies/ladder_mildred.py [--games N] [--seed S] [--mpy-games M]
                                           [--procs P] [--skip-time] [--json FILE]

Under CPython with the pure rules: plays N games (default 1,000) for each
pairing of a level with the one below (Casual v Beginner, Strong v Casual,
Expert v Strong) and the Expert against today's best bot (Auntie, the
unbounded ``choose(st, rng, 2)``), the upper level in seat 0 in even games
and in seat 1 in odd ones (who opens is the start shake's). A draw at the
round limit counts half. Prints the win % of the upper level with a 95%
Wilson interval. Uses at most 2 processes.

Then times decisions under the MicroPython unix port (.venv/bin/micropython,
heap capped like the device): M games of each level against itself, every
decision (think() run to its end) and every slice (one next()) timed; the
fastest of 3 runs per figure, with the device estimate at the Mildred
factor (host_tools/benches/device_factors.py); the Hint (the Expert and its words)
the same way along Expert self-play. Not part of ``make test``.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # host_tools/
import upy  # noqa: E402

upy.cpython_path()
ROOT = upy.ROOT

import device_factors  # noqa: E402
from dicebox.core import rng  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
from dicebox.games.mildred import bot as B  # noqa: E402
from dicebox.games.mildred import rules as R  # noqa: E402

FACTOR = device_factors.MILDRED_BOT
NAMES = ("Beginner", "Casual", "Strong", "Expert")
AUNTIE = "auntie"      # today's best bot: choose(st, rng, 2), no budget


def name(lv):
    return "Auntie (old)" if lv == AUNTIE else NAMES[lv]


def decide(st, r, lv):
    if lv == AUNTIE:
        return B.choose(st, r, 2)
    return B.run(B.think(st, r, lv))


def play(levels, seed):
    r = rng.seeded(seed)
    st = R.State()
    while st.current_player() != TERMINAL:
        cp = st.current_player()
        if cp == CHANCE:
            resolve_chance(st, r)
        else:
            st.apply(decide(st, r, levels[cp]))
    return st.winner


def _game(job):
    up, low, g, seed = job
    lv = (up, low) if g % 2 == 0 else (low, up)
    w = play(lv, seed + g)
    if w == -1:
        return 0.5
    return 1.0 if lv[w] == up else 0.0


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def match(up, low, games, seed, pool):
    jobs = [(up, low, g, seed) for g in range(games)]
    t0 = time.time()
    res = pool.map(_game, jobs, chunksize=max(1, games // 40)) if pool else [_game(j) for j in jobs]
    score = sum(res)
    lo, hi = wilson(score, games)
    return {"upper": name(up), "lower": name(low), "games": games,
            "win": score / games, "lo": lo, "hi": hi,
            "draws": sum(1 for x in res if x == 0.5), "seconds": time.time() - t0}


def mpy_timing(games, seed, runs=1, reps=3):
    path = os.path.join(upy.folder("studies"), "ladder_mildred_mpy.py")
    best = {}
    for _ in range(runs):
        p = subprocess.run(upy.argv(path, upy.FIRMWARE, seed, games, reps),
                           capture_output=True, text=True, timeout=3600)
        lines = [x for x in p.stdout.splitlines() if x.startswith("LEVEL ")]
        if p.returncode != 0 or len(lines) != B.LEVELS + 1:
            raise SystemExit("micropython run failed:\n" + p.stdout + p.stderr)
        for line in lines:
            f = [int(x) for x in line.split()[1:]]
            lv = f[0]
            cur = {"decisions": f[1], "median_us": f[2], "p99_us": f[3], "max_us": f[4],
                   "slice_max_us": f[5], "units_max": f[6]}
            if lv not in best:
                best[lv] = cur
            else:
                for k in ("median_us", "p99_us", "max_us", "slice_max_us"):
                    best[lv][k] = min(best[lv][k], cur[k])
    return best


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mpy-games", type=int, default=12)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--skip-time", action="store_true")
    ap.add_argument("--only", default="", help="comma list of pairings to play, e.g. 1,2,3,A")
    ap.add_argument("--json", default=os.path.join(ROOT, "bench", "out", "ladder_mildred.json"))
    args = ap.parse_args(argv)
    procs = max(1, min(2, args.procs))
    pool = None
    if procs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(procs)
    pairs = [(1, 0), (2, 1), (3, 2), (3, AUNTIE)]
    keys = ["1", "2", "3", "A"]
    if args.only:
        want = args.only.split(",")
        pairs = [p for p, k in zip(pairs, keys) if k in want]
    rows = []
    print("Mildred ladder: %d games per pairing, upper level in seat 0 in even games, "
          "seat 1 in odd ones" % args.games)
    print("%-22s %6s %7s %17s %6s" % ("pairing", "games", "win %", "95% interval", "draws"))
    for i, (up, low) in enumerate(pairs):
        row = match(up, low, args.games, args.seed * 1000003 + i * 100003, pool)
        rows.append(row)
        print("%-22s %6d %6.1f%% %7.1f%% - %5.1f%% %6d" % (
            "%s v %s" % (row["upper"], row["lower"]), row["games"], 100 * row["win"],
            100 * row["lo"], 100 * row["hi"], row["draws"]))
        sys.stdout.flush()
    if pool:
        pool.close()
    out = {"games": args.games, "seed": args.seed, "pairings": rows, "factor": FACTOR,
           "slice_units": B.SLICE, "budget_units": B.BUDGET, "expert_budget_units": B.EXPERT_BUDGET}
    if not args.skip_time:
        t = mpy_timing(args.mpy_games, args.seed)
        print("decision time, MicroPython unix port (%d self-play games per level, fastest of 3 "
              "runs) and the device estimate x%d:" % (args.mpy_games, FACTOR))
        print("%-9s %6s %23s %23s %23s %13s %6s" % (
            "level", "decis.", "median us / device ms", "p99 us / device ms",
            "max us / device ms", "slice max ms", "units"))
        for lv in range(B.LEVELS + 1):
            x = t[lv]
            print("%-9s %6d %11d / %9.0f %11d / %9.0f %11d / %9.0f %13.1f %6d" % (
                (NAMES + ("Hint",))[lv], x["decisions"], x["median_us"], x["median_us"] * FACTOR / 1000.0,
                x["p99_us"], x["p99_us"] * FACTOR / 1000.0, x["max_us"],
                x["max_us"] * FACTOR / 1000.0, x["slice_max_us"] * FACTOR / 1000.0,
                x["units_max"]))
        print("(slice max: the longest single next() in device ms; units: the most work "
              "units in one decision, budget %d (the Expert's and the Hint's %d), %d a slice)"
              % (B.BUDGET, B.EXPERT_BUDGET, B.SLICE))
        out["timing"] = {(NAMES + ("Hint",))[lv]: t[lv] for lv in range(B.LEVELS + 1)}
    if args.json:
        os.makedirs(os.path.dirname(args.json), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return out


if __name__ == "__main__":
    main()

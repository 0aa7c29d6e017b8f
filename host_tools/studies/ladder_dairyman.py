"""Dairyman bot ladder: each level against the one below, and the Expert
against the strong bot of commit 05d393f (before the levels), whose bot.py is
read from git.

usage: python host_tools/studies/ladder_dairyman.py [--games N] [--samples M] [--seed S]
                                            [--no-timing] [--expert-only]

Two-player games under CPython (the pure rules), the upper level first in
even games and second in odd ones; a shared win counts half. Prints, per
pairing, the games, the upper level's win rate and its 95% Wilson interval.
Then times every decision of each level in M games under the MicroPython
unix port (.venv/bin/micropython, each slice the fastest of five replays) and prints the
median, p99 and max per decision and the longest slice, with the RP2040
estimate (host_tools/benches/device_factors.py). Uses at most 2 processes.
--expert-only plays only the Expert against the old hard bot (a quick check
on other seeds with --seed), without the timing.
"""
import argparse
import math
import os
import subprocess
import sys
import time
import types
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # host_tools/
import upy  # noqa: E402

upy.cpython_path()
ROOT = upy.ROOT

from dicebox.core import rng, game  # noqa: E402
from dicebox.games.dairyman import rules, plainbots  # noqa: E402
import dairyman_cold  # noqa: E402  (its timing runs' parser)
import device_factors  # noqa: E402

FACTOR = device_factors.DAIRYMAN_BOT
NAMES = ("Beginner", "Casual", "Strong", "Expert")
OLD_COMMIT = "05d393f"     # the last bot.py with only easy and hard
_OLD = []


def old_hard():
    """The hard bot as it was at OLD_COMMIT (loaded once per process)."""
    if not _OLD:
        src = subprocess.run(
            ["git", "-C", ROOT, "show", OLD_COMMIT + ":firmware/dicebox/games/dairyman/bot.py"],
            capture_output=True, text=True, check=True).stdout
        m = types.ModuleType("old_dairyman_bot")
        exec(compile(src, "old_bot.py", "exec"), m.__dict__)
        _OLD.append(m.hard)
    return _OLD[0]


def player(name):
    if name == "old-hard":
        return old_hard()
    return plainbots.level_bot(NAMES.index(name))


def play(bots, seed):
    r = rng.seeded(seed)
    br = rng.seeded(seed * 7919 + 13)
    s = rules.State(2)
    while s.current_player() != game.TERMINAL:
        if s.current_player() == game.CHANCE:
            game.resolve_chance(s, r)
        else:
            s.apply(bots[s.seat](s, br))
    return s


def _games(job):
    up, down, seeds = job
    a = player(up)
    b = player(down)
    won = 0.0
    for g in seeds:
        first = g % 2 == 0
        s = play([a, b] if first else [b, a], g)
        win = s.winners()
        seat = 0 if first else 1
        if seat in win:
            won += 1.0 / len(win)
    return won


def wilson(p, n, z=1.96):
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def ladder(games, seed, pool, expert_only=False):
    pairs = [("Casual", "Beginner"), ("Strong", "Casual"), ("Expert", "Strong"),
             ("Expert", "old-hard")]
    if expert_only:
        pairs = pairs[-1:]
    jobs = []
    for up, down in pairs:
        seeds = list(range(seed, seed + games))
        for h in range(2):
            jobs.append((up, down, seeds[h * games // 2:(h + 1) * games // 2]))
    res = pool.map(_games, jobs)
    rows = []
    for k, (up, down) in enumerate(pairs):
        won = res[2 * k] + res[2 * k + 1]
        p = won / games
        lo, hi = wilson(p, games)
        rows.append((up, down, games, p, lo, hi))
    return rows


def timing(games, runs=5):
    """Per level: decisions, median, p99, max decision time, max slice (us),
    most units in a decision. The runs replay the same games, so each slice is
    taken as its fastest of the runs (a busy machine's pauses drop out)."""
    path = os.path.join(upy.folder("studies"), "ladder_dairyman_mpy.py")
    # the units (each row's first number) are the same in every run
    fast = dairyman_cold.fastest_by_level(
        subprocess.run(upy.argv(path, upy.FIRMWARE, games), capture_output=True,
                       text=True, timeout=3600).stdout
        for _ in range(runs))
    res = {}
    for lv, decs in fast.items():
        tot = sorted(sum(d[1:]) for d in decs)
        res[lv] = (len(decs), dairyman_cold.pct(tot, 50), dairyman_cold.pct(tot, 99), tot[-1],
                   max(max(d[1:]) for d in decs), max(d[0] for d in decs))
    return res


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--samples", type=int, default=6, help="games timed per level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--expert-only", action="store_true",
                    help="only the Expert against the old hard bot, no timing")
    a = ap.parse_args(argv)
    t0 = time.time()
    with Pool(2) as pool:
        rows = ladder(a.games, a.seed, pool, a.expert_only)
    print("Dairyman ladder: 2 players, both seat orders, %d games a pairing (%.0f s)"
          % (a.games, time.time() - t0))
    print("%-22s %6s %8s  %s" % ("pairing", "games", "upper", "95% interval"))
    for up, down, n, p, lo, hi in rows:
        name = "%s v %s" % (up, "hard (" + OLD_COMMIT + ")" if down == "old-hard" else down)
        print("%-22s %6d %7.1f%%  %.1f-%.1f%%" % (name, n, 100 * p, 100 * lo, 100 * hi))
    if a.no_timing or a.expert_only:
        return 0
    tm = timing(a.samples)
    print("decision time, MicroPython unix port (each slice the fastest of 5 replays), device estimate x%d:"
          % FACTOR)
    print("%-9s %5s %9s %9s %9s %10s %7s  %s" % ("level", "decs", "median", "p99", "max",
                                                 "max slice", "units", "device med/p99/max/slice"))
    for lv in range(4):
        n, med, p99, mx, sl, un = tm[lv]
        print("%-9s %5d %7.3fms %7.3fms %7.3fms %8.3fms %7d  %.0f/%.0f/%.0f/%.0f ms" % (
            NAMES[lv], n, med / 1e3, p99 / 1e3, mx / 1e3, sl / 1e3, un,
            med * FACTOR / 1e3, p99 * FACTOR / 1e3, mx * FACTOR / 1e3, sl * FACTOR / 1e3))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

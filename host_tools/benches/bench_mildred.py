"""Auntie Mildred bot benchmark (CPython), plus decision time on the MicroPython unix port.

usage: python host_tools/benches/bench_mildred.py [--games N] [--mpy-games M] [--seed S]
       python host_tools/benches/bench_mildred.py --slices   (the work unit and the slices: bench_slices.py)

Plays N games for each pairing (Auntie = level 2 v Nephew = level 1, Auntie v a
random legal player, Nephew v random, Auntie v Auntie), alternating the seats,
and reports win rates (a draw at the round limit counts half; for Auntie v
Auntie the rate is seat 0's), draws, the
average number of player rounds and decisions per game. Then times every
decision of the level 2 bot in M self-play games under .venv/bin/micropython
(heap capped like the device) and estimates the RP2040 time with the
measured factor for this bot (host_tools/benches/device_factors.py); also
the heap taken by rules+bot and the peak live heap during those games. Prints a
table and writes bench/out/mildred.json.

These are the old levels of ``choose`` (0 random, 1 Nephew, 2 Auntie). The
console's four levels, thought in slices, are measured by
host_tools/studies/ladder_mildred.py (each level against the one below, the Expert
against Auntie, and every level's decision and slice times).
"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # host_tools/
import upy  # noqa: E402

upy.cpython_path()
ROOT = upy.ROOT

from dicebox.core import rng  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
from dicebox.games.mildred import bot as B  # noqa: E402
from dicebox.games.mildred import rules as R  # noqa: E402
import bench_slices  # noqa: E402
import device_factors  # noqa: E402

# the measured device/unix-port ratio for this bot (host_tools/benches/device_factors.py)
DEVICE_FACTOR = device_factors.MILDRED_BOT
NAMES = {0: "random", 1: "nephew", 2: "auntie"}


def play(levels, seed):
    r = rng.seeded(seed)
    st = R.State()
    dec = 0
    while st.current_player() != TERMINAL:
        cp = st.current_player()
        if cp == CHANCE:
            resolve_chance(st, r)
        else:
            st.apply(B.choose(st, r, levels[cp]))
            dec += 1
    return st.winner, st.rounds, dec


def match(a, b, games, seed):
    score = 0.0
    draws = rounds = dec = 0
    t0 = time.time()
    for g in range(games):
        lv = (a, b) if g % 2 == 0 else (b, a)
        w, rn, d = play(lv, seed + g)
        if w == -1:
            draws += 1
            score += 0.5
        elif a == b:
            score += 1 if w == 0 else 0
        elif lv[w] == a:
            score += 1
        rounds += rn
        dec += d
    return {"a": NAMES[a], "b": NAMES[b], "games": games, "a_win_rate": score / games,
            "draws": draws, "avg_rounds": rounds / games, "avg_decisions": dec / games,
            "cpython_s": time.time() - t0}


def mpy_timing(games, seed, runs=3):
    best = None
    path = os.path.join(upy.folder("benches"), "bench_mildred_mpy.py")
    for _ in range(runs):
        p = subprocess.run(upy.argv(path, upy.FIRMWARE, seed, games),
                           capture_output=True, text=True, timeout=1800)
        line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
        if p.returncode != 0 or not line:
            raise SystemExit("micropython run failed:\n" + p.stdout + p.stderr)
        n, mean, med, p95, p99, mx, loaded, peak = [int(x) for x in line[-1].split()[1:]]
        res = {"decisions": n, "mean_us": mean, "median_us": med, "p95_us": p95,
               "p99_us": p99, "max_us": mx, "heap_rules_bot_bytes": loaded,
               "heap_peak_bytes": peak}
        if best is None or res["mean_us"] < best["mean_us"]:
            best = res
    for k in ("mean", "median", "p95", "p99", "max"):
        best["device_%s_ms" % k] = best["%s_us" % k] * DEVICE_FACTOR / 1000.0
    return best


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mpy-games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    bench_slices.add_option(ap)
    args = ap.parse_args(argv)
    a = args
    if a.slices:
        return bench_slices.bench_game("mildred")
    rows = []
    for a, b in ((2, 1), (2, 0), (1, 0), (2, 2)):
        rows.append(match(a, b, args.games, args.seed * 100000))
    print("%-8s %-8s %6s %8s %6s %10s %10s" % ("bot", "versus", "games", "win rate", "draws",
                                              "rounds/g", "decis./g"))
    for r in rows:
        label = "%.1f%%" % (100 * r["a_win_rate"])
        print("%-8s %-8s %6d %8s %6d %10.1f %10.1f" % (r["a"], r["b"], r["games"], label,
                                                     r["draws"], r["avg_rounds"], r["avg_decisions"]))
    print("(auntie v auntie: win rate of seat 0; who starts is decided by the start shake)")
    t = mpy_timing(args.mpy_games, args.seed)
    print("auntie decision time, MicroPython unix port (fastest of 3 runs, %d decisions):" % t["decisions"])
    print("  mean %.2f ms  median %.2f ms  p95 %.2f ms  p99 %.2f ms  max %.2f ms" % (
        t["mean_us"] / 1000.0, t["median_us"] / 1000.0, t["p95_us"] / 1000.0,
        t["p99_us"] / 1000.0, t["max_us"] / 1000.0))
    print("  RP2040 estimate x%d: mean %.0f ms  p95 %.0f ms  p99 %.0f ms  max %.0f ms" % (
        DEVICE_FACTOR, t["device_mean_ms"], t["device_p95_ms"], t["device_p99_ms"],
        t["device_max_ms"]))
    print("heap on the unix port (64-bit words; the device is roughly half): rules+bot "
          "loaded %.1f KB, peak live during play %.1f KB" % (
              t["heap_rules_bot_bytes"] / 1024.0, t["heap_peak_bytes"] / 1024.0))
    out = {"matches": rows, "mpy_decision": t, "device_factor": DEVICE_FACTOR,
           "games": args.games, "seed": args.seed}
    os.makedirs(os.path.join(ROOT, "bench", "out"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "out", "mildred.json"), "w") as f:
        json.dump(out, f, indent=1)
    return out


if __name__ == "__main__":
    main()

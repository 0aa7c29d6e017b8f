"""Dairyman bot benchmark (CPython), plus decision time on the MicroPython unix port.

usage: python host_tools/benches/bench_dairyman.py [--games N] [--mpy-games M] [--seed S]
       python host_tools/benches/bench_dairyman.py --slices   (the work unit and the slices: bench_slices.py)
       python host_tools/benches/bench_dairyman.py --tables     (print bot.py's tables)

Plays N two-player games for each pairing (hard v easy, hard v random, hard v
hard, expert v hard), alternating who sits first, and reports win rates (a
shared win counts as a fraction), the first seat's win rate in hard v hard,
average turns per game. Then times every decision of the hard bot in M games
(2 and 4 players) under .venv/bin/micropython and estimates the RP2040 time with
the measured factor (host_tools/benches/device_factors.py). Prints a table and writes bench/out/dairyman.json.
"""
import argparse
import json
import os
import subprocess
import sys
import time
from math import factorial

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # host_tools/
import upy  # noqa: E402

upy.cpython_path()
ROOT = upy.ROOT

from dicebox.core import rng, game  # noqa: E402
from dicebox.games.dairyman import rules as R, bot as B, plainbots  # noqa: E402
from dicebox.core.think import Budget  # noqa: E402
import bench_slices  # noqa: E402
import device_factors  # noqa: E402

# the measured device/unix-port ratio for this bot (host_tools/benches/device_factors.py)
DEVICE_FACTOR = device_factors.DAIRYMAN_BOT


# ---- exact tables for bot.py ------------------------------------------------
def _multisets(k, lo=1):
    if k == 0:
        yield ()
        return
    for v in range(lo, 7):
        for rest in _multisets(k - 1, v):
            yield (v,) + rest


def _weight(ms):
    w = factorial(len(ms))
    for v in range(1, 7):
        w //= factorial(ms.count(v))
    return w


def _best_packing(cnt, t=0):
    """(sets, pairs): most disjoint 10-sets, then most of them pairs."""
    if t == len(B.SETS):
        return (0, 0)
    best = _best_packing(cnt, t + 1)
    st = B.SETS[t]
    c = list(cnt)
    m = 0
    while True:
        for v in st:
            c[v] -= 1
        if min(c) < 0:
            break
        m += 1
        sub = _best_packing(c, t + 1)
        cand = (sub[0] + m, sub[1] + (m if len(st) == 2 else 0))
        if cand > best:
            best = cand
    return best


def dist(k):
    out = {}
    for ms in _multisets(k):
        cnt = [0] * 7
        for v in ms:
            cnt[v] += 1
        s, p2 = _best_packing(cnt)
        if s:
            out[(p2, s - p2)] = out.get((p2, s - p2), 0) + _weight(ms)
    return sorted((w / 6 ** k, a, b) for (a, b), w in out.items())


def succ1(v, k):
    ok = 0
    for ms in _multisets(k):
        cnt = [0] * 7
        for x in ms + (v,):
            cnt[x] += 1
        if _best_packing(cnt)[0]:
            ok += _weight(ms)
    return ok / 6 ** k


def fresh(values, k=8, fail=5.0):
    """Expected points of a fresh turn of k dice at a display of these tile
    values, for the level 0-2 search (a failure -5): the entries of stops.FRESH, by sorted values."""
    stopv = []
    for i in range(14):
        best = 0
        for m in range(1, 1 << len(values)):
            tot = sum(values[j] for j in range(len(values)) if m >> j & 1)
            if best < tot <= 10 * i:
                best = tot
        stopv.append(float(best) if best else -fail)
    gen = B._values(Budget(B.SLICE), stopv, -fail)
    try:
        while True:
            next(gen)
    except StopIteration as e:
        V = e.value
    return B._push(V, 0, k, -fail)


def fresh_table():
    """stops.FRESH by sorted value indices a <= b <= c (84 entries): tenths of a point."""
    out = []
    for a in range(7):
        for b in range(a, 7):
            for c in range(b, 7):
                out.append(int(round(10 * fresh([10 + 5 * a, 10 + 5 * b, 10 + 5 * c]))))
    return out


def print_tables():
    print("DIST = (")
    for k in range(13):
        d = dist(k)
        if d:
            body = ", ".join("%d, %d, %d" % (round(p * 100000), a, b) for p, a, b in d)
            print("    %s,  # %d" % (body, k))
    print(")")
    print("NOUT = %r" % (tuple(len(dist(k)) for k in range(13)),))
    f84 = fresh_table()
    fresh = [0] * 343
    n = 0
    for a in range(7):
        for b in range(a, 7):
            for c in range(b, 7):
                for p in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    fresh[p[0] * 49 + p[1] * 7 + p[2]] = f84[n]
                n += 1
    vals = sorted(set(f84), reverse=True)
    print("FRESH_V = %r" % (tuple(vals),))
    code = "".join(chr(65 + vals.index(v)) for v in fresh)
    print("FRESH = (\n%s)" % "".join('    b"%s"\n' % code[i:i + 49] for i in range(0, 343, 49)))
    print("SUCC1 = (")
    for v in range(1, 7):
        print("    %s," % ", ".join("%d" % round(succ1(v, k) * 100000) for k in range(12)))
    print(")")


# ---- games --------------------------------------------------------------------
def play(bots, seed):
    r = rng.seeded(seed)
    br = rng.seeded(seed * 7919 + 13)
    s = R.State(len(bots))
    while s.current_player() != game.TERMINAL:
        if s.current_player() == game.CHANCE:
            game.resolve_chance(s, r)
        else:
            s.apply(bots[s.seat](s, br))
        if s.turns > 100000:
            raise RuntimeError("game did not end")
    return s


def match(a, b, games, seed):
    """a v b, a first in even games. Returns a's win rate, first seat's, turns."""
    wa = wfirst = 0.0
    turns = 0
    scores = [0, 0]
    for g in range(games):
        first_a = g % 2 == 0
        bots = [plainbots.BOTS[a], plainbots.BOTS[b]] if first_a else [plainbots.BOTS[b], plainbots.BOTS[a]]
        s = play(bots, seed + g)
        win = s.winners()
        share = 1.0 / len(win)
        seat_a = 0 if first_a else 1
        if seat_a in win:
            wa += share
        if 0 in win:
            wfirst += share
        sc = s.scores()
        scores[0] += sc[seat_a]
        scores[1] += sc[1 - seat_a]
        turns += s.turns
    return {"a": a, "b": b, "games": games, "a_win_rate": wa / games,
            "first_seat_win_rate": wfirst / games, "avg_turns": turns / games,
            "avg_score_a": scores[0] / games, "avg_score_b": scores[1] / games}


def mpy_timing(games):
    path = os.path.join(upy.folder("benches"), "bench_dairyman_mpy.py")
    best = None
    runs = []
    for _ in range(3):   # noisy machines: keep the fastest run
        out = subprocess.run(upy.argv(path, upy.FIRMWARE, games), capture_output=True,
                             text=True, timeout=1800).stdout
        vals = {}
        for line in out.splitlines():
            k, v = line.split()
            vals[k] = float(v)
        runs.append(vals)
        if best is None or vals["MEAN"] < best["MEAN"]:
            best = vals
    return {"decisions": int(best["N"]), "mean_ms": best["MEAN"], "p99_ms": best["P99"],
            "max_ms": best["MAX"], "device_mean_ms": best["MEAN"] * DEVICE_FACTOR,
            "device_p99_ms": best["P99"] * DEVICE_FACTOR,
            "device_max_ms": best["MAX"] * DEVICE_FACTOR, "factor": DEVICE_FACTOR,
            "runs": runs}


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mpy-games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", action="store_true")
    bench_slices.add_option(ap)
    a = ap.parse_args(argv)
    if a.slices:
        return bench_slices.bench_game("dairyman")
    if a.tables:
        print_tables()
        return 0
    os.makedirs(os.path.join(ROOT, "bench", "out"), exist_ok=True)
    t0 = time.time()
    rows = [match(x, y, a.games, a.seed) for x, y in
            (("hard", "easy"), ("hard", "random"), ("hard", "hard"),
             ("expert", "hard"))] if a.games else []
    cpu = time.time() - t0
    print("%-14s %6s %8s %8s %8s %9s %9s" % ("pairing", "games", "A wins", "seat 1", "turns",
                                             "A score", "B score"))
    for r_ in rows:
        print("%-14s %6d %7.1f%% %7.1f%% %8.1f %9.1f %9.1f" % (
            r_["a"] + " v " + r_["b"], r_["games"], 100 * r_["a_win_rate"],
            100 * r_["first_seat_win_rate"], r_["avg_turns"], r_["avg_score_a"],
            r_["avg_score_b"]))
    tm = mpy_timing(a.mpy_games)
    print("hard bot decision time, MicroPython unix port (fastest of 3 runs, %d decisions):"
          % tm["decisions"])
    print("  mean %.3f ms  p99 %.3f ms  max %.3f ms" % (tm["mean_ms"], tm["p99_ms"], tm["max_ms"]))
    print("  RP2040 estimate (x%d): mean %.0f ms  p99 %.0f ms  max %.0f ms" % (
        DEVICE_FACTOR, tm["device_mean_ms"], tm["device_p99_ms"], tm["device_max_ms"]))
    print("  max per run: " + ", ".join("%.3f ms" % r_["MAX"] for r_ in tm["runs"]))
    out = {"matches": rows, "decision_time": tm, "cpython_seconds": cpu}
    path = os.path.join(ROOT, "bench", "out", "dairyman.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
    print("wrote", os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Expert decision times, run under the MicroPython unix port (see host_tools/benches/bench.py).

  .venv/bin/python host_tools/upy.py host_tools/benches/bench_decisions.py [--fw DIR] [--games N]

Plays fixed-seed two-player games of Dairyman and of Mildred's List with the
Expert (level 3) in both seats, thinking as the console does (``bot.think``,
one ``next()`` a slice), and times every slice of every decision (the collector off inside it and
run before it). Also times
the reference loop (device_factors.ref_loop) at the start and the end. One
line: ``BENCH {json}`` with, per game, the decisions' unix-port times in
order, and before it each decision's slices (lines ``S game i us ...``;
bench.py reads them as ``slice_us``). The games are fixed, so
the runs line up one for one, slice for slice, and bench.py keeps each
slice's fastest: a slice the host's scheduler cut into (several ms on a
loaded host) counts at its time in another run.
"""
import gc
import json
from array import array
import sys
import time

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, HERE)
FW = sys.argv[sys.argv.index("--fw") + 1] if "--fw" in sys.argv else HERE + "/../../firmware"
sys.path.insert(0, FW)
GAMES = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 3
EXPERT = 3

import device_factors as DF  # noqa: E402
from dicebox.core import rng  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402


_SL = array("i", bytearray(4 * 400))   # one decision's slices (longer: the rest not kept)


def decide(bot, s, r):
    """One decision as the console thinks it: (action, total us, longest
    slice us, slices kept in _SL)."""
    gc.collect()
    gc.disable()
    gen = think(bot, s, r)
    n = total = longest = 0
    while True:
        t0 = time.ticks_us()
        a = next(gen)
        dt = time.ticks_diff(time.ticks_us(), t0)
        total += dt
        if dt > longest:
            longest = dt
        if n < len(_SL):
            _SL[n] = dt
            n += 1
        if a is not None:
            break
    gc.enable()
    return a, total, longest, n


def think(bot, s, r):
    """The bot's decision generator. The tree the chip audit measured (a60eda7)
    has no ``Budget``: its ``think(state, rng, level)`` counts its own slices;
    this one's takes the budget as a fourth argument, None for the bot's own
    (the same call serves both)."""
    return bot.think(s, r, EXPERT)


def play(name, bot, new_state):
    """The fixed games; each decision's slices go out at once, one line
    ``S name i us us ...`` (kept in the heap, three games' slices would crowd
    the bots' own thinking)."""
    times = []
    slices = []
    for g in range(GAMES):
        r = rng.seeded(g + 1)
        br = rng.seeded(g + 1000)
        s = new_state()
        while s.current_player() != TERMINAL:
            if s.current_player() == CHANCE:
                resolve_chance(s, r)
                continue
            a, us, sl, n = decide(bot, s, br)
            print("S %s %d %s" % (name, len(times), " ".join([str(_SL[i]) for i in range(n)])))
            times.append(us)
            slices.append(sl)
            s.apply(a)
    return {"decisions": times, "slices": slices}


def main():
    ref = DF.ref_us()
    out = {}
    from dicebox.games.dairyman import rules as DR, bot as DB
    out["dairyman"] = play("dairyman", DB, lambda: DR.State(2))
    from dicebox.games.mildred import rules as MR, bot as MB
    out["mildred"] = play("mildred", MB, MR.State)
    out["ref_us"] = min(ref, DF.ref_us())
    print("BENCH " + json.dumps(out))


main()

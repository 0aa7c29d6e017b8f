"""How long a bot's work unit takes, and what its slices and decisions cost on the chip.

usage: python host_tools/benches/bench_slices.py [dairyman|mildred|milestones ...] [--games N] [--runs R]
       python host_tools/benches/bench_slices.py --expert   (Mildred's Expert: today v 120 units)
       (host_tools/benches/bench_dairyman.py, bench_mildred.py and bench_milestones.py
       print the same with --slices)

Under the MicroPython unix port (.venv/bin/micropython, heap capped like the
device) this file plays fixed-seed games of every level of a game against
itself, as the console thinks: one ``next()`` (Milestones: one ``step()``) a
slice, the collector run before each slice and off inside it (the console
collects in frames of their own), and prints every slice's units (read from
the decision's core.think.Budget) and microseconds. Under CPython it runs
that R times (the games are fixed, so the slices line up one for one), keeps
each slice's fastest time, and prints per game: the unix-port microseconds
per unit (over all slices, and the worst of the slices holding at least half
a SLICE), the longest slice and decision, and the chip estimates at the
calibrated bot factor (CHIP_FACTOR: the chip ran identical fixed-seed
decisions that many times slower than this unix port).

HOST_US_PER_UNIT holds the figures measured once with this command (the worst
per-unit time of the near-full slices); each bot's SLICE is sized from them so
that a slice stays within SLICE_MS of chip time, and tests/host/
test_slice_budgets.py holds SLICE x HOST_US_PER_UNIT x CHIP_FACTOR to that.
"""
import sys

GAMES = ("dairyman", "mildred", "milestones")
# chip time / unix-port time on identical fixed-seed bot decisions (issue 20:
# an emulated RP2040 at 125 MHz; Milestones was not measured: Dairyman's)
CHIP_FACTOR = {"dairyman": 367, "mildred": 279, "milestones": 367}
SLICE_MS = 20          # a slice's chip time at most: room for drawing in a 50 ms frame
DECISION_MS = 250      # an Expert decision's chip time at most (Dairyman, Mildred)
# The host is shared and its speed moves with its load: every run times the
# reference loop of device_factors (ref_loop, no allocation) at its start and
# end, and its slices' times are divided by its load, the faster of those
# two loops over REF_QUIET_US (the fastest reference loop recorded on this
# host, bench/out/frames.json: a quiet host). A loaded host slows the bots'
# allocation-heavy work more than this loop, so the figures stay on the high
# side.
REF_QUIET_US = 5588
# Unix-port microseconds of one work unit in a full slice: of the slices
# holding at least half a SLICE, the per-unit time that 9 in 10 stay within
# (each slice the fastest of 3 runs, divided by the run's load; 2 games a
# level). Measured once with this command on the shared host, with the
# slices as they are now (Dairyman's pieces charged what they were timed to
# cost): p50 / p90 / p99 were Dairyman 0.77 / 1.05 / 1.22, Mildred 11.7 /
# 18.0 / 40.3 (its costlier looks are single states: a slice cannot hold
# less), Milestones 1.33 / 2.02 / 2.93.
HOST_US_PER_UNIT = {"dairyman": 1.05, "mildred": 18.0, "milestones": 2.02}
# Mildred's Expert decision on the chip: the audit's longest (316 ms, on a
# budget of 120 units) times the measured ratio of today's Expert (a budget
# of EXPERT_BUDGET units, a lookup table for a set's top level) to that one on
# identical positions (python host_tools/benches/bench_slices.py --expert: 788
# positions of 4 fixed-seed Strong games, each decision the fastest of 4 runs
# alternating the two versions): p99 0.69, on the old's 20 longest 0.64.
MILDRED_EXPERT = {"budget": 92, "audit_ms": 316, "ratio": 0.69}


def _mpy_main(game, games):
    """Under MicroPython: print ``S level decision units us`` for every slice."""
    import gc
    import time
    from dicebox.core import rng
    from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
    from dicebox.core.think import Budget
    import device_factors

    def timed(gen, bud, level, dec):
        while True:
            gc.collect()
            gc.disable()
            u0 = bud.units
            t0 = time.ticks_us()
            x = next(gen)
            dt = time.ticks_diff(time.ticks_us(), t0)
            gc.enable()
            print("S", level, dec, bud.units - u0, dt)
            if x is not None:
                return x

    print("REF", device_factors.ref_us(5))   # the host's speed now
    dec = 0
    if game == "dairyman":
        from dicebox.games.dairyman import rules, bot
        for level in range(4):
            for g in range(games):
                r = rng.seeded(g + 1)
                br = rng.seeded((g + 1) * 7919 + 13)
                s = rules.State(2)
                while s.current_player() != TERMINAL:
                    if s.current_player() == CHANCE:
                        resolve_chance(s, r)
                        continue
                    bud = Budget(bot.SLICE)
                    s.apply(timed(bot.think(s, br, level, bud), bud, level, dec))
                    dec += 1
    elif game == "mildred":
        from dicebox.games.mildred import rules, bot
        from dicebox.games.mildred import advice   # noqa: F401  the Hint's words' module,
        # imported before the timing: here it is compiled from source, on the
        # chip it is loaded from its .mpy
        for level in range(5):            # 4: the Hint, along Expert games
            for g in range(games):
                r = rng.seeded(g + 1)
                st = rules.State()
                while st.current_player() != TERMINAL:
                    if st.current_player() == CHANCE:
                        resolve_chance(st, r)
                        continue
                    bud = Budget(bot.SLICE)
                    if level == 4:
                        timed(bot.hint(st, rng.seeded(dec), bud), bud, level, dec)
                        dec += 1
                        bud = Budget(bot.SLICE)
                        gen = bot.think(st, r, 3, bud)
                        a = None
                        for a in gen:
                            pass
                    else:
                        a = timed(bot.think(st, r, level, bud), bud, level, dec)
                    dec += 1
                    st.apply(a)
    else:
        from dicebox.games.milestones import rules, bot
        import milestones_games

        def step(b):
            return _step(b, st, r, level, dec, gc, time)

        for level in range(4):
            for g in range(games):
                r = rng.seeded(g + 1)
                n = 2 + g % 2
                st = rules.State(n)
                bots = [bot.Bot(i, level) for i in range(n)]
                for _ in milestones_games.play(st, r, *milestones_games.stepped(st, r, bots, 500, step)):
                    dec += 1
                bot.clear_announcements()
    print("REF", device_factors.ref_us(5))   # the host's speed now


def _step(b, st, r, level, dec, gc, time):
    gc.collect()
    gc.disable()
    bud = b.budget
    u0 = bud.units
    t0 = time.ticks_us()
    a = b.step(st, r)
    dt = time.ticks_diff(time.ticks_us(), t0)
    gc.enable()
    u = b.budget.units - u0 if b.budget is bud else b.budget.units
    if u or dt > 200:
        print("S", level, dec, u, dt)
    return a


def measure(game, games=2, runs=3):
    """Every slice of the fixed games: [(level, decision, units, fastest us)]."""
    import os
    import subprocess
    upy = _upy()
    env = dict(os.environ, MICROPYPATH=":".join((upy.FIRMWARE, upy.folder("benches"), upy.TOOLS)))
    best = None
    loads = []
    for _ in range(runs):
        out = subprocess.run(upy.argv(os.path.abspath(__file__), "--mpy", game, games),
                             capture_output=True, text=True, env=env, check=True).stdout
        ref = min(int(line.split()[1]) for line in out.splitlines() if line.startswith("REF "))
        load = ref / float(REF_QUIET_US)
        loads.append(load)
        # each slice's time as on a quiet host: divided by this run's load
        rows = [tuple(int(x) for x in line.split()[1:]) for line in out.splitlines()
                if line.startswith("S ")]
        rows = [r[:3] + (int(r[3] / load),) for r in rows]
        if best is None:
            best = rows
        else:
            assert [r[:3] for r in rows] == [r[:3] for r in best], "the runs did not line up"
            best = [b if b[3] <= r[3] else r for b, r in zip(best, rows)]
    LOADS[game] = loads
    return best


LOADS = {}


def slice_of(game):
    sys.path.insert(0, _firmware())
    if game == "dairyman":
        from dicebox.games.dairyman import bot
    elif game == "mildred":
        from dicebox.games.mildred import bot
    else:
        from dicebox.games.milestones import bot
    return bot.SLICE


def _upy():
    """host_tools/upy.py (CPython only: this file also runs under the unix port)."""
    import os
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import upy
    return upy


def _firmware():
    import os
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware")


def report(game, rows, out=print):
    """The figures of one game's slices; returns them as a dict."""
    f = CHIP_FACTOR[game]
    sl = slice_of(game)
    units = sum(r[2] for r in rows)
    us = sum(r[3] for r in rows)
    full = [r for r in rows if r[2] * 2 >= sl]
    per = sorted(r[3] / r[2] for r in full)
    q = lambda x: per[min(len(per) - 1, int(len(per) * x))]   # noqa: E731
    times = sorted(r[3] for r in rows)
    longest = max(rows, key=lambda r: r[3])
    decs = {}
    for lv, d, u, t in rows:
        x = decs.setdefault((lv, d), [0, 0])
        x[0] += u
        x[1] += t
    res = {"game": game, "factor": f, "slice_units": sl, "slices": len(rows),
           "us_per_unit": us / units, "us_per_unit_p50": q(0.5), "us_per_unit_p90": q(0.9),
           "us_per_unit_p99": q(0.99), "longest_slice_us": longest[3],
           "longest_slice_units": longest[2], "levels": {}}
    out("%s: SLICE %d units, chip factor %dx (calibrated: identical fixed-seed decisions)" % (game, sl, f))
    if game in LOADS:
        out("  host load (reference loop / %d us), by run: %s; times below divided by it" % (
            REF_QUIET_US, " ".join("%.2f" % x for x in LOADS[game])))
    out("  unix port: %.2f us a unit over all %d slices (%.0f units/ms); the %d slices of >= %d "
        "units: p50 %.2f, p90 %.2f, p99 %.2f us a unit" % (
            us / units, len(rows), 1000.0 * units / us, len(full), (sl + 1) // 2,
            q(0.5), q(0.9), q(0.99)))
    out("  a full slice on the chip: %d x %.2f us (p90) x %d = %.1f ms (target <= %d ms; "
        "recorded: %.2f us, %.1f ms)" % (sl, q(0.9), f, sl * q(0.9) * f / 1000.0, SLICE_MS,
                                         HOST_US_PER_UNIT[game], sl * HOST_US_PER_UNIT[game] * f / 1000.0))
    out("  slices: p99 %d us = %.1f ms on the chip, longest %d us (%d units) = %.1f ms" % (
        times[int(len(times) * 0.99)], times[int(len(times) * 0.99)] * f / 1000.0,
        longest[3], longest[2], longest[3] * f / 1000.0))
    out("  %-8s %9s %10s %10s %12s %12s" % ("level", "slices", "slice max", "chip ms",
                                            "decision max", "chip ms"))
    for lv in sorted(set(r[0] for r in rows)):
        mine = [r for r in rows if r[0] == lv]
        m = max(mine, key=lambda r: r[3])
        dm = max(((k, v) for k, v in decs.items() if k[0] == lv), key=lambda kv: kv[1][1])
        name = ("Beginner", "Casual", "Strong", "Expert", "Hint")[lv]
        out("  %-8s %9d %6dus/%-3d %10.1f %7dus/%-4d %12.1f" % (
            name, len(mine), m[3], m[2], m[3] * f / 1000.0, dm[1][1], dm[1][0], dm[1][1] * f / 1000.0))
        res["levels"][name] = {"slice_max_us": m[3], "slice_max_units": m[2],
                               "decision_max_us": dm[1][1], "decision_max_units": dm[1][0]}
    return res


# Mildred's Expert at the positions of fixed-seed Strong self-play games (the
# same positions whatever the Expert plays): every decision's microseconds
OLD_EXPERT = "f176f30"   # the last commit with the Expert on 120 units


def expert_ratio(against=OLD_EXPERT, games=4, runs=4, out=print):
    """Today's Mildred Expert against the one at commit ``against``, on the
    same positions, the versions' runs alternating (the host's load moves)."""
    import os
    import subprocess
    import tempfile
    upy = _upy()
    root = upy.ROOT
    with tempfile.TemporaryDirectory() as tmp:
        arc = subprocess.run(["git", "-C", root, "archive", against, "firmware"],
                             capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=arc, check=True)
        prog = os.path.join(upy.folder("benches"), "bench_slices_expert_mpy.py")
        times = {"old": [], "new": []}
        for _ in range(runs):
            for name, fw in (("old", os.path.join(tmp, "firmware")), ("new", os.path.join(root, "firmware"))):
                env = dict(os.environ, MICROPYPATH=fw)
                got = subprocess.run(upy.argv(prog, games), capture_output=True,
                                     text=True, env=env, check=True).stdout.split()
                times[name].append([int(x) for x in got])
    old = [min(x) for x in zip(*times["old"])]
    new = [min(x) for x in zip(*times["new"])]
    so = sorted(old)
    sn = sorted(new)
    p99 = len(so) * 99 // 100
    top = sorted(range(len(old)), key=lambda i: -old[i])[:20]
    r99 = float(sn[p99]) / so[p99]
    rtop = float(sum(new[i] for i in top)) / sum(old[i] for i in top)
    out("Mildred Expert, %d positions, today v %s (fastest of %d runs each):" % (len(old), against, runs))
    out("  p99 %d us v %d us: %.2f; the old's 20 longest: %.2f; longest %d v %d us" % (
        sn[p99], so[p99], r99, rtop, sn[-1], so[-1]))
    e = MILDRED_EXPERT
    out("  chip: the audit's longest %d ms x %.2f = %.0f ms (target <= %d ms)" % (
        e["audit_ms"], r99, e["audit_ms"] * r99, DECISION_MS))
    return {"p99_ratio": r99, "top_ratio": rtop}


def add_option(ap):
    """The game benches' ``--slices`` (bench_dairyman.py, bench_mildred.py,
    bench_milestones.py)."""
    ap.add_argument("--slices", action="store_true",
                    help="only the work unit's time and the slices' chip estimate (bench_slices.py)")


def bench_game(game):
    """What a game bench's ``--slices`` prints: this file's report of the game."""
    report(game, measure(game, 2, 3))
    return 0


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--games", dest="n", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--expert", action="store_true",
                    help="Mildred's Expert today against the one on 120 units (OLD_EXPERT)")
    a = ap.parse_args(argv)
    if a.expert:
        expert_ratio()
        return
    for g in a.games:
        report(g, measure(g, a.n, a.runs))


if __name__ == "__main__":
    if "--mpy" in sys.argv:
        i = sys.argv.index("--mpy")
        _mpy_main(sys.argv[i + 1], int(sys.argv[i + 2]))
    else:
        main(sys.argv[1:])

"""What interning the firmware's names costs on the chip, a piece a frame:
the console's after boot, a game's own on its Loading page (core/app.py
``App.intern_names``; docs/DEVELOPING.md "Names interned ahead").

    .venv/bin/python host_tools/benches/bench_names.py [RUNS]

Builds the tree as the board gets it (host_tools/build.py), then in fresh
MicroPython unix-port processes times the import of ``dicebox.core.app`` and
of each names piece in turn; the fastest of RUNS runs is kept for each. The
chip estimate is a ratio within the same run: core.app's import took 143 ms
on the chip (the audit of a60eda7, ../shared/DESIGN.md), so a piece costs
143 ms x piece / core.app on this host. (At DESIGN.md's flat 190x for work
that is not a bot's, on the audit's host, the figures are alike; on a slower
host the flat factor overstates them.)"""
import ast
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import build  # noqa: E402
import upy  # noqa: E402

CHIP_APP_MS = 143.0     # core.app's import on the chip
FRAME_MS = 50           # a working frame's budget on the chip

PROBE = r"""
import sys, time, gc
sys.path.insert(0, ".")
t = time.ticks_us()
import dicebox.core.app
app = time.ticks_diff(time.ticks_us(), t)
out = []
for pkg in ("dicebox", "dicebox.games.dairyman", "dicebox.games.mildred", "dicebox.games.milestones"):
    k = 0
    while True:
        gc.collect()
        t = time.ticks_us()
        try:
            __import__("%s.names_%d" % (pkg, k))
        except ImportError:
            break
        out.append(time.ticks_diff(time.ticks_us(), t))
        k += 1
print("NAMES", app, out)
"""


def measure(runs=5):
    tree = tempfile.mkdtemp(prefix="dicebox_names_")
    errors, _ = build.build(tree, quiet=True)
    if errors:
        raise SystemExit("mpy-cross: %s" % errors)
    apps, pieces = [], []
    for _ in range(runs):
        p = subprocess.run(upy.argv("-c", PROBE), cwd=tree,
                           capture_output=True, text=True, timeout=120)
        line = [x for x in p.stdout.splitlines() if x.startswith("NAMES ")]
        if not line:
            raise SystemExit(p.stdout + p.stderr)
        _, app, rest = line[0].split(" ", 2)
        apps.append(int(app))
        pieces.append(ast.literal_eval(rest))
    return estimate(apps, pieces)


def estimate(apps, pieces):
    """The fastest of the runs for core.app and for each piece, and the chip
    estimate of each piece (ms) by the ratio to core.app's import."""
    app = min(apps)
    best = [min(run[i] for run in pieces) for i in range(len(pieces[0]))]
    factor = CHIP_APP_MS * 1000.0 / app
    return {"app_us": app, "factor": factor, "host_us": best,
            "chip_ms": [us * factor / 1000.0 for us in best]}


def main(argv):
    r = measure(int(argv[1]) if len(argv) > 1 else 5)
    chip = r["chip_ms"]
    print("names pieces: %d (the console's after boot, a game's on its Loading page), one a frame" % len(chip))
    print("core.app import here %d us = 143 ms on the chip: factor %.0fx (ratio in this run)"
          % (r["app_us"], r["factor"]))
    print("piece on the chip: median %.1f ms, longest %.1f ms (target: a frame <= %d ms); "
          "all %.2f s" % (sorted(chip)[len(chip) // 2], max(chip), FRAME_MS, sum(chip) / 1000))
    return 0 if max(chip) <= FRAME_MS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

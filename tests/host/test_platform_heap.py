"""Random play through every app and game under the device's heap cap: no
exception and no error screen, however the player comes and goes.

Each seed runs the real App in the headless simulator (MicroPython unix port,
``-X heapsize`` as ``make sim``, on the mpy-cross build as ``make sim`` runs it:
compiled from source inside that heap it spent memory the console never does,
and failed or passed with the length of the checkout's path): 3,000 random taps (quick and slow, every
button, with shakes), which open and leave every entry of the home menu many
times. A launch right after leaving a big game used to fail with MemoryError
on a fragmented heap: the purge ran while the leaving screens were still on
the call stack, so they were collected only in the middle of the next import.
"""
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import build  # noqa: E402

SCRIPT = r"""
import sys
sys.path.insert(0, %(sim)r)
sys.path.insert(0, %(ht)r)
sys.path.insert(0, %(fw)r)
import random
import run, simhw
from dicebox.core.troubles import ErrorScreen
random.seed(%(seed)d)
hw, app = run.make(simhw.VirtualClock(), %(data)r, %(seed)d)
h = run.Headless(hw, app, %(data)r)
problems = []
_frame = app.frame
def frame(now):
    try:
        _frame(now)
    except Exception as e:
        problems.append("%%s: %%s" %% (type(e).__name__, e))
        app.fail(e)
app.frame = frame
names = ("up", "down", "left", "right", "a", "b")
for i in range(%(taps)d):
    if random.random() < 0.03:
        h.command("shake 300")
    else:
        b = random.choice(names) if random.random() < 0.8 else random.choice(("a", "down", "b"))
        h.tap(run.BUTTONS[b], random.choice((40, 100)), random.choice((40, 100, 300)))
    if isinstance(app.top(), ErrorScreen):
        problems.append("error screen: " + " ".join(app.top().lines))
        h.tap(run.BUTTONS["a"])
print("RESULT frames=%%d problems=%%d" %% (app.frames, len(problems)))
for p in problems[:5]:
    print("PROBLEM " + p)
"""


def play(seed, taps=3000):
    data = tempfile.mkdtemp(prefix="dicebox_heap_")
    script = SCRIPT % {"sim": upy.folder("sim"), "ht": upy.TOOLS,
                       "fw": build.test_tree(), "seed": seed, "data": data, "taps": taps}
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True,
                       timeout=600)
    return p.returncode, p.stdout, p.stderr


def test_random_play_never_crashes_or_runs_out_of_heap():
    with ThreadPoolExecutor(max_workers=3) as ex:
        results = list(ex.map(play, (1, 2, 3)))
    for rc, out, err in results:
        assert rc == 0, out[-3000:] + err[-3000:]
        lines = [x for x in out.splitlines() if x.startswith("RESULT ") or x.startswith("PROBLEM ")]
        assert lines and lines[0].endswith("problems=0"), "\n".join(lines)

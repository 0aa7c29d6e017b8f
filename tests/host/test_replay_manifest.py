"""Each game's ``logreplay.REPLAY`` and ``replaypage.STILL``: the modules a
finished game's replay imports a module a frame, leaves first
(core/logreplay.py ``reading``, core/replaypage.py ``open_still``). In a
fresh interpreter holding what the console and a replay hold (core/app.py,
core/storage.py, the replay's own modules) and none of the game's, imported in that order,
each brings in no module but itself: no frame imports more than one module,
and none is left out. Under the MicroPython unix port (heap capped as in the
tests; the compiled tree) and CPython (the sources)."""
import os
import subprocess
import sys

import pytest

import upy

import build  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_tools", "cpython_shims")

SCRIPT = """
import sys
sys.path.insert(0, %r)
sys.path.append(%r)
from dicebox.core import app, storage, gamelogs, logreplay, replaypage, sharelink
from dicebox.core.modules import load
title = %r
load("dicebox.games." + title)
order = logreplay.REPLAY[title] + replaypage.STILL[title]
assert logreplay.REPLAY[title][-1] == "dicebox.games.%%s.logcodec" %% title, order
assert order[-1] == "dicebox.games.%%s.still" %% title, order
assert len(set(order)) == len(order), order
for m in sys.modules:
    assert not (m.startswith("dicebox.games." + title + ".")), ("loaded before", m)
for path in order:
    before = set(sys.modules)
    load(path)
    extra = sorted(m for m in set(sys.modules) - before - set([path]) if m.startswith("dicebox"))
    print("MODULE", path, " ".join(extra))
print("DONE")
"""


@pytest.mark.parametrize("title", ["dairyman", "mildred", "milestones"])
@pytest.mark.parametrize("runner", ["micropython", "cpython"])
def test_each_module_of_a_replays_manifest_brings_in_only_itself(title, runner):
    # MicroPython runs the compiled tree, as the console does (compiling the
    # sources inside the device-sized heap spends memory the chip never does)
    fw = build.test_tree() if runner == "micropython" else FIRMWARE
    script = SCRIPT % (fw, SHIMS, title)
    cmd = upy.argv("-c", script) if runner == "micropython" else [sys.executable, "-c", script]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0 and "DONE" in p.stdout, p.stdout[-2000:] + p.stderr[-2000:]
    rows = [line.split()[1:] for line in p.stdout.splitlines() if line.startswith("MODULE ")]
    assert len(rows) >= 6
    for row in rows:
        assert row[1:] == [], (title, runner, row)       # the module brought in others


REVIEW = """
import sys
sys.path.insert(0, %r)
sys.path.append(%r)
from dicebox.core import app, storage, logreplay, review, reviewpage
from dicebox.core.modules import load
load("dicebox.games.%s.review")
print("PAGES", "dicebox.core.tablepages" in sys.modules)
"""


@pytest.mark.parametrize("title", ["dairyman", "mildred", "milestones"])
def test_a_review_brings_in_no_page_of_the_table(title):
    """A review's judge reads the Hint's words (the game's advice.py) but not
    the table's pages (core/tablepages.py: about 19 KB of the unix port's
    heap, some 12 KB of the chip's, beside the review's bot)."""
    p = subprocess.run(upy.argv("-c", REVIEW % (build.test_tree(), SHIMS, title)), capture_output=True,
                       text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert "PAGES False" in p.stdout, p.stdout


KEPT = """
import sys
sys.path.insert(0, %r)
from dicebox.core import app, storage, gamelogs, replaypage
print("PAGES", "dicebox.core.tablepages" in sys.modules)
print("NAMES", [n for n in ("LOG_ID", "chunk_name", "read_chunk") if hasattr(gamelogs, n)])
"""


def test_the_kept_games_bring_in_no_page_of_the_table_and_hold_none():
    """The list of kept games and their replays (core/gamelogs.py) do not
    import the table's pages, and hold none of their names: the table drops
    those pages during play, and a name held would keep the dropped module's
    code in RAM beside the copy the next Hint imports (some 12 KB of the
    chip's heap in a session's second game)."""
    p = subprocess.run(upy.argv("-c", KEPT % build.test_tree()), capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert "PAGES False" in p.stdout and "NAMES []" in p.stdout, p.stdout

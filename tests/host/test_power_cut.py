"""Power cuts: a scripted game of each title through the simulator (the real
App, MicroPython unix port), the power cut at EVERY storage operation (each
open for writing, write, rename and remove the store makes; a write gets half
its bytes out, a .tmp stays behind), then a fresh boot on the files as they
are: the game's save must be the last one completed (the action under way when
the power went is the one lost) or the one before, the game's menu must offer
Resume, and Resume must open the game without an error. Engine:
``host_tools/mutate.py powercut``. The games are played with bots in every seat
that allows it (Dairyman; Mildred plays a person by script against a bot to the
end, its result recorded), so the replay is the same
every time (seeded dice, virtual clock, shake timing from the virtual clock);
each cut run is judged against its own completed saves, and a replay that
ends before its cut point (rare: the unix port's heap layout can reorder a set
of objects) is counted, not judged.

The firmware is the mpy-cross build (as on the board). The heap is larger than
the device's here: each of the hundreds of cut runs imports the game again,
and the unix port's heap fragments; RAM is the soak test's subject, storage
this one's."""
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
MUTATE = os.path.join(ROOT, "host_tools", "mutate.py")
HEAP = "1024wK"
GAMES = {"dairyman": 12, "mildred": 90, "milestones": 60}   # scripted moves each
SEED = 3

_RESULTS = {}



def firmware():
    """The mpy-cross build the board and `make sim` run (host_tools/build.py)."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools"))
    import build
    return build.test_tree()

def run(game):
    data = tempfile.mkdtemp(prefix="dicebox_powercut_%s_" % game)
    cmd = [MPY, "-X", "heapsize=" + HEAP, MUTATE, "powercut", game, str(GAMES[game]), str(SEED), data]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=ROOT,
                       env=dict(os.environ, DICEBOX_FIRMWARE=firmware()))
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return {"game": game, "error": "exit %d\n%s%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:])}


def results():
    if not _RESULTS:
        with ThreadPoolExecutor(max_workers=2) as ex:
            for r in ex.map(run, GAMES):
                _RESULTS[r["game"]] = r
        print("\npower cuts:")
        for g in GAMES:
            r = _RESULTS[g]
            if "error" in r:
                print("  %-10s driver failed" % g)
                continue
            print("  %-10s %d moves, %d storage operations, %d cut points tried (%d replays went "
                  "another way), %d saves; after the restart %s; %d failing"
                  % (g, r["moves"], r["ops"], r["cuts"], r["not_reached"], r["saves"],
                     json.dumps(r["outcomes"], sort_keys=True), r["failed"]))
    return _RESULTS


@pytest.mark.parametrize("game", sorted(GAMES))
def test_power_cut_at_every_storage_operation_resumes(game):
    r = results()[game]
    assert "error" not in r, r["error"]
    assert r["saves"] >= 5, "the scripted game saved only %d times" % r["saves"]
    assert set(r["op_kinds"]) >= {"open", "write", "rename"}
    assert r["not_reached"] <= r["ops"] // 10, "%d of %d replays took another path" % (
        r["not_reached"], r["ops"])
    assert r["failed"] == 0, "%s: %d of %d cut points fail:\n%s" % (
        game, r["failed"], r["cuts"], "\n".join(json.dumps(f) for f in r["fails"]))

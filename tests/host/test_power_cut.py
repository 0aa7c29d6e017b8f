"""Power cuts: a game of each title through the simulator (the real App,
MicroPython unix port) played to its end by one person against bots, the
power cut at EVERY storage operation (each open for writing, write, rename
and remove the store makes; a write gets half its bytes out, a .tmp stays
behind), then a fresh boot on the files as they are: the game's save must be
the last one completed (the action under way when the power went is the one
lost) or the one before, and the save in flight must carry one move at most
(a person's move right after a bot's turn is its own save point); the game's
menu must offer Resume, Resume must open the game without an error, and the
resumed game played to its end must be counted exactly once in the records
(and, in Milestones, in the high scores). A cut that leaves the same records
as an earlier cut (the open, write and rename of one save leave the same
.json files; only the half-written .tmp differs) is booted and resumed, not
played to the end a second time. Engine: ``host_tools/testing/mutate.py
powercut`` (one game per title keeps the files each cut would leave, so every
cut is judged on exactly the files of that cut). The person's moves are the
Beginner bot's, played through the table as its keys play them, as early as
the table takes a key; Milestones' person watches the bots until the sand
runs out. Seeded dice, virtual clock, shake timing from the virtual clock.

The firmware is the mpy-cross build (as on the board). The heap is larger than
the device's here: each of the hundreds of cut runs imports the game again,
and the unix port's heap fragments; RAM is the soak test's subject, storage
this one's."""
import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pytest

import upy

ROOT = upy.ROOT
MUTATE = os.path.join(upy.folder("testing"), "mutate.py")
HEAP = "1024wK"
GAMES = {"dairyman": 30, "mildred": 30, "milestones": 30}   # minutes of virtual play at most
SEED = 3

_RESULTS = {}



def firmware():
    """The mpy-cross build the board and `make sim` run (host_tools/build.py)."""
    import build
    return build.test_tree()

def run(game):
    data = tempfile.mkdtemp(prefix="dicebox_powercut_%s_" % game)
    cmd = upy.argv(MUTATE, "powercut", game, GAMES[game], SEED, data, heap=HEAP)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=3600, cwd=ROOT,
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
            print("  %-10s played to its end: %s; %d storage operations, %d cut points (%d after "
                  "the game's last save; %d left files no earlier cut left, resumed and played "
                  "to the end), %d saves; after the restart %s; at most %d move(s) in the save "
                  "in flight; counted %s; %d failing"
                  % (g, r["ended"], r["ops"], r["cuts"], r["end_cuts"], r["played_to_end"],
                     r["saves"], json.dumps(r["outcomes"], sort_keys=True), r["most_in_flight"],
                     r["counted"], r["failed"]))
    return _RESULTS


@pytest.mark.parametrize("game", sorted(GAMES))
def test_power_cut_at_every_storage_operation_of_a_whole_game_counts_it_once(game):
    r = results()[game]
    assert "error" not in r, r["error"]
    assert r["ended"], "the game did not reach its end"
    assert r["counted"] == [1, 1 if game == "milestones" else None], r["counted"]
    assert r["saves"] >= 5, "the game saved only %d times" % r["saves"]
    assert r["end_cuts"] >= 5, "only %d cut points at the end" % r["end_cuts"]
    assert set(r["op_kinds"]) >= {"open", "write", "rename", "remove"}
    assert r["cuts"] == r["ops"]
    assert r["most_in_flight"] <= 1
    assert r["failed"] == 0, "%s: %d of %d cut points fail:\n%s" % (
        game, r["failed"], r["cuts"], "\n".join(json.dumps(f) for f in r["fails"]))

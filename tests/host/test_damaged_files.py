"""Damaged files: >= 200 mutations of a real saved file of every kind the
console writes, read back by the real App and the screen that reads it,
under the MicroPython unix port with the `make sim` heap cap (engine:
host_tools/testing/mutate.py). Each case must end without an exception, error screen
or error.log line, without hanging, with the file used or set aside (.bad)
and its problem shown by that screen, and with every other file
byte-identical."""
import json
import os
import queue
import subprocess
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import upy

ROOT = upy.ROOT
MUTATE = os.path.join(upy.folder("testing"), "mutate.py")
KINDS = ("settings", "roller", "roller_history", "roller_presets", "timer", "dairyman",
         "mildred", "milestones_game", "milestones_high")
COUNT = 200
SEED = 5
CASE_TIMEOUT_S = 30    # one case (boot, open the screen, go home) far exceeding this hangs
GOOD = ("loaded", "set aside", "removed")



def firmware():
    """The mpy-cross build the board and `make sim` run (host_tools/build.py)."""
    import build
    return build.test_tree()

def _run_from(kind, start, data):
    """Run cases start..COUNT-1; returns (result or None, hung case or None, output tail)."""
    cmd = upy.argv(MUTATE, kind, COUNT, SEED, start, data)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                         env=dict(os.environ, DICEBOX_FIRMWARE=firmware()))
    lines = queue.Queue()

    def pump():
        for line in p.stdout:
            lines.put(line)
        lines.put(None)
    threading.Thread(target=pump, daemon=True).start()
    current = None
    tail = []
    while True:
        try:
            line = lines.get(timeout=CASE_TIMEOUT_S + (60 if current is None else 0))
        except queue.Empty:
            p.kill()
            p.wait()
            return None, current, tail
        if line is None:
            break
        tail = (tail + [line])[-40:]
        if line.startswith("CASE "):
            current = (int(line.split()[1]), line.split(" ", 2)[2].strip())
        elif line.startswith("DONE "):
            current = None
        elif line.startswith("RESULT "):
            p.wait()
            return json.loads(line[7:]), None, tail
    p.wait()
    return None, current, tail


def run_kind(kind):
    data = tempfile.mkdtemp(prefix="dicebox_damaged_%s_" % kind)
    counts = {}
    bad = []
    start = 0
    while start < COUNT:
        res, hung, tail = _run_from(kind, start, data)
        if res is not None:
            if "error" in res:
                return {"kind": kind, "error": res["error"], "counts": {}, "bad": []}
            for k, v in res["counts"].items():
                counts[k] = counts.get(k, 0) + v
            bad += res["bad"]
            break
        if hung is None:   # the driver died between cases
            return {"kind": kind, "error": "driver failed:\n" + "".join(tail), "counts": counts,
                    "bad": bad}
        counts["hang"] = counts.get("hang", 0) + 1
        bad.append({"case": hung[0], "label": hung[1], "outcome": "hang", "detail": ""})
        start = hung[0] + 1
    return {"kind": kind, "counts": counts, "bad": bad}


_RESULTS = {}


def results():
    if not _RESULTS:
        with ThreadPoolExecutor(max_workers=2) as ex:
            for r in ex.map(run_kind, KINDS):
                _RESULTS[r["kind"]] = r
        print("\ndamaged files: %d mutations per kind" % COUNT)
        for kind in KINDS:
            r = _RESULTS[kind]
            crashes = sum(v for k, v in r["counts"].items() if k not in GOOD)
            print("  %-16s %s  -> %d failing" % (kind, json.dumps(r["counts"], sort_keys=True), crashes))
    return _RESULTS


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_file_never_crashes_and_leaves_the_rest_alone(kind):
    r = results()[kind]
    assert "error" not in r, r["error"]
    assert sum(r["counts"].values()) == COUNT
    failing = [b for b in r["bad"] if b["outcome"] not in GOOD]
    assert not failing, "%s: %s\n%s" % (kind, json.dumps(r["counts"], sort_keys=True), "\n".join(
        "case %(case)d (%(label)s): %(outcome)s\n  %(detail)s" % b for b in failing))
    # the mutations reach both ends: some files still usable, most set aside
    assert r["counts"].get("set aside", 0) >= COUNT // 2

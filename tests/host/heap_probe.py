"""The heap tests' probe (tests/host/test_heap_games.py, test_heap_replay.py):
a script run under the MicroPython unix port with the device's heap cap, in
the bench's harness (host_tools/benches/bench_frames.py: its ``Runner``, the
console as the bench drives it; ``B.live() - B.RECORDS_BYTES`` the live heap
less the harness's own records and tools). ``PREAMBLE`` makes the console
``r`` (after the test's ``before`` lines); the test's body, %-formatted with it, prints one ``HEAP {json}`` line;
``run`` returns that dict."""
import json
import os
import subprocess

import upy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PREAMBLE = r"""
import sys
sys.argv[:] = [%(tools)r + "/bench_frames.py", "--fw", %(fw)r, "--heap"]
sys.path.insert(0, %(tools)r)
import bench_frames as B
%(before)s
r = B.Runner()
r.frames(3)
"""


def run(body, fw, timeout=120, before="", **fields):
    """The ``HEAP`` line's dict of ``PREAMBLE + body`` run on the firmware
    tree ``fw`` (``before``: lines run before the console is made, its
    imports; ``fields``: the body's %-fields besides ``fw`` and ``tools``)."""
    fields.update(fw=fw, tools=upy.folder("benches"), before=before)
    p = subprocess.run(upy.argv("-c", (PREAMBLE + body) % fields), capture_output=True,
                       text=True, timeout=timeout, cwd=ROOT)
    lines = [x for x in p.stdout.splitlines() if x.startswith("HEAP ")]
    assert p.returncode == 0 and lines, (p.stdout[-2000:], p.stderr[-2000:])
    return json.loads(lines[-1][5:])

"""`make test`: every runner, each summary printed; fails if any runner fails or runs no test."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from upy import ROOT, TOOLS, VPY  # noqa: E402

steps = [
    ("pytest (CPython)", [VPY, "-m", "pytest", "tests"]),
    ("MicroPython unix port, heap capped", [VPY, os.path.join(TOOLS, "testing", "mpytest.py")]),
    ("mpy-cross compile of firmware/", [VPY, os.path.join(TOOLS, "build.py"), "--check"]),
]
failed = []
for name, cmd in steps:
    print("==== %s" % name, flush=True)
    rc = subprocess.call(cmd, cwd=ROOT)
    if rc != 0:  # pytest's 5 (no tests) is a failure too
        failed.append("%s (exit %d)" % (name, rc))
print("====")
if failed:
    print("FAILED: " + "; ".join(failed))
    sys.exit(1)
print("all runners passed")

"""`make test`: every runner, each summary printed; fails if any runner fails or runs no test."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VPY = os.path.join(ROOT, ".venv", "bin", "python")

steps = [
    ("pytest (CPython)", [VPY, "-m", "pytest", "tests"]),
    ("MicroPython unix port, heap capped", [VPY, os.path.join(ROOT, "host_tools", "mpytest.py")]),
    ("mpy-cross compile of firmware/", [VPY, os.path.join(ROOT, "host_tools", "build.py"), "--check"]),
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

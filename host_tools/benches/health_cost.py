"""What the entropy health tests cost, on the unix port and (estimated) on the chip.

    .venv/bin/python host_tools/benches/health_cost.py [--runs 15]

Times ``HealthTest.run_mem`` of firmware/dicebox/core/health.py under the
MicroPython unix port for the idle step (``hal.entropy.STEP_BITS``) and the
start-up sample (1,024 bits), over a bytearray standing for ``mem32``, and
the same for the bit-at-a-time loop of a60eda7 (its 16-bit step measured
1.6 ms on the chip, its 1,024-bit start-up test 74 ms: DESIGN.md). The ratio
gives a factor calibrated on this very loop; DESIGN.md's compute factor
(about 300x) is printed beside it.

A fixed register reads one value for ever, which takes the word loop's
shortest path; so each loop is also timed reading a buffer of random bits,
one address further each read (``mem[addr + k]``: a little more work per
read than the register, so an upper bound). Best of ``--runs`` runs.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import upy  # noqa: E402

ROOT = upy.ROOT
OLD = "a60eda7"


def variant(src, per_word):
    """The loop reading one address further each read."""
    out = []
    k = 0
    for line in src.split("\n"):
        s = line.strip()
        if per_word and "mem[addr] & 1" in s and s.startswith("w = "):
            line = line.replace("mem[addr]", "mem[addr + %d]" % k)
            k += 1
            out.append(line)
            if k == 16:
                out.append(line[:len(line) - len(line.lstrip())] + "addr = (addr + 16) & 4095")
                k = 0
            continue
        if not per_word and s == "bit = mem[addr] & 1":
            out.append(line)
            out.append(line[:len(line) - len(line.lstrip())] + "addr = (addr + 1) & 4095")
            continue
        out.append(line)
    return "\n".join(out)


def tree(base, src):
    d = os.path.join(base, "dicebox", "core")
    os.makedirs(d)
    for p in (os.path.join(base, "dicebox"), d):
        open(os.path.join(p, "__init__.py"), "w").close()
    with open(os.path.join(d, "health.py"), "w") as f:
        f.write(src)


def run(path, varied, sizes, runs):
    prog = os.path.join(upy.folder("benches"), "health_cost_mpy.py")
    out = subprocess.run(upy.argv(prog, path, int(bool(varied)), ",".join(str(n) for n in sizes), runs, heap=None),
                         capture_output=True, text=True, check=True).stdout
    return {int(a): float(b) for a, b in (ln.split() for ln in out.split("\n") if ln)}


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 15
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from dicebox.hal import entropy
    step = entropy.STEP_BITS
    new = open(os.path.join(ROOT, "firmware", "dicebox", "core", "health.py")).read()
    old = subprocess.run(["git", "-C", ROOT, "show", OLD + ":firmware/dicebox/core/health.py"],
                         capture_output=True, text=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        res = {}
        for name, src, per_word, sizes in (("old", old, False, [16, 1024]),
                                           ("new", new, True, [step, 1024])):
            for varied in (False, True):
                p = os.path.join(tmp, "%s_%d" % (name, varied))
                tree(p, variant(src, per_word) if varied else src)
                res[name, varied] = run(p, varied, sizes, runs)
    f_step = 1600.0 / res["old", True][16]
    f_start = 74000.0 / res["old", True][1024]
    print("unix port, best of %d runs (us): fixed register / random bits" % runs)
    for name, sizes in (("old", (16, 1024)), ("new", (step, 1024))):
        for n in sizes:
            print("  %s loop, %4d bits: %6.1f / %6.1f" % (name, n, res[name, False][n],
                                                        res[name, True][n]))
    print("factor calibrated on the old loop: step %.0fx, start-up %.0fx (DESIGN.md: ~300x)"
          % (f_step, f_start))
    for label, f in (("calibrated", f_step), ("300x", 300.0)):
        print("chip estimate (%s): %d-bit step %.2f ms, start-up 1,024 bits %.1f ms" % (
            label, step, res["new", True][step] * f / 1000,
            res["new", True][1024] * (f_start if label == "calibrated" else f) / 1000))


if __name__ == "__main__":
    main()

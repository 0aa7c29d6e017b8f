"""The firmware's names (qstrs) are interned in the first idle frames after
boot, from the pieces the build writes (host_tools/build.py, core/app.py
``App.intern_names``), so that no launch adds a name later: names added by a
launch land in small chunks between a game's modules and, once it is dropped,
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
                                    build.test_tree(), data), capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        _RUN.append(p.stdout)
    return _RUN[0]


def qstrs(out, label):
    part = out.split("POOLS " + label, 1)[1]
    m = re.search(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", part)
    return dict(zip(("pools", "qstrs", "chars", "bytes"), map(int, m.groups())))


def test_the_build_writes_every_name_of_every_module_into_the_pieces():
    tree = build.test_tree()
    wanted = set()
    pieces = ""
    for d, _, files in os.walk(tree):
        for f in files:
            path = os.path.join(d, f)
            if f.startswith("names_") and f.endswith(".mpy"):
                with open(path, "rb") as fh:
                    pieces += fh.read().decode("latin-1")
            elif f.endswith(".mpy"):
                wanted.update(build.mpy_names(path))
    assert len(wanted) > 2000
    missing = [s for s in wanted if s.encode().decode("latin-1") not in pieces]
    assert not missing, missing[:10]
    assert len([f for f in os.listdir(os.path.join(tree, "dicebox")) if f.startswith("names_")]) \
        == build.NAMES_PIECES


def test_the_console_interns_them_in_its_first_idle_frames():
    out = probe()
    frames = int(re.search(r"FRAMES (\d+)", out).group(1))
    assert frames <= build.NAMES_PIECES + 2, frames
    boot, done = qstrs(out, "boot"), qstrs(out, "interned")
    assert done["qstrs"] - boot["qstrs"] > 1000


def test_no_module_of_the_firmware_adds_a_name_after_them():
    out = probe()
    done, after = qstrs(out, "interned"), qstrs(out, "imported")
    failed = re.search(r"FAILED (.*)", out).group(1)
    assert failed.count(":") < 6, failed    # only parts the unix port has no machine for
    # a module may make a name or two as it runs (a name put together from
    # parts); the pools must not grow
    assert after["qstrs"] - done["qstrs"] <= 16, (done, after)
    assert after["pools"] == done["pools"]


def test_a_game_opened_at_once_after_boot_waits_for_the_names_a_piece_a_frame():
    out = probe()
    m = re.search(r"LAUNCH (\d+) (\w+) (\w+)", out)
    frames, top, left = int(m.group(1)), m.group(2), m.group(3)
    assert left == "None" and top not in ("Loading", "Home", "Message"), out[-500:]
    assert frames >= build.NAMES_PIECES, frames     # one piece a frame, never all in one


def test_the_bench_estimates_a_piece_by_its_ratio_to_core_apps_import():
    """host_tools/benches/bench_names.py: the fastest run of each, and a piece's chip
    time = 143 ms (core.app's import on the chip) x piece / core.app here."""
    import bench_names
    r = bench_names.estimate([2000, 1430, 1600], [[100, 300], [90, 350], [120, 280]])
    assert r["app_us"] == 1430 and r["host_us"] == [90, 280]
    assert abs(r["factor"] - 100.0) < 1e-9
    assert [round(x, 6) for x in r["chip_ms"]] == [9.0, 28.0]

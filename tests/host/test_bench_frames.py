"""The device-time benchmark (make bench): its scene runner and its arithmetic.

No timing assertions: these check that the runner drives the real App and
counts what it should (bytes flushed, saves, the flash's erases and pages),
and that a frame's estimate is unix-port time x factor + bus time (9 clocks a
byte) + flash time of its erases and pages (tests/host/test_bench_models.py
checks the models themselves).
"""
import os
import sys

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bench  # noqa: E402
import device_factors as DF  # noqa: E402

_TINY = []


def tiny():
    """The scene runner, a few frames a scene, on the mpy-cross build as the
    board runs it (once; compiling the sources inside the device-sized heap
    runs out of memory the board never spends)."""
    if not _TINY:
        import tempfile
        import build
        out = tempfile.mkdtemp(prefix="dicebox_bench_")
        errors, _ = build.build(out, quiet=True)
        assert not errors, errors
        _TINY.append(bench.run_frames(out, tiny=True))
    return _TINY[0]


def test_runner_drives_every_scene_and_counts_bytes_and_saves():
    scenes = tiny()
    names = [s["scene"] for s in scenes]
    for label, _ in bench_entries():
        assert "launch " + label in names
    ran = [s for s in scenes if not s.get("error")]
    # the menu, the roller and the hourglass run whatever the games are doing
    for want in ("home menu", "roller 2d6", "roller 12d6", "hourglass"):
        assert want in [s["scene"] for s in ran], (want, names)
    for s in ran:
        assert s["frames"] and len(s["frames"]) == s["nframes"]
        # the saves counted frame by frame are the store's writes
        assert sum(f[2] for f in s["frames"]) == s["store_writes"], s["scene"]
        # the bytes the driver's flush returned are the bytes it put on the bus
        assert sum(f[1] for f in s["frames"]) == s["bytes_sent"], s["scene"]
        assert all(f[0] >= 0 for f in s["frames"])
        assert all(f[3] in (0, 1) for f in s["frames"])      # a collection ran in the frame or not
        assert all(len(f) == 12 and f[5] >= 0 for f in s["frames"])   # ... and the console's own
        assert all(f[9] >= 0 for f in s["frames"])          # the modules a frame imported
        # a bot's slice and the console's collections lie inside the frame, beside
        # its drawing and saves; a collection is timed only in a frame that made one
        assert all(0 <= f[10] and 0 <= f[11] and f[10] + f[11] <= f[0] - f[4] - f[6]
                   for f in s["frames"]), s["scene"]
        assert all(f[5] for f in s["frames"] if f[11]), s["scene"]
        # the saves' own code time lies inside the frame's; flash only where a save was taken
        assert all(0 <= f[6] <= f[0] for f in s["frames"])
        assert all(f[7] == f[8] == 0 for f in s["frames"] if not f[2]), s["scene"]
        assert all(f[8] > 0 for f in s["frames"] if f[2]), s["scene"]   # a save programs pages
        assert s["flash"] and s["heap_start"] == 0      # not a heap run
    assert any(f[2] for s in ran for f in s["frames"]), "no scene saved: the save count is not wired"
    assert any(f[1] for s in ran for f in s["frames"])
    assert any(f[4] for s in ran for f in s["frames"]), "drawing time is not recorded"
    launch = [s for s in ran if s.get("launch") and s["scene"].startswith("launch ")]
    assert launch and all(s["screen"] != "Home" for s in launch)
    # coming home after each game: the table left (its save), the home menu made
    # again, judged as a launch
    home = dict((s["scene"], s) for s in ran if s["scene"].startswith("home from "))
    assert sorted(home) == ["home from Dairyman", "home from Mildred", "home from Milestones"], names
    for s in home.values():
        assert s["launch"] and s["screen"] == "Home" and s["store_writes"] >= 1, s   # its save
    # a game's table brings in its bot in its own first frames (Table.load_next),
    # which the bench counts apart as the bot's import
    for s in ran:
        if s["scene"].startswith(("Dairyman", "Mildred", "Milestones")):
            assert any(f[9] for f in s["frames"]), s["scene"]
            # ... and its bots' slices are timed apart (the bot's factor applies to them alone)
            assert any(f[10] for f in s["frames"]), s["scene"]
    assert not any(f[10] for s in ran if not s["scene"].startswith(("Dairyman", "Mildred", "Milestones"))
                   for f in s["frames"]), "a bot's time outside a game's table"


def bench_entries():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from dicebox.apps import menu
    return menu.ENTRIES


def test_estimate_adds_bus_and_flash_time_per_frame():
    for s in tiny():
        if s.get("error"):
            continue
        f = {"ui": 190, "launch": 190, "dairyman": 367, "mildred": 279, "milestones": 367}[s["factor"]]
        for hz in (1000000, 400000):
            est = bench.estimate(s, hz)
            for fr, (tot, cpu, bus, flash) in zip(s["frames"], est):
                us, nb, ui, sv, er, pg = fr[0], fr[1], fr[4], fr[6], fr[7], fr[8]
                assert 0 <= ui <= us
                cg = fr[11]       # the console's collections: 44 ms each, the chip's figure
                gc_ms = 44.0 * fr[5] if cg else 0.0
                us -= cg
                if s["factor"] in ("dairyman", "mildred", "milestones"):
                    # a game's frame: the bot's slice at its factor, all the rest at the drawing one
                    bt = fr[10]
                    assert abs(cpu - (bt * f + (us - bt) * 190) / 1000.0 - gc_ms) < 1e-9
                else:
                    other = max(0, us - ui - sv)
                    assert abs(cpu - (other * f + (ui + sv) * 190) / 1000.0 - gc_ms) < 1e-9
                assert abs(bus - nb * 9 * 1000.0 / hz) < 1e-9
                assert abs(flash - (45 * er + 0.7 * pg)) < 1e-9
                assert abs(tot - (cpu + bus + flash)) < 1e-9


def test_a_save_frame_is_judged_apart_and_two_saves_in_a_frame_fail():
    sc = {"scene": "x", "factor": "ui", "frames": [[100, 0, 0], [100, 1025, 1], [50, 0, 0]]}
    r = bench.scene_table([sc])[0]
    # the worst frame is over the frames without a save: 100 us x 190
    assert abs(r["worst_ms"] - 19) < 1e-9 and r["worst_flash_ms"] == 0
    assert r["save_frames"] == 1 and abs(r["save_frame_cpu_ms"] - (19 + 9.225)) < 1e-9
    # a save without its counts is charged one erase and ten pages: 52 ms
    save = 19 + 9.225 + 52
    assert abs(r["save_typ_ms"] - save) < 1e-9 and abs(r["save_worst_ms"] - save) < 1e-9
    assert not r["save_pass"]           # over 60 ms typical
    # fps counts every frame: two of a period, one of 80.2 ms
    assert abs(r["fps"] - 3000.0 / (2 * 1000.0 / 30 + save)) < 1e-9
    assert r["frame_pass"] and not r["fps_pass"]
    two = bench.scene_table([{"scene": "z", "factor": "ui",
                              "frames": [[100, 0, 0]] * 40 + [[100, 0, 2]]}])[0]
    assert two["multi_save_frames"] == 1 and not two["frame_pass"] and not two["pass"]
    slow = bench.scene_table([{"scene": "w", "factor": "ui", "frames": [[300, 0, 0]] * 30}])[0]
    assert abs(slow["worst_ms"] - 57) < 1e-9 and not slow["frame_pass"]
    ok = bench.scene_table([{"scene": "y", "factor": "ui", "frames": [[100, 50, 0]] * 30}])[0]
    assert ok["frame_pass"] and ok["fps_pass"] and ok["pass"]


def test_launch_target_and_both_bus_speeds_for_the_roller():
    launch = {"scene": "launch X", "factor": "ui", "launch": True,
              "frames": [[1000, 1025, 0], [1400, 0, 0]]}
    r = bench.scene_table([launch])[0]
    assert abs(r["worst_ms"] - 266) < 1e-9 and not r["pass"]
    launch["frames"] = [[1300, 0, 0]]
    assert bench.scene_table([launch])[0]["pass"]       # 247 ms <= 250
    rows = bench.scene_table([{"scene": "roller 2d6", "factor": "ui", "dice": 2,
                               "frames": [[0, 1000, 0]]}])
    assert [r["bus_hz"] for r in rows] == [1000000, 400000]
    assert abs(rows[1]["worst_ms"] - 22.5) < 1e-9


def test_fastest_run_per_frame_and_misaligned_runs():
    a = [{"scene": "s", "factor": "ui", "frames": [[10, 5, 0], [40, 0, 1]]}]
    b = [{"scene": "s", "factor": "ui", "frames": [[20, 5, 0], [30, 0, 1]]}]
    m = bench.merge_runs([a, b])[0]
    assert m["frames"] == [[10, 5, 0], [30, 0, 1]] and m["runs_aligned"]
    c = [{"scene": "s", "factor": "ui", "frames": [[1, 5, 0], [1, 9, 1]]}]
    m = bench.merge_runs([a, c])[0]
    assert m["frames"] == [[1, 5, 0], [1, 9, 1]] and not m["runs_aligned"]


def test_percentile_nearest_rank():
    xs = list(range(1, 101))
    assert bench.pctl(xs, 99) == 99
    assert bench.pctl(xs[:10], 99) == 10
    assert bench.pctl([], 99) == 0


def test_collections_are_counted_and_a_scene_says_its_worst_without_them():
    frames = [[100, 0, 0, 0]] * 30 + [[900, 0, 0, 1]]
    r = bench.scene_table([{"scene": "g", "factor": "ui", "frames": frames}])[0]
    assert r["gc_frames"] == 1 and r["over_target"] == 1
    assert abs(r["worst_ms"] - 171) < 1e-9 and abs(r["worst_no_gc_ms"] - 19) < 1e-9


def test_drawing_time_takes_the_ui_factor_and_the_rest_the_scenes():
    sc = {"scene": "m", "factor": "milestones", "frames": [[300, 0, 0, 0, 100]]}
    tot, cpu, bus, flash = bench.estimate(sc, 1000000)[0]
    assert abs(cpu - (200 * 367 + 100 * 190) / 1000.0) < 1e-9 and tot == cpu
    # a save's own code takes the drawing factor too, its flash the flash model
    sc = {"scene": "m", "factor": "dairyman", "frames": [[1000, 0, 1, 0, 100, 0, 400, 2, 9]]}
    tot, cpu, bus, flash = bench.estimate(sc, 1000000)[0]
    assert abs(cpu - (500 * 367 + 500 * 190) / 1000.0) < 1e-9
    assert abs(flash - (2 * 45 + 9 * 0.7)) < 1e-9 and abs(tot - cpu - flash) < 1e-9


def test_a_still_collection_is_reported_apart_and_the_allocators_is_judged():
    # frames: [unix us, bytes, saves, collected, drawing us, console's own collections]
    work = [100, 40, 0, 0, 50, 0]
    still = [800, 0, 0, 1, 0, 1]            # the console collected, nothing drawn: 152 ms
    alloc = [700, 40, 0, 1, 50, 0]          # the allocator collected inside a drawn frame
    save = [300, 0, 1, 1, 0, 0]
    assert [bench.frame_kind(f) for f in (work, still, alloc, save)] == ["work", "still gc", "gc", "save"]
    assert bench.frame_kind([100, 0, 0]) == "work" and bench.frame_kind([1, 0, 0, 1]) == "gc"
    r = bench.scene_table([{"scene": "a", "factor": "ui", "frames": [work] * 30 + [still]}])[0]
    assert r["still_gc_frames"] == 1 and abs(r["still_gc_worst_ms"] - 152) < 1e-9
    assert r["over_target"] == 0 and abs(r["worst_ms"] - 19 - 0.36) < 1e-9
    assert r["frame_pass"] and r["frames"] == 30 and r["nframes"] == 31
    r = bench.scene_table([{"scene": "b", "factor": "ui", "frames": [work] * 30 + [alloc]}])[0]
    assert r["over_target"] == 1 and r["over_gc"] == 1 and r["over_work"] == 0
    assert r["gc_frames"] == 1 and not r["frame_pass"] and r["still_gc_frames"] == 0
    slow = [500, 40, 0, 0, 50, 0]
    r = bench.scene_table([{"scene": "c", "factor": "ui", "frames": [work] * 30 + [slow, save]}])[0]
    assert r["over_work"] == 1 and r["over_gc"] == 0 and r["save_frames"] == 1 and r["save_frames_gc"] == 1
    # a "still" collection that flushed pixels was not still: the scene fails
    moved = [800, 30, 0, 1, 0, 1]
    r = bench.scene_table([{"scene": "d", "factor": "ui", "frames": [work] * 30 + [moved]}])[0]
    assert r["still_gc_moved"] == 1 and not r["frame_pass"]


def test_merged_runs_keep_the_collection_flags():
    a = [{"scene": "s", "factor": "ui", "frames": [[10, 5, 0, 1, 2, 1], [40, 0, 1, 0, 0, 0]]}]
    b = [{"scene": "s", "factor": "ui", "frames": [[20, 5, 0, 0, 3, 0], [30, 0, 1, 0, 0, 0]]}]
    m = bench.merge_runs([a, b])[0]
    assert m["frames"] == [[10, 5, 0, 1, 2, 1], [30, 0, 1, 0, 0, 0]]


def test_a_screen_pushed_in_a_frame_has_its_drawing_timed_as_ui_work():
    import subprocess
    script = (
        "import sys\n"
        "sys.argv.clear(); sys.argv.extend([%r, '--fw', %r])\n"
        "sys.path.insert(0, %r)\n"
        "import bench_frames as BF\n"
        "from dicebox.core import ui\n"
        "r = BF.Runner(); r.frames(3)\n"
        "app = r.app\n"
        "n = r.draws_timed\n"
        "r.in_frame(lambda: app.push(ui.TextPage(app, 'T', 'a page opened by a key')))\n"
        "top = app.top()\n"
        "print('TIMED', r.draws_timed - n, type(top).__name__, 'draw' in top.__dict__)\n"
    ) % (os.path.join(upy.folder("benches"), "bench_frames.py"), upy.FIRMWARE, upy.folder("benches"))
    p = subprocess.run(upy.argv("-c", script),
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    line = [x for x in p.stdout.splitlines() if x.startswith("TIMED")]
    assert line, p.stdout + p.stderr
    assert line[0] == "TIMED 1 TextPage False"     # drawn once, timed, and its own draw back


def test_the_scene_runners_use_only_what_the_audited_trees_simulator_has():
    # bench.py --calibrated drives the tree the chip audit ran (a60eda7) with
    # that tree's own simulator (--sim): bench_frames and bench_platform may
    # take from simhw only the names that simulator defines (an empty_dir of
    # the new simulator broke the calibrated run without a test failing)
    import re
    import subprocess
    p = subprocess.run(["git", "-C", ROOT, "show", DF.AUDITED_COMMIT + ":host_tools/sim/simhw.py"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        import pytest
        pytest.skip("the audited tree is not in this checkout's history")
    defined = set(re.findall(r"^(?:def|class)\s+(\w+)|^(\w+)\s*=", p.stdout, re.M))
    defined = set(a or b for a, b in defined)
    for name in ("bench_frames.py", "bench_platform.py"):
        with open(os.path.join(ROOT, "host_tools", "benches", name)) as f:
            used = set(re.findall(r"\bsimhw\.(\w+)", f.read()))
        assert used and used <= defined, (name, sorted(used - defined))


def test_a_games_first_frame_holds_no_save_and_is_judged_with_the_launches():
    """The frame that opens a game's table (the new game built and drawn) is
    named by its scene and writes nothing (the first save comes in later
    frames); the table judges it against the launch target, apart from the
    working frames."""
    games = [s for s in tiny() if not s.get("error")
             and s["scene"].startswith(("Dairyman", "Mildred", "Milestones"))]
    assert len(games) == 3, [(s["scene"], s.get("error")) for s in tiny()]
    for s in games:
        assert s["opening"] == [0], s["scene"]
        assert s["frames"][0][2] == 0 and s["frames"][0][8] == 0, s["scene"]
        assert any(f[2] for f in s["frames"][1:]), s["scene"]   # saved in a later frame
    sc = {"scene": "g", "factor": "ui", "opening": [0],
          "frames": [[1000, 1025, 0]] + [[100, 0, 0]] * 30}
    r = bench.scene_table([sc])[0]
    assert r["open_frames"] == 1 and abs(r["open_worst_ms"] - (190 + 9.225)) < 1e-9
    assert abs(r["worst_ms"] - 19) < 1e-9 and r["frame_pass"]
    rows = bench.summary([r], None, None, [])
    assert [x for x in rows if "first frame" in x[0]][0][3] == "PASS"

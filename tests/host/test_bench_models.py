"""The chip models of `make bench` (host_tools/benches/device_factors.py, issue 20):
the factors (the fixed ones and this host's, fitted on the tree the chip audit
ran), the flash model and its counting device, the heap model that counts
modules, names and play data apart, the reference loop's load check, and the
calibrated table's verdicts."""
import os
import subprocess

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bench  # noqa: E402
import device_factors as DF  # noqa: E402


def test_factors_are_the_chips_with_their_source():
    DF.uncalibrate()
    assert (DF.UI, DF.DAIRYMAN_BOT, DF.MILDRED_BOT) == (190, 367, 279)
    # no chip figure for Milestones' bot: the larger of the two measured
    assert DF.MILESTONES_BOT == max(DF.DAIRYMAN_BOT, DF.MILDRED_BOT) == 367
    assert DF.FACTORS == {"ui": 190, "dairyman": 367, "mildred": 279, "milestones": 367,
                          "launch": 190, "boot": 190}
    assert "issue 20" in DF.SOURCE
    for k in DF.FACTORS:        # every estimate can name its model
        assert DF.model(k).startswith("x%d (" % DF.FACTORS[k]) and "issue 20" in DF.model(k) \
            or k == "milestones"
    assert "no chip figure" in DF.model("milestones")


def test_an_estimate_is_host_time_times_the_workloads_factor():
    DF.uncalibrate()
    assert abs(DF.device_ms(1000, "dairyman") - 367) < 1e-9
    assert abs(DF.device_ms(1000, "mildred") - 279) < 1e-9
    assert abs(DF.device_ms(250, "ui") - 47.5) < 1e-9
    # frame: 2 ms at 190x, 100 B at 400 kHz, one erase and 10 pages
    assert abs(DF.frame_ms(2000, 190, 100, 400000, 1, 10) - (380 + 2.25 + 45 + 7)) < 1e-9


def test_flash_model():
    assert DF.flash_ms(0, 0) == 0
    assert abs(DF.flash_ms(3, 11) - (135 + 7.7)) < 1e-9     # the audit's 3 erases + 11 pages
    assert (DF.ERASE_MS, DF.PAGE_MS, DF.BLOCK_BYTES, DF.PAGE_BYTES) == (45.0, 0.7, 4096, 256)


def test_heap_model_counts_modules_and_data_apart():
    assert abs(DF.heap_chip_bytes(100000, 0) - 62000) < 1e-6
    assert abs(DF.heap_chip_bytes(0, 100000) - 50000) < 1e-6
    assert abs(DF.heap_chip_bytes(200000, 40000) - (124000 + 20000)) < 1e-6
    assert DF.heap_chip_bytes(100000, -5000) == DF.heap_chip_bytes(100000, 0)
    # not "halve the host figure": modules weigh more
    assert DF.heap_chip_bytes(200000, 40000) > 240000 / 2
    assert DF.HEAP_LIVE_MAX_KB == 150 and DF.HEAP_CHIP_BYTES == 245888


def test_a_scenes_heap_is_split_at_its_start():
    game = {"scene": "g", "heap_peak": 300000, "heap_start": 260000}
    assert bench.heap_parts(game) == (260000, 40000)
    assert abs(bench.heap_chip_kb(game) - (260000 * 0.62 + 40000 * 0.5) / 1024) < 1e-9
    # a launch loads modules all the way: all of it counts as modules
    launch = {"scene": "launch X", "launch": True, "heap_peak": 300000, "heap_start": 150000}
    assert bench.heap_parts(launch) == (300000, 0)
    # the peak at the start (pages dropped once play began): no data
    assert bench.heap_parts({"heap_peak": 5000, "heap_start": 5000}) == (5000, 0)
    assert bench.heap_parts({"heap_peak": 0}) == (0, 0)
    # a 32-bit host's figure is the chip's own
    assert abs(bench.heap_chip_kb(game, word_bytes=4) - 300000 / 1024.0) < 1e-9
    row = bench.scene_table([dict(game, factor="ui", frames=[[10, 0, 0]])])[0]
    assert (row["heap_modules"], row["heap_data"]) == (260000, 40000)
    assert abs(row["heap_device_kb"] - bench.heap_chip_kb(game)) < 1e-9
    assert row["heap_pass"] == (row["heap_device_kb"] <= 150)


def test_heap_check_sets_the_model_beside_the_chip():
    def sc(name, peak, start):
        return {"scene": name, "heap_peak": peak, "heap_start": start}
    session = [sc("home menu", 120000, 120000), sc("Dairyman, 4 Expert bots", 270000, 250000),
               sc("launch Dairyman", 280000, 120000)]
    booted = {"dairyman": sc("Dairyman, 4 Expert bots", 250000, 240000)}
    rows = dict((r[0], r[1:]) for r in bench.heap_check(session, booted))
    model, chip, ratio, ok = rows["at the menu"]
    assert chip == 75.8 and abs(model - 120000 * 0.62 / 1024) < 1e-9
    assert abs(ratio - model / chip) < 1e-12 and ok == (abs(ratio - 1) <= 0.2)
    model, chip, ratio, ok = rows["in a session, Dairyman"]
    assert chip == 159 and abs(model - (250000 * 0.62 + 20000 * 0.5) / 1024) < 1e-9
    assert rows["booted into Dairyman"][1] == 150
    assert "booted into Mildred" not in rows        # no run, no row
    far = bench.heap_check([sc("home menu", 200000, 200000)], {})[0]
    assert far[0] == "at the menu" and not far[4]   # 121 KB against 75.8: outside +-20%


def test_loaded_runs_are_dropped_by_the_reference_loop():
    assert DF.quiet_runs([1000, 1100, 1300, 1250]) == [0, 1, 3]
    assert DF.quiet_runs([5000]) == [0]
    assert DF.load_of(1500, 1000) == 1.5 and DF.load_of(0, 1000) == 1.0
    runs = [[{"scene": "a", "ref_us": 1000}], [{"scene": "a", "ref_us": 2000}]]
    kept, note = bench.load_note(runs)
    assert kept == runs[:1] and "1 of 2 runs kept" in note and "2.00" in note
    # the loop is fixed work: the same answer every time
    assert DF.ref_loop(1000) == DF.ref_loop(1000)


def test_summary_judges_every_row_against_its_target():
    DF.uncalibrate()
    rows = bench.scene_table([
        {"scene": "Dairyman, 4 Expert bots", "factor": "dairyman", "heap_peak": 300000,
         "heap_start": 280000,
         "frames": [[100, 0, 0, 0, 0, 0, 0, 0, 0]] * 30 + [[200, 0, 1, 0, 0, 0, 100, 1, 8]]},
        {"scene": "launch Dairyman", "factor": "ui", "launch": True,
         "frames": [[1000, 0, 0, 0, 0, 0, 0, 0, 0]]}])
    dec = {"dairyman": {"chip_max_ms": 240.0, "model": DF.model("dairyman")},
           "mildred": {"chip_max_ms": 300.0, "model": DF.model("mildred")}}
    heap = [("booted into Dairyman", 160.0, 150, 160 / 150.0, True)]
    out = dict((r[0], r[1:]) for r in bench.summary(rows, 700.0, dec, heap))
    frame = out["Dairyman, 4 Expert bots, worst working frame"]
    assert frame[0] == "37 ms" and frame[2] == "PASS" and "x367" in frame[3]   # 100 us x 367
    save = out["Dairyman, 4 Expert bots, save frame typ / worst"]
    # 100 us x 367 + 100 us x 190 + 45 + 5.6 = 106.3 ms: over 60 typical and 100 worst
    assert save[0] == "106 / 106 ms" and save[2] == "FAIL" and "45 ms a 4 KB erase" in save[3]
    h = out["Dairyman, 4 Expert bots, live heap (session)"]
    # 280,000 B x 0.62 + 20,000 B x 0.5 = 183,600 B: 179 KB, over 150
    assert h[:2] == ("179 KB", "<= 150 KB") and h[2] == "FAIL" and "x 0.62" in h[3] and "names" in h[3]
    assert out["launch Dairyman, longest frame"][:3] == ("190 ms", "<= 250 ms", "PASS")
    assert out["Dairyman Expert decision, longest"][2] == "PASS"
    assert out["Mildred Expert decision, longest"][2] == "FAIL"
    assert out["booted into Dairyman, live heap"][2] == "FAIL"
    assert out["boot, first import to first menu frame"][:3] == ("0.70 s", "<= 0.6 s", "FAIL")


def test_counting_flash_sees_littlefs_erase_and_program():
    """Under the unix port's own littlefs, mounted as rp2 does: a small record
    rewritten in place programs pages and rarely erases; through a temporary
    file and a rename it erases far more often (issue 20's flash physics)."""
    script = (
        "import sys, os\n"
        "sys.path.insert(0, %r)\n"
        "import bench_lfs as F\n"
        "d = F.mount()\n"
        "def run(tmp):\n"
        "    d.erases = d.pages = 0\n"
        "    for i in range(40):\n"
        "        p = '/flash/r.tmp' if tmp else '/flash/r.json'\n"
        "        with open(p, 'w') as f:\n"
        "            f.write('x' * 200)\n"
        "        if tmp:\n"
        "            os.rename(p, '/flash/r.json')\n"
        "    return d.erases, d.pages\n"
        "a = run(False)\n"
        "b = run(True)\n"
        "with open('/flash/r.json') as f:\n"
        "    n = len(f.read())\n"
        "print('FLASH', a[0], a[1], b[0], b[1], n, d.us > 0)\n"
    ) % upy.folder("benches")
    p = subprocess.run(upy.argv("-c", script, heap=None), capture_output=True, text=True, timeout=120)
    line = [x for x in p.stdout.splitlines() if x.startswith("FLASH")]
    assert line, p.stdout + p.stderr
    e1, p1, e2, p2, n, timed = line[0].split()[1:]
    e1, p1, e2, p2, n = int(e1), int(p1), int(e2), int(p2), int(n)
    assert n == 200 and timed == "True"
    assert p1 >= 40 and p2 >= 40          # every save programs at least a page
    assert e1 <= 10                       # in place: about 0.05 erases a save
    assert e2 >= 15 and e2 > 2 * e1       # by rename: about 0.6 a save


# ---- this host's factors, from the audited tree's runs -----------------------------
def test_fit_worst_puts_the_worst_frame_at_the_chips_figure():
    # 100 us with 2 ms of bus, 150 us with none: at f the worst is max(0.1 f + 2, 0.15 f)
    f = DF.fit_worst(30.0, [(100, 2.0), (150, 0.0)])
    assert abs(f - 200.0) < 1e-9                      # 0.15 x 200 = 30; 0.1 x 200 + 2 = 22
    assert abs(max(us * f / 1000 + fx for us, fx in [(100, 2.0), (150, 0.0)]) - 30.0) < 1e-9
    # the bus-heavy frame decides when its fixed part is large
    f = DF.fit_worst(30.0, [(100, 20.0), (150, 0.0)])
    assert abs(f - 100.0) < 1e-9                      # 0.1 x 100 + 20 = 30 > 0.15 x 100
    assert DF.fit_worst(10.0, [(0, 1.0)]) is None     # no frame with time: no factor
    assert DF.median([3, 1, 2]) == 2 and DF.median([4, 1, 2, 3]) == 2.5
    assert DF.mid(91, 112) == 101.5
    assert abs(DF.bot_factor(101.5, 500) - 203.0) < 1e-9


def _scene(name, frames, **kw):
    d = {"scene": name, "factor": "ui", "frames": frames}
    d.update(kw)
    return d


def test_calibration_fits_each_workload_on_the_audited_tree():
    # frames: [us, bytes, saves, gc, ui us, still gc, save us, erases, pages]
    menu = _scene("home menu", [[100, 0, 0, 0, 100, 0, 0, 0, 0], [80, 0, 0, 0, 80, 0, 0, 0, 0]])
    # the roller: 200 us and 1,000 B (22.5 ms at 400 kHz); a save frame is not judged
    roll = _scene("roller 12d6", [[200, 1000, 0, 0, 200, 0, 0, 0, 0],
                                  [900, 0, 1, 0, 0, 0, 900, 1, 4]], dice=12)
    sand = _scene("hourglass", [[150, 0, 0, 0, 150, 0, 0, 0, 0]])
    launch_d = _scene("launch Dairyman", [[1000, 0, 0, 0, 100, 0, 0, 0, 0]], launch=True)
    launch_m = _scene("launch Mildred's List", [[800, 0, 0, 0, 0, 0, 0, 0, 0]], launch=True)
    dec = {"dairyman": {"max_us": 500}, "mildred": {"max_us": 2000}}
    plat = {"boot_us_unix": 6000, "entropy_startup_1024_us_unix": 0, "boot_bytes": 0}
    f, src, rows = bench.calibration([menu, roll, sand, launch_d, launch_m], dec, plat)
    ui = [17.8 / 0.1, (45.9 - 22.5) / 0.2, 25.5 / 0.15]          # 178, 117, 170
    assert abs(f["ui"] - sorted(ui)[1]) < 1e-6                     # their median: 170
    assert abs(f["dairyman"] - 101.5 / 0.5) < 1e-9
    assert abs(f["mildred"] - 299.5 / 2.0) < 1e-9
    assert f["milestones"] == max(f["dairyman"], f["mildred"])      # no chip figure
    # a launch's drawing at the drawing factor, the rest fitted; boot less its log write
    k_d = (134.5 - 0.1 * f["ui"]) / 0.9
    k_m = 140.5 / 0.8
    assert abs(f["launch"] - (k_d + k_m) / 2) < 1e-6
    assert abs(f["boot"] - (726.0 - 47.8) / 6.0) < 1e-6
    assert "home menu 17.8 ms" in src["ui"] and "a60eda7" in src["ui"]
    assert "91-112" in src["dairyman"] and "no chip figure" in src["milestones"]
    assert len(rows) == 3 + 2 + 3 and all(r[5] > 0 for r in rows)
    # in use, every estimate takes this host's factor and names its source
    try:
        DF.calibrate(f, src)
        assert DF.UI == f["ui"] and DF.MILESTONES_BOT == f["milestones"]
        assert abs(DF.device_ms(1000, "mildred") - f["mildred"]) < 1e-9
        assert "this host" in DF.model("ui")
        row = bench.scene_table([menu])[0]
        assert abs(row["worst_ms"] - 0.1 * f["ui"]) < 1e-9
        # the audited tree's menu at the factors fitted: the chip's own figure when
        # the menu's factor is the median (here the hourglass's is)
        sand_row = bench.scene_table([sand])[0]
        assert abs(sand_row["worst_ms"] - 25.5) < 1e-6
    finally:
        DF.uncalibrate()
    assert DF.UI == 190 and DF.FACTORS["dairyman"] == 367


def test_calibration_without_a_run_keeps_the_fixed_factors():
    f, src, rows = bench.calibration([], None, None)
    assert f == {} and rows == []


def test_decisions_keep_each_slices_fastest():
    a = {"decisions": [300, 9000], "slices": [200, 8500], "slice_us": [[100, 200], [8500, 300, 200]]}
    b = {"decisions": [1300, 700], "slices": [1200, 300], "slice_us": [[1200, 100], [200, 300, 200]]}
    dec, sl = bench.merge_decisions([a, b])
    assert dec == [100 + 100, 200 + 300 + 200] and sl == [100, 300]
    # runs whose slices do not line up: the decision's fastest total
    c = {"decisions": [250, 800], "slices": [250, 800], "slice_us": [[250], [800]]}
    dec, sl = bench.merge_decisions([a, c])
    assert dec == [250, 800] and sl == [200, 800]


def test_heap_model_counts_names_apart():
    # names: 30,000 characters in 90,000 host bytes: 30,000 + 60,000 x 6 / 11 on the chip
    assert abs(DF.names_chip_bytes(90000, 30000) - (30000 + 60000 * 6 / 11.0)) < 1e-6
    b = DF.heap_chip_bytes_names(200000, 40000, 90000, 30000)
    assert abs(b - (110000 * 0.62 + 30000 + 60000 * 6 / 11.0 + 20000)) < 1e-6
    # names weigh more on the chip than bytecode does
    assert b > DF.heap_chip_bytes(200000, 40000)
    sc = {"scene": "home menu", "heap_peak": 200000, "heap_start": 200000,
          "names": [90000, 30000, 3000]}
    assert abs(bench.heap_chip_kb(sc) - DF.heap_chip_bytes_names(200000, 0, 90000, 30000) / 1024) < 1e-9
    assert abs(bench.heap_chip_kb(sc, names=False) - 200000 * 0.62 / 1024) < 1e-9
    line = "qstr pool: n_pool=8, n_qstr=2996, n_str_data_bytes=30338, n_total_bytes=86946"
    assert bench.qstr_line(line) == (86946, 30338, 2996)
    text = ("qstr pool: n_pool=1, n_qstr=10, n_str_data_bytes=100, n_total_bytes=300\nQBASE\n"
            "qstr pool: n_pool=2, n_qstr=110, n_str_data_bytes=1100, n_total_bytes=3300\n"
            'SCENE {"scene": "home menu", "factor": "ui"}\n'
            'SCENE {"scene": "launch Timer", "factor": "ui", "launch": true}\n')
    got = bench.parse_scenes(text)
    assert got[0]["names"] == [3000, 1000, 100]           # less the baseline
    assert "names" not in got[1] and got[1]["factor"] == "launch"


def test_heap_compare_sets_both_trees_beside_the_chip():
    def sc(name, peak, start, names=None):
        d = {"scene": name, "heap_peak": peak, "heap_start": start}
        if names:
            d["names"] = names
        return d
    aud = ([sc("home menu", 120000, 120000, [30000, 10000, 1000])], {})
    cur = ([sc("home menu", 150000, 150000, [90000, 30000, 3000])], {})
    rows = dict((r[0], r[1:]) for r in bench.heap_compare(aud, cur))
    plain, apart, chip, ratio, ok, now, names = rows["at the menu"]
    assert abs(plain - 120000 * 0.62 / 1024) < 1e-9
    assert abs(apart - DF.heap_chip_bytes_names(120000, 0, 30000, 10000) / 1024) < 1e-9
    assert chip == 75.8 and abs(ratio - apart / chip) < 1e-12
    assert abs(now - DF.heap_chip_bytes_names(150000, 0, 90000, 30000) / 1024) < 1e-9
    assert abs(names - DF.names_chip_bytes(90000, 30000) / 1024) < 1e-9
    assert rows["booted into Dairyman"][:2] == (None, None)     # not run
    none = dict((r[0], r[1:]) for r in bench.heap_compare(None, cur))
    assert none["at the menu"][1] is None and none["at the menu"][5] is not None


def test_without_the_audited_commit_the_tree_is_not_built(monkeypatch):
    monkeypatch.setattr(DF, "AUDITED_COMMIT", "0" * 40)
    fw, sim, why = bench.audited_tree()
    assert fw is None and sim is None and "not in this checkout" in why


def test_decision_slices_are_read_from_their_lines():
    text = ("S dairyman 0 100 200\nS dairyman 1 50\nS mildred 0 7\n"
            'BENCH {"dairyman": {"decisions": [300, 50], "slices": [200, 50]}, '
            '"mildred": {"decisions": [7, 9], "slices": [7, 9]}, "ref_us": 1}\n')
    got = bench.parse_decisions(text)
    assert got["dairyman"]["slice_us"] == [[100, 200], [50]]
    assert "slice_us" not in got["mildred"]         # lines missing: totals only
    assert bench.merge_decisions([got["mildred"]]) == ([7, 9], [7, 9])
    assert bench.parse_decisions("S x 0 1\n") is None


def test_the_audited_trees_check_holds_every_chip_figure_of_a_scene():
    """The audited tree's estimates are checked against every figure the chip
    gave for a scene: its worst working frame, its frames a second and, for a
    game, its typical save frame, and the worst save of all the games."""
    import bench
    rows = [{"scene": "home menu", "worst_ms": 18.0, "fps": 30.0},
            {"scene": "Dairyman, 4 Expert bots", "worst_ms": 80.0, "fps": 29.0,
             "save_frames": 3, "save_typ_ms": 80.0, "save_worst_ms": 150.0},
            {"scene": "Milestones, 1 person + 4 Expert bots", "worst_ms": 40.0, "fps": 20.0,
             "save_frames": 9, "save_typ_ms": 120.0, "save_worst_ms": 250.0},
            {"scene": "replay dairyman", "worst_ms": 99.0, "fps": 10.0}]   # no chip figure
    got = dict((name, ok) for name, est, chip, ok in bench.check_rows(rows))
    assert got == {"home menu": True, "Dairyman, 4 Expert bots": False,
                   "Milestones, 1 person + 4 Expert bots": True,
                   "home menu, fps": True, "Dairyman, 4 Expert bots, fps": True,
                   "Milestones, 1 person + 4 Expert bots, fps": False,
                   "Dairyman, 4 Expert bots, save typical": True,
                   "Milestones, 1 person + 4 Expert bots, save typical": False,
                   "the games' saves, worst": True}, got

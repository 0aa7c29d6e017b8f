"""`make bench`: the benchmarks, calibrated to the chip on this host, printed as
tables and written as JSON (bench/out/).

Every device figure is an estimate by a model kept, with its source, in ONE
place (host_tools/benches/device_factors.py: the chip audit of issue 20), and every
estimate printed names its model:

* time: unix-port time x the factor of the work (drawing and everything not a
  bot; each bot; launches and boot, which are module imports) + I2C bus time
  (9 clocks a byte) + flash time of the erases and 256 B pages the saves made
  on littlefs as the chip mounts it (45 ms an erase, 0.7 ms a page:
  host_tools/benches/bench_lfs.py counts them);
* heap: the 64-bit host's bytes loaded before play (modules, constants) less
  their names x 0.62, the names (qstr pools) with their characters 1:1 and
  their pool entries at 6 bytes of the host's 11, + the bytes play added x 0.5.

The factors are this host's, measured in the same run: the tree the chip
audit ran (commit a60eda7, built with build.py's build() into a temporary
folder and driven by its own simulator) runs the same scenes, platform and
decisions as this tree, interleaved with them, and each factor is the chip's
figure for that tree over this host's time for it: drawing, the median of the
home menu (17.8 ms), the roller 12d6 at 400 kHz (45.9 ms) and the hourglass
(25.5 ms) worst frames; each bot, its longest Expert decision (Dairyman
91-112, Mildred 283-316 ms: the mid values) over the longest of the same
fixed-seed decisions; Milestones (no chip figure) the larger bot factor;
launches and boot, the median of the launches' longest frames (Dairyman
130-139, Mildred 126-155 ms) and the boot (0.726 s less its 47.8 ms log
write). Without git or that commit (a tarball), or with ``--fixed``, the
audit host's fixed factors are used and the run says so.

Timings on the unix port are noisy: each benchmark runs several times and the
fastest run of each frame or decision slice counts; every run also times a
reference loop (device_factors.ref_loop), and a run made while the host ran
that loop 25% slower than the session's fastest is dropped (the load is
printed).

Parts: the factors (and the audited tree's estimates at them against every
chip figure), the platform (bytes, idle frames, the boot model), the
device-time table (``scenes``: the real App headless under the unix port, per
scene the worst and p99 frame, save frames, launches and the live heap against
the targets), the heap model on both trees beside the chip's own figures (a
session and a boot straight into each game), the Expert decisions
(host_tools/benches/bench_decisions.py), then the calibrated summary table, every row
against its target. Then each game's own benchmark and the bot ladders (long,
at the fixed factors). ``--scenes``: only the device-time table (fixed
factors); ``--calibrated``: everything up to the summary (no game benchmarks,
no ladders); ``--ladders``: only the ladders; ``--platform``: only the
platform; ``--heap-check DIR [--sim DIR]``: the heap model on another tree.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import upy  # noqa: E402

upy.on_path()
import device_factors as DF  # noqa: E402

ROOT = upy.ROOT
HERE = upy.folder("benches")
OUT = os.path.join(ROOT, "bench", "out")
I2C_BITS_PER_BYTE = DF.CLOCKS_PER_BYTE


def mpy_bench(script, runs=5, args=()):
    results = []
    for _ in range(runs):
        p = subprocess.run(
            upy.argv(os.path.join(HERE, script), *args),
            capture_output=True,
            text=True,
            timeout=900,
        )
        line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
        if p.returncode != 0 or not line:
            raise SystemExit("%s failed:\n%s%s" % (script, p.stdout, p.stderr))
        results.append(json.loads(line[-1][6:]))
    return results


def flush_ms(nbytes, hz):
    return nbytes * I2C_BITS_PER_BYTE * 1000.0 / hz


def boot_model(best):
    """The boot estimate from the platform run: (ms, parts). Unix-port time
    from the first firmware import to the end of the first menu frame, and the
    entropy source's start-up health test (the device runs it at boot, the
    simulator does not), at the launch (import) factor; plus the bus time of
    the first frame's bytes at 1 MHz."""
    cpu = boot_us(best) * DF.FACTORS["boot"] / 1000.0
    bus = DF.bus_ms(best["boot_bytes"], DF.BUS_FAST_HZ)
    return cpu + bus, {"cpu_ms": cpu, "bus_ms": bus}


def boot_us(best):
    """Unix-port us of the boot: first import to the first menu frame, and the
    entropy start-up test."""
    return best["boot_us_unix"] + best["entropy_startup_1024_us_unix"]


def platform_args(fw, sim=None):
    return ["--fw", fw] + (["--sim", sim] if sim else [])


def platform_best(runs):
    """The quiet runs' fastest of every timing: (best, indices kept)."""
    keep = DF.quiet_runs([r["ref_us"] for r in runs])
    runs = [runs[i] for i in keep]
    best = dict(runs[0])
    for k in best:
        if k.endswith("_us") or k.endswith("_ms") or k.endswith("_us_unix"):
            best[k] = min(r[k] for r in runs)
    return best, keep


def platform(fw=None, runs=None):
    """The platform rows: from ``runs`` (bench_platform.py's, made already) or
    5 runs of it now."""
    fw = fw or build_fw()
    if runs is None:
        runs = mpy_bench("bench_platform.py", args=platform_args(fw))
    nruns = len(runs)
    best, keep = platform_best(runs)
    rows = []

    def row(name, value, note=""):
        rows.append((name, value, note))

    for k, label in (
        ("bytes_full_redraw", "full redraw"),
        ("bytes_screen_change", "screen change (menu -> settings)"),
        ("bytes_menu_move", "menu cursor move"),
        ("anim_bytes_per_frame_mean", "dice tumble, mean per drawn frame"),
        ("anim_bytes_per_frame_max", "dice tumble, max per drawn frame"),
    ):
        b = best[k]
        row(
            "panel bytes: " + label,
            "%d B" % b,
            "%.1f ms @400k, %.1f ms @1M" % (flush_ms(b, 400000), flush_ms(b, 1000000)),
        )
    row("panel bytes: 300 idle frames", "%d B" % best["bytes_idle_frames"], "nothing changed, nothing sent")
    row(
        "heap allocated per idle frame",
        "%.2f B" % best["alloc_per_idle_frame_bytes"],
        "budget 0 (300 frames, gc off)",
    )
    def chip(b):
        # everything here is loaded code and the console's own state: modules
        return "~%.0f KB chip (all as modules, x%.2f)" % (DF.heap_chip_kb(b, 0), DF.HEAP_MODULES)

    row("heap after boot", "%d KB" % (best["heap_boot_bytes"] // 1024), chip(best["heap_boot_bytes"]))
    row("heap peak, menu walk", "%d KB" % (best["heap_peak_menu_bytes"] // 1024),
        chip(best["heap_peak_menu_bytes"]))
    for name, b in sorted(best["heap_peak_by_entry"].items()):
        row("heap peak, opening " + name, "%d KB" % (b // 1024), chip(b))
    row("heap peak, dice roller tumble", "%d KB" % (best["heap_peak_roller_bytes"] // 1024),
        chip(best["heap_peak_roller_bytes"]))
    row("heap peak, hourglass running", "%d KB" % (best["heap_peak_timer_bytes"] // 1024),
        chip(best["heap_peak_timer_bytes"]))
    b = best["sand_bytes_per_frame_mean"]
    row("sand: frames sent of 300 (10 s)", "%d" % best["sand_frames_sent"],
        "%s, %d saves" % (best["sand_screen"], best["sand_saves_per_10s"]))
    row("panel bytes: sand, mean per drawn frame", "%d B" % b,
        "%.1f ms @400k, %.1f ms @1M" % (flush_ms(b, 400000), flush_ms(b, 1000000)))
    b = best["sand_bytes_per_frame_max"]
    row("panel bytes: sand, max per drawn frame", "%d B" % b,
        "%.1f ms @400k, %.1f ms @1M" % (flush_ms(b, 400000), flush_ms(b, 1000000)))
    for key, label, bkey in (("anim_drawn_frame_us_unix", "dice tumble", "anim_bytes_per_frame_max"),
                             ("sand_drawn_frame_us_unix", "falling sand", "sand_bytes_per_frame_max")):
        dev = best[key] * DF.UI / 1000 + flush_ms(best[bkey], 1000000)
        row("fps ceiling, " + label, "%d fps" % min(30, int(1000 / dev)),
            "drawn frame ~%.1f ms chip (%s) incl. worst flush at 1 MHz, saves not counted "
            "(the device-time table below counts them)" % (dev, DF.model("ui")))
    row("firmware import time", "%.1f ms" % best["import_ms"], "unix port, best of %d" % len(runs))
    boot, parts = boot_model(best)
    best["boot_ms"] = boot
    row("boot: first import to first menu frame", "%.1f ms" % (best["boot_us_unix"] / 1000.0),
        "~%.0f ms chip: x%.0f (boot factor) incl. the entropy start-up test, + %.1f ms bus; "
        "chip %.0f ms (issue 20, %.1f of it /error.log)" % (
            boot, DF.FACTORS["boot"], parts["bus_ms"], DF.CHIP_BOOT_S * 1000, DF.CHIP_BOOT_LOG_MS))
    row(
        "idle frame (no redraw)",
        "%.1f us" % best["idle_frame_us"],
        "~%.1f ms chip (%s)" % (best["idle_frame_us"] * DF.UI / 1000, DF.model("ui")),
    )
    row(
        "tumble frame with redraw",
        "%.0f us" % best["anim_drawn_frame_us_unix"],
        "~%.0f ms chip (x%.0f) + bus" % (best["anim_drawn_frame_us_unix"] * DF.UI / 1000, DF.UI),
    )
    row("reference loop", "%d us" % best["ref_us"],
        "runs kept %d of %d (within %d%% of the fastest)" % (len(keep), nruns, 100 * (DF.LOADED - 1)))
    return best, rows


# ---- the device-time table ------------------------------------------------------
def parse_scenes(text):
    """bench_frames.py's output -> list of scene dicts, each with its "frames"
    ([unix_us, bytes, saves] a frame)."""
    out = []
    frames = []
    ref = 0
    names = base = None
    for line in text.splitlines():
        if line.startswith("qstr pool:"):
            names = qstr_line(line)
        elif line == "QBASE":
            base = names
        elif line.startswith("REF "):
            ref = int(line.split()[1])
            for d in out:
                d["ref_us"] = ref
        elif line.startswith("F "):
            frames.extend(json.loads(line[2:]))
        elif line.startswith("SCENE "):
            d = json.loads(line[6:])
            d["frames"] = frames
            frames = []
            if d.get("launch"):
                d["factor"] = "launch"      # module imports: the launch factor
            if names is not None:
                b = base or (0, 0, 0)
                # (host bytes, characters, names) the firmware and the simulator interned
                d["names"] = [names[0] - b[0], names[1] - b[1], names[2] - b[2]]
                names = None
            out.append(d)
    return out


def qstr_line(line):
    """micropython.qstr_info()'s line -> (n_total_bytes, n_str_data_bytes, n_qstr)."""
    kv = {}
    for part in line.split(":", 1)[1].split(","):
        k, _, v = part.strip().partition("=")
        kv[k] = int(v)
    return kv["n_total_bytes"], kv["n_str_data_bytes"], kv["n_qstr"]


_REPLAYS = []


def replay_games():
    """A file of finished games ("title text" a line) for the replay scenes:
    made once a run by host_tools/screenshots/games.py (the README's games)."""
    if not _REPLAYS:
        import tempfile
        sys.path.insert(0, upy.folder("screenshots"))
        import games
        fd, path = tempfile.mkstemp(prefix="dicebox_replays_", suffix=".txt")
        with os.fdopen(fd, "w") as f:
            for title, seed in (("dairyman", 3), ("mildred", 1), ("milestones", 3)):
                f.write("%s %s\n" % (title, games.game_text(title, seed)))
        _REPLAYS.append(path)
    return _REPLAYS[0]


def run_frames(fw, heap=False, tiny=False, only=None, sim=None):
    # run in the firmware's folder with "" on the path, as the chip imports
    # from its root: a module's file name (which the import interns, for good)
    # is then "dicebox/core/app.mpy" as on the chip, not this host's path to it
    cmd = upy.argv(os.path.join(HERE, "bench_frames.py"), "--fw", "") + (
        ["--sim", os.path.abspath(sim)] if sim else [])
    if heap:
        cmd.append("--heap")
    if tiny:
        cmd.append("--tiny")
    if only:
        cmd += ["--only", only]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, cwd=os.path.abspath(fw),
                       env=dict(os.environ, DICEBOX_REPLAYS=replay_games()))
    if p.returncode != 0 or "DONE" not in p.stdout:
        raise SystemExit("bench_frames.py failed:\n%s%s" % (p.stdout[-3000:], p.stderr[-3000:]))
    return parse_scenes(p.stdout)


def merge_runs(runs):
    """Several timing runs of the same scenes -> one, with the fastest unix-port
    time of each frame. The runs are deterministic: if a scene's frames (bytes,
    saves) do not line up between runs, the run with the least total time is
    kept whole and the scene says so."""
    merged = []
    for i in range(len(runs[0])):
        same = [r[i] for r in runs if i < len(r) and r[i].get("scene") == runs[0][i].get("scene")]
        base = dict(same[0])
        if base.get("error"):
            merged.append(base)
            continue
        shape = [[f[1], f[2]] for f in base["frames"]]
        if all([[f[1], f[2]] for f in x["frames"]] == shape for x in same):
            # a collection may fall in different frames run to run: keep each
            # frame's time and collection flag from the same (fastest) run
            keep = []
            for k in range(len(shape)):
                best = min(same, key=lambda x: x["frames"][k][0])["frames"][k]
                keep.append([best[0]] + shape[k] + list(best[3:]))
            base["frames"] = keep
            base["runs_aligned"] = True
        else:
            best = min(same, key=lambda x: sum(f[0] for f in x["frames"]))
            base["frames"] = best["frames"]
            base["runs_aligned"] = False
        base["runs"] = len(same)
        merged.append(base)
    return merged


def pctl(sorted_vals, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_vals:
        return 0.0
    k = -(-len(sorted_vals) * q // 100)   # ceil
    return sorted_vals[max(0, int(k) - 1)]


def estimate(scene, hz):
    """Per frame chip ms of a scene at bus speed hz, with the parts of each:
    list of (total, cpu, bus, flash). In a game's scene (a bot workload,
    its frames timing the bot's slice apart) the bot's slice is scaled by the
    bot's factor and everything else by the drawing factor; elsewhere the
    frame's drawing, driver and saves' code by the drawing factor and the
    rest by the scene's workload factor (a launch: module imports); the
    console's own collections (timed apart) at the chip's figure each; flash
    is the erases and pages its saves made (a frame recorded without them:
    FLASH_PER_SAVE_UNCOUNTED a save)."""
    f = DF.FACTORS[scene["factor"]]
    split = scene["factor"] in DF.BOT_WORKLOADS
    out = []
    for fr in scene["frames"]:
        us, nb, saves = fr[0], fr[1], fr[2]
        ui = fr[4] if len(fr) > 4 else 0      # drawing and the driver: the UI factor
        sv = fr[6] if len(fr) > 6 else 0      # Store.save's own code: the UI factor
        cg = fr[11] if len(fr) > 11 else 0    # the console's own collections: the chip's figure
        if cg:
            us = max(0, us - cg)
        if split and len(fr) > 10:
            # a game's frame: its bot's slice at the bot's factor, all the rest (the
            # table's and the console's code, drawing, saves) at the UI factor
            bt = min(fr[10], us)
            cpu = (bt * f + (us - bt) * DF.UI) / 1000.0
        else:
            other = max(0, us - ui - sv)
            cpu = (other * f + (ui + sv) * DF.UI) / 1000.0
        if cg:
            cpu += max(1, fr[5]) * DF.CHIP_COLLECT_MS
        bus = DF.bus_ms(nb, hz)
        if len(fr) > 8:
            flash = DF.flash_ms(fr[7], fr[8])
        else:
            flash = saves * DF.flash_ms(*DF.FLASH_PER_SAVE_UNCOUNTED)
        out.append((cpu + bus + flash, cpu, bus, flash))
    return out


def fps(est):
    """Average frames a second when each frame takes max(its period, its time)."""
    if not est:
        return 0.0
    total = sum(max(DF.FRAME_PERIOD_MS, e[0]) for e in est)
    return len(est) * 1000.0 / total


def frame_kind(fr):
    """What a frame was: "load" (it imported a module: a table's bot in its
    first frames, judged apart against the launch target), "save" (a save
    frame: judged apart), "still gc" (the
    console's own collection in a frame a table gave it, where nothing moves:
    judged apart), "gc" (the allocator collected inside a frame that did other
    work: judged) or "work" (judged). ``scene_table`` also marks the frame
    that opened a game's table ("open": the new game built and its first
    picture drawn, the scene's ``opening``), judged apart against the launch
    target like the bot's import."""
    if len(fr) > 9 and fr[9]:
        return "load"
    if fr[2]:
        return "save"
    if len(fr) > 5 and fr[5]:
        return "still gc"
    if len(fr) > 3 and fr[3]:
        return "gc"
    return "work"


def heap_parts(scene):
    """(modules, data) host bytes of a scene's live heap peak: what was live
    when it started (every module it needs loaded, no play yet) and what play
    added since. A launch loads modules all the way: all of it modules."""
    peak = scene.get("heap_peak", 0)
    start = scene.get("heap_start", 0)
    if not peak:
        return 0, 0
    if scene.get("launch") or not start:
        return peak, 0
    return min(start, peak), max(0, peak - start)


def heap_chip_kb(scene, word_bytes=8, names=True):
    """A scene's live heap on the chip by the heap model (KB): names apart
    when the scene counted them (and ``names``), else modules x 0.62 + data x 0.5."""
    m, d = heap_parts(scene)
    if word_bytes == 4:        # a 32-bit host: its figure is the chip's
        return (m + d) / 1024.0
    nm = scene.get("names") if names else None
    return DF.heap_chip_kb(m, d, nm[:2] if nm else None)


def scene_table(scenes, word_bytes=8):
    """Rows (dicts) of the device-time table. Judged ("worst", "p99", frames
    over the target) are the frames that do work: moving pictures, bot slices,
    moves, and any collection the allocator made inside them. Saves and the
    console's own collections in still frames are counted apart (DESIGN: a save
    may be long, never inside an animation; a scheduled collection likewise);
    save frames have targets of their own (typical = the median)."""
    rows = []
    for sc in scenes:
        if sc.get("error"):
            rows.append({"scene": sc["scene"], "error": sc["error"]})
            continue
        speeds = [DF.BUS_FAST_HZ, DF.BUS_SLOW_HZ] if "dice" in sc else [DF.BUS_FAST_HZ]
        frs = sc["frames"]
        kinds = [frame_kind(f) for f in frs]
        for i in sc.get("opening", ()):   # the frame that built a new game and drew its table
            if i < len(kinds):
                kinds[i] = "open"
        for hz in speeds:
            full = estimate(sc, hz)
            judged = [i for i in range(len(full)) if kinds[i] in ("work", "gc")]
            est = [full[i] for i in judged] or full
            save_frames = [full[i] for i in range(len(full)) if kinds[i] == "save"]
            save_tot = sorted(e[0] for e in save_frames)
            still = [i for i in range(len(full)) if kinds[i] == "still gc"]
            # a module's import (the table's bot): chip time at the launch factor, as a launch's frames
            loads = [DF.device_ms(frs[i][0], "launch") + full[i][2] for i in range(len(full))
                     if kinds[i] == "load"]
            # the table's first frame: the new game built (the game's factor) and drawn
            opens = [full[i][0] for i in range(len(full)) if kinds[i] == "open"]
            tot = sorted(e[0] for e in est)
            worst = max(est, key=lambda e: e[0]) if est else (0, 0, 0, 0)
            over = [i for i in judged if full[i][0] > DF.FRAME_MAX_MS]
            name = sc["scene"]
            if "dice" in sc:
                name += " @%s" % ("1 MHz" if hz == DF.BUS_FAST_HZ else "400 kHz")
            mods, data = heap_parts(sc)
            r = {"scene": name, "factor": DF.FACTORS[sc["factor"]], "workload": sc["factor"],
                 "frames": len(est), "nframes": len(full),
                 "worst_ms": worst[0], "worst_cpu_ms": worst[1], "worst_bus_ms": worst[2],
                 "worst_flash_ms": worst[3], "p99_ms": pctl(tot, 99),
                 "saves": sum(f[2] for f in frs), "bytes": sum(f[1] for f in frs),
                 "erases": sum(f[7] for f in frs if len(f) > 8),
                 "pages": sum(f[8] for f in frs if len(f) > 8),
                 "heap_peak": sc.get("heap_peak", 0), "heap_modules": mods, "heap_data": data,
                 "launch": bool(sc.get("launch")),
                 "save_frames": len(save_frames),
                 "save_frame_cpu_ms": max([e[1] + e[2] for e in save_frames] or [0]),
                 "save_typ_ms": pctl(save_tot, 50), "save_worst_ms": save_tot[-1] if save_tot else 0,
                 "save_frames_gc": sum(1 for i in range(len(frs))
                                       if kinds[i] == "save" and len(frs[i]) > 3 and frs[i][3]),
                 "multi_save_frames": sum(1 for f in frs if f[2] > 1),
                 # the console's own collections, in still frames
                 "still_gc_frames": len(still),
                 "still_gc_worst_ms": max([full[i][0] for i in still] or [0]),
                 "still_gc_moved": sum(1 for i in still if frs[i][1]),   # flushed bytes: not still
                 "load_frames": len(loads), "load_worst_ms": max(loads or [0]),
                 "open_frames": len(opens), "open_worst_ms": max(opens or [0]),
                 # collections the allocator made inside judged frames
                 "gc_frames": sum(1 for i in judged if kinds[i] == "gc"),
                 "over_target": len(over),
                 "over_gc": sum(1 for i in over if kinds[i] == "gc"),
                 "over_work": sum(1 for i in over if kinds[i] == "work"),
                 "worst_no_gc_ms": max([full[i][0] for i in judged if kinds[i] == "work"] or [0]),
                 "runs_aligned": sc.get("runs_aligned", True), "bus_hz": hz}
            r["heap_device_kb"] = heap_chip_kb(sc, word_bytes) if r["heap_peak"] else 0
            r["save_pass"] = (r["save_typ_ms"] <= DF.SAVE_FRAME_TYP_MS
                              and r["save_worst_ms"] <= DF.SAVE_FRAME_MAX_MS)
            if r["launch"]:
                r["worst_ms"] = max(e[0] for e in full) if full else 0
                r["worst_flash_ms"] = max(e[3] for e in full) if full else 0
                r["target"] = "<= %d ms" % DF.LAUNCH_MAX_MS
                r["pass"] = r["worst_ms"] <= DF.LAUNCH_MAX_MS
            else:
                r["fps"] = fps(full)
                r["target"] = "<= %d ms, %d fps" % (DF.FRAME_MAX_MS, DF.FPS_TARGET)
                r["frame_pass"] = (r["worst_ms"] <= DF.FRAME_MAX_MS and not r["multi_save_frames"]
                                   and not r["still_gc_moved"])
                r["fps_pass"] = r["fps"] >= DF.FPS_TARGET - 0.5
                r["pass"] = r["frame_pass"] and r["fps_pass"]
            r["heap_pass"] = r["heap_device_kb"] <= DF.HEAP_LIVE_MAX_KB
            rows.append(r)
    return rows


def print_scene_table(rows):
    ok = lambda b: "PASS" if b else "FAIL"  # noqa: E731
    print("chip time = unix-port time x factor (a game's scene: its bot's slices x the bot's "
          "factor, all else x%d; other scenes: drawing, driver and save code x%d, the rest x the "
          "scene's workload) + bus (9 clocks/B) + %s; fastest of the runs per frame"
          % (DF.UI, DF.UI, DF.FLASH_MODEL))
    hdr = "%-36s %4s %5s %8s %8s  %-24s %10s %5s %8s %-14s %5s %-15s %6s %-9s %s" % (
        "scene", "x", "frms", "worst", "p99", "worst = cpu+bus+flash", "chip worst", "fps",
        "over 50", "still gc", "saves", "save typ/worst", "heap~", "target", "result")
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        if r.get("error"):
            print("%-36s  did not run: %s" % (r["scene"], r["error"]))
            continue
        parts = "%5.0f +%5.1f +%4.0f" % (r["worst_cpu_ms"], r["worst_bus_ms"], r["worst_flash_ms"])
        if r["launch"]:
            res = "launch %s" % ok(r["pass"])
            f = "-"
            over = "-"
            still = "-"
        else:
            res = "frame %s  fps %s" % (ok(r["frame_pass"]), ok(r["fps_pass"]))
            f = "%.1f" % r["fps"]
            over = "%d" % r["over_target"]
            if r["over_target"]:
                over += " (%dgc)" % r["over_gc"]
            still = "%d, max %.0f" % (r["still_gc_frames"], r["still_gc_worst_ms"]) \
                if r["still_gc_frames"] else "0"
        sv = "-"
        if r["save_frames"]:
            sv = "%.0f/%.0f ms" % (r["save_typ_ms"], r["save_worst_ms"])
            res += "  save %s" % ok(r["save_pass"])
        res += "  heap %s" % ok(r["heap_pass"])
        if r.get("over_target") and not r["launch"]:
            res += "  over %d ms: %d work, %d collections by the allocator (worst without: %.0f ms)" % (
                DF.FRAME_MAX_MS, r["over_work"], r["over_gc"], r["worst_no_gc_ms"])
        elif r.get("gc_frames") and not r["launch"]:
            res += "  %d collections by the allocator, all under %d ms" % (r["gc_frames"], DF.FRAME_MAX_MS)
        if r.get("still_gc_moved"):
            res += "  %d still-gc frames flushed pixels" % r["still_gc_moved"]
        if r.get("multi_save_frames"):
            res += "  %d frames with 2+ saves" % r["multi_save_frames"]
        if r.get("saves"):
            res += "  (%d erases, %d pages)" % (r["erases"], r["pages"])
        if not r["runs_aligned"]:
            res += "  (runs differed: fastest whole run)"
        print("%-36s %4d %5d %5.0f ms %5.0f ms  %-24s %10s %5s %8s %-14s %5d %-15s %3.0f KB %-9s %s" % (
            r["scene"], r["factor"], r["frames"], r["worst_ms"], r["p99_ms"], parts,
            DF.measured(r["scene"]), f, over, still, r["saves"], sv, r["heap_device_kb"],
            r["target"].split(",")[0], res))
    print("targets (issue 20): every working frame <= %d ms and %d fps; app launch <= %d ms; "
          "a save frame <= %d ms typical (the median), <= %d ms worst; live heap <= %d KB on "
          "the chip" % (DF.FRAME_MAX_MS, DF.FPS_TARGET, DF.LAUNCH_MAX_MS, DF.SAVE_FRAME_TYP_MS,
                        DF.SAVE_FRAME_MAX_MS, DF.HEAP_LIVE_MAX_KB))
    print("heap~: the host's peak under -X heapsize=%s by the heap model, %s; a scene's "
          "modules = its live heap when it starts, play data = its peak less that (a launch: "
          "all modules)" % (upy.HEAP, DF.HEAP_MODEL))
    print("factors: " + "; ".join("%s %s" % (k, DF.model(k)) for k in sorted(DF.FACTORS))
          + " (host_tools/benches/device_factors.py); a game's launch uses its bot's factor, other "
          "launches the drawing one")
    print("chip worst: the chip's own figure in the audit (issue 20, the tree at a60eda7), "
          "where there is one")
    print("judged (frms, worst, p99, over 50): every frame that does work -- a move, a bot "
          "slice, a redraw, an animation -- including any garbage collection the allocator "
          "made inside it ('(Ngc)': over-target frames that held one)")
    print("still gc: frames the tables gave to the heap (nothing to redraw, nothing "
          "animating, no bot slice, no move), in which the console collected "
          "(App.collect_if_low): count and worst; reported apart, never inside an animation")
    print("save frames: a save is taken in a frame of its own (a table makes its record in "
          "the frame before, judged as work); its flash is what littlefs "
          "did on the counted image (erases and pages); a frame with two saves fails the scene")
    print("a game's first frame (Start on the new-game page: the new game built and its table "
          "drawn) is judged with the launches (<= %d ms) in the summary, not among the "
          "working frames; its save comes in later frames" % DF.LAUNCH_MAX_MS)
    print("fps: over all frames, saves and still collections included")


def load_note(runs, keep_all=False):
    """Drop the runs made on a loaded host (their reference loop 25% slower
    than the fastest): (kept runs, text). ``keep_all``: keep every run (the
    calibrated run: each frame the fastest of all, on both trees alike)."""
    refs = [r[0].get("ref_us", 0) if r else 0 for r in runs]
    if not all(refs):
        return runs, "reference loop not timed"
    keep = DF.quiet_runs(refs) if not keep_all else list(range(len(runs)))
    best = min(refs)
    text = "reference loop %d us at best; loads %s; %d of %d runs kept" % (
        best, ", ".join("%.2f" % DF.load_of(x, best) for x in refs), len(keep), len(runs))
    return [runs[i] for i in keep], text


def scenes(fw, runs=5, heap=None, timing=None, keep_all=False):
    """The device-time table of the tree ``fw``, from the heap pass and the
    timing runs given (made already) or made now."""
    if heap is None:
        heap = session_heap(fw)
    if timing is None:
        timing = [run_frames(fw) for _ in range(runs)]
    runs = len(timing)
    timing, note = load_note(timing, keep_all)
    merged = merge_runs(timing)
    by = dict((s["scene"], s) for s in heap)
    for s in merged:
        h = by.get(s["scene"], {})
        s["heap_peak"] = h.get("heap_peak", 0)
        s["heap_start"] = h.get("heap_start", 0)
        if "names" in h:
            s["names"] = h["names"]
    word = 8 if sys.maxsize > 2 ** 32 else 4
    rows = scene_table(merged, word)
    print("\n==== chip time per scene (real App under the unix port, heap %s, %d runs; %s)"
          % (upy.HEAP, runs, note))
    print_scene_table(rows)
    with open(os.path.join(OUT, "frames.json"), "w") as f:
        json.dump({"rows": rows, "factors": DF.FACTORS, "load": note,
                   "source": DF.SOURCE, "scenes": merged}, f, indent=1, sort_keys=True)
    print("written bench/out/frames.json")
    return rows, heap


# ---- the heap model against the chip ---------------------------------------------------
GAME_SCENES = (("dairyman", "Dairyman"), ("mildred", "Mildred"), ("milestones", "Milestones"))
HEAP_ROWS = [("at the menu", "menu")] + \
    [("booted into " + p, "booted " + g) for g, p in GAME_SCENES] + \
    [("in a session, " + p, "session " + g) for g, p in GAME_SCENES]


def heap_scenes(session, booted):
    """{chip figure's key: scene}: the heap pass's scenes (``session``: menu,
    roller, timer, then a game, one interpreter a game) and ``booted`` ({game:
    its scene from a run of that game alone})."""
    first = dict((s["scene"].split(",")[0].split(" ")[0], s) for s in session
                 if not s.get("launch"))
    out = {"menu": first.get("home")}
    for g, prefix in GAME_SCENES:
        out["booted " + g] = booted.get(g)
        out["session " + g] = first.get(prefix)
    return dict((k, v) for k, v in out.items()
                if v and not v.get("error") and v.get("heap_peak"))


def heap_check(session, booted, names=True):
    """Rows (name, model KB, chip KB, ratio, within the audit's tolerance) of
    the heap model (names apart when ``names`` and the scenes counted them)
    against the chip's own figures (issue 20)."""
    got = heap_scenes(session, booted)
    rows = []
    for name, key in HEAP_ROWS:
        if key in got:
            model = heap_chip_kb(got[key], names=names)
            chip = DF.CHIP_HEAP_KB[key]
            ratio = model / chip
            rows.append((name, model, chip, ratio, abs(ratio - 1) <= DF.AUDIT_TOLERANCE))
    return rows


def heap_compare(audited, current):
    """Rows (name, audited tree by the plain model, audited tree names apart,
    chip, ratio of the names-apart model, within tolerance, current tree
    names apart, current tree's names in KB on the chip). ``audited`` and
    ``current``: (session, booted) of each tree (audited None: not run)."""
    cur = heap_scenes(*current)
    aud = heap_scenes(*audited) if audited else {}
    rows = []
    for name, key in HEAP_ROWS:
        a = aud.get(key)
        c = cur.get(key)
        chip = DF.CHIP_HEAP_KB[key]
        plain = heap_chip_kb(a, names=False) if a else None
        apart = heap_chip_kb(a) if a else None
        ratio = apart / chip if a else None
        nm = c.get("names") if c else None
        rows.append((name, plain, apart, chip, ratio,
                     ratio is not None and abs(ratio - 1) <= DF.AUDIT_TOLERANCE,
                     heap_chip_kb(c) if c else None,
                     DF.names_chip_bytes(nm[0], nm[1]) / 1024.0 if nm else None))
    return rows


SESSION = "menu,roller2,roller12,hourglass"    # a session's scenes before its game


def session_heap(fw, sim=None):
    """The heap pass as the chip audit ran its sessions: one interpreter for
    each game, the home menu, roller and timer, then that game (a game's own
    names are interned when it first opens: a session that opens all three
    holds all their names, one that opens one holds its own); then the
    launches, in one more. The scenes in that order, each game's once."""
    out = []
    for g, prefix in GAME_SCENES:
        got = run_frames(fw, heap=True, only=SESSION + "," + g, sim=sim)
        if not out:
            out = [x for x in got if not x["scene"].startswith(prefix)]
        out += [x for x in got if x["scene"].startswith(prefix)]
    return out + run_frames(fw, heap=True, only="launch", sim=sim)


def booted_heap(fw, sim=None):
    """Each game's scene from a run of that game alone (a boot straight into it)."""
    out = {}
    for g, prefix in GAME_SCENES:
        got = [s for s in run_frames(fw, heap=True, only=g, sim=sim) if s["scene"].startswith(prefix)]
        if got:
            out[g] = got[0]
    return out


def print_heap_check(rows):
    print("\n==== live heap: the model (%s; %s) against the chip (issue 20, the tree at a60eda7)"
          % (DF.HEAP_MODEL, DF.HEAP_NAMES_MODEL))
    print("%-26s %10s %10s %7s  %s" % ("", "model", "chip", "ratio", "within +-%d%%"
                                       % (100 * DF.AUDIT_TOLERANCE)))
    for name, model, chip, ratio, ok in rows:
        print("%-26s %7.1f KB %7.1f KB %7.2f  %s" % (name, model, chip, ratio, "yes" if ok else "NO"))
    print("(the chip's figures are of the tree at a60eda7; this tree's code differs: "
          "`bench.py --heap-check DIR` runs the model on another firmware tree)")


def print_heap_compare(rows, audited_note):
    kb = lambda x: "%6.1f KB" % x if x is not None else "       -"  # noqa: E731
    print("\n==== live heap on the chip by the model: the audited tree (%s) against the chip, "
          "and this tree" % audited_note)
    print("model: %s; %s" % (DF.HEAP_MODEL, DF.HEAP_NAMES_MODEL))
    print("%-26s %13s %13s %9s %6s %5s %13s %12s" % (
        "", "audited plain", "audited names", "chip", "ratio", "+-20", "this tree", "its names"))
    for name, plain, apart, chip, ratio, ok, cur, nm in rows:
        print("%-26s %13s %13s %9s %6s %5s %13s %12s" % (
            name, kb(plain), kb(apart), kb(chip), "%.2f" % ratio if ratio is not None else "-",
            ("yes" if ok else "NO") if ratio is not None else "-", kb(cur), kb(nm)))
    print("plain: modules x %.2f + play data x %.2f; names: the same with the names (qstr "
          "pools) taken out of the modules and counted apart; chip: issue 20, the tree at a60eda7"
          % (DF.HEAP_MODULES, DF.HEAP_DATA))


# ---- Expert decisions ------------------------------------------------------------------
DECISION_GAMES = 3


def decision_args(fw, games=DECISION_GAMES):
    return ["--fw", fw, "--games", str(games)]


def parse_decisions(text):
    """bench_decisions.py's output -> its BENCH dict, each game's slices
    (the ``S game i us ...`` lines) as ``slice_us``."""
    out = None
    sl = {}
    for line in text.splitlines():
        if line.startswith("S "):
            parts = line.split()
            sl.setdefault(parts[1], []).append([int(x) for x in parts[3:]])
        elif line.startswith("BENCH "):
            out = json.loads(line[6:])
    if out is None:
        return None
    for g in sl:
        if g in out and len(sl[g]) == len(out[g]["decisions"]):
            out[g]["slice_us"] = sl[g]
    return out


def run_decisions(fw, games=DECISION_GAMES):
    p = subprocess.run(upy.argv(os.path.join(HERE, "bench_decisions.py"), *decision_args(fw, games)),
                       capture_output=True, text=True, timeout=900)
    got = parse_decisions(p.stdout)
    if p.returncode != 0 or got is None:
        raise SystemExit("bench_decisions.py failed:\n%s%s" % (p.stdout[-2000:], p.stderr[-2000:]))
    return got


def merge_decisions(runs):
    """Several runs of bench_decisions.py for one game ({"decisions", "slices",
    "slice_us"} each) -> (decision us, longest slice us) lists: each slice the
    fastest of the runs (a slice the host's scheduler cut into counts at its
    time in another run), a decision the sum of its slices. Where the runs'
    slices do not line up, that decision's fastest total and slice."""
    dec = []
    sl = []
    for i in range(len(runs[0]["decisions"])):
        per = [r["slice_us"][i] for r in runs if "slice_us" in r]
        if per and len(per) == len(runs) and all(len(x) == len(per[0]) for x in per):
            fast = [min(x) for x in zip(*per)]
            dec.append(sum(fast))
            sl.append(max(fast))
        else:
            dec.append(min(r["decisions"][i] for r in runs))
            sl.append(min(r["slices"][i] for r in runs))
    return dec, sl


def decision_stats(got, runs_timed):
    """bench_decisions.py's runs -> {game: {...}} at the factors in use. Every
    run is kept: each slice is the fastest of them, which leaves out the
    scheduler's cuts better than dropping a loaded run would."""
    out = {"ref_us": min(r["ref_us"] for r in got), "runs": len(got), "runs_timed": runs_timed}
    for g in ("dairyman", "mildred"):
        dec, sl = merge_decisions([r[g] for r in got])
        s = sorted(dec)
        out[g] = {"decisions": len(dec), "median_us": pctl(s, 50), "p99_us": pctl(s, 99),
                  "max_us": s[-1], "slice_max_us": max(sl),
                  "chip_median_ms": DF.device_ms(pctl(s, 50), g),
                  "chip_p99_ms": DF.device_ms(pctl(s, 99), g),
                  "chip_max_ms": DF.device_ms(s[-1], g),
                  "chip_slice_max_ms": DF.device_ms(max(sl), g), "model": DF.model(g)}
    return out


def decisions(fw, runs=3, games=DECISION_GAMES):
    """Expert decision times (bench_decisions.py), each slice the fastest of
    the quiet runs: {game: {...}}."""
    return decision_stats([run_decisions(fw, games) for _ in range(runs)], runs)


CHIP_DECISION = {"dairyman": "91-112 ms", "mildred": "283-316 ms"}
CHIP_SLICE = {"dairyman": "32 ms", "mildred": "29-35, 70 once"}


def print_decisions(d):
    print("\n==== Expert decisions as the console thinks them (2 Expert seats, %d fixed games a "
          "title, each slice the fastest of %d runs of %d; reference loop %d us)"
          % (DECISION_GAMES, d["runs"], d["runs_timed"], d["ref_us"]))
    print("%-10s %6s %10s %10s %10s %11s   %-34s %s" % (
        "game", "decs", "median", "p99", "max", "max slice", "chip median/p99/max/slice",
        "model; chip longest in the audit"))
    for g in ("dairyman", "mildred"):
        x = d[g]
        print("%-10s %6d %7.3f ms %7.3f ms %7.3f ms %8.3f ms   %5.0f/%4.0f/%4.0f/%3.0f ms %-9s %s; %s, slice %s"
              % (g, x["decisions"], x["median_us"] / 1e3, x["p99_us"] / 1e3, x["max_us"] / 1e3,
                 x["slice_max_us"] / 1e3, x["chip_median_ms"], x["chip_p99_ms"], x["chip_max_ms"],
                 x["chip_slice_max_ms"], "PASS" if x["chip_max_ms"] <= DF.DECISION_MAX_MS else "FAIL",
                 x["model"], CHIP_DECISION[g], CHIP_SLICE[g]))
    print("target: every Expert decision <= %d ms on the chip; Milestones' reroll decision: "
          "bench_milestones.py (x%.0f)" % (DF.DECISION_MAX_MS, DF.MILESTONES_BOT))


# ---- this host's factors, from the tree the chip audit measured ------------------------
def audited_tree():
    """The tree the chip audit ran (DF.AUDITED_COMMIT), its firmware built with
    build.py's build() and its own simulator (host_tools/sim), in a temporary
    folder: (fw, sim, None), or (None, None, why not) when git or the commit's
    objects are not here (a tarball without .git)."""
    import shutil
    import tempfile
    sha = DF.AUDITED_COMMIT
    try:
        p = subprocess.run(["git", "-C", ROOT, "cat-file", "-e", sha + "^{commit}"],
                           capture_output=True, text=True)
    except OSError as e:
        return None, None, "no git (%s)" % e
    if p.returncode != 0:
        return None, None, "commit %s not in this checkout" % sha
    tmp = tempfile.mkdtemp(prefix="dicebox_audited_")
    arch = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", sha, "firmware",
                           "host_tools/sim"], capture_output=True)
    if arch.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        return None, None, "git archive %s failed: %s" % (sha, arch.stderr.decode()[-200:])
    subprocess.run(["tar", "-x", "-C", tmp], input=arch.stdout, check=True)
    import build
    fw = os.path.join(tmp, "build")
    saved = build.FW
    build.FW = os.path.join(tmp, "firmware")
    try:
        errors, _ = build.build(fw, quiet=True)
    finally:
        build.FW = saved
    if errors:
        return None, None, "the tree at %s did not build: %s" % (sha, errors[:2])
    return fw, os.path.join(tmp, "host_tools", "sim"), None


def judged_frames(scene, hz, ui_factor=None, factor=None):
    """(unix-port us at the fitted factor, ms that do not scale with it) of
    each judged frame (work or gc) of a scene at bus speed hz. ``factor``
    None: the whole frame's time is fitted (drawing); else the frame's UI and
    save-code part is fixed at ``ui_factor`` and the rest fitted."""
    out = []
    for fr in scene["frames"]:
        if frame_kind(fr) not in ("work", "gc") and not scene.get("launch"):
            continue
        us = fr[0]
        ui = (fr[4] if len(fr) > 4 else 0) + (fr[6] if len(fr) > 6 else 0)
        flash = DF.flash_ms(fr[7], fr[8]) if len(fr) > 8 else 0.0
        fixed = DF.bus_ms(fr[1], hz) + flash
        if ui_factor is None:
            out.append((us, fixed))
        else:
            out.append((max(0, us - ui), fixed + ui * ui_factor / 1000.0))
    return out


def scene_by_name(scenes, name):
    """The scene whose name starts with ``name`` ("roller 12d6 @400 kHz": the
    roller 12d6 scene at 400 kHz): (scene, bus hz) or (None, None)."""
    hz = DF.BUS_SLOW_HZ if "@400 kHz" in name else DF.BUS_FAST_HZ
    base = name.replace(" @400 kHz", "").replace(" @1 MHz", "")
    for s in scenes:
        if s.get("scene", "").startswith(base) and not s.get("error"):
            return s, hz
    return None, None


def worst_fits(aud_scenes, cal, ui_factor=None, factor=None):
    """(name, chip ms, factor, worst frame) of each calibration scene in
    ``cal`` that the audited tree ran and that fits: the factor at which the
    scene's worst judged frame (``judged_frames``) takes the chip's figure."""
    for name, chip, lo, hi in cal:
        sc, hz = scene_by_name(aud_scenes, name)
        if sc is None:
            continue
        fr = judged_frames(sc, hz, ui_factor, factor)
        k = DF.fit_worst(chip, fr)
        if k is None:
            continue
        yield name, chip, k, max(fr, key=lambda x: x[0] * k / 1000.0 + x[1])


def calibration(aud_scenes, aud_dec, aud_platform):
    """This host's factors from the audited tree's runs: ({workload: factor},
    {workload: source text}, rows). Rows: (workload, figure, chip ms, host ms
    of the audited tree, ms that do not scale, factor, used) for the table.

    * ui (drawing and all that is not a bot): the median of the three scenes'
      factors, each the one at which the scene's worst judged frame takes the
      chip's figure (bus and flash time counted apart);
    * dairyman, mildred: the chip's longest Expert decision (the mid of the
      audit's range) over the host's longest of the fixed-seed decisions;
    * milestones: no decision figure, the larger of the two bots' (its
      scene's worst frame, 39.3 ms on the chip, is a check, not a fit);
    * launch (module imports, launches and boot): the median of the two
      launches' longest frames and the boot."""
    f = {}
    src = {}
    rows = []
    sha = DF.AUDITED_COMMIT
    ui = []
    for name, chip, k, worst in worst_fits(aud_scenes, DF.CAL_DRAWING):
        ui.append(k)
        rows.append(["ui", name + ", worst frame", chip, worst[0] / 1000.0, worst[1], k, False])
    if ui:
        f["ui"] = DF.median(ui)
        for r in rows:
            r[6] = True
        src["ui"] = "this host: median of %s, chip / this host's time on the tree at %s" % (
            ", ".join("%s %.1f ms x%.0f" % (r[1].split(",")[0], r[2], r[5]) for r in rows), sha)
    uif = f.get("ui", DF.FIXED["ui"])
    for g in ("dairyman", "mildred"):
        if not aud_dec or g not in aud_dec:
            continue
        name, chip, lo, hi = DF.CAL_BOT[g]
        host = aud_dec[g]["max_us"]
        k = DF.bot_factor(chip, host)
        f[g] = k
        rows.append([g, "%s %s" % (g.capitalize(), name), chip, host / 1000.0, 0.0, k, True])
        src[g] = "this host: the chip's longest Expert decision %.0f-%.0f ms (mid %.1f) / this " \
            "host's longest of the same fixed-seed decisions on the tree at %s, %.2f ms" % (
                lo, hi, chip, sha, host / 1000.0)
    if "dairyman" in f and "mildred" in f:
        f["milestones"] = max(f["dairyman"], f["mildred"])
        src["milestones"] = "no chip figure: the larger bot factor here, %s's" % (
            "Dairyman" if f["dairyman"] >= f["mildred"] else "Mildred")
    launch = []
    for name, chip, k, worst in worst_fits(aud_scenes, DF.CAL_LAUNCH, uif, True):
        launch.append(k)
        rows.append(["launch", name + ", longest frame", chip, worst[0] / 1000.0, worst[1], k, True])
    if aud_platform:
        name, chip = DF.CAL_BOOT
        bus = DF.bus_ms(aud_platform["boot_bytes"], DF.BUS_FAST_HZ)
        host = boot_us(aud_platform)
        k = DF.fit_worst(chip, [(host, bus)])
        f["boot"] = k
        rows.append(["boot", name + " (less the log write)", chip, host / 1000.0, bus, k, True])
        src["boot"] = "this host: the chip's boot, %.0f ms without the log write, / this host's " \
            "boot of the tree at %s, %.1f ms (+ bus)" % (chip, sha, host / 1000.0)
    if launch:
        f["launch"] = DF.median(launch)
        src["launch"] = "this host: median of the launches' longest frames (Dairyman 130-139, " \
            "Mildred 126-155 ms), chip / this host on the tree at %s" % sha
    return f, src, rows


def print_calibration(rows, f, note):
    print("\n==== this host's factors: chip ms (issue 20) / this host's ms for the same work on "
          "the tree at %s (%s)" % (DF.AUDITED_COMMIT, note))
    print("%-11s %-50s %9s %11s %10s %8s" % ("workload", "figure", "chip", "host", "not scaled",
                                            "factor"))
    for wl, name, chip, host, fixed, k, used in rows:
        print("%-11s %-50s %6.1f ms %8.3f ms %7.1f ms %7.0fx" % (wl, name, chip, host, fixed, k))
    print("in use: " + "; ".join("%s x%.0f (fixed x%.0f)" % (k, f[k], DF.FIXED[k])
                                 for k in sorted(f)))
    print("not scaled: the bus time of the frame's bytes (9 clocks a byte) and the flash of its "
          "saves, and in a launch its drawing at the drawing factor; a scene's factor is the one "
          "at which its worst frame takes the chip's figure")


def check_rows(aud_rows):
    """The audited tree's estimates at this host's factors against every chip
    figure of issue 20 for a scene (those not fitted too: the games' frames):
    (scene, estimate ms, chip text, within +-20% of the chip's range)."""
    out = []
    for r in aud_rows:
        if r.get("error"):
            continue
        chip = DF.measured(r["scene"])
        if not chip:
            continue
        nums = [float(x) for x in chip.replace(" ms", "").split("-")]
        lo, hi = nums[0], nums[-1]
        ok = lo * (1 - DF.AUDIT_TOLERANCE) <= r["worst_ms"] <= hi * (1 + DF.AUDIT_TOLERANCE)
        out.append((r["scene"], r["worst_ms"], chip, ok))
    for r in aud_rows:      # the frames a second of the scenes the chip ran (29.6-30.1 in every one)
        if not r.get("error") and DF.measured(r["scene"]) and "fps" in r:
            lo, hi = DF.CHIP_FPS
            ok = lo * (1 - DF.AUDIT_TOLERANCE) <= r["fps"] <= hi * (1 + DF.AUDIT_TOLERANCE)
            out.append((r["scene"] + ", fps", r["fps"], "%.1f-%.1f fps" % DF.CHIP_FPS, ok))
    # the games' save frames: each game's typical one, and the worst of all (the
    # chip: 74-90 ms typical, the worst 181 ms, 247 in a session)
    games = [r for r in aud_rows if not r.get("error") and r["scene"].startswith(DF.GAME_SCENES)
             and r.get("save_frames")]
    rows = [(r["scene"] + ", save typical", r["save_typ_ms"], DF.CHIP_SAVE_TYP_MS) for r in games]
    if games:
        rows.append(("the games' saves, worst", max(r["save_worst_ms"] for r in games),
                     DF.CHIP_SAVE_WORST_MS))
    for name, est, (lo, hi) in rows:
        ok = lo * (1 - DF.AUDIT_TOLERANCE) <= est <= hi * (1 + DF.AUDIT_TOLERANCE)
        out.append((name, est, "%.0f-%.0f ms" % (lo, hi), ok))
    return out


def print_check(rows):
    print("\n==== the audited tree at this host's factors against the chip (issue 20; the "
          "games' frames were not fitted)")
    for name, est, chip, ok in rows:
        unit = "fps" if name.endswith(", fps") else "ms"
        print("%-52s %6.1f %-4s chip %-14s %s" % (name, est, unit, chip, "within +-20%" if ok else "OFF"))


HEAP_TEXT = "modules less names x %.2f + names (chars 1:1, pool %d/%d B) + data x %.2f" % (
    DF.HEAP_MODULES, DF.NAME_ENTRY_CHIP, DF.NAME_ENTRY_HOST, DF.HEAP_DATA)


# ---- the calibrated summary ------------------------------------------------------------
def summary(rows, boot_ms, dec, heap_rows):
    """The calibrated table: (figure, estimate, target, PASS/FAIL, model)."""
    out = []
    ok = lambda b: "PASS" if b else "FAIL"  # noqa: E731
    for r in rows:
        if r.get("error"):
            out.append((r["scene"], "did not run", "", "FAIL", r["error"]))
            continue
        m = DF.model(r["workload"])
        if r["launch"]:
            out.append((r["scene"] + ", longest frame", "%.0f ms" % r["worst_ms"],
                        "<= %d ms" % DF.LAUNCH_MAX_MS, ok(r["pass"]), m + " + bus + flash"))
            continue
        out.append((r["scene"] + ", worst working frame", "%.0f ms" % r["worst_ms"],
                    "<= %d ms" % DF.FRAME_MAX_MS, ok(r["frame_pass"]), m + " + bus + flash"))
        if r.get("open_frames"):
            out.append((r["scene"] + ", the table's first frame (a new game built and drawn)",
                        "%.0f ms" % r["open_worst_ms"], "<= %d ms" % DF.LAUNCH_MAX_MS,
                        ok(r["open_worst_ms"] <= DF.LAUNCH_MAX_MS), m + " + bus"))
        if r.get("load_frames"):
            out.append((r["scene"] + ", the bot's import as the table opens", "%.0f ms" % r["load_worst_ms"],
                        "<= %d ms" % DF.LAUNCH_MAX_MS, ok(r["load_worst_ms"] <= DF.LAUNCH_MAX_MS),
                        DF.model("launch") + " + bus"))
        if r["save_frames"]:
            out.append((r["scene"] + ", save frame typ / worst",
                        "%.0f / %.0f ms" % (r["save_typ_ms"], r["save_worst_ms"]),
                        "<= %d / %d ms" % (DF.SAVE_FRAME_TYP_MS, DF.SAVE_FRAME_MAX_MS),
                        ok(r["save_pass"]), "x%.0f + %s" % (DF.UI, DF.FLASH_MODEL)))
        if r["heap_peak"] and r["bus_hz"] == DF.BUS_FAST_HZ:
            out.append((r["scene"] + ", live heap (session)", "%.0f KB" % r["heap_device_kb"],
                        "<= %d KB" % DF.HEAP_LIVE_MAX_KB, ok(r["heap_pass"]), HEAP_TEXT))
    for name, model, chip, ratio, _ in heap_rows:
        if name.startswith("booted"):
            out.append((name + ", live heap", "%.0f KB" % model, "<= %d KB" % DF.HEAP_LIVE_MAX_KB,
                        ok(model <= DF.HEAP_LIVE_MAX_KB), HEAP_TEXT))
    for g in ("dairyman", "mildred"):
        if dec and g in dec:
            x = dec[g]
            out.append(("%s Expert decision, longest" % g.capitalize(), "%.0f ms" % x["chip_max_ms"],
                        "<= %d ms" % DF.DECISION_MAX_MS, ok(x["chip_max_ms"] <= DF.DECISION_MAX_MS),
                        x["model"]))
    if boot_ms is not None:
        out.append(("boot, first import to first menu frame", "%.2f s" % (boot_ms / 1000.0),
                    "<= %.1f s" % DF.BOOT_MAX_S, ok(boot_ms <= DF.BOOT_MAX_S * 1000),
                    DF.model("boot") + " + bus"))
    return out


def print_summary(out):
    print("\n==== calibrated to the chip: every row against its target (models: "
          "host_tools/benches/device_factors.py, issue 20)")
    w = max(len(r[0]) for r in out)
    for r in out:
        print("%-*s  %14s  %-14s %s  %s" % (w, r[0], r[1], r[2], r[3], r[4]))
    print("%d of %d rows within their targets" % (sum(1 for r in out if r[3] == "PASS"), len(out)))


def build_fw():
    import build

    fw = os.path.join(ROOT, "build", "bench")
    errors, _ = build.build(fw, quiet=True)
    if errors:
        raise SystemExit("build failed: %s" % errors)
    return fw


def per_game(folder, prefix, title, env, order):
    """Run host_tools/<folder>/<prefix><game>.py for each game that has one (CPython),
    ``--games $env`` when that variable is set; {game: exit code}."""
    out = {}
    n = os.environ.get(env)
    for g in order:
        path = os.path.join(upy.folder(folder), "%s%s.py" % (prefix, g))
        if not os.path.exists(path):
            continue
        cmd = [sys.executable, path] + (["--games", n] if n else [])
        print("\n==== %s%s (%s)" % (g, title, " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT)
                                                     else c for c in cmd[1:])), flush=True)
        out[g] = subprocess.call(cmd, cwd=ROOT)
    return out


def games():
    """Each game's own benchmark, if present (bench_<game>.py, CPython);
    BENCH_GAMES sets its games."""
    return per_game("benches", "bench_", "", "BENCH_GAMES", ("dairyman", "milestones", "mildred"))


def ladders():
    """Each game's bot ladder (ladder_<game>.py, CPython with MicroPython timing):
    every level against the one below, both seats, with a 95% interval, and
    each level's decision time with its device estimate. BENCH_LADDER_GAMES
    sets the games per pairing (default 1,000)."""
    return per_game("studies", "ladder_", " bot ladder", "BENCH_LADDER_GAMES", ("dairyman", "mildred", "milestones"))


def calibrated(fw, runs=5, dec_runs=3, fixed=False):
    """Everything the calibrated table needs, printed part by part, then the
    table (written to bench/out/summary.json). This host's factors come from
    the same run: the tree the chip audit measured (DF.AUDITED_COMMIT) runs
    the same scenes, platform and decisions, interleaved with this tree's
    runs so the host's load falls on both alike; without that tree (no git
    or no such commit) the fixed factors are used, and the run says so."""
    aud_fw, aud_sim, why = audited_tree() if not fixed else (None, None, "--fixed")
    pl_cur, pl_aud, t_cur, t_aud, d_cur, d_aud = [], [], [], [], [], []
    for _ in range(runs):
        pl_cur += mpy_bench("bench_platform.py", 1, platform_args(fw))
        if aud_fw:
            pl_aud += mpy_bench("bench_platform.py", 1, platform_args(aud_fw, aud_sim))
    heap_cur = session_heap(fw)
    booted_cur = booted_heap(fw)
    heap_aud = session_heap(aud_fw, aud_sim) if aud_fw else None
    booted_aud = booted_heap(aud_fw, aud_sim) if aud_fw else None
    for _ in range(runs):
        t_cur.append(run_frames(fw))
        if aud_fw:
            t_aud.append(run_frames(aud_fw, sim=aud_sim))
    for _ in range(dec_runs):
        d_cur.append(run_decisions(fw))
        if aud_fw:
            d_aud.append(run_decisions(aud_fw))
    calib = {"audited": DF.AUDITED_COMMIT, "fallback": why}
    if aud_fw:
        kept, aud_note = load_note(t_aud, True)
        aud_scenes = merge_runs(kept)
        f, src, crow = calibration(aud_scenes, decision_stats(d_aud, dec_runs),
                                   platform_best(pl_aud)[0])
        DF.calibrate(f, src)
        print_calibration(crow, f, "%d runs of each tree, interleaved; audited tree: %s"
                          % (runs, aud_note))
        checks = check_rows(scene_table(aud_scenes))
        print_check(checks)
        with open(os.path.join(OUT, "audited_frames.json"), "w") as fh:
            json.dump({"commit": DF.AUDITED_COMMIT, "scenes": aud_scenes}, fh)  # the check's frames
        calib.update({"factors": f, "sources": src, "rows": crow, "check": checks})
    else:
        print("\n==== this host's factors: NOT calibrated (%s): the fixed factors of the audit "
              "host are used: %s" % (why, "; ".join("%s x%.0f" % (k, DF.FACTORS[k])
                                                   for k in sorted(DF.FACTORS))))
        print("(these are the audit host's ratios; on another host the estimates may be off by "
              "the hosts' difference in speed)")
    best, prow = platform(fw, runs=pl_cur)
    print("\n==== platform (MicroPython unix port, heap %s, firmware as .mpy, best of runs)" % upy.HEAP)
    w = max(len(r[0]) for r in prow)
    for name, value, note in prow:
        print("%-*s  %12s  %s" % (w, name, value, note))
    with open(os.path.join(OUT, "platform.json"), "w") as fh:
        json.dump(best, fh, indent=1, sort_keys=True)
    print("written bench/out/platform.json")
    rows, heap = scenes(fw, heap=heap_cur, timing=t_cur, keep_all=True)
    hcmp = heap_compare((heap_aud, booted_aud) if aud_fw else None, (heap_cur, booted_cur))
    print_heap_compare(hcmp, "at %s" % DF.AUDITED_COMMIT if aud_fw else "not run: %s" % why)
    hrows = heap_check(heap_cur, booted_cur)
    dec = decision_stats(d_cur, dec_runs)
    print_decisions(dec)
    table = summary(rows, best["boot_ms"], dec, hrows)
    print_summary(table)
    with open(os.path.join(OUT, "summary.json"), "w") as fh:
        json.dump({"rows": table, "heap_compare": hcmp, "decisions": dec, "calibration": calib,
                   "factors": DF.FACTORS, "factor_sources": DF.FACTOR_SOURCE,
                   "source": DF.SOURCE}, fh, indent=1)
    print("written bench/out/summary.json")
    return table


def main():
    os.makedirs(OUT, exist_ok=True)
    if "--heap-check" in sys.argv:      # the heap model on another firmware tree
        fw = sys.argv[sys.argv.index("--heap-check") + 1]
        sim = sys.argv[sys.argv.index("--sim") + 1] if "--sim" in sys.argv else None
        print_heap_check(heap_check(session_heap(fw, sim), booted_heap(fw, sim)))
        return
    if "--scenes" in sys.argv:
        scenes(build_fw())
        return
    if "--ladders" in sys.argv:
        ladders()
        return
    fw = build_fw()
    if "--platform" in sys.argv:
        best, prow = platform(fw)
        for name, value, note in prow:
            print("%-40s  %12s  %s" % (name, value, note))
        return
    calibrated(fw, fixed="--fixed" in sys.argv)
    if "--calibrated" not in sys.argv:
        games()
        ladders()


if __name__ == "__main__":
    main()

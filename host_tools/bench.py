"""`make bench`: the benchmarks, printed as a table and written as JSON (bench/out/).

Timings on the unix port are noisy: each micro-benchmark runs several times and
the fastest run counts. The device estimates use the factors measured with the
real RP2040 firmware in an emulator, kept with their source in ONE place:
host_tools/device_factors.py (DESIGN.md section 4, issue 10).

The device-time table (``scenes``): the real App, headless under the unix port
with the `make sim` heap cap (host_tools/bench_frames.py), per scene the worst
and p99 frame in estimated device time = unix-port time x the factor of the
scene's workload + I2C bus time of the bytes flushed that frame + flash time
of the saves taken in that frame, against issue 10's targets (PASS/FAIL).
``--erase-every N``: charge one save in N as an erasing one (default 1: every
save costs the worst, 163 ms). ``--scenes``: only that table. ``--ladders``:
only the bot ladders (each game's levels against each other, issue 12).

Heap figures come from a 64-bit host where an object word is 8 bytes; the device
has 4-byte words, so device heap is roughly half (reported as "~device").
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import device_factors as DF  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
OUT = os.path.join(ROOT, "bench", "out")
HEAP = "240wK"
I2C_BITS_PER_BYTE = DF.CLOCKS_PER_BYTE


def mpy_bench(script, runs=5, args=()):
    results = []
    for _ in range(runs):
        p = subprocess.run(
            [MPY, "-X", "heapsize=" + HEAP, os.path.join(ROOT, "host_tools", script)] + list(args),
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


def platform():
    sys.path.insert(0, os.path.join(ROOT, "host_tools"))
    import build

    fw = os.path.join(ROOT, "build", "bench")
    errors, _ = build.build(fw, quiet=True)
    if errors:
        raise SystemExit("build failed: %s" % errors)
    runs = mpy_bench("bench_platform.py", args=("--fw", fw))
    best = dict(runs[0])
    for k in best:
        if k.endswith("_us") or k.endswith("_ms") or k.endswith("_us_unix"):
            best[k] = min(r[k] for r in runs)
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
    row(
        "heap after boot",
        "%d KB" % (best["heap_boot_bytes"] // 1024),
        "~%d KB device" % (best["heap_boot_bytes"] // 2048),
    )
    row(
        "heap peak, menu walk",
        "%d KB" % (best["heap_peak_menu_bytes"] // 1024),
        "~%d KB device (budget 96)" % (best["heap_peak_menu_bytes"] // 2048),
    )
    for name, b in sorted(best["heap_peak_by_entry"].items()):
        row("heap peak, opening " + name, "%d KB" % (b // 1024), "~%d KB device" % (b // 2048))
    row(
        "heap peak, dice roller tumble",
        "%d KB" % (best["heap_peak_roller_bytes"] // 1024),
        "~%d KB device (budget 96)" % (best["heap_peak_roller_bytes"] // 2048),
    )
    row(
        "heap peak, hourglass running",
        "%d KB" % (best["heap_peak_timer_bytes"] // 1024),
        "~%d KB device (budget 96)" % (best["heap_peak_timer_bytes"] // 2048),
    )
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
            "drawn frame ~%.1f ms on device incl. worst flush at 1 MHz, saves not counted "
            "(the device-time table below counts them)" % dev)
    row("firmware import time", "%.1f ms" % best["import_ms"], "unix port, best of %d" % len(runs))
    row(
        "idle frame (no redraw)",
        "%.1f us" % best["idle_frame_us"],
        "~%.1f ms device (x%d)" % (best["idle_frame_us"] * DF.UI / 1000, DF.UI),
    )
    row(
        "tumble frame with redraw",
        "%.0f us" % best["anim_drawn_frame_us_unix"],
        "~%.0f ms device (x%d) + bus" % (best["anim_drawn_frame_us_unix"] * DF.UI / 1000, DF.UI),
    )
    return best, rows


# ---- the device-time table ------------------------------------------------------
def parse_scenes(text):
    """bench_frames.py's output -> list of scene dicts, each with its "frames"
    ([unix_us, bytes, saves] a frame)."""
    out = []
    frames = []
    for line in text.splitlines():
        if line.startswith("F "):
            frames.extend(json.loads(line[2:]))
        elif line.startswith("SCENE "):
            d = json.loads(line[6:])
            d["frames"] = frames
            frames = []
            out.append(d)
    return out


def run_frames(fw, heap=False, tiny=False, only=None):
    cmd = [MPY, "-X", "heapsize=" + HEAP, os.path.join(ROOT, "host_tools", "bench_frames.py"),
           "--fw", fw]
    if heap:
        cmd.append("--heap")
    if tiny:
        cmd.append("--tiny")
    if only:
        cmd += ["--only", only]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
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


def estimate(scene, hz, erase_every=1):
    """Per frame device ms of a scene at bus speed hz, with the parts of each:
    list of (total, cpu, bus, flash). The frame's drawing and display driver
    time is scaled by the UI factor, the rest by the scene's workload factor."""
    f = DF.FACTORS[scene["factor"]]
    out = []
    for fr in scene["frames"]:
        us, nb, saves = fr[0], fr[1], fr[2]
        ui = fr[4] if len(fr) > 4 else 0      # drawing and the driver: the UI factor
        cpu = ((us - ui) * f + ui * DF.UI) / 1000.0
        bus = DF.bus_ms(nb, hz)
        flash = DF.save_ms(saves, erase_every)
        out.append((cpu + bus + flash, cpu, bus, flash))
    return out


def fps(est):
    """Average frames a second when each frame takes max(its period, its time)."""
    if not est:
        return 0.0
    total = sum(max(DF.FRAME_PERIOD_MS, e[0]) for e in est)
    return len(est) * 1000.0 / total


def frame_kind(fr):
    """What a frame was: "save" (a save frame: judged apart), "still gc" (the
    console's own collection in a frame a table gave it, where nothing moves:
    judged apart), "gc" (the allocator collected inside a frame that did other
    work: judged) or "work" (judged)."""
    if fr[2]:
        return "save"
    if len(fr) > 5 and fr[5]:
        return "still gc"
    if len(fr) > 3 and fr[3]:
        return "gc"
    return "work"


def scene_table(scenes, erase_every=1, word_bytes=8):
    """Rows (dicts) of the device-time table. Judged ("worst", "p99", frames
    over the target) are the frames that do work: moving pictures, bot slices,
    moves, and any collection the allocator made inside them. Saves and the
    console's own collections in still frames are counted apart (DESIGN: a save
    may be long, never inside an animation; a scheduled collection likewise)."""
    rows = []
    for sc in scenes:
        if sc.get("error"):
            rows.append({"scene": sc["scene"], "error": sc["error"]})
            continue
        speeds = [DF.BUS_FAST_HZ, DF.BUS_SLOW_HZ] if "dice" in sc else [DF.BUS_FAST_HZ]
        frs = sc["frames"]
        kinds = [frame_kind(f) for f in frs]
        for hz in speeds:
            full = estimate(sc, hz, erase_every)
            judged = [i for i in range(len(full)) if kinds[i] in ("work", "gc")]
            est = [full[i] for i in judged] or full
            save_frames = [full[i] for i in range(len(full)) if kinds[i] == "save"]
            still = [i for i in range(len(full)) if kinds[i] == "still gc"]
            tot = sorted(e[0] for e in est)
            worst = max(est, key=lambda e: e[0]) if est else (0, 0, 0, 0)
            over = [i for i in judged if full[i][0] > DF.FRAME_MAX_MS]
            name = sc["scene"]
            if "dice" in sc:
                name += " @%s" % ("1 MHz" if hz == DF.BUS_FAST_HZ else "400 kHz")
            r = {"scene": name, "factor": DF.FACTORS[sc["factor"]], "frames": len(est),
                 "nframes": len(full),
                 "worst_ms": worst[0], "worst_cpu_ms": worst[1], "worst_bus_ms": worst[2],
                 "worst_flash_ms": worst[3], "p99_ms": pctl(tot, 99),
                 "saves": sum(f[2] for f in frs), "bytes": sum(f[1] for f in frs),
                 "heap_peak": sc.get("heap_peak", 0), "launch": bool(sc.get("launch")),
                 "save_frames": len(save_frames),
                 "save_frame_cpu_ms": max([e[1] + e[2] for e in save_frames] or [0]),
                 "save_frames_gc": sum(1 for i in range(len(frs))
                                       if kinds[i] == "save" and len(frs[i]) > 3 and frs[i][3]),
                 "multi_save_frames": sum(1 for f in frs if f[2] > 1),
                 # the console's own collections, in still frames
                 "still_gc_frames": len(still),
                 "still_gc_worst_ms": max([full[i][0] for i in still] or [0]),
                 "still_gc_moved": sum(1 for i in still if frs[i][1]),   # flushed bytes: not still
                 # collections the allocator made inside judged frames
                 "gc_frames": sum(1 for i in judged if kinds[i] == "gc"),
                 "over_target": len(over),
                 "over_gc": sum(1 for i in over if kinds[i] == "gc"),
                 "over_work": sum(1 for i in over if kinds[i] == "work"),
                 "worst_no_gc_ms": max([full[i][0] for i in judged if kinds[i] == "work"] or [0]),
                 "runs_aligned": sc.get("runs_aligned", True), "bus_hz": hz}
            r["heap_device_kb"] = r["heap_peak"] * 4.0 / word_bytes / 1024 if r["heap_peak"] else 0
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


def print_scene_table(rows, erase_every=1):
    ok = lambda b: "PASS" if b else "FAIL"  # noqa: E731
    print("device time = unix-port time x factor + bus (9 clocks/B) + flash per save "
          "(%s); fastest of the runs per frame"
          % ("%d ms every save" % DF.SAVE_WORST_MS if erase_every == 1 else
             "one erase in %d" % erase_every))
    hdr = "%-36s %4s %5s %8s %8s  %-24s %10s %5s %8s %-14s %5s %6s %-9s %s" % (
        "scene", "x", "frms", "worst", "p99", "worst = cpu+bus+flash", "chip worst", "fps",
        "over 50", "still gc", "saves", "heap~", "target", "result")
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
        res += "  heap %s" % ok(r["heap_pass"])
        if r.get("over_target") and not r["launch"]:
            res += "  over %d ms: %d work, %d collections by the allocator (worst without: %.0f ms)" % (
                DF.FRAME_MAX_MS, r["over_work"], r["over_gc"], r["worst_no_gc_ms"])
        elif r.get("gc_frames") and not r["launch"]:
            res += "  %d collections by the allocator, all under %d ms" % (r["gc_frames"], DF.FRAME_MAX_MS)
        if r.get("still_gc_moved"):
            res += "  %d still-gc frames flushed pixels" % r["still_gc_moved"]
        if r.get("save_frames") and not r["launch"]:
            res += "  (+%d save frames: cpu+bus %.0f ms + flash)" % (
                r["save_frames"], r["save_frame_cpu_ms"])
        if r.get("multi_save_frames"):
            res += "  %d frames with 2+ saves" % r["multi_save_frames"]
        if not r["runs_aligned"]:
            res += "  (runs differed: fastest whole run)"
        print("%-36s %4d %5d %5.0f ms %5.0f ms  %-24s %10s %5s %8s %-14s %5d %3.0f KB %-9s %s" % (
            r["scene"], r["factor"], r["frames"], r["worst_ms"], r["p99_ms"], parts,
            DF.measured(r["scene"]), f, over, still, r["saves"], r["heap_device_kb"],
            r["target"].split(",")[0], res))
    print("targets (issue 10): every frame <= %d ms and %d fps while anything runs; app "
          "launch <= %d ms; live heap <= %d KB on the device (heap~ = host peak under "
          "-X heapsize=%s, halved for 4-byte words)" % (DF.FRAME_MAX_MS, DF.FPS_TARGET,
                                                      DF.LAUNCH_MAX_MS, DF.HEAP_LIVE_MAX_KB, HEAP))
    print("factors: " + ", ".join("%s %dx" % kv for kv in sorted(DF.FACTORS.items()))
          + " (host_tools/device_factors.py: DESIGN.md section 4); a game's launch uses its "
          "bot's factor, other launches the ui one")
    print("chip worst: the emulated RP2040's own figure (issue 10), where there is one")
    print("judged (frms, worst, p99, over 50): every frame that does work -- a move, a bot "
          "slice, a redraw, an animation -- including any garbage collection the allocator "
          "made inside it ('(Ngc)': over-target frames that held one)")
    print("still gc: frames the tables gave to the heap (nothing to redraw, nothing "
          "animating, no bot slice, no move), in which the console collected "
          "(App.collect_if_low): count and worst; like a save, such a frame may be long "
          "(75-105 ms on the chip) and is reported apart, never inside an animation")
    print("save frames: a save (up to %d ms of flash) is taken in a frame of its own, after a "
          "person's move, at the end of a bot's turn or after the dice land, never in a frame "
          "that animates; reported apart, and a frame with two saves fails the scene"
          % DF.SAVE_WORST_MS)
    print("fps: over all frames, saves and still collections included")


def scenes(fw, runs=5, erase_every=1):
    heap = run_frames(fw, heap=True)
    timing = [run_frames(fw) for _ in range(runs)]
    merged = merge_runs(timing)
    peaks = dict((s["scene"], s.get("heap_peak", 0)) for s in heap)
    for s in merged:
        s["heap_peak"] = peaks.get(s["scene"], 0)
    word = 8 if sys.maxsize > 2 ** 32 else 4
    rows = scene_table(merged, erase_every, word)
    print("\n==== device time per scene (real App under the unix port, heap %s, %d runs)"
          % (HEAP, runs))
    print_scene_table(rows, erase_every)
    with open(os.path.join(OUT, "frames.json"), "w") as f:
        json.dump({"rows": rows, "erase_every": erase_every, "factors": DF.FACTORS,
                   "source": DF.SOURCE, "scenes": merged}, f, indent=1, sort_keys=True)
    print("written bench/out/frames.json")
    return rows


def build_fw():
    sys.path.insert(0, os.path.join(ROOT, "host_tools"))
    import build

    fw = os.path.join(ROOT, "build", "bench")
    errors, _ = build.build(fw, quiet=True)
    if errors:
        raise SystemExit("build failed: %s" % errors)
    return fw


def per_game(prefix, title, env, order):
    """Run host_tools/<prefix><game>.py for each game that has one (CPython),
    ``--games $env`` when that variable is set; {game: exit code}."""
    out = {}
    n = os.environ.get(env)
    for g in order:
        path = os.path.join(ROOT, "host_tools", "%s%s.py" % (prefix, g))
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
    return per_game("bench_", "", "BENCH_GAMES", ("dairyman", "milestones", "mildred"))


def ladders():
    """Each game's bot ladder (ladder_<game>.py, CPython with MicroPython timing):
    every level against the one below, both seats, with a 95% interval, and
    each level's decision time with its device estimate. BENCH_LADDER_GAMES
    sets the games per pairing (default 1,000)."""
    return per_game("ladder_", " bot ladder", "BENCH_LADDER_GAMES", ("dairyman", "mildred", "milestones"))


def main():
    os.makedirs(OUT, exist_ok=True)
    erase_every = 1
    if "--erase-every" in sys.argv:
        erase_every = int(sys.argv[sys.argv.index("--erase-every") + 1])
    if "--scenes" in sys.argv:
        scenes(build_fw(), erase_every=erase_every)
        return
    if "--ladders" in sys.argv:
        ladders()
        return
    best, rows = platform()
    print("==== platform (MicroPython unix port, heap %s, firmware as .mpy, best of runs)" % HEAP)
    w = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print("%-*s  %12s  %s" % (w, name, value, note))
    with open(os.path.join(OUT, "platform.json"), "w") as f:
        json.dump(best, f, indent=1, sort_keys=True)
    print("written bench/out/platform.json")
    if "--platform" not in sys.argv:
        scenes(best["firmware"], erase_every=erase_every)
        games()
        ladders()


if __name__ == "__main__":
    main()

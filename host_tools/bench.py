"""`make bench`: the benchmarks, printed as a table and written as JSON (bench/out/).

Timings on the unix port are noisy: each micro-benchmark runs several times and
the fastest run counts. The device estimates use the factors measured with the
real RP2040 firmware in an emulator (shared DESIGN.md, section 4): bytecode about
90x slower than the unix port here, framebuf drawing about 100x to 120x slower.
Heap figures come from a 64-bit host where an object word is 8 bytes; the device
has 4-byte words, so device heap is roughly half (reported as "~device").
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
OUT = os.path.join(ROOT, "bench", "out")
HEAP = "240wK"
I2C_BITS_PER_BYTE = 9


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
        dev = best[key] * 110 / 1000 + flush_ms(best[bkey], 1000000)
        row("fps ceiling, " + label, "%d fps" % min(30, int(1000 / dev)),
            "drawn frame ~%.1f ms on device incl. worst flush at 1 MHz (loop runs at 30)" % dev)
    row("firmware import time", "%.1f ms" % best["import_ms"], "unix port, best of %d" % len(runs))
    row(
        "idle frame (no redraw)",
        "%.1f us" % best["idle_frame_us"],
        "~%.1f ms device (x90)" % (best["idle_frame_us"] * 90 / 1000),
    )
    row(
        "tumble frame with redraw",
        "%.0f us" % best["anim_drawn_frame_us_unix"],
        "~%.0f ms device (x110) + bus" % (best["anim_drawn_frame_us_unix"] * 110 / 1000),
    )
    return best, rows


def games():
    """Each game's own benchmark, if present (bench_<game>.py, CPython)."""
    out = {}
    n = os.environ.get("BENCH_GAMES")
    for g in ("dairyman", "milestones", "mildred"):
        path = os.path.join(ROOT, "host_tools", "bench_%s.py" % g)
        if not os.path.exists(path):
            continue
        cmd = [sys.executable, path] + (["--games", n] if n else [])
        print(
            "\n==== %s (%s)"
            % (g, " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in cmd[1:])),
            flush=True,
        )
        rc = subprocess.call(cmd, cwd=ROOT)
        out[g] = rc
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    best, rows = platform()
    print("==== platform (MicroPython unix port, heap %s, firmware as .mpy, best of runs)" % HEAP)
    w = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print("%-*s  %12s  %s" % (w, name, value, note))
    with open(os.path.join(OUT, "platform.json"), "w") as f:
        json.dump(best, f, indent=1, sort_keys=True)
    print("written bench/out/platform.json")
    if "--platform" not in sys.argv:
        games()


if __name__ == "__main__":
    main()

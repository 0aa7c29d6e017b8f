"""Platform benchmark, run under the MicroPython unix port (see host_tools/benches/bench.py).

Drives the real firmware (app loop, screens, SSD1306 driver) over the simulated
panel on a virtual clock, and prints one line: BENCH {json}. ``boot_us_unix``:
from the first firmware import to the end of the first menu frame, less the
making of the simulated hardware (``sim_hw_us_unix``: its stand-in entropy
source reads its start-up bits through Python calls; the device's start-up
test is timed on its own path, ``entropy_startup_1024_us_unix``): the boot
model's unix-port part; ``ref_us``: the reference loop (device_factors).
"""
import sys

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, sys.argv[sys.argv.index("--sim") + 1] if "--sim" in sys.argv else HERE + "/../sim")
# --fw DIR: the firmware tree to run (bench.py passes the mpy-cross build, as on
# the device: precompiled modules import without the compiler's transient heap)
FW = sys.argv[sys.argv.index("--fw") + 1] if "--fw" in sys.argv else HERE + "/../../firmware"
sys.path.insert(0, FW)

import gc  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402

import simhw  # noqa: E402  (the simulator's own: not the firmware's boot)

data = "/tmp/dicebox_bench_data"
simhw.ensure_dir(data)
for f in __import__("os").listdir(data):
    __import__("os").remove(data + "/" + f)
gc.collect()
base_alloc = gc.mem_alloc()
t0 = time.ticks_us()
from dicebox.core import events as E  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from dicebox.apps import menu  # noqa: E402
import_us = time.ticks_diff(time.ticks_us(), t0)
# the simulated hardware is made outside the boot's time: on the board the
# hal's boot scans the buses and tests the entropy source (its start-up test
# is timed below on the device's own path, entropy_startup_1024_us_unix),
# while the simulator's stand-in reads its bits through Python calls
t_hw = time.ticks_us()
hw = simhw.SimHW(simhw.VirtualClock(), data, seed=3)
hw_us = time.ticks_diff(time.ticks_us(), t_hw)
app = App(hw, storage.Store(data), menu.home)
app.home()
b0 = hw.display.bytes_sent
app.frame(hw.ticks_ms())
boot_us = time.ticks_diff(time.ticks_us(), t0) - hw_us
boot_bytes = hw.display.bytes_sent - b0
gc.collect()
boot_alloc = gc.mem_alloc()
out = {"import_ms": import_us / 1000, "boot_us_unix": boot_us, "boot_bytes": boot_bytes,
       "sim_hw_us_unix": hw_us,
       "heap_boot_bytes": boot_alloc,
       "heap_boot_firmware_bytes": boot_alloc - base_alloc}

peak = [boot_alloc]
frame_bytes = []


def frame(collect=False):
    d0 = hw.display.bytes_sent
    app.frame(hw.ticks_ms())
    hw.sleep_ms(33)
    frame_bytes.append(hw.display.bytes_sent - d0)
    if collect:
        gc.collect()
        a = gc.mem_alloc()
        if a > peak[0]:
            peak[0] = a


def tap(b, collect=True):
    hw.mask |= 1 << b
    for _ in range(3):
        frame(collect)
    hw.mask &= ~(1 << b)
    for _ in range(3):
        frame(collect)


def most_sent(step, *args):
    """The most bytes one frame of ``step(*args)`` sent to the panel."""
    del frame_bytes[:]
    step(*args)
    return max(frame_bytes)


# full redraw
hw.display.invalidate()
app.top().dirty = True
out["bytes_full_redraw"] = most_sent(frame)

# menu cursor move: one highlighted row moves
out["bytes_menu_move"] = most_sent(tap, E.DOWN)
tap(E.UP)

# screen change: menu -> settings
for _ in range(5):
    tap(E.DOWN)
out["bytes_screen_change"] = most_sent(tap, E.A)
tap(E.B)
for _ in range(5):
    tap(E.UP)

# steady state: nothing changes -> nothing sent, nothing allocated
# (dimming is kept out of the window: its one contrast command is not a frame cost)
app.settings["dim_s"] = 600
for _ in range(5):
    frame()


def idle_window(n):
    # locals only: new module globals would grow the module dict mid-measure
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    s0 = hw.display.bytes_sent
    t0 = time.ticks_us()
    i = 0
    while i < n:  # (a for-range loop would itself allocate its iterator)
        app.frame(hw.ticks_ms())
        hw.sleep_ms(33)
        i += 1
    t1 = time.ticks_us()
    a1 = gc.mem_alloc()
    gc.enable()
    return a1 - a0, hw.display.bytes_sent - s0, time.ticks_diff(t1, t0)


N = 300
idle_window(10)
alloc, sent, us = idle_window(N)
out["alloc_per_idle_frame_bytes"] = alloc / N
out["bytes_idle_frames"] = sent
idle_us = us / N
out["idle_frame_us"] = idle_us

# walk the whole menu: into each entry, a step inside, back out; the peak of each
out["heap_peak_by_entry"] = {}
menu_peak = peak[0]
for i in range(len(menu.ENTRIES)):
    if "-v" in sys.argv:
        print("entry", menu.ENTRIES[i][0], gc.mem_alloc())
    gc.collect()
    peak[0] = gc.mem_alloc()
    tap(E.A)
    tap(E.DOWN)
    tap(E.UP)
    tap(E.B)
    if "-v" in sys.argv:
        print("  top", app.top().__class__.__name__, len(app.stack))
    out["heap_peak_by_entry"][menu.ENTRIES[i][0]] = peak[0]
    menu_peak = max(menu_peak, peak[0])
    app.home()
    for _ in range(i + 1):
        tap(E.DOWN)
out["heap_peak_menu_bytes"] = menu_peak

# dice roller: tumble animation after a shake (its own peak, from the menu)
app.home()
gc.collect()
peak[0] = gc.mem_alloc()
for _ in range(len(menu.ENTRIES)):
    tap(E.UP)
tap(E.A)  # Dice roller
for _ in range(10):
    frame()


def page_run_cost(old, new):
    """Bytes the whole-page driver (before column windows) sent for this change:
    one window command when the run changes (counted always: 7) and one run of
    whole pages covering every changed page (1 + 128 a page)."""
    p0 = -1
    p1 = -1
    for p in range(8):
        if old[p * 128:(p + 1) * 128] != new[p * 128:(p + 1) * 128]:
            if p0 < 0:
                p0 = p
            p1 = p
    return 0 if p0 < 0 else 7 + 1 + (p1 - p0 + 1) * 128


def animate(prefix, n, peak_every=0):
    """Run n frames of an animation; record the frames that sent bytes, their
    size and their time on the unix port, under out[prefix + ...], and what the
    same frames cost with whole pages (outside the timed part)."""
    del frame_bytes[:]
    prev = bytearray(hw.display.buffer)
    old = []
    gc.collect()
    t0 = time.ticks_us()
    busy = 0
    i = 0
    while i < n:
        f0 = time.ticks_us()
        d0 = hw.display.bytes_sent
        frame()
        if hw.display.bytes_sent != d0:
            busy += time.ticks_diff(time.ticks_us(), f0)
            old.append(page_run_cost(prev, hw.display.buffer))
            prev[:] = hw.display.buffer
        if peak_every and i % peak_every == 0:
            gc.collect()
            peak[0] = max(peak[0], gc.mem_alloc())
        i += 1
    total_us = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    peak[0] = max(peak[0], gc.mem_alloc())
    sent = [b for b in frame_bytes if b]
    out[prefix + "_frames_sent"] = len(sent)
    out[prefix + "_bytes_per_frame_max"] = max(sent) if sent else 0
    out[prefix + "_bytes_per_frame_mean"] = sum(sent) / len(sent) if sent else 0
    out[prefix + "_drawn_frame_us_unix"] = busy / len(sent) if sent else 0
    out[prefix + "_bytes_per_frame_mean_whole_pages"] = sum(old) / len(old) if old else 0
    out[prefix + "_bytes_per_frame_max_whole_pages"] = max(old) if old else 0
    return total_us / n


hw.shake.shake(hw.ticks_ms(), 300)
out["anim_frame_us_unix"] = animate("anim", 60)
# the same tumble with 12d6 (two rows of six dice)
_roll = app.top()
_roll.r.set_groups([[6, 6, ""], [6, 6, ""]])
_roll.relayout()
for _ in range(10):
    frame()
hw.shake.shake(hw.ticks_ms(), 300)
out["anim12_frame_us_unix"] = animate("anim12", 60)
out["heap_peak_roller_bytes"] = peak[0]

# timer: the hourglass's falling sand for 10 s (300 frames), from the menu
app.home()
gc.collect()
peak[0] = gc.mem_alloc()
tap(E.DOWN)
tap(E.A)  # Timer
tap(E.A)  # Hourglass
tap(E.A)  # start the sand
w0 = app.store.writes
animate("sand", 300, peak_every=30)
out["sand_screen"] = app.top().__class__.__name__
out["sand_saves_per_10s"] = app.store.writes - w0
out["heap_peak_timer_bytes"] = peak[0]

# entropy health tests: the start-up test as it was (4,096 bits, one feed()
# call and one read() closure call per bit: the device's read() was a closure
# around mem32[addr]) and as it is (1,024 bits in HealthTest.run_mem, reading
# mem[addr] inline: here a bytearray stands for mem32, with the cutoffs out of
# reach so a constant bit runs the whole loop), and one idle-frame step.
from dicebox.core import health  # noqa: E402
from dicebox.hal.entropy import STEP_BITS, Entropy  # noqa: E402
from random import getrandbits, seed  # noqa: E402

seed(5)


def _read():
    return getrandbits(1)    # one C call, like mem32[addr] & 1


def _best(fn, runs=7):
    best = None
    for _ in range(runs):
        gc.collect()
        t0 = time.ticks_us()
        fn()
        dt = time.ticks_diff(time.ticks_us(), t0)
        best = dt if best is None or dt < best else best
    return best


def _old_startup():
    t = health.HealthTest()
    for _ in range(4096):
        if not t.feed(_read()):
            break


_reg = bytearray(32)


def _new_test(n):
    t = health.HealthTest()
    t.rct_c = t.apt_c = 1 << 20
    t.run_mem(_reg, 28, n)
    if t.bits != n:
        raise SystemExit("health loop stopped early")


out["entropy_startup_old_4096_us_unix"] = _best(_old_startup)
out["entropy_startup_1024_us_unix"] = _best(lambda: _new_test(health.STARTUP_BITS))
_ent = Entropy(_read)
_ent._mem = _reg                     # the step's own path, over the stand-in register
_ent._addr = 28
_ent.test.rct_c = _ent.test.apt_c = 1 << 20
out["entropy_health_step_us_unix"] = _best(lambda: _ent.health_step(STEP_BITS), runs=50)
out["entropy_step_bits"] = STEP_BITS
out["entropy_startup_bits"] = health.STARTUP_BITS
out["word_bytes"] = 8 if sys.maxsize > 2 ** 32 else 4
sys.path.insert(0, HERE)
import device_factors as DF  # noqa: E402
out["ref_us"] = _best(DF.ref_loop, runs=3)
out["firmware"] = FW
print("BENCH " + json.dumps(out))

"""From the MicroPython unix port to the RP2040: the ONE place for the models.

Every device estimate in host_tools (``make bench``, the game benchmarks, the
heap tests) takes its numbers from here, and prints the model it used
(``model()``: factor and source). Runs under CPython and MicroPython (no
imports).

Time of one frame on the chip =
    unix-port time of its bot or game work x that workload's factor
  + unix-port time of its drawing, driver and saves' code x the drawing factor
  + I2C bus time of the bytes the driver flushed (9 clocks a byte)
  + flash time of the erases and page programs its saves made (counted on a
    littlefs image of the chip's layout: host_tools/benches/bench_lfs.py).

Live heap on the chip =
    host bytes of the modules loaded (bytecode, names, constants) x 0.62
  + host bytes of the data play made since x 0.5.
"""

SOURCE = """\
Source: issue 20, the chip audit of the `make build` tree at a60eda7 on an
emulated RP2040 (MicroPython 1.28, RPI_PICO, 125 MHz, littlefs at 0xA0000 with
modelled flash, SSD1306 on I2C0), frames timed from outside. On identical
fixed-seed bot decisions the chip ran 367x (Dairyman) and 279x (Mildred)
slower than the unix port (the audit host was loaded: the true ratios are at
least these); scene figures imply about 190x for drawing. For memory, the same
script on the chip and the 64-bit unix port gave chip/host 0.62 for a game's
modules and about 0.5 for its play data. Flash: 45 ms a 4 KB erase (typical;
up to 400 ms on the W25Q16JV), 0.7 ms a 256 B page."""

# ---- time: device time / unix-port time, per workload --------------------------
DAIRYMAN_BOT = 367      # identical decisions, chip / unix port (issue 20)
MILDRED_BOT = 279       # identical decisions, chip / unix port (issue 20)
# no chip figure for Milestones' bot: the larger of the two measured bots
MILESTONES_BOT = max(DAIRYMAN_BOT, MILDRED_BOT)
# drawing, menus, imports, the driver, the saves' code and everything else that
# is not a bot: implied by the audit's scene figures
UI = 190

# the workloads of a game's scene: there the bench times the bot's slices apart
# (bench_frames.BOT_STEPS) and only they take the bot's factor; the rest of a
# game's frame (the table's and the console's code, drawing, the driver, saves)
# takes the drawing factor. On the audited tree this split put the three game
# scenes' worst working frames within 0.94-1.21 of the chip's (all of a frame
# but its drawing at the bot's factor: 1.24-1.50)
BOT_WORKLOADS = ("dairyman", "mildred", "milestones")
# the console's own collection of the heap in a still frame (App.collect_if_low,
# App.collect), timed apart by the bench: the chip's figure stands for each
# (the audit: 39-44 ms in every scene, the games' live heap 150-177 KB), not
# the host's time, whose heap is twice the chip's (upy.HEAP: 480 KB) and whose
# collection walks the bench's own records besides
CHIP_COLLECT_MS = 44.0

FACTORS = {
    "dairyman": DAIRYMAN_BOT,
    "mildred": MILDRED_BOT,
    "milestones": MILESTONES_BOT,
    "ui": UI,
}

FACTOR_SOURCE = {
    "dairyman": "identical bot decisions, chip/unix (issue 20)",
    "mildred": "identical bot decisions, chip/unix (issue 20)",
    "milestones": "no chip figure: the larger bot factor, Dairyman's",
    "ui": "drawing, implied by the chip's scene figures (issue 20)",
}


# the fixed factors above are the audit host's: make bench measures this
# host's own (``calibrate``) and these stay the fallback
FIXED = dict(FACTORS)
FIXED_SOURCE = dict(FACTOR_SOURCE)
FACTORS["launch"] = UI
FACTOR_SOURCE["launch"] = "module imports: the drawing factor (issue 20)"
FIXED["launch"] = UI
FIXED_SOURCE["launch"] = FACTOR_SOURCE["launch"]
FACTORS["boot"] = FIXED["boot"] = UI
FACTOR_SOURCE["boot"] = FIXED_SOURCE["boot"] = "the boot's imports: the drawing factor (issue 20)"


# ---- calibrating on this host, against the tree the chip audit measured -------------
AUDITED_COMMIT = "a60eda7"     # the `make build` tree the chip audit ran (issue 20)

# the chip's figures for that tree (issue 20), per workload: (scene or decision
# set, chip ms, its low and high where the audit gave a range). A factor here
# is chip ms / this host's unix-port ms for the same work on that tree.
CAL_DRAWING = (                # worst working frame of the scene
    ("home menu", 17.8, 17.8, 17.8),
    ("roller 12d6 @400 kHz", 45.9, 45.9, 45.9),
    ("hourglass", 25.5, 25.5, 25.5),
)
CAL_BOT = {                    # the longest Expert decision, fixed-seed games
    "dairyman": ("Expert decision, longest", 101.5, 91.0, 112.0),
    "mildred": ("Expert decision, longest", 299.5, 283.0, 316.0),
}
CAL_LAUNCH = (                 # the longest frame of the launch; boot: the whole
    ("launch Dairyman", 134.5, 130.0, 139.0),
    ("launch Mildred's List", 140.5, 126.0, 155.0),
)
CAL_BOOT = ("boot, first import to first menu frame", 726.0 - 47.8)   # less the log write


def mid(lo, hi):
    return (lo + hi) / 2.0


def median(xs):
    """The median of a non-empty list (the mean of the middle two if even)."""
    s = sorted(xs)
    n = len(s)
    if n % 2:
        return s[n // 2]
    return (s[n // 2 - 1] + s[n // 2]) / 2.0


def fit_worst(chip_ms, frames):
    """The factor f at which the worst of ``frames`` takes ``chip_ms`` on the
    chip, each frame being (unix-port us at f, ms that do not scale: bus,
    flash, a part at another factor): max(us * f / 1000 + fixed) = chip_ms,
    so f = min((chip_ms - fixed) * 1000 / us). None: no frame with time."""
    best = None
    for us, fixed in frames:
        if us <= 0:
            continue
        f = (chip_ms - fixed) * 1000.0 / us
        if best is None or f < best:
            best = f
    return best


def bot_factor(chip_ms, longest_us):
    """A bot's factor: the chip's longest decision over the host's longest of
    the same decisions."""
    return chip_ms * 1000.0 / longest_us


def calibrate(factors, sources):
    """Use this host's factors (a dict by workload, and where each came from)
    in place of the fixed ones; the missing keep theirs."""
    global UI, DAIRYMAN_BOT, MILDRED_BOT, MILESTONES_BOT
    for k in factors:
        FACTORS[k] = factors[k]
        FACTOR_SOURCE[k] = sources[k]
    UI = FACTORS["ui"]
    DAIRYMAN_BOT = FACTORS["dairyman"]
    MILDRED_BOT = FACTORS["mildred"]
    MILESTONES_BOT = FACTORS["milestones"]


def uncalibrate():
    """The fixed factors again (the fallback; tests)."""
    calibrate(FIXED, FIXED_SOURCE)


def model(workload):
    """The time model of a workload in words, e.g. 'x367 (identical bot ...)'."""
    return "x%.0f (%s)" % (FACTORS[workload], FACTOR_SOURCE[workload])


def device_ms(unix_us, workload):
    """Chip milliseconds of ``unix_us`` microseconds of this workload."""
    return unix_us * FACTORS[workload] / 1000.0


# ---- a reference loop, timed in the same run as the work -------------------------
# The factors turn unix-port time on a quiet host into chip time; a loaded
# host runs slower and would inflate every estimate. Each timing process runs
# this loop at its start and end (the faster counts); bench.py compares the
# runs' figures with the fastest of the session, drops runs made on a loaded
# host and prints the load beside the estimates.
REF_ITERS = 20000


def ref_loop(n=REF_ITERS):
    """A fixed mix of what the firmware does most (small-int arithmetic, list
    indexing, attribute and global lookups, calls): no allocation."""
    acc = 0
    xs = [3, 1, 4, 1, 5, 9, 2, 6]
    i = 0
    while i < n:
        acc = (acc + xs[i & 7] * 7 + (i >> 3)) & 0xFFFF
        if acc & 1:
            acc = _ref_step(acc)
        i += 1
    return acc


def _ref_step(a):
    return (a * 3) >> 1


def ref_us(runs=3):
    """The fastest of ``runs`` runs of ``ref_loop``, in microseconds (under
    MicroPython: ``time.ticks_us``): the host's speed now."""
    import time
    best = 0
    for _ in range(runs):
        t0 = time.ticks_us()
        ref_loop()
        dt = time.ticks_diff(time.ticks_us(), t0)
        best = dt if not best or dt < best else best
    return best


def load_of(ref_us, best_ref_us):
    """How much slower the host ran a run than the session's fastest (1.0: not
    loaded)."""
    if not best_ref_us or not ref_us:
        return 1.0
    return float(ref_us) / best_ref_us


LOADED = 1.25     # a run whose reference loop took 25% longer than the best: dropped


def quiet_runs(refs):
    """Indices of the runs made on a quiet host: those within LOADED of the
    fastest reference loop (at least one)."""
    best = min(refs)
    return [i for i, r in enumerate(refs) if load_of(r, best) <= LOADED]


# ---- I2C -------------------------------------------------------------------------
CLOCKS_PER_BYTE = 9
BUS_FAST_HZ = 1000000
BUS_SLOW_HZ = 400000      # the fallback bus speed


def bus_ms(nbytes, hz):
    """Milliseconds the I2C bus needs for nbytes at hz."""
    return nbytes * CLOCKS_PER_BYTE * 1000.0 / hz


# ---- flash -----------------------------------------------------------------------
ERASE_MS = 45.0           # one 4 KB sector erase, typical (W25Q16JV: up to 400)
ERASE_MS_WORST = 400.0
PAGE_MS = 0.7             # one 256 B page program
BLOCK_BYTES = 4096
PAGE_BYTES = 256
FLASH_BLOCKS = 352        # 2 MB less the firmware's 640 KB (littlefs at 0xA0000)
FLASH_MODEL = "flash %g ms a 4 KB erase + %g ms a 256 B page (issue 20)" % (ERASE_MS, PAGE_MS)


# a save recorded without its counts (old records, tests): what a save by a
# temporary file and a rename cost on the counted image (about one erase and
# ten pages; issue 20: 0.6-0.7 erases and 7-10 pages at 200 B, 1.1 erases each
# time from 600 B)
FLASH_PER_SAVE_UNCOUNTED = (1, 10)


def flash_ms(erases, pages):
    """Flash milliseconds of this many erases and page programs."""
    return erases * ERASE_MS + pages * PAGE_MS


# ---- heap --------------------------------------------------------------------------
HEAP_MODULES = 0.62       # chip / 64-bit host, a game's modules (bytecode, names, bytes)
HEAP_DATA = 0.5           # chip / 64-bit host, play data (pointer-sized words)
HEAP_CHIP_BYTES = 245888  # the chip's whole heap
HEAP_MODEL = "modules x %.2f + play data x %.2f of the 64-bit host's bytes (issue 20)" % (
    HEAP_MODULES, HEAP_DATA)


def heap_chip_bytes(modules, data):
    """Chip bytes of a live heap whose host bytes are ``modules`` (everything
    loaded before play: the console, the game's modules, their names) and
    ``data`` (what play added since; a negative figure counts as none)."""
    return modules * HEAP_MODULES + max(0, data) * HEAP_DATA


def heap_chip_kb(modules, data, names=None):
    if names:
        return heap_chip_bytes_names(modules, data, names[0], names[1]) / 1024.0
    return heap_chip_bytes(modules, data) / 1024.0


# names (the qstr pools): the firmware interns the console's names at start-up
# and a game's when it opens (docs/DEVELOPING.md, "Names interned ahead"), so a good share of the
# heap at the menu is names, which do not shrink like bytecode: their
# characters take the same bytes on the chip, a pool entry 6 bytes on the chip
# (hash, length, a 32-bit pointer) against 11 on the 64-bit host
NAME_ENTRY_CHIP = 6
NAME_ENTRY_HOST = 11
HEAP_NAMES_MODEL = ("names apart: characters 1:1, pool entries %d B on the chip vs %d B "
                    "on the host (micropython.qstr_info())" % (NAME_ENTRY_CHIP, NAME_ENTRY_HOST))


def names_chip_bytes(total, chars):
    """Chip bytes of names that take ``total`` host bytes (qstr_info's
    n_total_bytes: pools and their characters), ``chars`` of them characters
    (n_str_data_bytes)."""
    return chars + max(0, total - chars) * NAME_ENTRY_CHIP / float(NAME_ENTRY_HOST)


def heap_chip_bytes_names(modules, data, names_total, names_chars):
    """The heap model with names counted apart: the modules' host bytes less
    their names at x HEAP_MODULES, the names at ``names_chip_bytes``, play
    data at x HEAP_DATA."""
    rest = max(0, modules - names_total)
    return (rest * HEAP_MODULES + names_chip_bytes(names_total, names_chars)
            + max(0, data) * HEAP_DATA)


# what the chip showed in the audit (issue 20), for the model beside it:
# KB of live heap
CHIP_HEAP_KB = {
    "menu": 75.8,
    "booted dairyman": 150, "booted mildred": 151, "booted milestones": 170,
    "session dairyman": 159, "session mildred": 164, "session milestones": 177,
}
AUDIT_TOLERANCE = 0.20    # the next audit expects every estimate within +-20%

# chip figures for scenes, to print beside the estimates: (scene prefix, text)
MEASURED_ON_CHIP = (
    ("home menu", "17.8 ms"),
    ("roller 12d6 @400 kHz", "45.9 ms"),
    ("hourglass", "25.5 ms"),
    ("Dairyman", "46.7 ms"),
    ("Mildred", "60.7 ms"),
    ("Milestones", "39.3 ms"),
    ("launch Dairyman", "130-139 ms"),
    ("launch Mildred", "126-155 ms"),
)
CHIP_FPS = (29.6, 30.1)   # frames a second in every scene the audit ran
CHIP_BOOT_S = 0.726       # power-on to the first menu frame (5 boots)
CHIP_BOOT_LOG_MS = 47.8   # of it: writing /error.log ("no accelerometer")
CHIP_SAVE_FRAME_MS = "74-90 typ, worst 181 (247 in a session)"
CHIP_SAVE_TYP_MS = (74.0, 90.0)      # a game's save frames, typical
CHIP_SAVE_WORST_MS = (181.0, 247.0)  # ... and the worst (247 in a session)
GAME_SCENES = ("Dairyman", "Mildred", "Milestones")


def measured(scene):
    """The chip's own worst frame for this scene in the audit, or ''."""
    for prefix, text in MEASURED_ON_CHIP:
        if scene.startswith(prefix):
            return text
    return ""


# ---- targets (issue 20) -----------------------------------------------------------
FRAME_MAX_MS = 50
DECISION_MAX_MS = 250     # an Expert decision
LAUNCH_MAX_MS = 250
BOOT_MAX_S = 0.6
SAVE_FRAME_TYP_MS = 60
SAVE_FRAME_MAX_MS = 100
FPS_TARGET = 30
FRAME_PERIOD_MS = 1000.0 / FPS_TARGET
HEAP_LIVE_MAX_KB = 150    # live heap on the chip in any session: >= 96 KB free of 245,888 B


def frame_ms(unix_us, factor, nbytes, hz, erases=0, pages=0):
    """Chip milliseconds of one frame: its unix-port time at one factor, the
    bus time of its bytes, the flash time of its erases and pages."""
    return unix_us * factor / 1000.0 + bus_ms(nbytes, hz) + flash_ms(erases, pages)

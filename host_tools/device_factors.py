"""From the MicroPython unix port to the RP2040: the ONE place for the factors.

Every device-time estimate in host_tools (``make bench``, the game benchmarks)
takes its numbers from here. Runs under CPython and MicroPython (no imports).

Estimated device time of one frame =
    unix-port time x the factor of the closest workload
  + I2C bus time of the bytes the driver flushed that frame (9 clocks a byte)
  + flash time of every save taken in that frame.
"""

SOURCE = """\
Source: shared DESIGN.md section 4, "From the unix port to the device", and
issue 10's table. Measured by running the project's own `make build` tree on
MicroPython 1.28 (RPI_PICO, 125 MHz) in an RP2040 emulator against the unix
port: the factor depends on the work. Dairyman's bot ran about 130x slower on
the chip, Mildred's about 95x, Milestones' (float maths, allocation) about
200x; framebuf text 100x-120x. Use the factor of the closest workload and the
fastest of several unix-port runs. The emulator has no flash wait states: a
real Pico is a little slower still, never faster. Bus: a full 1,025-byte frame
took 9.2 ms at 1 MHz and 24.3 ms at 400 kHz (9 clocks a byte). A game save
(about 500 B on littlefs) took 55-61 ms, 116-163 ms when the flash erases."""

# device time / unix-port time, per workload
DAIRYMAN_BOT = 130
MILDRED_BOT = 95
MILESTONES_BOT = 200
FRAMEBUF_TEXT_LOW = 100
FRAMEBUF_TEXT_HIGH = 120
# drawing, menus, imports and everything else that is not a bot: the framebuf
# text factor, its high end (a real Pico is never faster than the emulator)
UI = FRAMEBUF_TEXT_HIGH

FACTORS = {
    "dairyman": DAIRYMAN_BOT,
    "mildred": MILDRED_BOT,
    "milestones": MILESTONES_BOT,
    "ui": UI,
}

# what the emulated chip itself showed for some scenes (issue 10's table), to
# set beside the estimates: (scene name prefix, text)
MEASURED_ON_CHIP = (
    ("launch Dice roller", "224-241 ms"),
    ("roller 12d6 @400 kHz", "32-45 ms"),
    ("Dairyman", "346 ms"),
    ("Mildred", "430 ms"),
    ("Milestones", "1,016 ms"),
)


def measured(scene):
    """The emulated chip's own worst frame for this scene, or ''."""
    for prefix, text in MEASURED_ON_CHIP:
        if scene.startswith(prefix):
            return text
    return ""


# I2C
CLOCKS_PER_BYTE = 9
BUS_FAST_HZ = 1000000
BUS_SLOW_HZ = 400000      # the fallback bus speed

# flash: one save
SAVE_MS_MIN = 55
SAVE_MS_MAX = 61
SAVE_ERASE_MS_MIN = 116
SAVE_ERASE_MS_MAX = 163
SAVE_WORST_MS = SAVE_ERASE_MS_MAX   # the default: every save may erase

# targets (issue 10's table, DESIGN.md section 4)
FRAME_MAX_MS = 50
LAUNCH_MAX_MS = 250
FPS_TARGET = 30
FRAME_PERIOD_MS = 1000.0 / FPS_TARGET
HEAP_LIVE_MAX_KB = 120    # live heap on the device, of 246 KB


def bus_ms(nbytes, hz):
    """Milliseconds the I2C bus needs for nbytes at hz."""
    return nbytes * CLOCKS_PER_BYTE * 1000.0 / hz


def save_ms(saves, erase_every=1):
    """Flash milliseconds for ``saves`` saves in one frame. erase_every=1: every
    save is charged the worst erasing save (163 ms); N > 1: one save in N
    erases (163 ms), the rest cost the worst plain save (61 ms), charged as
    their average; 0: no save erases."""
    if not saves:
        return 0.0
    if erase_every == 1:
        return saves * float(SAVE_WORST_MS)
    if erase_every <= 0:
        return saves * float(SAVE_MS_MAX)
    per = (SAVE_ERASE_MS_MAX + (erase_every - 1) * SAVE_MS_MAX) / float(erase_every)
    return saves * per


def frame_ms(unix_us, factor, nbytes, hz, saves, erase_every=1):
    """Estimated device milliseconds of one frame."""
    return unix_us * factor / 1000.0 + bus_ms(nbytes, hz) + save_ms(saves, erase_every)

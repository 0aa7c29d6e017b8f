"""What the hardware objects of the hosts that are not the board share: the
simulator's (host_tools/sim/simhw.py), the browser's (web/webhw.py) and the
console tests' stand-in (tests/portable/fakehw.py). Imported only by those,
never on the board (hal/device.py builds the board's own)."""
import gc
import os
import time

from dicebox.core import ticks

LOG_MAX = 8192   # as the device: a full error.log becomes error.old


class Inputs:
    """Buttons as a mask the front end sets (``mask``: down now; ``latched``:
    pressed since the last poll) and the wrap-safe tick arithmetic."""

    def read_buttons(self):
        return self.mask

    def take_latched(self):
        m = self.latched
        self.latched = 0
        return m

    def ticks_diff(self, a, b):
        return ticks.diff(a, b)

    def ticks_add(self, a, b):
        return ticks.add(a, b)


class Clocked(Inputs):
    """A host's hardware over a clock object (``clock``: ticks_ms, sleep_ms),
    the interpreter's own heap and no watchdog."""

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def ticks_us(self):
        return time.ticks_us()

    def sleep_ms(self, ms):
        self.clock.sleep_ms(ms)

    def feed(self):
        pass

    def free_heap(self):
        return gc.mem_free()      # as the board's hal reads it (the launcher collected just before)


class VirtualClock:
    """Simulated time: ``t`` counts from 0; ``ticks_ms`` starts at ``t0`` and
    wraps at 2**30 like the chip's counter."""

    def __init__(self, t0=0):
        self.t = 0
        self.t0 = t0

    def ticks_ms(self):
        return ticks.add(self.t0, self.t)

    def sleep_ms(self, ms):
        self.t += ms


class ByteBits:
    """Raw bits for the health tests, 64 bytes at a time of ``fill(n)``."""

    def __init__(self, fill):
        self.fill = fill
        self.buf = b""
        self.i = 0

    def __call__(self):
        i = self.i
        if i >= 8 * len(self.buf):
            self.buf = self.fill(64)
            i = 0
        self.i = i + 1
        return (self.buf[i >> 3] >> (i & 7)) & 1


def shaken(n):
    """The accelerometer sample (x, y, z in milli-g) of the ``n``-th frame of a
    vigorous shake (the shake key, the page's Shake button)."""
    s = 1 if (n >> 1) & 1 else -1
    return 1800 * s, -1500 * s, 1000 + 900 * s


def append_log(path, text, limit=LOG_MAX):
    """Append to an error log, a full one (over ``limit`` bytes) moved to
    NAME.old first, as the device does. Never raises."""
    try:
        try:
            if os.stat(path)[6] > limit:
                os.rename(path, path[:-4] + ".old")
        except OSError:
            pass
        with open(path, "a") as f:
            f.write(text)
    except OSError:
        pass

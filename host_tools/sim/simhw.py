"""Simulated hardware with the shape of docs/DEVELOPING.md, for the unix port.

The display is the real firmware driver (dicebox.hal.ssd1306) talking to a
SimPanel that decodes the SSD1306 command stream into pixels. Buttons are a
mask the front end sets; the shake key feeds a burst of accelerometer samples
through the firmware's own shake state machine. The clock is either real or
virtual (advanced only by sleep_ms: deterministic screenshots and benchmarks).
"""
import os
import time

from dicebox.core import events as E
from dicebox.core import rng
from dicebox.core import battery_curve
from dicebox.core import ticks
import hosthw  # noqa: E402 (beside this file: what the hosts' hardware share)
from dicebox.core.seedbits import SeededBits
from dicebox.hal.entropy import Entropy
from dicebox.hal.ssd1306 import SSD1306
from panel import SimPanel


# simulated time (one place: sim/hosthw.py, the browser's tests run on it too)
VirtualClock = hosthw.VirtualClock

# the App's own 30 fps pacer (one place: core/ticks.py)
Pace = ticks.Pace


class RealClock:
    def ticks_ms(self):
        return ticks.add(time.ticks_ms(), 0)  # modulo 2**30, as on the chip

    def sleep_ms(self, ms):
        time.sleep_ms(ms)


class SimBuzzer:
    """The device's tone queue (hal/buzzer.py): 16 notes, a full queue refuses
    a note, muting drops what is queued. Nothing grows with play time: tests
    see the last ``RECENT`` notes played and the count of all of them."""

    QUEUE = 16
    RECENT = 32

    def __init__(self):
        self.muted = False
        self.queue = []
        self.playing = 0      # frequency now sounding, 0 = silent
        self.until = None
        self.log = []         # (freq, ms) of the last RECENT tones played, for tests
        self.played = 0       # every tone played
        self.refused = 0      # tones refused because the queue was full

    def tone(self, freq, ms):
        if self.muted:
            return False
        if len(self.queue) >= self.QUEUE:
            self.refused += 1
            return False
        self.queue.append((freq, ms))
        return True

    def busy(self):
        return self.until is not None or bool(self.queue)

    def stop(self):
        self.queue = []
        self.playing = 0
        self.until = None

    def tick(self, now):
        if self.muted:
            if self.until is not None or self.queue:
                self.stop()
            return
        if self.until is not None and ticks.diff(now, self.until) >= 0:
            self.playing = 0
            self.until = None
        if self.until is None and self.queue:
            f, ms = self.queue.pop(0)
            self.playing = f
            self.until = ticks.add(now, ms)
            self.played += 1
            if len(self.log) >= self.RECENT:
                self.log.pop(0)
            self.log.append((f, ms))


# a cell at a fixed voltage (one place: core/battery_curve.py)
SimBattery = battery_curve.FixedCell


class SimShake:
    """Shake key -> a second of vigorous accelerometer samples into the real detector."""

    kind = "sim"

    def __init__(self):
        self.detector = None
        try:
            from dicebox.core.shake import ShakeDetector
            self.detector = ShakeDetector()
        except ImportError:
            pass
        self.sensitivity = 3
        self.shake_until = None
        self.pending = []
        self.n = 0

    def shake(self, now, ms=800):
        self.shake_until = ticks.add(now, ms)

    def poll(self, now):
        shaking = self.shake_until is not None and ticks.diff(self.shake_until, now) > 0
        if self.detector is None:
            if shaking and not self.n:
                self.n = 1
                return E.make(E.SHAKE)
            if not shaking and self.n:
                self.n = 0
                self.shake_until = None
                return E.make(E.SETTLED)
            return 0
        self.detector.sensitivity = self.sensitivity
        if shaking:
            self.n += 1
            x, y, z = hosthw.shaken(self.n)
        else:
            x, y, z = 0, 0, 1000
        return self.detector.update(x, y, z, now)


class SimEntropy(Entropy):
    """The device's dice source and its health tests (hal/entropy.py: the
    start-up test, the idle steps, the steps as dice are drawn, a fresh
    sample after an alarm) over the simulator's own source: raw bits and
    dice bytes from os.urandom, or, with a seed (tests, screenshots), raw
    bits from a xorshift32 stream of their own and the dice bytes exactly
    the seeded source's (the same rolls as before the tests ran)."""

    def __init__(self, seed=None, read_bit=None):
        self.seeded = rng.SeededSource(seed) if seed is not None else None
        if read_bit is None:
            read_bit = SeededBits(seed) if seed is not None else hosthw.ByteBits(os.urandom)
        Entropy.__init__(self, read_bit)

    def draw(self, k):
        if self.seeded is not None:
            return self.seeded.bytes(k)
        return Entropy.draw(self, k)


class SimHW(hosthw.Clocked):
    def __init__(self, clock, data_dir, seed=None, i2c_hz=1000000, panel=None):
        self.clock = clock
        self.panel = panel or SimPanel()
        if hasattr(self.panel, "set_freq"):
            self.panel.set_freq(i2c_hz)
        self.display = SSD1306(self.panel)
        self.mask = 0          # buttons held, set by the front end
        self.latched = 0
        self.shake = SimShake()
        self.buzzer = SimBuzzer()
        self.battery = SimBattery()
        self.entropy = SimEntropy(seed)
        self.entropy_source = "seeded (test)" if seed is not None else "os.urandom"
        self.entropy_ok = self.entropy.entropy_ok
        self.entropy_msg = self.entropy.entropy_msg
        self.data_dir = data_dir
        self.woken_by = None
        self.on_sleep = None   # front end: block until input, return
        self.sleeps = 0

    def lightsleep(self, ms=0):
        self.sleeps += 1
        if self.on_sleep:
            self.on_sleep()

    LOG_MAX = hosthw.LOG_MAX  # as the device: a full error.log becomes error.old

    def log(self, text):
        hosthw.append_log(self.data_dir + "/error.log", text, self.LOG_MAX)


def ensure_dir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass


def empty_dir(path):
    """Make ``path`` if need be and remove the files in it."""
    ensure_dir(path)
    for f in os.listdir(path):
        try:
            os.remove(path + "/" + f)
        except OSError:
            pass

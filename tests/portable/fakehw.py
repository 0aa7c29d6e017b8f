"""Stand-in hardware for console tests (no framebuf needed).

The clock counts like the chip's ``ticks_ms``: modulo 2**30, and it starts
``START`` (a few seconds) before the wrap unless ``t0`` says otherwise, so
every console test runs across the wrap. Drive it with ``sleep_ms`` (or set
``t``; ``ticks_ms()`` folds it into the period).
"""
from dicebox.core import rng
from sim.hosthw import Inputs
from dicebox.core import ticks
from dicebox.core.app import NoShake


class FakeFB:
    def __init__(self):
        self.calls = 0
        self.flushes = 0
        self.contrast_v = None
        self.on = True
        self.texts = []

    def fill(self, c):
        self.calls += 1
        self.texts = []

    def text(self, s, x, y, c=1):
        self.calls += 1
        self.texts.append(s)

    def _draw(self, *a):
        self.calls += 1

    fill_rect = rect = hline = vline = line = pixel = ellipse = _draw

    def flush(self):
        self.flushes += 1
        return 0

    def contrast(self, v):
        self.contrast_v = v

    def power(self, on):
        self.on = on

    def screen_text(self):
        return " ".join(self.texts)


class FakeBuzzer:
    def __init__(self):
        self.muted = False
        self.tones = []

    def tone(self, f, ms):
        if not self.muted:
            self.tones.append((f, ms))

    def tick(self, now):
        pass


class FakeBattery:
    def volts(self):
        return 3.9

    def percent(self):
        return 75

    def charging(self):
        return False


PERIOD = ticks.PERIOD
START = PERIOD - 3000


class FakeHW(Inputs):
    def __init__(self, entropy_ok=True, t0=START):
        self.t = t0 % PERIOD
        self.display = FakeFB()
        self.mask = 0
        self.latched = 0
        self.shake = NoShake()
        self.shake.kind = "lis3dh"
        self.buzzer = FakeBuzzer()
        self.battery = FakeBattery()
        self.entropy = rng.SeededSource(5)
        self.entropy_ok = entropy_ok
        self.entropy_msg = "Entropy source stuck: rolling refused."
        self.logged = []
        self.sleeps = 0
        self.fed = 0
        self.slept_ms = 0

    def ticks_ms(self):
        return self.t % PERIOD

    def sleep_ms(self, ms):
        self.t = (self.t + ms) % PERIOD
        self.slept_ms += ms

    def lightsleep(self, ms=0):
        self.sleeps += 1
        self.t = (self.t + 5000) % PERIOD

    def feed(self):
        self.fed += 1

    def log(self, text):
        self.logged.append(text)

    def free_heap(self):
        return 100000

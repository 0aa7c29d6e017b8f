"""Shake detection: still / handling / shaking, with hysteresis.

``ShakeDetector`` works on accelerometer samples in milli-g, one per frame
(about 30 Hz). A sample is *active* when the magnitude of the acceleration is
far from 1 g (``DEV_HI``) or it changed a lot since the previous sample
(``JERK_HI``, the sum of the per-axis changes). The console is *shaking*
once ``need`` of the last ``window`` samples were active (4 of 8: about 130 ms
of vigorous motion), which picking the console up, tilting it or putting it
down does not produce. It stays shaking until every sample has been quiet
(below the much lower ``DEV_LO``/``JERK_LO``) for ``settle_ms`` (300 ms).
Motion that is not quiet but not a shake is *handling*; ``still_ms`` of quiet
returns to *still*.

``update`` returns ``events.SHAKE`` when a shake starts, ``events.SETTLED``
when it ends, else 0. ``sensitivity`` 1..5 (3 = default) scales all
thresholds: 5 reacts to a gentle shake, 1 needs a hard one. It may be changed
at any time (the settings app assigns it).

``SwitchShake`` is the same contract for a vibration switch (SW-18010P): the
hal counts its edges by interrupt; ``need`` edges within ``window_ms`` start
a shake and ``settle_ms`` without an edge ends it.

``on_shake(now)``, if set, is called when a shake starts (the device stirs the
microsecond timing of the shake into its entropy source).

The magnitude is compared squared (no square root, small ints); nothing is
allocated per sample.
"""
from micropython import const

from dicebox.core import events

from dicebox.core.ticks import diff as ticks_diff

STILL = const(0)
HANDLING = const(1)
SHAKING = const(2)
STATE_NAMES = ("still", "handling", "shaking")

# thresholds at sensitivity 3, milli-g
DEV_HI = const(800)
JERK_HI = const(1200)
DEV_LO = const(150)
JERK_LO = const(250)
# percent applied to the thresholds for sensitivity 1..5
_SCALE = (160, 125, 100, 80, 62)

_EV_SHAKE = events.SHAKE << 4
_EV_SETTLED = events.SETTLED << 4


def _band(dev):
    """(lo^2, hi^2) of the |a| band 1 g +- dev, in milli-g squared."""
    lo = 1000 - dev
    lo2 = lo * lo if lo > 0 else -1
    hi = 1000 + dev
    return lo2, hi * hi


class ShakeDetector:
    kind = "lis3dh"

    def __init__(self, source=None, sensitivity=3, window=8, need=4, settle_ms=300, still_ms=500):
        self.source = source          # object with read_into(arr) -> bool, for poll()
        self.sensitivity = sensitivity
        self.window = window
        self.need = need
        self.settle_ms = settle_ms
        self.still_ms = still_ms
        self._applied = -1
        self._xyz = [0, 0, 0]
        self.on_shake = None
        self.reset()

    def reset(self):
        self.state = STILL
        self._hist = 0
        self._active = 0
        self._have_prev = False
        self._px = self._py = self._pz = 0
        self._quiet_since = 0
        self._quiet = True
        self.shakes = 0

    def _apply(self):
        s = self.sensitivity
        if s < 1:
            s = 1
        elif s > 5:
            s = 5
        k = _SCALE[s - 1]
        self._hi_lo2, self._hi_hi2 = _band(DEV_HI * k // 100)
        self._lo_lo2, self._lo_hi2 = _band(DEV_LO * k // 100)
        self._jerk_hi = JERK_HI * k // 100
        self._jerk_lo = JERK_LO * k // 100
        self._applied = self.sensitivity

    def poll(self, now):
        src = self.source
        if src is None:
            return 0
        xyz = self._xyz
        if not src.read_into(xyz):
            return 0
        return self.update(xyz[0], xyz[1], xyz[2], now)

    def update(self, x, y, z, now):
        if self._applied != self.sensitivity:
            self._apply()
        m2 = x * x + y * y + z * z
        if self._have_prev:
            dx = x - self._px
            dy = y - self._py
            dz = z - self._pz
            jerk = (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy) + (dz if dz >= 0 else -dz)
        else:
            jerk = 0
            self._have_prev = True
        self._px = x
        self._py = y
        self._pz = z

        active = m2 > self._hi_hi2 or m2 < self._hi_lo2 or jerk > self._jerk_hi
        quiet = self._lo_lo2 <= m2 <= self._lo_hi2 and jerk <= self._jerk_lo

        # sliding count of active samples over the last `window`
        w = self.window
        out = (self._hist >> (w - 1)) & 1
        self._hist = ((self._hist << 1) | (1 if active else 0)) & ((1 << w) - 1)
        self._active += (1 if active else 0) - out

        if quiet:
            if not self._quiet:
                self._quiet = True
                self._quiet_since = now
        else:
            self._quiet = False

        if self.state == SHAKING:
            if self._quiet and ticks_diff(now, self._quiet_since) >= self.settle_ms:
                self.state = STILL if ticks_diff(now, self._quiet_since) >= self.still_ms else HANDLING
                self._hist = 0
                self._active = 0
                return _EV_SETTLED
            return 0
        if self._active >= self.need:
            self.state = SHAKING
            self.shakes += 1
            if self.on_shake is not None:
                self.on_shake(now)
            return _EV_SHAKE
        if not self._quiet:
            self.state = HANDLING
        elif ticks_diff(now, self._quiet_since) >= self.still_ms:
            self.state = STILL
        return 0


# edges needed within the window for sensitivity 1..5
_SWITCH_NEED = (12, 9, 6, 4, 3)
_RING = const(16)


class SwitchShake:
    kind = "switch"

    def __init__(self, source=None, sensitivity=3, window_ms=400, settle_ms=400, handling_ms=1000):
        self.source = source          # object with take_edges() -> int, for poll()
        self.sensitivity = sensitivity
        self.window_ms = window_ms
        self.settle_ms = settle_ms
        self.handling_ms = handling_ms
        self._times = [0] * _RING     # times of the last edges, newest at _pos - 1
        self.on_shake = None
        self.reset()

    def reset(self):
        self.state = STILL
        self._pos = 0
        self._n = 0
        self._last = 0
        self.shakes = 0

    def need(self):
        s = self.sensitivity
        s = 1 if s < 1 else (5 if s > 5 else s)
        return _SWITCH_NEED[s - 1]

    def poll(self, now):
        src = self.source
        if src is None:
            return 0
        return self.update(src.take_edges(), now)

    def update(self, edges, now):
        if edges > _RING:
            edges = _RING
        t = self._times
        for _ in range(edges):
            t[self._pos] = now
            self._pos = (self._pos + 1) % _RING
        if edges:
            self._n = min(self._n + edges, _RING)
            self._last = now
        if self.state == SHAKING:
            if ticks_diff(now, self._last) >= self.settle_ms:
                self.state = STILL
                self._n = 0
                return _EV_SETTLED
            return 0
        need = self.need()
        if self._n >= need:
            oldest = t[(self._pos - need) % _RING]
            if ticks_diff(now, oldest) <= self.window_ms:
                self.state = SHAKING
                self.shakes += 1
                if self.on_shake is not None:
                    self.on_shake(now)
                return _EV_SHAKE
        if self._n and ticks_diff(now, self._last) < self.handling_ms:
            self.state = HANDLING
        else:
            self.state = STILL
        return 0


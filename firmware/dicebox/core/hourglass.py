"""A sand hourglass as arithmetic, driven by a clock the caller passes in (ms).

``top`` is the sand (ms) still to run at the moment ``since``; while running it
drains at 1 ms per ms. Flipping swaps the halves: what had run becomes what is
left (``total - left``), exactly like real sand. Pure: no clock of its own.

``add`` puts sand in (or takes it out of) the top bulb, e.g. a turn clock's
increment. ``from_dict(d, now, paused=True)`` restores a saved glass stopped at
the saved value: time that passed while the device was off is not charged.
Clock values are ``ticks_ms`` values and may wrap: the time run is measured
with ``core.ticks.since``.
"""
from dicebox.core.ticks import since as ticks_since


class Hourglass:
    def __init__(self, total_ms, now=0, running=False):
        self.total = total_ms
        self.top = total_ms  # sand left in the top bulb at `since`
        self.since = now
        self.running = running

    def left(self, now):
        if not self.running:
            return self.top
        t = self.top - ticks_since(now, self.since)
        return t if t > 0 else 0

    def elapsed(self, now):
        return self.total - self.left(now)

    def done(self, now):
        return self.left(now) == 0

    def _settle(self, now):
        self.top = self.left(now)
        self.since = now

    def start(self, now):
        self._settle(now)
        self.running = True

    def pause(self, now):
        self._settle(now)
        self.running = False

    def flip(self, now):
        self._settle(now)
        t = self.total - self.top
        self.top = t if t > 0 else 0

    def add(self, now, ms):
        """Add ms to the sand left (negative takes away; never below 0)."""
        self._settle(now)
        t = self.top + ms
        self.top = t if t > 0 else 0

    def reset(self, now, total_ms=None):
        if total_ms is not None:
            self.total = total_ms
        self.top = self.total
        self.since = now
        self.running = False

    def to_dict(self, now):
        return {"total": self.total, "left": self.left(now), "running": self.running}

    @classmethod
    def from_dict(cls, d, now, paused=False):
        total = d["total"]
        left = d["left"]
        if not isinstance(total, int) or not isinstance(left, int) or total < 0 or left < 0:
            raise ValueError("bad hourglass")
        h = cls(total, now, bool(d["running"]) and not paused)
        h.top = left
        return h

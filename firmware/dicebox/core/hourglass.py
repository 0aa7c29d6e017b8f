"""A sand hourglass as arithmetic, driven by a clock the caller passes in (ms).

``top`` is the sand (ms) still to run at the moment ``since``; while running it
drains at 1 ms per ms. Flipping swaps the halves: what had run becomes what is
left (``total - left``), exactly like real sand. Pure: no clock of its own.
"""


class Hourglass:
    def __init__(self, total_ms, now=0, running=False):
        self.total = total_ms
        self.top = total_ms  # sand left in the top bulb at `since`
        self.since = now
        self.running = running

    def left(self, now):
        if not self.running:
            return self.top
        t = self.top - (now - self.since)
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
        self.top = self.total - self.top

    def reset(self, now, total_ms=None):
        if total_ms is not None:
            self.total = total_ms
        self.top = self.total
        self.since = now
        self.running = False

    def to_dict(self, now):
        return {"total": self.total, "left": self.left(now), "running": self.running}

    @classmethod
    def from_dict(cls, d, now):
        h = cls(d["total"], now, d["running"])
        h.top = d["left"]
        return h

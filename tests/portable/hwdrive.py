"""Driving core.app.App on a FakeHW as the board's frame loop does: frames of
the real clock, a tap of a button held over frames, the events a Buttons
holds, and a screen that records the events it gets."""
from dicebox.core import ui


def frames(hw, app, n):
    """``n`` frames, 33 ms apart on the board's clock."""
    for _ in range(n):
        app.frame(hw.ticks_ms())
        hw.sleep_ms(33)


def tap(hw, app, b, n=2):
    """Button ``b`` held for ``n`` frames, then released for ``n``."""
    hw.mask |= 1 << b
    frames(hw, app, n)
    hw.mask &= ~(1 << b)
    frames(hw, app, n)


def drain(bt):
    """The events a Buttons has ready, in order."""
    out = []
    while True:
        ev = bt.next()
        if not ev:
            return out
        out.append(ev)


class Probe(ui.Screen):
    """A screen that keeps the events it gets."""

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.events = []

    def event(self, ev):
        self.events.append(ev)

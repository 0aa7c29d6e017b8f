"""Driving core.app.App on a FakeHW as the board's frame loop does: a console
at its home menu, frames of the real clock, a tap of a button held over
frames, the events a Buttons holds, and a screen that records the events it
gets."""
from dicebox.core import ui


def home_console():
    """The console's App on a FakeHW, saves in memory, at its home menu:
    (hw, app). Its home menu is made as main.py makes it (``apps.home``): a
    game's play lets apps/menu.py go, and coming home imports it again, so a
    test that holds the module compares a screen's class by its name."""
    from dicebox.apps import home
    from dicebox.core import memstore
    from dicebox.core.app import App
    from fakehw import FakeHW
    hw = FakeHW()
    app = App(hw, memstore.MemoryStore(), home)
    app.home()
    return hw, app


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

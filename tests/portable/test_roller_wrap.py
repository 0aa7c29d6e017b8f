"""The roller across the tick counter's wrap (2**30 ms on the chip): a tumble, the
note, the coin and the first-player spin all end on time (both runners)."""
from dicebox.apps import roller
from dicebox.core import events as E
from dicebox.core import ticks

from console import FakeApp

WRAP = ticks.PERIOD


class WrapApp(FakeApp):
    """FakeApp whose clock wraps like the chip's, starting just before the wrap."""

    def __init__(self, before=3000, **kw):
        FakeApp.__init__(self, **kw)
        self.t = WRAP - before

    def run(self, ms, step=33):
        left = ms
        while left > 0:
            self.t = ticks.add(self.t, step)
            left -= step
            self.frame()


def test_a_tumble_started_just_before_the_wrap_settles_on_time():
    for before in (300, 100, 34, 1):
        app = WrapApp(before=before)
        roller.start(app)
        s = app.top()
        app.press(E.A)
        assert s.tumbling
        app.run(330)
        assert s.tumbling and app.t < WRAP // 2       # past the wrap, still tumbling
        app.run(330)
        assert not s.tumbling, before                 # settled 0.6 s after the roll
        assert s.show == s.r.values
        app.press(E.A)                                # and rolls again
        assert s.tumbling and len(s.r.history) == 2


def test_many_rolls_across_the_wrap_each_settle():
    app = WrapApp(before=4650)
    roller.start(app)
    s = app.top()
    straddled = 0
    for i in range(20):
        if WRAP - 600 < app.t < WRAP:
            straddled += 1
        app.press(E.A)
        app.run(700)
        assert not s.tumbling, i
    assert straddled == 1 and len(s.r.history) == 20


def test_note_goes_away_across_the_wrap():
    app = WrapApp(before=500)
    roller.start(app)
    s = app.top()
    app.press(E.UP)                 # "roll first"
    assert s.note
    app.run(1600)
    assert not s.note


def test_coin_and_first_player_across_the_wrap():
    from dicebox.apps.roller_coin import CoinScreen, FirstScreen
    app = WrapApp(before=200)
    app.push(CoinScreen(app))
    c = app.top()
    app.press(E.A)
    app.run(600)
    assert not c.spinning and c.shown == c.side
    app.pop()
    app.t = WRAP - 300
    app.push(FirstScreen(app, 4))
    f = app.top()
    app.run(4000)
    assert not f.spinning and f.at == f.pick - 1

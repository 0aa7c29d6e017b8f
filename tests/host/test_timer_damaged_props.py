"""Damaged timer files, generated: whatever the file holds, opening the timer, both
timers and running them never raises; the file is either used (and then sound)
or set aside with the player told on the timer's menu."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from dicebox.core import ui
from console import FakeApp, TextFB
from damaged import damaged


def real_record(k):
    now = 5000
    s = tm.SandTimer(60000 + 1000 * k, now)
    s.flip(now)
    c = tm.TurnClock(2 + k % 5, 60000, 1000 * (k % 3), k % 2)
    c.pass_turn(now)
    c.pass_turn(now + 3000)
    return {"cfg": {"sand": 60000, "players": 2 + k % 5, "base": 60000, "inc": 0, "policy": 0},
            "mode": ("", "sand", "turn")[k % 3], "sand": s.to_dict(now + 7000),
            "turn": c.to_dict(now + 7000)}


def sound(t, now):
    s = t.sand
    assert tm.SAND_MIN <= s.total() <= tm.SAND_MAX and 0 <= s.left(now) <= s.total()
    c = t.clock
    assert 2 <= c.n <= 6 and len(c.bank) == len(c.flagged) == len(c.turns) == c.n
    assert 0 <= c.cur < c.n
    for i in range(c.n):
        assert 0 <= c.left(i, now)


@given(st.integers(0, 30), st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_damaged_timer_file(k, data):
    good = real_record(k)
    app = FakeApp(k, fb=TextFB(strict=False))
    app.store.save(timer.STORE, damaged(data, good))
    timer.start(app)
    app.frame()
    told = isinstance(app.top(), ui.Message)
    assert told == (timer.STORE in app.store.set_aside)
    if told:
        app.press(E.B)
    while not isinstance(app.top(), timer.TimerMenu):
        app.press(E.B)
    m = app.top()
    sound(m.t, app.t)
    for sel in (0, 2):                 # hourglass, turn clock: start, run, pause, back
        m.sel = sel
        app.press(E.A)
        for b in (E.A, E.UP, E.UP, E.A, E.A):
            app.press(b)
            app.run(400)
            if isinstance(app.top(), ui.Confirm):
                app.press(E.B)
        sound(m.t, app.t)
        app.press(E.B)
        assert app.top() is m
    assert not app.store.problems

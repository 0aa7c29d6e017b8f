"""Random button storms and long waits through the timer screens: no crash,
keep-awake follows the running state, saves always restore."""
from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_roller_screen import FakeApp

steps = st.lists(st.tuples(st.sampled_from([E.UP, E.DOWN, E.LEFT, E.RIGHT, E.A, E.B, -1]),
                           st.sampled_from([E.PRESS, E.PRESS, E.REPEAT]),
                           st.sampled_from([0, 50, 400, 3000, 20000, 200000])),
                 min_size=1, max_size=80)


@given(steps)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_button_storm(seq):
    app = FakeApp(3)
    timer.start(app)
    for b, kind, dt in seq:
        if not app.stack:
            timer.start(app)
        if b < 0:
            app.shake()
        else:
            app.press(b, kind)
        if dt:
            app.t += dt - 33     # a long gap, then a frame
            app.run(33)
        top = app.top()
        if isinstance(top, timer.SandScreen):
            s = top.t.sand
            assert app.keep_awake == (s.state(app.t) == tm.RUNNING or s.alarm)
        elif isinstance(top, timer.ClockScreen):
            c = top.t.clock
            assert app.keep_awake == (c.state(app.t) == tm.RUNNING or c.alarm)
        elif isinstance(top, timer.TimerMenu):
            assert not app.keep_awake
        d = app.store.load(timer.STORE, None)
        if d is not None:
            s2 = tm.SandTimer.from_dict(d["sand"], 0)
            c2 = tm.TurnClock.from_dict(d["turn"], 0)
            assert s2.state(0) != tm.RUNNING and not c2.running

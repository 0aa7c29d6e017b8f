"""Random button storms through every roller screen: no crash, the model stays sound."""
from dicebox.apps import roller
from dicebox.apps import roller_model as rm
from dicebox.core import events as E
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_roller_screen import FakeApp

steps = st.lists(st.tuples(st.sampled_from([E.UP, E.DOWN, E.LEFT, E.RIGHT, E.A, E.B, -1]),
                           st.sampled_from([E.PRESS, E.PRESS, E.PRESS, E.REPEAT, E.LONG]),
                           st.integers(0, 700)), min_size=1, max_size=120)


def check_roller(r):
    n = r.count()
    assert 1 <= n <= rm.MAX_DICE
    assert len(r.values) == len(r.held) == len(r.sides) == n
    for i in range(n):
        assert 0 <= r.values[i] <= r.sides[i]
        assert not r.held[i] or r.values[i] > 0
    assert len(r.history) <= rm.HISTORY
    assert -rm.MAX_MOD <= r.mod <= rm.MAX_MOD
    if r.rolled():
        assert r.total() is not None


@given(st.integers(1, 10 ** 6), steps)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_button_storm(seed, seq):
    app = FakeApp(seed)
    roller.start(app)
    screen = app.top()
    for b, kind, dt in seq:
        if not app.stack:
            roller.start(app)
            screen = app.top()
        if b < 0:
            app.shake()
        else:
            app.press(b, kind)
        app.run(dt)
        check_roller(screen.r)
        saved = app.store.load(roller.STORE, None)
        if saved is not None:
            check_roller(rm.Roller.from_dict(saved))

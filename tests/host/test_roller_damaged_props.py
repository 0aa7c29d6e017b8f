"""Damaged roller and presets files, generated: whatever a file holds, opening the
roller, its History and its Presets never raises; the file is either used (and
then valid) or set aside with the player told on the roller's own screens."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicebox.apps import roller
from dicebox.apps import roller_model as rm
from dicebox.core import events as E
from dicebox.core import ui
from console import FakeApp, TextFB
from damaged import damaged


def real_state(seed):
    app = FakeApp(seed)
    r = rm.Roller([[3, 6], [1, 8]])
    r.set_keep("dl", 1)
    for _ in range(4):
        r.roll(app.rng)
    r.hold(1)
    return r.to_dict()


def sound(r):
    n = r.count()
    assert 1 <= n <= rm.MAX_DICE and len(r.values) == len(r.held) == n
    for i in range(n):
        assert 0 <= r.values[i] <= r.sides[i]
        assert not r.held[i] or r.values[i] > 0
    assert len(r.history) <= rm.HISTORY


def open_and_browse(app, record):
    roller.start(app)
    told = isinstance(app.top(), ui.Message)
    if told:
        app.press(E.B)
    s = app.top()
    assert isinstance(s, roller.RollScreen)
    sound(s.r)
    app.press(E.B)
    m = app.top()
    labels = [m.label(i) for i in range(len(m.items))]
    m.sel = labels.index("History")
    app.press(E.A)
    app.press(E.B)
    m.sel = labels.index("Presets")
    app.press(E.A)
    if isinstance(app.top(), ui.Message):
        told = True
        app.press(E.B)
    pm = app.top()
    for i in range(1, len(pm.items)):       # load every preset
        pm.sel = i
        app.press(E.A)
        app.press(E.A)
        if app.top() is s:
            sound(s.r)
            app.press(E.B)
            m = app.top()
            m.sel = labels.index("Presets")
            app.press(E.A)
            pm = app.top()
    return told


@given(st.integers(0, 10 ** 6), st.data())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_damaged_roller_state(seed, data):
    good = real_state(seed)
    app = FakeApp(seed, fb=TextFB(strict=False))
    app.store.save(roller.STORE, damaged(data, good))
    told = open_and_browse(app, roller.STORE)
    set_aside = roller.STORE in app.store.set_aside
    assert told == set_aside
    assert not app.store.problems


@given(st.integers(0, 10 ** 6), st.data())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_damaged_presets(seed, data):
    good = {"list": [rm.named_set("Dairyman", 2), rm.Roller([[4, 6]]).preset("Stats"),
                     {"name": "adv", "groups": [[2, 20, ""]], "mod": 3, "keep": ["kh", 1]}]}
    app = FakeApp(seed, fb=TextFB(strict=False))
    app.store.save(rm.PRESETS, damaged(data, good))
    told = open_and_browse(app, rm.PRESETS)
    assert told == (rm.PRESETS in app.store.set_aside)
    assert not app.store.problems

"""Every hourglass length steps whole minutes on Left/Right: the timer menu's
length line, its picker and the glass before it starts (issue 18: a newcomer
met 3:00 -> 3:15 on the menu's line while the picker stepped minutes)."""
from console import FakeApp
from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E


def menu():
    app = FakeApp()
    timer.start(app)
    app.frame()
    return app, app.top()


def test_the_menu_line_steps_whole_minutes():
    app, m = menu()
    m.sel = 1                                   # the length line
    assert m.t.cfg["sand"] == 180000
    app.press(E.RIGHT)
    assert m.t.cfg["sand"] == 240000            # 4:00, not 3:15
    app.press(E.LEFT)
    app.press(E.LEFT)
    assert m.t.cfg["sand"] == 120000
    for _ in range(5):
        app.press(E.LEFT)
    assert m.t.cfg["sand"] == tm.SAND_MIN       # stops at the shortest
    app.press(E.RIGHT)
    assert m.t.cfg["sand"] == 60000


def test_the_glass_before_it_starts_steps_whole_minutes_and_keeps_them():
    app, m = menu()
    m.sel = 0
    app.press(E.A)
    s = app.top()
    app.press(E.RIGHT)
    assert s.t.sand.total() == 240000
    app.press(E.LEFT)
    app.press(E.LEFT)
    assert s.t.sand.total() == 120000 and s.t.cfg["sand"] == 120000
    app.press(E.A)                              # started: Left/Right no longer change it
    app.press(E.RIGHT)
    assert s.t.sand.total() == 120000


def test_a_length_between_minutes_goes_to_the_whole_minute_either_side():
    for s, right, want in ((205, True, 240), (205, False, 180), (180, False, 120), (5, True, 60),
                           (tm.SAND_MAX // 1000, True, tm.SAND_MAX // 1000)):
        assert timer.minute_step(s, right, tm.SAND_MIN // 1000, tm.SAND_MAX // 1000) == want, (s, right)

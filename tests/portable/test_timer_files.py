"""The timer's file: checked on load, damage set aside and told on the timer's own
menu, a full filesystem never stops a running timer (both runners)."""
from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from dicebox.core import ui

from console import FakeApp, TextFB
from datapaths import set_at


def good_record(now=1000):
    s = tm.SandTimer(60000, now)
    s.flip(now)
    c = tm.TurnClock(3, 120000, 5000, tm.CONTINUE)
    c.pass_turn(now)
    c.pass_turn(now + 4000)
    return {"cfg": {"sand": 60000, "players": 3, "base": 120000, "inc": 5000, "policy": 0},
            "mode": "", "sand": s.to_dict(now + 10000), "turn": c.to_dict(now + 10000)}


def test_a_good_file_loads_without_a_word():
    app = FakeApp()
    app.store.save(timer.STORE, good_record())
    timer.start(app)
    m = app.top()
    assert isinstance(m, timer.TimerMenu) and not app.messages
    assert m.t.cfg["players"] == 3 and m.t.sand.left(app.t) == 50000
    assert m.t.clock.cur == 1 and m.t.clock.turns == [1, 0, 0] and m.t.clock.state(app.t) == tm.PAUSED


def mutate(path, val):
    return set_at(good_record(), path, val)


BAD = (
    (("cfg",), None), (("cfg",), [1]), (("cfg", "sand"), 3), (("cfg", "sand"), 10 ** 9),
    (("cfg", "players"), 9), (("cfg", "players"), 1), (("cfg", "players"), True),
    (("cfg", "base"), -5), (("cfg", "inc"), 600001), (("cfg", "policy"), 2),
    (("cfg", "sand"), "60"), (("mode",), "dice"), (("mode",), 3),
    (("sand",), [1]), (("sand", "total"), 1), (("sand", "left"), 70000),
    (("sand", "left"), -1), (("sand", "running"), 5), (("sand", "started"), "yes"),
    (("sand", "flips"), -2), (("sand", "alarm"), 2),
    (("turn",), "x"), (("turn", "n"), 7), (("turn", "bank"), [1000, 2000]),
    (("turn", "bank"), [1000, 2000, -1]), (("turn", "bank"), [1000, 2000, "3"]),
    (("turn", "flagged"), [0, 0]), (("turn", "flagged"), [1, 0, 0]),
    (("turn", "turns"), [0, 0, -1]), (("turn", "cur"), 3), (("turn", "cur"), -1),
    (("turn", "started"), 0), (("turn", "over"), 7), (("turn", "policy"), True),
    (("turn", "base"), 10 ** 12), (("turn", "inc"), -1),
)


def test_every_damaged_file_is_set_aside_and_told_on_the_timer():
    for path, val in BAD:
        app = FakeApp(fb=TextFB(strict=False))
        app.store.save(timer.STORE, mutate(path, val))
        timer.start(app)
        app.frame()
        assert isinstance(app.top(), ui.Message), (path, val)
        assert app.messages[-1][0] == "Timer" and "could not be used" in app.messages[-1][1]
        assert timer.STORE in app.store.set_aside, (path, val)
        app.press(E.B)
        m = app.top()
        assert isinstance(m, timer.TimerMenu)
        assert m.t.cfg == tm.DEFAULT_CFG and m.t.sand.total() == tm.SAND_DEFAULT
        # and the timers work: open the hourglass, run it, come back
        m.sel = 0
        app.press(E.A)
        app.press(E.A)
        app.run(2000)
        assert app.top().t.sand.state(app.t) == tm.RUNNING
        app.press(E.B)
        assert app.top() is m and not app.store.problems


def test_full_storage_never_stops_a_running_timer():
    app = FakeApp()
    timer.start(app)
    m = app.top()
    m.sel = 0
    app.press(E.A)                     # hourglass
    sand = app.top()
    app.store.fail_writes = True
    app.press(E.A)                     # start
    app.run(5000)
    s = sand.t.sand
    assert s.state(app.t) == tm.RUNNING and 174000 <= s.left(app.t) <= 175100
    assert app.store.failed_writes >= 1 and app.store.notice
    app.press(E.UP)                    # pause
    assert s.state(app.t) == tm.PAUSED
    app.press(E.B)
    m.sel = 1
    app.press(E.RIGHT)                 # a new length, not written
    assert m.t.cfg["sand"] == 240000 and m.t.sand.total() == 240000
    app.store.fail_writes = False
    app.press(E.RIGHT)
    assert app.store.load(timer.STORE, None)["cfg"]["sand"] == 300000


def test_a_timer_file_that_cannot_be_set_aside_is_said_once_and_not_said_to_be_kept():
    app = FakeApp(fb=TextFB(strict=False))
    app.store.stuck = "EIO"
    app.store.save(timer.STORE, mutate(BAD[0][0], BAD[0][1]))
    timer.start(app)
    text = app.messages[-1][1]
    assert "could not be set aside (EIO)" in text and "kept as .bad" not in text, text
    app.press(E.B)
    n = len(app.messages)
    timer.start(app)                     # opened again: the defaults, not a second notice
    assert len(app.messages) == n and isinstance(app.top(), timer.TimerMenu)

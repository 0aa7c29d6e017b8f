"""The timers across the tick counter's wrap (2**30 ms on the chip): the hourglass
and the turn clock keep exact time, the alarm beeps and stops (both runners)."""
from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from dicebox.core import ticks

from test_roller_wrap import WRAP, WrapApp


def test_sand_model_counts_across_the_wrap():
    t0 = WRAP - 4000
    s = tm.SandTimer(10000, t0)
    s.flip(t0)
    assert s.left(ticks.add(t0, 3000)) == 7000
    assert s.left(ticks.add(t0, 5000)) == 5000          # 1 s past the wrap
    s.pause(ticks.add(t0, 6000))
    assert s.left(ticks.add(t0, 60000)) == 4000
    s.resume(ticks.add(t0, 60000))
    s.flip(ticks.add(t0, 61000))                        # 3 s left, 7 s run: flip -> 7 s
    assert s.left(ticks.add(t0, 61000)) == 7000
    assert not s.update(ticks.add(t0, 67999))
    assert s.update(ticks.add(t0, 68000)) and s.alarm


def test_turn_clock_model_counts_across_the_wrap():
    t0 = WRAP - 2500
    c = tm.TurnClock(2, 10000, 1000)
    c.pass_turn(t0)                                     # P1 starts
    assert c.left(0, ticks.add(t0, 4000)) == 6000       # across the wrap
    c.pass_turn(ticks.add(t0, 4000))                    # P1 +1 s bonus
    assert c.left(0, ticks.add(t0, 5000)) == 7000
    assert c.left(1, ticks.add(t0, 5000)) == 9000
    assert not c.update(ticks.add(t0, 13999))
    assert c.update(ticks.add(t0, 14000)) and c.flagged[1]


def sand_screen(app, total):
    """The timer's hourglass screen (its first entry), its sand set to ``total`` ms."""
    timer.start(app)
    m = app.top()
    m.sel = 0
    app.press(E.A)
    sand = app.top()
    sand.t.sand.set_total(total, app.t)
    return sand


def test_hourglass_screen_runs_out_on_time_across_the_wrap():
    app = WrapApp(before=4000)
    sand = sand_screen(app, 10000)
    app.press(E.A)                                      # start: 10 s
    app.run(5000)
    assert app.t < WRAP // 2                            # past the wrap
    left = sand.t.sand.left(app.t)
    assert 4900 <= left <= 5100, left
    app.run(4800)
    assert not sand.t.sand.alarm
    app.run(400)
    assert sand.t.sand.alarm and app.keep_awake
    n = len(app.beeps)
    app.run(2000)
    assert len(app.beeps) >= n + 3                      # beeping every 0.6 s
    app.press(E.A)                                      # silence
    assert not sand.t.sand.alarm
    n = len(app.beeps)
    app.run(2000)
    assert len(app.beeps) == n


def test_turn_clock_screen_across_the_wrap():
    app = WrapApp(before=3000)
    timer.start(app)
    m = app.top()
    m.t.cfg["base"] = 8000
    m.t.clock = m.t.new_clock()
    m.sel = 2
    app.press(E.A)
    cs = app.top()
    c = cs.t.clock
    app.press(E.A)                                      # P1 on the clock
    app.run(5000)
    assert 2900 <= c.left(0, app.t) <= 3100
    app.press(E.A)                                      # P2
    app.run(3000)
    assert 4900 <= c.left(1, app.t) <= 5100 and 2900 <= c.left(0, app.t) <= 3100
    app.run(5200)
    assert c.flagged[1] and c.alarm


def test_alarm_beeps_stop_after_twenty_seconds_across_the_wrap():
    app = WrapApp(before=10000)
    sand = sand_screen(app, 5000)
    app.press(E.A)
    app.run(5100)                                       # alarm 5 s before the wrap
    assert sand.t.sand.alarm
    app.run(21000)
    n = len(app.beeps)
    app.run(3000)
    assert len(app.beeps) == n                          # 20 s of beeps, then flashing only

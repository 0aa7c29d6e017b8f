"""Timer screens on the fake console from test_roller_screen (both runners)."""
from dicebox.apps import timer
from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from dicebox.core import ui
from test_roller_screen import FakeApp, allocated_by, lit


def open_timer(app=None):
    app = app or FakeApp()
    timer.start(app)
    app.frame()
    return app, app.top()


def open_sand(app=None):
    app, menu = open_timer(app)
    menu.sel = 0
    app.press(E.A)
    return app, app.top()


def open_clock(app=None, players=None):
    app, menu = open_timer(app)
    if players:
        menu.sel = 3
        for _ in range(players - 2):
            app.press(E.RIGHT)
    menu.sel = 2
    app.press(E.A)
    return app, app.top()


def test_menu_shows_default_settings():
    app, m = open_timer()
    assert isinstance(m, timer.TimerMenu)
    assert m.label(1) == "  length 3:00"
    assert m.label(3) == "  players 2"
    assert not app.keep_awake


def test_sand_a_starts_then_flips_and_keeps_awake():
    app, s = open_sand()
    assert isinstance(s, timer.SandScreen)
    assert s.t.sand.state(app.t) == tm.READY and not app.keep_awake
    app.press(E.A)
    assert app.keep_awake
    app.run(60000)
    assert abs(s.t.sand.left(app.t) - 120000) <= 40
    app.shake()                      # flip: 2:00 left -> 1:00 left
    assert abs(s.t.sand.left(app.t) - 60000) <= 40
    app.press(E.UP)
    assert s.t.sand.state(app.t) == tm.PAUSED and not app.keep_awake
    app.run(5000)
    app.press(E.UP)
    assert app.keep_awake


def test_sand_saved_when_it_runs_out():
    app, s = open_sand()
    app.press(E.A)
    w0 = app.store.writes
    app.run(s.t.sand.left(app.t) + 500)
    assert app.store.writes - w0 == 1        # one save, at zero
    d = app.store.load(timer.STORE, None)
    assert d["mode"] == "sand"
    assert d["sand"]["left"] == 0


def test_sand_alarm_beeps_flashes_until_acknowledged():
    app, s = open_sand()
    app.press(E.LEFT)                # 3:00 -> 2:00 while ready (whole minutes)
    assert s.t.sand.total() == 120000
    app.press(E.A)
    app.beeps = []
    app.run(120000 + 100)
    assert s.t.sand.alarm and s.t.sand.state(app.t) == tm.DONE
    assert app.keep_awake            # stays on while the alarm shows
    app.run(3000)
    alarm = [b for b in app.beeps if b[0] == 2200]
    assert len(alarm) >= 4
    frames = set()
    for _ in range(12):
        app.run(100)
        s.draw(app.fb)
        frames.add(lit(app.fb) > 128 * 64 // 2)
    assert frames == {True, False}   # flashing: inverted and normal frames
    app.press(E.DOWN)                # any button acknowledges
    assert not s.t.sand.alarm and not s.flash and not app.keep_awake
    n = len(app.beeps)
    app.run(2000)
    assert len(app.beeps) == n       # silent now
    app.press(E.A)                   # flip: full again
    assert s.t.sand.left(app.t) == 120000


def test_alarm_undims_the_console():
    app = FakeApp()
    woken = []
    app.wake = woken.append
    app, s = open_sand(app)
    app.press(E.A)
    app.run(179000)
    assert woken == []
    app.run(2000)
    assert len(woken) == 1


def test_muted_alarm_only_flashes():
    app = FakeApp()
    app.settings["sound"] = False
    app, s = open_sand(app)
    app.press(E.A)
    app.run(181000)
    assert s.t.sand.alarm and app.beeps == []
    seen = set()
    for _ in range(10):
        app.run(100)
        seen.add(s.flash)
    assert seen == {True, False}


def test_sand_back_pauses_and_leaves():
    app, s = open_sand()
    app.press(E.A)
    app.run(3000)
    app.press(E.B)
    assert isinstance(app.top(), timer.TimerMenu)
    assert not app.keep_awake
    assert s.t.sand.state(app.t) == tm.PAUSED
    assert app.store.load(timer.STORE, None)["mode"] == ""


def test_no_save_while_the_sand_falls_between_presses():
    app, s = open_sand()
    app.press(E.A)
    n = app.store.writes
    app.run(30500)
    assert app.store.writes == n     # a save would stall the falling sand
    app.press(E.UP)                  # a press (pause) is saved at once
    assert app.store.writes == n + 1


def test_power_cut_resumes_paused_on_the_same_screen():
    app, s = open_sand()
    app.press(E.A)
    app.run(29500)
    app.press(E.UP)                  # pause: saved
    app.press(E.UP)                  # go on: saved
    app.run(1000)
    app2 = FakeApp()
    app2.store = app.store           # "reboot" with the saved record
    app2.t = 50 * 10 ** 6
    timer.start(app2)
    s2 = app2.top()
    assert isinstance(s2, timer.SandScreen)
    assert s2.t.sand.state(app2.t) == tm.PAUSED
    left = s2.t.sand.left(app2.t)
    assert 148500 <= left <= 150500  # within about a second of the cut
    app2.press(E.UP)
    assert app2.keep_awake


def test_menu_length_adjust_and_picker():
    app, m = open_timer()
    m.sel = 1
    app.press(E.RIGHT)
    assert m.label(1) == "  length 4:00"      # whole minutes on the line too
    app.press(E.A)
    p = app.top()
    assert isinstance(p, ui.NumberPicker) and p.value == 240
    app.press(E.DOWN)
    app.press(E.A)
    assert app.top() is m and m.t.sand.total() == 235000
    assert app.store.load(timer.STORE, None)["cfg"]["sand"] == 235000


def test_clock_pass_pause_and_who_is_on():
    app, c = open_clock(players=3)
    assert isinstance(c, timer.ClockScreen)
    k = c.t.clock
    assert k.n == 3 and k.state(app.t) == tm.READY
    app.press(E.A)
    assert k.cur == 0 and app.keep_awake
    app.run(5000)
    app.press(E.A)
    assert k.cur == 1
    app.press(E.UP)
    assert k.state(app.t) == tm.PAUSED and not app.keep_awake
    app.run(5000)
    app.press(E.UP)
    app.run(2000)
    assert abs(k.left(1, app.t) - (600000 - 2000)) <= 70
    assert abs(k.left(0, app.t) - 595000) <= 70


def test_clock_left_right_choose_who_starts():
    app, c = open_clock(players=3)
    app.press(E.LEFT)
    assert c.t.clock.cur == 2
    app.press(E.RIGHT)
    app.press(E.RIGHT)
    assert c.t.clock.cur == 1
    app.press(E.A)
    assert c.t.clock.cur == 1 and c.t.clock.state(app.t) == tm.RUNNING
    app.press(E.RIGHT)               # no effect once started
    assert c.t.clock.cur == 1


def test_clock_flag_alarm_then_pass_skips_flagged():
    app = FakeApp()
    app, m = open_timer(app)
    m.sel = 3
    app.press(E.RIGHT)               # 3 players
    m.t.cfg["base"] = 60000
    m.reset_clock()
    m.sel = 2
    app.press(E.A)
    c = app.top()
    k = c.t.clock
    app.press(E.A)                   # player 1 on
    app.run(61000)
    assert k.flagged == [True, False, False] and k.alarm
    assert any(b[0] == 2200 for b in app.beeps)
    c.draw(app.fb)
    app.press(E.A)                   # passes on and silences
    assert k.cur == 1 and not k.alarm
    app.press(E.A)
    app.press(E.A)
    assert k.cur == 1                # player 1 skipped


def test_clock_stop_policy_ends():
    app, m = open_timer()
    m.sel = 6
    app.press(E.A)                   # the two choices, named
    assert app.top() is not m and m.label(6) == "  out: go on"
    app.press(E.A)                   # Stop the clock
    assert app.top() is m and m.label(6) == "  out: stop"
    m.t.cfg["base"] = 60000
    m.reset_clock()
    m.sel = 2
    app.press(E.A)
    c = app.top()
    app.press(E.A)
    app.run(61000)
    assert c.t.clock.state(app.t) == tm.OVER
    app.press(E.A)
    assert not c.t.clock.alarm and not app.keep_awake
    app.press(E.A)                   # over: offers a new game
    assert isinstance(app.top(), ui.Confirm)
    app.press(E.A)
    assert app.top() is c and c.t.clock.state(app.t) == tm.READY
    assert c.t.clock.left(0, app.t) == 60000


def test_changing_players_mid_game_asks_first():
    app, c = open_clock()
    app.press(E.A)
    app.run(2000)
    app.press(E.B)
    m = app.top()
    m.sel = 3
    app.press(E.RIGHT)
    q = app.top()
    assert isinstance(q, ui.Confirm)
    app.press(E.B)                   # no
    assert m.t.cfg["players"] == 2 and m.t.clock.started
    app.press(E.RIGHT)
    app.press(E.A)                   # yes
    assert m.t.cfg["players"] == 3 and not m.t.clock.started


def test_clock_resumes_paused_after_power_cut():
    app, c = open_clock(players=4)
    app.press(E.A)
    app.run(3000)
    app.press(E.A)
    app.run(10500)                   # P2's turn under way: not saved until a press
    app2 = FakeApp()
    app2.store = app.store
    app2.t = 7
    timer.start(app2)
    c2 = app2.top()
    assert isinstance(c2, timer.ClockScreen)
    k = c2.t.clock
    assert k.state(app2.t) == tm.PAUSED and k.cur == 1 and k.n == 4
    assert k.left(1, app2.t) == 600000   # P2's turn restarts from its saved start


def test_damaged_timer_save_uses_defaults():
    app = FakeApp()
    app.store.save(timer.STORE, {"cfg": {"sand": 3}, "sand": {"x": 1}, "turn": [], "mode": "sand"})
    timer.start(app)
    msg = app.top()                        # told on the timer's own screen
    assert isinstance(msg, ui.Message) and app.messages[-1][0] == "Timer"
    app.press(E.B)
    m = app.top()
    assert isinstance(m, timer.TimerMenu)  # the damaged file reopens nothing
    assert m.t.sand.total() == tm.SAND_DEFAULT and m.t.cfg == tm.DEFAULT_CFG
    assert timer.STORE in app.store.set_aside


def test_glass_rows_follow_the_sand():
    assert timer.isqrt(0) == 0 and timer.isqrt(899) == 29 and timer.isqrt(900) == 30
    for n in range(2000):
        r = timer.isqrt(n)
        assert r * r <= n < (r + 1) * (r + 1)
    app, s = open_sand()
    t = s.t.sand
    assert s.level(t.total()) == timer.GLASS_ROWS
    assert s.level(0) == 0
    assert s.level(t.total() // 4) == timer.GLASS_ROWS // 2   # a quarter of the sand: half the height
    full = new_lit_glass(timer.GLASS_ROWS)
    empty = new_lit_glass(0)
    assert abs(full - empty) < 120   # the same sand, top or bottom (pixel rounding)


def new_lit_glass(h):
    app = FakeApp()
    app.fb.fill(0)
    timer.draw_glass(app.fb, h, False, 0, 1)
    return lit(app.fb)


def frames_undrawn(app, s, n):
    """``n`` frames of the screen ``s``: ticks 33 ms apart, no drawing."""
    for _ in range(n):
        app.t += 33
        s.tick(app.t)
        s.dirty = False


def test_running_timer_frames_allocate_nothing_between_saves():
    app, s = open_sand()
    app.beep = lambda f, ms: None
    app.press(E.A)

    def ticks(n):
        frames_undrawn(app, s, n)
    s.t.saved_at = app.t + 10 ** 6      # no save due in this stretch
    assert allocated_by(ticks, 60) in (0, None)
    app2, c = open_clock()
    app2.press(E.A)

    def cticks(n):
        frames_undrawn(app2, c, n)
    c.t.saved_at = app2.t + 10 ** 6
    assert allocated_by(cticks, 60) in (0, None)


def test_length_picker_steps_whole_minutes_on_left_right():
    app, m = open_timer()
    m.sel = 1
    app.press(E.A)
    p = app.top()
    assert isinstance(p, ui.NumberPicker) and p.value == 180      # 3:00
    app.press(E.RIGHT)
    assert p.value == 240                                        # 4:00, not 3:50
    app.press(E.RIGHT)
    assert p.value == 300
    app.press(E.UP)
    app.press(E.UP)
    assert p.value == 310                                        # Up/Down: 5 s
    app.press(E.LEFT)
    assert p.value == 300                                        # back to the whole minute
    app.press(E.LEFT)
    app.press(E.LEFT)
    app.press(E.LEFT)
    app.press(E.LEFT)
    assert p.value == 60
    app.press(E.LEFT)
    assert p.value == tm.SAND_MIN // 1000                        # stops at the shortest
    app.press(E.RIGHT)
    assert p.value == 60
    app.press(E.A)                                               # A goes on, the value kept
    assert app.top() is m and m.t.sand.total() == 60000


def test_a_on_a_clock_value_opens_a_picker_and_changes_nothing():
    """A never changes a value unseen: on players and bonus it opens a picker
    (Left/Right on the line still step the value)."""
    app, m = open_timer()
    for line, text in ((3, "  players 2"), (5, "  bonus +0s")):
        m.sel = line
        app.press(E.A)
        assert isinstance(app.top(), ui.NumberPicker)
        assert m.label(line) == text
        app.press(E.B)               # cancel: still the same
        assert app.top() is m and m.label(line) == text
    m.sel = 3
    app.press(E.A)
    app.press(E.UP)
    app.press(E.A)                   # picked 3
    assert app.top() is m and m.label(3) == "  players 3"


def test_a_paused_timer_says_how_to_go_on():
    """Paused (B left it, or Up), both timers say "Up:go on", the Controls
    page's words: A there flips the glass (the sand run and left swap) or
    passes the turn, not what a player back at a paused timer expects."""
    from console import TextFB
    for opener in (open_sand, open_clock):
        app, s = opener(FakeApp(fb=TextFB(strict=False)))
        app.press(E.A)
        app.run(3000)
        assert "Up:go on" not in app.screen(), app.screen()
        app.press(E.B)                       # back to the timer menu: paused
        app.press(E.A)                       # and into the same timer again
        shown = app.screen()
        assert "paused" in shown and "Up:go on" in shown, shown
        model = app.top().model()
        app.press(E.UP)
        assert model.state(app.t) == tm.RUNNING
        assert "Up:go on" not in app.screen(), app.screen()

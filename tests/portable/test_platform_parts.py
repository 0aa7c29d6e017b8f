"""A part that fails: retried, then given up, never the error screen, never a
log line a frame, the watchdog fed every frame, the player left where they were."""
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core import memstore
from dicebox.core.app import App
from dicebox.core.troubles import ErrorScreen
from fakehw import FakeFB, FakeHW
from hwdrive import frames, tap


class Probe(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.events = []
        self.draws = 0
        self.boom = False

    def event(self, ev):
        self.events.append(ev)
        self.dirty = True

    def tick(self, now):
        if self.boom:
            raise ValueError("kaboom")

    def draw(self, fb):
        self.draws += 1
        fb.fill(0)


class DeadFB(FakeFB):
    """A display that NAKs every write (or only the first ``fails`` flushes)."""

    def __init__(self, fails=-1):
        FakeFB.__init__(self)
        self.fails = fails
        self.tries = 0
        self.invalidated = 0

    def _nak(self):
        if self.fails:
            self.fails -= 1
            raise OSError(5)

    def flush(self):
        self.tries += 1
        self._nak()
        return FakeFB.flush(self)

    def contrast(self, v):
        self._nak()
        FakeFB.contrast(self, v)

    def power(self, on):
        self._nak()
        FakeFB.power(self, on)

    def invalidate(self):
        self.invalidated += 1


class Accel:
    """A shake sensor raising OSError on the polls ``bad(i)`` picks."""
    kind = "lis3dh"

    def __init__(self, bad):
        self.bad = bad
        self.i = 0
        self.sensitivity = 3

    def poll(self, now):
        self.i += 1
        if self.bad(self.i):
            raise OSError(5)
        return 0


def make(fb=None, shake=None):
    hw = FakeHW()
    if fb is not None:
        hw.display = fb
    if shake is not None:
        hw.shake = shake
    app = App(hw, memstore.MemoryStore(), Probe)
    app.home()
    p = app.top()
    q = Probe(app)          # the player is two screens deep
    app.push(q)
    return hw, app, p, q


def test_dead_display_runs_blind_and_feeds_the_watchdog():
    hw, app, p, q = make(fb=DeadFB())
    frames(hw, app, 600)                      # 20 s
    assert hw.fed == 600
    assert app.stack == [p, q]                # nothing cleared, no error screen
    assert app.display.failed
    assert len(hw.logged) <= 2, hw.logged     # first error, giving up: not 30 a second
    assert hw.display.tries < 20              # tried again every few seconds, not every frame
    tap(hw, app, E.A)                         # the console still plays blind
    assert E.make(E.PRESS, E.A) in q.events


def test_display_that_comes_back_is_used_again():
    fb = DeadFB(fails=8)
    hw, app, p, q = make(fb=fb)
    frames(hw, app, 30 * 25)                  # given up, then tried every 5 s
    assert not app.display.failed
    assert hw.display.contrast_v == 180 and hw.display.on   # its settings sent again
    n = fb.flushes
    tap(hw, app, E.A)                         # redrawn and sent again
    assert fb.flushes > n
    assert app.stack == [p, q]


def test_single_display_nak_is_retried_next_frame():
    fb = DeadFB(fails=1)
    hw, app, p, q = make(fb=fb)
    fb.fails = 0
    frames(hw, app, 3)
    fb.fails = 1                              # one NAK
    tap(hw, app, E.A)
    frames(hw, app, 3)
    assert app.stack == [p, q] and not app.display.failed
    assert fb.invalidated >= 1                # the whole frame goes out again
    assert q.dirty is False and fb.flushes >= 2


def test_accelerometer_failing_every_poll_becomes_button_rolls_once():
    hw, app, p, q = make(shake=Accel(lambda i: True))
    frames(hw, app, 300)
    assert hw.fed == 300
    assert hw.shake.kind == "none"
    msgs = [s for s in app.stack if isinstance(s, ui.Message)]
    assert len(msgs) == 1 and "press A to roll" in " ".join(msgs[0].lines)
    assert app.stack[:2] == [p, q]            # the player is where they were, under the message
    assert not any(isinstance(s, ErrorScreen) for s in app.stack)
    assert len(hw.logged) <= 2, hw.logged
    app.home()                                # and the start-up "no sensor" note is not added
    assert isinstance(app.top(), Probe)


def test_accelerometer_failing_half_the_time_is_given_up_too():
    hw, app, p, q = make(shake=Accel(lambda i: i % 2 == 0))
    frames(hw, app, 300)
    assert hw.shake.kind == "none" and len(hw.logged) <= 2


def test_two_percent_accelerometer_errors_change_nothing():
    hw, app, p, q = make(shake=Accel(lambda i: i % 50 == 0))
    frames(hw, app, 3000)
    assert hw.shake.kind == "lis3dh"
    assert app.stack == [p, q]
    assert len(hw.logged) <= 1
    assert hw.fed == 3000


def test_buzzer_and_buttons_that_raise_do_not_stop_the_loop():
    hw, app, p, q = make()

    class BadBuzzer:
        muted = False

        def tone(self, f, ms):
            raise OSError(5)

        def tick(self, now):
            raise OSError(5)

    hw.buzzer = BadBuzzer()
    app.beep(440, 50)
    frames(hw, app, 100)
    assert app.stack == [p, q] and hw.fed == 100
    hw.read_buttons = lambda: 1 // 0
    frames(hw, app, 100)
    assert app.stack == [p, q] and hw.fed == 200
    assert len(hw.logged) <= 4


def test_screen_bug_shows_the_error_screen_but_logs_rarely_and_feeds():
    hw, app, p, q = make()
    q.boom = True
    p.boom = True
    app.home = lambda: None                   # the error screen's way home fails too: worst case
    for _ in range(300):                      # 10 s of a screen raising every frame
        try:
            app.frame(hw.ticks_ms())
        except Exception as e:
            app.fail(e)
        hw.sleep_ms(33)
    assert isinstance(app.top(), ErrorScreen)
    assert hw.fed >= 300
    assert 1 <= len(hw.logged) <= 2, len(hw.logged)


def test_error_screen_logging_notes_what_it_skipped():
    hw, app, p, q = make()
    q.boom = True
    app.run(max_frames=1)
    assert isinstance(app.top(), ErrorScreen) and "kaboom" in hw.logged[0]
    for _ in range(5):
        app.fail(ValueError("again"))
    assert len(hw.logged) == 1
    hw.sleep_ms(11000)
    app.fail(ValueError("later"))
    assert len(hw.logged) == 2 and "5 more errors" in hw.logged[1]


class Bat:
    def __init__(self, pct, volts=3.9, exc=False):
        self.pct = pct
        self.v = volts
        self.exc = exc

    def percent(self):
        if self.exc:
            raise OSError(5)
        return self.pct

    def volts(self):
        return self.v

    def charging(self):
        return False


def test_garbage_battery_readings_show_unknown_not_full():
    nan = float("nan")
    for bat in (Bat(nan), Bat(-3), Bat(250), Bat(100, volts=7.2), Bat(100, volts=-1.0),
                Bat(100, volts=nan), Bat(None), Bat("100"), Bat(True), Bat(80, exc=True)):
        hw, app, p, q = make()
        hw.battery = bat
        frames(hw, app, 3)
        assert app.battery_pct is None, (bat.pct, bat.v)
        assert app.stack == [p, q]
    hw, app, p, q = make()
    hw.battery = Bat(80, volts=3.98)
    frames(hw, app, 3)
    assert app.battery_pct == 80


def test_home_and_about_draw_an_unknown_battery():
    from dicebox.apps import about, menu
    hw = FakeHW()
    hw.battery = Bat(float("nan"))
    app = App(hw, memstore.MemoryStore(), menu.home)
    app.home()
    frames(hw, app, 3)
    assert app.battery_pct is None
    app.top().draw(hw.display)                # the icon with a "?", no crash
    assert "Bat unknown" in about.text(app)


def test_about_says_when_storage_is_full():
    from dicebox.apps import about
    hw, app, p, q = make()
    assert "Storage: ok" in about.text(app)
    app.store.fail_writes = True
    app.save_settings()
    assert "Storage: FULL" in about.text(app)
    app.store.fail_writes = False
    app.save_settings()
    app.store.fail_writes = OSError(5)        # a worn flash is not a full one
    app.save_settings()
    text = about.text(app)
    assert "Storage: EIO: not saving" in text and "FULL" not in text, text


def test_a_failing_light_sleep_keeps_the_console_running():
    hw, app, p, q = make()
    app.settings["dim_s"] = 1
    app.settings["sleep_s"] = 2

    def bad_sleep(ms=0):
        raise OSError(5)

    hw.lightsleep = bad_sleep
    frames(hw, app, 30 * 10)
    assert app.stack == [p, q] and hw.fed == 300
    assert len(hw.logged) <= 2
    tap(hw, app, E.A)
    tap(hw, app, E.A)
    assert E.make(E.PRESS, E.A) in q.events


def test_home_menu_that_fails_to_build_gives_the_error_screen_and_the_loop_runs():
    hw = FakeHW()
    calls = []

    def broken_home(app):
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("no menu")
        return Probe(app)

    app = App(hw, memstore.MemoryStore(), broken_home)
    app.run(max_frames=30)
    assert app.frames == 30 and hw.fed >= 30
    assert isinstance(app.top(), ErrorScreen) and "no menu" in hw.logged[0]


def test_rare_display_naks_over_a_long_session_never_blind_it():
    fb = DeadFB(fails=0)
    hw, app, p, q = make(fb=fb)
    for k in range(40):                       # a NAK now and then, a few redraws between
        fb.fails = 1
        tap(hw, app, E.A)
        frames(hw, app, 3)
        tap(hw, app, E.DOWN)
    assert not app.display.failed and app.stack == [p, q]
    assert len(hw.logged) == 1

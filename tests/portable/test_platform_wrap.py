"""The console across the wrap of the millisecond counter (2**30 on the chip).

fakehw's clock starts a few seconds before the wrap; these tests also start
it right at the edge and check every timing the platform keeps: dimming,
sleep, battery reads, long press and repeat, the hourglass, shake settling,
the buzzer."""
from dicebox.core import events as E
from dicebox.core import ticks
from dicebox.core import memstore
from dicebox.core.app import App
from dicebox.core.buttons import Buttons
from dicebox.core.hourglass import Hourglass
from dicebox.core.events import SETTLED, SHAKE
from dicebox.core.shake import SwitchShake
from fakehw import PERIOD, FakeHW
from hwdrive import Probe


class CountingBattery:
    def __init__(self):
        self.reads = 0

    def percent(self):
        self.reads += 1
        return 70

    def volts(self):
        return 3.95

    def charging(self):
        return False


def test_dim_sleep_and_battery_timing_across_the_wrap():
    for t0 in (PERIOD - 1, PERIOD - 4000, PERIOD - 12000, 0):
        hw = FakeHW(t0=t0)
        hw.battery = CountingBattery()
        app = App(hw, memstore.MemoryStore(), Probe)
        app.settings["dim_s"] = 8
        app.settings["sleep_s"] = 15
        app.home()
        start = hw.ticks_ms()
        dim_at = sleep_at = None
        for _ in range(30 * 20):
            app.frame(hw.ticks_ms())
            hw.sleep_ms(33)
            el = ticks.diff(hw.ticks_ms(), start)
            if dim_at is None and app.dimmed:
                dim_at = el
            if sleep_at is None and hw.sleeps:
                sleep_at = el - 5000      # the fake lightsleep lasts 5 s
        assert 8000 <= dim_at <= 8100, (t0, dim_at)
        assert 15000 <= sleep_at <= 15100, (t0, sleep_at)
        # one read at start, then every 5 s of awake time (about 15 s, plus after the wake)
        assert 4 <= hw.battery.reads <= 6, (t0, hw.battery.reads)
        assert 0 <= hw.ticks_ms() < PERIOD


def test_frame_pacing_across_the_wrap():
    hw = FakeHW(t0=PERIOD - 500)
    app = App(hw, memstore.MemoryStore(), Probe)
    start = hw.ticks_ms()
    app.run(max_frames=60)
    assert 1966 <= ticks.diff(hw.ticks_ms(), start) <= 2000


def test_long_press_and_repeat_across_the_wrap():
    A = 1 << E.A
    UP = 1 << E.UP
    for t0 in (PERIOD - 500, PERIOD - 20, PERIOD - 1000):
        bt = Buttons()
        bt.poll(0, t0)
        t = ticks.add(t0, 33)
        bt.poll(A | UP, t)
        longs = reps = 0
        for i in range(45):               # 1.5 s held, polled every 33 ms
            t = ticks.add(t, 33)
            bt.poll(A | UP, t)
            while True:
                ev = bt.next()
                if not ev:
                    break
                if ev == E.make(E.LONG, E.A):
                    longs += 1
                if ev == E.make(E.REPEAT, E.UP):
                    reps += 1
        # LONG once at 1 s; REPEAT from 400 ms, every 120 ms: 9 by 1.5 s
        assert longs == 1, (t0, longs)
        assert 8 <= reps <= 10, (t0, reps)
        assert bt.held_ms(E.A, t) == 45 * 33


def test_hourglass_runs_across_the_wrap():
    t0 = PERIOD - 1500
    h = Hourglass(60000, t0, running=True)
    assert h.left(ticks.add(t0, 3000)) == 57000
    assert h.left(ticks.add(t0, 59999)) == 1
    assert h.done(ticks.add(t0, 60000))
    h = Hourglass(60000, t0, running=True)
    h.flip(ticks.add(t0, 10000))
    assert h.left(ticks.add(t0, 10000)) == 10000


def test_switch_shake_settles_across_the_wrap():
    t = PERIOD - 200
    s = SwitchShake()
    got = []
    for i in range(30):
        ev = s.update(3 if i < 10 else 0, t)
        if ev:
            got.append(ev >> 4)
        t = ticks.add(t, 33)
    assert got == [SHAKE, SETTLED], got


def test_buzzer_note_ends_across_the_wrap():
    from dicebox.hal.buzzer import Buzzer

    class PWM:
        def __init__(self):
            self.duty = 0

        def freq(self, f):
            pass

        def duty_u16(self, d):
            self.duty = d

    pwm = PWM()
    bz = Buzzer(pwm=pwm)
    t = PERIOD - 30
    bz.tone(880, 100)
    bz.tick(t)
    assert pwm.duty
    bz.tick(ticks.add(t, 50))
    assert pwm.duty                        # still sounding after the wrap
    bz.tick(ticks.add(t, 120))
    assert pwm.duty == 0


def test_the_screen_test_console_wraps_like_the_chip():
    from console import FakeApp
    app = FakeApp(t0=PERIOD - 40)
    t0 = app.now()
    app.run(100)
    assert app.now() < t0 and ticks.diff(app.now(), t0) >= 100

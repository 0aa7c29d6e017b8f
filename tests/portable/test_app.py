from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core import memstore
from dicebox.core import ticks as T
from dicebox.core.app import App
from dicebox.core.settings_check import DEFAULTS
from dicebox.core.troubles import ErrorScreen
import hwdrive
from check import allocated_by
from fakehw import FakeHW


class Probe(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.events = []
        self.ticks = 0
        self.draws = 0
        self.boom = False
        self.roll = False

    def event(self, ev):
        if self.boom:
            raise ValueError("kaboom")
        if self.roll:
            self.app.rng.roll(6)
        self.events.append(ev)

    def tick(self, now):
        self.ticks += 1

    def draw(self, fb):
        self.draws += 1
        fb.fill(0)


def make(**kw):
    hw = FakeHW(**kw)
    app = App(hw, memstore.MemoryStore(), Probe)
    app.home()
    step(hw, app)  # first poll: buttons held since boot are ignored from here
    return hw, app, app.top()


def step(hw, app, n=1):
    """n frames of the real clock (which wraps at 2**30: see fakehw)."""
    hwdrive.frames(hw, app, n)


def tap(hw, app, b, frames=3):
    hwdrive.tap(hw, app, b, frames)


def test_frame_loop_is_drift_free_at_30fps():
    hw, app, p = make()
    t0 = hw.ticks_ms()
    app.run(max_frames=301)
    # 300 frames at 30 fps = exactly 10 s of sleeps, whatever each frame cost
    assert app.frames == 301
    assert 9966 <= T.diff(hw.ticks_ms(), t0) <= 10000, T.diff(hw.ticks_ms(), t0)
    assert hw.fed == 301
    hw2, app2, _ = make()
    t0 = hw2.ticks_ms()
    app2.run(max_frames=3001)
    assert 99966 <= T.diff(hw2.ticks_ms(), t0) <= 100000


def test_events_reach_top_screen_and_redraw_only_when_dirty():
    hw, app, p = make()
    assert p.draws == 1 and hw.display.flushes == 1
    step(hw, app, 9)
    assert p.draws == 1  # nothing changed: nothing drawn or sent
    tap(hw, app, E.A)
    assert E.make(E.PRESS, E.A) in p.events and E.make(E.RELEASE, E.A) in p.events
    assert p.ticks >= 10


def test_latched_press_inside_sleep_is_not_lost():
    hw, app, p = make()
    hw.latched = 1 << E.DOWN  # pressed and released while the loop slept
    step(hw, app)
    assert E.make(E.PRESS, E.DOWN) in p.events


def test_push_pop_and_home_when_stack_empties():
    hw, app, p = make()
    q = Probe(app)
    app.push(q)
    assert app.top() is q
    app.pop()
    assert app.top() is p
    app.pop()  # popping the last screen goes home, never to nothing
    assert app.top() is not None


def test_exception_in_screen_is_caught_logged_and_shown():
    hw, app, p = make()
    p.boom = True
    hw.mask = 1 << E.A
    app.run(max_frames=2)
    assert isinstance(app.top(), ErrorScreen)
    assert hw.logged and "kaboom" in hw.logged[0]
    hw.mask = 0
    app.run(max_frames=4)
    tap(hw, app, E.A)  # A on the error screen goes back to the menu
    assert not isinstance(app.top(), ErrorScreen)


def test_failed_entropy_refuses_to_roll_with_message():
    hw, app, p = make(entropy_ok=False)
    p.roll = True
    tap(hw, app, E.A)
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Cannot roll"
    assert "stuck" in " ".join(top.lines)


def test_dim_then_sleep_then_wake_swallows_first_press():
    hw, app, p = make()
    app.settings["dim_s"] = 1
    app.settings["sleep_s"] = 3
    step(hw, app, 40)
    assert app.dimmed and hw.display.contrast_v == 1
    for _ in range(300):
        if hw.sleeps:
            break
        step(hw, app)
    assert hw.sleeps == 1
    assert not hw.display.on or not app.asleep
    n = len(p.events)
    tap(hw, app, E.B)  # the press that woke the console does nothing else
    assert hw.display.on
    assert p.events[n:] == []
    tap(hw, app, E.B)  # the next one counts
    assert E.make(E.PRESS, E.B) in p.events[n:]


def _stays_awake(holder):
    """Dim after 1 s, sleep after 2, ``holder(app, top)`` keeping the console
    awake: 200 frames later it is dimmed and has not slept."""
    hw, app, p = make()
    app.settings["dim_s"] = 1
    app.settings["sleep_s"] = 2
    holder(app, p).keep_awake = True
    step(hw, app, 200)
    assert hw.sleeps == 0 and app.dimmed
    return hw, app, p


def test_keep_awake_prevents_sleep_but_allows_dim():
    _stays_awake(lambda app, top: app)


def test_settings_saved_and_a_bad_value_sets_the_record_aside():
    hw = FakeHW()
    st = memstore.MemoryStore()
    st.save("settings", {"sound": False, "dim_s": 60})
    app = App(hw, st, Probe)
    assert app.settings["sound"] is False and app.settings["dim_s"] == 60
    assert app.settings["brightness"] == 4  # missing: default
    assert hw.buzzer.muted
    app.beep(880, 50)
    assert hw.buzzer.tones == []
    st.save("settings", {"sound": False, "brightness": "loud", "dim_s": 60})
    app = App(hw, st, Probe)
    assert app.settings == DEFAULTS          # the whole record: defaults
    assert "settings" in st.set_aside and not st.exists("settings")
    assert any("brightness" in p for p in st.take_problems())


def test_no_shake_sensor_said_once():
    hw = FakeHW()
    hw.shake.kind = "none"
    app = App(hw, memstore.MemoryStore(), Probe)
    app.home()
    assert isinstance(app.top(), ui.Message) and "shake" in app.top().title.lower()
    app.home()
    assert isinstance(app.top(), Probe)


def test_steady_state_frame_allocates_nothing():
    hw, app, p = make()
    step(hw, app, 5)
    n = allocated_by(step, hw, app, 100)
    assert n in (0, None), n


def test_shake_timing_is_stirred_into_the_dice_source():
    from dicebox.core import rng

    class OneShake:
        kind = "lis3dh"
        sensitivity = 3

        def __init__(self):
            self.left = 1

        def poll(self, now):
            if self.left:
                self.left = 0
                return E.make(E.SHAKE)
            return 0

    class Src(rng.SeededSource):
        def __init__(self):
            rng.SeededSource.__init__(self, 3)
            self.mixed = []

        def mix(self, v):
            self.mixed.append(v)

    hw = FakeHW()
    hw.entropy = Src()
    hw.ticks_us = lambda: 123457
    hw.shake = OneShake()
    app = App(hw, memstore.MemoryStore(), Probe)
    app.home()
    step(hw, app)
    assert hw.entropy.mixed == [123457]
    assert E.make(E.SHAKE) in app.top().events
    # and a real source stays in range after stirring
    u = rng.UrandomSource()
    u.mix(123457)
    r = rng.Rng(u)
    assert all(1 <= r.roll(6) <= 6 for _ in range(100))


def test_battery_read_every_few_seconds_and_low_warning_once():
    hw, app, p = make()

    class Bat:
        def __init__(self):
            self.pct = 80
            self.is_low = False
            self.reads = 0

        def percent(self):
            self.reads += 1
            return self.pct

        def charging(self):
            return False

        def low(self):
            return self.is_low

    hw.battery = Bat()
    step(hw, app, 30 * 11)  # 11 s
    assert 2 <= hw.battery.reads <= 3
    assert app.battery_pct == 80
    hw.battery.pct = 4
    hw.battery.is_low = True
    step(hw, app, 30 * 6)
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Battery low"
    app.pop()
    step(hw, app, 30 * 11)  # still low: not said again
    assert not isinstance(app.top(), ui.Message)
    assert app.battery_pct == 4


def test_stuck_button_reported_once_and_others_still_work():
    hw, app, p = make()
    hw.mask = 1 << E.LEFT
    step(hw, app, 30 * 11)
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Button stuck?"
    assert "Left" in " ".join(top.lines)
    app.pop()
    n = len(p.events)
    step(hw, app, 30 * 5)  # still stuck: no second message, no event storm
    assert app.top() is p and len(p.events) == n
    tap(hw, app, E.A)  # the other buttons work
    assert E.make(E.PRESS, E.A) in p.events[n:]


def test_top_screen_can_keep_the_console_awake():
    hw, app, p = _stays_awake(lambda app, top: top)  # e.g. a game whose hourglass runs
    p.keep_awake = False
    step(hw, app, 100)
    assert hw.sleeps >= 1


def test_collect_if_low_collects_only_when_less_than_a_fifth_of_the_heap_is_free():
    import gc
    app = App(FakeHW(), memstore.MemoryStore())
    if not hasattr(gc, "mem_free"):        # CPython: nothing to do, says so
        assert app.collect_if_low() is False and app.collections == 0
        return
    gc.collect()
    assert app.collect_if_low() is False   # just collected: plenty free
    total = app.heap_total
    assert total == gc.mem_free() + gc.mem_alloc()
    junk = []
    gc.disable()
    try:
        while gc.mem_free() > total // 2:  # half used: a game's live heap; no collection yet
            junk.append(bytearray(2048))
        assert app.collect_if_low() is False and app.collections == 0
        while gc.mem_free() > total // 5 - 4096:
            junk.append(bytearray(2048))
        junk = None
        assert app.collect_if_low() is True
        assert app.collections == 1
        assert gc.mem_free() > total // 2
    finally:
        gc.enable()


def test_pace_keeps_thirty_frames_a_second_without_drift():
    p = T.Pace()
    steps = [p.next() for _ in range(300)]
    assert set(steps) == {33, 34}
    assert sum(steps) == 10000          # ten seconds, to the millisecond
    assert sum(steps[:30]) == 1000

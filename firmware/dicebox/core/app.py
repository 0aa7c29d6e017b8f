"""The console: screen stack, frame loop, input dispatch, power and error handling.

Power: the console dims after ``dim_s`` idle and sleeps after ``sleep_s``,
unless ``app.keep_awake`` is set (a running timer) or the top screen has a true
``keep_awake`` attribute (a game whose clock runs, bots playing on).

One frame: poll the buttons once (presses latched during the sleep included),
poll the shake sensor, hand the events to the top screen, tick it, redraw and
flush (changed pages only) when it is dirty, advance the buzzer, feed the
watchdog, then sleep to the next tick of a drift-free 30 fps clock. In steady
state (nothing changes) a frame allocates nothing.
"""
import gc
import sys
from micropython import const
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core.buttons import Buttons
from dicebox.core.rng import Rng

_FPS = const(30)
_PERIOD = const(33)      # 1000 // 30
_REM = const(10)         # 1000 - 30 * 33: one extra ms on 10 of every 30 frames

DEFAULTS = {
    "sound": True,
    "brightness": 4,      # 1..5
    "dim_s": 30,
    "sleep_s": 120,
    "i2c_khz": 1000,      # 400 or 1000, applied at the next boot
    "shake_sens": 3,      # 1..5
}
CONTRAST = (0, 8, 32, 96, 180, 255)
DIM_CONTRAST = const(1)
_EV_SHAKE = const(0x50)  # events.make(events.SHAKE)
_BATTERY_MS = const(5000)  # how often the battery is read


class NoEntropy:
    """Stands in for the entropy source when its health test failed: no rolls."""

    def __init__(self, msg):
        self.msg = msg

    def bytes(self, k):
        raise RollRefused(self.msg)


class RollRefused(Exception):
    pass


class ErrorScreen(ui.Message):
    def __init__(self, app, text):
        ui.Message.__init__(self, app, "Error", text)

    def event(self, ev):
        if ui.is_press(ev, E.A) or ui.is_press(ev, E.B):
            self.app.home()


class App:
    def __init__(self, hw, store, home=None):
        self.hw = hw
        self.fb = hw.display
        self.store = store
        self.settings = dict(DEFAULTS)
        saved = store.load("settings", {})
        if isinstance(saved, dict):
            for k in DEFAULTS:
                if k in saved and type(saved[k]) is type(DEFAULTS[k]):
                    self.settings[k] = saved[k]
        if getattr(hw, "entropy_ok", True):
            self.rng = Rng(hw.entropy)
        else:
            self.rng = Rng(NoEntropy(getattr(hw, "entropy_msg", "entropy source failed")))
        self.buttons = Buttons()
        self.stack = []
        self.home_factory = home
        self.keep_awake = False
        self.told_no_shake = False
        self.mute_input = False  # after waking: ignore buttons until all are up
        self.stuck_seen = 0      # buttons already reported stuck
        self.frames = 0
        self.draws = 0
        self.running = True
        now = hw.ticks_ms()
        self.last_input = now
        self.dimmed = False
        self.asleep = False
        self.battery_pct = 100
        self.battery_low = False
        self.charging = False
        self.next_battery = now
        self.apply_settings()

    # screen stack -----------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        self.stack.append(screen)
        screen.enter()

    def pop(self):
        if self.stack:
            self.stack.pop()
        if not self.stack:
            self.home()
        else:
            self.stack[-1].enter()

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def home(self):
        self.stack = []
        if self.home_factory:
            self.push(self.home_factory(self))
        if not self.told_no_shake and self.hw.shake.kind == "none":
            self.told_no_shake = True
            self.message("No shake sensor", "None was found at start-up. Press A to roll instead.")

    def message(self, title, text):
        self.push(ui.Message(self, title, text))

    # services ---------------------------------------------------------------
    def now(self):
        return self.hw.ticks_ms()

    def beep(self, freq, ms):
        if self.settings["sound"]:
            self.hw.buzzer.tone(freq, ms)

    def stir(self):
        """Mix the microsecond timing of a shake into the dice source (it can
        only add unpredictability to a uniform source, never remove it)."""
        us = getattr(self.hw, "ticks_us", None)
        mix = getattr(self.rng.source, "mix", None)
        if us is not None and mix is not None:
            mix(us())

    def report_stuck(self):
        st = self.buttons.stuck
        new = st & ~self.stuck_seen
        self.stuck_seen = st
        if new:
            names = [E.NAMES[b] for b in range(E.NBUTTONS) if new & (1 << b)]
            self.message("Button stuck?", "%s has been down for 10 s. It is ignored until it "
                         "comes up; everything else works." % " and ".join(names))

    def check_battery(self):
        """Read the battery now and then; warn once each time it runs low."""
        bat = self.hw.battery
        try:
            pct = bat.percent()
            chg = bat.charging()
            low = bat.low() if hasattr(bat, "low") else False
        except Exception:
            return
        if pct != self.battery_pct or chg != self.charging:
            self.battery_pct = pct
            self.charging = chg
            top = self.top()
            if top is not None and getattr(top, "shows_battery", False):
                top.dirty = True
        if low and not self.battery_low:
            self.message("Battery low", "About 5%% left (%d%%). Plug in USB to charge. "
                         "Games are saved after every move." % pct)
        self.battery_low = low

    def save_settings(self):
        self.store.save("settings", self.settings)
        self.apply_settings()

    def apply_settings(self):
        self.hw.buzzer.muted = not self.settings["sound"]
        self.hw.shake.sensitivity = self.settings["shake_sens"]
        if not self.dimmed:
            self.fb.contrast(CONTRAST[self.settings["brightness"]])

    def show_problems(self):
        for p in self.store.take_problems():
            self.message("Save problem", p)

    # one frame --------------------------------------------------------------
    def frame(self, now):
        hw = self.hw
        raw = hw.read_buttons()
        self.buttons.poll(raw, now, hw.take_latched())
        got = False
        while True:
            ev = self.buttons.next()
            if not ev:
                ev = hw.shake.poll(now)
                if not ev:
                    break
            got = True
            if ev == _EV_SHAKE:
                self.stir()
            if self.wake(now) or self.mute_input:
                continue  # the input that wakes the console does nothing else
            top = self.top()
            if top:
                try:
                    top.event(ev)
                except RollRefused as e:
                    self.message("Cannot roll", str(e))
        if got:
            self.last_input = now
        if self.buttons.stuck != self.stuck_seen:
            self.report_stuck()
        if self.mute_input and not raw:
            self.mute_input = False
        top = self.top()
        if top:
            top.tick(now)
            top = self.top()
            if top.dirty:
                top.dirty = False
                top.draw(self.fb)
                self.fb.flush()
                self.draws += 1
        hw.buzzer.tick(now)
        hw.feed()
        if hw.ticks_diff(now, self.next_battery) >= 0:
            self.next_battery = hw.ticks_add(now, _BATTERY_MS)
            self.check_battery()
        self.power(now)
        self.frames += 1

    def wake(self, now):
        """Undim (and mark awake); True if the console was asleep. Apps may call
        it when something needs the player's eyes (a timer's alarm)."""
        if self.asleep or self.dimmed:
            was_asleep = self.asleep
            self.asleep = False
            self.dimmed = False
            self.fb.power(True)
            self.fb.contrast(CONTRAST[self.settings["brightness"]])
            self.last_input = now
            return was_asleep
        return False

    def power(self, now):
        idle = self.hw.ticks_diff(now, self.last_input)
        s = self.settings
        if not self.dimmed and idle > s["dim_s"] * 1000:
            self.dimmed = True
            self.fb.contrast(DIM_CONTRAST)
        if idle > s["sleep_s"] * 1000 and not self.keep_awake:
            top = self.top()
            if not (top is not None and getattr(top, "keep_awake", False)):
                self.sleep()

    def sleep(self):
        """Display off and light sleep until a button or shake wakes us."""
        self.asleep = True
        self.fb.power(False)
        self.hw.lightsleep()
        # woken: the next frame's input turns the display back on
        now = self.hw.ticks_ms()
        self.last_input = now
        self.wake(now)
        self.mute_input = True

    # the loop ---------------------------------------------------------------
    def run(self, max_frames=0):
        hw = self.hw
        if not self.stack:
            self.home()
        nxt = hw.ticks_ms()
        rem = 0
        while self.running:
            now = hw.ticks_ms()
            try:
                self.frame(now)
            except Exception as e:  # no exception reaches the REPL
                self.fail(e)
            if max_frames and self.frames >= max_frames:
                break
            nxt = hw.ticks_add(nxt, _PERIOD)
            rem += _REM
            if rem >= _FPS:
                rem -= _FPS
                nxt = hw.ticks_add(nxt, 1)
            wait = hw.ticks_diff(nxt, hw.ticks_ms())
            if wait > 0:
                hw.sleep_ms(wait)
            elif wait < -2 * _PERIOD:
                nxt = hw.ticks_ms()  # fell far behind: resync instead of racing

    def fail(self, e):
        try:
            import io
            buf = io.StringIO()
            if hasattr(sys, "print_exception"):
                sys.print_exception(e, buf)
            else:  # CPython (tests)
                import traceback
                traceback.print_exception(e, file=buf)
            self.hw.log(buf.getvalue())
        except Exception:
            pass
        gc.collect()
        self.stack = []
        self.push(ErrorScreen(self, "%s: %s\nLogged to error.log. A: menu" % (type(e).__name__, e)))

"""The console: screen stack, frame loop, input dispatch, power and error handling.

Power: the console dims after ``dim_s`` idle and sleeps after ``sleep_s``,
unless ``app.keep_awake`` is set (a running timer) or the top screen has a true
``keep_awake`` attribute (a game whose clock runs, bots playing on). A key
pressed while the screen is only dimmed acts normally (and undims); only the
key that wakes the console from sleep is eaten.

One frame: feed the watchdog, poll the buttons once (presses latched during
the sleep included), poll the shake sensor, hand the events to the top screen,
tick it, redraw and flush (changed pages only) when it is dirty, advance the
buzzer, then sleep to the next tick of a drift-free 30 fps clock. In steady
state (nothing changes) a frame allocates nothing.

Parts fail; the player should not notice more than they must. Each part the
loop talks to (display, shake sensor, buzzer, buttons, battery) is called
inside its own ``try`` and keeps a leaky error score (``Part``): an error adds
``_STEP``, a good call takes one away. A rare error (one display NAK, a 2%
accelerometer error rate) is simply retried on the next frame; a part whose
score reaches its limit is given up: the display runs blind (tried again every
few seconds, the loop and the watchdog go on), the shake sensor is replaced by
button rolls with one message. Each part writes at most two lines to the
error log (its first error, and giving up; a display that comes back says so
once more), never one a frame, and the screen stack is left alone: the player
stays where they were. A good call heals the score (a flush by half an error,
as flushes are rarer than frames), so rare errors never add up to giving up.
Only a bug in a screen (``App.fail``) shows the error screen, and its log
lines are rate-limited too (one trace every few seconds, with the count of
those skipped).

Settings are checked on load by ``check_settings`` through ``Store.load``
(the same function ``main.py`` uses before the display is up): a bad value sets
the whole record aside and the defaults are used; the home menu says so.
A failed save anywhere (a full filesystem) leaves ``store.notice``, shown once
as a message over whatever screen is up.

Play needs none of that but the scores: what runs only when something went
wrong (the error screen, giving a part up, a stuck button, the storage's
problems and notices) is in ``core/troubles.py``, imported when it is needed
(the home menu's purge drops it again), and the settings' defaults and check
in ``core/settings_check.py``, forgotten once the App has its settings.

Names: MicroPython interns every name a module uses (qstrs) when it loads, for
good, in small chunks wherever the heap has room, and keeps their index in
pools that double as they fill. Left to the imports, those chunks end up
strewn between a game's modules; once the game is dropped they pin holes, and
the next pool (28 KB on the 64-bit host, about 15 KB on the chip) may find no
room in a heap with plenty free. So the build writes the names into small
modules of a few dozen names each (host_tools/build.py): the console's (core,
apps, hal) as ``dicebox/names_N``, which the console loads one in each of the
first idle frames after boot (``intern_names``), and each game's own as
``dicebox/games/<game>/names_N``, which its Loading page loads one a frame,
right after a collection and before the game's first module (apps/menu.py).
Either way the chunks settle low in the heap, below what is loaded next, and
no import adds a name; a game's names are taken only by a session that opens
it. Running from the sources (tests) there are no such modules and nothing
is interned ahead.
"""
import gc
from micropython import const
from dicebox.core import ticks as T
from dicebox.core import ui
from dicebox.core.buttons import Buttons
from dicebox.core.modules import forget
from dicebox.core.rng import Rng, RollRefused

_PERIOD = const(33)      # a frame, near enough (ticks.Pace keeps 30 a second exactly)

CONTRAST = (0, 8, 32, 96, 180, 255)
DIM_CONTRAST = const(1)
_EV_SHAKE = const(0x50)  # events.make(events.SHAKE)
_BATTERY_MS = const(5000)  # how often the battery is read
_STEP = const(10)          # error score added by a failed call (a good one takes 1 away)
_RETRY_MS = const(5000)    # a given-up display is tried again this often (core/troubles.py)
_FREE_SHARE = const(5)      # collect_if_low: collect when less than 1/5 of the heap is free
# A piece of the console's names (App.intern_names) is loaded only in an idle
# frame that has used less than this. ``make bench`` (host_tools/benches/bench_names.py)
# times each piece against core.app's import in the same run (143 ms on the
# chip).
_NAMES_IDLE_MS = const(5)


def battery_reading(pct, volts=None, charging=False):
    """``pct`` as an int 0..100 if the reading is believable, else None
    (unknown): not a number, NaN, out of range, or a voltage no LiPo (or USB
    supply) gives."""
    if type(pct) is not int and type(pct) is not float:
        return None
    if pct != pct or pct < 0 or pct > 100:  # NaN compares unequal to itself
        return None
    if volts is not None:
        if type(volts) is not int and type(volts) is not float:
            return None
        if volts != volts or volts < 2.0 or volts > 5.5 or (not charging and volts > 4.5):
            return None
    return int(pct)


class Part:
    """The error bookkeeping of one part: a leaky score, so a rare error is
    retried for ever while a part that keeps failing is given up."""

    def __init__(self, name, limit=5, heal=1):
        self.name = name
        self.limit = limit * _STEP
        self.heal = heal      # taken off the score by each good call
        self.score = 0
        self.errors = 0
        self.failed = False
        self.logged = False

    def ok(self):
        if self.score:
            s = self.score - self.heal
            self.score = s if s > 0 else 0

    def bad(self):
        """Count one error; True when this one gives the part up."""
        self.errors += 1
        self.score += _STEP
        if not self.failed and self.score >= self.limit:
            self.failed = True
            return True
        return False


class NoShake:
    """No shake sensor (none fitted, or one that kept failing): the console
    rolls on a button press instead. The sensors' own detectors are in
    core/shake.py, which only a console with a sensor imports."""
    kind = "none"
    state = 0           # core.shake.STILL

    def __init__(self, sensitivity=3):
        self.sensitivity = sensitivity

    def poll(self, now):
        return 0

    def update(self, *a):
        return 0

    def reset(self):
        pass


class App(ui.Stack):
    def __init__(self, hw, store, home=None):
        self.hw = hw
        self.fb = hw.display
        self.store = store
        from dicebox.core.settings_check import DEFAULTS, check_settings
        try:
            saved = store.load("settings", None, check=check_settings)
        except Exception:  # a store of our own never raises here; be sure anyway
            saved = None
        self.settings = saved if isinstance(saved, dict) else dict(DEFAULTS)
        forget("dicebox.core.settings_check")   # boot only: not live in play
        if getattr(hw, "entropy_ok", True) or getattr(hw.entropy, "retry", False):
            self.rng = Rng(hw.entropy)   # (a failed start-up test is tried again on a roll)
        else:
            from dicebox.core.troubles import NoEntropy
            self.rng = Rng(NoEntropy(getattr(hw, "entropy_msg", "entropy source failed")))
        self.health_step = getattr(hw.entropy, "health_step", None)  # bound once: no allocation per frame
        if getattr(hw.entropy, "log", 0) is None:
            hw.entropy.log = self.log   # health alarms go to the device log
        if getattr(hw.entropy, "clock", 0) is None:
            hw.entropy.clock = hw.ticks_ms   # a roll after a stale test tests first
        self.buttons = Buttons()
        self.stack = []
        self.home_factory = home
        self.home_at = None      # the home menu's cursor (sel, top) while a game has replaced it (apps/menu.py)
        self.keep_awake = False
        self.told_no_shake = False
        self.mute_input = False  # after waking: ignore buttons until those down are up
        self.stuck_seen = 0      # buttons already reported stuck
        self.frames = 0
        self.draws = 0
        self.collections = 0     # collections collect_if_low made
        self.heap_total = 0      # bytes of heap (read at the first collect_if_low)
        self.running = True
        self.display = Part("display", heal=_STEP // 2)  # flushes are rarer than frames
        self.shake_part = Part("shake sensor")
        self.buzzer_part = Part("buzzer")
        self.button_part = Part("buttons")
        self.battery_part = Part("battery")
        self.sleep_part = Part("light sleep")
        self.blind_retry = 0
        self.latched = 0
        self.fail_count = 0
        self.fail_logged = 0     # fail_count when the error screen last logged
        self.fail_log_at = 0
        now = hw.ticks_ms()
        self.last_input = now
        self.dimmed = False
        self.asleep = False
        self.battery_pct = None  # unknown until read (and whenever a reading is garbage)
        self.battery_low = False
        self.charging = False
        self.next_battery = now
        self.names = 0          # the next piece of the console's names to intern (None: done)
        self.names_frame = -1   # the frame that loaded the last piece
        self.game_names = {}    # a game's package -> the next piece of its own names (None: done)
        self.apply_settings()

    def intern_names(self, pkg=None):
        """Load the next piece of names (a module that interns its names as it
        loads, then is dropped): the console's (``dicebox/names_N``) or, with
        ``pkg``, that game package's own (``<pkg>/names_N``). False when there
        is none left (or none at all: running from the sources)."""
        k = self.names if pkg is None else self.game_names.get(pkg, 0)
        if k is None:
            return False
        self.names_frame = self.frames      # one piece a frame, whoever asks
        name = "%s.names_%d" % (pkg or "dicebox", k)
        try:
            __import__(name)
            forget(name)
            k += 1
        except (ImportError, MemoryError):   # none left (or no room: interned as the modules load)
            k = None
        if pkg is None:
            self.names = k
        else:
            self.game_names[pkg] = k
        return k is not None

    # screen stack (ui.Stack: top, push, pop, replace, message) -------------
    def home(self):
        self.stack = []
        if self.home_factory:
            self.push(self.home_factory(self))
        if not self.told_no_shake and self.hw.shake.kind == "none":
            self.told_no_shake = True
            self.message("No shake sensor", "None was found at start-up. Press A to roll instead.")
        missing = getattr(self.hw, "missing", None)   # parts that failed at boot (hal/device)
        if missing:
            self.hw.missing = []                       # said once
            self.message("Part not working", "%s. Everything else works." % "; ".join(missing))

    # services ---------------------------------------------------------------
    def now(self):
        return self.hw.ticks_ms()

    def beep(self, freq, ms):
        if self.settings["sound"]:
            try:
                self.hw.buzzer.tone(freq, ms)
            except Exception as e:
                self.part_error(self.buzzer_part, e)

    def collect_if_low(self):
        """Called in a frame where nothing moves and no bot thinks (a table's
        pacing wait, a wait for a key, a Loading frame): collect garbage when
        less than a fifth of the heap is free, so the allocator never has to
        collect on its own (75-105 ms on the chip) inside a frame that
        animates or runs a bot's slice. True when it collected; the caller
        then does nothing else that frame. ``collections`` counts them.

        A game's live heap is about half the chip's heap, so a collection
        leaves some 40% free; the fifth kept free covers what the frames up
        to the next check allocate. Reading the free heap walks the heap's
        block table (about as long as a slice of drawing), so callers ask
        only now and then."""
        try:
            free = gc.mem_free()
        except AttributeError:  # CPython (tests): no such heap
            return False
        total = self.heap_total
        if not total:
            total = self.heap_total = free + gc.mem_alloc()   # fixed: read once
        if free < total // _FREE_SHARE:
            gc.collect()
            self.collections += 1
            return True
        return False

    def collect(self):
        """A frame given to the heap (nothing moves in it, no bot thinks):
        collect now, counted in ``collections`` like ``collect_if_low``'s."""
        gc.collect()
        self.collections += 1

    def stir(self):
        """Mix the microsecond timing of a shake into the dice source (it can
        only add unpredictability to a uniform source, never remove it)."""
        us = getattr(self.hw, "ticks_us", None)
        mix = getattr(self.rng.source, "mix", None)
        if us is not None and mix is not None:
            mix(us())

    def report_stuck(self):
        from dicebox.core.troubles import report_stuck
        report_stuck(self)

    def check_battery(self):
        """Read the battery now and then; warn once each time it runs low.
        A reading that cannot be true (or a battery that raises) shows as
        unknown, never as a full battery."""
        bat = self.hw.battery
        try:
            chg = bool(bat.charging())
            pct = bat.percent()
            # a voltage no cell gives reads as a full battery: when the charge
            # looks high, the voltage must be believable too (read only then:
            # volts are a float, and a frame should allocate nothing)
            v = None
            if hasattr(bat, "volts") and not (type(pct) is int and pct < 90):
                v = bat.volts()
            pct = battery_reading(pct, v, chg)
            low = (bat.low() is True) if hasattr(bat, "low") else False
            self.battery_part.ok()
        except Exception as e:
            self.part_error(self.battery_part, e)
            pct = None
            chg = False
            low = False
        if pct is None:
            low = False
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
        self.store.save("settings", self.settings)  # False on a full filesystem: the notice says so
        self.apply_settings()

    def apply_settings(self):
        hw = self.hw
        try:
            hw.buzzer.muted = not self.settings["sound"]
        except Exception:
            pass
        hw.shake.sensitivity = self.settings["shake_sens"]
        if not self.dimmed:
            self.display_call(1, CONTRAST[self.settings["brightness"]])

    def show_problems(self):
        """The problems no screen took for its own record (the home menu shows
        them; core/troubles.py is imported only when there are some)."""
        if getattr(self.store, "problems", None):
            from dicebox.core.troubles import show_problems
            show_problems(self)

    def show_notice(self):
        """A failed save (full filesystem): said once, over whatever is up."""
        from dicebox.core.troubles import show_notice
        show_notice(self)

    # parts that fail ----------------------------------------------------------
    def part_error(self, part, e):
        """Count an error of ``part``; log its first error and giving up
        (never more); True when the part is given up now."""
        gave_up = part.bad()
        if not part.logged:
            part.logged = True
            self.log("%s: %s: %s (retrying)" % (part.name, type(e).__name__, e))
        if gave_up:
            self.log("%s failed %d times: %s" % (part.name, part.errors, self.degrade(part)))
        return gave_up

    def degrade(self, part):
        """Give ``part`` up (core/troubles.py); the words for the log."""
        if part is self.shake_part:
            self.hw.shake = NoShake(self.settings["shake_sens"])
        from dicebox.core.troubles import degrade
        return degrade(self, part)

    def log(self, text):
        try:
            self.hw.log(text)
        except Exception:
            pass

    def display_call(self, what, v):
        """fb.power(v) (what 0) or fb.contrast(v) (what 1), a failure counted
        against the display; skipped while it is given up."""
        if self.display.failed:
            return
        try:
            if what:
                self.fb.contrast(v)
            else:
                self.fb.power(v)
            self.display.ok()
        except Exception as e:
            self.part_error(self.display, e)

    def flush(self, top, now):
        """Send the picture; a failed flush is redrawn and sent again next frame."""
        d = self.display
        if d.failed:
            if T.diff(now, self.blind_retry) < 0:
                top.dirty = True  # drawn when the display is back
                return
            self.blind_retry = T.add(now, _RETRY_MS)
        try:
            self.fb.flush()
        except Exception as e:
            top.dirty = True
            inv = getattr(self.fb, "invalidate", None)
            if inv is not None:
                try:
                    inv()
                except Exception:
                    pass
            self.part_error(d, e)
            return
        if d.failed:  # it works again
            d.failed = False
            d.score = 0
            self.log("display: back")
            self.display_call(0, not self.asleep)
            self.display_call(1, DIM_CONTRAST if self.dimmed else CONTRAST[self.settings["brightness"]])
        elif d.score:
            d.ok()

    def poll_shake(self, now):
        sh = self.hw.shake
        try:
            ev = sh.poll(now)
        except Exception as e:
            self.part_error(self.shake_part, e)
            return 0
        p = self.shake_part
        if p.score:
            p.ok()
        return ev

    def read_buttons(self):
        """The buttons down now; the presses latched since the last frame go
        to ``self.latched`` (no tuple: a frame allocates nothing)."""
        hw = self.hw
        try:
            raw = hw.read_buttons()
            self.latched = hw.take_latched()
        except Exception as e:
            self.part_error(self.button_part, e)
            self.latched = 0
            return 0
        return raw

    # one frame --------------------------------------------------------------
    def frame(self, now):
        hw = self.hw
        try:
            hw.feed()  # first: whatever fails below, the watchdog is fed
        except Exception:
            pass
        raw = self.read_buttons()
        self.buttons.poll(raw, now, self.latched)
        got = False
        while True:
            ev = self.buttons.next()
            if not ev:
                ev = self.poll_shake(now)
                if not ev:
                    break
            got = True
            if ev == _EV_SHAKE:
                self.stir()
            if self.wake(now) or self.mute_input:
                continue  # the input that wakes the console from sleep does nothing else
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
        if self.mute_input and not (raw & ~(self.buttons.stuck | self.buttons.ignored)):
            self.mute_input = False  # a stuck button does not keep the console deaf
        if T.diff(now, self.next_battery) >= 0:
            self.next_battery = T.add(now, _BATTERY_MS)
            self.check_battery()
        top = self.top()
        if top:
            try:
                top.tick(now)
            except RollRefused as e:
                self.message("Cannot roll", str(e))
            if getattr(self.store, "notice", None):
                self.show_notice()
            top = self.top()
            if top is not None and top.dirty:
                top.dirty = False
                if not self.display.failed or T.diff(now, self.blind_retry) >= 0:
                    top.draw(self.fb)
                    self.draws += 1
                self.flush(top, now)
            else:
                if (self.names is not None and self.names_frame != self.frames
                        and T.diff(hw.ticks_ms(), now) < _NAMES_IDLE_MS):
                    self.intern_names()     # an idle frame: a piece of the names
                if self.health_step is not None:
                    try:
                        self.health_step()  # an idle frame: test a few more raw entropy bits
                    except Exception:
                        self.health_step = None
        try:
            hw.buzzer.tick(now)
        except Exception as e:
            self.part_error(self.buzzer_part, e)
        self.power(now)
        self.frames += 1

    def wake(self, now):
        """Undim (and mark awake); True if the console was asleep. Apps may call
        it when something needs the player's eyes (a timer's alarm)."""
        if self.asleep or self.dimmed:
            was_asleep = self.asleep
            self.asleep = False
            self.dimmed = False
            self.display_call(0, True)
            self.display_call(1, CONTRAST[self.settings["brightness"]])
            self.last_input = now
            return was_asleep
        return False

    def power(self, now):
        idle = T.diff(now, self.last_input)
        s = self.settings
        if not self.dimmed and idle > s["dim_s"] * 1000:
            self.dimmed = True
            self.display_call(1, DIM_CONTRAST)
        if idle > s["sleep_s"] * 1000 and not self.keep_awake:
            top = self.top()
            if not (top is not None and getattr(top, "keep_awake", False)):
                self.sleep()

    def sleep(self):
        """Display off and light sleep until a button or shake wakes us."""
        self.asleep = True
        self.display_call(0, False)
        try:
            self.hw.lightsleep()
        except Exception as e:  # cannot sleep: stay awake rather than stop
            self.part_error(self.sleep_part, e)
        # woken: the next frame's input turns the display back on
        now = self.hw.ticks_ms()
        self.last_input = now
        self.wake(now)
        self.mute_input = True

    # the loop ---------------------------------------------------------------
    def run(self, max_frames=0):
        hw = self.hw
        if not self.stack:
            try:
                self.home()
            except Exception as e:  # not even the home menu: the error screen, and the loop runs
                self.fail(e)
        nxt = hw.ticks_ms()
        pace = T.Pace()
        while self.running:
            now = hw.ticks_ms()
            try:
                self.frame(now)
            except Exception as e:  # no exception reaches the REPL
                self.fail(e)
            if max_frames and self.frames >= max_frames:
                break
            nxt = T.add(nxt, pace.next())
            wait = T.diff(nxt, hw.ticks_ms())
            if wait > 0:
                hw.sleep_ms(wait)
            elif wait < -2 * _PERIOD:
                nxt = hw.ticks_ms()  # fell far behind: resync instead of racing

    def fail(self, e):
        """A bug in a screen: log it and show the error screen (core/troubles.py;
        the stack is let go first, so that its import has room)."""
        hw = self.hw
        try:
            hw.feed()
        except Exception:
            pass
        self.fail_count += 1
        self.stack = []
        gc.collect()
        try:
            now = hw.ticks_ms()
        except Exception:
            now = 0
        try:
            from dicebox.core.troubles import fail
            fail(self, e, now)
        except Exception:       # no room even for that: the plain message
            try:
                self.push(ui.Message(self, "Error", "%s: %s" % (type(e).__name__, e)))
            except Exception:
                pass

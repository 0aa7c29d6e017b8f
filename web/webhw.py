"""The browser's hardware layer: what ``dicebox.hal`` is on the board.

The firmware runs unchanged in MicroPython's WebAssembly port; this module
gives the App the same hardware object the device and the simulator give it.
Everything that touches the page goes through one JavaScript module,
``dicebox_js``, that the page (``dicebox.js``) or the Node test harness
registers before this module is imported:

  random_hex(n)        n bytes from crypto.getRandomValues, as hex
  store_keys()         the saved entries' keys, one a line
  store_get(key)       an entry's text, or None
  store_set(key, text) True when written (False: the storage is full)
  store_remove(key)
  tone(freq)           start or change the piezo tone (0: silence)
  log(text)            the browser console
  share(text)          show a finished game's log as a link (``#g=TEXT``)

What the WebAssembly port lacks, and what stands in for it here:

* ``machine`` (pins, I2C, PWM, lightsleep, the watchdog): the display is the
  firmware's own SSD1306 driver on a bus that goes nowhere (the page reads
  the driver's frame buffer after each flush); the piezo is the firmware's
  ``Buzzer`` on a PWM object that plays through Web Audio; lightsleep pauses
  the page's frame loop until the next input.
* viper: the driver's page compare compiles as plain bytecode (its own
  fallback).
* ``os.urandom``: the dice read ``crypto.getRandomValues`` through the same
  ``Rng`` and the same start-up and continuous health tests as the device
  (``hal.entropy.Entropy``, raw bits from the same source). ``?seed=N``
  (tests only) plays the simulator's seeded dice instead, through the same
  health tests (``TestEntropy``); the page marks the panel "TEST DICE".
* flash: the saves are files under ``/data`` in the port's in-memory
  filesystem, written by ``core.storage.Store`` (temporary file, rename), and
  each finished file is copied to the browser's storage under ``dicebox:NAME``;
  at start-up the entries are written back as files. A damaged entry is
  therefore found and set aside by the very same load path as on the device
  (``NAME.bad``, kept in the browser's storage too).

``boot(options)`` builds the console and returns a ``Console``; the page calls
``Console.step()`` once per frame (30 fps). ``run_script`` plays the
simulator's headless scripts on a virtual clock for the tests.
"""
import binascii
import json
import time

import dicebox_js as js

from dicebox.core import battery_curve
from dicebox.core import storage
from dicebox.core import ticks
import hosthw              # host_tools/sim/hosthw.py, shipped beside this file
from hostplay import Player
from dicebox.core.app import App
from dicebox.core.rng import SeededSource
from dicebox.core.shake import ShakeDetector
from dicebox.hal.buzzer import Buzzer
from dicebox.core.seedbits import SeededBits
from dicebox.hal.entropy import Entropy
from dicebox.hal.ssd1306 import SSD1306

DATA = "/data"
KEY = "dicebox:"          # prefix of the browser storage keys


# ---------------------------------------------------------------- clocks
class RealClock:
    def ticks_ms(self):
        return ticks.add(time.ticks_ms(), 0)  # modulo 2**30, as on the chip

    def sleep_ms(self, ms):
        pass  # the page paces the frames; nothing here ever blocks


# test time, advanced only by ``sleep_ms`` (the simulator's)
VirtualClock = hosthw.VirtualClock


# ---------------------------------------------------------------- display
class NullBus:
    """The display's I2C bus: the driver's bytes go nowhere (the page reads
    the frame buffer instead). Counts what would have crossed the wire."""

    def __init__(self):
        self.bytes_out = 0

    def writeto(self, addr, buf):
        self.bytes_out += len(buf) + 1

    def writevto(self, addr, vec):
        n = 1
        for b in vec:
            n += len(b)
        self.bytes_out += n


class WebDisplay(SSD1306):
    """The firmware's SSD1306 driver; ``changed`` says the page must repaint."""

    def __init__(self):
        self.level = 255
        self.on = True
        self.changed = True
        SSD1306.__init__(self, NullBus())

    def flush(self):
        SSD1306.flush(self)
        self.changed = True

    def contrast(self, v):
        SSD1306.contrast(self, v)
        self.level = v
        self.changed = True

    def power(self, on):
        SSD1306.power(self, on)
        self.on = bool(on)
        self.changed = True


# ---------------------------------------------------------------- sound
class WebPWM:
    """The piezo's PWM pin for ``hal.buzzer.Buzzer``: a Web Audio tone."""

    def __init__(self):
        self.f = 0
        self.sounding = 0   # frequency playing now, 0 = silent

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        f = self.f if d else 0
        if f != self.sounding:
            self.sounding = f
            try:
                js.tone(f)
            except Exception:
                pass

    def deinit(self):
        self.duty_u16(0)


# ---------------------------------------------------------------- shake
class WebShake(ShakeDetector):
    """The firmware's accelerometer shake detector, fed once a frame (as the
    LIS3DH is read once a frame) with the phone's motion sensor, in milli-g
    with gravity. ``kind`` is "button" until a real motion sample arrives,
    then "motion". ``shake(now)`` (the Shake button, the space key) feeds the
    same vigorous samples as the simulator's shake key."""

    def __init__(self):
        ShakeDetector.__init__(self)
        self.kind = "button"
        self.sample = None      # the latest motion sample (x, y, z), or None
        self.shake_until = None
        self.n = 0

    def motion(self, x, y, z):
        self.sample = (int(x), int(y), int(z))
        self.kind = "motion"

    def shake(self, now, ms=800):
        self.shake_until = ticks.add(now, ms)

    def poll(self, now):
        if self.shake_until is not None and ticks.diff(self.shake_until, now) > 0:
            self.n += 1
            x, y, z = hosthw.shaken(self.n)
            return self.update(x, y, z, now)
        if self.sample is not None:
            x, y, z = self.sample
            return self.update(x, y, z, now)
        return self.update(0, 0, 1000, now)  # lying still on the table


# ---------------------------------------------------------------- battery
class PageBattery:
    """The phone's or laptop's battery where the browser tells it
    (``navigator.getBattery``), else unknown."""

    def __init__(self):
        self.level = None
        self.plugged = False

    def percent(self):
        return self.level

    def charging(self):
        return self.plugged

    def low(self):
        return self.level is not None and self.level <= 5 and not self.plugged


# ---------------------------------------------------------------- dice
def crypto_bytes(n):
    return binascii.unhexlify(js.random_hex(n))


class CryptoEntropy(Entropy):
    """The device's dice source with the browser's: the same start-up and
    continuous health tests (``hal.entropy.Entropy``) over raw bits of
    ``crypto.getRandomValues``, the dice bytes from it too."""

    name = "crypto.getRandomValues"

    def __init__(self, read_bit=None):
        Entropy.__init__(self, read_bit or hosthw.ByteBits(crypto_bytes))

    def fill(self, n):
        return crypto_bytes(n)     # the device's buffering, stirring and refusal, this source


class TestEntropy(Entropy):
    """``?seed=N`` (tests only): the simulator's seeded dice, predictable and
    not random, so the pictures equal the simulator's goldens; the same
    health tests run over raw bits of a seeded stream of their own. The page
    marks the panel "TEST DICE" for as long as it runs."""

    name = "TEST DICE: seeded xorshift32, not random"

    def __init__(self, seed):
        self.seeded = SeededSource(seed)
        Entropy.__init__(self, SeededBits(seed))

    def draw(self, k):
        return self.seeded.bytes(k)


# ---------------------------------------------------------------- storage
def _read(path):
    with open(path) as f:
        return f.read()


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


class WebStore(storage.Store):
    """``core.storage.Store`` whose finished files are kept in the browser's
    storage. A record reaches the browser's storage only after the Store's
    own atomic write (temporary file, rename) is complete, as one entry
    written at once; an entry the browser refuses (its storage is full) is a
    failed save with the device's notice, the previous entry kept."""

    def __init__(self, root=DATA):
        storage.Store.__init__(self, root)
        self.restore()

    def restore(self):
        """Write every saved entry back as a file (at start-up)."""
        keys = js.store_keys() or ""
        for key in keys.split("\n"):
            if not key.startswith(KEY):
                continue
            name = key[len(KEY):]
            if not name or "/" in name:
                continue
            text = js.store_get(key)
            if text is not None:
                _write("%s/%s" % (self.root, name), text)

    def keep(self, fname):
        """Copy one file to the browser's storage (or drop its entry when
        the file is gone); False if the browser refused it."""
        path = "%s/%s" % (self.root, fname)
        try:
            text = _read(path)
        except OSError:
            js.store_remove(KEY + fname)
            return True
        return bool(js.store_set(KEY + fname, text))

    def save(self, name, data, version=1, trim=None):
        if not storage.Store.save(self, name, data, version, trim):
            return False
        if not self.keep(name + ".json"):
            self.writes -= 1
            self._write_failed(name)
            return False
        return True

    def _set_aside(self, name, why):
        from dicebox.core.store_faults import BAD_KEEP
        ok = storage.Store._set_aside(self, name, why)
        for k in range(BAD_KEEP):     # the copies kept aside move on: .bad, .bad1...
            self.keep("%s.bad%s" % (name, "%d" % k if k else ""))
        self.keep(name + ".json")
        return ok

    def delete(self, name):
        storage.Store.delete(self, name)
        self.keep(name + ".json")


# ---------------------------------------------------------------- hardware
class WebHW(hosthw.Clocked):
    def __init__(self, clock, seed=None, fixed_battery=False):
        self.clock = clock
        self.display = WebDisplay()
        self.mask = 0           # buttons down (pointer, keys)
        self.latched = 0        # buttons pressed since the last frame
        self.shake = WebShake()
        self.buzzer = Buzzer(pwm=WebPWM())
        self.battery = battery_curve.FixedCell() if fixed_battery else PageBattery()
        if seed is None:
            self.entropy = CryptoEntropy()
            self.entropy_source = CryptoEntropy.name
        else:   # tests: the simulator's seeded source, so the dice repeat
            self.entropy = TestEntropy(seed)
            self.entropy_source = TestEntropy.name
        self.test_dice = seed is not None
        self.entropy_ok = getattr(self.entropy, "entropy_ok", True)
        self.entropy_msg = getattr(self.entropy, "entropy_msg", "")
        if hasattr(self.shake, "on_shake") and hasattr(self.entropy, "mix"):
            mix = self.entropy.mix
            self.shake.on_shake = lambda now: mix(time.ticks_us())
        self.asleep = False     # lightsleep: the page stops stepping until an input

    def lightsleep(self, ms=0):
        self.asleep = True

    def share(self, text):
        """A finished game's log (base64url text) as a link on the page: only
        the browser has this (a screen offers "Share link" when the hardware
        has ``share``)."""
        js.share(text)

    def log(self, text):
        try:
            js.log(text)
        except Exception:
            pass
        hosthw.append_log(DATA + "/error.log", text)


# ---------------------------------------------------------------- console
class Console(Player):
    """One console on the page: input in, one frame per ``step()``."""

    def __init__(self, hw, app):
        self.hw = hw
        self.app = app
        self.pace = ticks.Pace()
        try:
            app.home()
        except Exception as e:
            app.fail(e)

    # input --------------------------------------------------------------
    def _woken(self):
        if self.hw.asleep:
            self.hw.asleep = False
            self.hw.display.changed = True

    def down(self, b):
        bit = 1 << b
        self.hw.mask |= bit
        self.hw.latched |= bit
        self._woken()

    def up(self, b):
        self.hw.mask &= ~(1 << b)

    def shake(self):
        self.hw.shake.shake(self.hw.ticks_ms())
        self._woken()

    def motion(self, x, y, z, wake=False):
        self.hw.shake.motion(x, y, z)
        if wake:
            self._woken()

    def set_battery(self, level, plugged):
        bat = self.hw.battery
        if isinstance(bat, PageBattery):
            bat.level = None if level is None or level < 0 else int(level)
            bat.plugged = bool(plugged)

    # one frame ----------------------------------------------------------
    def app_frame(self):
        """One frame of the App (the body of ``App.run``'s loop); none while
        the console sleeps (on the board, lightsleep blocks until an input)."""
        if self.hw.asleep:
            return
        app = self.app
        try:
            app.frame(self.hw.ticks_ms())
        except Exception as e:
            app.fail(e)

    def step(self):
        """The page's frame: nothing while asleep; returns the picture when
        it changed (see ``picture``), else None."""
        if self.hw.asleep:
            return None
        self.app_frame()
        d = self.hw.display
        if d.changed:
            d.changed = False
            return self.picture()
        return None

    def picture(self):
        """"CONTRAST ON HEX": the contrast 0..255, 1 when the panel is on
        (and the console awake), the 1,024 frame bytes (pages of vertical
        bytes, as the SSD1306 holds them) in hex."""
        d = self.hw.display
        on = 1 if d.on and not self.hw.asleep else 0
        return "%d %d %s" % (d.level, on, binascii.hexlify(d.buffer).decode())

    def keep_awake(self):
        app = self.app
        top = app.top()
        return bool(app.keep_awake or (top is not None and getattr(top, "keep_awake", False)))

    def source(self):
        return self.hw.entropy_source

    def open_shared(self, text):
        """A shared game's link (the text after ``#g=``): its replay over the
        home menu, or a message that says why it cannot be read."""
        from dicebox.core import sharelink
        try:
            sharelink.open_link(self.app, text)
        except Exception as e:
            self.app.fail(e)

    def info(self):
        app = self.app
        ok = getattr(self.hw.entropy, "entropy_ok", self.hw.entropy_ok)   # live: alarms after boot
        return json.dumps({"frames": app.frames, "draws": app.draws,
                           "shake": self.hw.shake.kind,
                           "dice": self.hw.entropy_source, "dice_ok": bool(ok),
                           "test_dice": self.hw.test_dice,
                           "asleep": self.hw.asleep, "muted": self.hw.buzzer.muted,
                           "top": type(app.top()).__name__})

    # headless scripts (tests) ---------------------------------------------
    def frame(self):
        """A frame of the scripts: the App's, then the wait to the next."""
        self.app_frame()
        self.hw.sleep_ms(self.pace.next())

    def command(self, line, shots):
        """One line of a simulator script (host_tools/sim/hostplay.py), its shots
        (name, frame bytes in hex) appended to ``shots``."""
        self.shots = shots
        Player.command(self, line)

    def shot(self, words):
        self.shots.append((words[1], binascii.hexlify(self.hw.display.buffer).decode()))


def boot(options="{}"):
    """Start the console. ``options`` (JSON): ``seed`` (an int: the
    simulator's seeded dice and its fixed battery, for tests), ``virtual``
    (true: a virtual clock, advanced by the scripts), ``shared`` (a shared
    game's text: its replay opens over the home menu)."""
    opts = json.loads(options) if options else {}
    seed = opts.get("seed")
    clock = VirtualClock() if opts.get("virtual") else RealClock()
    store = WebStore(DATA)
    hw = WebHW(clock, seed, fixed_battery=seed is not None)
    from dicebox.apps import home   # the home menu as main.py makes it
    app = App(hw, store, home)
    con = Console(hw, app)
    if opts.get("shared"):
        con.open_shared(str(opts["shared"]))
    return con


def run_shared(link, text, seed=1):
    """A shared game's link (``link``: the text after ``#g=``) opened at boot,
    then a simulator script played on a virtual clock (the tests): JSON of the
    shots, as ``run_script``."""
    con = boot(json.dumps({"seed": seed, "virtual": True, "shared": link}))
    return _play(con, text)


def run_script(text, seed=1):
    """Play a simulator script on a fresh console with a virtual clock and
    the seeded dice; JSON of the shots ({"shots": [[name, hex], ...]})."""
    return _play(boot(json.dumps({"seed": seed, "virtual": True})), text)


def _play(con, text):
    con.run_ms(100)  # as the simulator: buttons down at the first poll are ignored
    shots = []
    for line in text.split("\n"):
        con.command(line.strip(), shots)
    app = con.app
    return json.dumps({"shots": shots, "frames": app.frames, "draws": app.draws,
                       "bus_bytes": con.hw.display.i2c.bytes_out})

"""Boot: build the hardware object the core consumes (see docs/DEVELOPING.md).

``boot()`` finds what is fitted and degrades instead of dying:

* display: SSD1306 at 0x3C on I2C0, 1 MHz then 400 kHz. None found: a
  message on the serial console, LED blink code 2 (two blinks, pause, three
  times) and a display stand-in that draws into RAM and sends nothing.
* shake: LIS3DH at 0x18/0x19 on I2C1 (WHO_AM_I checked); otherwise the
  vibration switch if ``board.SWITCH_FITTED``; otherwise ``kind = "none"``
  (the apps roll on a button press). No accelerometer and no switch: blink
  code 3.
* entropy: the SP 800-90B start-up test of the ROSC bit; a failure sets
  ``entropy_ok`` False with ``entropy_msg`` (the apps refuse to roll) and
  blink code 4.
* buttons: pull-ups; ``read_buttons()`` is the pins now and a pin interrupt
  latches every press for ``take_latched()``, so a tap that starts and ends
  while the loop sleeps (or during one long frame, even of a button that was
  down at the last poll) still reaches the core. The handler is a soft
  interrupt: it may run after both edges of a quick tap, when the pin already
  reads up again, so a release edge of a button whose press it never saw
  latches that press. Edges within 25 ms of the previous edge of the same pin
  are contact bounce and are not latched (a bouncing release would otherwise
  latch a press).
* sleep: ``lightsleep`` wakes on a button pressed after it began (a button
  already down, e.g. stuck, does not keep the console awake) or on motion.
* any part whose constructor raises (a piezo PWM, the battery ADC, the
  buttons' pins, the entropy source, the watchdog): the console comes up
  without it, with a stand-in (``NoBuzzer``: silent; ``NoBattery``: charge
  unknown; no buttons; dice refused, saying why), the failure logged and
  listed in ``hw.missing`` for the app to say once at the home menu.

Every message also goes to ``/error.log`` through ``log(text)``; the
notices of the boot itself (a part missing or degraded) only when they differ
from the last boot's (kept in ``/error.last``): a flash write costs about
50 ms of the start-up, so a console that boots the same way every time writes
nothing (the serial console still prints them).
"""
import gc
import sys
import time

from micropython import const

from dicebox.core import ticks
from dicebox.core.app import NoShake
from dicebox.hal import board

LOG_PATH = "/error.log"
NOTES_PATH = "/error.last"   # the boot notices last logged
LOG_MAX = const(8192)        # bytes; the old log moves to /error.old
_EDGE_MS = const(25)

BLINK_NO_DISPLAY = const(2)
BLINK_NO_SHAKE = const(3)
BLINK_ENTROPY = const(4)


def log(text, path=LOG_PATH):
    """Append one line to the error log (and print it). Never raises."""
    line = "%d %s\n" % (time.ticks_ms(), text)
    try:
        sys.stdout.write(line)
    except Exception:
        pass
    try:
        import os
        try:
            if os.stat(path)[6] > LOG_MAX:
                os.rename(path, path[:-4] + ".old")
        except OSError:
            pass
        with open(path, "a") as f:
            f.write(line)
    except Exception:
        pass


def log_changed(notes, path=None):
    """Log the boot's notices unless they are the ones logged last time
    (then only print them). True when they were logged. Never raises."""
    path = path or NOTES_PATH
    text = "\n".join(notes)
    try:
        with open(path) as f:
            last = f.read()
    except Exception:  # none yet, or unreadable: log
        last = None
    if last == text or (last is None and not notes):
        for n in notes:
            try:
                sys.stdout.write("%s (as last boot)\n" % n)
            except Exception:
                pass
        return False
    for n in notes:
        log(n)
    try:
        import os
        if notes:
            with open(path, "w") as f:
                f.write(text)
        else:
            os.remove(path)
    except Exception:
        pass
    return True


def blink(led, code, times=3):
    """Blink ``code`` short flashes, pause; repeated ``times`` times."""
    if led is None:
        return
    for _ in range(times):
        for _ in range(code):
            led.value(1)
            time.sleep_ms(150)
            led.value(0)
            time.sleep_ms(200)
        time.sleep_ms(600)


class ButtonPins:
    """Six buttons to GND with pull-ups; presses latched by pin interrupt."""

    def __init__(self, pins=board.BUTTON_PINS):
        import machine
        from machine import Pin
        self._dis = machine.disable_irq
        self._en = machine.enable_irq
        self.pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in pins]
        self.latched = 0
        self._down = 0          # pins seen down by the last edge handled
        self._last = [0] * len(pins)
        for i in range(len(self.pins)):
            if not self.pins[i].value():
                self._down |= 1 << i
            self.pins[i].irq(handler=self._handler(i), trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING)

    def _handler(self, i):
        bit = 1 << i
        last = self._last

        def edge(pin):
            now = time.ticks_ms()
            down = not pin.value()
            if ticks.diff(now, last[i]) >= _EDGE_MS:
                # down now: a press. Up now but never seen down: a press whose
                # release came before this handler ran. Up after down: a release.
                if down or not self._down & bit:
                    self.latched |= bit
            if down:
                self._down |= bit
            else:
                self._down &= ~bit
            last[i] = now
        return edge

    def raw(self):
        """Buttons down now (pressed pins read 0)."""
        m = 0
        pins = self.pins
        for i in range(len(pins)):
            if not pins[i].value():
                m |= 1 << i
        return m

    def take_latched(self):
        s = self._dis()
        m = self.latched
        self.latched = 0
        self._en(s)
        return m

    def read(self):
        """Buttons down now (the latched presses stay for ``take_latched``)."""
        return self.raw()


class SwitchPin:
    """Vibration switch: counts edges by interrupt; ``take_edges()`` for SwitchShake."""

    def __init__(self, pin=board.SHAKE_SWITCH):
        import machine
        from machine import Pin
        self._dis = machine.disable_irq
        self._en = machine.enable_irq
        self.pin = Pin(pin, Pin.IN, Pin.PULL_UP)
        self.edges = 0
        self.pin.irq(handler=self._edge, trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING)

    def _edge(self, pin):
        self.edges += 1

    def take_edges(self):
        s = self._dis()
        n = self.edges
        self.edges = 0
        self._en(s)
        return n


class NoBuzzer:
    """Stands in for a piezo that failed at boot: silent, same API."""

    def __init__(self):
        self.muted = False

    def tone(self, freq_hz, ms):
        return False

    def busy(self):
        return False

    def stop(self):
        pass

    def tick(self, now):
        pass

    def deinit(self):
        pass


class NoBattery:
    """Stands in for a battery gauge that failed at boot: charge unknown."""

    bad = True

    def percent(self):
        return None

    def volts(self):
        return None

    def charging(self):
        return False

    def low(self):
        return False


def _null_display(width=128, height=64):
    """A framebuffer that never reaches a panel (no display fitted)."""
    import framebuf

    class NullDisplay(framebuf.FrameBuffer):
        def __init__(self):
            self.width = width
            self.height = height
            self.buffer = bytearray(width * height // 8)
            super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
            self.bytes_sent = 0
            self.flushes = 0

        def flush(self):
            return 0

        def contrast(self, v):
            pass

        def invert(self, on):
            pass

        def power(self, on):
            pass

        def flip(self, on):
            pass

        def invalidate(self):
            pass

    return NullDisplay()


class Hardware:
    """What the core consumes; built by ``boot()``."""

    def __init__(self):
        self.display = None
        self.display_ok = False
        self.display_freq = 0
        self.buttons = None
        self.shake = NoShake()
        self.accel = None
        self.buzzer = None
        self.battery = None
        self.entropy = None
        self.entropy_ok = False
        self.entropy_msg = "not tested"
        self.power = None
        self.led = None
        self.problems = []
        self.missing = []      # parts that failed at boot, in words, for the app to say once
        self._held = 0         # buttons down when lightsleep began
        self.ticks_ms = time.ticks_ms
        self.ticks_us = time.ticks_us  # shake timing, stirred into the dice
        self.ticks_diff = ticks.diff
        self.ticks_add = ticks.add
        self.sleep_ms = time.sleep_ms

    def read_buttons(self):
        """Buttons down now."""
        return self.buttons.raw() if self.buttons is not None else 0

    def take_latched(self):
        """Buttons pressed (by pin interrupt) since the last call, which clears them."""
        return self.buttons.take_latched() if self.buttons is not None else 0

    def lightsleep(self, ms=0):
        """Sleep (0: until a button or shake); True if woken by input. Buttons
        already down when the sleep begins (a stuck one) do not wake it."""
        self._held = self.buttons.raw() if self.buttons is not None else 0
        try:
            return self.power.lightsleep(ms)
        finally:
            self._held = 0

    def feed(self):
        self.power.feed()

    def log(self, text):
        log(text)

    def free_heap(self):
        return gc.mem_free()

    def _woken(self):
        """For lightsleep: a button down or latched, or the console moved."""
        bt = self.buttons
        if bt is not None:
            down = bt.raw()
            self._held &= down  # a held button let go: pressing it again wakes
            if (down & ~self._held) or bt.latched:
                return True
        sh = self.shake
        if sh.kind == "switch":
            return sh.source.edges > 0
        if sh.kind == "lis3dh" and self.accel is not None:
            try:
                return self.accel.moved()
            except OSError:
                return False
        return False


def boot(watchdog=True, i2c_khz=1000):
    """Build the hardware object. ``i2c_khz`` 400 keeps the display bus at
    400 kHz (the settings' I2C speed); ``watchdog`` False for bench work at
    the REPL (once started, the RP2040 watchdog cannot be stopped)."""
    from machine import Pin
    hw = Hardware()
    try:
        hw.led = Pin(board.LED, Pin.OUT, value=0)
    except Exception:
        hw.led = None

    notes = []      # the boot's notices: logged at the end, when they changed

    def note(text):
        notes.append(text)

    def problem(text, code):
        hw.problems.append(text)
        note(text)
        blink(hw.led, code)

    def part(name, make, instead, without):
        """``make()``, or, when it raises, ``instead`` with the failure logged
        and said (``without``: what the player does without the part)."""
        try:
            return make()
        except Exception as e:  # any failure of one part must not stop the boot
            text = "%s failed at boot (%s): %s" % (name, _err(e), without)
            hw.problems.append(text)
            hw.missing.append("%s: %s" % (name, without))
            note(text)
            return instead

    # display
    try:
        d, freq = board.open_display(log=note, max_freq=i2c_khz * 1000)
    except Exception as e:  # a bus that raises something else than a NAK
        note("display: %s" % _err(e))
        d, freq = None, 0
    if d is None:
        problem("no display found at 0x%02x on I2C0 (GP%d/GP%d)" % (
            board.DISPLAY_ADDR, board.DISPLAY_SDA, board.DISPLAY_SCL), BLINK_NO_DISPLAY)
        d = _null_display()
    else:
        hw.display_ok = True
        hw.display_freq = freq
        if freq != board.DISPLAY_FREQ:
            note("display running at %d Hz" % freq)
    hw.display = d

    # buttons
    hw.buttons = part("buttons", ButtonPins, None, "no buttons")

    # shake sensor
    try:
        bus = board.accel_bus()
        found = bus.scan()
        for addr in board.ACCEL_ADDRS:
            if addr in found:
                from dicebox.hal.lis3dh import LIS3DH
                try:
                    hw.accel = LIS3DH(bus, addr)
                    break
                except OSError as e:
                    note("accelerometer at 0x%02x: %s" % (addr, e))
    except Exception as e:  # OSError from the bus; anything else from a bus that is not there
        note("accelerometer bus: %r" % (e,))
    if hw.accel is not None:
        try:
            hw.accel.wake_on_motion()
        except OSError:
            pass
        from dicebox.core.shake import ShakeDetector
        hw.shake = ShakeDetector(source=hw.accel)
    elif board.SWITCH_FITTED:
        sw = part("vibration switch", SwitchPin, None, "roll with a button")
        if sw is None:
            pass
        elif sw.pin.value():
            from dicebox.core.shake import SwitchShake
            hw.shake = SwitchShake(source=sw)
            note("no accelerometer: using the vibration switch")
        else:
            problem("vibration switch reads closed: shake off, roll with a button", BLINK_NO_SHAKE)
    else:
        problem("no shake sensor: roll with a button", BLINK_NO_SHAKE)

    # sound and battery
    from dicebox.hal.battery import Battery
    from dicebox.hal.buzzer import Buzzer
    hw.buzzer = part("sound", Buzzer, NoBuzzer(), "no sound")
    hw.battery = part("battery gauge", Battery, NoBattery(), "charge unknown")

    # entropy health test
    from dicebox.hal.entropy import Entropy
    hw.entropy = part("dice source", Entropy, None, "no dice rolls")
    if hw.entropy is None:
        hw.entropy_ok = False
        hw.entropy_msg = "the dice source failed at start-up"
    else:
        hw.entropy_ok = hw.entropy.entropy_ok
        hw.entropy_msg = hw.entropy.entropy_msg
    if not hw.entropy_ok:
        problem(hw.entropy_msg, BLINK_ENTROPY)
    if hasattr(hw.shake, "on_shake") and hw.entropy is not None:
        mix = hw.entropy.mix
        hw.shake.on_shake = lambda now: mix(time.ticks_us())

    # power and watchdog
    from dicebox.hal.power import Power
    disp = hw.display if hw.display_ok else None
    hw.power = part("power", lambda: Power(disp, wake_check=hw._woken),
                    Power(None, wake_check=hw._woken), "no dimming")
    if watchdog:
        part("watchdog", hw.power.start_watchdog, None, "no reset if it hangs")
    log_changed(notes)
    gc.collect()
    return hw


def _err(e):
    """An exception in a few words: ``OSError EIO``, ``ValueError: bad pin``."""
    a = getattr(e, "args", None)
    if a and type(a[0]) is int:
        try:
            import errno
            return "%s %s" % (type(e).__name__, errno.errorcode[a[0]])
        except Exception:  # no table on this port
            return "%s %d" % (type(e).__name__, a[0])
    return "%s: %s" % (type(e).__name__, e) if a else type(e).__name__

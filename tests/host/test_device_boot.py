"""hal/device.boot() over a fake ``machine`` module, in the MicroPython unix port.

The fake provides Pin (with interrupts the test can fire), I2C (bus 0 is a
SimPanel, bus 1 a register-level LIS3DH), ADC, PWM, WDT, lightsleep and mem32
(the ROSC RANDOMBIT register). Each scenario prints one JSON line.
"""
import json
import os
import subprocess

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FAKE = r"""
import sys, json
sys.path.insert(0, %(fw)r)
sys.path.append(%(ht)r)
from sim.panel import SimPanel

CFG = json.loads(%(cfg)r)
STATE = {"pins": {}, "sleeps": [], "feeds": 0, "wdt": None, "irq_off": 0}


class _Irq:
    def __init__(self):
        self.f = 0

    def flags(self):
        return self.f


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=0, pull=None, value=None):
        self.n = n
        self.level = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self.level = value
        self.handler = None
        self._irq = _Irq()
        STATE["pins"][n] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def irq(self, handler=None, trigger=0):
        if handler is not None:
            self.handler = handler
        return self._irq

    def fire(self, level):
        # level change with its edge interrupt
        self._irq.f = Pin.IRQ_FALLING if level == 0 else Pin.IRQ_RISING
        self.level = level
        if self.handler:
            self.handler(self)


class AccelBus:
    def __init__(self):
        self.regs = {0x0F: 0x33}
        self.xyz = [0, 0, 1000]
        self.motion = False

    def scan(self):
        return [0x18] if CFG.get("accel", True) else []

    def readfrom_mem_into(self, addr, reg, buf):
        if reg == 0x27 | 0x80:
            buf[0] = 0x08
            for i in range(3):
                v = (self.xyz[i] // 2) << 4
                v &= 0xFFFF
                buf[1 + 2 * i] = v & 0xFF
                buf[2 + 2 * i] = v >> 8
            return
        if reg == 0x31:
            buf[0] = 0x40 if self.motion else 0
            return
        buf[0] = self.regs.get(reg & 0x7F, 0)

    def writeto_mem(self, addr, reg, buf):
        self.regs[reg] = buf[0]


PANEL = SimPanel(present=(0x3C,) if CFG.get("display", True) else (), nack_above_hz=CFG.get("nack"))
ACCEL = AccelBus()


def I2C(id, scl=None, sda=None, freq=400000):
    if id == 0:
        PANEL.set_freq(freq)
        return PANEL
    return ACCEL


def _fails(part):
    # a part whose constructor raises, as a dead PWM slice or ADC does
    if part in CFG.get("fail", ()):
        raise OSError(5)


class ADC:
    def __init__(self, pin):
        _fails("ADC")

    def read_u16(self):
        return CFG.get("adc", 1300 * 65535 // 3300)


class PWM:
    def __init__(self, pin):
        _fails("PWM")
        self.f = 0
        self.d = 0
        STATE["pwm"] = self

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.d = d


class WDT:
    def __init__(self, timeout=0):
        _fails("WDT")
        STATE["wdt"] = timeout

    def feed(self):
        STATE["feeds"] += 1


def lightsleep(ms):
    STATE["sleeps"].append(ms)
    hook = STATE.get("sleep_hook")
    if hook:
        hook(len(STATE["sleeps"]))


def disable_irq():
    STATE["irq_off"] += 1
    return 1


def enable_irq(s):
    pass


class _Mem:
    def __init__(self):
        self.s = 2463534242

    def __getitem__(self, addr):
        assert addr == 0x4006001C, hex(addr)
        _fails("ROSC")
        if CFG.get("stuck"):
            return 0
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s >> 31


mem32 = _Mem()


class _Machine:
    pass


m = _Machine()
for _k in ("Pin", "I2C", "ADC", "PWM", "WDT", "lightsleep", "disable_irq", "enable_irq", "mem32"):
    setattr(m, _k, globals()[_k])
sys.modules["machine"] = m

import dicebox.hal.device as device
device.LOG_PATH = "/dev/null"
device.NOTES_PATH = "/dev/null"     # reads as no notices: every boot's notices are logged
device.blink = lambda led, code, times=3: STATE.setdefault("blinks", []).append(code)
device.log = lambda text, path=None: STATE.setdefault("log", []).append(text)
"""

SCENARIO = r"""
hw = device.boot(watchdog=CFG.get("wdt", True), i2c_khz=CFG.get("khz", 1000))
out = {
    "display_ok": hw.display_ok, "freq": hw.display_freq, "kind": hw.shake.kind,
    "entropy_ok": hw.entropy_ok, "entropy_msg": hw.entropy_msg,
    "blinks": STATE.get("blinks", []), "wdt": STATE["wdt"], "panel_on": PANEL.on,
    "problems": hw.problems,
}
# the shape the core consumes
for name in ("display", "shake", "buzzer", "battery", "entropy"):
    assert getattr(hw, name) is not None, name
for name in ("read_buttons", "take_latched", "ticks_add", "ticks_ms", "sleep_ms", "ticks_diff",
             "lightsleep", "feed", "log", "free_heap"):
    assert callable(getattr(hw, name)), name
for name in ("flush", "contrast", "invert", "power", "fill", "text"):
    assert hasattr(hw.display, name), name
out["flush_bytes"] = hw.display.flush()
hw.display.text("hi", 0, 0, 1)
out["flush_bytes2"] = hw.display.flush()
try:
    out["bytes"] = len(hw.entropy.bytes(5))
except Exception as e:  # a failed health test refuses
    out["bytes"] = type(e).__name__
out["volts"] = hw.battery.volts()
out["percent"] = hw.battery.percent()
out["charging"] = hw.battery.charging()

# buttons: a tap while asleep is latched; bounce on release is not
pins = STATE["pins"]
a = pins[%(btn_a)d]
a.fire(0); a.fire(1)
out["tap"] = hw.read_buttons()
out["tap_latched"] = hw.take_latched()
out["latched_left"] = hw.take_latched()
out["after_tap"] = hw.read_buttons()
import time
time.sleep_ms(30)
a.fire(0); a.fire(1)
out["tap_taken"] = hw.take_latched()
b = pins[%(btn_b)d]
b.fire(0)
out["held"] = hw.read_buttons()
out["held_latched"] = hw.take_latched()
import time
time.sleep_ms(30)
b.fire(1); b.fire(0); b.fire(1)      # release bounce within 25 ms
out["after_bounce"] = hw.read_buttons() | hw.take_latched()
# a soft interrupt that runs only after both edges of a quick tap: the pin
# already reads up and the edge flags say "rising"; the press is still latched
time.sleep_ms(30)
a.level = 0
a.level = 1
a._irq.f = Pin.IRQ_RISING
a.handler(a)
a.handler(a)
out["late_tap"] = hw.take_latched()
# tapped again while it was down at the last look: latched again
time.sleep_ms(30)
a.fire(0)
hw.take_latched()
time.sleep_ms(30)
a.fire(1)
time.sleep_ms(30)
a.fire(0)
out["retap_held"] = [hw.read_buttons(), hw.take_latched()]
time.sleep_ms(30)
a.fire(1)
hw.take_latched()

# accelerometer samples come back in milli-g, signs intact
ACCEL.xyz = [-1500, 250, 998]
arr = [0, 0, 0]
out["accel_ok"] = hw.accel.read_into(arr) if hw.accel else None
out["accel"] = arr
out["accel_regs"] = [ACCEL.regs.get(0x20), ACCEL.regs.get(0x23)]

# one frame's hal path allocates nothing: buttons, latch, shake sensor, flush, buzzer
import gc
for k in range(3):
    hw.read_buttons(); hw.take_latched(); hw.shake.poll(k * 33); hw.display.flush()
gc.collect()
gc.disable()
before = gc.mem_alloc()
for k in range(100):
    hw.read_buttons()
    hw.take_latched()
    hw.shake.poll(100 + k * 33)
    hw.display.flush()
    if k %% 10 == 0:
        hw.buzzer.tone(440 + k, 50)
    hw.buzzer.tick(100 + k * 33)
out["frame_alloc"] = gc.mem_alloc() - before
gc.enable()

# buzzer plays a queued tone through PWM
hw.buzzer.tone(880, 50)
hw.buzzer.tick(1000)
out["pwm"] = [STATE["pwm"].f, STATE["pwm"].d]
hw.buzzer.tick(1060)
out["pwm_after"] = STATE["pwm"].d

# lightsleep: chunks, watchdog fed each time, woken by a button
def hook(n):
    if n == 4:
        pins[%(btn_up)d].fire(0)
STATE["sleep_hook"] = hook
feeds = STATE["feeds"]
out["woke"] = hw.lightsleep(2000)
out["sleeps"] = STATE["sleeps"]
out["feeds"] = STATE["feeds"] - feeds
pins[%(btn_up)d].fire(1)
hw.read_buttons()
hw.take_latched()
STATE["sleeps"] = []
def hook2(n):
    if n == 50:
        pins[%(btn_up)d].fire(0)
STATE["sleep_hook"] = hook2
out["woke_forever"] = hw.lightsleep()
out["sleeps_forever"] = len(STATE["sleeps"])
pins[%(btn_up)d].fire(1)
hw.take_latched()
# a button stuck down does not wake the console; another one does
time.sleep_ms(30)
pins[%(btn_b)d].fire(0)
hw.take_latched()
STATE["sleeps"] = []
STATE["sleep_hook"] = None
out["stuck_woke"] = hw.lightsleep(1000)
out["stuck_sleeps"] = len(STATE["sleeps"])
STATE["sleeps"] = []
def hook3(n):
    if n == 3:
        pins[%(btn_a)d].fire(0)
STATE["sleep_hook"] = hook3
out["stuck_other_woke"] = hw.lightsleep(1000)
out["stuck_other_sleeps"] = len(STATE["sleeps"])
print("RESULT " + json.dumps(out))
"""


def boot(**cfg):
    from dicebox.hal import board
    script = (FAKE % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS,
                      "cfg": json.dumps(cfg)}
              + SCENARIO % {"btn_a": board.BTN_A, "btn_b": board.BTN_B, "btn_up": board.BTN_UP})
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    line = [x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[7:])


def test_full_hardware():
    r = boot()
    assert r["display_ok"] and r["freq"] == 1000000 and r["panel_on"]
    assert r["kind"] == "lis3dh"
    assert r["entropy_ok"] and r["entropy_msg"] == "ok"
    assert r["blinks"] == [] and r["problems"] == []
    assert r["wdt"] == 5000
    assert r["flush_bytes"] == 0 and 0 < r["flush_bytes2"] < 300
    assert r["bytes"] == 5
    assert abs(r["volts"] - 3.9) < 0.01 and r["percent"] == 64 and r["charging"] is False


def test_input_path_allocates_nothing():
    r = boot()
    assert r["frame_alloc"] == 0
    r = boot(accel=False)
    assert r["frame_alloc"] == 0


def test_accelerometer_configuration_and_samples():
    r = boot()
    assert r["accel_ok"] is True
    assert r["accel"] == [-1500, 250, 998]
    assert r["accel_regs"] == [0x57, 0x98]     # 100 Hz all axes; BDU, +-4 g, high resolution


def test_buttons_latch_taps_and_ignore_release_bounce():
    from dicebox.core import events
    r = boot()
    assert r["tap"] == 0                        # pressed and released between two reads:
    assert r["tap_latched"] == 1 << events.A    # the pins read up, the latch has it
    assert r["latched_left"] == 0 and r["after_tap"] == 0
    assert r["tap_taken"] == 1 << events.A
    assert r["held"] == 1 << events.B and r["held_latched"] == 1 << events.B
    assert r["after_bounce"] == 0               # no phantom press from the bounce
    assert r["late_tap"] == 1 << events.A       # the release edge did not overwrite the press
    assert r["retap_held"] == [1 << events.A, 1 << events.A]


def test_buzzer_and_sleep():
    from dicebox.core import events
    r = boot()
    assert r["pwm"] == [880, 32768] and r["pwm_after"] == 0
    assert r["woke"] is True
    assert r["sleeps"] == [100, 100, 100, 100]  # chunks, woken after the 4th
    assert r["feeds"] == 4
    assert r["woke_forever"] is True and r["sleeps_forever"] == 50   # lightsleep(): until woken
    assert r["stuck_woke"] is False and r["stuck_sleeps"] == 10       # a stuck B sleeps on
    assert r["stuck_other_woke"] is True and r["stuck_other_sleeps"] == 3
    assert events.UP == 0


def test_slow_panel_falls_back_to_400khz():
    r = boot(nack=400000)
    assert r["display_ok"] and r["freq"] == 400000


def test_i2c_speed_setting_caps_the_display_bus():
    r = boot(khz=400)
    assert r["display_ok"] and r["freq"] == 400000


def test_no_display_degrades():
    r = boot(display=False)
    assert not r["display_ok"] and r["blinks"][0] == 2
    assert "no display" in r["problems"][0]
    assert r["flush_bytes"] == 0 and r["flush_bytes2"] == 0   # draws, sends nothing


def test_no_accelerometer_uses_the_switch():
    r = boot(accel=False)
    assert r["kind"] == "switch"


def test_stuck_entropy_source_is_reported():
    r = boot(stuck=True)
    assert r["entropy_ok"] is False and "stuck" in r["entropy_msg"]
    assert 4 in r["blinks"]


def test_watchdog_optional():
    r = boot(wdt=False)
    assert r["wdt"] is None


# ----- hal pieces that run on CPython with fakes

class FakePWM:
    def __init__(self):
        self.log = []

    def freq(self, f):
        self.log.append(("freq", f))

    def duty_u16(self, d):
        self.log.append(("duty", d))


def test_buzzer_queue_plays_in_order_without_blocking():
    from dicebox.hal.buzzer import Buzzer
    pwm = FakePWM()
    bz = Buzzer(pwm=pwm)
    assert bz.tone(440, 100) and bz.tone(0, 50) and bz.tone(660, 100)
    pwm.log.clear()
    bz.tick(0)
    assert pwm.log == [("freq", 440), ("duty", 32768)]
    bz.tick(99)
    assert len(pwm.log) == 2                 # still playing the first note
    bz.tick(100)
    assert pwm.log[-1] == ("duty", 0)        # the rest
    bz.tick(150)
    assert pwm.log[-2:] == [("freq", 660), ("duty", 32768)]
    bz.tick(250)
    assert pwm.log[-1] == ("duty", 0) and not bz.busy()


def test_buzzer_mute_and_full_queue():
    from dicebox.hal.buzzer import Buzzer
    pwm = FakePWM()
    bz = Buzzer(pwm=pwm, queue=2)
    assert bz.tone(440, 100) and bz.tone(440, 100)
    assert not bz.tone(440, 100)             # full
    bz.tick(0)
    bz.muted = True
    bz.tick(10)
    assert pwm.log[-1] == ("duty", 0) and not bz.busy()
    assert not bz.tone(440, 100)             # muted: dropped


class FakeADC:
    def __init__(self, mv):
        self.mv = mv

    def read_u16(self):
        return self.mv * 65535 // 9900


class FakePin:
    def __init__(self, v=0):
        self.v = v

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v


def test_battery_reads_vsys_and_handles_usb():
    from dicebox.hal.battery import Battery
    adc = FakeADC(3900)
    vbus = FakePin(0)
    smps = FakePin(0)
    b = Battery(adc=adc, vbus=vbus, smps=smps)
    assert abs(b.volts() - 3.9) < 0.005 and smps.v == 0
    assert b.percent() == 64 and not b.charging() and not b.low()
    vbus.v = 1
    adc.mv = 4750
    assert b.charging() and b.percent() == 64     # on USB: the last battery estimate
    vbus.v = 0
    adc.mv = 3950
    assert b.percent() == 70                      # unplugged: fresh reading, not smoothed from 4.75 V
    adc.mv = 3500
    for _ in range(60):
        b.percent()
    assert b.low()


class FakeMachine:
    def __init__(self):
        self.sleeps = []
        self.fed = 0

    def lightsleep(self, ms):
        self.sleeps.append(ms)

    def WDT(self, timeout):
        m = self

        class W:
            def feed(self):
                m.fed += 1
        self.timeout = timeout
        return W()


def test_power_sleeps_in_chunks_and_feeds_the_watchdog():
    from dicebox.hal.power import Power
    m = FakeMachine()
    p = Power(machine_mod=m)
    p.start_watchdog()
    assert m.timeout == 5000 < 8388
    assert p.lightsleep(350) is False
    assert m.sleeps == [100, 100, 100, 50] and m.fed == 4
    woke = []
    p.wake_check = lambda: len(m.sleeps) >= 7 and not woke.append(1)
    assert p.lightsleep() is True and len(m.sleeps) == 7


def test_power_dims_and_restores_contrast():
    from dicebox.hal.power import Power

    class D:
        def __init__(self):
            self.c = []
            self.on = []

        def contrast(self, v):
            self.c.append(v)

        def power(self, on):
            self.on.append(on)
    d = D()
    p = Power(display=d, machine_mod=FakeMachine())
    p.set_contrast(0x80)
    p.dim(True)
    p.dim(True)
    p.dim(False)
    p.screen(False)
    assert d.c == [0x80, 4, 0x80] and d.on == [False]


MAIN = r"""
import dicebox.core.app as appmod
import dicebox.core.storage as storage
_run = appmod.App.run
appmod.App.run = lambda self, max_frames=0: _run(self, max_frames=CFG["frames"])
_init = storage.Store.__init__
storage.Store.__init__ = lambda self, root: _init(self, CFG["data"])
g = {"__name__": "__main__"}
exec(open(CFG["main"]).read(), g)
app = g.get("app")
px = PANEL.pixels()
out = {"ran": app is not None, "frames": app.frames if app else 0,
       "top": type(app.top()).__name__ if app else None,
       "said": " ".join(getattr(app.top(), "lines", ())) if app else "",
       "titles": [getattr(s, "title", "") for s in app.stack] if app else [],
       "log": STATE.get("log", []),
       "lit": sum(bin(b).count("1") for b in px), "wdt": STATE["wdt"]}
print("RESULT " + json.dumps(out))
"""


def run_main(tmp_path, **cfg):
    cfg.update({"main": os.path.join(ROOT, "firmware", "main.py"), "data": str(tmp_path), "frames": 30})
    script = FAKE % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS,
                     "cfg": json.dumps(cfg)} + MAIN
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    return p, json.loads([x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1][7:])


def test_main_boots_to_the_menu_on_the_device_path(tmp_path):
    # firmware/main.py as the board runs it: fake machine, real driver, real app loop
    p, r = run_main(tmp_path)
    assert r["ran"] and r["frames"] == 30
    assert r["top"] == "Home"
    assert r["lit"] > 500  # the menu is on the panel


def test_a_part_that_fails_at_boot_is_left_out_and_said(tmp_path):
    # a piezo PWM, a battery ADC, the watchdog or the dice source whose
    # constructor raises: the console still reaches its menu, without that part,
    # logs it and says so once
    for parts, words in ((["PWM"], "sound: no sound"), (["ADC"], "battery gauge: charge unknown"),
                         (["PWM", "ADC", "WDT"], "watchdog")):
        d = tmp_path / "_".join(parts)
        d.mkdir()
        p, r = run_main(d, fail=parts)
        assert r["ran"] and r["frames"] == 30, (parts, p.stdout + p.stderr)
        assert r["titles"][0] == "Dicebox", (parts, r["titles"])        # the home menu
        assert r["top"] == "Message" and "Part not working" in r["titles"], (parts, r["titles"])
        assert words in r["said"] and "Everything else works" in r["said"], (parts, r["said"])
        assert any("failed at boot (OSError EIO)" in line for line in r["log"]), (parts, r["log"])
    # a dice source that raises: refused (it says why when a roll is asked), not dead
    d = tmp_path / "rosc"
    d.mkdir()
    p, r = run_main(d, fail=["ROSC"])
    assert r["ran"] and r["frames"] == 30 and r["titles"][0] == "Dicebox", p.stdout + p.stderr
    assert any("entropy test not run" in line for line in r["log"]), r["log"]


def test_boot_with_a_dead_piezo_and_battery_gives_stand_ins():
    script = (FAKE % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS,
                      "cfg": json.dumps({"fail": ["PWM", "ADC"]})}
              + """
hw = device.boot(watchdog=True)
hw.buzzer.tone(440, 50)
hw.buzzer.tick(0)
out = {"buzzer": type(hw.buzzer).__name__, "battery": type(hw.battery).__name__,
       "pct": hw.battery.percent(), "missing": hw.missing, "display_ok": hw.display_ok,
       "kind": hw.shake.kind, "entropy_ok": hw.entropy_ok, "wdt": STATE["wdt"]}
print("RESULT " + json.dumps(out))
""")
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads([x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1][7:])
    assert r["buzzer"] == "NoBuzzer" and r["battery"] == "NoBattery" and r["pct"] is None
    assert r["missing"] == ["sound: no sound", "battery gauge: charge unknown"]
    assert r["display_ok"] and r["kind"] == "lis3dh" and r["entropy_ok"] and r["wdt"] == 5000


def test_a_boot_like_the_last_one_writes_nothing_to_the_log(tmp_path):
    # issue 20: "no accelerometer" went to /error.log on every boot (a flash
    # write of about 50 ms): the boot's notices are logged only when they change
    notes = str(tmp_path / "error.last")
    script = (FAKE % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS,
                      "cfg": json.dumps({"accel": False})}
              + """
device.NOTES_PATH = %r
counts = []
for accel in (False, False, False, True, True, False):
    CFG["accel"] = accel
    n = len(STATE.get("log", []))
    device.boot(watchdog=False)
    counts.append(len(STATE.get("log", [])) - n)
print("RESULT " + json.dumps({"counts": counts, "log": STATE.get("log", [])}))
""" % notes)
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads([x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1][7:])
    # first boot without the accelerometer: logged; the same again: nothing; the
    # accelerometer back: nothing to say (the notice file goes); gone again: logged
    assert r["counts"] == [1, 0, 0, 0, 0, 1], r
    assert r["log"] == ["no accelerometer: using the vibration switch"] * 2, r["log"]


def test_a_boot_without_a_sensor_never_loads_the_shake_detectors():
    # issue 20 (boot <= 0.6 s, heap): the detectors (core/shake.py) are imported
    # only where their sensor is found; with none the console rolls on A, and the
    # module is neither read from flash at boot nor kept in the heap
    script = (FAKE % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS,
                      "cfg": json.dumps({"accel": False})}
              + """
import sys
device.board.SWITCH_FITTED = False
hw = device.boot(watchdog=False)
out = {"kind": hw.shake.kind, "loaded": "dicebox.core.shake" in sys.modules}
CFG["accel"] = True
hw = device.boot(watchdog=False)
out["kind2"] = hw.shake.kind
out["loaded2"] = "dicebox.core.shake" in sys.modules
print("RESULT " + json.dumps(out))
""")
    p = subprocess.run(upy.argv("-c", script), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads([x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1][7:])
    assert r == {"kind": "none", "loaded": False, "kind2": "lis3dh", "loaded2": True}, r

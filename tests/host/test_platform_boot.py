"""firmware/main.py with damaged settings files: it always reaches the loop.

Each case writes ``settings.json`` into the data folder and boots the device
path (fake ``machine``, real driver, real app loop) in the MicroPython unix
port under the device's heap cap; the console must run its frames, set the
file aside (a file too big to be a record is removed) and say so at the home
menu. A boot that raised here would, with
the watchdog running, reset and raise again for ever.
"""
import importlib.util
import json
import os

import upy
from dicebox.core import storage

_spec = importlib.util.spec_from_file_location(
    "device_boot_harness", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test_device_boot.py"))
_harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_harness)
run_main = _harness.run_main


def _record(data):
    return json.dumps({"fmt": 1, "name": "settings", "v": 1, "data": data})


def _boot_with(tmp_path, text, binary=False):
    path = os.path.join(str(tmp_path), "settings.json")
    with open(path, "wb" if binary else "w") as f:
        f.write(text)
    p, r = run_main(tmp_path)
    assert r["ran"] and r["frames"] == 30, p.stdout + p.stderr
    return r, os.listdir(str(tmp_path))


def test_impossible_values_are_set_aside_and_said_at_home(tmp_path):
    for bad in ({"brightness": 6}, {"brightness": 0}, {"sleep_s": 0}, {"sleep_s": -5},
                {"dim_s": 60, "sleep_s": 30}, {"i2c_khz": 123}, {"shake_sens": 9},
                {"sound": "yes"}, [1, 2, 3]):
        d = tmp_path / ("case%d" % abs(hash(json.dumps(bad))))
        d.mkdir()
        r, files = _boot_with(d, _record(bad))
        assert "settings.bad" in files and "settings.json" not in files, (bad, files)
        assert r["top"] == "Message", bad     # "Settings reset" over the home menu


def test_good_settings_are_kept(tmp_path):
    r, files = _boot_with(tmp_path, _record({"brightness": 2, "i2c_khz": 400}))
    assert "settings.json" in files and "settings.bad" not in files
    assert r["top"] == "Home"


def test_deep_huge_and_garbage_files_do_not_stop_the_boot(tmp_path):
    cases = [
        ("deep", "[" * 20000 + "]" * 20000, False),
        ("deep_dict", '{"a":' * 5000 + "1" + "}" * 5000, False),
        ("huge", _record({"pad": "x" * (1 << 20)}), False),
        ("binary", b"\xff\xfe\x00garbage\x80", True),
        ("empty", "", False),
    ]
    for name, text, binary in cases:
        d = tmp_path / name
        d.mkdir()
        r, files = _boot_with(d, text, binary)
        if len(text) > storage.MAX_BYTES:     # cannot be a record: removed, not kept
            assert not [f for f in files if f.startswith("settings.")], (name, files)
        else:
            assert "settings.bad" in files, (name, files)
        assert r["top"] == "Message", name


PARTS = r"""
from dicebox.core.memstore import MemoryStore
from dicebox.core.app import App
from dicebox.apps import menu
from dicebox.core import ui
hw = device.boot(watchdog=True)
app = App(hw, MemoryStore(), menu.home)
app.run(max_frames=30)


class Anim(ui.Screen):
    # an animation: a new picture every frame
    def tick(self, now):
        self.n = getattr(self, "n", 0) + 1
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        fb.text(str(self.n), 0, 0, 1)


app.push(Anim(app))
app.run(max_frames=40)
mode = CFG["mode"]
if mode == "display":
    def nak(*a, **k):
        raise OSError(5)
    PANEL.writeto = nak
    PANEL.writevto = nak
elif mode == "accel":
    def bad(*a):
        raise OSError(5)
    ACCEL.readfrom_mem_into = bad
elif mode == "accel2":
    _r = ACCEL.readfrom_mem_into
    N = [0]
    def flaky(addr, reg, buf):
        N[0] += 1
        if N[0] % 50 == 0:
            raise OSError(5)
        return _r(addr, reg, buf)
    ACCEL.readfrom_mem_into = flaky
feeds = STATE["feeds"]
stack = [type(s).__name__ for s in app.stack]
app.run(max_frames=40 + 600)
out = {"feeds": STATE["feeds"] - feeds, "log": STATE.get("log", []), "kind": hw.shake.kind,
       "before": stack, "after": [type(s).__name__ for s in app.stack],
       "titles": [getattr(s, "title", "") for s in app.stack]}
print("RESULT " + json.dumps(out))
"""


def _parts(mode):
    import subprocess
    script = (_harness.FAKE % {"fw": os.path.join(_harness.ROOT, "firmware"),
                               "ht": upy.TOOLS,
                               "cfg": json.dumps({"mode": mode})} + PARTS)
    p = subprocess.run(upy.argv("-c", script), capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    return json.loads([x for x in p.stdout.splitlines() if x.startswith("RESULT ")][-1][7:])


def test_real_driver_display_that_naks_every_write_runs_blind_fed():
    r = _parts("display")
    assert r["feeds"] >= 600                      # the watchdog fed every frame
    assert r["after"] == r["before"]              # no error screen, nothing cleared
    assert len(r["log"]) <= 2, r["log"]


def test_real_accelerometer_that_fails_becomes_button_rolls():
    r = _parts("accel")
    assert r["feeds"] >= 600 and r["kind"] == "none"
    assert r["after"][:len(r["before"])] == r["before"] and r["titles"][-1] == "Shake sensor"
    assert len(r["log"]) <= 2, r["log"]


def test_real_accelerometer_with_two_percent_errors_keeps_shaking():
    r = _parts("accel2")
    assert r["kind"] == "lis3dh" and r["after"] == r["before"]
    assert len(r["log"]) <= 1, r["log"]


def test_battery_reading_no_cell_gives_is_unknown_not_full():
    from dicebox.hal.battery import Battery
    from dicebox.core.app import battery_reading
    adc = _harness.FakeADC(3900)
    vbus = _harness.FakePin(0)
    b = Battery(adc=adc, vbus=vbus, smps=_harness.FakePin(0))
    assert b.percent() == 64
    adc.mv = 9900                                 # a floating ADC pin reads full scale
    assert b.percent() is None and not b.low()
    assert battery_reading(b.percent(), b.volts(), b.charging()) is None
    adc.mv = 0                                    # or nothing
    assert b.percent() is None
    adc.mv = 3900                                 # the gauge was not dragged by the garbage
    assert b.percent() == 64
    vbus.v = 1
    adc.mv = 4900                                 # on USB, VSYS is the USB voltage: fine
    assert b.percent() == 64 and battery_reading(b.percent(), b.volts(), True) == 64

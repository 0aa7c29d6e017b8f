"""The settings record: its defaults and its check on load.

Used at boot only (``main.py`` before the display is up, then ``App`` through
``Store.load``) and by the tests: the console forgets this module once the
App has its settings (``core/app.py``), so it is not live during play.
"""
from dicebox.core import valid

DEFAULTS = {
    "sound": True,
    "brightness": 4,      # 1..5
    "dim_s": 30,
    "sleep_s": 120,
    "i2c_khz": 1000,      # 400 or 1000, applied at the next boot
    "shake_sens": 3,      # 1..5
}


def check_settings(data):
    """The settings record as the app uses it (missing keys from ``DEFAULTS``),
    or ``valid.BadData`` naming the first impossible value."""
    valid.dict_of(data, "settings")
    s = dict(DEFAULTS)
    for k in DEFAULTS:
        if k in data:
            s[k] = data[k]
    valid.need(type(s["sound"]) is bool, "sound is not on or off")
    valid.int_in(s["brightness"], 1, 5, "brightness")
    valid.int_in(s["dim_s"], 5, 3600, "dim time")
    valid.int_in(s["sleep_s"], 10, 86400, "sleep time")
    valid.need(s["sleep_s"] > s["dim_s"], "sleep time is not after the dim time")
    valid.need(type(s["i2c_khz"]) is int and s["i2c_khz"] in (400, 1000),
                 "display bus speed is not 400 or 1000 kHz")
    valid.int_in(s["shake_sens"], 1, 5, "shake sensitivity")
    return s

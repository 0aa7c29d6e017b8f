"""Settings: Left/Right change a value, A goes on to the next line (it never
changes a value), A on Done or B leaves; saved on leaving.

The console sleeps only after it has dimmed: when one of the two times is
moved past the other, the other follows (so what is saved always passes
``core.settings_check.check_settings``).
"""
from dicebox.core import ui

DIM_STEPS = (10, 15, 30, 60, 120, 300)
SLEEP_STEPS = (30, 60, 120, 300, 600, 1800)


def _step(seq, value, d):
    i = seq.index(value) if value in seq else 0
    return seq[min(max(i + d, 0), len(seq) - 1)]


def _below(seq, limit):
    """The largest step of ``seq`` under ``limit`` (the smallest if none is)."""
    best = seq[0]
    for v in seq:
        if v < limit:
            best = v
    return best


def _above(seq, limit):
    """The smallest step of ``seq`` over ``limit`` (the largest if none is)."""
    for v in seq:
        if v > limit:
            return v
    return seq[-1]


def _secs(s):
    return "%ds" % s if s < 60 else "%dm" % (s // 60)


class Settings(ui.Menu):
    SETUP = True

    def __init__(self, app):
        st = app.settings

        def sound(d=0):
            st["sound"] = not st["sound"]
            app.apply_settings()

        def bright(d=1):
            st["brightness"] = min(max(st["brightness"] + d, 1), 5)
            app.apply_settings()

        def dim(d=1):
            st["dim_s"] = _step(DIM_STEPS, st["dim_s"], d)
            if st["sleep_s"] <= st["dim_s"]:
                st["sleep_s"] = _above(SLEEP_STEPS, st["dim_s"])

        def sleep(d=1):
            st["sleep_s"] = _step(SLEEP_STEPS, st["sleep_s"], d)
            if st["dim_s"] >= st["sleep_s"]:
                st["dim_s"] = _below(DIM_STEPS, st["sleep_s"])

        def i2c(d=0):
            st["i2c_khz"] = 400 if st["i2c_khz"] == 1000 else 1000
            app.message("Display bus", "%s from the next power-on. 400 kHz is slower but "
                        "suits long wires." % ("1 MHz" if st["i2c_khz"] == 1000 else "400 kHz"))

        def sens(d=1):
            st["shake_sens"] = min(max(st["shake_sens"] + d, 1), 5)
            app.apply_settings()

        items = [
            (lambda: "Sound    %s" % ("on" if st["sound"] else "off"), sound, sound),
            (lambda: "Bright   %d/5" % st["brightness"], bright, bright),
            (lambda: "Dim      %s" % _secs(st["dim_s"]), dim, dim),
            (lambda: "Sleep    %s" % _secs(st["sleep_s"]), sleep, sleep),
            (lambda: "I2C      %s" % ("1M" if st["i2c_khz"] == 1000 else "400k"), i2c, i2c),
            (lambda: "Shake    %d/5" % st["shake_sens"], sens, sens),
            ("Done", self.leave),
        ]
        ui.Menu.__init__(self, app, "Settings", items, on_back=self.leave)

    def leave(self):
        self.app.save_settings()
        self.app.pop()


def start(app):
    app.push(Settings(app))

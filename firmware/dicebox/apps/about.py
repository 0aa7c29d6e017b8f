"""About: firmware and MicroPython versions, free heap, battery, sensors."""
import gc
import sys
from dicebox import VERSION
from dicebox.core import ui


def text(app):
    hw = app.hw
    v = sys.implementation.version
    gc.collect()
    try:
        bat = "%d%% %.2fV" % (hw.battery.percent(), hw.battery.volts())
    except Exception:
        bat = "unknown"
    return "\n".join((
        "Dicebox %s" % VERSION,
        "MicroPython %d.%d.%d" % (v[0], v[1], v[2]),
        "Free heap %dK" % (gc.mem_free() // 1024),
        "Battery %s" % bat,
        "Shake: %s" % hw.shake.kind,
        "Dice: %s" % ("fair source" if getattr(hw, "entropy_ok", True) else "REFUSED"),
    ))


def start(app):
    app.push(ui.TextPage(app, "About", text(app)))

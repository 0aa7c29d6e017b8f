"""About: firmware and MicroPython versions, free heap, battery, sensors."""
import sys
from dicebox import VERSION
from dicebox.core import ui


def text(app):
    hw = app.hw
    v = sys.implementation.version
    try:
        bat = "%d%% %d.%02dV" % (hw.battery.percent(), int(hw.battery.volts()),
                                 int(hw.battery.volts() * 100) % 100)
    except Exception:
        bat = "unknown"
    return "\n".join((
        "Firmware %s" % VERSION,
        "MicroPython",
        "  %d.%d.%d" % (v[0], v[1], v[2]),
        "Heap free %dK" % (hw.free_heap() // 1024),
        "Bat %s" % bat,
        "Shake: %s" % hw.shake.kind,
        "Dice: %s" % ("fair" if getattr(hw, "entropy_ok", True) else "REFUSED"),
        "",
        "Dicebox: shake to roll. Dice, timer and three games in your pocket.",
    ))


def start(app):
    app.push(ui.TextPage(app, "About", text(app)))

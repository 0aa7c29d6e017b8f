"""About: firmware and MicroPython versions, free heap, battery, sensors, storage."""
import sys
from dicebox import VERSION
from dicebox.core import ui


def _battery(app):
    pct = app.battery_pct
    if pct is None:
        return "unknown"
    try:
        mv = int(app.hw.battery.volts() * 1000)
    except Exception:
        return "%d%%" % pct
    if mv < 2000 or mv > 5500:
        return "%d%%" % pct
    return "%d%% %d.%02dV" % (pct, mv // 1000, mv % 1000 // 10)


def _storage(app):
    st = app.store
    if getattr(st, "full", False):
        return "FULL: not saving"
    if getattr(st, "write_error", None):    # a failed write that is not a full store
        return "%s: not saving" % st.write_error
    if getattr(st, "failed_writes", 0):
        return "ok (%d failed)" % st.failed_writes
    return "ok"


def text(app):
    hw = app.hw
    v = sys.implementation.version
    try:
        heap = "%dK" % (hw.free_heap() // 1024)
    except Exception:
        heap = "?"
    return "\n".join((
        "Firmware %s" % VERSION,
        "MicroPython",
        "  %d.%d.%d" % (v[0], v[1], v[2]),
        "Heap free %s" % heap,
        "Bat %s" % _battery(app),
        "Shake: %s" % hw.shake.kind,
        "Dice: %s" % ("fair" if _dice_ok(hw) else "REFUSED"),
        "Dice source: %s" % getattr(hw, "entropy_source", "ring oscillator"),
        "Storage: %s" % _storage(app),
        "",
        "Dicebox: shake to roll. Dice, timer and three games in your pocket.",
    ))


def _dice_ok(hw):
    """The dice source's health now: the continuous tests can fail long after boot."""
    src = getattr(hw, "entropy", None)
    live = getattr(src, "entropy_ok", None)
    if live is not None:
        return bool(live)
    return bool(getattr(hw, "entropy_ok", True))


def start(app):
    app.push(ui.TextPage(app, "About", text(app)))

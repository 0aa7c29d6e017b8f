"""What the console does when something goes wrong, imported only then
(``core/app.py`` forgets it again once it is done, so it is not live in play):
the error screen after a bug in a screen, a part given up, a button reported
stuck, the storage's problems and notices, and the stand-in for an entropy
source whose start-up test failed.

Each function takes the ``App`` (they were its methods); the bookkeeping they
read and write (``fail_count``, ``stuck_seen``, the ``Part`` scores) stays on
the App, so nothing here holds state between two calls.
"""
import sys
from micropython import const
from dicebox.core import events as E
from dicebox.core import ticks as T
from dicebox.core import ui
from dicebox.core.rng import RollRefused

_RETRY_MS = const(5000)    # a given-up display is tried again this often
_FAIL_LOG_MS = const(10000)  # the error screen logs at most one trace this often


class NoEntropy:
    """Stands in for the entropy source when its health test failed: no rolls."""

    def __init__(self, msg):
        self.msg = msg

    def bytes(self, k):
        raise RollRefused(self.msg)


class ErrorScreen(ui.Message):
    def __init__(self, app, text):
        ui.Message.__init__(self, app, "Error", text)

    def event(self, ev):
        if ui.is_press(ev, E.A) or ui.is_press(ev, E.B):
            self.app.home()


def fail(app, e, now):
    """Log the bug ``e`` (at most one trace every few seconds, the number of
    errors in between noted) and show the error screen (the stack is empty)."""
    try:
        if app.fail_logged == 0 or T.diff(now, app.fail_log_at) >= _FAIL_LOG_MS:
            import io
            buf = io.StringIO()
            skipped = app.fail_count - app.fail_logged - 1
            if app.fail_logged and skipped:
                buf.write("(%d more errors not logged)\n" % skipped)
            if hasattr(sys, "print_exception"):
                sys.print_exception(e, buf)
            else:  # CPython (tests)
                import traceback
                traceback.print_exception(type(e), e, e.__traceback__, file=buf)
            app.log(buf.getvalue())
            app.fail_logged = app.fail_count
            app.fail_log_at = now
    except Exception:
        pass
    app.home_at = None      # the home menu after an error starts at its top
    app.push(ErrorScreen(app, "%s: %s\nLogged to error.log. A: menu" % (type(e).__name__, e)))


def degrade(app, part):
    """Give ``part`` up: what the console does without it, in words for the log."""
    if part is app.display:
        app.blind_retry = T.add(app.hw.ticks_ms(), _RETRY_MS)
        return "running blind, retried every %d s" % (_RETRY_MS // 1000)
    if part is app.shake_part:       # (App.degrade has put a NoShake in its place)
        app.told_no_shake = True
        app.message("Shake sensor", "Shake sensor failed: press A to roll.")
        return "rolls on the A button now"
    if part is app.battery_part:
        return "charge shown as unknown"
    return "ignored"


def report_stuck(app):
    """Say which buttons are newly stuck (``app.buttons.stuck`` changed)."""
    st = app.buttons.stuck
    new = st & ~app.stuck_seen
    app.stuck_seen = st
    if new:
        names = [E.NAMES[b] for b in range(E.NBUTTONS) if new & (1 << b)]
        app.message("Button stuck?", "%s has been down for 10 s. It is ignored until it "
                    "comes up; everything else works." % " and ".join(names))


def show_problems(app):
    """The problems no screen took for its own record (the home menu shows them)."""
    for p in app.store.take_problems():
        if p.startswith("settings:"):
            app.message("Settings reset", "%s. The defaults are in use." % p[9:].strip())
        else:
            app.message("Save problem", p)


def show_notice(app):
    """A failed save (full filesystem): said once, over whatever is up."""
    n = app.store.take_notice()
    if n:
        app.message("Not saved", n)

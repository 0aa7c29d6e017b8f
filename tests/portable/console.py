"""A stand-in console for driving screens in tests, under CPython and MicroPython.

``FakeApp`` has the screen-stack and services API of ``core.app.App`` (push,
pop, replace, home, message, beep, now, rng, store, settings, keep_awake) plus
test drivers: ``press``, ``tap`` (press and release), ``hold_b`` (a long
press of B: a table's game menu), ``shake``, ``frame``, ``run`` and ``screen``; ``labels``
and ``pick`` read and choose the entries of the menu on top. Its frame
buffer is MicroPython's ``framebuf`` when there is one (``REAL_FB``), else
``TextFB``; pass ``fb=TextFB()`` to read back the text drawn (``screen()``).

Its clock counts like the chip's: ``now()`` is ``t`` modulo 2**30, so a test
can run a screen across the wrap with ``FakeApp(t0=ticks.PERIOD - 2000)``
(``t`` itself just grows; ``run`` steps it).
"""
import gc
from dicebox.core import events as E
from dicebox.core import rng, ticks, ui
from dicebox.core.memstore import MemoryStore

try:
    import framebuf

    REAL_FB = True
except ImportError:
    framebuf = None
    REAL_FB = False


_LAST = [None]     # the pixels of the last TextFB made


class TextFB:
    """Enough of framebuf for drawing code to run anywhere; records the text
    drawn since the last ``fill`` and checks it fits the 16-column panel."""

    def __init__(self, strict=True):
        try:
            self.px = bytearray(128 * 64)
        except MemoryError:
            # the device-capped test heap, fragmented by a whole module of tests
            # run from the sources, may hold no 8 KB block: the last panel's
            # pixels, cleared, serve (that earlier test's console is done with)
            self.px = _LAST[0]
            for i in range(len(self.px)):
                self.px[i] = 0
        _LAST[0] = self.px
        self.texts = []
        self.strict = strict

    def fill(self, c):
        for i in range(len(self.px)):
            self.px[i] = c
        self.texts = []

    def pixel(self, x, y, c=None):
        if 0 <= x < 128 and 0 <= y < 64:
            if c is None:
                return self.px[y * 128 + x]
            self.px[y * 128 + x] = c
        return 0

    def fill_rect(self, x, y, w, h, c):
        for yy in range(max(y, 0), min(y + h, 64)):
            for xx in range(max(x, 0), min(x + w, 128)):
                self.px[yy * 128 + xx] = c

    def rect(self, x, y, w, h, c, f=False):
        if f:
            return self.fill_rect(x, y, w, h, c)
        self.hline(x, y, w, c)
        self.hline(x, y + h - 1, w, c)
        self.vline(x, y, h, c)
        self.vline(x + w - 1, y, h, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def line(self, x0, y0, x1, y1, c):
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(n + 1):
            self.pixel(x0 + (x1 - x0) * i // n, y0 + (y1 - y0) * i // n, c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=15):
        self.rect(x - xr, y - yr, 2 * xr + 1, 2 * yr + 1, c, f)

    def text(self, s, x, y, c=1):
        if self.strict:
            assert len(s) <= 16, s
        self.texts.append(s)
        for i in range(len(s)):
            if s[i] != " ":
                self.fill_rect(x + 8 * i + 1, y + 1, 5, 6, c)

    def shown(self):
        return " | ".join(self.texts)


def new_fb():
    if REAL_FB:
        return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    return TextFB()


def lit(fb):
    n = 0
    for y in range(64):
        for x in range(128):
            if fb.pixel(x, y):
                n += 1
    return n


class FakeApp(ui.Stack):
    """The console's stand-in for tests: the real screen stack (ui.Stack),
    a virtual clock stepped by ``run``, seeded dice, a store in RAM, and a
    frame that ticks and draws the top screen as the console's loop does."""

    def __init__(self, seed=1, fb=None, t0=1000):
        self.stack = []
        self.rng = rng.seeded(seed)
        self.store = MemoryStore()
        self.beeps = []
        self.t = t0
        self.settings = {"sound": True}
        self.keep_awake = False
        self.homed = 0
        self.messages = []
        self.collects = 0
        self.fb = fb if fb is not None else new_fb()

    def now(self):
        return self.t % ticks.PERIOD

    def home(self):
        self.stack = []
        self.homed += 1

    def collect(self):
        self.collects += 1
        gc.collect()

    def collect_if_low(self):
        self.collects += 1      # the real App collects here when the heap is half used
        return False

    def message(self, title, text):
        self.messages.append((title, text))
        ui.Stack.message(self, title, text)

    def beep(self, f, ms):
        if self.settings["sound"]:
            self.beeps.append((f, ms))

    # drive it like the frame loop does
    def press(self, b, kind=E.PRESS):
        top = self.top()
        if top is None and kind == E.RELEASE:
            return               # the press closed the last screen
        top.event(E.make(kind, b))
        self.frame()

    def tap(self, b):
        """A short press: PRESS then RELEASE (each to the screen on top then)."""
        self.press(b)
        self.press(b, E.RELEASE)

    def hold_b(self):
        """Hold B (a long press: PRESS, LONG, RELEASE): a table's game menu."""
        self.press(E.B)
        self.press(E.B, E.LONG)
        self.press(E.B, E.RELEASE)

    def shake(self):
        self.top().event(E.make(E.SHAKE))
        self.frame()

    def frame(self):
        top = self.top()
        if top is None:
            return
        top.tick(self.now())
        for _ in range(10000):
            # a game's end keeps its log a slice a tick (core/gamelogs.Keeping): the
            # stand-in gives it its ticks at once, so tests of the end see it done
            # (each tick is still one slice: test_gamelogs_table_dairyman counts them)
            top = self.top()
            if type(top).__name__ != "Keeping":
                break
            top.tick(self.now())
        top = self.top()
        if top and top.dirty:
            top.dirty = False
            top.draw(self.fb)

    def run(self, ms, step=33):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.frame()

    def screen(self):
        """Redraw the top screen and return the text on it (needs a TextFB);
        big digits are recorded as text too, so numbers can be read back."""
        keep = ui.big_text
        ui.big_text = _big_as_text
        try:
            self.top().draw(self.fb)
        finally:
            ui.big_text = keep
        return self.fb.shown()


def _big_as_text(fb, s, x, y, c=1):
    fb.text(s, x, y, c)


def left_table(app, most=10):
    """Frames until the way back from a table (core/leaving.Leaving: a
    module a frame) is over and the screen under it is on top."""
    for _ in range(most):
        if type(app.top()).__name__ != "Leaving":
            return
        app.t += 33
        app.frame()


def kept(app, most=3000):
    """Frames until a game's end has kept its log (core/gamelogs.Keeping over
    the table, a slice a frame) and gone on to its records and end page."""
    for _ in range(most):
        if type(app.top()).__name__ != "Keeping":
            return
        app.t += 33
        app.frame()


def labels(app):
    """The entries of the menu on top, as shown."""
    m = app.top()
    return [m.label(i) for i in range(len(m.items))]


def pick(app, text):
    """Choose the entry ``text`` of the menu on top (select it, press A)."""
    app.top().sel = labels(app).index(text)
    app.press(E.A)


def new_game_page(app, start):
    """A game's start menu opened (``start(app)``) and New game chosen: the
    new-game page on top, returned."""
    start(app)
    pick(app, "New game")
    return app.top()


def each_entry(app, t, scr, before=None):
    """Choose every entry of menu ``scr`` in turn, over table ``t``: before
    each, the pages above ``t`` closed (then ``before()``) and ``scr`` put
    back on top. Yields the page on top after each choice."""
    base = app.stack.index(t) + 1
    for j in range(len(scr.items)):
        del app.stack[base:]
        if before is not None:
            before()
        app.push(scr)
        fn = scr.items[j][1]
        if fn is None:
            continue
        fn()
        yield app.top()


class Fresh:
    """A module the console opens now and then, looked up at each use. Under
    MicroPython a table drops such modules when it comes back on top
    (``core.modules.drop``) and the next use imports them again, so a module
    object a test kept from an earlier import would hold the classes of an
    old copy: ``Fresh("dicebox.core.tablepages").HintPage`` is always the
    class the console uses now."""

    def __init__(self, path):
        self.path = path

    def __getattr__(self, name):
        from dicebox.core.modules import load
        return getattr(load(self.path), name)


def until_saved(app, table, most=12):
    """Frames (33 ms each) until ``table``'s due save is written: a table
    spreads a save over three still frames (its record, its text, the write),
    and a new game's first comes after the frame that built and drew it."""
    for _ in range(most):
        if not getattr(table, "pending_save", False):   # (not a table: nothing to save)
            return
        app.t += 33
        app.frame()

"""Screens and widgets for the 128x64 panel (8x8 font: 16 columns x 8 rows).

A screen renders state into the framebuffer and turns button events into
actions. The app keeps a stack of screens; only the top one gets events,
ticks and draws. ``dirty`` asks for a redraw on the next frame.
"""
from micropython import const
from dicebox.core import events as E

W = const(128)
H = const(64)
COLS = const(16)
ROWS = const(8)


class Screen:
    def __init__(self, app):
        self.app = app
        self.dirty = True

    def enter(self):
        self.dirty = True

    def event(self, ev):
        if E.kind(ev) == E.PRESS and E.button(ev) == E.B:
            self.app.pop()

    def tick(self, now):
        pass

    def draw(self, fb):
        fb.fill(0)


def is_press(ev, btn):
    return E.button(ev) == btn and E.kind(ev) == E.PRESS


def is_step(ev, btn):
    """Press or auto-repeat of ``btn`` (for moving through lists)."""
    k = E.kind(ev)
    return E.button(ev) == btn and (k == E.PRESS or k == E.REPEAT)


def title_bar(fb, text, right=None):
    fb.fill_rect(0, 0, W, 9, 1)
    fb.text(text[:COLS], 1, 1, 0)
    if right:
        fb.text(right, W - 8 * len(right) - 1, 1, 0)


def text_center(fb, text, y, c=1):
    fb.text(text, (W - 8 * len(text)) // 2, y, c)


def wrap(text, width=COLS):
    """Word-wrap to lines of at most ``width`` chars; blank lines kept."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:  # a word longer than a line is cut
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def scrollbar(fb, first, visible, total, y0=9, h=H - 9):
    if total <= visible:
        return
    fb.vline(W - 1, y0, h, 1)
    bh = max(3, h * visible // total)
    by = y0 + (h - bh) * first // max(1, total - visible)
    fb.fill_rect(W - 3, by, 3, bh, 1)


class Menu(Screen):
    """A scrolling list. Items: (label, on_select) or (label, on_select, on_adjust).

    ``label`` may be a function returning the text (for values that change).
    on_adjust(delta) gets -1/+1 from Left/Right (settings).

    A setup page (``SETUP`` True: new-game pages, settings) never changes a
    value on A: on a line with on_adjust, A goes on to the next line
    (``next_line``); Left/Right change the value. A runs on_select only on the
    lines without on_adjust (Start, Done).
    """

    VISIBLE = const(6)
    SETUP = False

    def __init__(self, app, title, items, on_back=None):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.sel = 0
        self.top = 0
        self.on_back = on_back

    def label(self, i):
        lab = self.items[i][0]
        return lab() if callable(lab) else lab

    def event(self, ev):
        n = len(self.items)
        if not n:
            Screen.event(self, ev)
            return
        if is_step(ev, E.UP):
            self.sel = (self.sel - 1) % n
        elif is_step(ev, E.DOWN):
            self.sel = (self.sel + 1) % n
        elif is_step(ev, E.LEFT) or is_step(ev, E.RIGHT):
            it = self.items[self.sel]
            if len(it) > 2 and it[2]:
                it[2](-1 if E.button(ev) == E.LEFT else 1)
        elif is_press(ev, E.A):
            it = self.items[self.sel]
            if self.SETUP and len(it) > 2 and it[2]:
                self.sel = self.next_line()
            elif it[1]:
                it[1]()
        elif is_press(ev, E.B):
            if self.on_back:
                self.on_back()
            else:
                self.app.pop()
            return
        else:
            return
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.VISIBLE:
            self.top = self.sel - self.VISIBLE + 1
        self.dirty = True

    def next_line(self):
        """Where A goes from an adjustable line of a setup page."""
        return (self.sel + 1) % len(self.items)

    def draw(self, fb):
        fb.fill(0)
        title_bar(fb, self.title)
        n = len(self.items)
        for row in range(self.VISIBLE):
            i = self.top + row
            if i >= n:
                break
            y = 11 + row * 9
            text = self.label(i)[:15]
            if i == self.sel:
                fb.fill_rect(0, y - 1, W - 4, 9, 1)
                fb.text(text, 2, y, 0)
            else:
                fb.text(text, 2, y, 1)
            if self.unavailable(i):
                dim_row(fb, y - 1, i == self.sel)
        scrollbar(fb, self.top, self.VISIBLE, n, 10, H - 10)

    def unavailable(self, i):
        """True for an entry that cannot be used now (drawn dimmed): no
        action and nothing to adjust, like "Reroll: no dice"."""
        it = self.items[i]
        return it[1] is None and not (len(it) > 2 and it[2])


def dim_row(fb, y, selected):
    """Greys out a menu row (9 pixels from ``y``): every other pixel column
    cleared (or, on the selected row's bar, set), the 1-bit panel's dimmed."""
    c = 1 if selected else 0
    for x in range(1, 122, 2):
        fb.vline(x, y, 9, c)


class TextPage(Screen):
    """Word-wrapped text with a title; Up/Down scroll a line, Left/Right a page."""

    def __init__(self, app, title, text, on_close=None):
        Screen.__init__(self, app)
        self.title = title
        self.lines = wrap(text, COLS - 1)
        self.first = 0
        self.on_close = on_close

    def event(self, ev):
        last = max(0, len(self.lines) - (ROWS - 1))
        f = self.first
        if is_step(ev, E.UP):
            f -= 1
        elif is_step(ev, E.DOWN):
            f += 1
        elif is_step(ev, E.LEFT):
            f -= ROWS - 2
        elif is_step(ev, E.RIGHT):
            f += ROWS - 2
        elif is_press(ev, E.A) or is_press(ev, E.B):
            self.app.pop()
            if self.on_close:
                self.on_close()
            return
        f = min(max(f, 0), last)
        if f != self.first:
            self.first = f
            self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        title_bar(fb, self.title)
        for row in range(ROWS - 1):
            i = self.first + row
            if i >= len(self.lines):
                break
            fb.text(self.lines[i], 0, 10 + row * 8 - (1 if row else 0), 1)
        scrollbar(fb, self.first, ROWS - 1, len(self.lines))


class Message(TextPage):
    """A short notice: title, wrapped text, A or B closes."""

    def draw(self, fb):
        TextPage.draw(self, fb)
        if len(self.lines) <= ROWS - 2:
            fb.text("A:ok", W - 33, H - 8, 1)


class Stack:
    """The screen stack: the top screen gets the keys, the ticks and the
    drawing. The console (core/app.App) keeps one, and so does the tests'
    stand-in console; each says what ``home()`` is (the console's home menu).
    ``stack`` is made by the owner."""

    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        self.stack.append(screen)
        screen.enter()

    def pop(self):
        """Close the top screen; the one under it comes back (``enter``), or
        home when none is left."""
        if self.stack:
            self.stack.pop()
        if not self.stack:
            self.home()
        else:
            self.stack[-1].enter()

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def message(self, title, text):
        self.push(Message(self, title, text))


class Confirm(Screen):
    """A question: A answers yes (``yes`` names it), B no (``no``)."""

    def __init__(self, app, question, on_yes, on_no=None, yes="A:yes", no="B:no"):
        Screen.__init__(self, app)
        self.lines = wrap(question, COLS - 1)[:5]   # 15 columns: clear of the frame
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = yes
        self.no = no

    def event(self, ev):
        if is_press(ev, E.A):
            self.app.pop()
            self.on_yes()
        elif is_press(ev, E.B):
            self.app.pop()
            if self.on_no:
                self.on_no()

    def draw(self, fb):
        fb.fill(0)
        fb.rect(0, 0, W, H, 1)
        for i, line in enumerate(self.lines):
            text_center(fb, line, 4 + i * 9)
        yes = self.yes
        no = self.no
        if len(yes) + len(no) > 14:      # no gap left between them: "A:leave" not "A: leave"
            yes = yes.replace(": ", ":")
            no = no.replace(": ", ":")
        fb.text(yes, 4, H - 11, 1)
        fb.text(no, W - 4 - 8 * len(no), H - 11, 1)


class NumberPicker(Screen):
    """Up/Down +-step, Right/Left +-10 steps, A accepts, B cancels.

    ``fmt(value)`` turns the value into text (default: the number).
    """

    def __init__(self, app, title, value, lo, hi, step, on_done, fmt=None):
        Screen.__init__(self, app)
        self.title = title
        self.value = value
        self.lo = lo
        self.hi = hi
        self.step = step
        self.on_done = on_done
        self.fmt = fmt

    def event(self, ev):
        v = self.value
        if is_step(ev, E.UP):
            v += self.step
        elif is_step(ev, E.DOWN):
            v -= self.step
        elif is_step(ev, E.RIGHT):
            v += self.step * 10
        elif is_step(ev, E.LEFT):
            v -= self.step * 10
        elif is_press(ev, E.A):
            self.app.pop()
            self.on_done(self.value)
            return
        elif is_press(ev, E.B):
            self.app.pop()
            return
        v = min(max(v, self.lo), self.hi)
        if v != self.value:
            self.value = v
            self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        title_bar(fb, self.title)
        s = self.fmt(self.value) if self.fmt else str(self.value)
        big_text(fb, s, (W - 16 * len(s)) // 2, 24)
        fb.text("^", 60, 14, 1)
        fb.text("v", 60, 44, 1)
        fb.text("A:ok", 0, 56, 1)
        fb.text("B:back", W - 48, 56, 1)


_glyph = bytearray(8)
_gfb = None


def big_text(fb, s, x, y, c=1):
    """Text at twice the size (16x16 a character), drawn from the 8x8 font."""
    global _gfb
    if _gfb is None:
        try:
            import framebuf
        except ImportError:  # CPython tests: a block per character stands in
            for i in range(len(s)):
                fb.fill_rect(x + 16 * i + 2, y + 2, 12, 12, c)
            return
        _gfb = framebuf.FrameBuffer(_glyph, 8, 8, framebuf.MONO_HLSB)
    g = _gfb
    for ch in s:
        g.fill(0)
        g.text(ch, 0, 0, 1)
        for row in range(8):
            bits = _glyph[row]
            if not bits:
                continue
            for col in range(8):
                if bits & (0x80 >> col):
                    fb.fill_rect(x + col * 2, y + row * 2, 2, 2, c)
        x += 16


def battery_icon(fb, x, y, pct, charging=False, c=1):
    """A 14x7 battery at (x, y) in colour ``c`` (0 on a title bar): the body
    filled in proportion to ``pct``, a line through it while charging.
    ``pct`` None (a reading that cannot be trusted) draws a question mark."""
    fb.fill_rect(x, y, 14, 7, 1 - c)
    fb.rect(x, y, 12, 7, c)
    fb.fill_rect(x + 12, y + 2, 2, 3, c)
    if pct is None:
        # a 3x5 "?" inside the body
        fb.hline(x + 4, y + 1, 3, c)
        fb.pixel(x + 7, y + 2, c)
        fb.pixel(x + 6, y + 3, c)
        fb.pixel(x + 5, y + 3, c)
        fb.pixel(x + 5, y + 5, c)
        return
    w = (pct * 8 + 50) // 100
    if w > 8:
        w = 8
    if w > 0:
        fb.fill_rect(x + 2, y + 2, w, 3, c)
    if charging:
        fb.hline(x + 2, y + 3, 8, 1 - c if w >= 8 else c)

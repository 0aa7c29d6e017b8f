"""Dice roller, its entry point and the roll screen (what the player sees first).

Why a module of its own: the roll screen is the one part of the roller that is
always loaded; the menus, the set editor, presets, fairness test and coin/first
player are separate modules imported when first opened (one idea each).

Roll screen keys: A or a shake rolls (a 0.6 s tumble, slowing, then the faces
settle with a click). The frame of the roll draws the dice as they were, less
the total and the labels; the faces first change in the next frame, so the
roll's work (the dice drawn from the entropy source, its health test) and the
first tumble picture (every die redrawn: at 12 dice about 700 bytes, 16 ms of
a 400 kHz bus) are never one frame. Left/Right move the cursor over the dice, Up holds or
releases the die under it, Down releases every hold, B opens the roller menu.
The roller (set, holds, history) is saved with ``app.store`` after each change
and after each roll once its dice have landed (never during the tumble: a
save can stall the chip for 160 ms); it is checked on load (``Roller.from_dict``), and a damaged
record is set aside and the player told here, on the roller's own screen. A
failed save (full storage) keeps playing from the roller in memory.
Everything with rules lives in roller_model; this is presentation.
"""
from micropython import const

from dicebox.apps import roller_model as rm
from dicebox.apps.roller_model import problems_text
from dicebox.core import dice, ticks, ui
from dicebox.core import events as E

STORE = "roller"
MAX_PRESETS = rm.MAX_PRESETS

# Tumble: the faces change at these ms after the roll (gaps grow: it slows), then settle.
_CHANGES = (0, 40, 85, 135, 195, 265, 345, 440)
_SETTLE = const(600)
_NOTE_MS = const(1500)

# Monochrome "colours" for tagged dice (Dairyman).
_STYLE = {"W": dice.OUTLINE, "Y": dice.DOUBLE, "R": dice.HATCH}


def load_roller(app):
    """The saved roller, checked; a new 2d6 roller when none or a damaged one."""
    r = app.store.load(STORE, None, check=rm.Roller.from_dict)
    return r if r is not None else rm.Roller()


def layout(n):
    """(size, per_row, rows, y0, row_gap) for n dice."""
    if n <= 3:
        return 28, n, 1, 11, 0
    if n <= 6:
        return 18, n, 1, 12, 0
    per = (n + 1) // 2
    return 18, per, 2, 10, 22


class RollScreen(ui.Screen):
    def __init__(self, app, roller=None):
        ui.Screen.__init__(self, app)
        self.r = roller or load_roller(app)
        self.cursor = 0
        self.t0 = 0           # tumble start (ms)
        self.tumbling = False
        self.step = 0         # next index into _CHANGES
        self.seed = 12345     # tumble faces only: a cheap LCG, not the dice RNG
        self.show = []        # faces on screen (differs from values while tumbling)
        self.note = ""        # one-line notice ("all held")
        self.note_t0 = 0
        self.unsaved = False  # a roll whose save waits for the dice to land
        self.relayout()

    def relayout(self):
        r = self.r
        n = r.count()
        self.show = list(r.values)
        self.tumbling = False
        if self.cursor >= n:
            self.cursor = n - 1
        size, per, rows, y0, gap = layout(n)
        span = per * size + (per - 1) * 3
        x0 = (ui.W - span) // 2
        pos = []
        for i in range(n):
            row = i // per
            col = i % per
            pos.append((x0 + col * (size + 3), y0 + row * gap))
        self.pos = pos
        self.size = size
        self.dirty = True

    def enter(self):
        # back from a menu: a tumble cut short by it ends at once (the values are set)
        self.relayout()
        if self.unsaved:
            self.unsaved = False
            self.save()
        self.app.keep_awake = False

    def save(self):
        """Save the roller; False when storage is full (play goes on from memory)."""
        return self.app.store.save(STORE, self.r.to_dict(), trim="history")

    def back_here(self):
        """Close every screen above this one (after a choice made in a sub-menu)."""
        app = self.app
        while app.top() is not None and app.top() is not self:
            app.pop()

    # ---- input ------------------------------------------------------
    def roll(self):
        if self.tumbling:
            return
        r = self.r
        if not r.roll(self.app.rng):
            self.notify("all dice held")
            return
        self.unsaved = True   # saved when the dice land
        self.tumbling = True
        self.t0 = self.app.now()
        self.step = -1        # this frame: the total goes; the faces change from the next
        self.seed = (self.seed + self.t0) & 0xFFFF
        self.dirty = True

    def notify(self, text):
        self.note = text
        self.note_t0 = self.app.now()
        self.dirty = True

    def event(self, ev):
        k = E.kind(ev)
        if k == E.SHAKE:
            self.roll()
            return
        if k != E.PRESS and k != E.REPEAT:
            return
        b = E.button(ev)
        r = self.r
        n = r.count()
        if b == E.A and k == E.PRESS:
            self.roll()
        elif b == E.B and k == E.PRESS:
            from dicebox.apps.roller_menu import RollerMenu
            self.app.push(RollerMenu(self.app, self))
        elif self.tumbling:
            return
        elif b == E.LEFT:
            self.cursor = (self.cursor - 1) % n
        elif b == E.RIGHT:
            self.cursor = (self.cursor + 1) % n
        elif b == E.UP and k == E.PRESS:
            try:
                r.toggle_hold(self.cursor)
            except rm.RollerError as e:
                self.notify(str(e))
            self.save()
        elif b == E.DOWN and k == E.PRESS:
            r.release_all()
            self.save()
        self.dirty = True

    def tick(self, now):
        if self.note and ticks.since(now, self.note_t0) >= _NOTE_MS:
            self.note = ""
            self.dirty = True
        if not self.tumbling:
            if self.unsaved and not self.dirty:   # the landed dice are on the panel
                self.unsaved = False
                self.save()
                self.app.collect_if_low()   # nothing moves now: the time for a collection
            return
        t = ticks.since(now, self.t0)
        r = self.r
        if t >= _SETTLE:
            self.tumbling = False
            show = self.show
            for i in range(len(show)):
                show[i] = r.values[i]
            self.app.beep(1800, 12)
            self.dirty = True
            return
        if self.step < 0:     # the frame of the roll: no face changes in it
            self.step = 0
            return
        if self.step < len(_CHANGES) and t >= _CHANGES[self.step]:
            self.step += 1
            show = self.show
            s = self.seed
            for i in range(len(show)):
                if not r.held[i]:
                    s = (s * 75 + 74) % 65537
                    show[i] = s % r.sides[i] + 1
            self.seed = s
            self.app.beep(900 + 150 * self.step, 3)
            self.dirty = True

    # ---- drawing ----------------------------------------------------
    def draw(self, fb):
        fb.fill(0)
        r = self.r
        fb.text(r.short_title(), 0, 0, 1)
        size = self.size
        kept = r.kept() if (r.rolled() and not self.tumbling) else None
        for i in range(r.count()):
            x, y = self.pos[i]
            v = self.show[i]
            if v == 0:
                fb.rect(x, y, size, size, 1)
                fb.text("?", x + (size - 8) // 2, y + (size - 8) // 2, 1)
            else:
                dice.draw_die(fb, x, y, size, v, r.sides[i], r.held[i],
                              _STYLE.get(r.tags[i], dice.OUTLINE))
                if kept is not None and not kept[i]:
                    fb.line(x, y + size - 1, x + size - 1, y, 1 if not r.held[i] else 0)
            lab = r.label(i) if not self.tumbling else ""
            if lab and r.count() <= 6:
                fb.text(lab, x + (size - 8) // 2, y + size + 2, 1)
            if i == self.cursor and r.rolled():
                fb.fill_rect(x + 2, y + size + (11 if lab and r.count() <= 6 else 1), size - 4, 2, 1)
        self.draw_total(fb)

    def draw_total(self, fb):
        r = self.r
        if self.note:
            ui.text_center(fb, self.note, 56)
            return
        if self.tumbling:
            return
        t = r.total()
        if t is None:
            ui.text_center(fb, "A/shake: roll", 56)
            return
        if r.mod:
            # where the total comes from: the dice, then the modifier
            ui.text_center(fb, "%d%+d = %d" % (t - r.mod, r.mod, t), 56)
            return
        s = "%d" % t
        if r.count() <= 6 and not any(r.label(i) for i in range(r.count())):
            ui.big_text(fb, s, (ui.W - 16 * len(s)) // 2, 46)
        else:
            ui.text_center(fb, "total " + s, 56)


def start(app):
    app.push(RollScreen(app))
    text = problems_text(app, STORE, "roller")
    if text:
        app.message("Roller", text)

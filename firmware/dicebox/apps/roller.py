"""Dice roller screens: the roll screen, its menu, set editor, fairness, coin, first player.

Roll screen: A or a shake rolls (a 0.6 s tumble, slowing, then the faces settle
with a click). Left/Right move the cursor over the dice, Up holds/releases the
die under it, Down releases every hold, B opens the menu. The roller (set,
holds, history) is saved with ``app.store`` after each roll and each change.
Everything with rules lives in roller_model and fairness; this is presentation.
"""
from micropython import const

from dicebox.apps import fairness as fz
from dicebox.apps import roller_model as rm
from dicebox.core import dice, ui
from dicebox.core import events as E

STORE = "roller"
PRESETS = "roller_presets"
MAX_PRESETS = const(8)

# Tumble: the faces change at these ms after the roll (gaps grow: it slows), then settle.
_CHANGES = (0, 40, 85, 135, 195, 265, 345, 440)
_SETTLE = const(600)

# Monochrome "colours" for tagged dice (Dairyman).
_STYLE = {"W": dice.OUTLINE, "Y": dice.DOUBLE, "R": dice.HATCH}

FAIR_ROLLS = (600, 1200, 6000, 12000)
PER_FRAME = 100  # fairness rolls per frame (~10 ms on the RP2040)


def load_roller(app):
    d = app.store.load(STORE, None)
    if isinstance(d, dict):
        try:
            return rm.Roller.from_dict(d)
        except Exception:
            pass
    return rm.Roller()


def layout(n):
    """(size, per_row, rows, y0, row_gap) for n dice."""
    if n <= 3:
        return 28, n, 1, 11, 0
    if n <= 6:
        return 18, n, 1, 12, 0
    per = (n + 1) // 2
    return 18, per, 2, 10, 22


def total_text(e):
    return "%d" % e["t"] if e.get("t") is not None else "-"


def history_text(r):
    if not r.history:
        return "No rolls yet."
    lines = []
    for e in reversed(r.history):
        vals = " ".join("%d" % v for v in e["v"])
        lines.append("=%s %s\n %s" % (total_text(e), e["d"], vals))
    return "\n".join(lines)


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
        self.note_until = 0
        self.relayout()

    def relayout(self):
        r = self.r
        n = r.count()
        self.show = list(r.values)
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
        self.relayout()
        self.app.keep_awake = False

    def save(self):
        self.app.store.save(STORE, self.r.to_dict())

    # ---- input ------------------------------------------------------
    def roll(self):
        if self.tumbling:
            return
        r = self.r
        if not r.roll(self.app.rng):
            self.notify("all dice held")
            return
        self.save()
        self.tumbling = True
        self.t0 = self.app.now()
        self.step = 0
        self.seed = (self.seed + self.t0) & 0xFFFF

    def notify(self, text):
        self.note = text
        self.note_until = self.app.now() + 1500
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
        if self.note and now - self.note_until >= 0:
            self.note = ""
            self.dirty = True
        if not self.tumbling:
            return
        t = now - self.t0
        r = self.r
        if t >= _SETTLE:
            self.tumbling = False
            show = self.show
            for i in range(len(show)):
                show[i] = r.values[i]
            self.app.beep(1800, 12)
            self.dirty = True
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
        fb.text((r.name if r.name in rm.NAMED else r.notation())[:16], 0, 0, 1)
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
        s = "%d" % t
        if r.count() <= 6 and not any(r.label(i) for i in range(r.count())):
            ui.big_text(fb, s, (ui.W - 16 * len(s)) // 2, 46)
        else:
            ui.text_center(fb, "total " + s, 56)


def _sides_label(s):
    return "d%d" % s


def _cycle_sides(s, d):
    std = rm.STANDARD
    if s in std:
        i = std.index(s) + d
    else:
        i = 0 if d > 0 else len(std) - 1
        while i < len(std) and std[i] < s and d > 0:
            i += 1
    return std[i % len(std)]


class RollerMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        r = screen.r

        def mod_label():
            return "Modifier %+d" % r.mod

        def mod_adj(d):
            r.set_modifier(max(-rm.MAX_MOD, min(rm.MAX_MOD, r.mod + d)))
            self.changed()

        def mod_pick():
            app.push(ui.NumberPicker(app, "Modifier", r.mod, -rm.MAX_MOD, rm.MAX_MOD, 1,
                                     lambda v: (r.set_modifier(v), self.changed())))

        def keep_label():
            if not r.mode:
                return "Keep all"
            return "%s %d" % (rm.MODE_NAMES[rm.MODES.index(r.mode)], r.keep_n)

        items = [
            ("Dice set", lambda: app.push(SetEditor(app, screen))),
            (mod_label, mod_pick, mod_adj),
            (keep_label, lambda: app.push(KeepMenu(app, screen))),
            ("Named sets", lambda: app.push(NamedMenu(app, screen))),
            ("Presets", lambda: app.push(PresetMenu(app, screen))),
            ("History", lambda: app.push(ui.TextPage(app, "History", history_text(r)))),
            ("Release holds", self.release),
            ("Fairness test", lambda: app.push(FairnessSetup(app))),
            ("Coin flip", lambda: app.push(CoinScreen(app))),
            ("First player", self.first_player),
            ("Clear history", lambda: app.push(ui.Confirm(app, "Clear the roll history?",
                                                          self.clear))),
            ("Leave roller", app.home),
        ]
        ui.Menu.__init__(self, app, "Roller", items)

    def changed(self):
        self.screen.relayout()
        self.screen.save()
        self.dirty = True

    def release(self):
        self.screen.r.release_all()
        self.changed()
        self.app.pop()

    def clear(self):
        self.screen.r.clear_history()
        self.changed()

    def first_player(self):
        app = self.app
        app.push(ui.NumberPicker(app, "Players", 4, 2, 6, 1,
                                 lambda n: app.push(FirstScreen(app, n))))


class KeepMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        self.app = app
        items = []
        for i in range(len(rm.MODES)):
            items.append((rm.MODE_NAMES[i], self.chooser(rm.MODES[i])))
        items.append(("Advantage", lambda: self.preset(True)))
        items.append(("Disadvantage", lambda: self.preset(False)))
        ui.Menu.__init__(self, app, "Keep / drop", items)

    def chooser(self, mode):
        app = self.app

        def go():
            r = self.screen.r
            if not mode:
                r.set_keep("")
                self.done()
                return
            lo = 1 if mode in ("kh", "kl") else 0
            hi = r.count() if mode in ("kh", "kl") else r.count() - 1
            if hi < max(lo, 1):
                app.message("Keep / drop", "Needs more dice.")
                return
            start = min(max(1, lo), hi)

            def chosen(n):
                r.set_keep(mode, n)
                self.done()
            app.push(ui.NumberPicker(app, "How many", start, max(lo, 1), hi, 1, chosen))
        return go

    def preset(self, adv):
        r = self.screen.r
        if adv:
            r.advantage()
        else:
            r.disadvantage()
        self.done()

    def done(self):
        self.screen.relayout()
        self.screen.save()
        # back to the roll screen: this menu and the roller menu
        self.app.pop()
        top = self.app.top()
        if isinstance(top, RollerMenu):
            self.app.pop()


class NamedMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        self.red = 0

        def red_label():
            return "Dairyman +%d red" % self.red

        def red_adj(d):
            self.red = max(0, min(4, self.red + d))

        items = [
            ("Dairyman", lambda: self.use(rm.dairyman(0))),
            (red_label, lambda: self.use(rm.dairyman(self.red)), red_adj),
            ("Milestones", lambda: self.use(rm.named_set("Milestones"))),
            ("Auntie Mildred", lambda: self.use(rm.named_set("Auntie Mildred"))),
        ]
        ui.Menu.__init__(self, app, "Named sets", items)

    def use(self, preset):
        self.screen.r.load_preset(preset)
        self.screen.relayout()
        self.screen.save()
        self.app.pop()
        if isinstance(self.app.top(), RollerMenu):
            self.app.pop()


class SetEditor(ui.Menu):
    """One line per group (Left/Right: count), A edits the group; add/clear below."""

    def __init__(self, app, screen):
        self.screen = screen
        ui.Menu.__init__(self, app, "Dice set", [])
        self.build()

    def build(self):
        r = self.screen.r
        items = []
        for gi in range(len(r.groups)):
            items.append((self.group_label(gi), self.group_menu(gi), self.count_adj(gi)))
        items.append(("+ Add 1d6", self.add))
        items.append(("Done", self.app.pop))
        self.items = items
        if self.sel >= len(items):
            self.sel = len(items) - 1
        self.dirty = True

    def enter(self):
        self.build()
        ui.Menu.enter(self)

    def group_label(self, gi):
        r = self.screen.r

        def lab():
            if gi >= len(r.groups):
                return ""
            c, s, tag = r.groups[gi]
            return "%d x d%d%s" % (c, s, (" " + tag) if tag and tag != "ms" else "")
        return lab

    def apply(self, fn):
        try:
            fn()
        except rm.RollerError as e:
            self.app.message("Dice set", str(e))
            return
        self.screen.relayout()
        self.screen.save()
        self.build()

    def count_adj(self, gi):
        r = self.screen.r

        def adj(d):
            c, s, tag = r.groups[gi]
            if 1 <= c + d <= rm.MAX_GROUP:
                self.apply(lambda: r.change_group(gi, c + d, s))
        return adj

    def group_menu(self, gi):
        def go():
            self.app.push(GroupMenu(self.app, self, gi))
        return go

    def add(self):
        r = self.screen.r
        self.apply(lambda: r.add_group(1, 6))


class GroupMenu(ui.Menu):
    def __init__(self, app, editor, gi):
        self.editor = editor
        self.gi = gi
        r = editor.screen.r

        def sides_label():
            return "Sides d%d" % r.groups[gi][1]

        def sides_adj(d):
            c, s, tag = r.groups[gi]
            editor.apply(lambda: r.change_group(gi, c, _cycle_sides(s, d)))

        def count_pick():
            app.push(ui.NumberPicker(app, "Dice", r.groups[gi][0], 1, rm.MAX_GROUP, 1,
                                     lambda v: editor.apply(
                                         lambda: r.change_group(gi, v, r.groups[gi][1]))))

        def custom():
            app.push(ui.NumberPicker(app, "Sides", r.groups[gi][1], rm.MIN_SIDES, rm.MAX_SIDES, 1,
                                     lambda v: editor.apply(
                                         lambda: r.change_group(gi, r.groups[gi][0], v))))

        def remove():
            app.pop()
            editor.apply(lambda: r.remove_group(gi))

        items = [
            (lambda: "Dice %d" % r.groups[gi][0], count_pick, editor.count_adj(gi)),
            (sides_label, custom, sides_adj),
            ("Custom sides", custom),
            ("Remove group", remove),
        ]
        ui.Menu.__init__(self, app, "Group %d" % (gi + 1), items)


class PresetMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        ui.Menu.__init__(self, app, "Presets", [])
        self.build()

    def load_all(self):
        d = self.app.store.load(PRESETS, None)
        if isinstance(d, dict) and isinstance(d.get("list"), list):
            return d["list"]
        return []

    def build(self):
        self.presets = self.load_all()
        items = [("Save current", self.save_current)]
        for i in range(len(self.presets)):
            p = self.presets[i]
            items.append((str(p.get("name") or "?")[:15], self.opener(i)))
        self.items = items
        if self.sel >= len(items):
            self.sel = len(items) - 1
        self.dirty = True

    def store(self):
        self.app.store.save(PRESETS, {"list": self.presets})
        self.build()

    def save_current(self):
        r = self.screen.r
        if len(self.presets) >= MAX_PRESETS:
            self.app.message("Presets", "All %d slots are full: delete one first." % MAX_PRESETS)
            return
        self.presets.append(r.preset(r.name if r.name in rm.NAMED else r.notation()))
        self.store()

    def opener(self, i):
        app = self.app

        def load():
            try:
                self.screen.r.load_preset(self.presets[i])
            except Exception as e:
                app.message("Presets", "Cannot load: %s" % e)
                return
            self.screen.relayout()
            self.screen.save()
            app.pop()  # the choice
            app.pop()  # presets
            if isinstance(app.top(), RollerMenu):
                app.pop()

        def delete():
            del self.presets[i]
            self.store()
            app.pop()

        def go():
            app.push(ui.Menu(app, str(self.presets[i].get("name", "?"))[:16],
                             [("Load", load), ("Delete", delete)]))
        return go


# ---- fairness ----------------------------------------------------------
class FairnessSetup(ui.Menu):
    def __init__(self, app):
        self.sides = 6
        self.n = 6000

        def sides_adj(d):
            self.sides = _cycle_sides(self.sides, d)

        def n_adj(d):
            i = FAIR_ROLLS.index(self.n) if self.n in FAIR_ROLLS else 0
            self.n = FAIR_ROLLS[max(0, min(len(FAIR_ROLLS) - 1, i + d))]

        def custom():
            app.push(ui.NumberPicker(app, "Sides", self.sides, rm.MIN_SIDES, rm.MAX_SIDES, 1,
                                     self.set_sides))

        items = [
            ("Start", lambda: app.push(FairnessRun(app, self.sides, self.n))),
            (lambda: "Die   d%d" % self.sides, custom, sides_adj),
            (lambda: "Rolls %d" % self.n, lambda: n_adj(1), n_adj),
            ("About the test", lambda: app.push(ui.TextPage(app, "Fairness", ABOUT_FAIR))),
        ]
        ui.Menu.__init__(self, app, "Fairness test", items)

    def set_sides(self, v):
        self.sides = v


ABOUT_FAIR = ("Rolls one die type many times with the real dice source and counts each face. "
              "The chi-square test measures how far the counts are from even. A fair die "
              "passes 99 runs in 100; 'suspicious' is 1 in 100, 'biased' 1 in 1000. "
              "Left/Right change the die and the number of rolls.")


class FairnessRun(ui.Screen):
    def __init__(self, app, sides, n):
        ui.Screen.__init__(self, app)
        self.run = fz.FairnessRun(sides, n)
        self.res = None
        self.error = None

    def event(self, ev):
        if ui.is_press(ev, E.B):
            self.app.pop()
        elif ui.is_press(ev, E.A) and self.res:
            self.app.push(ui.TextPage(self.app, "Result", self.details()))
        elif ui.is_press(ev, E.UP) and self.res:
            self.app.replace(FairnessRun(self.app, self.run.sides, self.run.total))

    def tick(self, now):
        if self.res or self.error:
            return
        try:
            if self.run.step(self.app.rng, PER_FRAME):
                self.res = self.run.result()
        except Exception as e:  # the dice source refused (failed health test)
            self.error = str(e)
        self.dirty = True

    def details(self):
        run = self.run
        v, stat, df = self.res
        out = ["%s: %s" % (fz.WORDS[v][0], fz.WORDS[v][1]), ""]
        out.append("%d rolls of a d%d" % (run.total, run.sides))
        if v != fz.TOO_FEW:
            out.append("chi-square %.2f" % stat)
            out.append("df %d" % df)
            out.append("1%% limit %.2f" % fz.critical(0.01, df))
            out.append("0.1%% limit %.2f" % fz.critical(0.001, df))
            out.append("p = %.3f" % fz.p_value(stat, df))
        if run.sides <= 20:
            out.append("")
            for f in range(run.sides):
                out.append("%d: %d" % (f + 1, run.counts[f]))
        return "\n".join(out)

    def draw(self, fb):
        fb.fill(0)
        run = self.run
        ui.title_bar(fb, "d%d x%d" % (run.sides, run.total))
        if self.error:
            for i, line in enumerate(ui.wrap(self.error)[:5]):
                fb.text(line, 0, 12 + i * 9, 1)
            return
        # histogram, faces binned to at most 40 bars
        k = run.sides
        bars = k if k <= 40 else 40
        bw = 120 // bars
        x0 = (ui.W - bw * bars) // 2
        top = 11
        h = 30
        peak = 1
        for b in range(bars):
            c = self.bin(b, bars)
            if c > peak:
                peak = c
        for b in range(bars):
            c = self.bin(b, bars)
            bh = c * h // peak
            fb.fill_rect(x0 + b * bw, top + h - bh, max(1, bw - 1), bh, 1)
        fb.hline(0, top + h, ui.W, 1)
        if not self.res:
            fb.rect(4, 50, 120, 8, 1)
            fb.fill_rect(4, 50, 120 * run.done_n // run.total, 8, 1)
            return
        v, stat, df = self.res
        if v != fz.TOO_FEW:
            fb.text("chi2 %.1f df%d" % (stat, df), 0, 44, 1)
        ui.text_center(fb, fz.WORDS[v][0], 55)

    def bin(self, b, bars):
        k = self.run.sides
        lo = b * k // bars
        hi = (b + 1) * k // bars
        c = 0
        for f in range(lo, hi):
            c += self.run.counts[f]
        return c


# ---- coin and first player -----------------------------------------------
class CoinScreen(ui.Screen):
    """A or shake flips; the face flickers for 0.5 s, then shows. Tally below."""

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.side = -1
        self.heads = 0
        self.tails = 0
        self.t0 = 0
        self.spinning = False
        self.shown = 0

    def event(self, ev):
        if E.kind(ev) == E.SHAKE or ui.is_press(ev, E.A):
            if not self.spinning:
                self.side = rm.coin(self.app.rng)
                if self.side:
                    self.tails += 1
                else:
                    self.heads += 1
                self.spinning = True
                self.t0 = self.app.now()
        elif ui.is_press(ev, E.B):
            self.app.pop()

    def tick(self, now):
        if not self.spinning:
            return
        t = now - self.t0
        if t >= 500:
            self.spinning = False
            self.shown = self.side
            self.app.beep(1600, 10)
            self.dirty = True
        else:
            s = (t // 70) & 1
            if s != self.shown:
                self.shown = s
                self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Coin flip")
        if self.side < 0:
            ui.text_center(fb, "A/shake: flip", 30)
            return
        word = "TAILS" if self.shown else "HEADS"
        fb.rect(14, 15, 100, 31, 1)
        ui.big_text(fb, word, (ui.W - 16 * len(word)) // 2, 22)
        if not self.spinning:
            fb.text("H %d  T %d" % (self.heads, self.tails), 0, 56, 1)


class FirstScreen(ui.Screen):
    """Who goes first: a marker runs over the players, slows, and stops on one."""

    def __init__(self, app, players):
        ui.Screen.__init__(self, app)
        self.n = players
        self.pick = 0
        self.at = 0
        self.t0 = 0
        self.spinning = False
        self.steps = 0
        self.start_spin()

    def start_spin(self):
        self.pick = rm.first_player(self.app.rng, self.n)
        # run at least two laps and land on the pick
        self.steps = 2 * self.n + (self.pick - 1 - self.at) % self.n
        self.done_steps = 0
        self.spinning = True
        self.t0 = self.app.now()
        self.next_t = self.t0

    def event(self, ev):
        if E.kind(ev) == E.SHAKE or ui.is_press(ev, E.A):
            if not self.spinning:
                self.start_spin()
        elif ui.is_press(ev, E.B):
            self.app.pop()

    def tick(self, now):
        if not self.spinning or now - self.next_t < 0:
            return
        if self.done_steps >= self.steps:
            self.spinning = False
            self.app.beep(1600, 30)
        else:
            self.done_steps += 1
            self.at = (self.at + 1) % self.n
            left = self.steps - self.done_steps
            self.next_t = now + 40 + (180 if left < 3 else 60 if left < 6 else 0)
            self.app.beep(1000, 3)
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "First player")
        n = self.n
        w = 20
        x0 = (ui.W - n * w) // 2
        for i in range(n):
            x = x0 + i * w
            if i == self.at:
                fb.fill_rect(x, 14, w - 2, 14, 1)
                fb.text("%d" % (i + 1), x + 5, 17, 0)
            else:
                fb.rect(x, 14, w - 2, 14, 1)
                fb.text("%d" % (i + 1), x + 5, 17, 1)
        if not self.spinning:
            s = "P%d" % self.pick
            ui.big_text(fb, s, (ui.W - 16 * len(s)) // 2, 34)
            fb.text("starts", 40, 56, 1)


def start(app):
    app.push(RollScreen(app))

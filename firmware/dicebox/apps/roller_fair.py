"""The fairness test screens: set up a run, watch the counts, read the verdict.

Why a module of its own: the test is a separate tool beside the roller (it
rolls one die type thousands of times with the real dice source and judges the
spread with a chi-square test, in apps/fairness.py); these screens only choose
the die and the number of rolls and show the run.

Setup keys: Up/Down choose a line, Left/Right change the die or the number of
rolls, A starts (or picks custom sides), B goes back. Run keys: B stops and
goes back; when done, A shows the details and Up runs it again.
"""
from dicebox.apps import fairness as fz
from dicebox.apps import roller_model as rm
from dicebox.core import ui
from dicebox.core import events as E

FAIR_ROLLS = (600, 1200, 6000, 12000)
PER_FRAME = 100  # fairness rolls per frame (~10 ms on the RP2040)


class FairnessSetup(ui.Menu):
    def __init__(self, app):
        self.sides = 6
        self.n = 6000

        def sides_adj(d):
            self.sides = rm.cycle_sides(self.sides, d)

        def n_adj(d):
            i = FAIR_ROLLS.index(self.n) if self.n in FAIR_ROLLS else 0
            self.n = FAIR_ROLLS[max(0, min(len(FAIR_ROLLS) - 1, i + d))]

        def n_pick():           # A lists the counts: it never steps the value unseen
            def put(v):
                app.pop()
                self.n = v
            app.push(ui.Menu(app, "Rolls", [("%d rolls" % v, lambda v=v: put(v))
                                            for v in FAIR_ROLLS]))

        def custom():
            app.push(ui.NumberPicker(app, "Sides", self.sides, rm.MIN_SIDES, rm.MAX_SIDES, 1,
                                     self.set_sides))

        items = [
            ("Start", lambda: app.push(FairnessRun(app, self.sides, self.n))),
            (lambda: "Die   d%d" % self.sides, custom, sides_adj),
            (lambda: "Rolls %d" % self.n, n_pick, n_adj),
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
        if self.error:   # refused: no verdict on rolls the source could not vouch for
            fb.text("Cannot roll:", 0, 12, 1)
            for i, line in enumerate(ui.wrap(self.error)[:5]):
                fb.text(line, 0, 21 + i * 9, 1)
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

"""Coin flip and "who goes first": the two table helpers beside the roller.

Why a module of its own: neither uses the dice set; both draw from the same
dice source (roller_model.coin / first_player) and animate for a moment so the
table sees the result land. Times go through core.ticks (wrap-safe).

Coin keys: A or a shake flips, B goes back. First player keys: A or a shake
picks again, B goes back.
"""
from micropython import const

from dicebox.apps import roller_model as rm
from dicebox.core import ticks, ui
from dicebox.core import events as E

_SPIN_MS = const(500)


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
        t = ticks.since(now, self.t0)
        if t >= _SPIN_MS:
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
        if not self.spinning or ticks.diff(now, self.next_t) < 0:
            return
        if self.done_steps >= self.steps:
            self.spinning = False
            self.app.beep(1600, 30)
        else:
            self.done_steps += 1
            self.at = (self.at + 1) % self.n
            left = self.steps - self.done_steps
            self.next_t = ticks.add(now, 40 + (180 if left < 3 else 60 if left < 6 else 0))
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

"""A seat's card while several people share the console (Down at the
table, then the seat): shown only while A is held, so the others do not see
it. Imported when it opens, dropped when the table is back on top
(``ON_DEMAND``): play alone, which shows your card under the dice, never
loads it."""
from dicebox.core import ui, events
from dicebox.games.milestones import deck, tasks


class Peek(ui.Screen):
    def __init__(self, app, st, seat):
        ui.Screen.__init__(self, app)
        self.st = st
        self.seat = seat
        self.show = False

    def event(self, ev):
        k = events.kind(ev)
        b = events.button(ev)
        if b == events.A and k == events.PRESS:
            self.show = True
        elif b == events.A and k == events.RELEASE:
            self.show = False
        elif k == events.PRESS and b == events.B:
            self.app.pop()
            return
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Seat %d card" % (self.seat + 1))
        if not self.show:
            fb.text("hold A to see", 0, 24, 1)
            return
        c = self.st.hands[self.seat]
        if c < 0:
            fb.text("no card", 0, 14, 1)
            return
        t, pts, hits, task = deck.card(c)
        fb.text("%s  %dp" % (deck.TIER_NAMES[t], pts), 0, 12, 1)
        y = 24
        for line in tasks.describe(task):
            fb.text(line, 0, y, 1)
            y += 9
        if self.st.can_claim(self.seat):
            fb.text("fits: claim!", 0, 56, 1)

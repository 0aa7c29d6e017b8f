"""The pages Milestones' play opens over the table: picking a pile (a
person's first card, a new card after a claim with three piles) and a
seat's card while several people share the console (Down at the table, then
the seat: shown only while A is held, so the others do not see it).
Imported when one opens, dropped when the table is back on top
(``ON_DEMAND``): the bots' play does not carry them."""
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


class PilePicker(ui.Menu):
    def __init__(self, app, table, seat, what):
        self.table = table
        self.seat = seat
        self.what = what
        st = table.st
        items = []
        for p in range(len(st.piles)):
            if st.piles[p]:
                name = "all" if st.big else deck.TIER_NAMES[p]
                items.append(("%s (%d)" % (name, len(st.piles[p])), (lambda p=p: self.pick(p))))
        title = ("S%d: first card" if what == "draw" else "S%d: new card") % (seat + 1)
        ui.Menu.__init__(self, app, title, items, on_back=self.back)

    def tick(self, now):
        """While a person chooses, the table's due save (a new game's first,
        made once the table was up) goes on, a step a frame: the pick then
        has no save to take first."""
        t = self.table
        if t.pending_save:
            if self.dirty and not t.save_waited:
                t.save_waited = True     # this frame draws the menu: the step waits one
            else:
                t.save_waited = False
                t.save_step()

    def pick(self, p):
        self.app.pop()
        t = self.table
        t.act((self.what, self.seat, p))
        t.touched = self.app.now()   # the bots give the table a moment after a claim

    def back(self):
        if self.what == "draw":
            return   # a first card must be taken
        self.app.pop()

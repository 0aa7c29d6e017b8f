"""Milestones screens: setup, the table (dice, clock, claims), peeks, results.

Screens hold no rules: they show ``rules.State`` and turn buttons into actions; a
refused action's reason is shown. Controls at the table:
  Left/Right  move the cursor over the dice      A     mark/unmark a die
  shake, or hold A   roll the marked dice (first roll: all six)
  Up          claim (pick the seat if several people play, then the pile)
  Down (hold) peek at your card (several people: pick the seat first)
  B           the game menu (discard, flip, claim aid, rules, pause, save & quit)
Humans sit first (seats 1..h), bots after them. The game is saved after every
action; resuming stands the hourglass up again on the new clock.
"""
from micropython import const
from dicebox.core import ui, events as E
from dicebox.core import dice as D
from dicebox.core.game import CHANCE, IllegalMove, resolve_chance
from dicebox.games.milestones import rules, deck, tasks, bot as botmod
from dicebox.games.milestones.dice import FACE_COLOUR, LETTERS, PATTERNS

SAVE = "milestones_game"
HIGH = "milestones_high"
_BOT_ROLL_MS = const(1500)   # a bot's turn takes this long
_BOT_SEE_MS = const(700)     # bots notice a claimable card after this long
_MSG_MS = const(2500)
VOIDED = "A mandatory task was left open: no points."


def start(app):
    app.push(StartMenu(app))


def variant_key(cfg):
    k = ""
    if cfg["big"]:
        k += "1"
    m = "".join("-ab"[x] for x in cfg["must"])
    if m != "---":
        k += "2" + m
    if cfg["hg"]:
        k += "3"
    return k or "base"


def new_config():
    return {"humans": 1, "bots": 2, "big": False, "must": [0, 0, 0], "hg": 0, "aid": False}


class StartMenu(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Milestones", [])

    def enter(self):
        items = []
        if self.app.store.load(SAVE, None):
            items.append(("Resume game", self.resume))
        items.append(("New game", lambda: self.app.push(SetupMenu(self.app))))
        items.append(("High scores", lambda: self.app.push(HighScores(self.app))))
        items.append(("How to play", self.help))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        self.dirty = True

    def resume(self):
        d = self.app.store.load(SAVE, None)
        try:
            st = rules.State.from_dict(d["st"])
            scr = Table(self.app, st, d["cfg"])
        except (KeyError, TypeError, ValueError):
            self.app.store.delete(SAVE)
            self.app.message("Save", "That save could not be read; it was removed.")
            return
        scr.act(("resume", self.app.now()))
        self.app.push(scr)

    def help(self):
        from dicebox.games.milestones import help as H
        items = []
        for title, text in H.pages():
            items.append((title, (lambda t=title, x=text: self.app.push(ui.TextPage(self.app, t, x)))))
        self.app.push(ui.Menu(self.app, "How to play", items))


class SetupMenu(ui.Menu):
    def __init__(self, app):
        self.cfg = new_config()
        c = self.cfg

        def adj(key, lo, hi):
            def f(d):
                c[key] = min(hi, max(lo, c[key] + d))
                self._fix()
                self.dirty = True
            return f

        def flip(key):
            def f(d=0):
                c[key] = not c[key]
                self.dirty = True
            return f

        items = [
            (lambda: "People   %d" % c["humans"], None, adj("humans", 1, 5)),
            (lambda: "Bots     %d" % c["bots"], None, adj("bots", 0, 4)),
            (lambda: "1 Pile   %s" % ("big" if c["big"] else "3"), flip("big"), flip("big")),
            (lambda: "2 Must 1 %s" % "-ab"[c["must"][0]], None, self._must(0)),
            (lambda: "2 Must 2 %s" % "-ab"[c["must"][1]], None, self._must(1)),
            (lambda: "2 Must 3 %s" % "-ab"[c["must"][2]], None, self._must(2)),
            (lambda: "3 Glass  %s" % "-ab"[c["hg"]], None, adj("hg", 0, 2)),
            (lambda: "Aid      %s" % ("on" if c["aid"] else "off"), flip("aid"), flip("aid")),
            ("Start", self.start),
        ]
        ui.Menu.__init__(self, app, "New game", items)

    def _must(self, i):
        # each mandatory card: off, side a or side b
        def f(d):
            m = self.cfg["must"]
            m[i] = (m[i] + d) % 3
            self.dirty = True
        return f

    def _fix(self):
        c = self.cfg
        if c["humans"] + c["bots"] > rules.MAX_PLAYERS:
            c["bots"] = rules.MAX_PLAYERS - c["humans"]

    def start(self):
        c = self.cfg
        self._fix()
        self.app.store.delete(SAVE)
        self.app.replace(Table(self.app, make_state(c), c))


def make_state(c):
    n = c["humans"] + c["bots"]
    mand = [2 * i + c["must"][i] - 1 for i in range(3) if c["must"][i]]
    hg = (5 + c["hg"]) if c["hg"] else None
    return rules.State(n, big_pile=c["big"], mandatory=mand, hourglass_side=hg)


def pattern(fb, x, y, w, h, colour):
    rows = PATTERNS[colour]
    for yy in range(h):
        bits = rows[yy & 3]
        if bits == 15:
            fb.hline(x, y + yy, w, 1)
            continue
        if not bits:
            continue
        for xx in range(w):
            if (bits >> (3 - (xx & 3))) & 1:
                fb.pixel(x + xx, y + yy, 1)
    fb.rect(x, y, w, h, 1)


class Table(ui.Screen):
    def __init__(self, app, st, cfg):
        ui.Screen.__init__(self, app)
        self.st = st
        self.cfg = cfg
        self.humans = cfg["humans"]
        self.bots = []
        for s in range(self.humans, st.n):
            self.bots.append(botmod.Bot(s, seed=app.rng.randbelow(60000) + s))
        self.cur = 0
        self.sel = 0
        self.msg = ""
        self.msg_until = 0
        self.changed = app.now()      # when the dice last changed
        self.asked = -1               # human seat asked to pick a first pile
        self.next_bot = 0
        self.done = False
        self.last_sec = -1

    # ---- actions -----------------------------------------------------------
    def act(self, a):
        try:
            self.st.apply(a)
        except IllegalMove as e:
            self.say(e.reason)
            self.app.beep(220, 120)
            return False
        self._resolve()
        self.save()
        self.dirty = True
        return True

    def _resolve(self):
        st = self.st
        if st.current_player() == CHANCE:
            was_roll = st.pending[0] == "roll"
            rng = self.app.rng
            resolve_chance(st, rng)
            if was_roll:
                self.changed = self.app.now()
                self.app.beep(880, 30)

    def save(self):
        st = self.st
        if st.over:
            self.app.store.delete(SAVE)
        else:
            self.app.store.save(SAVE, {"st": st.to_dict(), "cfg": self.cfg})

    def say(self, text):
        self.msg = text
        self.msg_until = self.app.now() + _MSG_MS
        self.dirty = True

    def human(self, seat):
        return seat < self.humans

    def roll(self):
        st = self.st
        if st.setup < st.n or not self.human(st.turn):
            return
        m = 63 if st.dice is None else self.sel
        if not m:
            self.say("Mark a die first (A)")
            return
        if self.act(("roll", m)):
            self.sel = 0

    def claim(self, seat):
        st = self.st
        if not st.can_claim(seat):
            self.act(("claim", seat, 0))     # shows the reason
            return
        if st.piles_empty():
            self.act(("claim", seat, -1))
            return
        if len(st.piles) == 1:
            self.act(("claim", seat, 0))
            return
        self.app.push(PilePicker(self.app, self, seat, "claim"))

    def peek(self, seat):
        self.app.push(Peek(self.app, self.st, seat, self.humans == 1))

    def seats_then(self, fn, title):
        if self.humans == 1:
            fn(0)
            return
        items = []
        for s in range(self.humans):
            items.append(("Seat %d" % (s + 1), (lambda s=s: (self.app.pop(), fn(s)))))
        self.app.push(ui.Menu(self.app, title, items))

    # ---- input ---------------------------------------------------------------
    def event(self, ev):
        k = E.kind(ev)
        b = E.button(ev)
        if self.st.over:
            return
        if k == E.SHAKE:
            self.roll()
        elif k == E.PRESS and b == E.LEFT:
            self.cur = (self.cur - 1) % 6
        elif k == E.PRESS and b == E.RIGHT:
            self.cur = (self.cur + 1) % 6
        elif k == E.PRESS and b == E.A:
            if self.st.dice is not None:
                self.sel ^= 1 << self.cur
        elif k == E.LONG and b == E.A:
            if self.st.dice is not None:
                self.sel ^= 1 << self.cur    # the press before a hold is not a mark
            self.roll()
        elif k == E.PRESS and b == E.UP:
            self.seats_then(self.claim, "Who claims?")
        elif k == E.PRESS and b == E.DOWN:
            self.seats_then(self.peek, "Whose card?")
        elif k == E.PRESS and b == E.B:
            self.app.push(GameMenu(self.app, self))
        else:
            return
        self.dirty = True

    # ---- clock and bots ----------------------------------------------------
    def tick(self, now):
        st = self.st
        self.keep_awake = not self.done  # the sand runs: the console must not sleep
        if self.done:
            return
        if st.paused:
            self.act(("resume", now))
        if now >= st.now:
            st.apply(("time", now))
        if st.over:
            self.finish()
            return
        sec = st.time_left() // 1000
        if sec != self.last_sec:
            self.last_sec = sec
            self.dirty = True
            if st.started and sec < 10:
                self.app.beep(1200, 20)
        if self.msg and now > self.msg_until:
            self.msg = ""
            self.dirty = True
        if st.setup < st.n:
            s = st.setup
            if self.human(s):
                if self.asked != s:
                    self.asked = s
                    if len(st.piles) == 1:
                        self.act(("draw", s, 0))
                    else:
                        self.app.push(PilePicker(self.app, self, s, "draw"))
            else:
                self.act(self.bots[s - self.humans].act(st))
            return
        if not self.bots:
            return
        # one bot a frame looks for a claim, flip or discard
        if now - self.changed >= _BOT_SEE_MS:
            bt = self.bots[self.next_bot]
            self.next_bot = (self.next_bot + 1) % len(self.bots)
            a = bt.act(st)
            if a is not None and a[0] != "roll":
                if self.act(a):
                    self.say(_said(a))
                return
        if not self.human(st.turn) and now - self.changed >= _BOT_ROLL_MS:
            bt = self.bots[st.turn - self.humans]
            self.act(("roll", bt.choose_roll(st)))

    def finish(self):
        self.done = True
        self.save()
        self.app.replace(Result(self.app, self.st, self.cfg))

    # ---- picture -------------------------------------------------------------
    def draw(self, fb):
        st = self.st
        fb.fill(0)
        left = st.time_left() // 1000
        fb.text("%d:%02d" % (left // 60, left % 60), 0, 0, 1)
        fb.text("%dp" % st.points(), 44, 0, 1)
        marks = ""
        if st.mand_open:
            marks += "!%d" % len(st.mand_open)
        if st.hg_open:
            marks += "H"
        fb.text(marks, 76, 0, 1)
        fb.text("S%d" % (st.turn + 1), 104, 0, 1)
        fb.hline(0, 8, ui.W * st.time_left() // st.glass.total, 1)   # the sand left
        for i in range(6):
            x = i * 21 + 1
            if st.dice is None:
                fb.rect(x, 10, 18, 18, 1)
                fb.text("?", x + 5, 15, 1)
                continue
            v = st.dice[i]
            c = FACE_COLOUR[i * 6 + v - 1]
            D.draw_die(fb, x, 10, 18, v, 6, bool((self.sel >> i) & 1))
            pattern(fb, x, 30, 18, 6, c)
            fb.text(LETTERS[c], x + 5, 38, 1)
        if self.human(st.turn) and st.setup >= st.n:
            fb.hline(self.cur * 21 + 1, 47, 18, 1)
        if self.msg:
            line = self.msg
        elif st.setup < st.n:
            line = "S%d takes a card" % (st.setup + 1)
        elif self.cfg.get("aid") and self._aid():
            line = "Claim! %s" % self._aid()
        elif self.human(st.turn):
            line = "shake to roll" if st.dice is None or self.sel else "A mark, Up claim"
        else:
            line = "S%d is rolling" % (st.turn + 1)
        lines = ui.wrap(line)
        for j in range(min(2, len(lines))):
            fb.text(lines[j], 0, 49 + 8 * j, 1)

    def _aid(self):
        out = ""
        for s in range(self.humans):
            if self.st.can_claim(s):
                out += "S%d " % (s + 1)
        return out


def _said(a):
    if a[0] == "claim":
        return "S%d scored a card" % (a[1] + 1)
    if a[0] == "flip":
        return "S%d flipped the glass" % (a[1] + 1)
    if a[0] == "discard":
        return "S%d swapped a card" % (a[1] + 1)
    return ""


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

    def pick(self, p):
        self.app.pop()
        self.table.act((self.what, self.seat, p))

    def back(self):
        if self.what == "draw":
            return   # a first card must be taken
        self.app.pop()


class Peek(ui.Screen):
    """A seat's card, shown only while A (or Down, for a lone player) is held."""

    def __init__(self, app, st, seat, held_down):
        ui.Screen.__init__(self, app)
        self.st = st
        self.seat = seat
        self.show = held_down
        self.key = E.DOWN if held_down else E.A

    def event(self, ev):
        k = E.kind(ev)
        b = E.button(ev)
        if b == self.key and k == E.PRESS:
            self.show = True
        elif b == self.key and k == E.RELEASE:
            self.show = False
            if self.key == E.DOWN:
                self.app.pop()
                return
        elif k == E.PRESS and b == E.B:
            self.app.pop()
            return
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Seat %d card" % (self.seat + 1))
        if not self.show:
            fb.text("hold %s to see" % ("Down" if self.key == E.DOWN else "A"), 0, 24, 1)
            return
        c = self.st.hands[self.seat]
        if c < 0:
            fb.text("no card", 0, 14, 1)
            return
        t, pts, hits, task = deck.DECK[c]
        fb.text("%s  %dp" % (deck.TIER_NAMES[t], pts), 0, 12, 1)
        y = 24
        for line in tasks.describe(task, True):
            fb.text(line, 0, y, 1)
            y += 9
        if self.st.can_claim(self.seat):
            fb.text("fits: claim!", 0, 56, 1)


class GameMenu(ui.Menu):
    def __init__(self, app, table):
        self.table = table
        st = table.st
        items = [("Back to dice", app.pop)]
        if st.big:
            items.append(("Discard card", lambda: self.then(lambda: table.seats_then(self.discard, "Who discards?"))))
        if st.hg_side is not None:
            items.append(("Flip hourglass", lambda: self.then(lambda: table.act(("flip", 0)))))
        if st.mand_open or st.hg_open:
            items.append(("Face-up cards", self.specials))
        items.append((lambda: "Claim aid: %s" % ("on" if table.cfg.get("aid") else "off"), self.aid))
        items.append(("How to play", self.help))
        items.append(("Save and quit", self.quit))
        ui.Menu.__init__(self, app, "Milestones", items)

    def then(self, fn):
        self.app.pop()
        fn()

    def discard(self, seat):
        self.table.act(("discard", seat))

    def aid(self):
        c = self.table.cfg
        c["aid"] = not c.get("aid")
        self.dirty = True

    def specials(self):
        st = self.table.st
        lines = []
        for sd in st.mand_open:
            lines.append("Must: " + ", ".join(tasks.describe(deck.SPECIAL_SIDES[sd][1], True)))
        if st.hg_open:
            lines.append("Glass: " + ", ".join(tasks.describe(deck.SPECIAL_SIDES[st.hg_side][1], True)))
        self.app.push(ui.TextPage(self.app, "Face up", "\n".join(lines)))

    def help(self):
        from dicebox.games.milestones import help as H
        self.app.push(ui.TextPage(self.app, "Rules", H.RULES))

    def quit(self):
        t = self.table
        t.st.apply(("pause", max(self.app.now(), t.st.now)))
        t.save()
        t.done = True
        self.app.pop()
        self.app.pop()


class Result(ui.Screen):
    def __init__(self, app, st, cfg):
        ui.Screen.__init__(self, app)
        self.score = st.score()
        self.rating = rules.RATINGS[rules.rating(self.score)][1]
        self.why = st.end
        self.voided = bool(st.mand_open)
        key = "%d-%s" % (st.n, variant_key(cfg))
        table = app.store.load(HIGH, {})
        if not isinstance(table, dict):
            table = {}
        best = table.get(key, [])
        self.best = best[0] if best else None
        self.new_best = self.best is None or self.score > self.best
        best = sorted(best + [self.score], reverse=True)[:5]
        table[key] = best
        app.store.save(HIGH, table)
        self.key = key
        self.first = 0

    def event(self, ev):
        if E.kind(ev) == E.PRESS and E.button(ev) in (E.A, E.B):
            self.app.pop()

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Time is up" if self.why == "time is up" else "Game over")
        ui.big_text(fb, "%d" % self.score, 0, 12)
        fb.text("points", 40, 16, 1)
        if self.new_best:
            fb.text("best!", 92, 16, 1)
        lines = ui.wrap(VOIDED if self.voided else self.rating)
        for j in range(min(4, len(lines))):
            fb.text(lines[j], 0, 30 + 9 * j, 1)


class HighScores(ui.TextPage):
    def __init__(self, app):
        table = app.store.load(HIGH, {})
        lines = []
        if isinstance(table, dict):
            for key in sorted(table):
                sc = table[key]
                lines.append("%s: %s" % (key, " ".join(str(x) for x in sc)))
        text = "\n".join(lines) if lines else "No games yet."
        text = "seats-variants: best scores\n" + text
        ui.TextPage.__init__(self, app, "High scores", text)

"""Milestones screens: setup, the table (dice, clock, claims), peeks, results.

Screens hold no rules: they show ``rules.State`` and turn buttons into actions; a
refused action's reason is shown. The keys of every screen are listed for players
in ``help.CONTROLS`` (keep the two in step). At the table:
  Left/Right  move the cursor over the dice      A     mark/unmark a die
  shake, or hold A   roll the marked dice (first roll: all six)
  Up          claim (pick the seat if several people play, then the pile)
  Down        alone: show/hide your card under the dice; several people:
              pick the seat, then hold A to peek
  B           the game menu (moves, discard, flip, claim aid, help, save & quit)
Humans sit first (seats 1..h), bots after them.

Saves: the new game is saved before its first action and after every action,
so a power cut leaves the last or the one-before state. A save is checked on
load (``check_save``: ``rules.State.from_dict`` refuses any invalid state); a
damaged one is set aside by the store and named on this game's menu. A
finished game's high score is written before its save is deleted, once per
game (``cfg["gid"]`` is remembered in the table).

The save (record SAVE): ``st`` is ``rules.State.to_dict()`` (its fields, and
the deck version it carries, are explained in rules.py), ``log`` the move log's
lines and ``cfg`` the setup: ``humans`` and ``bots`` (seat counts), ``big``
(variant 1), ``must`` (variant 2: per special card 0 off, 1 side a, 2 side b),
``hg`` (variant 3: 0 off, 1 side a, 2 side b), ``aid`` (the claim aid on) and
``gid`` (the game's id, so its high score is recorded once). The high-score
record HIGH maps "<seats>-<variant key>" to the five best scores, and LAST to
the last game id recorded.

Clocks: the table keeps the rules' clock itself, advanced by the wrap-safe
``core.ticks`` difference between frames, so the console's tick counter
wrapping never stops the sand; resuming stands the hourglass up again.
"""
from micropython import const
from dicebox.core import ui, ticks, events
from dicebox.core import dice as dice_draw
from dicebox.core.game import CHANCE, IllegalMove, resolve_chance
from dicebox.core.movelog import MoveLog
from dicebox.core.storage import need, int_in, list_of, dict_of
from dicebox.games.milestones import rules, deck, tasks, bot as botmod
from dicebox.games.milestones.dice import FACE_COLOUR, LETTERS, PATTERNS, label as die_label

SAVE = "milestones_game"
HIGH = "milestones_high"
LAST = "#last"                # high-score key: the id of the last game recorded
_BOT_ROLL_MS = const(3000)    # a bot rerolls no sooner than this after the dice changed
_BOT_WAIT_MS = const(1500)    # ... nor this soon after a person pressed a key
_BOT_SEE_MS = const(700)      # bots notice a claimable card after this long
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


# ---- checking what is read back ------------------------------------------------

def check_config(c):
    dict_of(c, "the setup")
    h = int_in(c.get("humans"), 1, rules.MAX_PLAYERS, "people")
    b = int_in(c.get("bots"), 0, rules.MAX_PLAYERS - 1, "bots")
    need(h + b <= rules.MAX_PLAYERS, "more than five seats")
    need(c.get("big") is True or c.get("big") is False, "pile setting")
    need(c.get("aid", False) is True or c.get("aid", False) is False, "aid setting")
    list_of(c.get("must"), "mandatory settings", n=3)
    for m in c["must"]:
        int_in(m, 0, 2, "a mandatory setting")
    int_in(c.get("hg"), 0, 2, "hourglass setting")
    if "gid" in c:
        int_in(c["gid"], 0, ticks.PERIOD, "game id")
    return c


def check_save(d):
    """The saved game as ``(state, cfg, log lines)``, or ``BadData`` saying why."""
    dict_of(d, "the saved game")
    st = rules.State.from_dict(d.get("st"))
    cfg = check_config(d.get("cfg"))
    need(st.n == cfg["humans"] + cfg["bots"], "the seats do not match the setup")
    ref = make_state(cfg)
    need(st.big == ref.big and st.mand_all == ref.mand_all and st.hg_side == ref.hg_side,
         "the variants do not match the setup")
    log = d.get("log", [])
    list_of(log, "the move log", hi=64)
    for line in log:
        need(isinstance(line, str), "a move log line is not text")
    return st, cfg, log


def load_game(store):
    """``(state, cfg, log)`` of a game to resume, or None. A finished game left
    behind (a power cut after its score was written) is removed."""
    got = store.load(SAVE, None, check=check_save)
    if got is not None and got[0].is_over():
        store.delete(SAVE)
        return None
    return got


def check_high(t):
    dict_of(t, "the high scores")
    need(len(t) <= 400, "too many high-score rows")
    for k in t:
        v = t[k]
        need(isinstance(k, str) and len(k) <= 24, "a bad high-score row name")
        if k == LAST:
            int_in(v, 0, ticks.PERIOD, "the last game id")
            continue
        list_of(v, "the scores of " + k, hi=5)
        for x in v:
            int_in(x, 0, 9999, "a high score")
    return t


def record_high(store, st, cfg):
    """Add a finished game's score to the table (once per game id).
    Returns ``(best before, new best?)``."""
    key = "%d-%s" % (st.n, variant_key(cfg))
    table = store.load(HIGH, {}, check=check_high)
    best = table.get(key, [])
    score = st.score()
    gid = cfg.get("gid")
    if gid is not None and table.get(LAST) == gid:
        rest = list(best)
        if score in rest:
            rest.remove(score)
        top = rest[0] if rest else None
        return top, top is None or score > top
    top = best[0] if best else None
    table[key] = sorted(best + [score], reverse=True)[:5]
    if gid is not None:
        table[LAST] = gid
    store.save(HIGH, table)
    return top, top is None or score > top


def problems_text(store):
    """This game's own records' problems, in words, or ''."""
    out = []
    for p in store.take_problems(SAVE):
        out.append("Saved game: " + p[len(SAVE) + 2:])
    for p in store.take_problems(HIGH):
        out.append("High scores: " + p[len(HIGH) + 2:])
    return "\n".join(out)


def help_menu(app):
    from dicebox.games.milestones import help as game_help
    items = []
    for title, text in game_help.pages():
        items.append((title, (lambda t=title, x=text: app.push(ui.TextPage(app, t, x)))))
    app.push(ui.Menu(app, "How to play", items))


class StartMenu(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Milestones", [])
        self.saved = None

    def enter(self):
        store = self.app.store
        had = self.saved
        self.saved = load_game(store) is not None
        store.load(HIGH, {}, check=check_high)      # a damaged table is named here too
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", lambda: self.app.push(SetupMenu(self.app))))
        items.append(("How to play", lambda: help_menu(self.app)))
        items.append(("High scores", lambda: self.app.push(HighScores(self.app))))
        self.items = items
        if had != self.saved:
            self.sel = 0          # Resume, when there is a game to resume
            self.top = 0
        self.sel = min(self.sel, len(items) - 1)
        self.dirty = True
        bad = problems_text(store)
        if bad:
            self.app.message("Milestones", bad)

    def resume(self):
        got = load_game(self.app.store)
        if got is None:
            self.enter()
            return
        st, cfg, log = got
        scr = Table(self.app, st, cfg, log)
        scr.act(("resume", st.now))
        self.app.push(scr)


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

        side = ("off", "side a", "side b")
        items = [
            (lambda: "People: %d" % c["humans"], None, adj("humans", 1, 5)),
            (lambda: "Bots: %d" % c["bots"], None, adj("bots", 0, 4)),
            (lambda: "Piles: %s" % ("one big" if c["big"] else "three"), flip("big"), flip("big")),
            (lambda: "Must-do1 %s" % side[c["must"][0]], None, self._must(0)),
            (lambda: "Must-do2 %s" % side[c["must"][1]], None, self._must(1)),
            (lambda: "Must-do3 %s" % side[c["must"][2]], None, self._must(2)),
            (lambda: "Glass: %s" % side[c["hg"]], None, adj("hg", 0, 2)),
            (lambda: "Claim aid: %s" % ("on" if c["aid"] else "off"), flip("aid"), flip("aid")),
            ("What is this?", self.explain),
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

    def explain(self):
        from dicebox.games.milestones import help as game_help
        self.app.push(ui.TextPage(self.app, "Setup", game_help.SETUP))

    def start(self):
        if self.app.store.exists(SAVE):
            self.app.push(ui.Confirm(self.app, "Start a new game? The saved game will be lost.",
                                     self._go))
            return
        self._go()

    def _go(self):
        c = self.cfg
        self._fix()
        c["gid"] = self.app.rng.randbelow(65536) * 16384 + self.app.rng.randbelow(16384)
        t = Table(self.app, make_state(c), c)
        t.log.add("New game: %d people, %d bots" % (c["humans"], c["bots"]))
        t.save()      # resumable before its first action (replaces any old save at once)
        self.app.replace(t)


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


def card_lines(card, width=16):
    """A card in at most three screen lines: points, then the task."""
    text = "%dp: %s" % (deck.DECK[card][1], "+".join(tasks.describe(deck.DECK[card][3], True)))
    return ui.wrap(text, width)


class Table(ui.Screen):
    def __init__(self, app, st, cfg, log=None):
        ui.Screen.__init__(self, app)
        self.st = st
        self.cfg = cfg
        self.humans = cfg["humans"]
        self.bots = []
        for s in range(self.humans, st.n):
            self.bots.append(botmod.Bot(s, seed=app.rng.randbelow(60000) + s))
        if self.humans == 1:
            self.names = ["You"] + ["S%d" % (s + 1) for s in range(1, st.n)]
        else:
            self.names = ["S%d" % (s + 1) for s in range(st.n)]
        self.log = MoveLog(log)
        self.seen = [None] * self.humans   # log mark at the end of each person's last turn
        self.prev_turn = st.turn
        self.cur = 0
        self.sel = 0
        self.msg = ""
        self.queue = []               # messages waiting for the line (a recap)
        now = app.now()
        self.last = now               # tick value the rules' clock was last advanced at
        self.msg_until = now
        self.changed = now            # when the dice last changed
        self.touched = now            # when a person last pressed a key here
        self.asked = -1               # human seat asked to pick a first pile
        self.next_bot = 0
        self.done = False
        self.result = None            # (best before, new best?) once recorded
        self.last_sec = -1
        self.show_card = self.humans == 1   # alone: your card sits under the dice

    # ---- actions -----------------------------------------------------------
    def act(self, a):
        st = self.st
        words = st.describe(a, self.names)
        mand = len(st.mand_open)
        try:
            st.apply(a)
        except IllegalMove as e:
            self.say(e.reason)
            self.app.beep(220, 120)
            return False
        self._resolve()
        if words:
            if a[0] == "roll" and st.dice is not None:
                got = []
                for i in range(6):
                    if (a[1] >> i) & 1:
                        got.append(die_label(i, st.dice[i]))
                words += (" and got " if len(got) < 6 else ": ") + " ".join(got)
            self.log.add(words)
        if len(st.mand_open) < mand:
            self.log.add("The dice met a must-do card (%d open)" % len(st.mand_open))
        self.save()
        self.dirty = True
        return True

    def _resolve(self):
        st = self.st
        if st.current_player() == CHANCE:
            was_roll = st.pending[0] == "roll"
            resolve_chance(st, self.app.rng)
            if was_roll:
                self.changed = self.app.now()
                self.app.beep(880, 30)

    def save(self):
        """After every action. A finished game: its score first, then the save goes."""
        st = self.st
        store = self.app.store
        if st.is_over():
            if self.result is None:
                self.result = record_high(store, st, self.cfg)
            store.delete(SAVE)
        else:
            store.save(SAVE, {"st": st.to_dict(), "cfg": self.cfg, "log": self.log.to_list()})

    def say(self, text):
        self.msg = text
        self.msg_until = ticks.add(self.app.now(), _MSG_MS)
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
        self.app.push(Peek(self.app, self.st, seat, False))

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
        k = events.kind(ev)
        b = events.button(ev)
        if self.st.is_over():
            return
        self.touched = self.app.now()
        if k == events.SHAKE:
            self.roll()
        elif k == events.PRESS and b == events.LEFT:
            self.cur = (self.cur - 1) % 6
        elif k == events.PRESS and b == events.RIGHT:
            self.cur = (self.cur + 1) % 6
        elif k == events.PRESS and b == events.A:
            if self.st.dice is not None:
                self.sel ^= 1 << self.cur
        elif k == events.LONG and b == events.A:
            if self.st.dice is not None:
                self.sel ^= 1 << self.cur    # the press before a hold is not a mark
            self.roll()
        elif k == events.PRESS and b == events.UP:
            self.seats_then(self.claim, "Who claims?")
        elif k == events.PRESS and b == events.DOWN:
            if self.humans == 1:
                self.show_card = not self.show_card
            else:
                self.seats_then(self.peek, "Whose card?")
        elif k == events.PRESS and b == events.B:
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
            self.act(("resume", st.now))
        # the rules' clock moves on by the (wrap-safe) ticks since the last frame
        st.apply(("time", st.now + ticks.since(now, self.last)))
        self.last = now
        if st.is_over():
            self.finish()
            return
        sec = st.time_left() // 1000
        if sec != self.last_sec:
            self.last_sec = sec
            self.dirty = True
            if st.started and sec < 10:
                self.app.beep(1200, 20)
        if self.msg and ticks.diff(now, self.msg_until) > 0:
            self.msg = ""
            self.dirty = True
        if not self.msg and self.queue:
            self.say(self.queue.pop(0))
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
        self._recap()
        if not self.bots:
            return
        # one bot a frame looks for a claim, flip or discard
        if ticks.diff(now, self.changed) >= _BOT_SEE_MS:
            bt = self.bots[self.next_bot]
            self.next_bot = (self.next_bot + 1) % len(self.bots)
            a = bt.act(st, roll=False)  # the look never runs the reroll search
            if a is not None and a[0] != "roll":
                if self.act(a):
                    self.say(short(self.log.lines[-1]))
                return
        # a bot's reroll waits until a person could have looked at the dice
        if (not self.human(st.turn) and ticks.diff(now, self.changed) >= _BOT_ROLL_MS
                and ticks.diff(now, self.touched) >= _BOT_WAIT_MS):
            bt = self.bots[st.turn - self.humans]
            self.act(("roll", bt.choose_roll(st)))

    def _recap(self):
        """When the turn comes back to a person after other seats played, the
        scores, swaps and flips since that person's last turn, one after another on
        the message line (pass and play: first whose turn it is)."""
        st = self.st
        t = st.turn
        p = self.prev_turn
        if t == p:
            return
        self.prev_turn = t
        if self.human(p):
            self.seen[p] = self.log.count      # what happened from here on is news to p
        if not self.human(t) or not st.started:
            return
        got = []
        if self.seen[t] is not None:
            mine = self.names[t] + " "
            for line in self.log.since(self.seen[t]):
                if not line.startswith(mine) and " rolled " not in line and " rerolled " not in line:
                    got.append(short(line))
        if self.humans > 1:
            self.queue.append("S%d: your turn" % (t + 1))
        self.queue += got

    def finish(self):
        self.done = True
        self.save()
        self.app.replace(Result(self.app, self.st, self.result))

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
        card = self.show_card and st.hands[0] >= 0
        for i in range(6):
            x = i * 21 + 1
            if st.dice is None:
                fb.rect(x, 10, 18, 18, 1)
                fb.text("?", x + 5, 15, 1)
                continue
            v = st.dice[i]
            c = FACE_COLOUR[i * 6 + v - 1]
            dice_draw.draw_die(fb, x, 10, 18, v, 6, bool((self.sel >> i) & 1))
            if card:
                fb.text(LETTERS[c], x + 5, 29, 1)
            else:
                pattern(fb, x, 30, 18, 6, c)
                fb.text(LETTERS[c], x + 5, 38, 1)
        if self.human(st.turn) and st.setup >= st.n:
            fb.hline(self.cur * 21 + 1, 47 if not card else 37, 18, 1)
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
        if card:
            rows = card_lines(st.hands[0])[:3]
            if self.msg:
                said = ui.wrap(line)[:2]
                rows = rows[:3 - len(said)] + said
            elif len(rows) < 3:
                rows = rows[:2] + [ui.wrap(line)[0]]
            for j in range(len(rows)):
                fb.text(rows[j], 0, 40 + 8 * j, 1)
            return
        lines = ui.wrap(line)
        for j in range(min(2, len(lines))):
            fb.text(lines[j], 0, 49 + 8 * j, 1)

    def _aid(self):
        out = ""
        for s in range(self.humans):
            if self.st.can_claim(s):
                out += "S%d " % (s + 1)
        return out


def short(line):
    """A move line cut for the message line: "S2 scored +2" (the team's points
    are at the top of the table)."""
    line = line.split(";")[0]
    k = line.find(" scored ")
    if k > 0 and ": " in line:
        return line[:k] + " scored " + line.split(": ", 1)[1].split(",")[0]
    return line


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
        t = self.table
        t.act((self.what, self.seat, p))
        t.touched = self.app.now()   # the bots give the table a moment after a claim

    def back(self):
        if self.what == "draw":
            return   # a first card must be taken
        self.app.pop()


class Peek(ui.Screen):
    """A seat's card, shown only while A (or Down, when ``held_down``) is held
    (several people share the console: the others must not see it)."""

    def __init__(self, app, st, seat, held_down):
        ui.Screen.__init__(self, app)
        self.st = st
        self.seat = seat
        self.show = held_down
        self.key = events.DOWN if held_down else events.A

    def event(self, ev):
        k = events.kind(ev)
        b = events.button(ev)
        if b == self.key and k == events.PRESS:
            self.show = True
        elif b == self.key and k == events.RELEASE:
            self.show = False
            if self.key == events.DOWN:
                self.app.pop()
                return
        elif k == events.PRESS and b == events.B:
            self.app.pop()
            return
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Seat %d card" % (self.seat + 1))
        if not self.show:
            fb.text("hold %s to see" % ("Down" if self.key == events.DOWN else "A"), 0, 24, 1)
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
        items = [("Back to dice", app.pop), ("Moves", lambda: app.push(table.log.page(app)))]
        if st.big:
            items.append(("Discard card", lambda: self.then(lambda: table.seats_then(self.discard, "Who discards?"))))
        if st.hg_side is not None:
            items.append(("Flip hourglass", lambda: self.then(lambda: table.act(("flip", 0)))))
        if st.mand_open or st.hg_open:
            items.append(("Face-up cards", self.specials))
        items.append((lambda: "Claim aid: %s" % ("on" if table.cfg.get("aid") else "off"), self.aid))
        items.append(("How to play", lambda: help_menu(app)))
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

    def quit(self):
        t = self.table
        now = self.app.now()
        t.st.apply(("pause", t.st.now + ticks.since(now, t.last)))
        t.last = now
        if t.st.is_over():          # the sand ran out while the menu was open
            self.app.pop()     # this menu; the result replaces the table
            t.finish()
            return
        t.save()
        t.done = True
        self.app.pop()
        self.app.pop()


class Result(ui.Screen):
    def __init__(self, app, st, result):
        """``result``: ``(best before, new best?)`` from ``record_high``."""
        ui.Screen.__init__(self, app)
        self.score = st.score()
        self.rating = rules.RATINGS[rules.rating(self.score)][1]
        self.why = st.end
        self.voided = bool(st.mand_open)
        self.best, self.new_best = result if result else (None, False)

    def event(self, ev):
        if events.kind(ev) == events.PRESS and events.button(ev) in (events.A, events.B):
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
        table = app.store.load(HIGH, {}, check=check_high)
        lines = []
        for key in sorted(table):
            if key != LAST:
                lines.append("%s: %s" % (key, " ".join(str(x) for x in table[key])))
        text = "\n".join(lines) if lines else "No games yet."
        text = "seats-variants: best scores\n" + text
        bad = problems_text(app.store)
        if bad:
            text = bad + "\n" + text
        ui.TextPage.__init__(self, app, "High scores", text)

"""Auntie Mildred screens: start menu, the table overview, action menus, details.

The table (drawn, not text rows; player 1 always left, player 2 right):
  top bar  whose turn, phase, round (right)
  corners  player number (inverted on their turn), victory boxes (filled =
           won), cookie die, prank slot "P" and dodge slot "D" ("-" = empty)
  middle   the 3 task columns: set letter (C L D K) over two 6-step ladders
           up to each player's top scallywag; solid = ready, hollow = used
  row      the 6 indulgency cards; the left half lit = player 1 has dice on
           it, the right half = player 2
  bottom   your shaken dice as faces, or a hint, or what the bot just did

Keys: A opens the actions for the phase (only legal choices are listed; the
fixed steps are always listed and say why when they cannot be done), Down the
details page, B the game menu. A shake or A rolls your dice. Bot turns play a
step every 0.7 s; A skips to the end of the bot's turn. Saved after every step.
"""
from micropython import const

from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core.dice import draw_die
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, load_saved, save_game, resolve_chance
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import help as H
from dicebox.games.mildred import rules as R

SAVE = "mildred"
KINDS = ("human", "Nephew", "Auntie")
_STEP_MS = const(700)
_SETL = "CLDK"   # one letter per set: Clean, Laundry, DIY, Cook
_IND3 = ("PR", "2P", "3K", "S5", "FH", "4K", "T3", "S6")
# Table layout (pixels). Player 1 is always on the left, player 2 on the right:
# the corners, the two ladders of each task column, the halves of each card.
COOKIE_XY = ((0, 24), (116, 24))   # the cookie dice, 12 px
POOL_Y = const(52)                 # the shaken dice, 12 px, 2 px apart
CARD_Y = const(41)                 # the indulgency cards, 20 x 10, 1 px apart
_CARD_W = const(20)


def _slot(v):
    return str(v) if v else "-"


def ladder_xy(i, p, lv):
    """Top left of level ``lv`` (1..6) of player ``p``'s ladder in task column
    ``i`` (0..2); each step is 6 x 3 pixels."""
    return 35 + i * 22 + p * 8, 41 - lv * 4


def card_x(i):
    return i * (_CARD_W + 1)


def vic_xy(p, i):
    """Top left of victory box ``i`` of player ``p`` (5 x 5 pixels)."""
    return (112 - i * 6 if p else 11 + i * 6), 11


def load(app):
    return load_saved(app.store, SAVE, R.State.from_dict, lambda s, seats: R.check(s))


def start(app):
    app.push(Start(app))


class Start(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Auntie Mildred", [])
        self.build()

    def enter(self):
        self.build()
        ui.Menu.enter(self)

    def build(self):
        self.saved = load(self.app)
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("vs Nephew (easy)", self.new((0, 1))))
        items.append(("vs Auntie (hard)", self.new((0, 2))))
        items.append(("Pass and play", self.new((0, 0))))
        items.append(("Watch two bots", self.new((2, 1))))
        items.append(("Rules", lambda: self.app.push(ui.TextPage(self.app, "Rules", rules_text()))))
        items.append(("Rulings", lambda: self.app.push(
            ui.TextPage(self.app, "Rulings", "\n\n".join(H.RULINGS)))))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        self.top = 0

    def resume(self):
        s, seats = self.saved
        self.app.push(Table(self.app, s, seats))

    def new(self, seats):
        def go():
            self.app.push(Table(self.app, R.State(), list(seats)))
        return go


def rules_text():
    return "\n\n".join(H.RULES)


# ---- labels -------------------------------------------------------------------
def set_name(s):
    return C.SET_SHORT[s]


def ind_name(k):
    return C.INDULGENCIES[k][1]


def _sgn(d):
    return ("+%d" % d) if d > 0 else str(d)


def _args_text(code, args):
    if code in ("swap", "reduce", "deact"):
        return ">" + set_name(args[0])
    if code in ("pd2", "pd3", "pd4"):
        k = int(code[2])
        return "P%dD%d" % (args[0], k - args[0])
    if code == "reroll":
        return "rr" + "".join(str(v) for v in args)
    out = ""
    i = 0
    while i + 1 < len(args):
        out += "%d%s" % (args[i], _sgn(args[i + 1]))
        i += 2
    return out


_WORD = {"less": "-1 cookie", "disc": "-1 die", "no4": "no 4s", "notie": "no ties",
         "clear": "victory", "dodge1": "D+1", "prank1": "P+1", "vroll": "roll vic",
         "react": "reactivate"}


def label(st, a):
    v = a[0]
    if v == "dodge":
        return "Take dodge (a)" if len(a) == 1 else "Dodge with %d" % a[1]
    if v == "combat":
        return "Combat (b)"
    if v == "score":
        return "Score " + ind_name(a[1])
    if v == "goal":
        return "Goal line (d)"
    if v == "ready":
        return "Ready all (e)"
    if v == "advance":
        return "Cook1 up " + set_name(a[1])
    if v == "trim":
        return "Trim " + set_name(a[1])
    if v == "take":
        if a[1] == "prank":
            return "Take prank"
        if a[1] == "ind":
            return "Take " + ind_name(a[2])
        return "Take " + set_name(a[2])
    if v == "shake":
        return "Shake"
    if v == "keep":
        return "Keep start dice"
    if v == "pass":
        return "Pass"
    if v == "mod":
        return "Spot%d: %d>%d" % (a[1], a[2], R.wrap(a[2] + a[3]))
    if v == "prank":
        return "Prank with %d" % a[1]
    if v == "scally":
        return "%s %d" % (set_name(a[1]), R.top(st.sc[st.turn][a[1]]) + 1)
    if v == "ind":
        return "%s %s" % (ind_name(a[1]), "".join(str(x) for x in a[2]))
    if v == "task":
        s, lv = a[1], a[2]
        code = C.TASKS[s][lv - 1][2]
        head = "%s%d" % (set_name(s)[0] + set_name(s)[1], lv)
        args = a[3:]
        if code == "any":
            head += ">%s%d" % (set_name(a[3])[0], a[4])
            code = C.TASKS[a[3]][a[4] - 1][2]
            args = a[5:]
        t = _args_text(code, args) or _WORD.get(code, code)
        return head + " " + t
    return str(a)


def details(st):
    """A longer text page: every card and slot of both players."""
    out = []
    for p in (0, 1):
        out.append("P%d cookie %d, victory %d" % (p + 1, st.cookie[p], st.vic[p]))
        out.append("prank %d (%d dice) dodge %d (%d dice)" % (
            st.prank[p][1], st.prank[p][0], st.dodge[p][1], st.dodge[p][0]))
        out.append("pool %s, used %d, modify %d" % (
            "".join(str(v) for v in st.pool[p]) or "-", st.used[p], st.mods[p]))
        sets = []
        for s in st.sets:
            m = st.sc[p][s]
            lv = [str(x) for x in range(1, 7) if (m >> x) & 1]
            sets.append("%s:%s%s" % (set_name(s), "".join(lv) or "-",
                                     ("" if not m else (" ready" if st.rd[p][s] else " used"))))
        out.append(", ".join(sets))
        for k in st.inds:
            g = st.ig[p][k]
            if g is not None:
                out.append("%s %s" % (ind_name(k), "".join(str(x) for x in g[0])))
        sh = []
        if st.shen[p] & R.SH_LESS:
            sh.append("-1 cookie")
        if st.shen[p] & R.SH_NO4:
            sh.append("no 4-cookie")
        if st.shen[p] & R.SH_NOTIE:
            sh.append("no ties")
        if sh:
            out.append("hit by: " + ", ".join(sh))
        out.append("")
    out.append("Cards: " + ", ".join("%s=%s %dc" % (_IND3[k], C.INDULGENCIES[k][0], C.INDULGENCIES[k][2])
                                       for k in st.inds))
    out.append("Sets: " + ", ".join(C.SET_NAMES[s] for s in st.sets))
    return "\n".join(out)


def card_text(s, lv):
    t = C.TASKS[s][lv - 1]
    return "%s %d %s: %s" % (C.SET_NAMES[s], lv, t[0], t[3])


# ---- the table ----------------------------------------------------------------
class Table(ui.Screen):
    def __init__(self, app, st, seats):
        ui.Screen.__init__(self, app)
        self.st = st
        self.seats = seats
        self.note = ""
        self.next_step = 0
        self.save()

    def save(self):
        save_game(self.app.store, SAVE, self.st, self.seats)

    def is_bot(self, seat):
        return self.seats[seat] != 0

    def waiting_roll(self):
        """True when a human's dice are to be rolled (by a shake or A)."""
        st = self.st
        return (st.current_player() == CHANCE and st.phase not in (R.SETUP, R.START)
                and not self.is_bot(st.turn))

    def bot_to_move(self):
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            return False
        if cp == CHANCE:
            return not self.waiting_roll()
        return self.is_bot(cp)

    def try_act(self, a):
        """Apply a human's action: None when done, else the rules' reason."""
        try:
            self.st.apply(a)
        except IllegalMove as e:
            return e.reason
        self.note = ""
        self.after()
        return None

    def after(self):
        self.save()
        self.dirty = True
        self.next_step = self.app.now() + _STEP_MS

    def roll(self):
        st = self.st
        rng = self.app.rng
        resolve_chance(st, rng)
        self.app.beep(880, 30)
        self.after()

    def bot_step(self):
        st = self.st
        if st.current_player() == CHANCE:
            self.roll()
            return
        seat = st.turn
        a = B.choose(st, self.app.rng, self.seats[seat])
        self.note = "P%d %s" % (seat + 1, label(st, a))
        st.apply(a)
        self.after()

    def skip(self):
        """Play bot steps until a human has to act (bounded)."""
        n = 0
        while self.bot_to_move() and n < 400:
            self.bot_step()
            n += 1

    def event(self, ev):
        k = E.kind(ev)
        st = self.st
        if st.current_player() == TERMINAL:
            if k == E.PRESS:
                self.app.pop()
            return
        if k == E.SHAKE or k == E.SETTLED:
            if self.waiting_roll():
                self.roll()
            return
        if k != E.PRESS:
            return
        b = E.button(ev)
        if b == E.B:
            self.app.push(GameMenu(self.app, self))
        elif b == E.DOWN:
            self.app.push(ui.TextPage(self.app, "Details", details(st)))
        elif b == E.A:
            if self.waiting_roll():
                self.roll()
            elif self.bot_to_move():
                if all(self.seats):
                    self.bot_step()     # watching bots: A steps once
                else:
                    self.skip()
            else:
                self.app.push(ActionMenu(self.app, self))

    def tick(self, now):
        # bots playing on (e.g. two bots being watched): the console stays awake
        self.keep_awake = self.bot_to_move()
        if self.keep_awake and now >= self.next_step:
            self.bot_step()
            self.next_step = now + _STEP_MS

    def draw(self, fb):
        fb.fill(0)
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            head = "Draw!" if st.winner == -1 else "P%d wins!" % (st.winner + 1)
        elif st.phase in (R.SETUP, R.START):
            head = "Setting up"
        else:
            head = "P%d %s" % (st.turn + 1, "Wakeup" if st.phase == R.WAKE else
                               ("Shake" if cp == CHANCE else "Action"))
            rnd = "R%d" % (st.rounds + 1)
            head += " " * (16 - len(head) - len(rnd)) + rnd
        fb.fill_rect(0, 0, 128, 8, 1)
        fb.text(head[:16], 0, 0, 0)
        for p in (0, 1):
            self.draw_player(fb, p, st.turn == p and cp != TERMINAL)
        for i in range(len(st.sets)):
            self.draw_set(fb, i, st.sets[i])
        for i in range(len(st.inds)):
            self.draw_card(fb, i, st.inds[i])
        pool = self.shown_pool()
        if pool:
            x = (130 - len(pool) * 14) // 2
            for v in pool:
                draw_die(fb, x, POOL_Y, 12, v)
                x += 14
        else:
            fb.text(self.bottom()[:16], 0, 56, 1)

    def draw_player(self, fb, p, turn):
        """A player's corner: number (inverted on their turn), victory boxes,
        cookie die, prank (P) and dodge (D) slots. Player 2's is mirrored."""
        st = self.st
        bx = 119 if p else 0
        if turn:
            fb.fill_rect(bx, 9, 9, 9, 1)
        fb.text(str(p + 1), bx + 1, 10, 0 if turn else 1)
        v = st.vic[p]
        for i in range(v if v > C.WIN_VICTORY else C.WIN_VICTORY):
            x, y = vic_xy(p, i)
            fb.rect(x, y, 5, 5, 1, i < v)
        x, y = COOKIE_XY[p]
        draw_die(fb, x, y, 12, st.cookie[p])
        x = 98 if p else 14
        fb.text("P" + _slot(st.prank[p][1]), x, 21, 1)
        fb.text("D" + _slot(st.dodge[p][1]), x, 30, 1)

    def draw_set(self, fb, i, s):
        """Task column ``i``: the set's letter over both players' ladders (level 1
        at the bottom, up to the top scallywag). Solid steps: the set is ready;
        hollow: used; a short dash: a level not reached."""
        st = self.st
        fb.text(_SETL[s], 38 + i * 22, 9, 1)
        for p in (0, 1):
            t = R.top(st.sc[p][s])
            ready = st.rd[p][s]
            for lv in range(1, 7):
                x, y = ladder_xy(i, p, lv)
                if lv > t:
                    fb.hline(x + 2, y + 1, 2, 1)
                else:
                    fb.rect(x, y, 6, 3, 1, ready)

    def draw_card(self, fb, i, k):
        """Indulgency card ``k`` in place ``i``: its short name; the left half is
        lit when player 1 has dice on it, the right half for player 2."""
        st = self.st
        x = card_x(i)
        fb.rect(x, CARD_Y, _CARD_W, 10, 1)
        for p in (0, 1):
            on = st.ig[p][k] is not None
            if on:
                fb.fill_rect(x + p * 10, CARD_Y, 10, 10, 1)
            fb.text(_IND3[k][p], x + 2 + p * 8, CARD_Y + 1, 0 if on else 1)

    def shown_pool(self):
        """The shaken dice drawn along the bottom, or None for a text line."""
        st = self.st
        if (st.current_player() == st.turn and st.phase == R.ACT
                and not self.bot_to_move()):
            return st.pool[st.turn] or None
        return None

    def bottom(self):
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            return "A: back"
        if self.waiting_roll():
            return "Shake or A: roll"
        if self.bot_to_move():
            return self.note or "bot thinking"
        if st.phase == R.ACT:
            return "".join(str(v) for v in st.pool[st.turn]) or "no dice: pass"
        if st.dodge[st.turn][0]:
            return "must: dodge (a)"
        if st.wake_block(st.turn):
            return "must: trim (f)"
        return self.note or "A:act B:menu"


class GameMenu(ui.Menu):
    def __init__(self, app, table):
        self.table = table
        items = [
            ("Back to table", self.app_pop),
            ("Details", lambda: app.push(ui.TextPage(app, "Details", details(table.st)))),
            ("Task cards", self.tasks),
            ("Indulgencies", self.inds),
            ("Rules", lambda: app.push(ui.TextPage(app, "Rules", rules_text()))),
            ("Rulings", lambda: app.push(ui.TextPage(app, "Rulings", "\n\n".join(H.RULINGS)))),
            ("Save and quit", self.quit),
        ]
        ui.Menu.__init__(self, app, "Game", items)

    def app_pop(self):
        self.app.pop()

    def tasks(self):
        st = self.table.st
        text = "\n\n".join(card_text(s, lv) for s in st.sets for lv in range(1, 7))
        self.app.push(ui.TextPage(self.app, "Task cards", text))

    def inds(self):
        st = self.table.st
        text = "\n\n".join("%s (%s): %d dice, %d cookies" % (
            C.INDULGENCIES[k][0], _IND3[k], C.INDULGENCIES[k][3], C.INDULGENCIES[k][2])
            for k in st.inds)
        self.app.push(ui.TextPage(self.app, "Indulgencies", text))

    def quit(self):
        self.table.save()
        self.app.pop()   # this menu
        self.app.pop()   # the table


# ---- actions ------------------------------------------------------------------
_WAKE_FIXED = (("Take dodge (a)", ("dodge",)), ("Combat (b)", ("combat",)),
               ("Goal line (d)", ("goal",)), ("Ready all (e)", ("ready",)))
_ACT_GROUPS = (("Modify spot", "mod"), ("Prank die", "prank"), ("Dodge die", "dodge"),
               ("Scallywag", "scally"), ("Indulgency", "ind"))


class ActionMenu(ui.Menu):
    def __init__(self, app, table):
        self.table = table
        st = table.st
        legal = st.legal_actions()
        self.legal = legal
        items = []
        if st.phase == R.WAKE:
            for lab, a in _WAKE_FIXED:
                items.append((lab, self.do(a)))
            items.append(("Score...", self.group("score", "no indulgency of yours can score")))
            items.append(("Cook1 advance...", self.group("advance", "needs a die on Cook, once a turn")))
            items.append(("Take back (f)...", self.group(("take", "trim"), "nothing to take back")))
            items.append(("Tasks...", self.group("task", "no ready set with a reward")))
            if ("keep",) in legal:
                items.append(("Keep start dice", self.do(("keep",))))
            items.append(("Shake", self.do(("shake",))))
        else:
            items.append(("Pass", self.do(("pass",))))
            for lab, verb in _ACT_GROUPS:
                items.append((lab + "...", self.group(verb, None)))
            items.append(("Tasks...", self.group("task", "no ready set with a reward")))
        ui.Menu.__init__(self, app, "P%d actions" % (st.turn + 1), items)

    def do(self, a, depth=1):
        def fn():
            why = self.table.try_act(a)
            if why is None:
                for _ in range(depth):
                    self.app.pop()
            else:
                self.app.push(ui.Message(self.app, "Not allowed", why))
        return fn

    def group(self, verbs, why):
        def fn():
            acts = [a for a in self.legal if a[0] in verbs or a[0] == verbs]
            if self.table.st.phase == R.WAKE and verbs == "dodge":
                acts = []
            if not acts:
                self.app.push(ui.Message(self.app, "Not now", why or self.reason(verbs)))
                return
            items = [(label(self.table.st, a), self.do(a, 2)) for a in acts]
            self.app.push(ui.Menu(self.app, "Choose", items))
        return fn

    def reason(self, verb):
        """Why nothing of this kind is possible: ask the rules with a sample action."""
        st = self.table.st
        pool = st.pool[st.turn]
        if not pool:
            return "no shaken dice left"
        v = pool[0]
        sample = {"mod": ("mod", v, v, 1), "prank": ("prank", v), "dodge": ("dodge", v),
                  "scally": ("scally", st.sets[0]), "ind": ("ind", st.inds[0], (v, v))}
        a = sample.get(verb)
        if a is not None:
            try:
                st.clone().apply(a)
            except IllegalMove as e:
                return e.reason
        return "no legal choice now"

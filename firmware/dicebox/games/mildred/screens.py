"""Auntie Mildred screens: start menu, the table overview, action menus, details.

The table (8 text rows, no title bar):
  row 0  whose turn, phase, round
  row 1-2  per player: cookie die, victory dice, prank slot, dodge slot
  row 3-4  per player: top scallywag level on each set, r(eady)/u(sed)
  row 5-6  the 6 indulgency cards and who has dice on them (1, 2, B both)
  row 7  your shaken dice, a hint, or what the bot just did

Keys: A opens the actions for the phase (only legal choices are listed; the
fixed steps are always listed and say why when they cannot be done), Down the
details page, B the game menu. A shake or A rolls your dice. Bot turns play a
step every 0.7 s; A skips to the end of the bot's turn. Saved after every step.
"""
from micropython import const

from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, load_saved, save_game
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import help as H
from dicebox.games.mildred import rules as R

SAVE = "mildred"
KINDS = ("human", "Nephew", "Auntie")
_STEP_MS = const(700)
_SETL = "CLDK"   # one letter per set: Clean, Laundry, DIY, Cook
_IND3 = ("PR", "2P", "3K", "S5", "FH", "4K", "T3", "S6")


def load(app):
    return load_saved(app.store, SAVE, R.State.from_dict, R.check)


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
        st.apply_chance([rng.randbelow(k) for k in st.chance_request()])
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
        if self.bot_to_move() and now >= self.next_step:
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
            head = "P%d %s R%d" % (st.turn + 1, "Wakeup" if st.phase == R.WAKE else
                                   ("Shake" if cp == CHANCE else "Action"), st.rounds + 1)
        fb.fill_rect(0, 0, 128, 8, 1)
        fb.text(head[:16], 0, 0, 0)
        for p in (0, 1):
            y = 8 + p * 8
            mark = ">" if st.turn == p and cp != TERMINAL else " "
            fb.text("%s%d c%d v%d p%d d%d" % (mark, p + 1, st.cookie[p], st.vic[p],
                                             st.prank[p][1], st.dodge[p][1]), 0, y, 1)
            line = "%d" % (p + 1)
            for s in st.sets:
                m = st.sc[p][s]
                line += " %s%d%s" % (_SETL[s], R.top(m), ("r" if st.rd[p][s] else "u") if m else "-")
            fb.text(line, 0, 24 + p * 8, 1)
        for row in (0, 1):
            line = ""
            for k in st.inds[row * 3:row * 3 + 3]:
                a = st.ig[0][k] is not None
                b = st.ig[1][k] is not None
                line += "%s%s " % (_IND3[k], "B" if a and b else "1" if a else "2" if b else "-")
            fb.text(line, 0, 40 + row * 8, 1)
        fb.text(self.bottom()[:16], 0, 56, 1)

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

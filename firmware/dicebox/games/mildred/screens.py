"""Auntie Mildred screens: start menu, the table overview, action menus, details.

The table (drawn, not text rows; player 1 always left, player 2 right):
  top bar  whose turn, phase, round (right)
  corners  player number (inverted on their turn), victory boxes (filled =
           won), cookie die, prank slot "P" and dodge slot "D" ("-" = empty)
  middle   the 3 task columns: set code (CL LA DI CO, as in the menus) over
           two 6-step ladders up to each player's top scallywag; solid =
           ready, hollow = used
  row      the 6 indulgency cards by their code (PR 2P 3K S5 FH 4K 2T S6, as in
           the menus), one letter on each half; the left half lit = player 1
           has dice on it, the right half = player 2
  bottom   your shaken dice as faces, or a hint, or what the bot just did

Keys (help.CONTROLS lists them for players): A opens the actions for the phase
(only legal choices are listed; the fixed steps are always listed and say why
when they cannot be done), Up the moves so far, Down the details page, B the
game menu. A shake or A rolls your dice. Bot turns play a step every 0.7 s; A
skips to the end of the bot's turn. Every applied action and roll goes into
the move log (words from ``State.describe``), saved with the game after every
step; when play comes back to a human after bots, a recap of what they did is
shown. Results of your own combat, scoring and tasks are shown as they happen,
and the end of the game says why it ended.
"""
from micropython import const

from dicebox.core import events as E
from dicebox.core import rng as _rng
from dicebox.core import ticks
from dicebox.core import ui
from dicebox.core.app import RollRefused
from dicebox.core.dice import draw_die
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, load_saved, resolve_chance
from dicebox.core.movelog import MoveLog
from dicebox.core.storage import need
from dicebox.games.mildred import bot
from dicebox.games.mildred import cards
from dicebox.games.mildred import rules

# a refused roll: the app's exception (the entropy source raises it) or the rng's
_REFUSED = (RollRefused, _rng.RollRefused)
SAVE = "mildred"
KINDS = ("human", "Nephew", "Auntie")
_STEP_MS = const(700)
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


# ---- the saved game -------------------------------------------------------------
def _from_dict(d):
    """The rules' checked state; the move log saved beside it is kept for the table
    (``MoveLog`` drops anything that is not a short line)."""
    st = rules.State.from_dict(d)
    st.saved_log = d.get("log")
    return st


def check_seats(st, seats):
    need(len(seats) == 2, "a game of Mildred has 2 seats")
    for k in seats:
        need(0 <= k < len(KINDS), "a seat is neither a human nor a bot")


def load(app):
    """(state, seats, log) of the saved game, or None. A damaged save is set
    aside (and noted for the start menu) by the one checking path."""
    got = load_saved(app.store, SAVE, _from_dict, check_seats)
    if got is None:
        return None
    st, seats = got
    log = MoveLog(getattr(st, "saved_log", None))
    st.saved_log = None
    return st, seats, log


def save(store, st, seats, log):
    """Save after every step (with the move log); a finished game's save goes.
    False when the write failed (the store has told the app; play goes on)."""
    if st.current_player() == TERMINAL:
        store.delete(SAVE)
        return True
    d = st.to_dict()
    d["log"] = log.to_list()
    return store.save(SAVE, {"state": d, "seats": list(seats)})


def start(app):
    app.push(Start(app))


def _help_text(name):
    """One of help.py's texts, the module loaded only for this page and dropped
    again (the texts are not kept in the heap while playing)."""
    import sys
    from dicebox.games.mildred import help
    text = "\n\n".join(getattr(help, name))
    if sys.implementation.name == "micropython":   # CPython tests keep their modules
        sys.modules.pop("dicebox.games.mildred.help", None)
        pkg = sys.modules.get("dicebox.games.mildred")
        if pkg is not None and hasattr(pkg, "help"):
            try:
                delattr(pkg, "help")
            except (AttributeError, TypeError):
                pass
    return text


def help_page(app, title, name):
    """A text page of help.py's ``name`` (HOWTO, CONTROLS, RULES, RULINGS)."""
    return ui.TextPage(app, title, _help_text(name))


class Start(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Auntie Mildred", [])
        self.saved = None

    def enter(self):
        had = self.saved is not None
        self.build()
        if (self.saved is not None) != had:
            self.sel = 0
        ui.Menu.enter(self)
        probs = self.app.store.take_problems(SAVE)
        if probs:
            why = [p[len(SAVE) + 2:] if p.startswith(SAVE + ": ") else p for p in probs]
            self.app.push(ui.Message(self.app, "Saved game", "The saved game: " + "\n".join(why) + (
                ".\n\nIt cannot be resumed; a new game replaces it.")))

    def build(self):
        self.saved = load(self.app)
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("vs Nephew easy", self.new((0, 1))))
        items.append(("vs Auntie hard", self.new((0, 2))))
        items.append(("Pass and play", self.new((0, 0))))
        items.append(("Watch two bots", self.new((2, 1))))
        app = self.app
        items.append(("How to play", lambda: app.push(help_page(app, "How to play", "HOWTO"))))
        items.append(("Controls", lambda: app.push(help_page(app, "Controls", "CONTROLS"))))
        items.append(("Rules", lambda: app.push(help_page(app, "Rules", "RULES"))))
        items.append(("Rulings", lambda: app.push(help_page(app, "Rulings", "RULINGS"))))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        self.top = min(self.top, self.sel)

    def resume(self):
        s, seats, log = self.saved
        self.sel = 0
        self.app.push(Table(self.app, s, seats, log))

    def new(self, seats):
        def go():
            self.sel = 0
            self.app.push(Table(self.app, rules.State(), list(seats)))

        def ask():
            if self.saved:
                self.app.push(ui.Confirm(self.app, "Start a new game? The saved game will be lost.", go))
            else:
                go()
        return ask


def rules_text():
    return _help_text("RULES")


# ---- labels -------------------------------------------------------------------
def set_name(s):
    return cards.SET_SHORT[s]


def ind_name(k):
    return cards.INDULGENCIES[k][1]


def label(st, a):
    """A menu label for action ``a``: the rules' short words (15 characters)."""
    return st.describe(a, True)


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
        if st.shen[p] & rules.SH_LESS:
            sh.append("-1 cookie")
        if st.shen[p] & rules.SH_NO4:
            sh.append("no 4-cookie")
        if st.shen[p] & rules.SH_NOTIE:
            sh.append("no ties")
        if sh:
            out.append("hit by: " + ", ".join(sh))
        out.append("")
    out.append("Cards: " + ", ".join("%s=%s %dc" % (ind_name(k), cards.INDULGENCIES[k][0], cards.INDULGENCIES[k][2])
                                       for k in st.inds))
    out.append("Sets: " + ", ".join("%s=%s" % (set_name(s), cards.SET_NAMES[s]) for s in st.sets))
    return "\n".join(out)


def card_text(s, lv):
    t = cards.TASKS[s][lv - 1]
    return "%s %d (%s%d) %s: %s" % (cards.SET_NAMES[s], lv, set_name(s), lv, t[0], t[3])


# ---- the table ----------------------------------------------------------------
class Table(ui.Screen):
    def __init__(self, app, st, seats, log=None):
        ui.Screen.__init__(self, app)
        self.st = st
        self.seats = seats
        self.log = log if log is not None else MoveLog()
        self.mark = self.log.count   # the log a human has seen up to
        self.note = ""
        self.refused = None          # why the last roll was refused; bots wait
        self.queue = []              # pages to show once the table is on top
        self.ended = st.current_player() == TERMINAL
        self.next_step = ticks.add(app.now(), _STEP_MS)
        self.save()

    def save(self):
        return save(self.app.store, self.st, self.seats, self.log)

    def is_bot(self, seat):
        return self.seats[seat] != 0

    def has_human(self):
        return not self.seats[0] or not self.seats[1]

    def waiting_roll(self):
        """True when a human's dice are to be rolled (by a shake or A)."""
        st = self.st
        return (st.current_player() == CHANCE and st.phase not in (rules.SETUP, rules.START)
                and not self.is_bot(st.turn))

    def bot_to_move(self):
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            return False
        if cp == CHANCE:
            return not self.waiting_roll()
        return self.is_bot(cp)

    def human_to_act(self):
        return self.st.current_player() != TERMINAL and not self.bot_to_move()

    # -- applying moves (every one goes into the log) --
    def apply(self, a):
        """Apply ``a`` for the seat to move and log it; IllegalMove leaves all as it was."""
        st = self.st
        text = st.describe(a)
        st.apply(a)
        self.log.add(text)
        return text

    def try_act(self, a):
        """Apply a human's action: None when done, else the rules' reason."""
        st = self.st
        before = (st.cookie[:], st.vic[:])
        try:
            text = self.apply(a)
        except IllegalMove as e:
            return e.reason
        self.note = ""
        v = a[0]
        if v in ("combat", "score", "goal", "task") or before != (st.cookie, st.vic):
            self.queue.append(ui.Message(self.app, "Result", text))
        self.after()
        self.mark = self.log.count
        return None

    def after(self):
        self.save()
        self.dirty = True
        self.next_step = ticks.add(self.app.now(), _STEP_MS)
        if self.st.current_player() == TERMINAL and not self.ended:
            self.ended = True
            last = self.log.lines[-1] if self.log.lines else ""
            self.queue.append(ui.Message(self.app, "Game over", self.st.end_reason() + "\n\n" + last))

    def roll(self):
        """Roll what the state waits for. A refused roll (the dice source failed
        its health test) changes nothing: "Cannot roll" is shown and the bots
        wait until A is pressed on the table."""
        st = self.st
        before = st.clone()
        try:
            got = resolve_chance(st, self.app.rng)
        except _REFUSED as e:
            self.refuse(e)
            return False
        self.refused = None
        self.log.add(before.describe_roll(got))
        self.app.beep(880, 30)
        self.after()
        return True

    def refuse(self, e):
        self.refused = str(e) or "the dice source failed"
        self.dirty = True
        self.app.push(ui.Message(self.app, "Cannot roll", self.refused +
                                 "\n\nNothing changed. A on the table tries again."))

    def bot_step(self):
        st = self.st
        if st.current_player() == CHANCE:
            ok = self.roll()
        else:
            seat = st.turn
            try:
                a = bot.choose(st, self.app.rng, self.seats[seat])
            except _REFUSED as e:
                self.refuse(e)
                return False
            words = "passed" if a[0] == "pass" else st.describe(a, True)
            self.note = ("P%d %s" % (seat + 1, words))[:16]
            self.apply(a)
            self.after()
            ok = True
        if ok and self.has_human() and self.human_to_act():
            page = self.log.recap(self.app, self.mark)
            self.mark = self.log.count
            if page is not None:
                self.queue.append(page)
                self.note = ""      # the recap said it all; the hint is back
        return ok

    def skip(self):
        """Play bot steps until a human has to act (bounded)."""
        n = 0
        while self.bot_to_move() and n < 400:
            if not self.bot_step():
                return
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
                if self.roll():
                    self.mark = self.log.count
            return
        if k != E.PRESS:
            return
        b = E.button(ev)
        if b == E.B:
            self.app.push(GameMenu(self.app, self))
        elif b == E.DOWN:
            self.app.push(ui.TextPage(self.app, "Details", details(st)))
        elif b == E.UP:
            self.app.push(self.log.page(self.app))
        elif b == E.A:
            if self.waiting_roll():
                if self.roll():
                    self.mark = self.log.count
            elif self.bot_to_move():
                self.refused = None
                if all(self.seats):
                    self.bot_step()     # watching bots: A steps once
                else:
                    self.skip()
            else:
                self.app.push(ActionMenu(self.app, self))

    def tick(self, now):
        if self.queue:
            self.app.push(self.queue.pop(0))
            return
        # bots playing on (e.g. two bots being watched): the console stays awake
        self.keep_awake = self.bot_to_move() and self.refused is None
        if self.keep_awake and ticks.diff(now, self.next_step) >= 0:
            self.bot_step()
            self.next_step = ticks.add(now, _STEP_MS)

    def draw(self, fb):
        fb.fill(0)
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            head = "Draw!" if st.winner == -1 else "P%d wins!" % (st.winner + 1)
        elif st.phase in (rules.SETUP, rules.START):
            head = "Setting up"
        else:
            head = "P%d %s" % (st.turn + 1, "Wakeup" if st.phase == rules.WAKE else
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
        for i in range(v if v > cards.WIN_VICTORY else cards.WIN_VICTORY):
            x, y = vic_xy(p, i)
            fb.rect(x, y, 5, 5, 1, i < v)
        x, y = COOKIE_XY[p]
        draw_die(fb, x, y, 12, st.cookie[p])
        x = 98 if p else 14
        fb.text("P" + _slot(st.prank[p][1]), x, 21, 1)
        fb.text("D" + _slot(st.dodge[p][1]), x, 30, 1)

    def draw_set(self, fb, i, s):
        """Task column ``i``: the set's code (as in the menus) over both players'
        ladders (level 1 at the bottom, up to the top scallywag). Solid steps:
        the set is ready; hollow: used; a short dash: a level not reached."""
        st = self.st
        fb.text(set_name(s), 34 + i * 22, 9, 1)
        for p in (0, 1):
            t = rules.top(st.sc[p][s])
            ready = st.rd[p][s]
            for lv in range(1, 7):
                x, y = ladder_xy(i, p, lv)
                if lv > t:
                    fb.hline(x + 2, y + 1, 2, 1)
                else:
                    fb.rect(x, y, 6, 3, 1, ready)

    def draw_card(self, fb, i, k):
        """Indulgency card ``k`` in place ``i``: its code (as in the menus), one
        letter on each half; the left half is lit when player 1 has dice on it,
        the right half for player 2."""
        st = self.st
        x = card_x(i)
        code = ind_name(k)
        fb.rect(x, CARD_Y, _CARD_W, 10, 1)
        for p in (0, 1):
            on = st.ig[p][k] is not None
            if on:
                fb.fill_rect(x + p * 10, CARD_Y, 10, 10, 1)
            fb.text(code[p], x + 2 + p * 8, CARD_Y + 1, 0 if on else 1)

    def shown_pool(self):
        """The shaken dice drawn along the bottom, or None for a text line."""
        st = self.st
        if (st.current_player() == st.turn and st.phase == rules.ACT
                and not self.bot_to_move()):
            return st.pool[st.turn] or None
        return None

    def bottom(self):
        st = self.st
        cp = st.current_player()
        if cp == TERMINAL:
            return "A: back"
        if self.refused is not None:
            return "No roll: A again"
        if self.waiting_roll():
            return "Shake or A: roll"
        if self.bot_to_move():
            return self.note or "bot thinking"
        if st.phase == rules.ACT:
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
            ("Moves", lambda: app.push(table.log.page(app))),
            ("Details", lambda: app.push(ui.TextPage(app, "Details", details(table.st)))),
            ("Task cards", self.tasks),
            ("Indulgencies", self.inds),
            ("How to play", lambda: app.push(help_page(app, "How to play", "HOWTO"))),
            ("Controls", lambda: app.push(help_page(app, "Controls", "CONTROLS"))),
            ("Rules", lambda: app.push(help_page(app, "Rules", "RULES"))),
            ("Rulings", lambda: app.push(help_page(app, "Rulings", "RULINGS"))),
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
            cards.INDULGENCIES[k][0], ind_name(k), cards.INDULGENCIES[k][3], cards.INDULGENCIES[k][2])
            for k in st.inds)
        self.app.push(ui.TextPage(self.app, "Indulgencies", text))

    def quit(self):
        self.table.save()
        self.app.pop()   # this menu
        self.app.pop()   # the table


# ---- actions ------------------------------------------------------------------
_WAKE_FIXED = (("Take dodge (a)", ("dodge",)), ("Combat (b)", ("combat",)),
               ("Goal line (d)", ("goal",)), ("Ready all (e)", ("ready",)))
_ACT_GROUPS = (("Scallywag", "scally"), ("Indulgency", "ind"), ("Prank die", "prank"),
               ("Dodge die", "dodge"), ("Modify spot", "mod"))


class ActionMenu(ui.Menu):
    """The actions of the phase. In the Action phase "Pass" comes last, so a
    stray A never ends your round."""

    def __init__(self, app, table):
        self.table = table
        st = table.st
        legal = st.legal_actions()
        self.legal = legal
        items = []
        if st.phase == rules.WAKE:
            for lab, a in _WAKE_FIXED:
                items.append((lab, self.do(a)))
            items.append(("Score...", self.group("score", "no indulgency of yours can score")))
            items.append(("Cook1 advance...", self.group("advance", "needs a die on Cook, once a turn")))
            items.append(("Take back (f)...", self.group(("take", "trim"), "nothing to take back")))
            items.append(("Tasks...", self.group("task", self.no_task())))
            if ("keep",) in legal:
                items.append(("Keep start dice", self.do(("keep",))))
            items.append(("Shake", self.do(("shake",))))
        else:
            for lab, verb in _ACT_GROUPS:
                items.append((lab + "...", self.group(verb, None)))
            items.append(("Tasks...", self.group("task", self.no_task())))
            items.append((label(st, ("pass",)), self.do(("pass",))))
        ui.Menu.__init__(self, app, "P%d actions" % (st.turn + 1), items)

    def no_task(self):
        st = self.table.st
        if st.phase == rules.WAKE and not st.flags & rules.F_READY:
            return "straighten first: Ready all (e), then Wakeup tasks"
        return "no ready set with a reward (each set pays once a round)"

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
            if self.table.st.phase == rules.WAKE and verbs == "dodge":
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

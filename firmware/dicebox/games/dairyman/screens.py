"""Dairyman screens: new game, pass-and-play table, menus, scores, end.

The table: dice in two rows of six on the left (white: plain, yellow: double
border, red: hatched corners; locked dice are drawn filled, the spent yellow
die dotted), barn totals on the right, the display and the acting player's
tokens below, then a hint or message line.

Keys on your turn: Left/Right move the cursor over unlocked dice, A picks a
die for a set (a set of 10 locks by itself), B drops the picks, Up opens the
actions (reroll, freeze, stop and claim, flip, ice cream, fail), Down the
scores. A or a shake rolls. Bot turns play one step every 0.7 s; A skips to
the end of the bot's turn. The game is saved after every step.

The save (record SAVE): ``state`` is ``rules.State.to_dict()`` (its fields are
explained in rules.py), ``seats`` one player kind per seat (index into KINDS:
0 human, 1 easy bot, 2 hard bot), ``log`` the move log's lines.
"""
from micropython import const
from dicebox.core import ui, dice, events
from dicebox.core.storage import need
from dicebox.core import ticks
from dicebox.core.app import RollRefused
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, load_saved, resolve_chance
from dicebox.core.movelog import MoveLog
from dicebox.games.dairyman import rules
from dicebox.games.dairyman import help as game_help
from dicebox.games.dairyman.tiles import TILES

SAVE = "dairyman"
KINDS = ("human", "easy bot", "hard bot")
_STEP_MS = const(700)
_STYLE = (dice.OUTLINE, dice.DOUBLE, dice.HATCH)
_BACK_WORDS = ("back: cheese +5", "ice: reroll 1s", "ice: reroll 2s", "ice: reroll die")


def check_seats(s, seats):
    """A saved game's seats: one kind (human, easy or hard bot) per player."""
    need(len(seats) == s.n, "the seats do not match the players")
    for k in seats:
        need(0 <= k < len(KINDS), "a seat is not a player kind")


def load(app):
    """``(state, seats)`` of the saved game, or None (a damaged save is set
    aside and its problem noted under SAVE for the menu)."""
    return load_saved(app.store, SAVE, rules.State.from_dict, check_seats)


class Start(ui.Menu):
    """The game's own menu: Resume first (and selected) when a game is saved,
    New game, then How to play, Controls and the full rules."""

    def __init__(self, app):
        self.saved = load(app)
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", self.new))
        for title, text in game_help.pages():
            items.append((title, self.page(title, text)))
        ui.Menu.__init__(self, app, "Dairyman", items)

    def page(self, title, text):
        return lambda: self.app.push(ui.TextPage(self.app, title, text))

    def resume(self):
        s, seats = self.saved
        self.app.replace(Table(self.app, s, seats, _load_log(self.app)))

    def new(self):
        self.app.push(NewGame(self.app, self.saved is not None))


def start(app):
    app.push(Start(app))
    got = app.store.take_problems(SAVE)
    if got:
        app.message("Saved game", "The saved game was damaged and could not be "
                    "resumed (%s). Start a new one." % "; ".join(p[len(SAVE) + 2:] for p in got))


class NewGame(ui.Menu):
    def __init__(self, app, replaces=False):
        self.n = 2
        self.seats = [0, 2, 2, 2]
        self.replaces = replaces   # a saved game exists: Start asks first
        items = [(self.players_label, self.more_players, self.adj_players)]
        for i in range(4):
            items.append((self.seat_label(i), self.cycle(i, 1), self.adjuster(i)))
        items.append(("Start", self.go))
        ui.Menu.__init__(self, app, "New game", items)

    def players_label(self):
        return "Players: %d" % self.n

    def more_players(self):
        self.adj_players(1)

    def adj_players(self, d):
        self.n = (self.n - 2 + d) % 3 + 2
        self.dirty = True

    def seat_label(self, i):
        def lab():
            if i >= self.n:
                return "P%d: -" % (i + 1)
            return "P%d: %s" % (i + 1, KINDS[self.seats[i]])
        return lab

    def cycle(self, i, d):
        def fn():
            self.adjuster(i)(d)
        return fn

    def adjuster(self, i):
        def fn(d):
            if i < self.n:
                self.seats[i] = (self.seats[i] + d) % 3
                self.dirty = True
        return fn

    def go(self):
        if self.replaces:
            self.app.push(ui.Confirm(self.app, "Replace the saved game?", self.start))
        else:
            self.start()

    def start(self):
        s = rules.State(self.n)
        log = MoveLog()
        try:                     # the opening shuffle: a refused roll keeps us here
            log.add(_chance(s, self.app.rng))
        except RollRefused as e:
            self.app.message("Cannot roll", str(e))
            return
        seats = self.seats[:self.n]
        self.app.pop()
        self.app.replace(Table(self.app, s, seats, log))


def _chance(s, rng):
    """Resolve the chance node with ``rng``; the words for what came out.
    A refused roll (RollRefused) leaves the state as it was."""
    before = s.clone()
    return before.describe_chance(resolve_chance(s, rng))


def _load_log(app):
    """The move log saved with the game (its lines are checked by MoveLog)."""
    d = app.store.load(SAVE, None)
    return MoveLog(d.get("log") if isinstance(d, dict) else None)


def _tile_text(t, flipped):
    v = TILES[t][0]
    if flipped:
        return "%d%s" % (v, "c" if TILES[t][2] == 0 else "i")
    return str(v)


def scores_text(s, seats):
    out = []
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        out.append("P%d %s: %d" % (p + 1, KINDS[seats[p]], tot))
        out.append("tiles %d, cheese +%d, backorder %d (-%d), freeze %d" % (
            pts, bonus, s.tokens[p], pen, s.freeze[p]))
        if s.owned[p]:
            out.append("own: " + " ".join(_tile_text(t, s.flipped[t]) for t in s.owned[p]))
        out.append("")
    out.append("Display:")
    for t in s.display:
        out.append(game_help.tile_line(t))
    out.append("Stack %d tiles. Supply %d tokens. c = cheese, i = ice cream back." % (
        len(s.stack), s.supply()))
    return "\n".join(out)


def end_text(s, seats):
    out = []
    win = s.winners()
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        out.append("P%d%s %d+%d-%d=%d" % (p + 1, "*" if p in win else "", pts, bonus, pen, tot))
    if len(win) == 1:
        out.append("P%d wins!" % (win[0] + 1))
    else:
        out.append("Shared win: " + " ".join("P%d" % (p + 1) for p in win))
    out.append("(tiles + cheese - backorder)")
    return "\n".join(out)


class Table(ui.Screen):
    def __init__(self, app, s, seats, log=None):
        ui.Screen.__init__(self, app)
        self.s = s
        self.seats = seats
        self.log = log if log is not None else MoveLog()
        self.marks = {}        # human seat -> log count when it last acted (or sat down)
        for k in range(len(seats)):
            if seats[k] == 0:
                self.marks[k] = self.log.count
        self.cur = 0
        self.sel = []
        self.mode = 0          # 0 play, 1 freeze picking, 2 ice die picking
        self.ice_tile = -1
        self.msg = ""
        self.next_step = app.now()
        self.handoff = -1      # seat waiting for "ready"
        self.shown_seat = -1
        self.refused = False   # a roll was refused: wait for A before trying again
        self.humans = sum(1 for k in seats if k == 0)
        if s.current_player() != TERMINAL and not self.is_bot(s.seat):
            if self.humans > 1:
                self.handoff = s.seat      # a resumed pass-and-play game starts covered
            self.shown_seat = s.seat
        self.save()

    # ---- helpers ------------------------------------------------------------
    def save(self):
        """Save after every step, the move log with it; a full filesystem
        returns False and the app says so once: play goes on."""
        st = self.app.store
        if self.s.current_player() == TERMINAL:
            st.delete(SAVE)
            return True
        return st.save(SAVE, {"state": self.s.to_dict(), "seats": self.seats,
                              "log": self.log.to_list()})

    def is_bot(self, seat):
        return self.seats[seat] != 0

    def free(self):
        return self.s.free_dice()

    def enter(self):
        self.dirty = True
        self.next_step = ticks.add(self.app.now(), _STEP_MS)

    def after(self):
        """After any step: save, end of game, hand-off to the next human."""
        s = self.s
        self.save()
        self.sel = []
        self.mode = 0
        fr = self.free()
        if self.cur not in fr and fr:
            self.cur = fr[0]
        self.dirty = True
        if s.current_player() == TERMINAL:
            self.app.push(EndPage(self.app, s, self.seats))
            return
        seat = s.seat
        if seat != self.shown_seat and not self.is_bot(seat):
            if self.humans > 1:
                self.handoff = seat
            else:
                self.show_recap(seat)
        self.shown_seat = seat

    def show_recap(self, seat):
        """What happened since this human last acted (bots, skips), if anything."""
        mark = self.marks.get(seat)
        self.marks[seat] = self.log.count
        if mark is not None:
            page = self.log.recap(self.app, mark, "Since your turn")
            if page is not None:
                self.app.push(page)

    def record(self, text, seat):
        """Log a move of ``seat``; a human has seen everything up to it."""
        self.log.add(text)
        if not self.is_bot(seat):
            self.marks[seat] = self.log.count

    def do(self, action):
        text = self.s.describe(action)
        seat = self.s.seat
        try:
            self.s.apply(action)
        except IllegalMove as e:
            self.msg = e.reason
            self.app.beep(220, 80)
            self.dirty = True
            return False
        self.msg = text
        self.record(text, seat)
        self.after()
        return True

    def roll(self):
        s = self.s
        dice_roll = s.pending is not None and s.pending[0] == 1
        seat = s.seat
        try:
            text = _chance(s, self.app.rng)
        except RollRefused as e:
            self.refused = True
            self.dirty = True
            self.app.message("Cannot roll", str(e))
            return
        self.app.beep(1800, 20)
        self.msg = ""              # the dice say it; the log keeps the words
        if dice_roll:
            self.record(text, seat)
            if s.need_lock and not s.can_lock():
                self.msg = "No set!"
        else:
            self.log.add(text)
        self.after()

    def bot_step(self):
        s = self.s
        if s.current_player() == CHANCE:
            self.roll()
            return
        from dicebox.games.dairyman import bot
        fn = bot.hard if self.seats[s.seat] == 2 else bot.easy
        try:
            a = fn(s, self.app.rng)
        except RollRefused as e:
            self.refused = True
            self.app.message("Cannot roll", str(e))
            return
        self.do(a)

    # ---- frame ----------------------------------------------------------------
    def tick(self, now):
        s = self.s
        # bots playing on (e.g. a table of bots being watched): stay awake
        self.keep_awake = (s.current_player() != TERMINAL and self.handoff < 0
                           and self.is_bot(s.seat) and not self.refused)
        if s.current_player() == TERMINAL or self.handoff >= 0 or self.refused:
            return
        if s.current_player() == CHANCE and s.pending[0] != 1:
            self.roll()          # shuffles happen by themselves
            return
        if self.is_bot(s.seat) and ticks.diff(now, self.next_step) >= 0:
            self.bot_step()
            self.next_step = ticks.add(now, _STEP_MS)

    def event(self, ev):
        s = self.s
        k = events.kind(ev)
        if self.refused and ui.is_press(ev, events.A):
            self.refused = False         # try again (the roll below, or the bots)
            self.dirty = True
            if s.current_player() != CHANCE or self.is_bot(s.seat):
                return
        if s.current_player() == TERMINAL:
            if ui.is_press(ev, events.A) or ui.is_press(ev, events.B):
                self.app.push(EndPage(self.app, s, self.seats))
            return
        if self.handoff >= 0:
            if ui.is_press(ev, events.A):
                seat = self.handoff
                self.handoff = -1
                self.dirty = True
                self.show_recap(seat)
            elif ui.is_press(ev, events.B):
                self.menu()
            return
        if ui.is_press(ev, events.DOWN):
            self.app.push(ui.TextPage(self.app, "Scores", scores_text(s, self.seats)))
            return
        if self.is_bot(s.seat):
            if ui.is_press(ev, events.A):
                seat = s.seat
                n = 0
                while s.current_player() not in (TERMINAL,) and s.seat == seat and n < 200:
                    self.bot_step()
                    n += 1
                    if self.app.top() is not self:
                        break
            elif ui.is_press(ev, events.B) or ui.is_press(ev, events.UP):
                self.menu()
            return
        if s.current_player() == CHANCE:
            if k == events.SHAKE or ui.is_press(ev, events.A):
                self.roll()
            elif ui.is_press(ev, events.B) or ui.is_press(ev, events.UP):
                self.menu()
            return
        if k != events.PRESS and k != events.REPEAT:
            return
        b = events.button(ev)
        fr = self.free()
        if b == events.LEFT or b == events.RIGHT:
            if fr:
                i = fr.index(self.cur) if self.cur in fr else 0
                i = (i + (1 if b == events.RIGHT else -1)) % len(fr)
                self.cur = fr[i]
                self.dirty = True
        elif k != events.PRESS:
            return
        elif b == events.A:
            self.pick()
        elif b == events.B:
            if self.sel or self.mode:
                self.sel = []
                self.mode = 0
                self.msg = ""
                self.dirty = True
            else:
                self.menu()
        elif b == events.UP:
            if self.mode == 1:
                self.do(("reroll", tuple(self.sel)))
            else:
                self.menu()

    def pick(self):
        s = self.s
        i = self.cur
        if i not in self.free():
            return
        if self.mode == 2:
            self.do(("ice", self.ice_tile, i))
            return
        self.msg = ""
        if i in self.sel:
            self.sel.remove(i)
        elif self.mode == 1 and len(self.sel) >= s.freeze[s.seat]:
            self.msg = "no more freeze tokens"
        else:
            self.sel.append(i)
        self.dirty = True
        if self.mode == 0:
            tot = 0
            for j in self.sel:
                tot += s.dv[j]
            if tot == 10 or tot > 10 or len(self.sel) >= 3:
                st = tuple(self.sel)
                if not self.do(("lock", st)):
                    self.sel = []

    # ---- menus ------------------------------------------------------------------
    def menu(self):
        s = self.s
        app = self.app
        items = []
        me = s.current_player() >= 0 and not self.is_bot(s.seat) and self.handoff < 0
        verbs = [a[0] for a in s.legal_actions()] if me else []
        if "reroll" in verbs:
            items.append(("Reroll", self.act(("reroll", ()))))
            if s.freeze[s.seat]:
                items.append(("Freeze+reroll", self.freeze_mode))
        if "claim" in verbs:
            items.append(("Stop and claim", self.claim_menu))
        if "flip" in verbs:
            items.append(("Flip a tile", self.flip_menu))
        if "ice" in verbs:
            items.append(("Ice cream", self.ice_menu))
        if "fail" in verbs:
            items.append(("Fail: backorder", self.confirm_fail))
        items.append(("Moves", lambda: app.replace(self.log.page(app))))
        items.append(("Scores", lambda: app.replace(
            ui.TextPage(app, "Scores", scores_text(s, self.seats)))))
        for title, text in game_help.pages():
            items.append((title, self.page(title, text)))
        items.append(("Save and quit", self.quit))
        app.push(ui.Menu(app, "Actions", items))

    def page(self, title, text):
        return lambda: self.app.replace(ui.TextPage(self.app, title, text))

    def quit(self):
        self.save()
        self.app.pop()
        self.app.pop()

    def act(self, action):
        def fn():
            self.app.pop()
            self.do(action)
        return fn

    def confirm_fail(self):
        a = ("fail",)
        why = "No set of 10." if self.s.need_lock else "Nothing to claim."
        self.app.replace(ui.Confirm(self.app, why + " Take a backorder token (-5) and end the turn?",
                                    lambda: self.do(a)))

    def freeze_mode(self):
        self.app.pop()
        self.mode = 1
        self.sel = []
        self.msg = ""
        self.dirty = True

    def claim_menu(self):
        s = self.s
        items = []
        details = []
        for a in s.legal_actions():
            if a[0] == "claim":
                vals = [TILES[t][0] for t in a[1]]
                if len(vals) == 1:
                    lab = game_help.tile_line(a[1][0])
                else:
                    lab = "+".join(str(v) for v in vals) + "=%d" % sum(vals)
                items.append((lab, self.act(a)))
                if len(vals) == 1:
                    t = a[1][0]
                    details.append(["flip: " + rules.cost_text(t), _BACK_WORDS[TILES[t][2]]])
                else:
                    details.append([game_help.tile_line(t) for t in a[1]])
        self.app.replace(ClaimMenu(self.app, "Claim (%d)" % s.barn_total(), items, details))

    def flip_menu(self):
        items = []
        for a in self.s.legal_actions():
            if a[0] == "flip":
                items.append((game_help.tile_line(a[1]), self.act(a)))
        self.app.replace(ui.Menu(self.app, "Flip", items))

    def ice_menu(self):
        items = []
        done = []
        for a in self.s.legal_actions():
            if a[0] == "ice" and a[1] not in done:
                done.append(a[1])
                if len(a) == 3:
                    items.append((game_help.tile_line(a[1]), self.ice_pick(a[1])))
                else:
                    items.append((game_help.tile_line(a[1]), self.act(a)))
        self.app.replace(ui.Menu(self.app, "Ice cream", items))

    def ice_pick(self, t):
        def fn():
            self.app.pop()
            self.mode = 2
            self.ice_tile = t
            self.msg = ""
            self.dirty = True
        return fn

    # ---- drawing -------------------------------------------------------------------
    def draw(self, fb):
        s = self.s
        fb.fill(0)
        if self.handoff >= 0:
            ui.text_center(fb, "Hand over to", 14)
            ui.big_text(fb, "P%d" % (self.handoff + 1), 48, 26)
            ui.text_center(fb, "A: ready", 52)
            return
        seat = s.seat
        kind = KINDS[self.seats[seat]]
        ui.title_bar(fb, "P%d %s" % (seat + 1, kind), "=%d" % s.barn_total())
        chance = s.current_player() == CHANCE
        nd = len(s.dv)
        for i in range(nd):
            x = 1 + (i % 6) * 14
            y = 11 + (i // 6) * 15
            v = s.dv[i]
            if chance and s.pending[0] == 1 and i in s.pending[1]:
                v = 0
            loc = s.dl[i]
            if v == 0:
                fb.rect(x, y, 12, 12, 1)
                fb.text("?", x + 2, y + 2, 1)
            else:
                style = dice.DOTTED if loc == rules.SPENT else _STYLE[s.dc[i]]
                dice.draw_die(fb, x, y, 12, v, 6, 1 <= loc <= 3, style)
            if i in self.sel:
                fb.hline(x, y + 13, 12, 1)
            if i == self.cur and not chance and not self.is_bot(seat) and loc == rules.FREE:
                fb.rect(x - 1, y - 1, 14, 14, 1)
        bt = s.barn_totals()
        for b in range(3):
            fb.text("%d:%3d" % (b + 1, bt[b]), 86, 11 + b * 9, 1)
        fb.text("Disp " + " ".join(str(TILES[t][0]) for t in s.display), 0, 41, 1)
        lines = ui.wrap(self.msg)[:2] if self.msg else []
        if chance and not self.is_bot(seat) and not self.refused:
            lines = lines[:1]      # the last move's first line, then how to roll
            if lines:
                lines.append("A/shake: roll")
        if len(lines) < 2:
            tot = 0
            for j in self.sel:
                tot += s.dv[j]
            if self.mode == 1:
                info = "Frz %d/%d" % (len(self.sel), s.freeze[seat])
            else:
                info = "Sum %d" % tot if self.sel else "     "
            info += " F%d B%d" % (s.freeze[seat], s.tokens[seat])
            lines.insert(0, info)
        if len(lines) < 2:
            if self.refused:
                lines.append("A: try to roll")
            elif chance:
                lines.append("A/shake: roll" if not self.is_bot(seat) else "rolling...")
            elif self.is_bot(seat):
                lines.append("A: skip turn")
            elif self.mode == 1:
                lines.append("A:keep Up:roll")
            elif self.mode == 2:
                lines.append("A: reroll die")
            else:
                lines.append("A:pick Up:menu")
        fb.text(lines[0][:16], 0, 49, 1)
        fb.text(lines[1][:16], 0, 57, 1)


class ClaimMenu(ui.Menu):
    """The claim choices, with each tile of the selected one spelt out below:
    value, flip cost and back, so two tiles of the same value differ."""

    VISIBLE = 3

    def __init__(self, app, title, items, details):
        ui.Menu.__init__(self, app, title, items)
        self.details = details

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        if self.details:
            fb.hline(0, 38, ui.W - 4, 1)
            for k, line in enumerate(self.details[self.sel][:3]):
                fb.text(line[:15], 2, 40 + k * 8, 1)


class EndPage(ui.TextPage):
    def __init__(self, app, s, seats):
        ui.TextPage.__init__(self, app, "Game over", end_text(s, seats))
        self.s = s
        self.t0 = app.now()

    def event(self, ev):
        # a burst of A presses that skipped the last bot turn must not close it
        if ticks.since(self.app.now(), self.t0) < 1000:
            return
        if ui.is_press(ev, events.A) or ui.is_press(ev, events.B):
            self.app.store.delete(SAVE)
            self.app.pop()      # the end page
            self.app.pop()      # the table: back to the start menu or home

"""Dairyman's table: its drawing, keys and words.

Everything around the play (seats and bot levels, bots thought in slices,
pacing and "skip ahead", the pass-and-play cover and recap, saves, the end
page, records, Hint, Save and quit) is the shared table, ``core/table.py``.

The table: dice in two rows of six on the left (white: plain, yellow: double
border, red: hatched corners; locked dice are drawn filled, the spent yellow
die dotted), barn totals on the right, the display and the acting player's
tokens below, then the last move or what the keys do.

Keys on your turn: Left/Right move the cursor over unlocked dice, A picks a
die for a set (a set of 10 locks by itself), a short B drops the picks (with
none, the table asks "Leave the game?"), holding B opens the game menu (its
six moves always in the same places: reroll, freeze, stop and claim, flip,
ice cream, fail; then Hint, ...), Down the scores. A or a shake rolls. While
bots play, A skips ahead to the next person's turn.

The save (record ``SAVE``, named in the package) is ``core.table.save_table``'s: ``state`` is
``rules.State.to_dict()`` (its fields are explained in rules.py), ``seats``
one kind per seat (0 a person, 1 + level a bot of that level), ``kinds`` 2,
``log`` the move log's lines, ``opt`` the table's options (hints in pass and
play). A save from before the shared table (no ``kinds``; seats 0 human,
1 easy bot, 2 hard bot) resumes with easy as Beginner and hard as Strong.
"""
from micropython import const

from dicebox.core.modules import forget
from dicebox.core import ui, dice, events, table
from dicebox.core.game import CHANCE, kind_name
from dicebox.games.dairyman import AFTER_TABLE, AT_TABLE, GAME, SAVE, ON_DEMAND, rules
from dicebox.games.dairyman.tiles import ROLL, VALUE, BACK, tile_line

# what the table's dice keys do now (Table.mode)
MARK = const(0)         # mark dice: lock, reroll, claim
FREEZE = const(1)       # pick the dice a freeze token keeps
ICE = const(2)          # pick the die an ice cream rerolls

_STYLE = (dice.OUTLINE, dice.DOUBLE, dice.HATCH)
_BACK_WORDS = ("back: cheese +5", "ice: reroll 1s", "ice: reroll 2s", "ice: reroll die")
HELP = "dicebox.games.dairyman.help"


# the titles of help.pages(), in its order: the menus list them without the texts
HELP_TITLES = ("How to play", "Controls", "Rules", "Rulings", "Tiles")


def help_opener(app, i, over):
    """Opens help page ``i``: the texts are imported for it and dropped at
    once (the page keeps its own text), so no menu holds them."""
    def go():
        from dicebox.games.dairyman import help as game_help
        title, text = game_help.pages()[i]
        forget(HELP)
        page = ui.TextPage(app, title, text)
        if over:
            app.replace(page)
        else:
            app.push(page)
    return go


def open_table(app, s, seats, log=None, opt=None, new=False):
    """The table for ``s``; None for a new game whose opening deal was refused
    (the player is told and stays on the new-game menu; nothing is saved)."""
    t = Table(app, s, seats, log, opt)
    if new and t.refused is not None:
        app.message("Cannot roll", t.refused)
        return None
    return t


class Table(table.Table):
    GAME = GAME
    KEEP_LOG = True         # kept for replay when it ends (core/gamelogs.py)
    SAVE = SAVE
    ON_DEMAND = ON_DEMAND
    AT_TABLE = AT_TABLE
    AFTER_TABLE = AFTER_TABLE

    def __init__(self, app, s, seats, log=None, opt=None):
        self.cur = 0
        self.sel = []
        self.mode = MARK       # MARK, FREEZE or ICE: what the dice keys pick
        self.ice_tile = -1
        n = log.count if log is not None else 0
        table.Table.__init__(self, app, s, seats, log, opt)
        for i in self.marks:   # shuffles at the start (the deal) need no recap
            if self.marks[i] == n:
                self.marks[i] = self.log.count

    def free(self):
        return self.s.free_dice()

    # ---- the shared table's hooks ---------------------------------------------
    def bot_module(self):
        from dicebox.games.dairyman import bot
        return bot

    def chance_seat(self):
        """A dice roll is the acting seat's; shuffles happen by themselves."""
        return self.s.seat if self.s.pending[0] == ROLL else -1

    def end_text(self):
        from dicebox.games.dairyman.pages import end_text
        return end_text(self.s, self.seats)

    def after_move(self):
        s = self.s
        self.sel = []
        self.mode = MARK
        fr = self.free()
        if self.cur not in fr and fr:
            self.cur = fr[0]
        if not self.msg and s.current_player() >= 0 and s.need_lock and not s.can_lock():
            self.msg = "No set!"

    def menu_items(self):
        """The moves, always the same six entries in the same places; one not
        possible now says why in its label ("Reroll: no dice") and A on it
        does nothing."""
        s = self.s
        mine = self.my_turn()
        acts = s.legal_actions() if mine else []
        verbs = [a[0] for a in acts]
        items = []
        for name, ok, fn in (("Reroll", "Reroll", self.reroll_now),
                             ("Freeze", "Freeze+reroll", self.freeze_mode),
                             ("Claim", "Stop and claim", self.claim_menu),
                             ("Flip", "Flip a tile", self.flip_menu),
                             ("Ice", "Ice cream", self.ice_menu),
                             ("Fail", "Fail: backorder", self.confirm_fail)):
            why = self.why_not(name, verbs) if mine else "not now"
            if why is None:
                items.append((ok, fn))
            else:
                items.append(("%s: %s" % (name, why), None))
        return items

    def why_not(self, name, verbs):
        """None when the menu entry ``name`` can be used now, else why not, in
        the few characters left beside its name."""
        s = self.s
        p = s.seat
        free = s.free_dice()
        if name in ("Reroll", "Freeze", "Claim"):
            if s.need_lock:
                return "set 1st" if s.can_lock() else "no set"   # (a menu line: 15 columns)
            if name == "Claim":
                return None if "claim" in verbs else "none fit"
            if not free:
                return "no dice"
            if name == "Freeze":
                if not s.freeze[p]:
                    return "0 left"
                if len(free) < 2:
                    return "one die"
            return None
        if name == "Flip":
            if "flip" in verbs:
                return None
            left = [t for t in s.owned[p] if not s.flipped[t]]
            return "no tiles" if not s.owned[p] else ("all done" if not left else "can't pay")
        if name == "Ice":
            if "ice" in verbs:
                return None
            ices = [t for t in s.owned[p] if s.flipped[t] and BACK[t] != 0]
            if not ices:
                return "none yet"
            if not [t for t in ices if t not in s.used]:
                return "used"
            return "no dice"
        if "fail" in verbs:
            return None
        return "can lock" if s.need_lock else "can claim"

    def reroll_now(self):
        """Reroll from the menu: the move and its roll together, so the log's
        line and the dice on the table change at the same time."""
        self.app.pop()
        self.play_and_roll(("reroll", ()))

    def play_and_roll(self, action):
        if self.play(action) and self.human_rolls():
            self.roll()

    def info_items(self):
        app = self.app
        return [("Scores", lambda: app.replace(self.scores()))]

    def scores(self):
        """The scores page (its text's code is imported for it, then dropped)."""
        from dicebox.games.dairyman.pages import scores_text
        return ui.TextPage(self.app, "Scores", scores_text(self.s, self.seats))

    def help_items(self):
        return [(HELP_TITLES[i], help_opener(self.app, i, True)) for i in range(len(HELP_TITLES))]

    def key(self, ev):
        """Down: scores; on your turn the cursor and the picks; a short B
        (its release, from the table's b_event) drops the picks or leaves
        freeze / ice picking, else it is the table's (B: back; holding B: the
        game menu, the picks kept)."""
        k = events.kind(ev)
        b = events.button(ev)
        if b == events.B:
            if k == events.RELEASE and self.my_turn() and (self.sel or self.mode):
                self.sel = []
                self.mode = MARK
                self.msg = ""
                self.dirty = True
                return True
            return False
        if k != events.PRESS and k != events.REPEAT:
            return False
        if b == events.DOWN:
            if k == events.PRESS:
                self.app.push(self.scores())
            return True
        if not self.my_turn():
            return False
        fr = self.free()
        if b == events.LEFT or b == events.RIGHT:
            if fr:
                i = fr.index(self.cur) if self.cur in fr else 0
                i = (i + (1 if b == events.RIGHT else -1)) % len(fr)
                self.cur = fr[i]
                self.dirty = True
        elif k != events.PRESS:
            return True
        elif b == events.A:
            self.pick()
        elif b == events.UP and self.mode == FREEZE:
            self.play_and_roll(("reroll", tuple(self.sel)))
        return True

    # ---- picking dice ------------------------------------------------------------
    def pick(self):
        s = self.s
        i = self.cur
        if i not in self.free():
            return
        if self.mode == ICE:
            self.play_and_roll(("ice", self.ice_tile, i))
            return
        self.msg = ""
        if i in self.sel:
            self.sel.remove(i)
        elif self.mode == FREEZE and len(self.sel) >= s.freeze[s.seat]:
            self.msg = "no more freeze tokens"
        elif self.mode == FREEZE and len(self.sel) >= len(self.free()) - 1:
            self.msg = "leave 1 to roll"     # a reroll rolls at least one die
        else:
            self.sel.append(i)
        self.dirty = True
        if self.mode == MARK:
            tot = 0
            for j in self.sel:
                tot += s.dv[j]
            if tot >= 10 or len(self.sel) >= 3:
                if not self.play(("lock", tuple(self.sel))):
                    self.sel = []

    # ---- menus ------------------------------------------------------------------
    def act(self, action):
        def fn():
            self.app.pop()
            self.play_and_roll(action)
        return fn

    def confirm_fail(self):
        a = ("fail",)
        why = "No set of 10." if self.s.need_lock else "Nothing to claim."
        self.app.replace(ui.Confirm(self.app, why + " Take a backorder token (-5) and end the turn?",
                                    lambda: self.play(a)))

    def freeze_mode(self):
        self.app.pop()
        self.mode = FREEZE
        self.sel = []
        self.msg = ""
        self.dirty = True

    def claim_menu(self):
        s = self.s
        items = []
        details = []
        for a in s.legal_actions():
            if a[0] == "claim":
                vals = [VALUE[t] for t in a[1]]
                if len(vals) == 1:
                    lab = tile_line(a[1][0])
                else:
                    lab = "+".join(str(v) for v in vals) + "=%d" % sum(vals)
                items.append((lab, self.act(a)))
                if len(vals) == 1:
                    t = a[1][0]
                    details.append(["flip: " + rules.cost_text(t), _BACK_WORDS[BACK[t]]])
                else:
                    details.append([tile_line(t) for t in a[1]])
        self.app.replace(ClaimMenu(self.app, "Claim (%d)" % s.barn_total(), items, details))

    def flip_menu(self):
        items = []
        for a in self.s.legal_actions():
            if a[0] == "flip":
                items.append((tile_line(a[1]), self.act(a)))
        self.app.replace(ui.Menu(self.app, "Flip", items))

    def ice_menu(self):
        items = []
        done = []
        for a in self.s.legal_actions():
            if a[0] == "ice" and a[1] not in done:
                done.append(a[1])
                if len(a) == 3:
                    items.append((tile_line(a[1]), self.ice_pick(a[1])))
                else:
                    items.append((tile_line(a[1]), self.act(a)))
        self.app.replace(ui.Menu(self.app, "Ice cream", items))

    def ice_pick(self, t):
        def fn():
            self.app.pop()
            self.mode = ICE
            self.ice_tile = t
            self.msg = ""
            self.dirty = True
        return fn

    # ---- drawing -------------------------------------------------------------------
    def draw_table(self, fb):
        s = self.s
        fb.fill(0)
        seat = s.seat
        bot = self.is_bot(seat)
        ui.title_bar(fb, "P%d %s" % (seat + 1, kind_name(self.seats[seat])))
        right = "=%d" % s.barn_total()
        fb.text(right, self.CUE_X - 1 - 8 * len(right), 1, 0)   # clear of the thinking cue
        chance = s.current_player() == CHANCE
        for i in range(len(s.dv)):
            x = 1 + (i % 6) * 14
            y = 11 + (i // 6) * 15
            v = s.dv[i]
            if chance and s.pending[0] == ROLL and i in s.pending[1]:
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
            if i == self.cur and not chance and not bot and loc == rules.FREE:
                fb.rect(x - 1, y - 1, 14, 14, 1)
        bt = s.barn_totals()
        for b in range(3):
            fb.text("%d:%3d" % (b + 1, bt[b]), 86, 11 + b * 9, 1)
        fb.text("Disp " + " ".join(str(VALUE[t]) for t in s.display), 0, 41, 1)
        refused = self.refused is not None
        lines = ui.wrap(self.msg)[:2] if self.msg else []
        if chance and not bot and not refused and lines:
            head = _head(self.msg)   # the last move in one line, then how to roll;
            if head is not None:     # or its two lines (the "?" dice say: roll)
                lines = [head, "A/shake: roll"]
        if len(lines) < 2:
            tot = 0
            for j in self.sel:
                tot += s.dv[j]
            if self.mode == FREEZE:
                info = "Frz %d/%d" % (len(self.sel), s.freeze[seat])
            else:
                info = "Sum %d" % tot if self.sel else "     "
            info += " F%d B%d" % (s.freeze[seat], s.tokens[seat])
            lines.insert(0, info)
        if len(lines) < 2:
            if refused:
                lines.append("A: try to roll")
            elif bot:
                lines.append("A: skip ahead")
            elif chance:
                lines.append("A/shake: roll")
            elif self.mode == FREEZE:
                lines.append("A:keep Up:roll")
            elif self.mode == ICE:
                lines.append("A: reroll die")
            else:
                lines.append("Hold B for menu")
        fb.text(lines[0][:16], 0, 49, 1)
        fb.text(lines[1][:16], 0, 57, 1)


def _head(msg):
    """The first part of a move's words when it fits one line ("P2 claimed
    15c", "P2 had no set"), else None: a line is never cut inside a word."""
    k = len(msg)
    for sep in (": ", "; ", ". "):
        j = msg.find(sep)
        if 0 <= j < k:
            k = j
    return msg[:k] if k <= ui.COLS else None


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

"""Auntie Mildred's table: its drawing, keys and words.

The table is the console's shared game table (``core/table.py``): seats and
bot levels, bots thought in slices, pacing and "skip to my turn", the
pass-and-play cover and recap, the save policy, the end page and records,
Hint and "Save and quit" all live there. This module gives it Mildred's
drawing, keys and words.

The table (drawn, not text rows; player 1 always left, player 2 right):
  top bar  whose turn, phase, round (right; a bot's thinking cue turns there)
  corners  player number (inverted on their turn), victory boxes (filled =
           won), cookie die, prank slot "P" and dodge slot "D" ("-" = empty)
  middle   the 3 task columns: set code (CL LA DI CO, as in the menus) over
           two 6-step ladders up to each player's top scallywag; solid =
           ready, hollow = used
  row      the 6 indulgency cards by their code (PR 2P 3K S5 FH 4K 2T S6, as in
           the menus), one letter on each half; the left half lit = player 1
           has dice on it, the right half = player 2
  bottom   your shaken dice as faces, or a hint, or what the bot just did

Keys (help.CONTROLS lists them for players): A opens the moves of the phase
(every kind in a fixed place, the ones not possible now dimmed with why; the
lists behind them hold only legal moves), Up the moves so far, Down the
details page, B back (the shared table: "Leave the game?"), hold B the game
menu. A shake or A rolls your dice. While bots play, A skips to your
turn. Results of your own combat, scoring and tasks are shown as they happen.
"""
from micropython import const

from dicebox.core import events as E
from dicebox.core import table, ui
from dicebox.core.dice import draw_die
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.games.mildred import AFTER_TABLE, AT_TABLE, GAME, SAVE, ON_DEMAND, cards
from dicebox.games.mildred import rules, words
from dicebox.games.mildred.cards import ind_name, set_name
# Table layout (pixels). Player 1 is always on the left, player 2 on the right:
# the corners, the two ladders of each task column, the halves of each card.
COOKIE_XY = ((0, 24), (116, 24))   # the cookie dice, 12 px
POOL_Y = 52                        # the shaken dice, 12 px, 2 px apart
CARD_Y = 41                        # the indulgency cards, 20 x 10, 1 px apart
_CARD_W = const(20)
_RESULT = ("combat", "score", "goal", "task")   # a person's moves whose outcome is shown


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


# ---- the table ----------------------------------------------------------------
class Table(table.Table):
    GAME = GAME
    KEEP_LOG = True         # kept for replay when it ends (core/gamelogs.py)
    SAVE = SAVE
    ON_DEMAND = ON_DEMAND
    AT_TABLE = AT_TABLE
    AFTER_TABLE = AFTER_TABLE

    def __init__(self, app, st, seats, log=None, opt=None):
        table.Table.__init__(self, app, st, seats, log, opt)
        seat = self.actor()
        if self.humans == 1 and seat >= 0 and not self.is_bot(seat):
            # a person who starts sees who starts and why
            page = self.log.recap(app, self.marks[seat], "How it starts")
            self.marks[seat] = self.log.count
            if page is not None:
                self.queue.append(page)

    # -- the shared table's hooks --
    def chance_seat(self):
        s = self.s
        return -1 if s.phase in (rules.SETUP, rules.START) else s.turn

    def roll_words(self, before, got):
        return before.describe_chance(got)

    def winners(self):
        w = self.s.winner
        return [0, 1] if w is None or w < 0 else [w]

    def bot_module(self):
        # imported with the first bot move or hint, not with the menus
        from dicebox.games.mildred import bot
        return bot

    # the end page's text and the game menu's pages: pages.py's (imported
    # when one opens, dropped when the table is back on top)
    def end_text(self):
        from dicebox.games.mildred.pages import end_text
        return end_text(self.s, self.log)

    def info_items(self):
        from dicebox.games.mildred.pages import info_items
        return info_items(self.app, self.s)

    def help_items(self):
        from dicebox.games.mildred.pages import help_items
        return help_items(self.app, True)

    def key(self, ev):
        if E.kind(ev) != E.PRESS:
            return False
        b = E.button(ev)
        app = self.app
        if b == E.UP:
            app.push(self.log.page(app))
        elif b == E.DOWN:
            from dicebox.games.mildred.pages import details_page
            app.push(details_page(app, self.s))
        elif b == E.A and self.my_turn():
            from dicebox.games.mildred.moves import ActionMenu
            app.push(ActionMenu(app, self))
        else:
            return False
        return True

    def wanted(self):
        """The move a lesson asks for (marked in the menus), or None."""
        return None

    # -- a person's action, from the action menus --
    def try_act(self, a):
        """Apply a person's action: None when done, else the rules' reason. The
        outcome of a fight, a score or a task (or any change of cookies and
        victory dice) is shown as it happens."""
        s = self.s
        before = (s.cookie[:], s.vic[:])
        if not self.play(a):
            return self.msg
        text = self.msg
        self.msg = ""
        if a[0] in _RESULT or before != (s.cookie, s.vic):
            self.queue.append(ui.Message(self.app, "Result", text))
        return None

    # -- drawing --
    def draw_table(self, fb):
        fb.fill(0)
        st = self.s
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
        st = self.s
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
        st = self.s
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
        st = self.s
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
        st = self.s
        if st.current_player() == st.turn and st.phase == rules.ACT and not self.is_bot(st.turn):
            return st.pool[st.turn] or None
        return None

    def bottom(self):
        st = self.s
        cp = st.current_player()
        if cp == TERMINAL:
            return "Game over"
        if self.refused is not None:
            return "No roll: A again"
        seat = self.actor()
        if seat < 0:
            return "Setting up"
        if self.is_bot(seat):
            return words.status(self.msg) if self.msg else "bot's turn"
        if cp == CHANCE:
            return "Shake or A: roll"
        if st.phase == rules.ACT:
            return "".join(str(v) for v in st.pool[st.turn]) or "no dice: pass"
        if st.dodge[st.turn][0]:
            return "must: Take dodge"
        if st.wake_block(st.turn):
            return "must: One a set"
        return words.status(self.msg) if self.msg else "A:act holdB:menu"

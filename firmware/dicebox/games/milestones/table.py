"""Milestones at the table: the table's play (the clock, keys and actions,
claims, the bots' steps, saves) and the bot module it plays with; the
pages play opens over it (picking a pile, a seat's card while several
people share the console) are ``playpages``, imported on use. Its picture is ``view`` (drawn
whole, or only the parts that changed); its part of the game menu (the moves made from it, the
settings, the Hint) is ``gamemenu``. The start menu is ``start``, the setup,
the high scores and the result page are ``pages`` (``pages`` and
``gamemenu`` imported on use, not kept during play).

Screens hold no rules: they show ``rules.State`` and turn buttons into actions; a
refused action's reason is shown. The keys are listed for players in
``help.CONTROLS`` (keep the two in step). People sit first, bots after them.

The shared game table (``core.table``) is turn-based; in Milestones everyone
plays at once (any seat claims at any moment, the sand never waits), so
``Table`` takes from ``core.table.Table`` what fits -- seat kinds and bot
levels, ``save_table``/``load_table`` and the save policy, the thinking cue,
the game menu with Hint, "Save and quit", the end page, the per-level records
-- and keeps its own frame: the clock, then either one save, or one bot step
(``bot.Bot(seat, level).step(st, app.rng)``, one seat a frame, round robin), or
playing the action a step found, or (every few frames, when nothing is to be
redrawn) the shared table's look at the heap, a frame that may collect and
does nothing else. Saves come one per action, in later frames that
run no bot step, show no tumbling dice and draw nothing (a person's second
action before it saves the first one first), so a power cut loses at most
the last action: as at the shared table, one frame makes the record, the
next its text, the next writes it (``core.table.Table.save_step``); the
clock is moved on before the record is made, so the saved sand is that
frame's. A frame that plays a bot's action or rolls your dice does not draw
them: the next frame draws, and runs no bot step and no save. A frame that
runs a bot step draws only the parts of the table that changed (``view``:
the turning cue, a second, a die), never the whole table. The save's
keys (``opt`` holds the setup), the first format's conversion, the pace of
the bots and what counts as a won record are in docs/games/milestones.md
("Screens").

Clocks: the table keeps the rules' clock itself, advanced by the wrap-safe
``core.ticks`` difference between frames, so the console's tick counter
wrapping never stops the sand; resuming stands the hourglass up again.
"""
from micropython import const
from dicebox.core import ui, ticks, events
from dicebox.core import table as T
from dicebox.core.game import CHANCE, LEVELS, IllegalMove
from dicebox.core.rng import RollRefused
from dicebox.games.milestones import AFTER_TABLE, AT_TABLE, GAME, SAVE, ON_DEMAND, PACE, PACES, deck, keeps
from dicebox.games.milestones.dice import labels as die_labels
from dicebox.games.milestones.view import View

_READ_MS = (8000, 5000, 2500)  # a bot rerolls no sooner than this after the dice changed
_FIT_MS = (20000, 12000, 6000)  # ... nor, while a person's card fits the dice, this
_BOT_WAIT_MS = const(1500)    # ... nor this soon after a person pressed a key
_SEE_MS = (2000, 1200, 700)   # bots claim a fitting card no sooner than this after the
                              # dice changed (a person reads the new dice first), by pace
_TUMBLE_MS = const(300)       # rolled dice tumble this long
_MSG_MS = const(2500)          # a message's lifetime (it goes sooner when the dice change)
SAID_MAX = const(12)          # lines waiting for the message line, at most


def new_config():
    return {"humans": 1, "bots": 2, "level": LEVELS.index("Strong"), "big": False,
            "must": [0, 0, 0], "hg": 0, "aid": False}


def bots():
    """The bot module: imported by the table in its first frames
    (``AT_TABLE``, core/table.Table.load_next), or here when it is wanted
    before that (a hint asked for at once); from source (the tests) a big
    module compiles best on a freshly collected heap."""
    import sys
    got = sys.modules.get("dicebox.games.milestones.bot")
    if got is None:
        import gc
        gc.collect()
        from dicebox.games.milestones import bot as got
    return got


def _dice_words(st, m):
    if st.dice is None or m == 63:
        return "all six dice"
    return die_labels(st.dice, m)


class Table(T.Table):
    GAME = "Milestones"     # the game menu's title
    KEEP_LOG = True         # kept for replay when it ends (core/gamelogs.py)
    SAVE = SAVE
    ON_DEMAND = ON_DEMAND   # imported on use, not kept during play
    AT_TABLE = AT_TABLE
    AFTER_TABLE = AFTER_TABLE
    CUE_X = 119             # the thinking cue, right of the turn seat on the top line

    def __init__(self, app, st, seats, log=None, opt=None):
        self.st = st
        self.cfg = opt if opt is not None else new_config()
        self.done = False
        self.tumble = 0              # dice mask tumbling, until tumble_until
        self.tumble_until = 0
        self.busy = False            # a bot is thinking (the cue turns)
        self.ready = None            # a bot's answer, played in the next frame
        T.Table.__init__(self, app, st, seats, log, self.cfg)   # its save is due now
        self.cover = -1              # everyone plays at once: no hand-over cover
        n = st.n
        self._bm = None               # the bot module and the bots: ``bm``, when play first needs them
        self._bots = None
        self.keeps().clear_announcements()   # a new game's board of keep requests
        if self.humans == 1:
            self.names = ["You"] + ["S%d" % (s + 1) for s in range(1, n)]
        else:
            self.names = ["S%d" % (s + 1) for s in range(n)]
        self.seen = [None] * self.humans   # log mark at the end of each person's last turn
        self.prev_turn = st.turn
        self.cur = 0
        self.sel = 0                  # dice marked to reroll (drawn dark)
        self.keepm = 0                # dice marked to keep (drawn in a double frame)
        self.marks_before = None      # (sel, keepm) before A's press (a hold of A rolls)
        self.spare = 0                # the dice bots below Expert leave alone (a person's)
        self.spare_all = 0            # ... and bots of every level (a fitting card's dice)
        self.fit = False              # a person's card fits the dice
        self.spare_key = -1           # the rolls, keep marks and hands spare was set for
        self.spare_keep = 0
        self.spare_hands = [-2] * self.humans
        self.msg_rolls = -1           # the rolls when the message line was said
        self.said = []                # lines waiting for the message line (cut by short() when said)
        now = app.now()
        self.last = now               # tick value the rules' clock was last advanced at
        self.in_play = False          # a page of play (pile, card) is over the table: the sand runs
        self.msg_until = now
        self.changed = now            # when the dice last changed
        self.touched = now            # when a person last pressed a key here
        self.asked = -1               # person's seat asked to pick a first pile
        self.next_bot = 0
        self.result = None            # (best before, new best?, first time?) once recorded
        self.last_sec = -1
        self.steps = 0                # bot steps taken (tests count them)
        self.stepped = False          # this frame ran a bot step
        self.stepped_at = None        # the console's frame count at the last bot step
        self.acted = None             # the console's frame count when a person last acted
        self.rolled = None            # ... and last rolled (its picture comes a frame later)
        self.played = None            # ... and last played a bot's action (likewise)
        self.show_card = self.humans == 1   # alone: your card sits under the dice
        self.close = [0] * n          # the dice each bot last announced it needs kept
        self.view = View()            # the picture, and what it last showed
        if st.pending is not None:    # a save taken while a draw or roll waited
            self._resolve()

    # ---- the bots: taken up when play first needs them ---------------------------
    @property
    def bm(self):
        """The bot module with the bots made: the first time play needs them,
        once ``load_next`` has brought the module in a frame of its own, after
        the start pages were let go (never in the heap together with them)."""
        m = self._bm
        if m is None:
            m = self._bm = self.bot_module()
            if self._bots is None:
                self._bots = [m.Bot(s, self.seats[s] - 1) for s in range(self.humans, self.st.n)]
        return m

    @property
    def bots(self):
        """The bots, one a bot seat, in seat order."""
        if self._bots is None:
            self.bm
        return self._bots

    @bots.setter
    def bots(self, got):
        self._bots = got

    # ---- the shared table's hooks ----------------------------------------------
    def bot_module(self):
        return bots()

    def keeps(self):
        """The board of keep requests ("keep these dice"): the bots' and a person's."""
        return keeps

    def chance_rng(self):
        """Where the drawn cards and rolled dice come from (the lesson plans them)."""
        return self.app.rng

    def settle(self):
        pass                          # chances are resolved as each action lands

    def animating(self):
        return bool(self.tumble) and ticks.diff(self.tumble_until, self.app.now()) > 0

    def my_turn(self):
        """A person may act: claims, swaps and flips do not wait for a turn."""
        st = self.st
        return not st.over and st.setup >= st.n

    # ---- the game menu's part (gamemenu, imported when the menu opens) ----------
    def menu_items(self):
        from dicebox.games.milestones.gamemenu import moves
        return moves(self)

    def info_items(self):
        from dicebox.games.milestones.gamemenu import settings
        return settings(self)

    def help_items(self):
        return [("How to play", self.help_menu)]

    def help_menu(self):
        from dicebox.games.milestones import help as game_help
        game_help.menu(self.app)

    def hint(self):
        from dicebox.games.milestones.gamemenu import hint
        hint(self)

    def pace(self):
        """The bots' pace (an index of ``PACES``), from the setup."""
        p = self.cfg.get("pace", PACE)
        return p if type(p) is int and 0 <= p < len(PACES) else PACE

    def keep(self, seat):
        """Ask the team to keep the dice marked to keep (your card is close):
        the bots then leave them alone while they show these faces and you
        hold this card (Expert by the close-card protocol, the levels below
        as the table asks them, ``spare``). Alone, marking a die to keep asks
        at once; with several people "Ask to keep" in the game menu asks for
        a seat."""
        st = self.st
        if st.hands[seat] < 0:
            self.say("no card in hand")
            return
        self.keeps().announce(st, seat, self.keepm)
        if self.keepm:
            self.log.add("%s: keep %s" % (self.names[seat], _dice_words(st, self.keepm)))
            self.say(self.log.lines[-1])
        if self.humans > 1:
            self.keepm = 0

    def mark(self, i):
        """A on a die: no mark, then reroll (dark), then keep (double frame),
        then no mark again."""
        bit = 1 << i
        if self.sel & bit:
            self.sel ^= bit
            self.keepm |= bit
        elif self.keepm & bit:
            self.keepm ^= bit
        else:
            self.sel |= bit
        if self.humans == 1 and (self.keepm or self.keeps().announced(self.st, 0)):
            self.keep(0)

    def key(self, ev):
        """A short B (its release, from the table's b_event: held, B opens the
        game menu with the marks kept, "Ask to keep" needs them) first
        cancels the marks (both kinds; alone, the request to keep is
        withdrawn): True when there were any."""
        if not (self.sel or self.keepm):
            return False
        self.sel = 0
        if self.keepm:
            self.keepm = 0
            if self.humans == 1:
                self.keeps().announce(self.st, 0, 0)
        self.say("Marks cleared")
        self.dirty = True
        return True

    def leave(self):
        """"Leave the game?" answered A: the hourglass is laid down, as by
        "Save and quit", and the game saved."""
        st = self.st
        now = self.app.now()
        if not st.is_over():
            self.clock(("pause", st.now + self.ran(now)))
            self.last = now
        if st.is_over():             # the sand ran out while the question was open
            if not self.ended:
                self.finish()
            else:
                self.app.pop()
            return
        self.done = True
        T.Table.leave(self)

    def quit(self):
        """Lay the hourglass down, save and leave (the core's save and quit)."""
        st = self.st
        now = self.app.now()
        self.clock(("pause", st.now + self.ran(now)))
        self.last = now
        if st.is_over():             # the sand ran out while the menu was open
            self.app.pop()           # the menu; the result goes over the table
            self.finish()
            return
        self.done = True
        T.Table.quit(self)

    def finish(self):
        """Once: the record, the high score, then the save goes; the end page.
        The game id makes each step count once when a power cut between them
        brings the game back (``pages.record_high``)."""
        self.done = True
        self.ended = True
        self.pending_save = False    # the end is never saved: a resume plays it again
        if self.result is None and self.log_steps is not None:
            from dicebox.core.gamelogs import keep_then
            keep_then(self, [self.st.score()], self.finish_rest)   # the game kept as its
            return                                                 # log, a slice a frame
        self.finish_rest()

    def finish_rest(self):
        """The end after its log was kept: the record and the high score,
        the save removed, the end page."""
        st = self.st
        store = self.app.store
        if self.result is None:
            from dicebox.core.tablepages import add_record
            count = None
            if self.humans == 1 and self.bots:
                level = max(self.seats) - 1
                gid = self.cfg.get("gid")
                score = st.score()

                def count(top):
                    res = 0 if top is None or score > top else (2 if score == top else 1)
                    add_record(store, GAME, level, res, gid)
            from dicebox.games.milestones.pages import record_high   # dropped when the table
            self.result = record_high(store, st, self.cfg, count)    # is back on top
        self.save_now()              # a finished game's save is removed
        self.end_page()

    def end_page(self):
        from dicebox.games.milestones.pages import Result
        self.app.push(Result(self.app, self.st, self.result))

    # ---- actions -----------------------------------------------------------
    def act(self, a, bot=False):
        """Apply ``a`` (a person's, or a bot's when ``bot``), log it and ask for
        a save in a later frame. A refused action's reason is shown."""
        st = self.st
        if not bot:
            self.ready = None        # a bot's answer waiting is thought again
            self.acted = self.frame_no()   # the console's frame count now
        if self.pending_save and not bot:
            self.tumble = 0          # the dice land at once: this frame does not animate
            self.save_now()          # two actions before a frame: the first is saved first
        words = st.describe(a, self.names)
        seat = st.turn if a[0] == "roll" else a[1]   # who acts (logcodec.actor)
        try:
            st.apply(a)
        except IllegalMove as e:
            if not bot:              # a bot's refused step is asked again later
                self.say(e.reason)
                self.app.beep(220, 120)
            return False
        self.note(seat, a)
        self.want_save()
        self.dirty = True
        self._resolve()
        if words and a[0] != "roll":     # a roll is said with its dice as they land
            self.log.add(words)
        return True

    def clock(self, a):
        """Apply a clock action (time, pause, resume); the end of the game it
        brings when the sand runs out goes into the log. The words are asked
        for only when the glass is empty (no allocation in the frames before)."""
        st = self.st
        words = st.describe(a, self.names) if st.glass.left(a[1]) == 0 else ""
        st.apply(a)
        self.note(None, a)
        if words:
            self.log.add(words)

    def _resolve(self):
        """Draw the card or roll the dice the rules wait for (a refused roll
        leaves the wait for A at the table). A roll goes into the log as it
        lands, with its dice, the must-do cards they meet and an end they
        bring (``State.describe_chance``)."""
        st = self.st
        if st.current_player() != CHANCE:
            return
        was = st.pending
        rng = self.chance_rng()
        try:
            got = [rng.randbelow(k) for k in st.chance_request()]
        except RollRefused as e:
            self.refuse(e)
            return
        said = st.describe_chance(got, self.names)
        st.apply_chance(got)
        self.note(CHANCE, got)
        if said:
            for line in said.split("\n"):
                self.log.add(line)
        self.refused = None
        if was[0] == "roll":
            now = self.app.now()
            self.keepm &= 63 ^ was[1]    # a rerolled die's keep request has lapsed
            self.changed = now
            self.tumble = was[1]
            self.tumble_until = ticks.add(now, _TUMBLE_MS)
            self.app.beep(880, 30)

    def say(self, text):
        """The message line: for ``_MSG_MS``, or until the dice change."""
        self.msg = text
        self.msg_until = ticks.add(self.app.now(), _MSG_MS)
        self.msg_rolls = self.st.rolls
        self.dirty = True

    def human(self, seat):
        return seat < self.humans

    def roll(self):
        st = self.st
        if st.setup < st.n or not self.human(st.turn) or st.pending is not None:
            return
        m = 63 if st.dice is None else self.sel
        if not m:
            self.say("Mark a die first (A)")
            return
        if self.act(("roll", m)):
            self.sel = 0
            self.rolled = self.frame_no()   # the tumble is drawn from the next frame on

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
        from dicebox.games.milestones.playpages import PilePicker
        self.in_play = True
        self.app.push(PilePicker(self.app, self, seat, "claim"))

    def peek(self, seat):
        from dicebox.games.milestones.playpages import Peek
        self.in_play = True          # looking at your card: the sand runs on
        self.app.push(Peek(self.app, self.st, seat))

    def enter(self):
        """Back on top. A page of play (a pile to choose, your card) let the
        sand run, as at the table; any other page over the table (the game
        menu, Hint, help, the move log, the leave question) kept it waiting:
        the console's pause, so a newcomer can read without losing time."""
        T.Table.enter(self)
        self.view.fb = None           # another page was drawn: the next picture is whole
        if self.in_play:
            self.in_play = False
        else:
            self.last = self.app.now()

    def ran(self, now):
        """The sand's ms since the last frame: none while a page that is not
        play is over the table (a Save and quit from the game menu)."""
        if self.app.top() is not self and not self.in_play:
            return 0
        return ticks.since(now, self.last)

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
        if b == events.B and (k == events.PRESS or k == events.LONG or k == events.RELEASE):
            self.touched = self.app.now()
            self.b_event(ev, k)      # short: cancel the marks, else "Leave the game?"; held: the menu
            self.dirty = True
            return
        if self.st.is_over():
            if self.ended and (ui.is_press(ev, events.A) or ui.is_press(ev, events.B)):
                self.end_page()
            return
        self.touched = self.app.now()
        if self.refused is not None and ui.is_press(ev, events.A):
            self.refused = None      # A tries the refused roll again
            self._resolve()
        elif k == events.SHAKE:
            self.roll()
        elif k == events.PRESS and b == events.LEFT:
            self.cur = (self.cur - 1) % 6
        elif k == events.PRESS and b == events.RIGHT:
            self.cur = (self.cur + 1) % 6
        elif k == events.PRESS and b == events.A:
            if self.st.dice is not None:
                self.marks_before = (self.sel, self.keepm)
                self.mark(self.cur)
            elif self.human(self.st.turn) and self.st.setup >= self.st.n:
                self.say("Shake, or hold A, to roll")   # a tap does not roll (no dice to mark)
        elif k == events.LONG and b == events.A:
            if self.st.dice is not None and self.marks_before is not None:
                self.sel, self.keepm = self.marks_before   # the press before a hold is not a mark
                if self.humans == 1:
                    self.keeps().announce(self.st, 0, self.keepm)
            self.marks_before = None
            self.roll()
        elif k == events.PRESS and b == events.UP:
            self.seats_then(self.claim, "Who claims?")
        elif k == events.PRESS and b == events.DOWN:
            if self.humans == 1:
                self.show_card = not self.show_card
            else:
                self.seats_then(self.peek, "Whose card?")
        else:
            return
        self.dirty = True

    # ---- frame: the clock, the save, one bot step --------------------------
    def tick(self, now):
        st = self.st
        self.stepped = False
        self.keep_awake = not self.done  # the sand runs: the console must not sleep
        if self.done:
            return
        if self.load_next():             # the bot and its tables, a frame each:
            self.last = now              # the sand waits for them
            return
        if st.paused:
            self.clock(("resume", st.now))
        # the rules' clock moves on by the (wrap-safe) ticks since the last frame
        self.clock(("time", st.now + ticks.since(now, self.last)))
        self.last = now
        if st.is_over():
            self.finish()
            return
        # a person acted in this frame, or the last frame rolled or played a bot's
        # action whose picture this frame draws: no bot step, no save in it
        f = self.frame_no()
        acted = f is not None and (self.acted == f or self.rolled == f - 1 or self.played == f - 1)
        sec = st.time_left() // 1000
        if sec != self.last_sec:
            self.last_sec = sec
            self.dirty = True
            if st.started and sec < 10:
                self.app.beep(1200, 20)
        if self.tumble:
            self.dirty = True
            if not self.animating():
                self.tumble = 0
        if st.rolls != self.msg_rolls:
            # the dice changed: what was said about the dice before no longer applies
            self.msg_rolls = st.rolls
            self.msg_until = now
            del self.said[:]
        if self.msg and ticks.diff(now, self.msg_until) >= 0:
            self.msg = ""
            self.dirty = True
        if not self.msg and self.said:
            self.say(short(self.said.pop(0)))   # one line cut a message, not a recap's all at once
        # a person about to be asked for a first pile is asked first: the picker
        # comes as soon as the table is up, and the save goes on under it (PilePicker)
        ask = (st.setup < st.n and self.human(st.setup) and self.asked != st.setup
               and self.refused is None and st.pending is None)
        if self.pending_save and not self.animating() and not acted and not ask:
            if self.dirty and not self.save_waited:
                self.save_waited = True   # this frame draws (a second of sand): the save waits one
            else:
                self.save_waited = False
                self.save_step()
            return                    # a save's record or its write is this frame's work: no bot step
        if self.refused is not None or st.pending is not None:
            self.heap_frame(False)    # waiting for A
            return
        if st.setup < st.n and self.human(st.setup):
            s = st.setup
            if self.asked != s:
                self.asked = s
                if len(st.piles) == 1:
                    self.act(("draw", s, 0))
                else:
                    from dicebox.games.milestones.playpages import PilePicker
                    self.in_play = True
                    self.app.push(PilePicker(self.app, self, s, "draw"))
            return
        if st.setup >= st.n:
            self._recap()
        if acted:
            return                    # the person's action and its picture are this frame's work
        if self.bots:
            if self.heap_frame(True):  # a still frame: no bot step, nothing played
                return
            self.bot_step(now)
        else:
            self.heap_frame(False)

    def bot_step(self, now):
        """One bot seat's step (round robin); an answer the table's pace allows
        is played in the next frame (a frame either thinks or plays), else the
        bot is asked again in a later frame."""
        st = self.st
        got = self.ready
        if got is not None:
            self.ready = None
            why = None
            if got[0] == "roll" and st.dice is not None and got[1] & (self.spare | self.spare_all):
                # a die a person builds on: only when every die is spared (or Expert)
                why = "S%d must roll: %s" % (st.turn + 1, die_labels(st.dice, got[1]))
            if self.act(got, True):
                if why is not None:
                    self.say(why)
                elif got[0] != "roll" and got[0] != "draw":
                    self.say(short(self.log.lines[-1]))
            self.played = self.frame_no()
            return
        if st.setup < st.n:
            bt = self.bots[st.setup - self.humans]     # the seat taking its first card
        else:
            bt = self.bots[self.next_bot]
            self.next_bot = (self.next_bot + 1) % len(self.bots)
        self.stepped = True
        self.stepped_at = self.frame_no()
        self.steps += 1
        self._spare()
        bt.spare = self.spare_all | (self.spare if getattr(bt, "level", 3) < self.bm.EXPERT else 0)
        a = bt.step(st, self.app.rng)
        busy = False
        for b in self.bots:
            if b.thinking():
                busy = True
        if busy != self.busy or (busy and ticks.diff(now, self.next_cue) >= 0):
            self.cue += 1
            self.next_cue = ticks.add(now, 150)
            self.dirty = True
        self.busy = busy
        self._announced(bt)
        if a is None:
            return
        if st.setup >= st.n:
            seen = ticks.diff(now, self.changed)
            if a[0] == "roll":
                p = self.pace()
                if (seen < (_FIT_MS[p] if self.fit else _READ_MS[p])
                        or ticks.diff(now, self.touched) < _BOT_WAIT_MS):
                    return
            elif seen < _SEE_MS[self.pace()]:
                return
        self.ready = a

    def _spare(self):
        """The dice the bots leave a person (set once per change of the dice,
        the hands or the keep marks): the dice that plainly help a person's
        card (``values.keep_mask``, the obvious play's keep) and the dice asked
        to keep, for bots below Expert; when a person's card fits the dice,
        the dice that make it, for every bot (the person's points stand until
        they claim, or until a reroll must touch them)."""
        st = self.st
        if st.dice is None:
            return
        hands = self.spare_hands
        same = self.spare_key == st.rolls and self.spare_keep == self.keepm
        for s in range(self.humans):
            if hands[s] != st.hands[s]:
                same = False
                hands[s] = st.hands[s]
        if same:
            return
        from dicebox.games.milestones.values import keep_mask    # the bot's (AT_TABLE)
        self.spare_key = st.rolls
        self.spare_keep = self.keepm
        build = 0
        fits = 0
        self.fit = False
        for s in range(self.humans):
            c = st.hands[s]
            if c < 0:
                continue
            m = keep_mask(deck.TASKS[c], st.dice)
            if st.can_claim(s):
                self.fit = True
                fits |= m
            elif m != 63:             # 63: nothing plainly helps it
                build |= m
            build |= self.keeps().announced(st, s)
        self.spare = build
        self.spare_all = fits

    def _announced(self, bt):
        """A bot that says its card is close: the dice it asks the others to keep."""
        m = getattr(bt, "close", 0)
        s = bt.seat if hasattr(bt, "seat") else -1
        if s < 0 or m == self.close[s]:
            return
        self.close[s] = m
        if m and self.st.dice is not None:
            self.said.append("S%d: keep %s" % (s + 1, _dice_words(self.st, m)))
            self.cap_said()
        self.dirty = True

    def _recap(self):
        """Pass and play: when the turn comes to a person after other seats
        played, first whose turn it is, then the scores, swaps and flips since
        that person's last turn, one after another on the message line (until
        the dice change). Alone, each was said as it happened: no recap."""
        st = self.st
        t = st.turn
        p = self.prev_turn
        if t == p:
            return
        self.prev_turn = t
        if self.human(p):
            self.seen[p] = self.log.count      # what happened from here on is news to p
        if not self.human(t) or not st.started or self.humans == 1:
            return
        got = []
        if self.seen[t] is not None:
            mine = self.names[t] + " "
            for line in self.log.since(self.seen[t]):
                if not line.startswith(mine) and " rolled " not in line and " rerolled " not in line:
                    got.append(line)     # cut by short() as it is said: one a message
        self.said.append("S%d: your turn" % (t + 1))
        self.said += got
        self.cap_said()

    def cap_said(self):
        """At most ``SAID_MAX`` lines wait for the message line (one is said
        every few seconds): the oldest go first, the whole log stays in Moves."""
        while len(self.said) > SAID_MAX:
            self.said.pop(0)

    # ---- picture -------------------------------------------------------------
    def frame_no(self):
        """The console's frame count (None on a stand-in console without one)."""
        return getattr(self.app, "frames", None)

    def draw(self, fb):
        f = self.frame_no()
        if f is not None and (self.rolled == f or self.played == f):
            self.dirty = True        # a frame that rolled your dice or played a bot's action:
            return                   # its picture comes in the next frame (the tumble starts there)
        # a frame that ran a bot step draws only the parts that changed (the
        # cue, a second, a die): the step and a whole redraw never share a frame
        self.view.draw(self, fb, f is not None and self.stepped_at == f)
        if self.busy:
            self.draw_cue(fb)

    def draw_table(self, fb):
        self.view.draw(self, fb)


def short(line):
    """A move line cut for the message line: "S2 scored +2" (the team's points
    are at the top of the table). Cut by position, without splitting the line
    into lists (it runs in a frame that plays a move)."""
    k = line.find(";")
    if k >= 0:
        line = line[:k]
    k = line.find(" scored ")
    c = line.find(": ")
    if k > 0 and c >= 0:
        e = line.find(",", c + 2)
        return line[:k] + " scored " + (line[c + 2:e] if e >= 0 else line[c + 2:])
    return line


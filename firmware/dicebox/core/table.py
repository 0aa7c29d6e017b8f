"""The game table every turn-based game uses, and what all three games share.

A game supplies its rules (``core/game.py`` contract), its drawing, its keys
and its words; this module supplies everything around them, the same way in
every game:

* **Seats.** One kind per seat: 0 a person, 1 + level a bot of that level
  (``core/game.py`` ``LEVELS``: Beginner, Casual, Strong, Expert; named the same in every game).
* **Bots think between frames.** A bot's decision is a generator
  (``bot.think(state, rng, level, budget)``, see below); the table takes one slice of
  it per frame, so no frame holds more than one slice, a "thinking" cue turns
  in the corner, and the menu (hold B) answers while a bot thinks: the table is
  not on top while the menu is open, so the thought simply waits.
* **A bot's move is spread over frames.** The frame after its last slice
  puts the move in words (the rules try it on a copy of the state), the next
  applies it (and logs it, settles what follows), the one after draws it; a
  bot's roll copies the state (what the roll's words are said from) in one
  frame and rolls in the next, drawn in the one after. A turn of the cue
  redraws only the cue. So no frame holds a slice beside a move, a move
  beside its words or its picture, or a whole table redrawn for the cue.
* **Keys.** B is judged when it is let go. A short B goes back: the game's
  ``key`` hook sees its RELEASE first (to cancel a selection); unused, it
  asks "Leave the game?" (saved; A: leave, B: stay). Holding B
  (``events.LONG``) opens the game menu. The same on the cover, during bot
  play and at the end, in every game. A never opens a menu here.
* **Pacing.** Bot steps come ``STEP_MS`` apart so people can follow them;
  A during bot play skips to the next person's turn: the bots then play one
  step per frame (still sliced, never in one long frame), with no cap.
* **Pass and play.** When the turn passes to another person the table is
  covered ("Hand over to P2, A: ready") and the moves since that person's
  last turn are shown as a recap.
* **Saves.** At most one save per human action and one per bot turn, taken
  in the frames after the move (never inside an animation, never inside a bot
  step), with the move log and options beside the state. A save is spread
  over three still frames (``save_step``): the first copies the state into
  the record (``table_record``), the second encodes its text
  (``storage.Encoded``) and writes the game's steps for its log (a record
  of them a frame, when they fill one), the last writes it
  (``save_now``), so no two of
  them, nor one and a flash erase (45 ms on the chip), are one frame, and
  none is taken in a frame that draws (it waits one frame: the frame of a
  person's move); any move or change between them makes the record again. A new game is saved the same way
  once its table is up (not in the frame that builds and draws it), before
  anything can move: the bots' turns wait for a save that is due, and a
  person's action or roll while a save is due saves that first, so each
  save point stays its own and a power cut loses at most the last human
  action or the bot turn under way (a cut before a new game's first save
  leaves what was saved before it: the game replaced, or none). "Save and
  quit" saves now.
* **End page and records.** At the end the result goes into the console's
  records (per game and bot level: wins, losses, draws of a person alone
  against bots), then the finished game's save is removed, then the game's
  end text is shown. A power cut at any step of that leaves the game counted
  once: the final move is never saved (a resume replays it), and the records
  keep the id of the last game they counted (``opt["gid"]``, given to a game
  that will be recorded when it starts), so a resumed game that ends again
  is not counted twice (``tablepages.add_record``).
* **Garbage collections in still frames.** The table looks at the heap
  (``heap_frame``) in frames where nothing is to be redrawn and nothing
  animates: every ``HEAP_EVERY`` frames while it waits for a person, in the
  last frames of a pacing wait (so a bot's turn starts with room), and every
  ``HEAP_THOUGHT`` frames of bot play (a long thought, a skip); such a look
  is then the frame's work (no slice, no move: the thought waits a frame).
  The console collects when the heap is short (``App.collect_if_low``). So
  the collections land in frames where nothing moves, and the allocator
  does not have to collect on its own inside a slice, a tumble or a move's
  redraw. A save frame only saves.
* **Hint.** On a person's turn the menu offers "Hint": the Expert's move and
  why, without changing the game (off in pass-and-play unless switched on).

The bot protocol (``games/<g>/bot.py``)::

    LEVELS = 4
    SLICE = 130                             # work units in a slice (the bot's own units)
    def think(state, rng, level, budget):   # generator: None per slice, then the action
    def hint(state, rng, budget):           # generator: None per slice, then (action, why)

``budget`` is a ``core.think.Budget(bot.SLICE)``, one per decision: the bot
counts its work in it (``units``, ``slices``) and yields when a slice is full.

Hooks a game's table overrides (all optional except ``draw_table``):
``draw_table(fb)``, ``key(ev)`` (True when it used the key), ``menu_items()``,
``info_items()``, ``help_items()``, ``end_text()``, ``chance_seat()``,
``roll_words(before, got)``, ``after_move()``, ``animating()``, ``winners()``,
``bot_module()``.
"""
import sys
from micropython import const
from dicebox.core import ui, ticks, events
from dicebox.core.game import CHANCE, HUMAN, KIND_FORMAT, TERMINAL, IllegalMove, resolve_chance
from dicebox.core.modules import drop, load
from dicebox.core.movelog import MoveLog
from dicebox.core.rng import RollRefused
from dicebox.core.steplog import CHUNK
from dicebox.core.storage import Encoded
from dicebox.core.think import HEAP_THOUGHT, Budget, Thought

_CUE_MS = const(150)
HEAP_EVERY = const(6)       # frames between two looks at the heap while waiting (heap_frame)
_SOON_MS = const(70)        # a pacing wait's last frames: the heap is looked at in each
PAGES = ("dicebox.core.tablepages",)    # used now and then, dropped during play


# ---- saves -------------------------------------------------------------------------
def table_record(state, seats, log, opt=None):
    """The record of a game in progress, its own copy of everything (the
    state's ``to_dict``, the seats, the log's lines, the options); None for a
    finished game, whose save is removed."""
    if state.current_player() == TERMINAL:
        return None
    d = {"state": state.to_dict(), "seats": list(seats), "kinds": KIND_FORMAT,
         "log": log.to_list()}
    if opt:
        d["opt"] = dict(opt)
    return d


def write_record(store, name, d):
    """Write ``table_record``'s record, or its ``storage.Encoded`` text (None:
    remove the save); False when the write failed (the store has told the
    app; play goes on)."""
    if d is None:
        store.delete(name)
        return True
    return store.save(name, d, trim="log")   # a long log keeps its newest lines (storage.INLINE)


def save_table(store, name, state, seats, log, opt=None):
    """Save a game in progress (a finished one is removed) at once; False when
    the write failed (the store has told the app; play goes on)."""
    return write_record(store, name, table_record(state, seats, log, opt))


# ---- the lesson's entry on a game's start menu ------------------------------------------
LEARN = "Learn to play"      # the entry of a game's guided first game (15 columns)
OFFER = "New? Learn here"    # ... its label the first time the game is opened


def lesson_offered(store, key):
    """True when the lesson was offered before (the small record ``key``);
    else notes that it is offered now and returns False. A damaged record
    counts as not offered and is quietly replaced."""
    got = store.load(key, None)
    store.take_problems(key)
    if isinstance(got, dict) and got.get("offered") == 1:
        return True
    store.save(key, {"offered": 1})
    return False


# ---- the table -------------------------------------------------------------------------------
class Table(ui.Screen):
    GAME = "game"          # records key and title
    ON_DEMAND = ()         # the game's modules used now and then (its package's manifest),
                           # dropped when the table is back on top
    AT_TABLE = ()          # the modules play carries that the start menu does not (its
                           # package's manifest): imported by the table, one a frame
    AFTER_TABLE = ()       # what the screen under the table reads as it comes back (its
                           # package's manifest): imported one a frame as the table is left
    SAVE = "game"          # the save record's name
    KEEP_LOG = False       # True: a finished game is kept as its log (core/gamelogs.py;
                           # a title of core/gamelog.TITLES)
    STEP_MS = 700          # bot pacing
    CUE_X = 119            # where the thinking cue turns (8 x 8, top right)
    CUE_Y = 0

    def __init__(self, app, state, seats, log=None, opt=None):
        ui.Screen.__init__(self, app)
        self.s = state
        self.seats = list(seats)
        self.log = log if log is not None else MoveLog()
        self.opt = opt if opt is not None else {}
        self.humans = 0
        for k in self.seats:
            if k == HUMAN:
                self.humans += 1
        self.marks = {}              # person's seat -> log count they have seen up to
        for i in range(len(self.seats)):
            if self.seats[i] == HUMAN:
                self.marks[i] = self.log.count
        self.msg = ""
        self.queue = []              # pages to show once the table is on top
        self.cover = -1              # the seat the table waits to be handed to
        self.refused = None          # why the last roll was refused; bots wait for A
        self.thought = None          # a bot's decision under way
        self.thinker = -1            # ... and its seat
        self.before = None           # the state copied for a bot's roll (rolled a frame later)
        self.fast = False            # skipping to the next person's turn
        self.cue = 0
        self.next_cue = 0
        self.next_step = ticks.add(app.now(), self.STEP_MS)
        self.pending_save = False
        self.record = None           # a due save's record, then its text (storage.Encoded): save_step
        self.save_waited = False     # a due save waited a frame that draws (tick)
        self.saves = 0               # saves taken (tests count them)
        self.heap_wait = 0           # frames since the last look at the heap
        self.redraw = False          # a bot's move is drawn in the frame after it
        self.cue_only = False        # this frame's drawing: only the cue turned (draw)
        self.load_collected = False  # load_next: the heap collected for the next import
        self.ended = False
        self.shown = -1              # the person whose turn was last shown
        self.b_down = False          # B's press was seen here, since the table came on top (b_event)
        # the game's steps for its log (core/steplog.py); None: this game keeps none
        self.log_steps = None
        if self.KEEP_LOG:
            from dicebox.core.tablepages import open_steps
            self.log_steps = open_steps(app.store, self.SAVE, self.opt)
        try:
            self.settle()
        except RollRefused as e:     # not on the stack yet: say it once the table shows
            self.refused = str(e) or "the dice source failed"
            self.queue.append(ui.Message(app, "Cannot roll", self.refused +
                                         "\n\nNothing changed. A on the table tries again."))
        seat = self.actor()
        if seat >= 0 and self.seats[seat] == HUMAN:
            if self.humans > 1:
                self.cover = seat    # a resumed pass-and-play game starts covered
            self.shown = seat
        if self.humans == 1 and len(self.seats) > 1 and "gid" not in self.opt:
            from dicebox.core.tablepages import new_gid
            self.opt["gid"] = new_gid(app.store)   # the records count it once
        if self.refused is None:
            self.want_save()         # saved once the table is up, before anything moves

    # -- the game's hooks (override) --
    def draw_table(self, fb):
        fb.fill(0)

    def key(self, ev):
        return False

    def menu_items(self):
        return []

    def info_items(self):
        return []

    def help_items(self):
        return []

    def end_text(self):
        return "The game is over."

    def chance_seat(self):
        """At a chance node: the seat whose dice are rolled (a person rolls
        by A or a shake, a bot by itself), or -1 when the chance happens by
        itself (shuffles, set-up)."""
        return -1

    def roll_words(self, before, got):
        return before.describe_chance(got)

    def after_move(self):
        pass

    def animating(self):
        return False

    def winners(self):
        return self.s.winners()

    def bot_module(self):
        raise NotImplementedError

    def bot_words(self, seat, text):
        """A bot's move for the log: the rules' words, named by seat unless
        they already say who moved."""
        who = "P%d " % (seat + 1)
        return text if text.startswith(who) else who + text

    # -- who is to act --
    def actor(self):
        """The seat to act: the player at a decision, the roller at a chance
        node, -1 at a chance that happens by itself, -2 at the end."""
        cp = self.s.current_player()
        if cp == TERMINAL:
            return -2
        if cp == CHANCE:
            return self.chance_seat()
        return cp

    def is_bot(self, seat):
        return 0 <= seat < len(self.seats) and self.seats[seat] != HUMAN

    def my_turn(self):
        """A person is to decide (not roll) and the table is uncovered."""
        seat = self.actor()
        return (self.s.current_player() >= 0 and seat >= 0 and not self.is_bot(seat)
                and self.cover < 0)

    def human_rolls(self):
        seat = self.actor()
        return (self.s.current_player() == CHANCE and seat >= 0 and not self.is_bot(seat)
                and self.cover < 0 and self.refused is None)

    def bots_play(self):
        seat = self.actor()
        return seat >= 0 and self.is_bot(seat) and self.cover < 0

    def thinking(self):
        return self.thought is not None

    # -- saves --
    def save_now(self):
        """Write the save now: the record ``save_step`` made in the frames
        before, or one made now (a save due before a person's action, "Save
        and quit", the end)."""
        self.pending_save = False
        self.saves += 1
        d = self.record
        self.record = None
        if not isinstance(d, Encoded) or self.s.current_player() == TERMINAL:
            # made now: the steps first (a cut before the save leaves the old
            # save, behind them), the record naming what they reach
            if self.log_steps is not None and self.s.current_player() != TERMINAL:
                self.opt["logn"] = self.log_steps.write(self.app.store)
            d = table_record(self.s, self.seats, self.log, self.opt)
        # (a record made ahead: its steps were written in the frame that encoded
        # it, ``save_step``, and it names what they reached then)
        return write_record(self.app.store, self.SAVE, d)

    def note(self, seat, item):
        """A step just played, for the log: ``item`` the action of ``seat``
        (None: a clock action), or for ``CHANCE`` the outcome."""
        if self.log_steps is not None:
            self.log_steps.add(seat, item)

    def want_save(self):
        """A save is due (after a move, a changed option): its record is made
        from the state as it is then, in a later frame."""
        self.pending_save = True
        self.record = None

    def save_step(self):
        """A due save's work in a still frame, one step a frame: the record
        made (the state's copy), then its text encoded and the game's steps
        for its log written (a record of them a frame, when they fill one),
        then the record written."""
        d = self.record
        steps = self.log_steps
        if d is None:
            if steps is not None:
                self.opt["logn"] = steps.reach()   # what the steps will reach
            self.record = table_record(self.s, self.seats, self.log, self.opt)
            return
        if not isinstance(d, Encoded):
            self.record = Encoded(self.SAVE, d, 1, "log")
        elif not (steps is not None and steps.fresh and steps.done * CHUNK < self.opt.get("logn", 0)):
            self.save_now()
            return
        # the game's steps for its log written now, a record of them a frame,
        # ahead of the save's own write in a later frame: one write a frame
        # (they may reach past the record's logn, a clock step since: a resume
        # reads to logn; a failed write: the record is made again, saying so)
        if steps is not None and steps.write(self.app.store, 1) < 0 and self.opt.get("logn") != -1:
            self.record = None

    def save_due(self):
        """Before a person's action or roll: a save still due (the bot's turn
        that just ended, an earlier action) is taken first, so each stays its
        own save point and a power cut in the next save loses only the new one."""
        if self.pending_save and self.s.current_player() != TERMINAL:
            self.save_now()

    # -- moves --
    def settle(self):
        """Resolve chances that happen by themselves (shuffles); bounded."""
        n = 0
        while self.s.current_player() == CHANCE and self.chance_seat() < 0 and n < 16:
            before = self.s.clone()
            got = resolve_chance(self.s, self.app.rng)
            self.note(CHANCE, got)
            self.log.add(self.roll_words(before, got))
            n += 1

    def play(self, action):
        """A person's action: applied, logged and saved, or the rules' reason
        shown (nothing changed). True when it was applied."""
        seat = self.actor()
        self.save_due()
        try:
            text = self.s.describe(action)
            self.s.apply(action)
        except IllegalMove as e:
            self.msg = e.reason
            self.app.beep(220, 80)
            self.dirty = True
            return False
        self.note(seat, action)
        self.msg = text
        self.log.add(text)
        if seat in self.marks:
            self.marks[seat] = self.log.count
        self.moved(seat)
        return True

    def roll(self):
        """Roll what the state waits for. A refused roll changes nothing: it is
        shown and the table waits for A."""
        seat = self.actor()
        self.save_due()
        before = self.before         # a bot's roll: copied in the frame before
        self.before = None
        if before is None:
            before = self.s.clone()
        try:
            got = self.outcome()
        except RollRefused as e:
            self.refuse(e)
            return False
        self.note(CHANCE, got)
        self.refused = None
        self.app.beep(1800, 20)
        self.msg = ""                 # the dice say it; the log keeps the words
        self.log.add(self.roll_words(before, got))
        if seat in self.marks:
            self.marks[seat] = self.log.count
        self.moved(seat)
        return True

    def outcome(self):
        """The chance outcome the state waits for, applied and returned: the
        dice source's (a lesson plays its planned faces here)."""
        return resolve_chance(self.s, self.app.rng)

    def refuse(self, e):
        self.refused = str(e) or "the dice source failed"
        self.drop_turn()
        self.fast = False
        self.dirty = True
        self.app.message("Cannot roll", self.refused + "\n\nNothing changed. A on the table tries again.")

    def moved(self, seat):
        """After any move by ``seat``: settle chances, save when a person acted
        or a bot's turn ended, the end, the hand-over to the next person."""
        try:
            self.settle()
        except Exception as e:       # a refused shuffle: nothing more moves until A
            self.refuse(e)
        nxt = self.actor()
        if not self.is_bot(seat) or nxt != seat:
            self.want_save()
        self.dirty = True
        self.after_move()
        if nxt == -2:
            self.fast = False
            return
        if nxt >= 0 and self.is_bot(nxt):
            self.shown = -1             # the next person's turn opens with a recap
        if nxt >= 0 and not self.is_bot(nxt):
            self.fast = False           # a skip ends at a person's turn
        if nxt >= 0 and not self.is_bot(nxt) and nxt != self.shown:
            if self.humans > 1:
                self.cover = nxt
            else:
                self.recap(nxt)
            self.shown = nxt

    def recap(self, seat):
        mark = self.marks.get(seat)
        self.marks[seat] = self.log.count
        if mark is not None:
            page = self.log.recap(self.app, mark, "Since your turn")
            if page is not None:
                self.queue.append(page)

    def bot_slice(self, now):
        """One step of bot play a frame: copy the state for a bot's roll, or
        roll its dice (the frame after), or think one slice of a decision, or
        put the decided move in words (the frame after its last slice: the
        rules say it by trying it on a copy of the state), or play it (the
        frame after that); the picture of a roll or a move is drawn in the
        frame after it. No frame holds two of these, nor one and a redraw."""
        seat = self.actor()
        th = self.thought
        if th is None:
            if self.s.current_player() == CHANCE:
                if self.before is None:
                    self.before = self.s.clone()   # this frame: the copy; the next: the roll
                    return
                if self.roll():
                    self.draw_later()
                self.next_step = ticks.add(now, self.STEP_MS)
                return
            bot = self.bot_module()
            self.thought = th = Thought(bot.think(self.s, self.app.rng, self.seats[seat] - 1,
                                                  Budget(bot.SLICE)))
            self.thinker = seat
        a = th.answer
        if a is None:
            try:
                a = th.step()
            except RollRefused as e:
                self.refuse(e)
                return
            if a is not None:
                th.answer = a             # put in words in the next frame: a frame holds
            return                        # a slice or a move's words, not both
        if th.words is None:
            th.words = self.s.describe(a)  # played in the next frame
            return
        self.thought = None
        try:
            self.s.apply(a)
        except IllegalMove as e:          # a bot bug: say so, the person can go on from the menu
            self.app.log("bot %s played %r: %s" % (self.GAME, a, e.reason))
            self.refused = "a bot chose a move the rules refuse"
            return
        self.note(seat, a)
        self.msg = self.bot_words(seat, th.words)
        self.log.add(self.msg)
        self.moved(seat)
        self.next_step = ticks.add(now, self.STEP_MS)
        self.draw_later()

    def drop_turn(self):
        """Let go of a bot's turn under way: its decision and the copy made
        for its roll (it starts again from the state when play goes on)."""
        self.thought = None
        self.before = None

    def draw_later(self):
        """A bot's roll or move, just made: its picture is drawn in the next
        frame, before anything else (the end page covers the last one)."""
        if self.dirty and self.s.current_player() != TERMINAL:
            self.dirty = False
            self.redraw = True

    # -- the end --
    def finish(self):
        """Once: keep the game as its log (a slice a frame: gamelogs.Keeping),
        then record the result, then remove the save, then the end page.
        The final move was never saved: a power cut before the save goes
        resumes the game one move before its end, and the records, which
        hold this game's id once they counted it, do not count it again."""
        self.ended = True
        self.drop_turn()
        self.pending_save = False
        if self.log_steps is not None:
            from dicebox.core.gamelogs import keep_then
            keep_then(self, self.winners(), self.finish_rest)   # the game kept as its log,
            return                                              # once, a slice a frame
        self.finish_rest()

    def finish_rest(self):
        """The end after its log was kept: the records, the save removed,
        the end page."""
        if self.humans == 1 and len(self.seats) > 1:
            me = self.seats.index(HUMAN)
            level = max(self.seats) - 1
            win = self.winners()
            if me in win:
                result = 0 if len(win) == 1 else 2
            else:
                result = 1
            from dicebox.core.tablepages import add_record
            add_record(self.app.store, self.GAME, level, result, self.opt.get("gid"))
        self.save_now()          # removes the finished game's save
        self.end_page()

    # -- frame --
    def heap_frame(self, work, every=HEAP_EVERY):
        """Every ``every`` frames, when nothing is to be redrawn and nothing
        animates: the console collects if the heap is short. With ``work`` (a
        bot slice or move would run now) that look is the frame's work, True:
        the slice waits a frame. Without, the frame waits anyway (a pacing
        wait, a wait for a person's key)."""
        self.heap_wait += 1
        if self.heap_wait < every or self.dirty or self.animating():
            return False
        self.heap_wait = 0
        got = self.app.collect_if_low()
        return work or got

    def load_next(self):
        """Import the next of ``AT_TABLE`` not loaded yet (the bot and its
        tables): True when this frame did (or collected the heap for it), the
        frame's work. The table comes first, so the start pages (the start
        menu, the new-game page, reading a save back) are let go before the
        bot comes in and the two are never in the heap together; a collection
        frame before each import (the start pages become garbage only once
        the frame that replaced them has returned)."""
        for path in self.AT_TABLE:
            if path not in sys.modules:
                if not self.load_collected:
                    self.load_collected = True
                    self.app.collect()     # a frame of its own, nothing else in it
                    return True
                self.load_collected = False
                load(path)
                return True
        return False

    def tick(self, now):
        self.cue_only = False         # (set below for this frame's drawing only)
        if self.load_next():
            return
        if self.redraw:               # the frame after a bot's move: its picture, nothing else
            self.redraw = False
            self.dirty = True
            return
        if self.pending_save and not self.animating() and self.thought is None:
            if self.s.current_player() != TERMINAL:
                if self.dirty and not self.save_waited:
                    self.save_waited = True   # this frame draws (a person's move): the save waits one
                else:
                    self.save_waited = False
                    self.save_step()
                return            # a step of a save is a frame's work
        if self.queue:
            self.app.push(self.queue.pop(0))
            return
        if self.s.current_player() == TERMINAL:
            self.keep_awake = False
            if not self.ended:
                self.finish()
            return
        if self.refused is not None or self.cover >= 0:
            self.keep_awake = False
            self.heap_frame(False)   # waiting for a person's key
            return
        seat = self.actor()
        if seat == -1:                # a chance by itself, refused before: A asked again
            try:
                self.settle()
            except RollRefused as e:
                self.refuse(e)
                return
            self.moved(-1)
            return
        if seat < 0:
            return
        self.keep_awake = self.is_bot(seat)
        if not self.is_bot(seat):
            self.heap_frame(False)   # waiting for a person's key
            return
        if self.thought is not None or self.fast or ticks.diff(now, self.next_step) >= 0:
            if self.heap_frame(True, HEAP_THOUGHT):   # a still frame: no slice, no move
                return
            cue = self.thought is not None and ticks.diff(now, self.next_cue) >= 0
            if cue:
                self.cue += 1
                self.next_cue = ticks.add(now, _CUE_MS)
            self.bot_slice(now)
            if cue and self.thought is not None and not self.dirty:
                self.dirty = True
                self.cue_only = True  # nothing else changed: the cue alone is drawn
        else:                        # a pacing wait: in its last frames, room for the turn
            self.heap_frame(False, 1 if ticks.diff(self.next_step, now) <= _SOON_MS else HEAP_EVERY)

    def enter(self):
        self.dirty = True
        self.cue_only = False
        self.b_down = False     # a B held across a page does not fire here (b_event)
        drop(PAGES)             # the pages used now and then: not kept during play
        drop(self.ON_DEMAND)

    # -- input --
    def event(self, ev):
        k = events.kind(ev)
        if events.button(ev) == events.B and k in (events.PRESS, events.LONG, events.RELEASE):
            self.b_event(ev, k)
            return
        if self.s.current_player() == TERMINAL:
            if self.ended and ui.is_press(ev, events.A):
                self.end_page()
            return
        if self.cover >= 0:
            if ui.is_press(ev, events.A):
                seat = self.cover
                self.cover = -1
                self.dirty = True
                self.recap(seat)
            return
        if self.refused is not None and ui.is_press(ev, events.A):
            self.refused = None
            self.dirty = True
            if not self.human_rolls():
                return
        if self.key(ev):
            return
        if self.bots_play():
            if ui.is_press(ev, events.A):
                self.fast = True
                self.dirty = True
            return
        if self.human_rolls():
            if k == events.SHAKE or ui.is_press(ev, events.A):
                self.roll()

    def b_event(self, ev, k):
        """B, the same on every page of the table (turns, the cover, bot play,
        the end), judged when it is let go: released before it counts as held,
        it goes back (the game's ``key`` gets the RELEASE first, to cancel
        what is in progress, True when it did; else "Leave the game?");
        held (LONG), it opens the game menu and its release does nothing
        more. A B whose press this table did not see, or that was pressed
        before the table last came back on top (the press closed the page
        above, a page came and went while it was held), does nothing."""
        if k == events.PRESS:
            self.b_down = True
            return
        if not self.b_down:
            return
        self.b_down = False
        if k == events.LONG:
            self.menu()
        elif (self.cover >= 0 or self.s.current_player() == TERMINAL
              or not self.key(ev)):
            self.ask_leave()

    def ask_leave(self):
        """A short B with nothing to cancel: leave, the game saved (A), or stay (B)."""
        over = self.s.current_player() == TERMINAL
        self.app.push(ui.Confirm(self.app, "Leave the game?\n" +
                                 ("The game is over." if over else "The game is saved."),
                                 self.leave, yes="A:leave", no="B:stay"))

    def leave(self):
        """Save now (the bot turn under way restarts on resume) and go back to
        the game's first menu (the confirm has gone already), a step a frame
        (``Leaving``)."""
        self.drop_turn()
        self.save_now()
        self.go_back()

    def go_back(self):
        """The table off the stack, the way back a step a frame
        (core/leaving.py, imported for it: play does not carry it)."""
        from dicebox.core.leaving import Leaving
        self.app.replace(Leaving(self.app, self.AT_TABLE, self.AFTER_TABLE))

    # -- menu --
    def hints_allowed(self):
        return self.my_turn() and (self.humans == 1 or self.opt.get("hints"))

    def menu(self):
        """The game menu (hold B): built by ``tablepages.game_menu``."""
        from dicebox.core.tablepages import game_menu
        game_menu(self)

    def end_page(self):
        from dicebox.core.tablepages import EndPage
        self.app.push(EndPage(self.app, self.end_text()))

    def hints_label(self):
        return "Hints: %s" % ("on" if self.opt.get("hints") else "off")

    def toggle_hints(self):
        self.opt["hints"] = 0 if self.opt.get("hints") else 1
        self.want_save()
        self.app.top().dirty = True

    def hint(self):
        from dicebox.core.tablepages import HintPage
        bot = self.bot_module()
        self.app.replace(HintPage(self.app, bot.hint(self.s.clone(), self.app.rng,
                                                     Budget(bot.SLICE)),
                                  self.hint_head))

    def hint_head(self, action):
        """The line above the hint's reason (the reason names the move)."""
        return "Expert's move:"

    def quit(self):
        """Save now (the bot turn under way restarts on resume) and leave."""
        self.drop_turn()
        self.save_now()
        self.app.pop()     # the menu
        self.go_back()     # the table

    # -- drawing --
    def draw(self, fb):
        if self.cue_only and self.thought is not None and self.cover < 0:
            self.cue_only = False     # the table as drawn last, its cue turned
            self.draw_cue(fb)
            return
        self.cue_only = False
        if self.cover >= 0:
            fb.fill(0)
            ui.text_center(fb, "Hand over to", 14)
            ui.big_text(fb, "P%d" % (self.cover + 1), 48, 26)
            ui.text_center(fb, "A: ready", 52)
            return
        self.draw_table(fb)
        if self.thought is not None:
            self.draw_cue(fb)

    def draw_cue(self, fb):
        """A turning dot in an 8 x 8 box: a bot is thinking."""
        x = self.CUE_X
        y = self.CUE_Y
        fb.fill_rect(x, y, 9, 9, 0)
        fb.rect(x, y, 9, 9, 1)
        p = self.cue % 4
        fb.fill_rect(x + 2 + (3 if p in (1, 2) else 0), y + 2 + (3 if p >= 2 else 0), 2, 2, 1)

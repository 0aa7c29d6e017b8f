"""Learn to play: a guided first game of Milestones with one bot teammate.

The real table and the real rules engine, with the chance outcomes planned:
the rules take drawn cards and rolled dice from their caller, so the lesson
hands them the ones in ``BEATS`` (``chance_rng``), and the teammate plays the
moves written there. The sand waits while the lesson talks (the table's
clock is not moved on) and runs only at the step about the sand. Each beat
is ``(text, kind, move, outcome)``:

  "say"   a text box, nothing to do
  "do"    the person is asked for ``move`` (a draw, a roll or a claim; the
          pile to pick is marked ">"; another move gets a gentle hint and
          changes nothing); ``outcome``: the card drawn, or the faces rolled
          (one for each die in the roll's mask, in die order)
  "keep"  the person marks the dice in the mask ``move`` to keep (A twice)
  "bot"   the teammate, S2, plays ``move`` a moment after the step begins
  "sand"  the sand is moved on to its last seconds and runs out
  "end"   the last box, then the offer of a real game

A text box comes before a beat that has text. Holding B (on the table, a box
or the first pile picker) opens the lesson's menu, whose first entry is
"Skip the lesson"; a short B on the table asks to leave. The lesson never
touches the saved game, the records or the high scores. This module is
imported only when the lesson is chosen (``start.learn``) and dropped when
the start menu is back on top; the bot module is let go while it runs (the
next real game imports it again).
"""
from micropython import const
from dicebox.core import lesson
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import ticks, ui
from dicebox.core.game import HUMAN
from dicebox.games.milestones import deck, rules
from dicebox.games.milestones import table as MT
from dicebox.games.milestones.playpages import PilePicker

BOT = "dicebox.games.milestones.bot"
# what the bot brings in beside it (AT_TABLE), let go with it
BOT_PARTS = ("dicebox.games.milestones.search", "dicebox.games.milestones.values")
TITLE = "Learn to play"
_BOT_MS = const(1500)     # the teammate moves this long after its step begins
_SAND_MS = const(5000)    # the sand left when the lesson lets it run
_EASY = const(0)
_MEDIUM = const(1)

# the cards of the lesson (deck ids: deck.card)
_TWO_RED = const(18)      # 2x R, 2 points
_THREE_3S = const(38)     # 3x 3, 3 points (medium)
_ONE_SIX = const(6)       # 1x 1 + 1x 6, 2 points
_RBG = const(19)          # 1x R + 1x B + 1x G: in hand when the sand runs out
_MATE_1 = const(21)       # S2: 3 same num + 2 same num, 2 points
_MATE_2 = const(0)        # S2: run of 3, 1 point
_MATE_3 = const(17)       # S2: 2x 4

BEATS = (
    ("A TEAM GAME: you and a bot, S2, share six dice and score together. "
     "Hold B: skip.", "say", None, None),
    ("TASK CARDS: one each, secret. Piles: easy, medium, hard (most "
     "points). Pick easy.", "do", ("draw", 0, _EASY), _TWO_RED),
    (None, "bot", ("draw", 1, _EASY), _MATE_1),
    ("YOUR CARD is under the dice. '2p: 2x R': 2 points for two red dice "
     "(R). Down: hide.", "say", None, None),
    ("ROLL: shake the box, or hold A, to roll all six dice. In a game the "
     "sand starts now.", "do", ("roll", 63), (3, 3, 4, 2, 5, 6)),
    ("COLOURS: R red, P purple, B blue, K black, Y yellow, G green. 3R: a "
     "red 3.", "say", None, None),
    ("You need one more red. Turns go round: S2 rolls now, you watch.", "say", None, None),
    (None, "bot", ("roll", 0b011100), (6, 6, 4)),
    ("S2 rerolled 4G 2Y 5B but left your 3R: bots spare the dice that help "
     "your card.", "say", None, None),
    (None, "bot", ("claim", 1, _EASY), _MATE_2),
    ("S2's card fitted, so S2 claimed it. Points are the team's: 2p, top "
     "line.", "say", None, None),
    ("YOUR TURN: reroll 1+ dice. Left/Right, A: mark 6Y and 4P (dark). "
     "Shake.", "do", ("roll", 0b010100), (2, 3)),
    ("3R and 2R: it fits! Claim at any time, also on S2's turn: press Up. "
     "Pick medium.", "do", ("claim", 0, _MEDIUM), _THREE_3S),
    ("New card: 3x 3, three 3s. A new card may fit at once: it does. Up "
     "again, pick easy.", "do", ("claim", 0, _EASY), _ONE_SIX),
    ("Now 1x 1 + 1x 6. Ask S2 to KEEP your 6B: A twice on it (a double "
     "frame).", "keep", 0b001000, None),
    (None, "bot", ("roll", 0b110001), (5, 5, 2)),
    ("S2 rerolled but kept your 6B. A third A takes a mark off, a short B "
     "clears them all.", "say", None, None),
    ("Your turn: mark 5Y and 5B (A once: dark) and shake, for a 1.",
     "do", ("roll", 0b010001), (1, 4)),
    ("A 1 and a 6: it fits. Claim it: Up, then easy.", "do",
     ("claim", 0, _EASY), _RBG),
    (None, "bot", ("claim", 1, _EASY), _MATE_3),
    ("S2 claimed too: your 1 made its run of 3. Every roll can help "
     "everyone.", "say", None, None),
    ("PACE: bots give you 5 s to read new dice. In a game, hold B: Pace "
     "and a Hint.", "say", None, None),
    ("THE SAND: clock and bar on top. A game lasts 3 minutes; here: the "
     "last 5 s.", "sand", None, None),
    ("Time up: the game ends; a card in hand scores nothing. 10 points now; "
     "aim for 30.", "say", None, None),
    ("Well done! A real game next: you and a Beginner bot, at a calm "
     "pace.", "end", None, None),
)


def begin(app):
    """The lesson over the start menu (the bot module let go for it)."""
    forget(BOT)
    for m in BOT_PARTS:
        forget(m)
    app.push(Lesson(app))


class Plan:
    """The chance source of the lesson: the values it was given, in order."""

    def __init__(self, got):
        self.got = got

    def randbelow(self, n):
        return self.got.pop(0)


class Team:
    """What the table asks of the bot module, for the lesson: the teammate is
    the script, so this keeps the person's requests to keep dice and no
    more. A request holds while the card and the kept faces stay."""
    EXPERT = 3

    def __init__(self):
        self.asked = [None] * rules.MAX_PLAYERS

    def Bot(self, seat, level):
        return Mate(seat, level)

    def clear_announcements(self):
        for s in range(len(self.asked)):
            self.asked[s] = None

    def announce(self, st, seat, mask):
        if mask and st.dice is not None and st.hands[seat] >= 0:
            self.asked[seat] = (st.hands[seat], mask, list(st.dice))
        else:
            self.asked[seat] = None

    def announced(self, st, seat):
        e = self.asked[seat] if 0 <= seat < len(self.asked) else None
        if e is None or st.dice is None or st.hands[seat] != e[0]:
            return 0
        for i in range(6):
            if (e[1] >> i) & 1 and st.dice[i] != e[2][i]:
                return 0
        return e[1]


class Mate:
    """The scripted teammate's seat (its moves are in ``BEATS``)."""

    def __init__(self, seat, level):
        self.seat = seat
        self.level = level
        self.close = 0

    def thinking(self):
        return False


class Picker(PilePicker):
    """The pile picker with the lesson's pile marked ">" and selected;
    holding B opens the lesson's menu (the first card must be taken, so B
    alone does nothing there)."""

    def __init__(self, app, lesson, seat, what, pile):
        PilePicker.__init__(self, app, lesson, seat, what)
        name = deck.TIER_NAMES[pile]
        for i in range(len(self.items)):
            lab, fn = self.items[i]
            if lab.startswith(name):
                self.items[i] = ("> " + lab, fn)
                self.sel = i

    def event(self, ev):
        if E.button(ev) == E.B and E.kind(ev) == E.LONG:
            self.table.menu()
            return
        PilePicker.event(self, ev)


class Lesson(lesson.Beats, MT.Table):
    """Milestones' table playing ``BEATS``: planned cards and dice, a scripted
    teammate, the sand waiting, a box before each step, no saves, no records."""

    def __init__(self, app):
        self.i = 0              # the beat under way
        self.boxed = -1          # the last beat whose box was shown
        self.left = False       # the lesson was left (skipped or ended)
        self.at = -1            # the beat ``since`` was set for
        self.since = app.now()  # when the beat under way began
        self.team = Team()
        cfg = MT.new_config()
        cfg["bots"] = 1
        cfg["level"] = 0
        cfg["gid"] = 0          # never recorded: no id from the records
        MT.Table.__init__(self, app, rules.State(2), [HUMAN, 1], None, cfg)
        self.log.add("Lesson: you and S2")

    BEATS = BEATS

    # -- the beats --
    def kind(self):
        b = self.beat()
        return b[1] if b is not None else None

    def step_on(self):
        self.i += 1
        self.dirty = True

    def waiting(self):
        """A box is still to be shown: keys wait for it."""
        b = self.beat()
        return b is not None and ((b[0] and self.boxed < self.i) or b[1] == "end")

    # -- the table's hooks: no saves, no records, the planned chances --
    def bot_module(self):
        return self.team

    def keeps(self):
        return self.team

    def chance_rng(self):
        st = self.st
        p = st.pending
        b = self.beat()
        if b is None or b[3] is None or p is None:
            return self.app.rng
        if p[0] == "draw":
            return Plan([st.piles[p[2]].index(b[3])])
        return Plan([f - 1 for f in b[3]])

    def act(self, a, bot=False):
        if not bot:
            want = self.wanted()
            if want is None or tuple(a) != want:
                self.not_yet(want)
                return False
        if not MT.Table.act(self, a, bot):
            return False
        self.step_on()
        return True

    def not_yet(self, want):
        """A move the lesson does not ask for: a hint, nothing changes."""
        self.asked = -1                   # the first card's picker comes back
        self.app.beep(440, 30)
        b = self.beat()
        if want is None:
            if b is not None and b[1] == "keep":
                text = "First keep %s: A twice on it (a double frame)." % (
                    MT.die_labels(self.st.dice, b[2]))
            else:
                text = "Not now: watch S2, then read on."
        elif want[0] == "draw":
            text = "Pick the pile marked >: %s." % deck.TIER_NAMES[want[2]]
        elif want[0] == "roll" and want[1] == 63:
            text = "Shake, or hold A, to roll all six dice."
        elif want[0] == "roll":
            text = ("Mark just %s to reroll (A once: dark), then shake. A short B "
                    "clears marks." % MT.die_labels(self.st.dice, want[1]))
        else:
            text = "Press Up to claim, then pick %s." % deck.TIER_NAMES[want[2]]
        self.app.push(lesson.Box(self.app, self, "Not yet", text))

    def claim(self, seat):
        want = self.wanted()
        st = self.st
        if want is not None and want[0] == "claim" and st.can_claim(seat):
            self.app.push(Picker(self.app, self, seat, "claim", want[2]))
            return
        MT.Table.claim(self, seat)

    def bot_step(self, now):
        """The teammate's scripted move, once its step has lasted ``_BOT_MS``."""
        b = self.beat()
        if b is None or b[1] != "bot" or ticks.diff(now, self.since) < _BOT_MS:
            return
        if self.act(b[2], True) and b[2][0] != "draw":
            self.say(MT.short(self.log.lines[-1]))

    def finish(self):
        """The sand ran out: the result page, not counted anywhere."""
        self.done = True
        self.ended = True
        self.pending_save = False
        self.app.push(_end_page(self))

    # -- frames and keys --
    def tick(self, now):
        if self.left:
            return
        if self.i != self.at:
            self.at = self.i
            self.since = now
        b = self.beat()
        if b is not None and self.app.top() is self and not self.animating():
            if b[0] and self.boxed < self.i:
                self.boxed = self.i
                self.app.push(lesson.Box(self.app, self, self.step_title(), b[0], self.closed))
                return
            if b[1] == "end":
                self.left = True
                self.ask_real()
                return
            if b[1] == "do" and b[2][0] == "draw" and self.asked != 0:
                self.asked = 0            # the first card: the lesson's picker
                self.app.push(Picker(self.app, self, 0, "draw", b[2][2]))
                return
        if b is None or b[1] != "sand":
            self.last = now               # the sand waits while the lesson talks
        MT.Table.tick(self, now)

    def closed(self):
        b = self.beat()
        if b is None:
            return
        if b[1] == "say":
            self.step_on()
        elif b[1] == "sand":
            st = self.st                  # on to the sand's last seconds: it runs out
            st.apply(("time", st.now + st.time_left() - _SAND_MS))
            self.last = self.app.now()

    def event(self, ev):
        if E.button(ev) != E.B and (self.waiting() or self.kind() not in ("do", "keep")):
            return                        # a box to read, or S2 or the sand to watch
        MT.Table.event(self, ev)
        b = self.beat()
        if b is not None and b[1] == "keep" and self.keepm == b[2]:
            self.step_on()                # the dice asked for are marked to keep

    def menu(self):
        app = self.app
        items = [("Skip the lesson", self.leave), ("Go on", app.pop),
                 ("How to play", self.help_menu)]
        app.push(ui.Menu(app, TITLE, items))

    # -- leaving --
    def leave(self):
        """Skip or leave: back to the start menu, from any page the lesson
        put up."""
        self.left = True
        self.done = True
        self.unwind()

    def real(self):
        """Yes to a real game: its new-game page, set as the lesson was (one
        Beginner teammate, the calm pace)."""
        self.leave()
        top = self.app.top()
        if hasattr(top, "new_game"):      # the start menu, under the lesson
            top.new_game(bots=1, level=0, pace=0)


def _end_page(lesson):
    """The game's own result page; closing it goes on with the lesson."""
    from dicebox.games.milestones.pages import Result

    class End(Result):
        def event(self, ev):
            if ticks.since(self.app.now(), self.t0) < 1000:
                return
            if ui.is_press(ev, E.A) or ui.is_press(ev, E.B):
                self.app.pop()
                lesson.step_on()

    return End(lesson.app, lesson.st, None)

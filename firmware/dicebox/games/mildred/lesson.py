"""Learn to play: a guided first game of Auntie Mildred against one bot.

A fixed, friendly deal (you start with 4 cookies, the bot with a die on its
prank) and planned dice: the rules take chance outcomes from their caller, so
the lesson feeds the rolls of ``BEATS`` instead of the dice source, and the
bot plays the moves written there. Each beat is ``(text, kind, data)``:

  "say"     a text box, nothing to do
  "do"      the person is asked for the move ``data`` (marked ">" in the menus;
            another move gets a gentle hint and changes nothing)
  "roll"    the person rolls (A or a shake); the dice come up as ``data``
  "bot"     the bot plays ``data``;  "botroll": the bot's dice come up as ``data``
  "end"     the last box, then the offer of a real game

A text box comes before a beat that has text. Hold B (on the table or a box)
opens the lesson's menu, whose first entry is "Skip the lesson"; B on the
table asks to leave. The lesson never touches the saved game or the records.
This module is imported only while the lesson runs (``start.learn``) and is
dropped when Mildred's start menu is back on top; the bot's module is let go
while it runs (the real game's first bot move imports it again).
"""
from dicebox.core import lesson
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.games.mildred import rules
from dicebox.games.mildred.table import Table

BOT = "dicebox.games.mildred.bot"

TITLE = "Learn to play"

# (text, kind, data). Dice in "roll"/"botroll" are faces 1-6, in any order.
BEATS = (
    ("You are P1 (left), bot P2 (right). Each step says what to do. "
     "Hold B: skip.", "say", None),
    ("SHAKE. Your 9 dice wait in your pool. Press A and pick Shake.",
     "do", ("shake",)),
    ("Now shake the box, or press A, to roll your dice.", "roll", (4, 1, 6, 4, 2, 5, 3, 4, 6)),
    ("TASKS: the 3 columns, levels 1-6. Put your 1 on Laundry: A, "
     "Scallywag, Laundry 1.", "do", ("scally", 1)),
    ("A die on a task is a scallywag. It climbs: Scallywag, Laundry 2.",
     "do", ("scally", 1)),
    ("And your 3: Scallywag, Laundry 3.", "do", ("scally", 1)),
    ("P2's prank die attacks at its wakeup. Block it: Dodge, Dodge "
     "with 6.", "do", ("dodge", 6)),
    ("Now attack back: Prank, Prank with 5. Any value will do.", "do", ("prank", 5)),
    ("A REWARD: your Laundry column is ready. Task, Laundry 3: your prank "
     "goes up a slot.", "do", ("task", 1, 3)),
    ("COOKIES: pick Indulgency, 3-of-a-kind, then 4 4 4. It scores "
     "next wakeup.", "do", ("ind", 2, (4, 4, 4))),
    ("The 6 left stays in your pool. Pick Pass to end your round. Then P2 "
     "plays.", "do", ("pass",)),
    (None, "bot", ("combat",)),
    (None, "bot", ("shake",)),
    (None, "botroll", (1, 2, 2, 3, 5, 5, 6, 6, 3)),
    (None, "bot", ("scally", 0)),
    (None, "bot", ("ind", 0, (6, 6))),
    (None, "bot", ("pass",)),
    ("Your dodge slot 1 stopped P2's prank slot 1: not higher. Now pick "
     "Take dodge.", "do", ("dodge",)),
    ("Combat: your prank slot 2 against P2's dodge, none. Higher takes a "
     "cookie.", "do", ("combat",)),
    ("Score, 3-of-a-kind: yours beats P2's none: 2 cookies. Cookie die: 4.", "do", ("score", 2)),
    ("4 + 2 = 6 cookies: a VICTORY DIE, the box by your 1! Cookie die: 1 "
     "again.", "say", None),
    ("READY: Laundry is used since its reward. Pick Ready all: it is "
     "ready again.", "do", ("ready",)),
    ("Well done! 3 victory dice win a game. In a game, hold B for a Hint.",
     "end", None),
)


def deal():
    """The lesson's starting position: P1 at its Wakeup with all 9 dice to
    shake and 4 cookies; P2 with one die on prank and 3 cookies."""
    st = rules.State()
    st.sets = [0, 1, 3]                 # Clean, Laundry, Cook
    st.inds = [0, 1, 2, 3, 4, 5]        # PR 2P 3K S5 FH 4K
    st.phase = rules.WAKE
    st.turn = 0
    st.keep = -1
    st.cookie = [4, 3]
    st.pool = [[], []]
    st.used = [9, 8]
    st.prank[1] = [1, 1]
    return st


def begin(app, over=False):
    # the bot is the script: its module (loaded with Mildred) is let go for
    # the lesson and imported again by the first real game's first bot move
    forget(BOT)
    t = Lesson(app)
    if over:
        app.replace(t)
    else:
        app.push(t)
    return t


class Lesson(lesson.Beats, Table):
    """Mildred's table playing ``BEATS``: planned rolls, a scripted bot, a box
    before each step, the wanted move marked, no saves, no records."""

    def __init__(self, app):
        self.i = 0              # the beat under way
        self.said = -1          # the last beat whose box was shown
        self.done = False
        Table.__init__(self, app, deal(), [0, 1])

    BEATS = BEATS

    # -- the beats --
    def after_move(self):
        self.i += 1             # every move and roll of the lesson is its beat

    # -- the shared table's hooks: the bot is the script --
    SLICE = 1                   # the bot protocol's slice: the script's move is one

    def bot_module(self):
        return self

    def think(self, state, rng, level, budget):
        b = self.beat()
        yield b[2]

    def outcome(self):
        """The planned faces of a step that rolls (the table does the rest)."""
        b = self.beat()
        if b is None or b[1] not in ("roll", "botroll"):
            return Table.outcome(self)
        got = [f - 1 for f in b[2]]
        self.s.apply_chance(got)
        return got

    def try_act(self, a):
        want = self.wanted()
        if want is None or tuple(a) != want:
            from dicebox.games.mildred.kinds import label     # the menus' words
            self.app.beep(440, 30)
            self.app.push(lesson.Box(self.app, self, "Not yet", "Not this one yet. Pick the "
                              "marked one: %s" % label(self.s, want) if want
                              else "Not this one yet.", None))
            return ""
        return Table.try_act(self, a)

    # -- frames and keys --
    def tick(self, now):
        if self.idle() and self.show_beat(self.beat()):
            return
        Table.tick(self, now)

    def closed(self):
        b = self.beat()
        if b is not None and b[1] == "say":
            self.i += 1

    def waiting(self):
        """A box or a result is still to be shown: keys wait for it."""
        b = self.beat()
        return bool(self.queue) or (b is not None and ((b[0] and self.said < self.i)
                                                       or b[1] == "end"))

    def event(self, ev):
        if self.waiting() and E.button(ev) != E.B:
            return
        Table.event(self, ev)

    def menu(self):
        app = self.app
        from dicebox.games.mildred.pages import help_items
        items = [("Skip the lesson", self.leave), ("Go on", app.pop)]
        items.extend(help_items(app, True, (("How to play", "HOWTO"), ("Words", "WORDS"))))
        app.push(ui.Menu(app, TITLE, items))

    # -- leaving --
    def leave(self):
        """Skip or leave: back to what was under the lesson (Mildred's start
        menu), from any page the lesson put up."""
        self.done = True
        self.unwind()

    def real(self):
        self.leave()
        top = self.app.top()
        if hasattr(top, "new_game"):      # Mildred's start menu, under the lesson
            top.new_game("Beginner")      # a first real game: the gentlest bot

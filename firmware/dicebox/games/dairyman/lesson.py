"""Learn to play: a guided game of Dairyman against one bot, near its end.

A fixed, friendly deal: most tiles were claimed in earlier turns (you hold
190 points of tiles, the bot 195), six are left to play for, and the lesson
plays the last five turns with planned dice. The rules take chance outcomes
from their caller, so the lesson feeds the rolls written in ``BEATS`` instead
of the dice source, and the bot plays the moves written there. What it
teaches is what the game does: every move goes through ``rules.py``.

Each beat is ``(text, kind, data)``:

  "say"     a text box, nothing to do
  "do"      the person is asked for the move ``data`` (a move in words, see
            ``concrete``; marked ">" in the menus, another move gets a gentle
            hint and changes nothing)
  "roll"    the person rolls (A or a shake, or the reroll or ice cream just
            chosen); the dice come up as ``data``: "6 4 3y 5r", faces with
            the yellow die marked y and the red ones r
  "bot"     the bot plays ``data``;  "botroll": the bot's dice come up as ``data``
  "score"   the game's end text in a box
  "end"     the last box, then the offer of a real game

A text box comes before a beat that has text. Hold B (on the table or a box)
opens the lesson's menu: Skip the lesson, the moves of the game menu (the
one asked for marked), How to play, Controls. A short B on the table asks to
leave. The lesson never touches the saved game or the records. This module
is imported only while the lesson runs (``start.Start.learn``) and dropped
when Dairyman's start menu is back on top; the bot's module is let go while
it runs (a real game's first bot move imports it again).
"""
from dicebox.core import lesson
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.games.dairyman import rules
from dicebox.games.dairyman import table as T
from dicebox.games.dairyman.tiles import VALUE

BOT = "dicebox.games.dairyman.bot"
TITLE = "Learn to play"

# the moves, in words: ("lock", "6 4r"), ("reroll", "" or the faces kept),
# ("claim", (tile, ...)), ("flip", tile), ("ice", tile[, face]), ("fail",)
BEATS = (
    ("You are P1, the bot P2, near a game's end. Boxes say what to do. Hold "
     "B: Skip.", "say", None),
    ("Milk TILES score points. Disp: the 3 you can win. You have 190, P2 195 "
     "(Down).", "say", None),
    ("Roll your 8 dice, 7 white and 1 yellow (tabs on its edges): press A or "
     "shake.", "roll", "6 4 1 3 2 3 1 3y"),
    ("A SET: 2 or 3 dice adding up to 10. Pick the 6 and the 4: Left/Right, "
     "A on each.", "do", ("lock", "6 4")),
    ("Locked in BARN 1: sets from your first roll go there. Barns total 10 "
     "(top right).", "say", None),
    ("No tile fits 10 (a 15 costs 20). REROLL the 6 free dice. No set: "
     "you fail. Hold B.", "do", ("reroll", "")),
    (None, "roll", "5 5 2 1 1 3y"),
    ("Lock 5+5: barn 2, for rerolls 1 and 2 (from the 3rd: barn 3). All "
     "barns add up.", "do", ("lock", "5 5")),
    ("Barns 20. STOP and CLAIM tiles worth up to 20. Hold B: Stop and claim, "
     "the 20.", "do", ("claim", (5,))),
    ("Yours! (The 15 fits too, but 5 points would be lost.) Now P2 "
     "plays.", "say", None),
    (None, "botroll", "6 4 2 2 1 1 3 3y"),
    (None, "bot", ("lock", "6 4")),
    (None, "bot", ("reroll", "")),
    (None, "botroll", "5 5 1 2 6 2y"),
    (None, "bot", ("lock", "5 5")),
    (None, "bot", ("claim", (2,))),
    ("Your turn again. Roll!", "roll", "1 1 1 6 6 6 6 5y"),
    ("No set! But the yellow die shows 5, your 20's FLIP need (Y5). Flip it: "
     "hold B.", "do", ("flip", 5)),
    ("Flipped! Its back: an ICE CREAM, a reroll of one die once a turn. "
     "Yellow: spent.", "say", None),
    ("Use it: hold B, Ice cream, then pick a 1 (Left/Right, A).", "do",
     ("ice", 5, "1")),
    (None, "roll", "3"),
    ("A 3! Lock 1+3+6, a set of three. Still barn 1: an ice cream is not a "
     "reroll.", "do", ("lock", "1 3 6")),
    ("Barns 10, and no tile costs 10 or less: to stop now is to fail. Push "
     "on: reroll!", "do", ("reroll", "")),
    (None, "roll", "1 2 3 1"),
    ("No set, no ice cream left: you FAIL. Hold B: Fail: backorder.", "do",
     ("fail",)),
    ("A BACKORDER token (B1 below): -5 at the end, a red die next "
     "turn. Barns lost.", "say", None),
    (None, "botroll", "4 6 5 5 2 3 1 3y"),
    (None, "bot", ("lock", "4 6")),
    ("P2 locked 4+6, and has 5+5 in the same roll: lock as many sets as you "
     "find.", "bot", ("lock", "5 5")),
    (None, "bot", ("reroll", "")),
    (None, "botroll", "2 3 5 2y"),
    (None, "bot", ("lock", "2 3 5")),
    (None, "bot", ("claim", (10,))),
    ("Last turn: the stack is empty. 9 dice, the red one (corners only) for "
     "your token.", "roll", "6 2 2 1 1 3 5 3y 4r"),
    ("Red dice count like white ones. Lock the 6 and the red 4.", "do",
     ("lock", "6 4r")),
    ("The 40 wants 40: push on. Hold B: Reroll.", "do", ("reroll", "")),
    (None, "roll", "5 5 1 1 2 2 1y"),
    ("Lock 5+5: barn 2.", "do", ("lock", "5 5")),
    ("Barns 20. Reroll the 5 free dice.", "do", ("reroll", "")),
    (None, "roll", "6 4 1 2 3y"),
    ("Lock 6+4: barn 2 again.", "do", ("lock", "6 4")),
    ("Barns 30. A 3rd reroll fills barn 3 and earns a FREEZE token. Reroll "
     "the 3 dice!", "do", ("reroll", "")),
    (None, "roll", "4 6 1y"),
    ("F1: a freeze token. Before a reroll it keeps one die as it is. Lock "
     "4+6: barn 3.", "do", ("lock", "4 6")),
    ("Barns 40: stop and claim the 40. Hold B: Stop and claim.", "do",
     ("claim", (21,))),
    ("GAME OVER: the display cannot refill to 3. Tiles score their value, "
     "-5 a token.", "say", None),
    (None, "score", None),
    ("Well done! A cheese back adds 5 points. In a game, hold B for a "
     "Hint.", "end", None),
)

_COLOUR = {"y": rules.YELLOW, "r": rules.RED}


def deal():
    """The lesson's position: P1 to roll, 30 turns played; display 20i 15c
    40i, the stack 35c 25c 30i; the other 16 tiles already held (P1 190
    points, P2 195), none flipped, no tokens."""
    st = rules.State(2)
    st.stack = [17, 10, 13]
    st.display = [5, 2, 21]
    st.owned = [[20, 18, 14, 15, 12, 1, 8], [0, 3, 4, 6, 7, 9, 11, 16, 19]]
    st.turns = 30
    st.start_turn(0)
    return st


def dice_of(text):
    """ "6 4r 3y" -> [(6, WHITE), (4, RED), (3, YELLOW)]."""
    out = []
    for w in text.split():
        out.append((int(w[0]), _COLOUR.get(w[1:], rules.WHITE)))
    return out


def faces(st, text):
    """The chance outcome for the roll ``st`` waits for: each die rolled
    shows a face of ``text`` of its own colour (the yellow die always its
    own; white and red may stand in for each other), in the order written."""
    want = dice_of(text)
    used = [False] * len(want)
    out = []
    for i in st.pending[1]:
        c = st.dc[i]
        k = -1
        for j in range(len(want)):
            if not used[j] and want[j][1] == c:
                k = j
                break
        if k < 0:
            for j in range(len(want)):
                if not used[j] and (want[j][1] == rules.YELLOW) == (c == rules.YELLOW):
                    k = j
                    break
        if k < 0:
            raise ValueError("no face for die %d" % i)
        used[k] = True
        out.append(want[k][0] - 1)
    return out


def _key(st, i):
    return (st.dv[i], st.dc[i] == rules.YELLOW)


def _dice(st, text):
    """Free dice showing the faces of ``text`` (exact colours first), or None."""
    free = st.free_dice()
    got = []
    for f, c in dice_of(text):
        k = -1
        for i in free:
            if i not in got and st.dv[i] == f and st.dc[i] == c:
                k = i
                break
        if k < 0:
            for i in free:
                if i not in got and _key(st, i) == (f, c == rules.YELLOW):
                    k = i
                    break
        if k < 0:
            return None
        got.append(k)
    return tuple(got)


def concrete(st, want):
    """The rules' action for the move in words ``want`` in ``st`` (None when
    the dice it names are not there)."""
    v = want[0]
    if v in ("lock", "reroll"):
        d = _dice(st, want[1])
        return None if d is None else (v, d)
    if v == "ice" and len(want) == 3:
        d = _dice(st, want[2])
        return None if d is None else ("ice", want[1], d[0])
    return tuple(want)


def fits(st, a, want):
    """True when action ``a`` is the move ``want`` (dice alike by face and
    yellow or not, as the rules count moves alike)."""
    try:
        a = tuple(a)
        if a[0] != want[0]:
            return False
        v = want[0]
        if v in ("lock", "reroll"):
            mine = sorted(_key(st, i) for i in a[1])
            return mine == sorted((f, c == rules.YELLOW) for f, c in dice_of(want[1]))
        if v == "claim":
            return sorted(a[1]) == sorted(want[1])
        if v == "flip":
            return a[1] == want[1]
        if v == "ice":
            if a[1] != want[1]:
                return False
            return len(want) == 2 or (len(a) == 3 and _key(st, a[2]) == (int(want[2]), False))
        return True
    except (TypeError, IndexError, ValueError):
        return False


def how(want):
    """What to do for ``want``, in a few words (the "Not yet" box)."""
    v = want[0]
    if v == "lock":
        return "Pick %s: Left/Right, A on each." % " and ".join(
            ("the red %s" % w[0]) if w.endswith("r") else w for w in want[1].split())
    if v == "reroll":
        return "Hold B: Reroll."
    if v == "claim":
        return "Hold B: Stop and claim, the %s." % "+".join(
            str(VALUE[t]) for t in want[1])
    if v == "flip":
        return "Hold B: Flip a tile."
    if v == "ice":
        return "Hold B: Ice cream, then a %s." % want[2] if len(want) == 3 else "Hold B: Ice cream."
    return "Hold B: Fail: backorder."


# the game menu's entry (T.Table.menu_items) of each kind of move
_ENTRY = {"reroll": 0, "claim": 2, "flip": 3, "ice": 4, "fail": 5}


def mark(label):
    """A menu label marked as the move asked for (15 columns)."""
    lab = ">" + label
    if len(lab) > 15:
        lab = lab.replace(": ", ":")
    return lab[:15]


def begin(app, start=None):
    """The lesson over ``start`` (Dairyman's start menu), which gets A on the
    closing question (a real game)."""
    # the bot is the script: its module (loaded with Dairyman) is let go for
    # the lesson and imported again by a real game's first bot move
    forget(BOT)
    t = Lesson(app, start)
    app.push(t)
    return t


class Lesson(lesson.Beats, T.Table):
    """Dairyman's table playing ``BEATS``: planned rolls, a scripted bot, a
    box before each step, the wanted move marked, no saves, no records."""

    def __init__(self, app, start=None):
        self.i = 0              # the beat under way
        self.said = -1          # the last beat whose box was shown
        self.done = False
        self.start = start
        T.Table.__init__(self, app, deal(), [0, 1])

    BEATS = BEATS

    # -- the beats --
    def after_move(self):
        T.Table.after_move(self)
        self.i += 1             # every move and roll of the lesson is its beat

    # -- the shared table's hooks: no records, the bot is the script --
    def finish(self):
        self.ended = True
        self.drop_turn()
        self.pending_save = False

    def bot_module(self):
        return self

    SLICE = 1                   # the bot protocol's slice: the script's move is one

    def think(self, state, rng, level, budget=None):
        b = self.beat()
        a = concrete(state, b[2]) if b is not None and b[1] == "bot" else None
        if a is None:                   # off the script (never in the lesson's own line)
            a = state.legal_actions()[0]
        yield a

    def outcome(self):
        """The planned faces of a step that rolls (the table does the rest)."""
        b = self.beat()
        if b is None or b[1] not in ("roll", "botroll"):
            return T.Table.outcome(self)
        got = faces(self.s, b[2])
        self.s.apply_chance(got)
        return got

    def play(self, action):
        """A person's move: only the one the step asks for (else a gentle
        hint, nothing changes)."""
        want = self.wanted()
        if want is None or not fits(self.s, action, want):
            self.app.beep(440, 30)
            self.sel = []
            self.mode = T.MARK
            self.dirty = True
            self.app.push(lesson.Box(self.app, self, "Not yet", "Not this one yet. " +
                              (how(want) if want else "Read the box first.")))
            return False
        return T.Table.play(self, action)

    # -- the wanted move marked in the menus --
    def menu_items(self):
        items = T.Table.menu_items(self)
        want = self.wanted()
        k = _ENTRY.get(want[0]) if want else None
        if k == 0 and want[1]:
            k = 1                       # a reroll keeping dice: Freeze+reroll
        if k is not None and items[k][1] is not None:
            items[k] = (mark(items[k][0]), items[k][1])
        return items

    def mark_menu(self, acts, same):
        """Mark, on the list just put up, the entry of ``acts`` (one per
        entry, in order) that is the wanted move (``same`` compares them)."""
        m = self.app.top()
        want = self.wanted()
        if want is None or not isinstance(m, ui.Menu):
            return
        for j in range(min(len(acts), len(m.items))):
            if same(acts[j], want):
                it = m.items[j]
                m.items[j] = (mark(m.label(j)), it[1])
                m.sel = j
                m.top = max(0, j - m.VISIBLE + 1)
                return

    def claim_menu(self):
        T.Table.claim_menu(self)
        self.mark_menu([a for a in self.s.legal_actions() if a[0] == "claim"],
                       lambda a, w: fits(self.s, a, w))

    def flip_menu(self):
        T.Table.flip_menu(self)
        self.mark_menu([a for a in self.s.legal_actions() if a[0] == "flip"],
                       lambda a, w: fits(self.s, a, w))

    def ice_menu(self):
        tiles = []
        for a in self.s.legal_actions():
            if a[0] == "ice" and a[1] not in tiles:
                tiles.append(a[1])
        T.Table.ice_menu(self)
        self.mark_menu(tiles, lambda t, w: w[0] == "ice" and w[1] == t)

    # -- frames and keys --
    def tick(self, now):
        if self.idle():
            b = self.beat()
            if b is not None and b[1] == "score" and self.said < self.i:
                self.said = self.i
                self.app.push(lesson.Box(self.app, self, "Game over", self.end_text(), self.closed))
                return
            if self.show_beat(b):
                return
        T.Table.tick(self, now)

    def closed(self):
        b = self.beat()
        if b is not None and b[1] in ("say", "score"):
            self.i += 1

    def waiting(self):
        """A box or a result is still to be shown: keys wait for it."""
        b = self.beat()
        return bool(self.queue) or (b is not None and (((b[0] or b[1] == "score")
                                                        and self.said < self.i)
                                                       or b[1] == "end"))

    def event(self, ev):
        if self.waiting() and E.button(ev) != E.B:
            return
        if self.actor() == -2 and E.button(ev) != E.B:
            return                      # the end: the boxes say it (no end page)
        T.Table.event(self, ev)

    def menu(self):
        """Hold B: Skip, the game menu's moves (the one asked for marked and
        selected), How to play, Controls."""
        app = self.app
        items = [("Skip the lesson", self.leave)]
        items.extend(self.menu_items())
        for i in (0, 1):
            items.append((T.HELP_TITLES[i], T.help_opener(app, i, True)))
        m = ui.Menu(app, TITLE, items)
        m.sel = 1
        for j in range(1, 7):
            if m.label(j).startswith(">"):
                m.sel = j
        m.top = max(0, m.sel - m.VISIBLE + 1)
        app.push(m)

    # -- leaving --
    def leave(self):
        """Skip or leave: back to what was under the lesson (Dairyman's start
        menu), from any page the lesson put up."""
        self.done = True
        self.drop_turn()
        self.unwind()

    def real(self):
        self.leave()
        if self.start is not None and self.app.top() is self.start:
            self.start.new(1)           # a first real game: P2 the gentlest bot

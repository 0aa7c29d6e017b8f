"""Milestones rules engine: a pure state machine (see dicebox/core/game.py).

Cooperative and in real time: the seat whose turn it is rolls, but any seat may
claim its task at any moment, so actions name their seat:

  ("draw", seat, pile)    setup only: take the first hand card from a pile
  ("roll", mask)          the turn seat rolls the dice in bit mask ``mask``
                          (the first roll must be all six: 63)
  ("claim", seat, pile)   the dice fulfil seat's card: score it, draw from ``pile``
                          (-1 when every pile is empty)
  ("discard", seat)       variant 1: drop the hand card, draw a new one
  ("flip", seat)          variant 3: the dice fulfil the hourglass card: flip the glass
  ("time", now_ms)        the clock moved on; the game ends when the sand is out
  ("pause", now_ms)       lay the hourglass down (menu, saving)
  ("resume", now_ms)      stand it up again; ``now_ms`` may be on a new clock

Time enters only through these actions: ``state.now`` is the last clock value seen.
``current_player()`` is CHANCE while a card or dice wait to be drawn/rolled, the
seat drawing during setup, else the seat whose turn it is to roll;
``legal_actions(seat=None)`` lists rolls, claims, discards and flips (all seats, or
one seat's); time, pause and resume are always allowed and not listed.

Cards are drawn lazily: a pile is an unordered set and every draw is a chance node
picking one of its cards, so no saved state or bot clone knows a pile's order.

State fields (each is also its key in the save, see FIELDS; card ids index
``deck.card``, sides index ``deck.side``):

  deck_version  the ``deck.DECK_VERSION`` the card ids refer to; a save made
                with another deck is refused
  n             number of seats (1-5), people and bots together
  big           variant 1: one big pile of every card (else three tier piles)
  mand_all      variant 2: the special sides laid out as must-do tasks (sorted)
  hg_side       variant 3: the hourglass card's side (6 or 7), or None
  piles         the card ids left in each pile (unordered: a draw picks one)
  hands         hands[seat]: that seat's card id, or -1 for none
  drawn_at      drawn_at[seat]: the roll count when its card was drawn
                (variant 1: a new card needs a roll after it)
  dice          the six faces (1-6), or None before the first roll
  rolls         rolls completed so far
  turn          the seat whose turn it is to roll
  setup         the next seat to take its first card (setup while < n)
  scored        card ids on the team's scoring pile
  discarded     card ids swapped away (variant 1)
  mand_open     must-do sides the dice have not met yet
  hg_open       the hourglass card still lies out (not flipped yet)
  flips         times the glass was flipped by the hourglass card (0 or 1)
  now           the last clock value seen (ms)
  glass         the sand (core.hourglass.Hourglass; saved as total, left, running)
  started       the first roll has landed (the sand runs from then)
  paused        the glass lies down (menu, saving)
  over          the game has ended (read it with is_over())
  end           why it ended, in words
  pending       the chance node waited for: ("draw", seat, pile) or
                ("roll", mask); None when nothing is waited for
"""
from micropython import const
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.core.hourglass import Hourglass
from dicebox.core.state_io import Fields
from dicebox.core.valid import dict_of
from dicebox.games.milestones import deck
from dicebox.games.milestones.tasks import match, POPCOUNT, describe as _task_words
from dicebox.games.milestones.dice import labels as _die_labels

GAME_MS = const(180000)
MAX_PLAYERS = const(5)
ALL_DICE = const(63)  # the roll mask of all six dice (the first roll)
_NONE = const(-1)
MAX_MS = const(0x3FFFFFFF)  # a saved clock value beyond this is damage
MAX_GAME_MS = const(3600000)

# The saved fields of a State, each under its attribute's name (see the glossary
# above). clone, to_dict and from_dict all go by this one table; the hourglass
# (``glass``, an object) is saved beside it as {"total", "left", "running"}.
# Version 2: saves carry ``deck_version``; version 1 saves did not say which deck
# their card ids mean, so they are refused (BadData), never misread.
FIELDS = Fields(2, (
    "deck_version", "n", "big", "mand_all", "hg_side", "piles", "hands", "drawn_at",
    "dice", "rolls", "turn", "setup", "scored", "discarded", "mand_open", "hg_open",
    "flips", "now", "started", "paused", "over", "end", "pending"), "milestones")


class State:
    # ---- the game contract (core/game.py), in its order ---------------------
    def __init__(self, players=2, big_pile=False, mandatory=(), hourglass_side=None,
                 game_ms=GAME_MS, _blank=False):
        """``mandatory``: special sides (0..5, side s = card s>>1, face s&1) laid out
        face up (variant 2, one to three different cards); ``hourglass_side``: 6 or 7
        to lay out the hourglass card (variant 3); ``big_pile``: variant 1."""
        if _blank:  # the fields are filled in by clone/from_dict (FIELDS)
            return
        if players < 1 or players > MAX_PLAYERS:
            raise ValueError("1 to 5 players")
        mand = sorted(mandatory)
        if len(mand) > 3:
            raise ValueError("at most three mandatory tasks")
        cards_used = [s >> 1 for s in mand]
        for s in mand:
            if s < 0 or s >= 2 * deck.NMANDATORY or cards_used.count(s >> 1) > 1:
                raise ValueError("bad mandatory sides")
        if hourglass_side is not None and hourglass_side not in (6, 7):
            raise ValueError("hourglass side is 6 or 7")
        self.deck_version = deck.DECK_VERSION
        self.n = players
        self.big = bool(big_pile)
        self.mand_all = tuple(mand)
        self.hg_side = hourglass_side
        if self.big:
            self.piles = [list(range(deck.NCARDS))]
        else:
            self.piles = [deck.tier_cards(t) for t in range(3)]
        self.hands = [_NONE] * players
        self.drawn_at = [0] * players   # roll count when the hand card was drawn
        self.dice = None                # six numbers once rolled
        self.rolls = 0                  # completed rolls
        self.turn = 0
        self.setup = 0                  # next seat to take a first card (setup while < n)
        self.scored = []
        self.discarded = []
        self.mand_open = list(mand)
        self.hg_open = hourglass_side is not None
        self.flips = 0
        self.now = 0
        self.glass = Hourglass(game_ms, 0, False)
        self.started = False
        self.paused = False
        self.over = False
        self.end = ""                   # why the game ended
        self.pending = None             # ("draw", seat, pile) or ("roll", mask)

    def current_player(self):
        if self.over:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        if self.setup < self.n:
            return self.setup
        return self.turn

    def is_over(self):
        """True once the game has ended (the one name every game uses)."""
        return self.over

    def legal_actions(self, seat=None):
        if self.over or self.pending is not None or self.paused:
            return []
        out = []
        if self.setup < self.n:
            s = self.setup
            if seat is None or seat == s:
                for p in range(len(self.piles)):
                    if self.piles[p]:
                        out.append(("draw", s, p))
            return out
        if seat is None or seat == self.turn:
            if self.dice is None:
                out.append(("roll", ALL_DICE))
            else:
                for m in range(1, ALL_DICE + 1):
                    out.append(("roll", m))
        seats = range(self.n) if seat is None else (seat,)
        empty = self.piles_empty()
        for s in seats:
            if self._claim_reason(s) is None:
                if empty:
                    out.append(("claim", s, -1))
                else:
                    for p in range(len(self.piles)):
                        if self.piles[p]:
                            out.append(("claim", s, p))
            if self.big and self.hands[s] != _NONE and self.piles[0]:
                out.append(("discard", s))
            if self.started and self.hourglass_ready():
                out.append(("flip", s))
        return out

    def apply(self, action):
        """Play ``action``: ``check`` it, then ``do`` it. An illegal action
        raises IllegalMove and changes nothing. Clock actions are allowed
        until the game is over, whoever's turn it is."""
        self.do(self.check(action))

    def do(self, action):
        """Play ``action`` (a tuple) unchecked, for search: only for an action
        ``apply`` would accept, e.g. one ``legal_actions`` listed."""
        a = action
        verb = a[0]
        if verb == "time" or verb == "pause":
            self.now = a[1]
            if self.started and not self.paused and self.glass.done(self.now):
                self._finish("time is up")
            elif verb == "pause":
                self.glass.pause(self.now)
                self.paused = True
        elif verb == "resume":
            # Settle the sand at the last clock value seen, then continue on the new clock.
            self.glass.pause(self.now)
            self.now = a[1]
            if self.started:
                self.glass.start(self.now)
            self.paused = False
            self._sand_out()
        elif verb == "draw":
            self.pending = ("draw", a[1], a[2])
        elif verb == "roll":
            self.pending = ("roll", a[1])
        elif verb == "claim":
            s = a[1]
            self.scored.append(self.hands[s])
            self.hands[s] = _NONE
            if a[2] >= 0:
                self.pending = ("draw", s, a[2])
            else:
                self._check_stuck()
        elif verb == "discard":
            s = a[1]
            self.discarded.append(self.hands[s])
            self.hands[s] = _NONE
            self.pending = ("draw", s, 0)
        else:  # "flip"
            self.glass.flip(self.now)
            self.hg_open = False
            self.flips += 1
            self._sand_out()

    def chance_request(self):
        p = self.pending
        if p is None:
            return []
        if p[0] == "draw":
            return [len(self.piles[p[2]])]
        return [6] * POPCOUNT[p[1]]

    def apply_chance(self, values):
        p = self.pending
        if p is None:
            raise IllegalMove("nothing to roll or draw")
        sizes = self.chance_request()
        values = list(values)
        if len(values) != len(sizes):
            raise IllegalMove("wrong number of chance values")
        for i in range(len(sizes)):
            v = values[i]
            if not isinstance(v, int) or v < 0 or v >= sizes[i]:
                raise IllegalMove("chance value out of range")
        self.pending = None
        if p[0] == "draw":
            s = p[1]
            self.hands[s] = self.piles[p[2]].pop(values[0])
            self.drawn_at[s] = self.rolls
            if self.setup < self.n:
                self.setup += 1
            return
        m = p[1]
        dice = self.dice or [0] * 6
        j = 0
        for i in range(6):
            if (m >> i) & 1:
                dice[i] = values[j] + 1
                j += 1
        self.dice = dice
        self.rolls += 1
        if not self.started:
            self.started = True
            self.glass.reset(self.now)
            if not self.paused:  # a roll that lands while the glass lies down
                self.glass.start(self.now)
        self.turn = (self.turn + 1) % self.n
        # Mandatory tasks lying out are met by the dice, not by a seat: the console
        # removes each one as soon as the dice fulfil it.
        keep = []
        for sd in self.mand_open:
            if not match(deck.SIDE_TASKS[sd], dice):
                keep.append(sd)
        self.mand_open = keep
        self._check_stuck()

    def describe(self, action, names=None):
        """Words for ``action``, said from this state (before it is applied), e.g.
        "S2 rerolled 4R 1P" or "S1 scored run of 3: +1, team 7". ``names[seat]``
        replaces "S1"... The log, the bots' messages and the menus all use these
        words. Secret things stay secret: a drawn card is not named. A clock
        action (time, pause, resume) has words only when it ends the game; an
        action that ends it says so, why, and the team's final score. At most
        ``ending.LOG_WIDTH`` characters."""
        a = tup(action)
        if not isinstance(a, tuple) or not a:
            return ""
        verb = a[0]
        if verb == "draw" and len(a) == 3:
            return ("%s took a card from %s") % (_who(a[1], names), self._pile_name(a[2]))
        if verb == "roll" and len(a) == 2 and isinstance(a[1], int):
            if self.dice is None:
                return ("%s rolled all six dice") % _who(self.turn, names)
            return ("%s rerolled %s") % (_who(self.turn, names), _die_labels(self.dice, a[1]))
        if verb == "claim" and len(a) == 3:
            s = a[1]
            c = self.hands[s] if isinstance(s, int) and 0 <= s < self.n else _NONE
            if c == _NONE:
                return ("%s claimed") % _who(s, names)
            pts = deck.POINTS[c]
            total = self.points() + pts
            text = "%s scored %s: +%d, team %d" % (
                _who(s, names), " + ".join(_task_words(deck.TASKS[c])), pts, total)
            if isinstance(a[2], int) and a[2] >= 0:
                return text + "; new card from %s" % self._pile_name(a[2])
            for q in range(self.n):
                if (q != s and self.hands[q] != _NONE) or self.mand_open:
                    return text + "; the piles are empty: no new card"
            return _over_words("no cards left", total, (), text)
        if verb == "discard" and len(a) == 2:
            return ("%s swapped a card") % _who(a[1], names)
        if verb == "flip" and len(a) == 2:
            left = self.glass.total - self.glass.left(self.now)
            text = ("%s flipped the glass: %d:%02d left") % (
                _who(a[1], names), left // 60000, left // 1000 % 60)
            if left <= 0 and self.started:
                return _over_words("time is up", self.points(), self.mand_open, text)
            return text
        if verb in ("time", "pause", "resume") and len(a) == 2 and isinstance(a[1], int):
            if not self.started or self.over:
                return ""
            if verb == "resume" or self.paused:
                out = self.glass.left(self.now) == 0
            else:
                out = a[1] >= self.now and self.glass.done(a[1])
            if out:
                return _over_words("time is up", self.points(), self.mand_open)
        return ""

    def describe_chance(self, values, names=None):
        """Words for the outcome ``values`` of the roll waited for, said before
        it is applied: the roll and the dice it brought ("S2 rerolled 4R 1P and
        got 3G 2B"), then a line for the must-do cards the dice meet and one
        for the end of the game when that leaves nothing to play for; the lines
        are joined by newlines, each at most ``ending.LOG_WIDTH`` characters. A drawn
        card stays secret: "" (the action that asked for it named the pile)."""
        p = self.pending
        if p is None or p[0] != "roll":
            return ""
        m = p[1]
        dice = list(self.dice or (0, 0, 0, 0, 0, 0))
        j = 0
        for i in range(6):
            if (m >> i) & 1:
                if j >= len(values) or not isinstance(values[j], int):
                    return ""
                dice[i] = values[j] + 1
                j += 1
        if self.dice is None:
            text = "%s rolled all six dice: %s" % (_who(self.turn, names), _die_labels(dice, m))
        else:
            text = "%s rerolled %s and got %s" % (
                _who(self.turn, names), _die_labels(self.dice, m), _die_labels(dice, m))
        met = []
        still = 0
        for sd in self.mand_open:
            if match(deck.SIDE_TASKS[sd], dice):
                met.append(" + ".join(_task_words(deck.SIDE_TASKS[sd])))
            else:
                still += 1
        if not met:
            return text
        text += "\n%s met: %s (%s)" % (
            "Must-do card" if len(met) == 1 else "Must-do cards", ", ".join(met),
            "%d still open" % still if still else "none open")
        if still:
            return text
        for c in self.hands:
            if c != _NONE:
                return text
        return text + "\n" + _over_words("no cards left", self.points(), ())

    def score(self):
        """The team's result: 0 if a mandatory task is still open at the end."""
        if self.over and self.mand_open:
            return 0
        return self.points()

    def to_dict(self):
        """The save: every field in FIELDS under its own name, "v", and the glass."""
        d = FIELDS.dump(self)
        d["glass"] = self.glass.to_dict(self.now)
        return d

    @classmethod
    def from_dict(cls, d):
        """A state from ``to_dict``; raises ``BadData`` (saying why) for anything
        that is not a state this engine could have reached (checks.py judges the
        values: imported only here, play does not carry it). ``FIELDS.load``
        checks the version and that every field is there."""
        from dicebox.games.milestones import checks
        dict_of(d, "the game")
        o = checks.judge(FIELDS.load(cls(_blank=True), d), d)
        if o.started and o.glass.top == 0 and not o.over:
            o._finish("time is up")  # saved after a flip that left no sand (ruling 14)
        return o

    def clone(self):
        """An independent copy."""
        o = FIELDS.copy(self, State(_blank=True))
        g = self.glass
        o.glass = Hourglass(g.total, g.since, g.running)
        o.glass.top = g.top
        return o

    # ---- helpers outside the contract ---------------------------------------
    def check(self, action):
        """``action`` as a tuple (JSON lists accepted) if it may be played now,
        else IllegalMove with the reason. Changes nothing."""
        a = tup(action)
        if not isinstance(a, tuple) or not a:
            raise IllegalMove("not an action")
        verb = a[0]
        if self.over:
            raise IllegalMove("the game is over")
        if verb == "time" or verb == "pause" or verb == "resume":
            if self._clock(a) < self.now and verb != "resume":
                raise IllegalMove("the clock went backwards")
            return a
        if self.pending is not None:
            raise IllegalMove("waiting for a draw or roll")
        if self.paused:
            raise IllegalMove("the hourglass is paused")
        if verb == "draw":
            if self.setup >= self.n:
                raise IllegalMove("cards are drawn after a claim")
            if len(a) != 3:
                raise IllegalMove("draw needs seat and pile")
            if self._seat(a[1]) != self.setup:
                raise IllegalMove("not this seat's turn to draw")
            p = a[2]
            if not isinstance(p, int) or p < 0 or p >= len(self.piles) or not self.piles[p]:
                raise IllegalMove("no cards in that pile")
            return a
        if self.setup < self.n:
            raise IllegalMove("everyone takes a card first")
        if verb == "roll":
            if len(a) != 2 or not isinstance(a[1], int):
                raise IllegalMove("roll needs a dice mask")
            if a[1] < 1 or a[1] > ALL_DICE:
                raise IllegalMove("roll at least one die")
            if self.dice is None and a[1] != ALL_DICE:
                raise IllegalMove("first roll: all six dice")
        elif verb == "claim":
            if len(a) != 3:
                raise IllegalMove("claim needs seat and pile")
            why = self._claim_reason(self._seat(a[1]))
            if why is not None:
                raise IllegalMove(why)
            self._pick_pile(a[2])
        elif verb == "discard":
            if not self.big:
                raise IllegalMove("discarding is a variant 1 rule")
            if len(a) != 2:
                raise IllegalMove("discard needs a seat")
            if self.hands[self._seat(a[1])] == _NONE:
                raise IllegalMove("no card in hand")
            if not self.piles[0]:
                raise IllegalMove("the draw pile is empty")
        elif verb == "flip":
            if len(a) != 2:
                raise IllegalMove("flip needs a seat")
            self._seat(a[1])
            if not self.hg_open:
                raise IllegalMove("no hourglass card lies out")
            if not self.started:
                raise IllegalMove("the hourglass is not running yet")
            if not self.hourglass_ready():
                raise IllegalMove("dice miss the hourglass card")
        else:
            raise IllegalMove("unknown action")
        return a

    def _clock(self, a):
        if len(a) != 2 or not isinstance(a[1], int):
            raise IllegalMove("needs a clock value")
        return a[1]

    def _seat(self, s):
        if not isinstance(s, int) or s < 0 or s >= self.n:
            raise IllegalMove("no such seat")
        return s

    def _pick_pile(self, p):
        if not isinstance(p, int):
            raise IllegalMove("which pile?")
        if self.piles_empty():
            if p != -1:
                raise IllegalMove("every pile is empty")
            return -1
        if p < 0 or p >= len(self.piles) or not self.piles[p]:
            raise IllegalMove("no cards in that pile")
        return p

    def can_claim(self, seat):
        """Whether ``seat`` could claim its hand card right now (the claim aid)."""
        return self._claim_reason(seat) is None

    def _claim_reason(self, seat):
        if seat < 0 or seat >= self.n:
            return "no such seat"
        if self.dice is None:
            return "no dice rolled yet"
        c = self.hands[seat]
        if c == _NONE:
            return "no card in hand"
        if self.big and self.rolls <= self.drawn_at[seat]:
            return "a new card needs a reroll first"
        if not match(deck.TASKS[c], self.dice):
            return "the dice do not fulfil that task"
        return None

    def hourglass_ready(self):
        return (self.hg_open and self.dice is not None
                and match(deck.SIDE_TASKS[self.hg_side], self.dice))

    def time_left(self):
        return self.glass.left(self.now)

    def piles_empty(self):
        for p in self.piles:
            if p:
                return False
        return True

    def points(self):
        """Points on the scoring pile (what counts unless a mandatory task is missed)."""
        t = 0
        for c in self.scored:
            t += deck.POINTS[c]
        return t

    def card_count(self):
        """Every task card is in exactly one place: piles, hands, scored, discarded."""
        t = len(self.scored) + len(self.discarded)
        for p in self.piles:
            t += len(p)
        for c in self.hands:
            if c != _NONE:
                t += 1
        return t

    def _check_stuck(self):
        # Nothing left that could change the result: end at once.
        if self.setup < self.n or self.mand_open or self.pending is not None:
            return
        for c in self.hands:
            if c != _NONE:
                return
        self._finish("no cards left")

    def _sand_out(self):
        """The game ends the moment the hourglass has run out (a flip before
        any sand ran leaves none), not at the next clock action."""
        if self.started and self.glass.done(self.now):
            self._finish("time is up")

    def _finish(self, why):
        self.over = True
        self.end = why
        self.pending = None

    def _pile_name(self, p):
        if self.big:
            return ("the pile")
        if isinstance(p, int) and 0 <= p < 3:
            return deck.TIER_NAMES[p]
        return ("no pile")


def _over_words(why, pts, mand_open, before=""):
    """The end of the game in words (ending.over_words: imported only as a
    game ends, play does not carry it)."""
    from dicebox.games.milestones.ending import over_words
    return over_words(why, pts, mand_open, before)


def _who(s, names):
    """A seat's name in the words: ``names[s]``, else "S1"..."""
    if names is not None and isinstance(s, int) and 0 <= s < len(names):
        return names[s]
    return ("S%s") % ((s + 1) if isinstance(s, int) else "?")

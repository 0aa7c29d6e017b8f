"""Bot teammates for Milestones, in four levels, thought in slices.

A bot reads only what its seat may know: its own hand card, the dice, the face-up
special cards, the scoring pile, the clock, the pile sizes and what the other seats
announced (see below). It never looks at another seat's card or into a pile.

The table's interface (issue 10): one ``Bot(seat, level)`` per bot seat; each frame
the table calls ``step(st, rng)`` for ONE bot seat (round robin). ``step`` does at
most one slice of work (``SLICE`` work units, counted in the bot's ``budget``, a
core.think.Budget for the decision under way: made when the table changes, read
by tests and benchmarks) and returns an action to apply now, or None. Claims, draws, flips and discards are
found by a cheap look that is kept until the table changes; a reroll decision is a
generator kept across calls and restarted when the dice, the cards or the
announcements change; its answer is kept and returned again until the dice
change, so the table applies it when its pacing allows. The Expert's advice
for a person's seat (the Hint) is advice.py's ``hint``, imported for a hint.

Levels (0 Beginner .. 3 Expert):
  Beginner  the obvious play for its own card (keep the dice that plainly help
            it, reroll the rest), but it overlooks each helping die two times
            in three (rerolls it too); draws from a random pile.
  Casual    the obvious play for its own card, overlooking each helping die
            half the time; easy pile first, one draw in three the medium pile.
  Strong    a sampling search over all 63 reroll sets (its card, open mandatory
            tasks, the hourglass card late in the game, a small term for the
            teammates) on 256 work units (the Expert's: 576), playing the best
            estimate of its samples.
  Expert    the full search, valued with the exact odds of its targets where they
            are cheap (rerolling all six dice: the deck's exact hit counts; three
            to five dice of a card that reads only numbers or only colours, and
            five dice of any other: the tables of ``odds``; a condition on all
            dice or a single face: a formula; one or two dice: every outcome
            enumerated), every reroll of a size all its targets have figures for
            valued exactly (a scan); pile choice by points per expected roll
            (the deck's exact table) over the cards not yet seen, and the
            close-card protocol: it announces when its card is one die away
            (``close``: the dice it needs kept) and never rerolls dice that
            another seat announced.

The reroll search of Strong and Expert is search.py's; what a roll is worth to
the bot's targets (compiled targets, exact figures, the obvious play) is
values.py's. Randomness comes from the core RNG: one draw per decision seeds a
small-int generator (``Bot.rand``).
"""
from micropython import const
from dicebox.core import rng as _rng
from dicebox.core.think import Budget
from dicebox.games.milestones import deck, values
from dicebox.games.milestones.search import search
# the keep requests' board is play's (keeps.py: the table reads it too); the bots ask and honour
from dicebox.games.milestones.keeps import (  # noqa: F401
    announce, announced, protected, clear_announcements)

# Pile choice: mean points times hits (of 46656) of each tier's cards and of all the cards
# (written out; tests/host/test_milestones_bot_values.py sums them again)
_TIER_VALUE = (28475, 10750, 3953)
_BIG_VALUE = const(17544)
_BIG_RATE = const(17544)   # the same for the Expert's swap rule


# ---- levels, slices, work ------------------------------------------------------

LEVELS = const(4)
BEGINNER = const(0)
CASUAL = const(1)
STRONG = const(2)
EXPERT = const(3)
# Work units: a roll valued for its targets costs 3 + each target's TCOST; the
# fixed blocks of a search (clearing, the superset sum, the scan, each obvious
# play) are counted in the same units. One unit is about 1.3 us on the unix port,
# 2 us in the costlier slices (0.75 ms on the chip at 367x: host_tools/benches/bench_slices.py).
SLICE = const(26)          # units per slice (<= 20 ms on the chip: host_tools/benches/bench_slices.py)
_GREEDY = const(3)         # one Casual draw in this many: the medium pile (more points)
# Every decision's units stay under this: the search's (search.py), the fixed blocks, the look after
# the change (1,500 random states with every target: at most 724)
DECISION = const(760)
LOOK = const(16)          # units of noticing a change and the look that follows
# Below Strong a reroll is the obvious play for the bot's own card, each die that
# plainly helps the card overlooked (rerolled too) _OVERLOOK[level] times in six
_OVERLOOK = (4, 3)

# What a bot reacts to when the table changes, as small ints (``_table_look``):
# over, no chance waited for, paused, setup, turn, the rolls (mod 256: a
# bot looks every few frames, never 256 rolls apart), the last third of the
# sand, the hourglass card out, started, the must-do cards open, the
# hourglass card's side (255: none), dice rolled, the six dice, the five
# seats' cards (+1: 0 for none), the number of piles and their sizes.
_LOOK = const(27)
_NOW = bytearray(_LOOK)   # the table as it looks now: scratch shared by every bot


def _table_look(st, out):
    """Fill ``out`` (``_LOOK`` bytes) with what a bot reacts to in ``st``."""
    out[0] = st.over
    out[1] = st.pending is None
    out[2] = st.paused
    out[3] = st.setup
    out[4] = st.turn
    out[5] = st.rolls & 255
    out[6] = st.started and 3 * st.time_left() <= st.glass.total
    out[7] = st.hg_open
    out[8] = st.started
    out[9] = len(st.mand_open)
    out[10] = 255 if st.hg_side is None else st.hg_side
    dice = st.dice
    out[11] = dice is not None
    for i in range(6):
        out[12 + i] = 0 if dice is None else dice[i]
    hands = st.hands
    n = len(hands)
    for i in range(5):
        out[18 + i] = hands[i] + 1 if i < n else 0
    piles = st.piles
    n = len(piles)
    out[23] = n
    for i in range(3):
        out[24 + i] = len(piles[i]) if i < n else 0


def _card_rate(c):
    # points times the card's exact hits (of 46656 rolls): the deck's table
    return deck.POINTS[c] * deck.HITS[c]


class Bot:
    """One bot seat of level ``level`` (0 Beginner .. 3 Expert).

    The table's call is ``step(st, rng)`` once per frame for one bot seat. The old
    calls (``Bot(seat, seed=..., samples=..., rng=...)``, ``act(st, roll=...)``,
    ``choose_roll(st)``) still work: they run a whole decision at once on the
    bot's own seeded core ``Rng`` (``seed``) or on ``rng``."""

    def __init__(self, seat, level=EXPERT, seed=None, samples=None, rng=None):
        if level < 0 or level >= LEVELS:
            raise ValueError("level 0..3")
        self.seat = seat
        self.level = level
        if rng is None and seed is not None:
            rng = _rng.seeded((seed % 65536) + 1)
        self.rng = rng          # only for the old calls; step() is given the core Rng
        self.samples = samples  # the search's rolls in 48ths (search.py), None: all
        self.s = 1
        # a reroll decision's scratch (the sums by mask, the sampled faces of
        # stage 2), made when a decision starts and let go when it ends: only
        # the seat deciding holds them, not every bot teammate all game
        self.h = None
        self.faces = None
        self.t = [0, 0, 0, 0, 0, 0]
        self.team = 1000        # weight of the teammates' expected gain, thousandths
        self.tier = None        # fixed pile choice (bench experiments), None: by level
        self.announces = level == EXPERT
        self.honours = level == EXPERT
        self.spare = 0          # dice the table asks this bot to leave alone (a person's)
        self._seen = bytearray(_LOOK)   # the table as this bot last saw it (``_table_look``)
        self._seen_st = None    # ... and the state it saw
        self._look = None       # the kept look: claim, draw, flip, discard or None
        self._gen = None        # the reroll decision being thought
        self._roll = 0          # its answer, kept until the table changes (0: none)
        self._prot = 0          # the announced dice that answer kept
        self._agen = None       # the close check being thought (Expert)
        self._assessed = True
        self.close = 0          # dice this bot announced it needs kept (0: none)
        self.searches = 0       # reroll searches started (tests, benchmarks)
        self.work = 0           # units of the last decision
        self.budget = Budget(SLICE)   # the decision under way (from the table's last change)
        self._pv = None         # (key, rates per pile) for the Expert's pile choice
        self._keys = []         # the targets' keys (``_target_keys``)
        self._ex = []           # how each target is valued exactly (``exact_info``)
        self.rest = []          # the targets a candidate samples (stage 2)

    def rand(self):
        # Lehmer generator mod 65537: products stay small ints on the device.
        self.s = (self.s * 75) % 65537
        return self.s

    def _seed(self, rng):
        self.s = rng.randbelow(65536) + 1

    def _own_rng(self):
        if self.rng is None:
            self.rng = _rng.seeded(self.seat + 1)
        return self.rng

    # ---- what changed ---------------------------------------------------------

    def _same(self, st, seen):
        """Whether ``st`` still looks as it did when ``seen`` (this bot's
        bytes, ``_table_look``) was filled (no allocation either way); refills
        ``seen`` when it does not."""
        _table_look(st, _NOW)
        if st is self._seen_st and _NOW == seen:
            return True
        self._seen_st = st
        seen[:] = _NOW
        return False

    # ---- the table's call ----------------------------------------------------

    def step(self, st, rng):
        """One frame's share for this seat: at most one slice of work. Returns an
        action to apply now (a claim, draw, flip, discard, or the reroll once it is
        decided: the same reroll again on every call until the dice change) or
        None (nothing to do, or still thinking)."""
        if not self._same(st, self._seen):
            # the table changed: this call only looks (a claim, draw, flip or
            # discard); thinking starts with the next call
            self._changed(st, rng)
            return self._look
        if self._look is not None:
            return self._look
        if not self._assessed:
            if self._agen is None:
                self.budget.end()    # the look was a slice: the check starts a new one
                self._agen = self._assess(st, self.budget)
            if next(self._agen) is None:
                return None
            self._agen = None
            self._assessed = True
            return None
        if not self._wants_roll(st):
            return None
        if st.dice is None:
            return ("roll", 63)
        prot = (protected(st, self.seat) if self.honours else 0) | self.spare
        if self._roll and prot == self._prot:
            return ("roll", self._roll)
        if self._gen is None or prot != self._prot:
            self._prot = prot
            self._roll = 0
            self.budget.end()        # the reroll decision starts a slice of its own
            self._gen = self._think(st, rng, prot, self.budget)
        r = next(self._gen)
        if r is None:
            return None
        self._gen = self.h = self.faces = None
        self._roll = r
        return ("roll", r)

    def _changed(self, st, rng):
        # a new decision: its budget, and the look is its first slice
        self.budget = Budget(SLICE)
        self.budget.fits(LOOK)
        self._look = self._act(st, rng)
        self._gen = self.h = self.faces = None
        self._roll = 0
        self._agen = None
        # the seat about to reroll changes the dice itself: no close check
        self._assessed = not self.announces or st.turn == self.seat
        if self.close and announced(st, self.seat) != self.close:
            self.close = 0

    def thinking(self):
        """True while a reroll decision or close check is under way or due (the
        table changed and the Expert has not yet checked whether its card is
        close)."""
        return self._gen is not None or self._agen is not None or not self._assessed

    # ---- the old calls (kept while screens.py uses them) ----------------------

    def act(self, st, roll=True):
        """This seat's next action now, or None: the kept look (claim, flip,
        discard, draw); with ``roll`` also the reroll on its turn, decided whole."""
        if not self._same(st, self._seen):
            self._changed(st, self._own_rng())
        a = self._look
        if a is None and roll and self._wants_roll(st):
            return ("roll", self.choose_roll(st))
        return a

    def choose_roll(self, st):
        """The dice mask to reroll (1..63), decided whole (old call)."""
        if st.dice is None:
            return 63
        if not self._same(st, self._seen):
            self._changed(st, self._own_rng())
        r = self._own_rng()
        if not self._assessed:
            for x in self._assess(st, self.budget):
                if x is not None:
                    break
            self._assessed = True
            self._agen = None
        prot = (protected(st, self.seat) if self.honours else 0) | self.spare
        if self._roll and prot == self._prot:
            return self._roll
        self._prot = prot
        for x in self._think(st, r, prot, self.budget):
            if x is not None:
                self._roll = x
                break
        self._gen = self.h = self.faces = None
        return self._roll

    def _wants_roll(self, st):
        return (st.turn == self.seat and not st.over and st.pending is None
                and not st.paused and st.setup >= st.n)

    # ---- the look: claim, draw, flip, discard --------------------------------

    def card_tg(self, card):
        return values.compiled(card, deck.TASKS[card], deck.POINTS[card])

    def _meets(self, tg, nums):
        return values.value((tg,), nums) > 0

    def _act(self, st, rng):
        s = self.seat
        if st.over or st.pending is not None or st.paused:
            return None
        if st.setup < st.n:
            if st.setup == s:
                return ("draw", s, self.choose_pile(st, rng))
            return None
        c = st.hands[s]
        if (c >= 0 and st.dice is not None and not (st.big and st.rolls <= st.drawn_at[s])
                and self._meets(self.card_tg(c), st.dice)):
            return ("claim", s, self.choose_pile(st, rng))
        if st.started and self.wants_flip(st):
            return ("flip", s)
        if self.wants_discard(st):
            return ("discard", s)
        return None

    def wants_flip(self, st):
        if not st.hg_open or st.dice is None or not st.started:
            return False
        if self.level >= STRONG and 3 * st.time_left() > st.glass.total:
            return False
        return self._meets(values.compiled(100 + st.hg_side, deck.SIDE_TASKS[st.hg_side], 2), st.dice)

    def wants_discard(self, st):
        c = st.hands[self.seat]
        if self.level < STRONG or not st.big or c < 0 or not st.piles[0] or not st.started:
            return False
        if self.level == EXPERT:
            return 2 * _card_rate(c) < _BIG_RATE
        return 2 * deck.POINTS[c] * deck.HITS[c] < _BIG_VALUE

    def pile_value(self, st, pile):
        """How good a card from ``pile`` is expected to be (only compared).
        Strong and below: the tier's points times hits (static). Expert: points per
        chance of one roll (the deck's exact hit counts) over the pile's cards that are not
        on the scoring pile, discarded or in its own hand (public knowledge)."""
        if self.level < EXPERT:
            return _BIG_VALUE if st.big else _TIER_VALUE[pile]
        own = st.hands[self.seat]
        key = (st, len(st.scored), len(st.discarded), own)
        pv = self._pv
        if pv is None or pv[0] != key:
            seen = bytearray(deck.NCARDS)
            for c in st.scored:
                seen[c] = 1
            for c in st.discarded:
                seen[c] = 1
            if own >= 0:
                seen[own] = 1
            tot = [0, 0, 0, 0]
            cnt = [0, 0, 0, 0]
            for c in range(deck.NCARDS):
                if not seen[c]:
                    r = _card_rate(c)
                    t = deck.TIER[c]
                    tot[t] += r
                    cnt[t] += 1
                    tot[3] += r
                    cnt[3] += 1
            pv = (key, tuple(tot[i] // cnt[i] if cnt[i] else 0 for i in range(4)))
            self._pv = pv
        return pv[1][3 if st.big else pile]

    def choose_pile(self, st, rng=None):
        if st.piles_empty():
            return -1
        if self.tier is not None and not st.big and st.piles[self.tier]:
            return self.tier
        if self.level == BEGINNER:
            # a newcomer's judgement, not a coin: the pile that looks best
            # half the time, the next one a third, the last a sixth
            ps = [p for p in range(len(st.piles)) if st.piles[p]]
            if st.big or len(ps) < 2:
                return ps[0]
            ps.sort(key=lambda p: -_TIER_VALUE[p])
            r = rng if rng is not None else self._own_rng()
            k = r.randbelow(6)
            return ps[0 if k < 3 else (1 if k < 5 or len(ps) < 3 else 2)]
        if (self.level == CASUAL and not st.big and st.piles[1]
                and self.rand() % _GREEDY == 0):
            return 1    # tempted by the medium pile's points
        best = -1
        bp = -1
        for p in range(len(st.piles)):
            if st.piles[p]:
                v = self.pile_value(st, p)
                if v > best:
                    best = v
                    bp = p
        return bp

    # ---- what to aim for ----------------------------------------------------

    def targets(self, st):
        """(task, points) the reroll aims for: its card, and from Strong up the open
        mandatory tasks and the hourglass card in the last third."""
        out = []
        for key in self._target_keys(st):
            if key < 100:
                out.append((deck.TASKS[key], deck.POINTS[key]))
            else:
                out.append((deck.SIDE_TASKS[key - 100],
                            2 if key - 100 >= 2 * deck.HOURGLASS_CARD else 5))
        return out

    def _target_keys(self, st):
        # the targets as card ids, special sides as 100 + side
        out = self._keys
        del out[:]
        c = st.hands[self.seat]
        if c >= 0:
            out.append(c)
        if self.level < STRONG:
            return out
        for sd in st.mand_open:
            out.append(100 + sd)
        if st.hg_open and st.started and 3 * st.time_left() <= st.glass.total:
            out.append(100 + st.hg_side)
        return out

    # ---- is my card close? (Expert) -------------------------------------------

    def _assess(self, st, bg):
        """A generator (one slice a step): when one die could complete this seat's
        card, announce the dice that must stay (the rest of the fulfilling dice);
        else withdraw. Last value True."""
        c = st.hands[self.seat]
        best = 0
        bi = -1
        bf = 0
        if c >= 0 and st.dice is not None and not st.over:
            tg = (self.card_tg(c),)
            t = self.t
            cur = st.dice
            cost = 3 + values.TCOST[tg[0][0]]
            value = values.value
            for i in range(6):
                for k in range(6):
                    t[k] = cur[k]
                hits = 0
                f0 = 0
                for f in range(1, 7):
                    if f != cur[i]:
                        while not bg.fits(cost):
                            yield None
                        t[i] = f
                        if value(tg, t):
                            hits += 1
                            f0 = f
                if hits > best:
                    best = hits
                    bi = i
                    bf = f0
        if bi < 0:
            self.close = 0
            announce(st, self.seat, 0)
            yield True
            return
        while not bg.fits(16):
            yield None
        t = list(st.dice)
        t[bi] = bf
        need = values.keep_mask(deck.TASKS[c], t)   # the dice that make the card
        need &= 63 ^ (1 << bi)
        self.close = need
        announce(st, self.seat, need)
        yield True

    # ---- reroll decisions ------------------------------------------------------

    def _think(self, st, rng, prot, bg):
        """The reroll decision for this seat's level, as a generator: None after
        each slice, the dice mask (1..63) last; ``bg``: the decision's Budget."""
        self.searches += 1
        self._seed(rng)
        lv = self.level
        if lv >= STRONG:
            for x in search(self, st, prot, lv == EXPERT, bg, DECISION - LOOK):
                yield x
            return
        bg.fits(4)
        self.work = 4
        yield self._plain(st, prot)

    def _plain(self, st, prot):
        """Beginner and Casual: the obvious play for the bot's own card, each
        helping die overlooked (rerolled too) ``_OVERLOOK[level]`` times in six:
        the mistakes of a player who reads the card but not every die. Dice in
        ``prot`` stay, unless every die is in it (a reroll needs one die)."""
        c = st.hands[self.seat]
        keep = 0
        if c >= 0:
            keep = values.keep_mask(deck.TASKS[c], st.dice)
            if keep == 63:
                keep = 0       # nothing plainly helps: every die is rerolled
        n = _OVERLOOK[self.level]
        for i in range(6):
            if (keep >> i) & 1 and self.rand() % 6 < n:
                keep ^= 1 << i
        m = (63 ^ keep) & (63 ^ prot)
        if not m:
            m = 63 ^ prot      # one die it wanted kept rather than a spared die
            m &= -m
        if not m:
            m = 1 << (self.rand() % 6)   # every die spared: the rules still want one
        return m

    def exact_figures(self, st):
        """Per target (as ``targets``): how it is valued exactly, for
        ``values.exact_hits``: (kind, a, b, hits of all six)."""
        out = self._ex
        del out[:]
        for key in self._target_keys(st):
            out.append(values.exact_info(key))
        return out


class RandomBot(Bot):
    """Baseline (the benchmark's): rerolls a random non-empty set of dice, draws
    from a random pile, flips when it can."""

    def __init__(self, seat, seed=None, samples=None, rng=None):
        Bot.__init__(self, seat, BEGINNER, seed, samples, rng)

    def _think(self, st, rng, prot, bg):
        self._seed(rng)
        bg.fits(1)
        yield self.rand() % 63 + 1


"""Bot teammates for Milestones.

A bot reads only what its seat may know: its own hand card, the dice, the face-up
special cards, the scoring pile, the clock and the pile sizes. It never looks at
another seat's card or into a pile, and it signals nothing.

Rerolls: the bot weighs every one of the 63 ways to reroll (keep-set K = dice left
alone) by the expected value of its targets after the reroll (its own card worth its
points, open mandatory tasks, the hourglass card late in the game). The values
come from one batch of sampled rolls drawn from a proposal that keeps each die with
probability 1/2; importance weights turn that batch into an estimate for every K at
once (a superset sum over the 64 agreement masks). Rerolling a single die is valued
exactly (six outcomes). Ties go to rerolling fewer dice, which disturbs the
teammates' progress least.
"""
from micropython import const
from dicebox.games.milestones import deck
from dicebox.games.milestones.tasks import match, POPCOUNT

SAMPLES = const(160)

# Proposal: keep a die with probability q = 1/2, else reroll it uniformly.
_A = 0.5 + 0.5 / 6      # P(T_i equals the current face)
_B = 0.5 / 6            # P(T_i is one particular other face)
# _G[c] = 1 / (A^c B^(6-c)) and _P6[k] = 6^-(6-k)
_G = tuple(1.0 / (_A ** c * _B ** (6 - c)) for c in range(7))
_P6 = tuple(6.0 ** -(6 - k) for k in range(7))
# Points a teammate's unknown card is expected to gain when r random dice of a roll
# that did not fulfil it are rerolled (averaged over the deck; measured on the host).
TEAM_GAIN = (0.0, 0.152, 0.218, 0.271, 0.298, 0.323, 0.332)


def _mean_value(cards):
    t = 0.0
    for c in cards:
        t += deck.DECK[c][1] * deck.DECK[c][2]
    return t / deck.TOTAL / len(cards)


_TIER_VALUE = tuple(_mean_value(deck.tier_cards(t)) for t in range(3))
_BIG_VALUE = _mean_value(range(deck.NCARDS))


class Bot:
    def __init__(self, seat, seed=1, samples=SAMPLES):
        self.seat = seat
        self.s = (seed % 65536) + 1
        self.samples = samples
        self.h = [0.0] * 64
        self.team = 1.0     # weight of the teammates' expected gain
        self.tier = None    # fixed pile choice (bench experiments), None: by value

    def _rand(self):
        # Lehmer generator mod 65537: products stay small ints on the device.
        self.s = (self.s * 75) % 65537
        return self.s

    # ---- what to aim for ----------------------------------------------------

    def targets(self, st):
        out = []
        c = st.hands[self.seat]
        if c >= 0:
            out.append((deck.DECK[c][3], float(deck.DECK[c][1])))
        for sd in st.mand_open:
            out.append((deck.SPECIAL_SIDES[sd][1], 5.0))
        if st.hg_open and st.started and 3 * st.time_left() <= st.glass.total:
            out.append((deck.SPECIAL_SIDES[st.hg_side][1], 2.0))
        return out

    def _value(self, tg, nums):
        v = 0.0
        for t, w in tg:
            if match(t, nums):
                v += w
        return v

    def choose_roll(self, st):
        """The dice mask to reroll (1..63)."""
        if st.dice is None:
            return 63
        tg = self.targets(st)
        cur = st.dice
        if not tg:
            return 1 << (self._rand() % 6)
        h = self.h
        for i in range(64):
            h[i] = 0.0
        t = [0, 0, 0, 0, 0, 0]
        n = self.samples
        if len(tg) > 1:  # keep the matcher calls per decision about constant
            n = max(64, n // len(tg) + 16)
        rand = self._rand
        for _ in range(n):
            agree = 0
            for i in range(6):
                r = rand() % 12
                if r < 6:
                    t[i] = cur[i]
                else:
                    t[i] = r - 5
                if t[i] == cur[i]:
                    agree |= 1 << i
            v = self._value(tg, t)
            if v:
                h[agree] += v * _G[POPCOUNT[agree]]
        for b in range(6):
            bit = 1 << b
            for a in range(64):
                if not a & bit:
                    h[a] += h[a | bit]
        others = 0
        for i in range(st.n):
            if i != self.seat and st.hands[i] >= 0:
                others += 1
        team = self.team * others
        best = -1.0
        bestm = 63
        for k in range(63):
            pc = POPCOUNT[k]
            if pc == 5:
                continue
            v = h[k] * _P6[pc] / n + team * TEAM_GAIN[6 - pc]
            if v > best or (v == best and pc > POPCOUNT[63 ^ bestm]):
                best = v
                bestm = 63 ^ k
        # single-die rerolls, exactly
        for i in range(6):
            old = cur[i]
            tot = 0.0
            for f in range(1, 7):
                t = list(cur)
                t[i] = f
                tot += self._value(tg, t)
            cur[i] = old
            v = tot / 6 + team * TEAM_GAIN[1]
            if v >= best:
                best = v
                bestm = 1 << i
        return bestm

    # ---- cards ---------------------------------------------------------------

    def card_value(self, card):
        """Points per roll, roughly: points times the chance a random roll fulfils it.
        (Benchmarks showed quick easy cards beat slow valuable ones.)"""
        return deck.DECK[card][1] * deck.DECK[card][2] / deck.TOTAL

    def pile_value(self, st, pile):
        # Static knowledge: the tier's cards (the bot does not look into the pile).
        if st.big:
            return _BIG_VALUE
        return _TIER_VALUE[pile]

    def choose_pile(self, st):
        if st.piles_empty():
            return -1
        if self.tier is not None and not st.big and st.piles[self.tier]:
            return self.tier
        best = -1.0
        bp = -1
        for p in range(len(st.piles)):
            if st.piles[p]:
                v = self.pile_value(st, p)
                if v > best:
                    best = v
                    bp = p
        return bp

    def wants_discard(self, st):
        c = st.hands[self.seat]
        if not st.big or c < 0 or not st.piles[0] or not st.started:
            return False
        return self.card_value(c) < 0.5 * _BIG_VALUE

    def wants_flip(self, st):
        return st.hourglass_ready() and 3 * st.time_left() <= st.glass.total

    # ---- one step --------------------------------------------------------------

    def act(self, st):
        """This seat's next action now, or None (it waits)."""
        s = self.seat
        if st.current_player() < 0 and not st.started:
            return None
        if st.setup < st.n:
            if st.setup == s:
                return ("draw", s, self.choose_pile(st))
            return None
        if st.can_claim(s):
            return ("claim", s, self.choose_pile(st))
        if st.started and self.wants_flip(st):
            return ("flip", s)
        if self.wants_discard(st):
            return ("discard", s)
        if st.turn == s:
            return ("roll", self.choose_roll(st))
        return None


class RandomBot(Bot):
    """Baseline: rerolls a random non-empty set of dice, draws from a random pile."""

    def choose_roll(self, st):
        if st.dice is None:
            return 63
        return self._rand() % 63 + 1

    def choose_pile(self, st):
        if st.piles_empty():
            return -1
        ps = [p for p in range(len(st.piles)) if st.piles[p]]
        return ps[self._rand() % len(ps)]

    def wants_discard(self, st):
        return False

    def wants_flip(self, st):
        return st.hourglass_ready()

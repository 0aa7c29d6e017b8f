"""Bot teammates for Milestones.

A bot reads only what its seat may know: its own hand card, the dice, the face-up
special cards, the scoring pile, the clock and the pile sizes. It never looks at
another seat's card or into a pile, and it signals nothing.

Rerolls: the bot weighs every one of the 63 ways to reroll (keep-set K = dice left
alone) by the expected value of its targets after the reroll (its own card worth its
points, open mandatory tasks, the hourglass card late in the game). The values
come from one batch of sampled rolls drawn from a proposal that keeps each die with
probability 1/2; importance weights turn that batch into an estimate for every K at
once (a superset sum over the 64 agreement masks). The three best by that estimate
are valued again (exactly when one or two dice are rerolled, else on 32 common samples)
together with the obvious play for each target (reroll what plainly does not help,
see ``keep_mask``). Ties go to rerolling fewer dice, which disturbs the
teammates' progress least.
"""
from micropython import const
from dicebox.games.milestones import deck
from dicebox.games.milestones.dice import FACE_COLOUR
from dicebox.games.milestones.tasks import (
    match, POPCOUNT, split as _split, COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, ONLYC, NON)

SAMPLES = const(96)
REFINE = const(32)


def _first(x):
    return x[0]


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


def keep_mask(task, nums):
    """Dice that plainly help ``task`` now (kept by the obvious play)."""
    nm, cm = _split(nums)
    keep = 0
    glob = 63
    ns = 0
    cs = 0
    for cl in task:
        k = cl[0]
        if k == COL:
            keep |= cm[cl[1]]
        elif k == NUM:
            keep |= nm[cl[1]]
        elif k == FACE:
            keep |= nm[cl[2]] & cm[cl[1]]
        elif k == SAMEN:
            ns += 1
        elif k == SAMEC:
            cs += 1
        elif k == RUN or k == RUNC:
            keep |= _best_run(cl, nm, cm)
        else:
            ok = 0
            for i in range(6):
                n = nums[i]
                c = FACE_COLOUR[i * 6 + n - 1]
                if k == ONLYN:
                    good = (cl[1] >> (n - 1)) & 1
                elif k == NON:
                    good = not (cl[1] >> (n - 1)) & 1
                elif k == ONLYC:
                    good = (cl[1] >> c) & 1
                else:
                    good = not (cl[1] >> c) & 1
                if good:
                    ok |= 1 << i
            glob &= ok
    if ns:
        keep |= _most(nm[1:], ns)
    if cs:
        keep |= _most(cm, cs)
    if keep == 0:
        keep = 63
    return keep & glob


def _most(masks, j):
    # the j fullest masks (numbers or colours)
    order = sorted(masks, key=_popc, reverse=True)
    m = 0
    for x in order[:j]:
        m |= x
    return m


def _popc(m):
    return POPCOUNT[m]


def _best_run(cl, nm, cm):
    k = cl[1]
    best = -1
    bm = 0
    cols = range(6) if cl[0] == RUNC else (-1,)
    for c in cols:
        for s in range(1, 8 - k):
            m = 0
            cnt = 0
            for n in range(s, s + k):
                d = nm[n] if c < 0 else nm[n] & cm[c]
                if d:
                    cnt += 1
                    m |= d & -d   # one die per number
            if cnt > best:
                best = cnt
                bm = m
    return bm


class Bot:
    def __init__(self, seat, seed=1, samples=SAMPLES):
        self.seat = seat
        self.s = (seed % 65536) + 1
        self.samples = samples
        self.h = [0.0] * 64
        self.faces = [[0] * 6 for _ in range(REFINE)]
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
        # Stage 1 picks the three most promising rerolls ...
        top = [(-1.0, 0), (-1.0, 0), (-1.0, 0)]
        for k in range(63):
            pc = POPCOUNT[k]
            v = h[k] * _P6[pc] / n + team * TEAM_GAIN[6 - pc]
            if v > top[2][0]:
                top[2] = (v, 63 ^ k)
                top.sort(key=_first, reverse=True)
        # ... stage 2 values them and the obvious plays again: exactly for one or two
        # dice, else on common samples.
        faces = self.faces
        if len(tg) > 1:  # fewer common samples when each one costs several matches
            faces = faces[:max(12, REFINE // len(tg))]
        for j in range(len(faces)):
            row = faces[j]
            for i in range(6):
                row[i] = rand() % 6 + 1
        best = -1.0
        bestm = 63
        cands = [m for v, m in top if m]
        for t, w in tg:
            m = 63 ^ keep_mask(t, cur)
            if m and m not in cands and len(cands) < 5:
                cands.append(m)
        for m in cands:
            v = self._direct(tg, cur, m, faces) + team * TEAM_GAIN[POPCOUNT[m]]
            if v > best or (v == best and POPCOUNT[m] < POPCOUNT[bestm]):
                best = v
                bestm = m
        return bestm

    def _direct(self, tg, cur, m, faces):
        t = list(cur)
        pc = POPCOUNT[m]
        if pc <= 2:
            i0 = -1
            i1 = -1
            for i in range(6):
                if (m >> i) & 1:
                    if i0 < 0:
                        i0 = i
                    else:
                        i1 = i
            tot = 0.0
            for f in range(1, 7):
                t[i0] = f
                if i1 < 0:
                    tot += self._value(tg, t)
                else:
                    for g in range(1, 7):
                        t[i1] = g
                        tot += self._value(tg, t)
            return tot / (6 if i1 < 0 else 36)
        tot = 0.0
        for row in faces:
            for i in range(6):
                if (m >> i) & 1:
                    t[i] = row[i]
            tot += self._value(tg, t)
        return tot / len(faces)

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
        if st.over or st.pending is not None or st.paused:
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

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
are valued again (exactly when one die is rerolled, else on common sampled rolls)
together with the obvious play for each target (reroll what plainly does not help,
see ``keep_mask``). Ties go to rerolling fewer dice, which disturbs the
teammates' progress least.

Made for the chip: a decision has a fixed work budget (``WORK``: rolls times
targets), the sums are small ints (no floats), a target is answered for a roll from
the numbers' and colours' counts packed in ints and small tables (tasks of several
sub-tasks that mix numbers and colours ask the matcher once per roll and remember
the answer), and ``act`` keeps its answer until the table changes, so asking every
frame costs a comparison. Randomness comes from the core RNG: one draw seeds a
small-int generator per decision.
"""
from micropython import const
from dicebox.core import rng as _rng
from dicebox.games.milestones import deck
from dicebox.games.milestones.dice import FACE_COLOUR
from dicebox.games.milestones.tasks import (
    match, POPCOUNT, split as _split, COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, ONLYC, NON, NOC)

# Work budget of one reroll decision: a roll valued for T targets costs about
# 3 + T units (reading the roll, then each target); a decision spends WORK units,
# 3/8 of its rolls sampling (stage 1), the rest on its candidates (stage 2,
# MIN_REFINE to REFINE rolls each).
WORK = const(512)
SAMPLES = const(48)     # stage 1 rolls with one target (WORK // 4 * 3 // 8)
REFINE = const(16)
MIN_REFINE = const(6)
_MEMO_MAX = const(256)   # remembered answers in all (then all are forgotten)

# Proposal: keep a die with probability 1/2, else reroll it uniformly, so a die
# agrees with the current face with probability 7/12, any other face 1/12. The
# importance weight of a sample agreeing on c dice is 12^6 / 7^c; in integers
# _W[c] = 7^(6-c) (the common factor is dropped: only comparisons matter).
_W = (117649, 16807, 2401, 343, 49, 7, 1)
# the estimate for keep-set K (c = |K| kept dice) is h[K] / 6^(6-c); times 6^6 it
# stays an integer: h[K] * 6^c <= samples * 22 points * 7^6 < 2^30
_MUL6 = (1, 6, 36, 216, 1296, 7776, 46656)
# Points a teammate's unknown card is expected to gain when r random dice of a roll
# that did not fulfil it are rerolled (averaged over the deck; measured on the host),
# in thousandths.
TEAM_GAIN = (0, 152, 218, 271, 298, 323, 332)
# stage 2 scale: a sum over 6, 36 or 12..32 rolls times _M // count (exact)
_M = const(720720)   # divisible by every count 1..16

# How a target is answered for a roll. A task of one sub-task (with or without
# conditions on all dice) is checked directly on the roll's masks; a task of several
# sub-tasks is looked up in a table of answers kept per task: keyed by the numbers'
# counts when it reads only numbers, by the colours' counts when it reads only
# colours, else by the whole roll (3 bits a count or a die: small ints), asking the
# matcher the first time a key comes up.
_DIRECT = const(0)
_BYNUM = const(1)
_BYCOL = const(2)
_BYROLL = const(3)
_RUNCS = const(4)     # runs in one colour, all of one length: that many colours
_SAMES = const(5)     # only "k of the same number" (or colour) sub-tasks
_RUNCSAME = const(6)  # a run in one colour and k of the same number
_NUMFIT = const(7)    # numbers only (named, same, runs): fitted on the counts
_NKEY = tuple(1 << (3 * (f % 6)) for f in range(36))
_CKEY = tuple(1 << (3 * FACE_COLOUR[f]) for f in range(36))
_NBIT = bytes(1 << (f % 6) for f in range(36))
_CBIT = bytes(1 << FACE_COLOUR[f] for f in range(36))
_NUMBERS_ONLY = (NUM, SAMEN, RUN, ONLYN, NON)
_COLOURS_ONLY = (COL, SAMEC, ONLYC, NOC)
_MEMO = {}   # task -> {roll key: 0 or 1}, shared by all bots
_MEMO_SIZE = [0]


def _runs_table(k):
    # _RUNOK[k][p]: the number set p (bit n-1 for n) holds k consecutive numbers
    out = bytearray(64)
    want = (1 << k) - 1
    for p in range(64):
        for s in range(7 - k):
            if (p >> s) & want == want:
                out[p] = 1
                break
    return bytes(out)


_RUNOK = tuple(_runs_table(k) if k else b"" for k in range(7))


def _runc(k, nums):
    # k consecutive numbers in one colour: per colour, the numbers it shows
    a = 0
    b = 0
    c = 0
    d = 0
    e = 0
    g = 0
    for i in range(6):
        n = nums[i] - 1
        col = FACE_COLOUR[i * 6 + n]
        bit = 1 << n
        if col == 0:
            a |= bit
        elif col == 1:
            b |= bit
        elif col == 2:
            c |= bit
        elif col == 3:
            d |= bit
        elif col == 4:
            e |= bit
        else:
            g |= bit
    t = _RUNOK[k]
    return t[a] + t[b] + t[c] + t[d] + t[e] + t[g]   # colours with such a run


def _runc_same(k, j, nums, nk):
    # the dice of a run in one colour are fixed by its colour and start (one die
    # has each face); are there j of one number among the other dice?
    for c in range(6):
        for s in range(7 - k):
            rest = nk
            for n in range(s, s + k):
                d = _FACE_DIE[c * 6 + n]
                if nums[d] != n + 1:
                    rest = -1
                    break
                rest -= _NKEY[d * 6 + n]
            while rest > 0:
                if rest & 7 >= j:
                    return True
                rest >>= 3
    return False


def _face_die(c, n):
    for i in range(6):
        if FACE_COLOUR[i * 6 + n - 1] == c:
            return i
    raise ValueError("no such face")


def forget():
    """Drop every remembered answer (tests, benchmarks, a new game)."""
    for d in _MEMO.values():
        d.clear()
    _MEMO.clear()
    _MEMO_SIZE[0] = 0


def _distinct(subs):
    seen = 0
    for cl in subs:
        if (seen >> cl[1]) & 1:
            return False
        seen |= 1 << cl[1]
    return True


_FACE_DIE = bytes(_face_die(f // 6, f % 6 + 1) for f in range(36))   # colour*6 + n-1


def _compile(task, w):
    """(mode, points, sub-task or None, conditions, memo, task) for ``_value``."""
    subs = []
    conds = []
    for cl in task:
        if cl[0] >= ONLYN:
            conds.append(cl)
        else:
            subs.append(cl)
    for i in range(len(subs)):
        cl = subs[i]
        if cl[0] == FACE:
            subs[i] = (FACE, _face_die(cl[1], cl[2]), cl[2])
    if len(subs) <= 1 or (all(cl[0] == COL for cl in subs) and _distinct(subs)) or (
            all(cl[0] == NUM for cl in subs) and _distinct(subs)):
        # one sub-task, or named colours (numbers) that differ: their dice differ,
        # so each on its own is the whole answer
        return (_DIRECT, w, tuple(subs), tuple(conds), None, task)
    for kind in (SAMEN, SAMEC):
        if not conds and all(cl[0] == kind for cl in subs):
            ks = sorted((cl[1] for cl in subs), reverse=True)
            # the j-th largest need has j numbers (colours) with at least that many
            return (_SAMES, w, (kind == SAMEC, tuple(ks)), (), None, task)
    if all(cl[0] in (NUM, SAMEN) or (cl[0] == RUN and cl[1] >= 2) for cl in subs) and all(
            cd[0] in (ONLYN, NON) for cd in conds):
        order = [cl for cl in subs if cl[0] == NUM]
        order += sorted((cl for cl in subs if cl[0] == SAMEN), key=_second, reverse=True)
        order += [cl for cl in subs if cl[0] == RUN]
        return (_NUMFIT, w, tuple(order), tuple(conds), None, task)
    if not conds and len(subs) == 2 and subs[0][0] == RUNC and subs[1][0] == SAMEN:
        return (_RUNCSAME, w, (subs[0][1], subs[1][1]), (), None, task)
    if not conds and all(cl[0] == RUNC and cl[1] == subs[0][1] for cl in subs):
        # different colours, so different dice: enough colours with such a run
        return (_RUNCS, w, (subs[0][1], len(subs)), (), None, task)
    memo = _MEMO.get(task)
    if memo is None:
        memo = {}
        _MEMO[task] = memo
    mode = _BYROLL
    if all(cl[0] in _NUMBERS_ONLY for cl in task):
        mode = _BYNUM
    elif all(cl[0] in _COLOURS_ONLY for cl in task):
        mode = _BYCOL
    # each sub-task alone and the conditions are quick necessary checks
    return (mode, w, tuple(subs), tuple(conds), memo, task)


def _ok(subs, conds, nums, nk, ck, pres, cpres):
    """Whether the roll meets the conditions and each sub-task on its own."""
    for cd in conds:
        k = cd[0]
        m = cd[1]
        if k == ONLYN:
            if pres & ~m:
                return False
        elif k == NON:
            if pres & m:
                return False
        elif k == ONLYC:
            if cpres & ~m:
                return False
        elif cpres & m:
            return False
    for cl in subs:
        k = cl[0]
        if k == COL:
            if (ck >> (3 * cl[1])) & 7 < cl[2]:
                return False
        elif k == NUM:
            if (nk >> (3 * cl[1] - 3)) & 7 < cl[2]:
                return False
        elif k == FACE:       # (FACE, die, number): one die has that face
            if nums[cl[1]] != cl[2]:
                return False
        elif k == RUN:
            if not _RUNOK[cl[1]][pres]:
                return False
        elif k == RUNC:
            if not _runc(cl[1], nums):
                return False
        else:
            x = nk if k == SAMEN else ck
            need_ = cl[1]
            while x:
                if x & 7 >= need_:
                    break
                x >>= 3
            if not x:
                return False
    return True


def _first(x):
    return x[0]


def _second(x):
    return x[1]


def _numfit(subs, i, nk, used, runs):
    """Whether the number sub-tasks subs[i:] fit the counts nk (3 bits a number),
    named/same numbers all different (``used``: bit n) and runs all different
    (``runs``: bit (length-2)*5 + start-1)."""
    if i == len(subs):
        return True
    cl = subs[i]
    k = cl[0]
    if k == NUM:
        n = cl[1]
        sh = 3 * n - 3
        if (used >> n) & 1 or (nk >> sh) & 7 < cl[2]:
            return False
        return _numfit(subs, i + 1, nk - (cl[2] << sh), used | (1 << n), runs)
    if k == SAMEN:
        j = cl[1]
        for n in range(1, 7):
            sh = 3 * n - 3
            if not (used >> n) & 1 and (nk >> sh) & 7 >= j:
                if _numfit(subs, i + 1, nk - (j << sh), used | (1 << n), runs):
                    return True
        return False
    ln = cl[1]
    for st in range(1, 8 - ln):
        rb = 1 << ((ln - 2) * 5 + st - 1)
        if runs & rb:
            continue
        rest = nk
        for n in range(st, st + ln):
            sh = 3 * n - 3
            if not (rest >> sh) & 7:
                rest = -1
                break
            rest -= 1 << sh
        if rest >= 0 and _numfit(subs, i + 1, rest, used, runs | rb):
            return True
    return False


def _mean_value(cards):
    t = 0
    for c in cards:
        t += deck.DECK[c][1] * deck.DECK[c][2]
    return t // len(cards)   # points times hits (of 46656), integer


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
    """One bot seat. ``seed`` seeds its random choices through the core RNG
    (``dicebox.core.rng``); ``rng`` may give a core ``Rng`` instead. Each reroll
    decision draws one number from it to seed a fast small-int generator for the
    samples."""

    def __init__(self, seat, seed=1, samples=SAMPLES, rng=None):
        self.seat = seat
        self.rng = rng if rng is not None else _rng.seeded((seed % 65536) + 1)
        self._reseed()
        self.samples = samples
        self.h = [0] * 64
        self.faces = [[0] * 6 for _ in range(REFINE)]
        self.t = [0, 0, 0, 0, 0, 0]
        self.team = 1.0     # weight of the teammates' expected gain
        self.tier = None    # fixed pile choice (bench experiments), None: by value
        # the last look (act) and decision (choose_roll), and what they saw
        self._seen = [None] * 16
        self._look = None
        self._roll_seen = [None] * 16
        self._roll = 0
        self.searches = 0   # reroll searches run (tests, benchmarks)
        self.work = 0       # rolls valued in the last search, times (3 + targets)

    def _rand(self):
        # Lehmer generator mod 65537: products stay small ints on the device.
        self.s = (self.s * 75) % 65537
        return self.s

    def _reseed(self):
        self.s = self.rng.randbelow(65536) + 1

    # ---- what changed ---------------------------------------------------------

    def _same(self, st, seen):
        """Whether ``st`` still looks as it did when ``seen`` was filled (no
        allocation when it does); refills ``seen`` when it does not."""
        late = st.started and 3 * st.time_left() <= st.glass.total
        dice = st.dice
        ok = (seen[0] is st and seen[1] == st.over and seen[2] == (st.pending is None)
              and seen[3] == st.paused and seen[4] == st.setup and seen[5] == st.turn
              and seen[6] == st.rolls and seen[7] == late and seen[8] == st.hg_open
              and seen[9] == st.started and seen[10] == len(st.mand_open)
              and seen[14] == st.hg_side)
        if ok:
            d = seen[11]
            if dice is None or d is None:
                ok = d is None and dice is None
            else:
                for i in range(6):
                    if d[i] != dice[i]:
                        ok = False
                        break
        if ok:
            h = seen[12]
            hands = st.hands
            for i in range(len(hands)):
                if h[i] != hands[i]:
                    ok = False
                    break
        if ok:
            p = seen[13]
            piles = st.piles
            if len(p) != len(piles):
                ok = False
            else:
                for i in range(len(piles)):
                    if p[i] != len(piles[i]):
                        ok = False
                        break
        if ok:
            return True
        seen[0] = st
        seen[1] = st.over
        seen[2] = st.pending is None
        seen[3] = st.paused
        seen[4] = st.setup
        seen[5] = st.turn
        seen[6] = st.rolls
        seen[7] = late
        seen[8] = st.hg_open
        seen[9] = st.started
        seen[10] = len(st.mand_open)
        seen[11] = None if dice is None else list(dice)
        seen[12] = list(st.hands)
        seen[13] = [len(p) for p in st.piles]
        seen[14] = st.hg_side
        return False

    # ---- what to aim for ----------------------------------------------------

    def targets(self, st):
        out = []
        c = st.hands[self.seat]
        if c >= 0:
            out.append((deck.DECK[c][3], deck.DECK[c][1]))
        for sd in st.mand_open:
            out.append((deck.SPECIAL_SIDES[sd][1], 5))
        if st.hg_open and st.started and 3 * st.time_left() <= st.glass.total:
            out.append((deck.SPECIAL_SIDES[st.hg_side][1], 2))
        return out

    def _value(self, tg, nums):
        """Points of the compiled targets ``tg`` that the roll ``nums`` fulfils."""
        nk = 0        # count of each number, 3 bits a number
        ck = 0        # count of each colour, 3 bits a colour
        pres = 0      # numbers shown (bit n-1)
        cpres = 0     # colours shown (bit c)
        for i in range(6):
            f = i * 6 + nums[i] - 1
            nk += _NKEY[f]
            ck += _CKEY[f]
            pres |= _NBIT[f]
            cpres |= _CBIT[f]
        v = 0
        for mode, w, subs, conds, memo, task in tg:
            if mode == _DIRECT:
                if _ok(subs, conds, nums, nk, ck, pres, cpres):
                    v += w
                continue
            if mode == _SAMES:
                ok = 1
                j = 0
                for k in subs[1]:
                    j += 1
                    x = ck if subs[0] else nk
                    c = 0
                    while x:
                        if x & 7 >= k:
                            c += 1
                        x >>= 3
                    if c < j:
                        ok = 0
                        break
                if ok:
                    v += w
                continue
            if mode == _NUMFIT:
                if _ok((), conds, nums, nk, ck, pres, cpres) and _numfit(subs, 0, nk, 0, 0):
                    v += w
                continue
            if mode == _RUNCSAME:
                if _runc(subs[0], nums) and _runc_same(subs[0], subs[1], nums, nk):
                    v += w
                continue
            if mode == _RUNCS:
                if _runc(subs[0], nums) >= subs[1]:
                    v += w
                continue
            key = nk if mode == _BYNUM else ck
            if mode == _BYROLL:
                key = 0
                for i in range(6):
                    key = key * 6 + nums[i] - 1
            r = memo.get(key)
            if r is None:
                r = 0
                if _ok(subs, conds, nums, nk, ck, pres, cpres) and match(task, nums):
                    r = 1
                if _MEMO_SIZE[0] >= _MEMO_MAX:
                    for d in _MEMO.values():
                        d.clear()
                    _MEMO_SIZE[0] = 0
                memo[key] = r
                _MEMO_SIZE[0] += 1
            if r:
                v += w
        return v

    def _prep(self, tg):
        out = []
        for task, w in tg:
            out.append(_compile(task, w))
        return out

    def choose_roll(self, st):
        """The dice mask to reroll (1..63)."""
        if st.dice is None:
            return 63
        if self._same(st, self._roll_seen):
            return self._roll
        self._roll = self._search(st)
        return self._roll

    def _search(self, st):
        self.searches += 1
        self._reseed()
        tg = self.targets(st)
        cur = st.dice
        if not tg:
            self.work = 0
            return 1 << (self._rand() % 6)
        ntg = len(tg)
        valued = 0
        tg = self._prep(tg)
        h = self.h
        for i in range(64):
            h[i] = 0
        t = self.t
        rolls = WORK // (3 + ntg) * self.samples // SAMPLES
        n = rolls * 3 // 8
        rand = self._rand
        value = self._value
        for _ in range(n):
            agree = 0
            for i in range(6):
                r = rand() % 12
                if r < 6:
                    t[i] = cur[i]
                    agree |= 1 << i
                else:
                    t[i] = r - 5
                    if t[i] == cur[i]:
                        agree |= 1 << i
            v = value(tg, t)
            valued += 1
            if v:
                h[agree] += v * _W[POPCOUNT[agree]]
        for b in range(6):
            bit = 1 << b
            for a in range(64):
                if not a & bit:
                    h[a] += h[a | bit]
        others = 0
        for i in range(st.n):
            if i != self.seat and st.hands[i] >= 0:
                others += 1
        tw = int(self.team * 1000) * others      # teammates' weight, thousandths
        # stage 1 scale: h[K] * 6^c is 7^6 * n / 64 times the expected points
        s1 = 117649 * n // 64
        # Stage 1 picks the three most promising rerolls ...
        t0 = -1
        t1 = -1
        t2 = -1
        m0 = 0
        m1 = 0
        m2 = 0
        for k in range(63):
            pc = POPCOUNT[k]
            v = h[k] * _MUL6[pc] + (tw * TEAM_GAIN[6 - pc] // 1000) * s1 // 1000
            if v > t2:
                if v > t1:
                    t2 = t1
                    m2 = m1
                    if v > t0:
                        t1 = t0
                        m1 = m0
                        t0 = v
                        m0 = 63 ^ k
                    else:
                        t1 = v
                        m1 = 63 ^ k
                else:
                    t2 = v
                    m2 = 63 ^ k
        # ... stage 2 values them and the obvious plays again: exactly for one die,
        # else on common sampled rolls.
        best = -1
        bestm = 63
        cands = [m for m in (m0, m1, m2) if m]
        for x in tg:
            m = 63 ^ keep_mask(x[5], cur)
            if m and m not in cands and len(cands) < 5:
                cands.append(m)
        nf = (rolls - n) // len(cands) if cands else REFINE
        nf = MIN_REFINE if nf < MIN_REFINE else (REFINE if nf > REFINE else nf)
        faces = self.faces
        for j in range(nf):
            row = faces[j]
            for i in range(6):
                row[i] = rand() % 6 + 1
        for m in cands:
            valued += 6 if POPCOUNT[m] == 1 else nf
            v = self._direct(tg, cur, m, faces, nf) + (tw * TEAM_GAIN[POPCOUNT[m]] // 1000) * (_M // 1000)
            if v > best or (v == best and POPCOUNT[m] < POPCOUNT[bestm]):
                best = v
                bestm = m
        self.work = valued * (3 + ntg)
        return bestm

    def _direct(self, tg, cur, m, faces, nf):
        """Expected points of rerolling ``m``, times _M."""
        t = self.t
        for i in range(6):
            t[i] = cur[i]
        pc = POPCOUNT[m]
        value = self._value
        if pc <= 1:
            i0 = -1
            i1 = -1
            for i in range(6):
                if (m >> i) & 1:
                    if i0 < 0:
                        i0 = i
                    else:
                        i1 = i
            tot = 0
            for f in range(1, 7):
                t[i0] = f
                if i1 < 0:
                    tot += value(tg, t)
                else:
                    for g in range(1, 7):
                        t[i1] = g
                        tot += value(tg, t)
            return tot * (_M // 6 if i1 < 0 else _M // 36)  # (never 36: pc <= 1)
        tot = 0
        for j in range(nf):
            row = faces[j]
            for i in range(6):
                if (m >> i) & 1:
                    t[i] = row[i]
            tot += value(tg, t)
        return tot * (_M // nf)

    # ---- cards ---------------------------------------------------------------

    def card_value(self, card):
        """Points per roll, roughly: points times the chance a random roll fulfils it.
        (Benchmarks showed quick easy cards beat slow valuable ones.)"""
        return deck.DECK[card][1] * deck.DECK[card][2] / deck.TOTAL

    def pile_value(self, st, pile):
        # Static knowledge: the tier's cards (the bot does not look into the pile).
        # Points times hits of 46656 (integers; only compared).
        if st.big:
            return _BIG_VALUE
        return _TIER_VALUE[pile]

    def choose_pile(self, st):
        if st.piles_empty():
            return -1
        if self.tier is not None and not st.big and st.piles[self.tier]:
            return self.tier
        best = -1
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
        return 2 * deck.DECK[c][1] * deck.DECK[c][2] < _BIG_VALUE

    def wants_flip(self, st):
        return st.hourglass_ready() and 3 * st.time_left() <= st.glass.total

    # ---- one step --------------------------------------------------------------

    def act(self, st, roll=True):
        """This seat's next action now, or None (it waits). The look is kept until
        the dice, cards, hands, piles, turn or phase change, so asking again on an
        unchanged table costs almost nothing. ``roll=False``: only a claim, flip,
        discard or setup draw, never the reroll search (for a look every frame;
        the reroll is then ``choose_roll``'s)."""
        if not self._same(st, self._seen):
            self._look = self._act(st, False)
        a = self._look
        if a is None and roll and self._wants_roll(st):
            return ("roll", self.choose_roll(st))
        return a

    def _wants_roll(self, st):
        return (st.turn == self.seat and not st.over and st.pending is None
                and not st.paused and st.setup >= st.n)

    def _act(self, st, roll):
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
        if roll and st.turn == s:
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

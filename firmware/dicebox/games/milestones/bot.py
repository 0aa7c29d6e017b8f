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
change, so the table applies it when its pacing allows. ``hint(st, seat, rng)``
is the Expert's advice for a person's seat (its words are advice.py's,
imported for a hint).

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

Search (Strong, Expert): one batch of rolls sampled from a proposal that keeps each
die with probability 1/2; importance weights turn the batch into an estimate for
every keep-set at once (a superset sum over the 64 agreement masks). The three best
by that estimate, the obvious play for each target and (Expert) the two best of
the exact scan are valued again, each target exactly where it has a figure for
that many dice, the others on every outcome (one or two dice) or on common
sampled rolls. Ties go to rerolling fewer dice. The sums are small ints (no floats); a target is answered
for a roll from the numbers' and colours' counts packed in ints and small tables.
Randomness comes from the core RNG: one draw per decision seeds a small-int
generator.
"""
from micropython import const
from dicebox.core import rng as _rng
from dicebox.core.think import Budget
from dicebox.games.milestones import deck, odds
from dicebox.games.milestones.dice import FACE_COLOUR
from dicebox.games.milestones.tasks import (
    match, POPCOUNT, split as _split, COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, ONLYC, NON, NOC)

# Work budget of the Expert's reroll decision: a roll valued for its targets costs
# 3 units plus each target's (TCOST); a decision spends WORK units, a third of
# its rolls sampling (stage 1), the rest on its candidates (stage 2, MIN_REFINE to
# REFINE rolls each, or every outcome of one or two dice).
WORK = const(576)
SAMPLES = const(48)     # the ``samples`` setting's unit: 48 = the whole budget
REFINE = const(16)
MIN_REFINE = const(6)
_MEMO_MAX = const(64)    # remembered answers in all (then all are forgotten)
_COMPILED_MAX = const(16)   # compiled targets kept (then one goes for each new one)

# Proposal: keep a die with probability 1/2, else reroll it uniformly, so a die
# agrees with the current face with probability 7/12, any other face 1/12. The
# importance weight of a sample agreeing on c dice is 12^6 / 7^c; in integers
# _W[c] = 7^(6-c) (the common factor is dropped: only comparisons matter).
_W = (117649, 16807, 2401, 343, 49, 7, 1)
# the estimate for keep-set K (c = |K| kept dice) is h[K] / 6^(6-c); times 6^6 it
# stays an integer: h[K] * 6^c <= samples * 22 points * 7^6 < 2^30
MUL6 = (1, 6, 36, 216, 1296, 7776, 46656)
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
# work units of answering one target for one roll, by mode (measured on the unix
# port: a unit is about 1.7 us; the tables of remembered answers ask the matcher
# on a miss)
_KEEPCOST = const(16)   # units of one obvious play (keep_mask)
TCOST = bytes((2, 8, 8, 8, 10, 2, 12, 5))
# exact figures of a target for a reroll (``exact_hits``): none, a table of the
# odds module (three to five dice), a condition on all dice or a single face (any
# number of dice); a target's exact figure costs EXCOST units
_EX_NONE = const(0)
_EX_TABLE = const(1)
_EX_COND = const(2)
_EX_FACE = const(3)
_EX_FIVE = const(4)    # a card of numbers and colours: five dice only (odds.hits5)
EXCOST = const(2)
# stage 1's share of the Expert's rolls: a third, a quarter when the exact scan
# will rank every reroll of three to six dice (1,000 games alone: +0.6 points)
_STAGE1_SCAN = const(4)
_SCANCOST = const(2)   # a reroll valued in the exact scan, beside its targets' figures
_NSETS = (1, 6, 15, 20, 15, 6, 1)   # rerolls of k dice
# hits of 6**r rerolls times _MN[r] // _MD[r] is the chance times _M (small ints)
_MN = (720720, 120120, 20020, 10010, 5005, 5005, 5005)
_MD = (1, 1, 1, 3, 9, 54, 324)
# Per face f = 6 * die + number - 1 (written out: computing them cost the import
# time; tests/host/test_milestones_bot_values.py derives them again): one count
# of its number and of its colour (3 bits a value), the bit of its number and
# of its colour.
_NKEY = (
    1, 8, 64, 512, 4096, 32768, 1, 8, 64, 512, 4096, 32768,
    1, 8, 64, 512, 4096, 32768, 1, 8, 64, 512, 4096, 32768,
    1, 8, 64, 512, 4096, 32768, 1, 8, 64, 512, 4096, 32768,
)
_CKEY = (
    1, 8, 64, 512, 4096, 32768, 8, 64, 1, 4096, 32768, 512,
    64, 1, 8, 32768, 512, 4096, 512, 4096, 32768, 1, 8, 64,
    4096, 32768, 512, 8, 64, 1, 32768, 512, 4096, 64, 1, 8,
)
_NBIT = (
    b'\x01\x02\x04\x08\x10 \x01\x02\x04\x08\x10 \x01\x02\x04\x08'
    b'\x10 \x01\x02\x04\x08\x10 \x01\x02\x04\x08\x10 \x01\x02'
    b'\x04\x08\x10 ')
_CBIT = (
    b'\x01\x02\x04\x08\x10 \x02\x04\x01\x10 \x08\x04\x01\x02 '
    b'\x08\x10\x08\x10 \x01\x02\x04\x10 \x08\x02\x04\x01 \x08'
    b'\x10\x04\x01\x02')
_NUMBERS_ONLY = (NUM, SAMEN, RUN, ONLYN, NON)
_COLOURS_ONLY = (COL, SAMEC, ONLYC, NOC)
_MEMO = {}   # task -> {roll key: 0 or 1}, shared by all bots
# card (or 100 + side) -> its compiled target, shared by all bots (a card's
# target depends on the card only: its task and points), at most _COMPILED_MAX
# (then one is forgotten for each new one, so a frame compiles at most what it
# asks for): the cards in hand and the special sides are the ones asked for
# again and again, and a target kept for every card a game had seen grew the
# heap by about 3 KB over a game
_COMPILED = {}
_MEMO_SIZE = [0]


# _RUNLEN[p]: the longest run of consecutive numbers in the number set p (bit
# n-1 for n), 0 for none
_RUNLEN = (
    b'\x00\x01\x01\x02\x01\x01\x02\x03\x01\x01\x01\x02\x02\x02\x03\x04'
    b'\x01\x01\x01\x02\x01\x01\x02\x03\x02\x02\x02\x02\x03\x03\x04\x05'
    b'\x01\x01\x01\x02\x01\x01\x02\x03\x01\x01\x01\x02\x02\x02\x03\x04'
    b'\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03\x03\x03\x04\x04\x05\x06')


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
    r = _RUNLEN    # colours with such a run:
    return (r[a] >= k) + (r[b] >= k) + (r[c] >= k) + (r[d] >= k) + (r[e] >= k) + (r[g] >= k)


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


def exact_hits(e, cur, keep, r):
    """How many of the 6**r rerolls of the dice not in ``keep`` meet the target of
    ``e`` (from ``Bot._exact_info``), or -1 when there is no exact figure."""
    if r == 6:
        return e[3]
    k = e[0]
    if k == _EX_TABLE:
        if 3 <= r <= 5:
            return odds.hits(e[1], cur, keep)
        return -1
    if k == _EX_COND:
        return odds.cond_hits(e[1], cur, keep, r)
    if k == _EX_FACE:
        return odds.face_hits(e[1], e[2], cur, keep, r)
    if k == _EX_FIVE and r == 5:
        return odds.hits5(e[1], cur, keep)
    return -1


def exact_info(key):
    """How the target ``key`` (a card, or 100 + a special side) is valued exactly:
    (kind, a, b, hits of all six) for ``exact_hits``."""
    if key >= 100:
        task = deck.SPECIAL_SIDES[key - 100][1]
        h6 = deck.SPECIAL_SIDES[key - 100][0]
    else:
        task = deck.DECK[key][3]
        h6 = deck.DECK[key][2]
    code = odds.code(key)
    cl = task[0]
    if code != 255:
        return (_EX_TABLE, code, 0, h6)
    if len(task) == 1 and cl[0] >= ONLYN:
        return (_EX_COND, cl, 0, h6)
    if len(task) == 1 and cl[0] == FACE:
        return (_EX_FACE, _face_die(cl[1], cl[2]), cl[2], h6)
    code = odds.code5(key)
    if code != 255:
        return (_EX_FIVE, code, 0, h6)
    return (_EX_NONE, 0, 0, h6)


def forget():
    """Drop every remembered answer (tests, benchmarks, a new game)."""
    for d in _MEMO.values():
        d.clear()
    _MEMO.clear()
    _MEMO_SIZE[0] = 0
    _COMPILED.clear()


def _distinct(subs):
    seen = 0
    for cl in subs:
        if (seen >> cl[1]) & 1:
            return False
        seen |= 1 << cl[1]
    return True


# the die that has a face, by colour * 6 + number - 1 (``_face_die``, written out)
_FACE_DIE = (
    b'\x00\x02\x01\x03\x05\x04\x01\x00\x02\x04\x03\x05\x02\x01\x00\x05'
    b'\x04\x03\x03\x05\x04\x00\x02\x01\x04\x03\x05\x01\x00\x02\x05\x04'
    b'\x03\x02\x01\x00')


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
            if _RUNLEN[pres] < cl[1]:
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


# mean points times hits (of 46656) of each tier's cards and of all the cards
# (written out; tests/host/test_milestones_bot_values.py sums them again)
_TIER_VALUE = (28475, 10750, 3953)
_BIG_VALUE = const(17544)
_BIG_RATE = const(17544)   # the same for the Expert's swap rule


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
STRONG_WORK = const(256)   # the Strong level's search budget (the Expert's is WORK)
_GREEDY = 3                # one Casual draw in this many: the medium pile (more points)
# Every decision's units stay under this: WORK, the fixed blocks, the look after
# the change (1,500 random states with every target: at most 724)
DECISION = const(760)
LOOK = const(16)          # units of noticing a change and the look that follows
# Below Strong a reroll is the obvious play for the bot's own card, each die that
# plainly helps the card overlooked (rerolled too) _OVERLOOK[level] times in six
_OVERLOOK = (4, 3)

# ---- announcements: "my card is close, keep these dice" ----------------------

# _CLOSE[seat] = (card, mask, packed faces of the masked dice) or None. An
# announcement holds while the seat keeps that card and the masked dice show the
# same faces (so it holds on a clone of the table too, e.g. for a hint); the table
# may announce for a person too (``announce``) and clears them all for a new game
# (``clear_announcements``).
_CLOSE = [None] * 5


def _packed(dice, mask):
    p = 0
    for i in range(6):
        if (mask >> i) & 1:
            p |= dice[i] << (3 * i)
    return p


def announce(st, seat, mask):
    """Seat ``seat`` asks the others to keep the dice in ``mask`` (0: withdraw)."""
    if mask and st.dice is not None and st.hands[seat] >= 0:
        _CLOSE[seat] = (st.hands[seat], mask, _packed(st.dice, mask))
    else:
        _CLOSE[seat] = None


def announced(st, seat):
    """The dice mask ``seat`` announced and that still holds, else 0."""
    e = _CLOSE[seat] if 0 <= seat < len(_CLOSE) else None
    if e is None or st.dice is None or seat >= st.n:
        return 0
    if st.hands[seat] != e[0] or _packed(st.dice, e[1]) != e[2]:
        return 0
    return e[1]


def protected(st, seat):
    """The dice the other seats announced they need (``seat`` does not reroll them)."""
    m = 0
    for s in range(st.n):
        if s != seat and _CLOSE[s] is not None:
            m |= announced(st, s)
    return m


def clear_announcements():
    for s in range(len(_CLOSE)):
        _CLOSE[s] = None


def _card_rate(c):
    # points times the card's exact hits (of 46656 rolls): the deck's table
    return deck.DECK[c][1] * deck.DECK[c][2]


class Bot:
    """One bot seat of level ``level`` (0 Beginner .. 3 Expert).

    The table's call is ``step(st, rng)`` once per frame for one bot seat. The old
    calls (``Bot(seat, seed=..., samples=..., rng=...)``, ``act(st, roll=...)``,
    ``choose_roll(st)``) still work: they run a whole decision at once on the
    bot's own seeded core ``Rng`` (``seed``) or on ``rng``."""

    def __init__(self, seat, level=EXPERT, seed=None, samples=SAMPLES, rng=None):
        if level < 0 or level >= LEVELS:
            raise ValueError("level 0..3")
        self.seat = seat
        self.level = level
        if rng is None and seed is not None:
            rng = _rng.seeded((seed % 65536) + 1)
        self.rng = rng          # only for the old calls; step() is given the core Rng
        self.samples = samples
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
        self._seen = [None] * 16
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

    def _tg(self, key, task, w):
        c = _COMPILED.get(key)
        if c is None:
            if len(_COMPILED) >= _COMPILED_MAX:
                _COMPILED.popitem()   # one out, one in: at most one compile a card asked for
            c = _compile(task, w)
            _COMPILED[key] = c
        return c

    def card_tg(self, card):
        d = deck.DECK[card]
        return self._tg(card, d[3], d[1])

    def _meets(self, tg, nums):
        return self.value((tg,), nums) > 0

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
        sd = deck.SPECIAL_SIDES[st.hg_side]
        return self._meets(self._tg(100 + st.hg_side, sd[1], 2), st.dice)

    def wants_discard(self, st):
        c = st.hands[self.seat]
        if self.level < STRONG or not st.big or c < 0 or not st.piles[0] or not st.started:
            return False
        if self.level == EXPERT:
            return 2 * _card_rate(c) < _BIG_RATE
        return 2 * deck.DECK[c][1] * deck.DECK[c][2] < _BIG_VALUE

    def card_value(self, card):
        """Points per roll, roughly: points times the chance one roll meets it."""
        return deck.DECK[card][1] * deck.DECK[card][2] // deck.TOTAL

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
                    t = deck.DECK[c][0]
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
                out.append((deck.DECK[key][3], deck.DECK[key][1]))
            else:
                out.append((deck.SPECIAL_SIDES[key - 100][1],
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

    def _prep(self, tg):
        out = []
        for task, w in tg:
            out.append(_compile(task, w))
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
            cost = 3 + TCOST[tg[0][0]]
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
                        if self.value(tg, t):
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
        need = keep_mask(deck.DECK[c][3], t)   # the dice that make the card
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
            for x in self._search(st, prot, WORK if lv == EXPERT else STRONG_WORK, lv == EXPERT, bg):
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
            keep = keep_mask(deck.DECK[c][3], st.dice)
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

    def _search(self, st, prot, work, exact, bg):
        cur = st.dice
        free = 63 ^ prot
        if not free:
            free = 63   # every die announced: the rules still want one rerolled
            prot = 0
        tgs = self.targets(st)
        while not bg.fits(12):
            yield None
        if not tgs:
            self.work = 12
            m = 1 << (self.rand() % 6)
            while m & prot:
                m = 1 << (self.rand() % 6)
            yield m
            return
        tg = self._prep(tgs)
        cost = 3
        for x in tg:
            cost += TCOST[x[0]]
        h = self.h = [0] * 64
        t = self.t
        rolls = work // cost * self.samples // SAMPLES
        n = rolls // 3 if exact else rolls   # Strong: stage 1 alone
        ex = self._exact_info(st) if exact else None    # Strong: no exact figures
        nt = len(tg)
        scan = _SCANCOST + EXCOST * nt
        if exact and not self._inexact(ex, 3) and not self._inexact(ex, 5) and (
                2 * 41 * scan <= work):
            n = rolls // _STAGE1_SCAN   # the exact scan ranks three to six dice
        rand = self.rand
        value = self.value
        spent = 12
        for _ in range(n):
            while not bg.fits(cost):
                yield None
            spent += cost
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
            if v:
                h[agree] += v * _W[POPCOUNT[agree]]
        # the superset sum (two blocks of three bits) and the scan
        for b in range(6):
            if b % 3 == 0:
                while not bg.fits(12):
                    yield None
                spent += 12
            bit = 1 << b
            for a in range(64):
                if not a & bit:
                    h[a] += h[a | bit]
        while not bg.fits(16):
            yield None
        spent += 16
        others = 0
        for i in range(st.n):
            if i != self.seat and st.hands[i] >= 0:
                others += 1
        tw = self.team * others      # teammates' weight, thousandths
        # stage 1 scale: h[K] * 6^c is 7^6 * n / 64 times the expected points
        s1 = 117649 * n // 64
        t0 = -1
        t1 = -1
        t2 = -1
        m0 = 0
        m1 = 0
        m2 = 0
        for k in range(63):
            if (63 ^ k) & prot:
                continue
            pc = POPCOUNT[k]
            v = h[k] * MUL6[pc] + (tw * TEAM_GAIN[6 - pc] // 1000) * s1 // 1000
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
        if not exact:
            self.work = spent
            yield m0 if m0 else free & -free
            return
        # stage 2 values them and the obvious plays again, each target exactly where
        # that is cheap (odds: three to five dice of a one-domain task from the
        # tables, a condition or a single face for any number, all six from the
        # deck's counts), the rest by enumeration (one die; two for the Expert while
        # the budget allows) or on common sampled rolls
        cands = [m for m in (m0, m1, m2) if m]
        for x in tg:
            while not bg.fits(_KEEPCOST):
                yield None
            spent += _KEEPCOST
            m = (63 ^ keep_mask(x[5], cur)) & free
            if m and m not in cands and len(cands) < 5:
                cands.append(m)
        # every reroll of three to five dice for which every target has an exact
        # figure (all of them for a card of one domain, the six of five dice for
        # one of numbers and colours) is valued exactly when the budget allows,
        # and the best two join
        ok = 0
        sets = 0
        for pc in (3, 4, 5):
            if not self._inexact(ex, pc):
                ok |= 1 << pc
                sets += _NSETS[pc]
        # what stage 2 will spend on the candidates so far (at least), and on the
        # scan's two and all six: the scan runs only on what is left
        need = 3 * EXCOST * nt
        for m in cands:
            pc = POPCOUNT[m]
            need += EXCOST * nt
            if self._inexact(ex, pc):
                need += (6 if pc == 1 else MIN_REFINE) * cost
        if sets and sets * scan <= work - spent - need:
            q0 = -1
            q1 = -1
            b0 = 0
            b1 = 0
            for m in range(7, 63):
                pc = POPCOUNT[m]
                if not (ok >> pc) & 1 or m & prot:
                    continue
                while not bg.fits(scan):
                    yield None
                spent += scan
                keep = 63 ^ m
                v = (tw * TEAM_GAIN[pc] // 1000) * (_M // 1000)
                for j in range(nt):
                    v += tg[j][1] * exact_hits(ex[j], cur, keep, pc) * _MN[pc] // _MD[pc]
                if v > q1:
                    if v > q0:
                        q1 = q0
                        b1 = b0
                        q0 = v
                        b0 = m
                    else:
                        q1 = v
                        b1 = m
            for m in (b0, b1):
                if m and m not in cands:
                    cands.append(m)
        # a candidate is sampled when one of its targets has no exact figure for its
        # number of dice and it is not enumerated (more than two dice)
        nsam = 0
        for m in cands:
            if POPCOUNT[m] > 1 and self._inexact(ex, POPCOUNT[m]):
                nsam += 1
        # stage 2 gives each sampled candidate at least MIN_REFINE rolls: no more
        # of them than its budget pays for (the best first)
        most = (rolls - n) // MIN_REFINE
        if most < 1:
            most = 1
        if nsam > most:
            keep = []
            k = 0
            for m in cands:
                if POPCOUNT[m] > 1 and self._inexact(ex, POPCOUNT[m]):
                    k += 1
                    if k > most:
                        continue
                keep.append(m)
            cands = keep
            nsam = most
        if exact and free == 63 and 63 not in cands:
            cands.append(63)    # valued from the deck's counts: no rolls
        # the exact ones first, then two dice, then the rest
        order = []
        for k in (1, 2, 3):
            for m in cands:
                pc = POPCOUNT[m]
                inex = self._inexact(ex, pc)
                if (k == 1 and (pc == 1 or not inex)) or (
                        k == 2 and pc == 2 and inex) or (k == 3 and pc > 2 and inex):
                    order.append(m)
        cands = order
        nf = REFINE
        faces = self.faces = [[0] * 6 for _ in range(REFINE)]
        for j in range(nf):
            row = faces[j]
            for i in range(6):
                row[i] = rand() % 6 + 1
        best = -1
        bestm = free & -free
        left = work - spent     # units left for stage 2
        rest = self.rest
        for m in cands:
            pc = POPCOUNT[m]
            keep = 63 ^ m
            # the exact part: every target with a figure for pc dice
            while not bg.fits(EXCOST * nt):
                yield None
            spent += EXCOST * nt
            left -= EXCOST * nt
            tot = 0
            del rest[:]
            cost = 3
            for j in range(nt):
                h = exact_hits(ex[j], cur, keep, pc)
                if h >= 0:
                    tot += tg[j][1] * h * _MN[pc] // _MD[pc]
                else:
                    rest.append(tg[j])
                    cost += TCOST[tg[j][0]]
            if rest:
                sampled = pc > 1
                if sampled:
                    nsam -= 1
                # two dice are enumerated (36 rolls) when the budget still leaves
                # the candidates after this one their sampled rolls
                two = exact and pc == 2 and left - 36 * cost >= nsam * MIN_REFINE * cost
                # a candidate the decision's budget cannot pay for is left out
                if spent + (6 if pc == 1 else (36 if two else MIN_REFINE)) * cost > (
                        DECISION - LOOK):
                    continue
                if pc == 1 or two:
                    i0 = -1
                    i1 = -1
                    for i in range(6):
                        if (m >> i) & 1:
                            if i0 < 0:
                                i0 = i
                            else:
                                i1 = i
                    for i in range(6):
                        t[i] = cur[i]
                    s = 0
                    for f in range(1, 7):
                        t[i0] = f
                        for g in range(1, 7 if i1 >= 0 else 2):
                            while not bg.fits(cost):     # a roll a piece
                                yield None
                            spent += cost
                            left -= cost
                            if i1 >= 0:
                                t[i1] = g
                            s += value(rest, t)
                    tot += s * (_M // 6 if i1 < 0 else _M // 36)
                else:
                    nf = left // cost // (nsam + 1)
                    nf = MIN_REFINE if nf < MIN_REFINE else (REFINE if nf > REFINE else nf)
                    for i in range(6):
                        t[i] = cur[i]
                    s = 0
                    for j in range(nf):
                        while not bg.fits(cost):
                            yield None
                        spent += cost
                        left -= cost
                        row = faces[j]
                        for i in range(6):
                            if (m >> i) & 1:
                                t[i] = row[i]
                        s += value(rest, t)
                    tot += s * (_M // nf)
            v = tot + (tw * TEAM_GAIN[pc] // 1000) * (_M // 1000)
            if v > best or (v == best and pc < POPCOUNT[bestm]):
                best = v
                bestm = m
        del rest[:]
        self.work = spent
        yield bestm

    def _exact_info(self, st):
        """Per target (as ``targets``): how it is valued exactly, for
        ``exact_hits``: (kind, a, b, hits of all six)."""
        out = self._ex
        del out[:]
        for key in self._target_keys(st):
            out.append(exact_info(key))
        return out

    def _inexact(self, ex, pc):
        # whether a target has no exact figure for a reroll of pc dice
        if pc == 6:
            return False
        for e in ex:
            k = e[0]
            if k == _EX_NONE or (k == _EX_TABLE and (pc < 3 or pc > 5)) or (
                    k == _EX_FIVE and pc != 5):
                return True
        return False

    def value(self, tg, nums):
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


class RandomBot(Bot):
    """Baseline (the benchmark's): rerolls a random non-empty set of dice, draws
    from a random pile, flips when it can."""

    def __init__(self, seat, seed=None, samples=SAMPLES, rng=None):
        Bot.__init__(self, seat, BEGINNER, seed, samples, rng)

    def _think(self, st, rng, prot, bg):
        self._seed(rng)
        bg.fits(1)
        yield self.rand() % 63 + 1


def hint_seed(st, seat):
    """A seed made of the position alone (the dice, the cards in hand, whose
    turn, the seat asking), so that the Expert's samples, and so its advice,
    are the same each time the same position is asked about."""
    k = seat * 7 + st.turn + 1
    for v in st.dice or ():
        k = (k * 7 + v) % 65521
    for c in st.hands:
        k = (k * 31 + c + 2) % 65521
    return k + 1


def hint(st, seat, rng, budget=None):
    """The Expert's advice for ``seat``, as a generator: None after each slice,
    last value (action, why); ``why`` is at most 40 characters, e.g.
    "reroll 4Y 1P: 34% for run of 4". Does not change ``st``. ``budget``: the
    advice's core.think.Budget (SLICE units a slice; a new one when not given).
    ``rng`` is not drawn from: the samples are seeded by the position
    (``hint_seed``), so asking again gives the same advice."""
    bg = budget or Budget(SLICE)
    b = Bot(seat, EXPERT)
    rng = _rng.seeded(hint_seed(st, seat))      # the same advice for the same position
    bg.fits(LOOK)
    a = b._act(st, rng)
    if a is None and st.dice is None:
        a = ("roll", 63)                        # the first roll: all six dice
    elif a is None:
        prot = protected(st, seat)
        bg.end()
        yield None          # the look was this slice
        m = 0
        for x in b._think(st, rng, prot, bg):
            if x is None:
                yield None
            else:
                m = x
        a = ("roll", m)
        bg.end()
        yield None          # the decision's last slice was this one
    from dicebox.games.milestones import advice   # the words: only for the Hint
    bg.end()
    yield None              # the words' module was this slice
    why = ""
    for x in advice.hint_words(b, st, seat, a, bg):
        if x is None:
            yield None
        else:
            why = x
    yield a, why

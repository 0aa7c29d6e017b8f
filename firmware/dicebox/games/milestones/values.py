"""What a roll is worth to a Milestones bot: its targets (the card in hand,
open mandatory tasks, the hourglass card) compiled once and answered for a
roll, the exact figures of a reroll where they are cheap, and the obvious
play (``keep_mask``). The search (search.py), the bot's look and close check
(bot.py) and the Hint's chance (advice.py) value rolls here.

The sums are small ints (no floats); a target is answered for a roll from the
numbers' and colours' counts packed in ints and small tables. The remembered
answers and compiled targets are shared by all bots and bounded
(``_MEMO_MAX``, ``_COMPILED_MAX``); ``forget`` drops them.
"""
from micropython import const
from dicebox.games.milestones import deck, odds
from dicebox.games.milestones.dice import FACE_COLOUR
from dicebox.games.milestones.tasks import (
    match, POPCOUNT, split as _split, COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, ONLYC, NON, NOC)

_MEMO_MAX = const(64)    # remembered answers in all (then all are forgotten)
_COMPILED_MAX = const(8)    # compiled targets kept (then one goes for each new one): the
                            # cards in five hands and the hourglass side fit

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
TCOST = bytes((2, 8, 8, 8, 10, 2, 12, 5))
# exact figures of a target for a reroll (``exact_hits``): none, a table of the
# odds module (three to five dice), a condition on all dice or a single face (any
# number of dice); a target's exact figure costs search.EXCOST units
_EX_NONE = const(0)
_EX_TABLE = const(1)
_EX_COND = const(2)
_EX_FACE = const(3)
_EX_FIVE = const(4)    # a card of numbers and colours: five dice only (odds.hits5)
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


def exact_hits(e, cur, keep, r):
    """How many of the 6**r rerolls of the dice not in ``keep`` meet the target of
    ``e`` (from ``exact_info``), or -1 when there is no exact figure."""
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
        task = deck.SIDE_TASKS[key - 100]
        h6 = deck.SIDE_HITS[key - 100]
    else:
        task = deck.TASKS[key]
        h6 = deck.HITS[key]
    code = odds.code(key)
    cl = task[0]
    if code != 255:
        return (_EX_TABLE, code, 0, h6)
    if len(task) == 1 and cl[0] >= ONLYN:
        return (_EX_COND, cl, 0, h6)
    if len(task) == 1 and cl[0] == FACE:
        return (_EX_FACE, _FACE_DIE[cl[1] * 6 + cl[2] - 1], cl[2], h6)
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


# the die that has a face, by colour * 6 + number - 1 (written out; the test of
# the tables above finds each again in FACE_COLOUR)
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
            subs[i] = (FACE, _FACE_DIE[cl[1] * 6 + cl[2] - 1], cl[2])
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
        order += sorted((cl for cl in subs if cl[0] == SAMEN), key=lambda cl: cl[1], reverse=True)
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
    if all(cl[0] in (NUM, SAMEN, RUN, ONLYN, NON) for cl in task):     # numbers only
        mode = _BYNUM
    elif all(cl[0] in (COL, SAMEC, ONLYC, NOC) for cl in task):     # colours only
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



def compiled(key, task, w):
    """The compiled target of ``key`` (a card, or 100 + a special side: its
    ``task`` and points ``w``), kept while it is asked for again."""
    c = _COMPILED.get(key)
    if c is None:
        if len(_COMPILED) >= _COMPILED_MAX:
            _COMPILED.popitem()   # one out, one in: at most one compile a card asked for
        c = _compile(task, w)
        _COMPILED[key] = c
    return c


def prep(tg):
    """The (task, points) targets ``tg`` compiled, for ``value``."""
    out = []
    for task, w in tg:
        out.append(_compile(task, w))
    return out


def inexact(ex, pc):
    """Whether a target of ``ex`` (``exact_info`` each) has no exact figure for
    a reroll of pc dice."""
    if pc == 6:
        return False
    for e in ex:
        k = e[0]
        if k == _EX_NONE or (k == _EX_TABLE and (pc < 3 or pc > 5)) or (
                k == _EX_FIVE and pc != 5):
            return True
    return False


def value(tg, nums):
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

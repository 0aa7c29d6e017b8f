"""The reroll search of the Strong and Expert Milestones bots, thought in
slices (bot.py's ``Bot._think`` runs it with the decision's Budget).

One batch of rolls sampled from a proposal that keeps each die with
probability 1/2; importance weights turn the batch into an estimate for every
keep-set at once (a superset sum over the 64 agreement masks). Strong plays
the best by that estimate. For the Expert the three best by it, the obvious
play for each target and the two best of the exact scan are valued again,
each target exactly where it has a figure for that many dice (values.py), the
others on every outcome (one or two dice) or on common sampled rolls. Ties go
to rerolling fewer dice. The sums are small ints (no floats). Randomness
comes from the bot's small-int generator (``Bot.rand``), seeded by one draw
of the core RNG a decision.
"""
from micropython import const
from dicebox.games.milestones.tasks import POPCOUNT
from dicebox.games.milestones.values import (
    exact_hits, inexact, keep_mask, prep, value as _value, TCOST)

# Work budget of the Expert's reroll decision: a roll valued for its targets costs
# 3 units plus each target's (TCOST); a decision spends _WORK units, a third of
# its rolls sampling (stage 1), the rest on its candidates (stage 2, _MIN_REFINE to
# _REFINE rolls each, or every outcome of one or two dice).
_WORK = const(576)
_STRONG_WORK = const(256)   # the Strong level's search budget (stage 1 alone)
_SAMPLES = const(48)     # the bot's ``samples`` setting's unit: 48 = the whole budget
_REFINE = const(16)
_MIN_REFINE = const(6)
EXCOST = const(2)       # a target's exact figure for a reroll (values.exact_hits)
# 6^c: the rolls of c dice (the search's and the Hint's scale)
MUL6 = (1, 6, 36, 216, 1296, 7776, 46656)

# Proposal: keep a die with probability 1/2, else reroll it uniformly, so a die
# agrees with the current face with probability 7/12, any other face 1/12. The
# importance weight of a sample agreeing on c dice is 12^6 / 7^c; in integers
# _W[c] = 7^(6-c) (the common factor is dropped: only comparisons matter).
_W = (117649, 16807, 2401, 343, 49, 7, 1)
# the estimate for keep-set K (c = |K| kept dice) is h[K] / 6^(6-c); times 6^6 it
# stays an integer: h[K] * 6^c (MUL6[c]) <= samples * 22 points * 7^6 < 2^30
# Points a teammate's unknown card is expected to gain when r random dice of a roll
# that did not fulfil it are rerolled (averaged over the deck; measured on the host),
# in thousandths.
TEAM_GAIN = (0, 152, 218, 271, 298, 323, 332)
# stage 2 scale: a sum over 6, 36 or 12..32 rolls times _M // count (exact)
_M = const(720720)   # divisible by every count 1..16
_KEEPCOST = const(16)   # units of one obvious play (keep_mask)
# stage 1's share of the Expert's rolls: a third, a quarter when the exact scan
# will rank every reroll of three to six dice (1,000 games alone: +0.6 points)
_STAGE1_SCAN = const(4)
_SCANCOST = const(2)   # a reroll valued in the exact scan, beside its targets' figures
# hits of 6**r rerolls times _MN[r] // _MD[r] is the chance times _M (small ints)
_MN = (720720, 120120, 20020, 10010, 5005, 5005, 5005)
_MD = (1, 1, 1, 3, 9, 54, 324)


def search(bot, st, prot, exact, bg, limit):
    """The reroll decision of Strong (``exact`` False: stage 1 alone, on
    _STRONG_WORK units) or Expert (_WORK units, both stages) for ``bot``,
    as a generator: None after each slice, the dice mask (1..63) last.
    Dice in ``prot`` stay; ``bg``: the decision's Budget; ``limit``: the units
    the decision may spend on the search (a candidate beyond them is left out)."""
    work = _WORK if exact else _STRONG_WORK
    cur = st.dice
    free = 63 ^ prot
    if not free:
        free = 63   # every die announced: the rules still want one rerolled
        prot = 0
    tgs = bot.targets(st)
    while not bg.fits(12):
        yield None
    if not tgs:
        bot.work = 12
        m = 1 << (bot.rand() % 6)
        while m & prot:
            m = 1 << (bot.rand() % 6)
        yield m
        return
    tg = prep(tgs)
    cost = 3
    for x in tg:
        cost += TCOST[x[0]]
    h = bot.h = [0] * 64
    t = bot.t
    rolls = work // cost
    if bot.samples is not None:
        rolls = rolls * bot.samples // _SAMPLES
    n = rolls // 3 if exact else rolls   # Strong: stage 1 alone
    ex = bot.exact_figures(st) if exact else None    # Strong: no exact figures
    nt = len(tg)
    scan = _SCANCOST + EXCOST * nt
    if exact and not inexact(ex, 3) and not inexact(ex, 5) and (
            2 * 41 * scan <= work):
        n = rolls // _STAGE1_SCAN   # the exact scan ranks three to six dice
    rand = bot.rand
    value = _value
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
        if i != bot.seat and st.hands[i] >= 0:
            others += 1
    tw = bot.team * others      # teammates' weight, thousandths
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
        bot.work = spent
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
    for pc, ns in ((3, 20), (4, 15), (5, 6)):    # rerolls of pc dice: ns sets
        if not inexact(ex, pc):
            ok |= 1 << pc
            sets += ns
    # what stage 2 will spend on the candidates so far (at least), and on the
    # scan's two and all six: the scan runs only on what is left
    need = 3 * EXCOST * nt
    for m in cands:
        pc = POPCOUNT[m]
        need += EXCOST * nt
        if inexact(ex, pc):
            need += (6 if pc == 1 else _MIN_REFINE) * cost
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
        if POPCOUNT[m] > 1 and inexact(ex, POPCOUNT[m]):
            nsam += 1
    # stage 2 gives each sampled candidate at least _MIN_REFINE rolls: no more
    # of them than its budget pays for (the best first)
    most = (rolls - n) // _MIN_REFINE
    if most < 1:
        most = 1
    if nsam > most:
        keep = []
        k = 0
        for m in cands:
            if POPCOUNT[m] > 1 and inexact(ex, POPCOUNT[m]):
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
            inex = inexact(ex, pc)
            if (k == 1 and (pc == 1 or not inex)) or (
                    k == 2 and pc == 2 and inex) or (k == 3 and pc > 2 and inex):
                order.append(m)
    cands = order
    nf = _REFINE
    # the sampled rolls' faces, six a roll in one bytearray (sixteen lists of
    # six took about 1.7 KB of the host's heap while the decision ran)
    faces = bot.faces = bytearray(6 * _REFINE)
    for j in range(6 * nf):
        faces[j] = rand() % 6 + 1
    best = -1
    bestm = free & -free
    left = work - spent     # units left for stage 2
    rest = bot.rest
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
            two = exact and pc == 2 and left - 36 * cost >= nsam * _MIN_REFINE * cost
            # a candidate the decision's budget cannot pay for is left out
            if spent + (6 if pc == 1 else (36 if two else _MIN_REFINE)) * cost > limit:
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
                nf = _MIN_REFINE if nf < _MIN_REFINE else (_REFINE if nf > _REFINE else nf)
                for i in range(6):
                    t[i] = cur[i]
                s = 0
                for j in range(nf):
                    while not bg.fits(cost):
                        yield None
                    spent += cost
                    left -= cost
                    row = 6 * j
                    for i in range(6):
                        if (m >> i) & 1:
                            t[i] = faces[row + i]
                    s += value(rest, t)
                tot += s * (_M // nf)
        v = tot + (tw * TEAM_GAIN[pc] // 1000) * (_M // 1000)
        if v > best or (v == best and pc < POPCOUNT[bestm]):
            best = v
            bestm = m
    del rest[:]
    bot.work = spent
    yield bestm

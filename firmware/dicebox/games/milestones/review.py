"""Milestones' judgement for the review of a game (core/review.py).

Milestones is played together and against the sand, so a reroll is read by
what the next roll is expected to meet: the points of the roller's targets
as the Expert counts them (its own card; the open must-do tasks; the
hourglass card in the last third: bot.Bot.targets), averaged over the dice
the reroll throws (values.value on each outcome). The Expert's reroll is
the Hint's (advice.hint: the same for the same position); the move made is
read the same way. When both rerolls throw at most EXACT dice every outcome
is counted (exact, no error); else both are valued on the same SAMPLES
sampled throws (each die's new face drawn once for both), and the error is
Z standard errors of the mean difference. A loss is said only above it.

Only the turn seat's rerolls are weighed; the first roll (all six dice, the
only move), draws, claims, flips and discards are not (None), nor a reroll
where the Expert would have claimed first.
"""
from dicebox.core import rng as _rng
from dicebox.core.review import Verdict, amount
from dicebox.games.milestones import advice, bot, values
from dicebox.games.milestones.keeps import clear_announcements

SLICE = bot.SLICE
STEP = 4           # units a step of the log read and played takes (about 8 us of
                   # unix-port time, a unit 2: six steps a slice)
UNIT = "points"
EXACT = 3          # rerolls of at most this many dice are counted outcome by outcome
SAMPLES = 96       # else: throws sampled, the same for both rerolls
Z = 2.0            # the error said: this many standard errors (about 95%)


def _ndice(m):
    n = 0
    for i in range(6):
        n += (m >> i) & 1
    return n


def _exact(tg, cur, m, cost, bg, hit):
    """(expected points, chance of any points) of rerolling the dice of mask
    ``m`` from ``cur``, every outcome counted (a generator)."""
    idx = [i for i in range(6) if (m >> i) & 1]
    r = len(idx)
    t = list(cur)
    tot = 0
    hits = 0
    for x in range(6 ** r):
        while not bg.fits(cost):
            yield None
        for i in idx:
            t[i] = x % 6 + 1
            x //= 6
        v = values.value(tg, t)
        tot += v
        if v:
            hits += 1
    n = 6 ** r
    hit.append(hits / n)
    return tot / n


def _sampled(tg, cur, ms, cost, bg, seed, hit):
    """The means of the points of rerolls ``ms`` (two masks) on SAMPLES
    common throws, and the variance of the mean of their difference (a
    generator): (mean0, mean1, var)."""
    r = _rng.seeded(seed)
    t0 = list(cur)
    t1 = list(cur)
    m0, m1 = ms
    s0 = s1 = 0
    sd = 0.0
    sdd = 0.0
    h0 = h1 = 0
    for _ in range(SAMPLES):
        for i in range(6):
            f = r.randbelow(6) + 1
            t0[i] = f if (m0 >> i) & 1 else cur[i]
            t1[i] = f if (m1 >> i) & 1 else cur[i]
        while not bg.fits(cost):
            yield None
        v0 = values.value(tg, t0)
        while not bg.fits(cost):
            yield None
        v1 = values.value(tg, t1)
        s0 += v0
        s1 += v1
        h0 += v0 > 0
        h1 += v1 > 0
        d = v0 - v1
        sd += d
        sdd += d * d
    n = SAMPLES
    mean = sd / n
    var = (sdd / n - mean * mean) * n / (n - 1) / n
    hit.append(h0 / n)
    hit.append(h1 / n)
    return s0 / n, s1 / n, var


def judging(st, seat, a, bg):
    """The Verdict on the reroll ``a`` of ``seat`` (a generator: yields None
    between slices of ``bg``), or None for a move not weighed."""
    if a[0] != "roll" or st.dice is None or seat != st.turn:
        return None
    clear_announcements()        # a finished game: no keep requests stand
    best = None
    why = ""
    for x in advice.hint(st, seat, None, bg):
        if x is None:
            yield None
        else:
            best, why = x
    if best[0] != "roll":
        return None
    m = a[1]
    e = best[1]
    if m == e:
        return Verdict(a, best, 0.0, 0.0, 0.0, "As good as the Expert's: %s" % why)
    bg.end()
    yield None                   # the targets compiled: a slice of their own (up to 66 us)
    bg.fits(SLICE)
    tg = values.prep(bot.Bot(seat, bot.EXPERT).targets(st))
    cost = 3
    for x in tg:
        cost += values.TCOST[x[0]]
    cur = st.dice
    hit = []
    if _ndice(m) <= EXACT and _ndice(e) <= EXACT:
        bv = yield from _exact(tg, cur, e, cost, bg, hit)
        mv = yield from _exact(tg, cur, m, cost, bg, hit)
        err = 0.0
    else:
        bv, mv, var = yield from _sampled(tg, cur, (e, m), cost, bg, advice.hint_seed(st, seat), hit)
        err = Z * (var if var > 0 else 0.0) ** 0.5
    if bv < mv:
        bv = mv                   # the move made reads as well or better: no loss
    v = Verdict(a, best, mv, bv, err)
    mine = "You rerolled %d: %d%% for points (%.1f expected)." % (
        _ndice(m), int(100 * hit[1] + 0.5), mv)
    if v.even():
        v.words = "As good as the Expert's%s. %s The Expert: %s" % (
            " (within its error, %s points)" % amount(err) if err > 0 else "", mine, why)
    else:
        v.words = "%s\nThe Expert: %s (%d%% for points).\nIts reroll meets %s points more%s." % (
            mine, why, int(100 * hit[0] + 0.5), amount(bv - mv),
            ", give or take %s (sampled throws)" % amount(err) if err else "")
    return v

"""Dairyman bots: four levels that think in slices, and Hint.

The protocol (the same in every game): ``think(state, rng, level)`` is a
generator that yields None after each slice of at most SLICE work units and
the chosen action last; ``hint(state, rng, budget)`` thinks like the Expert and
yields (action, why) last (the words are advice.py's, imported for a hint). Neither changes the state. ``budget`` (a
core.think.Budget of SLICE units a slice, one per decision) counts the work.

Every level plays one turn search: after every roll it weighs each way of
locking sets, stopping, rerolling (with or without a frozen die, with or
without spending the yellow die on a flip) by expectimax over the outcomes of
the dice still to roll (the exact tables below), with what a stop and a
failure are worth. It uses ice creams to escape a failed roll or, for free,
just before it stops.

* Beginner, Casual, Strong (levels 0-2): a stop is worth the points of the
  best claim, a failure -5 (plus the tile a reset would take when the token
  is the last one); their judgement is noisy (SIGMA points of noise on each
  move's worth, most for Beginner), never a random move.
* Expert (level 3): a stop is worth the claim's points minus what the display
  it leaves (refilled from the stack's known tiles) is worth to the next
  player (stops.FRESH); a claim that ends the game is a win or a loss; a failure
  costs 5 points, the change the token makes in the chance of losing one's
  best unflipped tile at the next reset (and the others theirs), and the
  display left to the next player. Its 1st and 2nd rerolls of a turn are
  worth 0.5 and 1 point more than the search says when it weighs them
  against a stop (CONT_B, from paired runs). No noise.
* ``hard`` (the Strong search without random moves), ``easy`` (fixed
  thresholds), ``random_choice`` and every level as a plain function
  ``choose(state, rng)`` are plainbots.py's, for benchmarks, studies and
  tests (the console never imports them).

Tables (exact, from enumerating every roll; tests/host recompute them):
DIST, by k dice rolled: the chance of each best locking (pairs, triples):
most sets, then most pairs. 1 - PSET[k] is the chance of no set.
SUCC1: the chance of a set among k rolled dice plus one kept die v.
"""
from array import array
from micropython import const
from dicebox.core.think import Budget
from dicebox.games.dairyman import rules
from dicebox.games.dairyman import stops
from dicebox.games.dairyman.rules import SETS, counts, has_set_counts as has_set
from dicebox.games.dairyman.tiles import VALUE, NEED, BACK, CHEESE, ICE1, ICEANY

# DIST: rolling k dice (2 to 12; fewer never make a set), the chance of each
# best locking, three numbers an outcome: its chance in 1e-5, pairs, triples
# (one flat tuple of small ints: no object an outcome). The outcomes of k dice
# are _AT[k] .. _AT[k + 1] - 1, NOUT[k] of them.
DIST = (
    8333, 1, 0,                                                     # 2 dice
    12500, 0, 1, 21296, 1, 0,                                       # 3
    1466, 2, 0, 30093, 0, 1, 34105, 1, 0,                           # 4
    5478, 2, 0, 6559, 1, 1, 34787, 0, 1, 37037, 1, 0,               # 5
    302, 3, 0, 7362, 0, 2, 11863, 2, 0, 20833, 1, 1, 23549, 1, 0,
    28877, 0, 1,                                                    # 6
    1453, 3, 0, 2656, 2, 1, 11870, 1, 0, 14476, 0, 2, 16824, 2, 0,
    18087, 0, 1, 31497, 1, 1,                                       # 7
    66, 4, 0, 3912, 3, 0, 5887, 1, 0, 6053, 1, 2, 10317, 0, 1,
    10352, 2, 1, 13614, 2, 0, 15096, 0, 2, 33356, 1, 1,             # 8
    385, 4, 0, 952, 3, 1, 2769, 1, 0, 5528, 0, 1, 5716, 0, 3,
    6581, 2, 0, 6822, 3, 0, 12606, 0, 2, 15659, 1, 2, 19193, 2, 1,
    23214, 1, 1,                                                    # 9
    15, 5, 0, 1236, 4, 0, 1257, 1, 0, 2851, 0, 1, 3512, 2, 2,
    3516, 2, 0, 4388, 3, 1, 6826, 3, 0, 8207, 0, 3, 8732, 0, 2,
    14012, 1, 1, 20549, 1, 2, 24653, 2, 1,                          # 10
    102, 5, 0, 317, 4, 1, 556, 1, 0, 1435, 0, 1, 1774, 2, 0,
    2557, 4, 0, 3684, 3, 0, 5568, 0, 2, 5597, 1, 3, 7853, 1, 1,
    8106, 0, 3, 9618, 3, 1, 11089, 2, 2, 20742, 2, 1, 20895, 1, 2,  # 11
    3, 6, 0, 241, 1, 0, 378, 5, 0, 712, 0, 1, 857, 2, 0,
    1688, 4, 1, 1710, 3, 2, 1830, 3, 0, 3071, 4, 0, 3355, 0, 2,
    4113, 1, 1, 4879, 0, 4, 6775, 0, 3, 10698, 1, 3, 11715, 2, 1,
    14527, 3, 1, 15953, 1, 2, 17447, 2, 2,                          # 12
)
NOUT = (0, 0, 1, 2, 3, 4, 6, 7, 9, 11, 13, 15, 18)
# SUCC1[(v - 1) * 12 + k]: the chance in 1e-5 of a set among k rolled dice
# plus one kept die v
SUCC1 = (
    0, 0, 19444, 49074, 72608, 86626, 93834, 97250, 98795, 99476, 99772, 99900,
    0, 0, 22222, 57870, 79784, 90754, 95855, 98156, 99180, 99634, 99835, 99925,
    0, 0, 25000, 61574, 82176, 92091, 96547, 98493, 99336, 99703, 99865, 99938,
    0, 16667, 47222, 77778, 91435, 96811, 98828, 99571, 99844, 99943, 99980, 99993,
    0, 16667, 47222, 79630, 92515, 97299, 99033, 99656, 99878, 99957, 99985, 99995,
    0, 16667, 41667, 68056, 84645, 93146, 97079, 98794, 99513, 99807, 99925, 99971,
)


def _tables():
    """(_AT, _PR, PSET): where each k's outcomes start in DIST, every
    outcome's chance as a float (n / 100000: the same float as the number
    written out in decimal) and the chance of any set by k, summed in DIST's
    order."""
    at = [0]
    pset = array("d")
    for k in range(13):
        at.append(at[-1] + NOUT[k])
        p = 0.0
        for j in range(at[k], at[k + 1]):
            p += DIST[3 * j] / 100000
        pset.append(p)
    pr = array("d", [DIST[x] / 100000 for x in range(0, len(DIST), 3)])
    return bytes(at), pr, pset


_AT, _PR, PSET = _tables()   # PSET[k]: chance of any set among k dice

FT = 2.0         # what a freeze token is worth, in points (estimate)
ICE_WORTH = 3.0  # what an ice cream ability is worth over the game (estimate)


# ---- the levels -------------------------------------------------------------
# Every level plays the same turn search (below); they differ in what a stop is
# worth and in how noisy their judgement of the moves it weighs is:
#
#   level     turn values                              noise (SIGMA, points)
#   0 Beginner  points of the claim, a failure -5 (and   SIGMA[0]
#               the tile a reset takes, on the last token)
#   1 Casual    the same                                  SIGMA[1]
#   2 Strong    the same                                  SIGMA[2]
#   3 Expert    the game: reset risk, what the display     none
#               leaves the next player, the game's end
#
# A noisy level takes the move whose worth is the highest once noise is added
# to each (_noisy): it confuses moves of about the same worth, never plays a
# move far below the best, and never stops for a failure while it can lock a
# set (a claim, when one fits, is always what a stop takes).
LEVELS = 4
SIGMA = [13.0, 8.0, 4.0, 0]   # the noise of each level's judgement, in points (tuned on the ladder)
SLICE = 40        # work units per slice (one unit: about 1 us of unix-port
                  # time, a dice outcome weighed, a part of a plan or of a
                  # display looked at; each piece of work is charged what it
                  # was timed to cost): a slice within 20 ms on the chip at
                  # the bot's factor (host_tools/benches/bench_slices.py)
DECISION = 2600   # the most units one decision may take in all (1500 until every piece
                  # of work was charged): 1,769 at most over 66,852 decisions of fixed-seed
                  # games, 2-4 seats, every level; in positions of mixed random play
                  # (tests/host/test_dairyman_props.py) Beginner and Casual reach
                  # 2,197 and 1,963 with ten dice to plan locks from, the Expert 1,479
_CONTEXT = const(30)    # units charged for the start of a decision (the seat's tiles)
_EXPERT = const(20)     # ... the Expert's more (scores, the stack's tiles, the display left)
_CLAIMS = const(14)     # ... every claim the display allows, found (rules.claims)
_CLAIM = const(2)       # ... and one of them weighed
_STOPS = const(3)       # ... a stop's worth at every barn total, by claim (stopv)
_START = const(24)      # ... the dice looked at (free, counts, a set, the yellow die's flip)
_ROWS = const(20)       # ... the rows of a turn's values set up (_values)
_TAIL = const(20)       # ... and for its end (stop, reroll, flip and freeze weighed)
_PLANW = const(16)      # ... and for weighing one way of locking sets
# ---- the turn search ----------------------------------------------------------
# A turn's state, for the search: barns total T (tens: i = T // 10) and k free
# dice. V[i][k] is the best expected worth of playing on from there (stop, or
# reroll the free dice and lock what the roll allows), by expectimax over the
# roll outcomes (DIST) from the highest total down. A stop's worth comes from
# the claims the display allows (stopv[i]); a failure's from ``failv``.

def _push(V, i, k, failv):
    """Expected worth of rolling k dice with barns at index i: each outcome
    (DIST) locks its pairs first, then its triples, a barn a set; the best of
    stopping after each set locked counts."""
    acc = 0.0
    j = _AT[k]
    for x in range(3 * j, 3 * _AT[k + 1], 3):
        best = -1e9
        ii = i
        d = k
        for _ in range(DIST[x + 1]):
            ii += 1
            d -= 2
            v = V[ii if ii < 14 else 13][d]
            if v > best:
                best = v
        for _ in range(DIST[x + 2]):
            ii += 1
            d -= 3
            v = V[ii if ii < 14 else 13][d]
            if v > best:
                best = v
        acc += _PR[j] * best
        j += 1
    return acc + (1.0 - PSET[k]) * failv


def _values(bg, stopv, failv, nd=12):
    """V[i][k] (see above) for a turn of nd dice, thought in slices: yields
    None between slices and returns the table. Only the entries a turn of nd
    dice can reach are worked out: i sets hold at least 2i dice, so k <= nd - 2i
    (a roll keeps to that: each set it locks adds a row and takes 2-3 dice);
    the others keep the stop's worth and are never read."""
    while not bg.fits(_ROWS):
        yield None
    top = max(stopv)
    V = [None] * 14
    for i in range(13, -1, -1):
        st = stopv[i]
        row = [st] * 13
        V[i] = row
        if st >= top:
            continue
        for k in range(2, min(13, nd - 2 * i + 1)):
            while not bg.fits(2 * NOUT[k] + 1):
                yield None
            v = _push(V, i, k, failv)
            if v > st:
                row[k] = v
    return V


_MEMO = [None, None]   # the last (stopv, failv) and its V: a turn keeps them


WIN = 1000.0    # the Expert's worth of ending the game in the lead
NEXT_W = 1.0    # weight of the next player's fresh turn in a stop's worth
RESET_W = 1.0   # weight of the reset risk in a token's cost
EXPERT_FT = 2.0  # what a freeze token is worth to the Expert
TOP_RISK = 0.25  # the chance a reset later takes one's best unflipped tile
EXPOSE_W = 1.0   # weight of the next reset's odds on one's best tile (claims, flips)
# the Expert's risk attitude late in the game: every claim's worth moves by
# RISK_A points per point of lead (the lead held to +-RISK_CAP), scaled up from
# nothing at RISK_N tiles in the stack to all of it at none (leading: stop
# sooner; trailing: play on); a failure's worth does not move
RISK_A = 0.0
RISK_CAP = 40
RISK_N = 12
# points added to the Expert's reroll when it weighs stop or reroll, by the
# reroll it would be (index 1, 2, 3 and later: barn 2, 2, 3)
CONT_B = (0.0, 0.5, 1.0, 0.0)


class _Ctx:
    """What one decision weighs: every claim the display allows (tiles, points,
    worth), a failure's worth, the stop worth by barn total and the values V.
    Built by ``_context`` (in slices)."""

    def stop(self, T):
        i = T // 10
        return self.stopv[i if i < 14 else 13]

    def value(self, T, k):
        """Best expected worth with barns T and k free dice (then playing on
        well). The freeze tokens later rerolls would earn are left out here."""
        i = T // 10
        return self.V[i if i < 14 else 13][k]

    def push(self, T, k, rr):
        """Expected worth of rerolling k dice now, rr rolls so far."""
        i = T // 10
        return _push(self.V, i if i < 14 else 13, k, self.failv) + (self.ft if rr >= 3 else 0.0)

    def flip_gain(self, t):
        g = 5.0 if BACK[t] == CHEESE else ICE_WORTH
        if self.expo and VALUE[t] >= self.hi:
            # the Expert: the next reset would take the next best tile instead
            g += self.expo * (self.hi - self.hi2)
        # protection from a reset: mostly matters for the tile it would take
        risk = self.risk if VALUE[t] >= self.hi else 0.05
        return g + risk * VALUE[t]

    def best_claim(self, T):
        """The claim to make with barns T: the most worth, then most points."""
        best = None
        for c, v, w in self.claims:
            if v <= T and (best is None or (w, v, len(c)) > (best[2], best[1], len(best[0]))):
                best = (c, v, w)
        return best[0] if best else ()


def _context(bg, s, expert):
    """The _Ctx of the acting seat (a generator: yields between slices)."""
    while not bg.fits(_CONTEXT):
        yield None
    ctx = _Ctx()
    p = s.seat
    disp = s.display
    ctx.hi = hi = stops.hi(s, p)
    ctx.expo = 0.0
    ctx.hi2 = 0
    ctx.risk = TOP_RISK if expert else 0.25
    ctx.cont = 0.0
    bias = 0.0
    ctx.ft = EXPERT_FT if expert else FT
    if expert:
        # a token's cost: 5 points, and the change it makes in the chance of
        # losing my best tile (and the others theirs) at the next reset
        tok = list(s.tokens)
        m0 = yield from stops.reset_odds_in(bg, tok, s.supply_total)
        tok[p] += 1
        m1 = yield from stops.reset_odds_in(bg, tok, s.supply_total)
        while not bg.fits(_EXPERT):
            yield None
        risk = (m1[p] - m0[p]) * hi
        for q in range(s.n):
            if q != p:
                risk -= (m1[q] - m0[q]) * stops.hi(s, q) / (s.n - 1)
        cost = 5.0 + RESET_W * risk
        # exposure: the chance the next reset takes my best unflipped tile
        # (m0[p]) makes a claim worth less by what it adds to that tile and a
        # flip of that tile worth more by what it takes off (down to the next)
        expo = EXPOSE_W * m0[p]
        ctx.expo = expo
        ctx.hi2 = stops.hi2(s, p)
        sc = s.scores()
        lead = -1000
        for q in range(s.n):
            if q != p and sc[p] - sc[q] > lead:
                lead = sc[p] - sc[q]
        pool = [0] * 7
        for t in s.stack:
            pool[VALUE[t] // 5 - 2] += 1
        nst = len(s.stack)
        dvi = [VALUE[t] // 5 - 2 for t in disp]
        left = 0.0
        if len(dvi) == 3:
            left = stops.fresh(dvi[0] * 49 + dvi[1] * 7 + dvi[2]) / 10.0
        failv = -cost - NEXT_W * left
        bias = 0.0
        if RISK_A and nst < RISK_N:
            x = lead if lead < RISK_CAP else RISK_CAP
            x = x if x > -RISK_CAP else -RISK_CAP
            bias = RISK_A * x * (RISK_N - nst) / RISK_N
        ctx.cont = CONT_B[s.rolls if s.rolls < 3 else 3]
    else:
        loss = 0
        if s.supply() == 1:
            mine = s.tokens[p] + 1
            others = 0
            for q in range(s.n):
                if q != p and s.tokens[q] > others:
                    others = s.tokens[q]
            if mine >= others:
                loss = hi
        failv = -5.0 - loss
    bg.end()
    yield None                        # the set-up above is a slice of its own
    claims = []
    bg.fits(_CLAIMS)                  # (the first piece of its slice: it fits)
    for c in rules.claims(disp, 130):
        while not bg.fits(_CLAIM):
            yield None
        v = 0
        for t in c:
            v += VALUE[t]
        if not expert:
            w = float(v)
        elif len(c) > nst:           # the game ends with this claim
            x = lead + v
            w = WIN if x > 0 else (-WIN if x < 0 else 0.0)
        else:
            rest = [dvi[j] for j in range(len(disp)) if disp[j] not in c]
            nt = yield from stops.next_turn(bg, rest, pool, len(c))
            w = v - NEXT_W * nt / 10.0
            top = hi
            for t in c:
                if VALUE[t] > top:
                    top = VALUE[t]
            w -= expo * (top - hi)
            w += bias
        claims.append((c, v, w))
    bg.end()
    yield None                        # and so is weighing the claims
    ctx.claims = claims
    ctx.failv = failv
    while not bg.fits(_STOPS * len(claims) + 4):
        yield None
    stopv = []
    for i in range(14):
        best = None
        for c, v, w in claims:
            if v <= 10 * i and (best is None or w > best):
                best = w
        stopv.append(failv if best is None else best)
    ctx.stopv = stopv
    nd = len(s.dl)
    key = (tuple(stopv), failv, nd)
    if _MEMO[0] != key:
        _MEMO[1] = yield from _values(bg, stopv, failv, nd)
        _MEMO[0] = key
    ctx.V = _MEMO[1]
    return ctx


def _plans(bg, cnt):
    """Every multiset of sets the counts allow, as (nsets, ndice, types);
    a generator that yields None between slices and returns the list."""
    out = []
    stack = [(0, cnt, (), 0)]
    while stack:
        t, c, types, nd = stack.pop()
        while not bg.fits(5):
            yield None
        if t == len(SETS):
            out.append((len(types), nd, types))
            continue
        kids = [(t + 1, c, types, nd)]     # none of set t, then 1, 2, ...
        st = SETS[t]
        c2 = c[:]
        ty = types
        n2 = nd
        while True:
            ok = True
            for v in st:
                c2[v] -= 1
                if c2[v] < 0:
                    ok = False
            if not ok:
                break
            ty = ty + (t,)
            n2 += len(st)
            kids.append((t + 1, c2[:], ty, n2))
        for j in range(len(kids) - 1, -1, -1):   # taken in that order
            stack.append(kids[j])
    return out


_SETM = 2                     # _set_prob counts rolls exactly up to this many dice
_SETW = (1, 6, 21)            # the ways m dice can fall (as counts): its work
_ICEW = (5, 30)               # units of an ice cream's chance with m dice (timed; two
_WAY = const(3)               # dice: _WAY a way they fall, a row of ways a piece)


def _set_prob(fixed_cnt, m):
    """Chance of a set among fixed dice (counts) plus m dice rolled: exact up
    to _SETM dice, else the chance for the m dice alone (a lower bound)."""
    c = fixed_cnt[:]
    if m == 0:
        return 1.0 if has_set(c) else 0.0
    if m > _SETM:
        return PSET[m]
    hit = 0
    if m == 1:
        for f in range(1, 7):
            c[f] += 1
            if has_set(c):
                hit += 1
            c[f] -= 1
        return hit / 6.0
    for f in range(1, 7):
        hit += _row(c, f)
    return hit / 36.0


def _row(c, f):
    """Of the ways two dice fall, the lower one f (out of 36, as ordered
    pairs): those that make a set with the counts c (changed, then put back)."""
    hit = 0
    c[f] += 1
    for g in range(f, 7):
        c[g] += 1
        if has_set(c):
            hit += 1 if f == g else 2
        c[g] -= 1
    c[f] -= 1
    return hit


def _yellow_flip(s, ctx):
    """(tile, gain) for the best flip the free yellow die pays now, or None."""
    y = s.yellow()
    if y < 0 or s.dl[y] != rules.FREE:
        return None
    best = None
    for t in s.owned[s.seat]:
        if not s.flipped[t] and NEED[t] == s.dv[y]:
            g = ctx.flip_gain(t)
            if best is None or g > best[1]:
                best = (t, g)
    return best


def _token_flip(s, ctx):
    best = None
    tok = s.freeze[s.seat]
    for t in s.owned[s.seat]:
        need = NEED[t]
        if not s.flipped[t] and need > 10 and need - 10 <= tok:
            g = ctx.flip_gain(t) - (need - 10) * ctx.ft
            if g > 0 and (best is None or g > best[1]):
                best = (t, g)
    return best


def _best_ice(bg, s, free, only_if_helps):
    """(action, chance of a set after it) for the ice cream use with the best
    chance of a new set, or None. A generator: yields None between slices."""
    vals = [s.dv[i] for i in free]
    best = None
    for t in s.owned[s.seat]:
        if not s.flipped[t] or BACK[t] == CHEESE or t in s.used:
            continue
        b = BACK[t]
        if b == ICEANY:
            done = []
            for i in free:
                v = s.dv[i]
                if v in done:
                    continue
                done.append(v)
                c = counts(vals)
                c[v] -= 1
                while not bg.fits(5 * _SETW[1]):
                    yield None
                pr = _set_prob(c, 1)
                if best is None or pr > best[1]:
                    best = (("ice", t, i), pr)
        else:
            face = 1 if b == ICE1 else 2
            c = counts(vals)
            m = c[face]
            if not m:
                continue
            c[face] = 0
            if m == 2:                # 21 ways, a row of them a piece (_set_prob's sum)
                hit = 0
                for f in range(1, 7):
                    while not bg.fits(_WAY * (7 - f)):
                        yield None
                    hit += _row(c, f)
                pr = hit / 36.0
            else:
                while not bg.fits(_ICEW[m if m <= _SETM else 0]):
                    yield None
                pr = _set_prob(c, m)
            if best is None or pr > best[1]:
                best = (("ice", t), pr)
    if best is None or (only_if_helps and best[1] <= 0.0):
        return None
    return best


def _finish(bg, s, ctx, free, T):
    """Stop: free ice rolls if more would help, flips, then claim (or fail).
    A generator: yields None between slices, returns the action."""
    if free and ctx.stop(T + 10) > ctx.stop(T):
        ice = yield from _best_ice(bg, s, free, True)
        if ice:
            return ice[0]
    yf = _yellow_flip(s, ctx)
    if yf:
        return ("flip", yf[0])
    tf = _token_flip(s, ctx)
    if tf:
        return ("flip", tf[0])
    c = ctx.best_claim(T)
    return ("claim", c) if c else ("fail",)


def _pick_dice(s, free, st, taken):
    """Indices for set type st from free dice, white/red before yellow."""
    out = []
    for want in SETS[st]:
        pick = -1
        for i in free:
            if i in taken or i in out or s.dv[i] != want:
                continue
            if pick < 0 or (s.dc[pick] == rules.YELLOW and s.dc[i] != rules.YELLOW):
                pick = i
        out.append(pick)
    out.sort()
    return tuple(out)


_PLAN = [0, 0, False, (), ()]   # the last lock's plan: sets, dice left, then push?, claim, set kinds


_NOISE_UNITS = const(22)  # units charged for one move's noise (three draws: about 2 ms on the chip)


def _noisy(bg, cands, sigma, rng):
    """(A generator: yields None between slices.) The move of the highest
    worth once each worth has had noise of about
    ``sigma`` points added (a sum of three uniform draws: nearly normal, at
    most 1.73 sigma either way). Moves worth more than 3 sigma below the best
    are never picked. ``cands``: (worth, action, lock plan or None)."""
    top = -1e9
    for c in cands:
        if c[0] > top:
            top = c[0]
    best = None
    bw = -1e18
    for v, a, plan in cands:
        if v < top - 3 * sigma:
            continue
        while not bg.fits(_NOISE_UNITS):
            yield None
        g = rng.randbelow(1000) + rng.randbelow(1000) + rng.randbelow(1000) - 1498.5
        w = v + sigma * g / 500.0
        if w > bw:
            bw = w
            best = (a, plan)
    if best[1] is not None:
        _PLAN[:] = best[1]
    return best[0]



def _decide(bg, s, expert, sigma=0, rng=None, out=None):
    """The search's move for the acting seat (a generator: yields None between
    slices, returns the action). With ``sigma`` (points), its judgement is
    noisy: the move of the best worth after noise (_noisy), drawn from rng.
    ``out``, a list: gets every move weighed, (worth, action or None for a
    stop, lock plan or None)."""
    ctx = yield from _context(bg, s, expert)
    while not bg.fits(_START):
        yield None
    free = s.free_dice()
    T = s.barn_total()
    rr = s.rolls if s.rolls < 3 else 3
    vals = [s.dv[i] for i in free]
    cnt = counts(vals)
    k = len(free)
    if s.need_lock and not has_set(cnt):
        ice = yield from _best_ice(bg, s, free, True)
        if ice:
            return ice[0]
        a = yield from _finish(bg, s, ctx, (), 0)
        return a
    yf = _yellow_flip(s, ctx)
    y = s.yellow()
    yv = s.dv[y] if yf else 0
    # best way to lock more sets (or none, when allowed); with noise, every
    # move weighed is kept in cands for the noisy pick
    best_v = -1e9
    best = None
    cands = out if out is not None else ([] if sigma else None)
    plans = yield from _plans(bg, cnt)
    for n, nd, types in plans:
        while not bg.fits(_PLANW):
            yield None
        if n == 0:
            continue
        k2 = k - nd
        v = ctx.value(T + 10 * n, k2)
        if yf:
            used = 0
            for t in types:
                for w in SETS[t]:
                    if w == yv:
                        used += 1
            if used < cnt[yv]:       # the yellow die stays free: flip it
                v2 = ctx.value(T + 10 * n, k2 - 1) + yf[1]
                if v2 > v:
                    v = v2
        if v > best_v or cands is not None:
            a = ("lock", _pick_dice(s, free, types[0], ()))
            push = ctx.value(T + 10 * n, k2) > ctx.stop(T + 10 * n)
            plan = [n, k2, push, ctx.best_claim(T + 10 * n), types]
            if cands is not None:
                cands.append((v, a, plan))
            if v > best_v:
                best_v = v
                best = a
                _PLAN[:] = plan
    while not bg.fits(_TAIL):
        yield None
    if s.need_lock:
        if sigma and cands:
            best = yield from _noisy(bg, cands, sigma, rng)
        return best
    opts = [(ctx.stop(T), None)]
    if k:
        base = ctx.push(T, k, rr)
        opts.append((base + ctx.cont, ("reroll", ())))
        if yf and k > 1:
            opts.append((ctx.push(T, k - 1, rr) + yf[1] + ctx.cont, ("flip", yf[0])))
        if s.freeze[s.seat] and k > 1:
            # one frozen die: the exact chance of a set changes (SUCC1);
            # a success is worth about what it is worth without freezing
            p0 = PSET[k]
            gain = ctx.ft if rr >= 3 else 0.0
            vs = (base - gain - (1.0 - p0) * ctx.failv) / p0 if p0 > 0 else 0.0
            done = []
            for i in free:
                v = s.dv[i]
                if v in done:
                    continue
                done.append(v)
                pf = SUCC1[(v - 1) * 12 + k - 1] / 100000
                ev = gain - ctx.ft + pf * vs + (1.0 - pf) * ctx.failv
                opts.append((ev + ctx.cont, ("reroll", (i,))))
    for v, a in opts:
        if v > best_v:
            best_v = v
            best = a
    if cands is not None:
        locks = len(cands)
        for v, a in opts:
            # never a stop that is a failure while a set can be locked
            if a is not None or not locks or ctx.best_claim(T):
                cands.append((v, a, None))
        if sigma:
            best = yield from _noisy(bg, cands, sigma, rng)
    if best is None:
        best = yield from _finish(bg, s, ctx, free, T)
    return best


# ---- the bot protocol -------------------------------------------------------------
def think(state, rng, level, budget=None):
    """The move of a level 0..3 bot for the acting seat, thought in slices:
    yields None after each slice of at most ``budget.slice`` units (SLICE),
    and the action last. Does not change ``state``. rng: the console's Rng
    (its errors propagate); budget: this decision's core.think.Budget (a new
    one of SLICE units when not given)."""
    a = yield from _decide(budget or Budget(SLICE), state, level >= 3, SIGMA[level], rng)
    yield a


def hint(state, rng, budget=None):
    """The Expert's move and why; its last value is (action, why), why a few
    plain words with the chance for the dice that would really be rolled
    (their number, the dice kept, the ice creams at hand) and the barn a set
    goes to. The same for the same state whatever the rng (it draws nothing);
    a move worth the same as the one given is named as a tie."""
    bg = budget or Budget(SLICE)
    out = []
    a = yield from _decide(bg, state, True, 0, None, out)
    plan = list(_PLAN)
    while not bg.fits(SLICE):
        yield None
    from dicebox.games.dairyman import advice   # the words: only for the Hint
    bg.end()
    yield None
    bg.fits(SLICE)                    # and a slice of their own
    yield (a, advice.hint_words(state, a, plan, out))

"""Dairyman bots: ``choose(state, rng) -> action`` for the acting seat.

* ``random_choice``: a random legal action (a verb at random, then one of its
  actions at random), the floor for benchmarks.
* ``easy``: fixed thresholds. Locks the first set it sees, rerolls while 4 or
  more dice are free, flips whenever it can, never freezes.
* ``hard``: expected points. After every roll it weighs each way of locking
  sets, stopping, rerolling (with or without a frozen die, with or without
  spending the yellow die on a flip) by an exact dynamic programme over the
  outcomes of the dice still to roll (tables below), with the failure cost
  (a -5 token, plus the tile a reset would take) and the claim the display
  allows at each barn total. It uses ice creams to escape a failed roll or, for
  free, just before it stops, and claims the most valuable tiles it can.

Tables (exact, from enumerating every roll; tests/host recompute them):
DIST[k]: rolling k dice, the chance of each best locking (pairs, triples):
most sets, then most pairs. 1 - sum(DIST[k]) is the chance of no set.
SUCC1[v - 1][k]: chance of a set among k rolled dice plus one kept die v.
"""
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.tiles import TILES, CHEESE, ICE1, ICEANY

SETS = ((4, 6), (5, 5), (1, 3, 6), (1, 4, 5), (2, 2, 6), (2, 3, 5), (2, 4, 4), (3, 3, 4))

DIST = (
    (),
    (),
    ((0.08333, 1, 0),),
    ((0.125, 0, 1), (0.21296, 1, 0)),
    ((0.01466, 2, 0), (0.30093, 0, 1), (0.34105, 1, 0)),
    ((0.05478, 2, 0), (0.06559, 1, 1), (0.34787, 0, 1), (0.37037, 1, 0)),
    ((0.00302, 3, 0), (0.07362, 0, 2), (0.11863, 2, 0), (0.20833, 1, 1), (0.23549, 1, 0), (0.28877, 0, 1)),
    ((0.01453, 3, 0), (0.02656, 2, 1), (0.1187, 1, 0), (0.14476, 0, 2), (0.16824, 2, 0), (0.18087, 0, 1), (0.31497, 1, 1)),
    ((0.00066, 4, 0), (0.03912, 3, 0), (0.05887, 1, 0), (0.06053, 1, 2), (0.10317, 0, 1), (0.10352, 2, 1), (0.13614, 2, 0), (0.15096, 0, 2), (0.33356, 1, 1)),
    ((0.00385, 4, 0), (0.00952, 3, 1), (0.02769, 1, 0), (0.05528, 0, 1), (0.05716, 0, 3), (0.06581, 2, 0), (0.06822, 3, 0), (0.12606, 0, 2), (0.15659, 1, 2), (0.19193, 2, 1), (0.23214, 1, 1)),
    ((0.00015, 5, 0), (0.01236, 4, 0), (0.01257, 1, 0), (0.02851, 0, 1), (0.03512, 2, 2), (0.03516, 2, 0), (0.04388, 3, 1), (0.06826, 3, 0), (0.08207, 0, 3), (0.08732, 0, 2), (0.14012, 1, 1), (0.20549, 1, 2), (0.24653, 2, 1)),
    ((0.00102, 5, 0), (0.00317, 4, 1), (0.00556, 1, 0), (0.01435, 0, 1), (0.01774, 2, 0), (0.02557, 4, 0), (0.03684, 3, 0), (0.05568, 0, 2), (0.05597, 1, 3), (0.07853, 1, 1), (0.08106, 0, 3), (0.09618, 3, 1), (0.11089, 2, 2), (0.20742, 2, 1), (0.20895, 1, 2)),
    ((3e-05, 6, 0), (0.00241, 1, 0), (0.00378, 5, 0), (0.00712, 0, 1), (0.00857, 2, 0), (0.01688, 4, 1), (0.0171, 3, 2), (0.0183, 3, 0), (0.03071, 4, 0), (0.03355, 0, 2), (0.04113, 1, 1), (0.04879, 0, 4), (0.06775, 0, 3), (0.10698, 1, 3), (0.11715, 2, 1), (0.14527, 3, 1), (0.15953, 1, 2), (0.17447, 2, 2)),
)
SUCC1 = (
    (0.0, 0.0, 0.19444, 0.49074, 0.72608, 0.86626, 0.93834, 0.9725, 0.98795, 0.99476, 0.99772, 0.999),
    (0.0, 0.0, 0.22222, 0.5787, 0.79784, 0.90754, 0.95855, 0.98156, 0.9918, 0.99634, 0.99835, 0.99925),
    (0.0, 0.0, 0.25, 0.61574, 0.82176, 0.92091, 0.96547, 0.98493, 0.99336, 0.99703, 0.99865, 0.99938),
    (0.0, 0.16667, 0.47222, 0.77778, 0.91435, 0.96811, 0.98828, 0.99571, 0.99844, 0.99943, 0.9998, 0.99993),
    (0.0, 0.16667, 0.47222, 0.7963, 0.92515, 0.97299, 0.99033, 0.99656, 0.99878, 0.99957, 0.99985, 0.99995),
    (0.0, 0.16667, 0.41667, 0.68056, 0.84645, 0.93146, 0.97079, 0.98794, 0.99513, 0.99807, 0.99925, 0.99971),
)

PSET = tuple(sum(x[0] for x in d) for d in DIST)   # chance of any set

FT = 2.0         # what a freeze token is worth, in points (estimate)
ICE_WORTH = 3.0  # what an ice cream ability is worth over the game (estimate)


def _counts(vals):
    c = [0] * 7
    for v in vals:
        c[v] += 1
    return c


# ---- random and easy ---------------------------------------------------------
def random_choice(state, rng):
    acts = state.legal_actions()
    verbs = []
    for a in acts:
        if a[0] not in verbs:
            verbs.append(a[0])
    v = verbs[rng.randbelow(len(verbs))]
    sub = [a for a in acts if a[0] == v]
    return sub[rng.randbelow(len(sub))]


def _best_claim(display, total):
    """(value, tiles) of the best claim (most points, then most tiles); (0, ()) if none fits."""
    best = (0, 0, ())
    for c in rules.claims(display, total):
        tot = 0
        for t in c:
            tot += TILES[t][0]
        if (tot, len(c)) > (best[0], best[1]):
            best = (tot, len(c), c)
    return best[0], best[2]


def _first_ice(s, free):
    for t in s.owned[s.seat]:
        if s.flipped[t] and TILES[t][2] != CHEESE and t not in s.used:
            b = TILES[t][2]
            if b == ICEANY:
                if free:
                    return ("ice", t, free[0])
            elif s.ice_dice(b):
                return ("ice", t)
    return None


def easy(state, rng):
    s = state
    p = s.seat
    for t in s.owned[p]:
        if not s.flipped[t] and s.flip_problem(t) is None:
            return ("flip", t)
    free = s.free_dice()
    sets = rules.find_sets(s.dv, free)
    if sets:
        return ("lock", sets[0])
    if s.need_lock:
        ice = _first_ice(s, free)
        return ice if ice else ("fail",)
    if len(free) >= 4:
        return ("reroll", ())
    v, c = _best_claim(s.display, s.barn_total())
    if c:
        return ("claim", c)
    return ("reroll", ()) if free else ("fail",)


# ---- hard ----------------------------------------------------------------------
class _Ctx:
    """What one decision needs: claim value by barn total, failure cost."""

    def __init__(self, s):
        p = s.seat
        self.s = s
        disp = s.display
        self.top = 0
        for t in disp:
            self.top += TILES[t][0]
        # highest unflipped tile: what a reset would take
        hi = 0
        for t in s.owned[p]:
            if not s.flipped[t] and TILES[t][0] > hi:
                hi = TILES[t][0]
        self.hi = hi
        loss = 0
        if s.supply() == 1:
            mine = s.tokens[p] + 1
            others = 0
            for q in range(s.n):
                if q != p and s.tokens[q] > others:
                    others = s.tokens[q]
            if mine >= others:
                loss = hi
        self.fail = 5.0 + loss
        stopv = []
        for i in range(14):
            v = _best_claim(disp, 10 * i)[0]
            stopv.append(v if v else -self.fail)
        self.stopv = stopv
        # the values depend only on the claim table and the failure cost, which
        # stay the same through a turn: keep the last table between decisions
        key = tuple(stopv)
        if _MEMO[0] != key:
            _MEMO[0] = key
            _MEMO[1] = _values(stopv, self.top, self.fail)
        self.V = _MEMO[1]

    def stop(self, T):
        i = T // 10
        return self.stopv[i if i < 14 else 13]

    def value(self, T, k):
        """Best expected points with barns T and k free dice (then playing on
        well). The freeze tokens later rerolls would earn are left out here."""
        i = T // 10
        return self.V[i if i < 14 else 13][k]

    def push(self, T, k, rr):
        """Expected points of rerolling k dice now, rr rolls so far."""
        i = T // 10
        return _push(self.V, i if i < 14 else 13, k, self.fail) + (FT if rr >= 3 else 0.0)

    def flip_gain(self, t):
        g = 5.0 if TILES[t][2] == CHEESE else ICE_WORTH
        # protection from a reset: mostly matters for the tile it would take
        risk = 0.25 if TILES[t][0] >= self.hi else 0.05
        return g + risk * TILES[t][0]


_MEMO = [None, None]

# _OPTS[k]: for each outcome of rolling k dice, its chance and the ways to
# lock part of it: (barn index step, dice left). Fewer sets lock pairs first.
_OPTS = []
for _k in range(13):
    _o = []
    for _pr, _a, _b in DIST[_k]:
        _w = []
        for _j in range(1, _a + _b + 1):
            _x = _j if _j <= _a else _a
            _w.append((_j, _k - 2 * _x - 3 * (_j - _x)))
        _o.append((_pr, tuple(_w)))
    _OPTS.append(tuple(_o))
_OPTS = tuple(_OPTS)


def _push(V, i, k, fail):
    acc = 0.0
    for pr, ways in _OPTS[k]:
        best = -1000.0
        for dj, k2 in ways:
            ii = i + dj
            v = V[ii if ii < 14 else 13][k2]
            if v > best:
                best = v
        acc += pr * best
    return acc - (1.0 - PSET[k]) * fail


def _values(stopv, top, fail):
    """V[i][k]: best expected points with barns 10*i and k free dice, by
    dynamic programming from the highest total down (stop or reroll)."""
    V = [None] * 14
    for i in range(13, -1, -1):
        st = stopv[i]
        row = [st] * 13
        V[i] = row
        if st >= top:
            continue
        for k in range(2, 13):
            v = _push(V, i, k, fail)
            if v > st:
                row[k] = v
    return V


def _plans(cnt):
    """Every multiset of sets the counts allow: [(nsets, ndice, types)]."""
    out = []

    def rec(t, c, types, nd):
        if t == len(SETS):
            out.append((len(types), nd, types))
            return
        rec(t + 1, c, types, nd)
        c2 = c[:]
        ty = types
        m = 0
        while True:
            for v in SETS[t]:
                c2[v] -= 1
            ok = True
            for v in SETS[t]:
                if c2[v] < 0:
                    ok = False
            if not ok:
                break
            m += 1
            ty = ty + (t,)
            rec(t + 1, c2[:], ty, nd + len(SETS[t]))
    rec(0, cnt, (), 0)
    return out


def _set_prob(fixed_cnt, m):
    """Chance of a set among fixed dice (counts) plus m dice rolled."""
    if m == 0:
        return 1.0 if rules.has_set_counts(fixed_cnt) else 0.0
    if m > 5:
        return PSET[m]            # at least this much
    tot = [0, 0]

    def rec(face, left, c, w):
        if face == 6:
            c[6] += left
            if rules.has_set_counts(c):
                tot[0] += w // _FACT[left]
            c[6] -= left
            return
        for n in range(left + 1):
            c[face] += n
            rec(face + 1, left - n, c, w // _FACT[n])
            c[face] -= n
    rec(1, m, fixed_cnt[:], _FACT[m])
    return tot[0] / (6 ** m)


_FACT = (1, 1, 2, 6, 24, 120, 720)


def _yellow_flip(s, ctx):
    """(tile, gain) for the best flip the free yellow die pays now, or None."""
    y = s.yellow()
    if y < 0 or s.dl[y] != rules.FREE:
        return None
    best = None
    for t in s.owned[s.seat]:
        if not s.flipped[t] and TILES[t][1] == s.dv[y]:
            g = ctx.flip_gain(t)
            if best is None or g > best[1]:
                best = (t, g)
    return best


def _token_flip(s, ctx):
    best = None
    tok = s.freeze[s.seat]
    for t in s.owned[s.seat]:
        need = TILES[t][1]
        if not s.flipped[t] and need > 10 and need - 10 <= tok:
            g = ctx.flip_gain(t) - (need - 10) * FT
            if g > 0 and (best is None or g > best[1]):
                best = (t, g)
    return best


def _best_ice(s, free, only_if_helps):
    """The ice cream use with the best chance of a new set, or None."""
    vals = [s.dv[i] for i in free]
    best = None
    for t in s.owned[s.seat]:
        if not s.flipped[t] or TILES[t][2] == CHEESE or t in s.used:
            continue
        b = TILES[t][2]
        if b == ICEANY:
            done = []
            for i in free:
                v = s.dv[i]
                if v in done:
                    continue
                done.append(v)
                c = _counts(vals)
                c[v] -= 1
                pr = _set_prob(c, 1)
                if best is None or pr > best[1]:
                    best = (("ice", t, i), pr)
        else:
            face = 1 if b == ICE1 else 2
            c = _counts(vals)
            m = c[face]
            if not m:
                continue
            c[face] = 0
            pr = _set_prob(c, m)
            if best is None or pr > best[1]:
                best = (("ice", t), pr)
    if best is None or (only_if_helps and best[1] <= 0.0):
        return None
    return best[0]


def _finish(s, ctx, free, T):
    """Stop: free ice rolls if more would help, flips, then claim (or fail)."""
    if free and ctx.stop(T + 10) > ctx.stop(T):
        ice = _best_ice(s, free, True)
        if ice:
            return ice
    yf = _yellow_flip(s, ctx)
    if yf:
        return ("flip", yf[0])
    tf = _token_flip(s, ctx)
    if tf:
        return ("flip", tf[0])
    v, c = _best_claim(s.display, T)
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


def hard(state, rng):
    s = state
    ctx = _Ctx(s)
    free = s.free_dice()
    T = s.barn_total()
    rr = s.rolls if s.rolls < 3 else 3
    vals = [s.dv[i] for i in free]
    cnt = _counts(vals)
    k = len(free)
    if s.need_lock and not rules.has_set_counts(cnt):
        ice = _best_ice(s, free, True)
        if ice:
            return ice
        return _finish(s, ctx, (), 0)
    yf = _yellow_flip(s, ctx)
    y = s.yellow()
    yv = s.dv[y] if yf else 0
    # best way to lock more sets (or none, when allowed)
    best_v = -1000.0
    best = None
    for n, nd, types in _plans(cnt):
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
        if v > best_v:
            best_v = v
            best = ("lock", _pick_dice(s, free, types[0], ()))
    if s.need_lock:
        return best
    opts = [(ctx.stop(T), None)]
    if k:
        base = ctx.push(T, k, rr)
        opts.append((base, ("reroll", ())))
        if yf and k > 1:
            opts.append((ctx.push(T, k - 1, rr) + yf[1], ("flip", yf[0])))
        if s.freeze[s.seat] and k > 1:
            # one frozen die: the exact chance of a set changes (SUCC1);
            # a success is worth about what it is worth without freezing
            p0 = PSET[k]
            gain = FT if rr >= 3 else 0.0
            vs = (base - gain + (1.0 - p0) * ctx.fail) / p0 if p0 > 0 else 0.0
            done = []
            for i in free:
                v = s.dv[i]
                if v in done:
                    continue
                done.append(v)
                pf = SUCC1[v - 1][k - 1]
                ev = gain - FT + pf * vs - (1.0 - pf) * ctx.fail
                opts.append((ev, ("reroll", (i,))))
    for v, a in opts:
        if v > best_v:
            best_v = v
            best = a
    if best is None:
        return _finish(s, ctx, free, T)
    return best


choose = hard
BOTS = {"random": random_choice, "easy": easy, "hard": hard}

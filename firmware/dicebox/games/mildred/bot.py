"""Bots for Auntie Mildred: choose(state, rng, level) -> action.

level 0: a random legal action.
level 1 ("Nephew"): greedy, one step ahead with a simple score of the table.
level 2 ("Auntie"): greedy one step ahead with a fuller evaluation (threats,
  which indulgencies actually win, the goal line race), plus what the shaken
  dice left over could still place this round (potential()), so a modify spot
  or a Cook reward is judged by what it makes possible; actions that roll dice
  (Cook#2, DIY#4) are judged by the average over a few sampled rolls.
Both greedy bots only ever apply actions that legal_actions() listed.
"""
from dicebox.core.game import resolve_chance
from dicebox.games.mildred import cards
from dicebox.games.mildred import rules

WIN = 100000
W_TOP = 5
W_LO = 8
W_RDY = 2
W_FREE = 4
W_PR = 2
W_DG = 6
W_HIT = 6
SAMPLES = 3


def _simple(st, p):
    v = st.vic[p] * 120 + st.cookie[p] * 16
    sc = st.sc[p]
    for s in st.sets:
        v += rules.top(sc[s]) * 4
    g = st.ig[p]
    for k in st.inds:
        if g[k] is not None:
            v += cards.INDULGENCIES[k][2] * 8
    v += (st.prank[p][1] + st.dodge[p][1]) * 3
    return v


def _laundry(st, p):
    return cards.LAUNDRY in st.sets and st.sc[p][cards.LAUNDRY] != 0


def _full(st, p):
    o = 1 - p
    v = st.vic[p] * 130 + (st.cookie[p] - 1) * 18
    sc = st.sc[p]
    rd = st.rd[p]
    lo = 6
    for s in st.sets:
        t = rules.top(sc[s])
        v += t * W_TOP
        lo = min(lo, t)
        if t and rd[s]:
            v += W_RDY + t
    v += lo * W_LO                      # the goal line needs every set
    g = st.ig[p]
    og = st.ig[o]
    for k in st.inds:
        if g[k] is not None:
            cost = cards.INDULGENCIES[k][2]
            if og[k] is None:
                v += cost * 12
            else:
                a = cards.pattern_key(k, tuple(g[k][0]))
                b = cards.pattern_key(k, tuple(og[k][0]))
                if a > b:
                    v += cost * 12
                elif a == b and _laundry(st, p):
                    v += cost * 9
                else:
                    v += cost * 6   # scores once the higher dice leave
    pr = st.prank[p][1]
    if pr:
        v += pr * W_PR
        d = pr - st.dodge[o][1]
        if d > 0:
            v += W_HIT * d
            if st.cookie[o] == 1 and _laundry(st, p):
                v += (25 if st.vic[o] else 120) * d
    v += st.dodge[p][1] * W_DG
    # dice free for next round
    v += (len(st.pool[p]) + st.used[p]) * W_FREE
    return v


def evaluate(st, p, full=True):
    if st.is_over():
        if st.winner == p:
            return WIN
        if st.winner == -1:
            return 0
        return -WIN
    f = _full if full else _simple
    return f(st, p) - f(st, 1 - p)


def _roll_out(st, rng):
    """Finish pending rolls inside the round with rng (for sampled look-ahead)."""
    while st.pend is not None and not st.is_over():
        resolve_chance(st, rng)


def choose_random(st, rng):
    acts = st.legal_actions()
    return acts[rng.randbelow(len(acts))]


def potential(st, p, pool):
    """What the shaken dice ``pool`` could still place this round (level 2)."""
    c = [0] * 7
    for v in pool:
        c[v] += 1
    n2 = 0
    n3 = 0
    mx = 0
    for v in range(1, 7):
        x = c[v]
        if x >= 2:
            n2 += 1
            if x >= 3:
                n3 += 1
            mx = max(mx, x)
    best = 0
    g = st.ig[p]
    og = st.ig[1 - p]
    for k in st.inds:
        if g[k] is not None:
            continue
        if k == cards.PAIR:
            ok = mx >= 2
        elif k == cards.TWO_PAIRS:
            ok = n2 >= 2
        elif k == cards.THREE_KIND:
            ok = mx >= 3
        elif k == cards.FOUR_KIND:
            ok = mx >= 4
        elif k == cards.FULL_HOUSE:
            ok = n3 >= 1 and n2 >= 2
        elif k == cards.TWO_TRIPLES:
            ok = n3 >= 2
        elif k == cards.STRAIGHT5:
            ok = c[2] and c[3] and c[4] and c[5] and (c[1] or c[6])
        else:
            ok = c[1] and c[2] and c[3] and c[4] and c[5] and c[6]
        if ok:
            info = cards.INDULGENCIES[k]
            val = info[2] * (12 if og[k] is None else 8) - info[3] * W_FREE
            best = max(best, val)
    sc = st.sc[p]
    for s in st.sets:
        n = rules.top(sc[s]) + 1
        if n <= 6 and c[n]:
            best += 3
    return best


_POOL_ONLY = ("reroll", "m1x1", "m1x2", "m2x1", "m2x2")


def _pool_code(st, a):
    """The Cook effect code if action ``a`` only changes shaken dice, else None."""
    if a[0] == "mod":
        return "mod"
    if a[0] != "task":
        return None
    code = cards.TASKS[a[1]][a[2] - 1][2]
    args = a[3:]
    if code == "any":
        code = cards.TASKS[a[3]][a[4] - 1][2]
        args = a[5:]
    if code in _POOL_ONLY:
        return code, len(a) - len(args), args
    return None


def _new_pool(pool, a, info, rng):
    out = pool[:]
    if info == "mod":
        out.remove(a[1])
        out.remove(a[2])
        out.append(rules.wrap(a[2] + a[3]))
        return out
    code, _n, args = info
    if code == "reroll":
        for v in args:
            out.remove(v)
            out.append(rng.randbelow(6) + 1)
        return out
    i = 0
    while i < len(args):
        out.remove(args[i])
        out.append(rules.wrap(args[i] + args[i + 1]))
        i += 2
    return out


def choose(st, rng, level=2):
    if level <= 0:
        return choose_random(st, rng)
    p = st.turn
    acts = st.legal_actions()
    if len(acts) == 1:
        return acts[0]
    full = level >= 2
    look = full and st.phase == rules.ACT
    base = {}      # value of a family of pool-only actions (same table, other dice)
    pots = {}      # potential() by sorted pool
    best = None
    bestv = -WIN * 10
    for a in acts:
        if a[0] == "keep":
            continue   # a fresh shake is as good on average and simpler
        info = _pool_code(st, a) if look else None
        if info is not None:
            fam = a[0] if info == "mod" else a[:info[1]]
            b = base.get(fam)
            if b is None:
                c = st.clone()
                c._do(a)
                _roll_out(c, rng)
                b = evaluate(c, p, True)
                base[fam] = b
            n = SAMPLES if info != "mod" and info[0] == "reroll" else 1
            tot = 0
            for _ in range(n):
                np = _new_pool(st.pool[p], a, info, rng)
                np.sort()
                key = tuple(np)
                q = pots.get(key)
                if q is None:
                    q = potential(st, p, np)
                    pots[key] = q
                tot += q
            v = b + tot // n
        else:
            c = st.clone()
            c._do(a)
            if a[0] == "shake":
                v = evaluate(c, p, full) - 1   # shake only when nothing else helps
            elif c.pend is not None and not c.is_over():
                if not full:
                    v = evaluate(c, p, False)
                else:
                    tot = 0
                    for _ in range(SAMPLES):
                        d = c.clone()
                        _roll_out(d, rng)
                        tot += evaluate(d, p, True)
                    v = tot // SAMPLES
            else:
                v = evaluate(c, p, full)
                if a[0] == "pass":
                    v -= 1
                elif look and c.turn == p and c.phase == rules.ACT:
                    key = tuple(c.pool[p])
                    q = pots.get(key)
                    if q is None:
                        q = potential(c, p, c.pool[p])
                        pots[key] = q
                    v += q
        v = v * 4 + rng.randbelow(4)   # random tie-break
        if v > bestv:
            bestv = v
            best = a
    return best

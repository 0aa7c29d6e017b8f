"""Bots for Auntie Mildred: choose(state, rng, level) -> action.

level 0: a random legal action.
level 1 ("Nephew"): greedy, one step ahead with a simple score of the table.
level 2 ("Auntie"): greedy one step ahead with a fuller evaluation (threats,
  which indulgencies actually win, the goal line race), and actions that roll
  dice (Cook#2, DIY#4) are judged by the average over a few sampled rolls.
Both greedy bots only ever apply actions that legal_actions() listed.
"""
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import cards as C

WIN = 100000
W_TOP = 5
W_LO = 8
W_RDY = 2
W_FREE = 5
SAMPLES = 3


def _simple(st, p):
    v = st.vic[p] * 120 + st.cookie[p] * 16
    sc = st.sc[p]
    for s in st.sets:
        v += R.top(sc[s]) * 4
    g = st.ig[p]
    for k in st.inds:
        if g[k] is not None:
            v += C.INDULGENCIES[k][2] * 8
    v += (st.prank[p][1] + st.dodge[p][1]) * 3
    return v


def _laundry(st, p):
    return C.LAUNDRY in st.sets and st.sc[p][C.LAUNDRY] != 0


def _full(st, p):
    o = 1 - p
    v = st.vic[p] * 130 + (st.cookie[p] - 1) * 18
    sc = st.sc[p]
    rd = st.rd[p]
    lo = 6
    for s in st.sets:
        t = R.top(sc[s])
        v += t * W_TOP
        if t < lo:
            lo = t
        if t and rd[s]:
            v += W_RDY + t
    v += lo * W_LO                      # the goal line needs every set
    g = st.ig[p]
    og = st.ig[o]
    for k in st.inds:
        if g[k] is not None:
            cost = C.INDULGENCIES[k][2]
            if og[k] is None:
                v += cost * 12
            else:
                a = C.pattern_key(k, tuple(g[k][0]))
                b = C.pattern_key(k, tuple(og[k][0]))
                if a > b:
                    v += cost * 12
                elif a == b and _laundry(st, p):
                    v += cost * 9
                else:
                    v += cost * 6   # scores once the higher dice leave
    pr = st.prank[p][1]
    if pr:
        v += pr * 4
        d = pr - st.dodge[o][1]
        if d > 0:
            v += 6 * d
            if st.cookie[o] == 1 and _laundry(st, p):
                v += (25 if st.vic[o] else 120) * d
    v += st.dodge[p][1] * 3
    # dice free for next round
    v += (len(st.pool[p]) + st.used[p]) * W_FREE
    return v


def evaluate(st, p, full=True):
    if st.phase == R.OVER:
        if st.winner == p:
            return WIN
        if st.winner == -1:
            return 0
        return -WIN
    f = _full if full else _simple
    return f(st, p) - f(st, 1 - p)


def _roll_out(st, rng):
    """Finish pending rolls inside the round with rng (for sampled look-ahead)."""
    while st.pend is not None and st.phase != R.OVER:
        st.apply_chance([rng.randbelow(n) for n in st.chance_request()])


def choose_random(st, rng):
    acts = st.legal_actions()
    return acts[rng.randbelow(len(acts))]


def choose(st, rng, level=2):
    if level <= 0:
        return choose_random(st, rng)
    p = st.turn
    acts = st.legal_actions()
    if len(acts) == 1:
        return acts[0]
    full = level >= 2
    best = None
    bestv = -WIN * 10
    for a in acts:
        if a[0] == "keep":
            continue   # a fresh shake is as good on average and simpler
        c = st.clone()
        c._do(a)
        if a[0] == "shake":
            v = evaluate(c, p, full) - 1   # shake only when nothing else helps
        elif c.pend is not None and c.phase != R.OVER:
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
        v = v * 4 + rng.randbelow(4)   # random tie-break
        if v > bestv:
            bestv = v
            best = a
    return best

"""Exact odds of every Milestones card under optimal rerolls by one player (CPython).

For a task and the matcher ``tasks.match`` this computes, over the 6**6 = 46656
equally likely rolls of the six dice (die 0 is the least significant digit of a
roll's index):

* ``hits``: how many rolls fulfil the task (the chance of one roll);
* ``within[n]`` for n = 1, 2, 3: the exact chance (a Fraction) that the task is met
  within n rolls when one player chooses every reroll to maximise that chance
  (first roll: all six dice; then any non-empty set of dice is rerolled);
* ``expected``: the expected number of rolls (the first roll counts) until the task
  is met when the player rerolls to minimise that number.

Method. A state is the six dice after a roll. The value of keeping the dice of a
set K (rerolling the others) is the mean of the next state's value over the
rerolled dice; for all 63 proper subsets K at once these means are partial sums
over the axes of a 6x6x6x6x6x6 table (117,649 numbers in all). The within-n
chances are a finite-horizon programme in exact integers (denominator 6**(6n)).
The expected rolls are a stochastic shortest path, solved by modified policy
iteration in floats (see ``expected``) until a full Bellman sweep moves no state by
``TOL``; the error left is about ``TOL`` times the rolls still to go, far below
the 0.01 printed.

States that look alike to the task share one value: each face maps to the
features the task can see (its number or colour where the task compares numbers or
colours, else only whether it is one the task names), dice with the same multiset
of face features are interchangeable, and a state's class is the multiset of (die
kind, feature) pairs; relabellings of numbers and colours that map the Latin square
and the task to themselves join classes further. The code checks every grouping
against the matcher on all rolls before it uses it (a class the matcher splits
undoes the grouping; a relabelling the matcher does not respect is dropped), so the
classes are a speed-up and never a guess.

Run it to print the deck table used in docs/games/milestones-deck.md:
    .venv/bin/python host_tools/studies/milestones_odds.py [--markdown]
or, with ``--write-odds``, to write the bot's reroll tables
(the generated part of firmware/dicebox/games/milestones/odds.py, see ``odds_block``).
"""
import os
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "cpython_shims")):
    if p not in sys.path:
        sys.path.insert(0, p)

from dicebox.games.milestones import deck, tasks  # noqa: E402
from dicebox.games.milestones.dice import FACE_COLOUR  # noqa: E402

N = 46656
TOL = 1e-9
POW6 = [6 ** i for i in range(13)]
ROLLS = []
for _x in range(N):
    _v = _x
    _r = []
    for _d in range(6):
        _r.append(_v % 6 + 1)
        _v //= 6
    ROLLS.append(tuple(_r))

# Subsets K of kept dice (bit d = die d kept), 0..62; K = 63 (keep all) is not a move.
KEEPS = list(range(63))


def _proj_index(K):
    """For each roll index: the index of its kept dice in K's table (kept dice in
    increasing die order, lowest die the least significant digit)."""
    dice = [d for d in range(6) if (K >> d) & 1]
    out = []
    for r in ROLLS:
        i = 0
        m = 1
        for d in dice:
            i += (r[d] - 1) * m
            m *= 6
        out.append(i)
    return out


PROJ = {K: _proj_index(K) for K in KEEPS}
# Order to build the tables: K from K | bit(d) with d the lowest die not in K.
ORDER = []
for _k in range(6, -1, -1):
    for K in range(64):
        if bin(K).count("1") == _k and K != 63:
            d = 0
            while (K >> d) & 1:
                d += 1
            axis = bin(K & ((1 << d) - 1)).count("1")  # position of die d in the parent
            ORDER.append((K, K | (1 << d), axis))


def _sum_axis(L, axis):
    """Sum the flat table L (shape 6 x ... x 6) over one axis."""
    s = POW6[axis]
    blk = 6 * s
    n = len(L)
    if s == 1:
        return [a + b + c + d + e + f for a, b, c, d, e, f in
                zip(L[0::6], L[1::6], L[2::6], L[3::6], L[4::6], L[5::6])]
    nb = n // blk
    if nb <= s:
        out = []
        for b in range(nb):
            o = b * blk
            out += [a + b_ + c + d + e + f for a, b_, c, d, e, f in
                    zip(L[o:o + s], L[o + s:o + 2 * s], L[o + 2 * s:o + 3 * s],
                        L[o + 3 * s:o + 4 * s], L[o + 4 * s:o + 5 * s], L[o + 5 * s:o + blk])]
        return out
    out = [0] * (n // 6)
    for o in range(s):
        out[o::s] = [a + b + c + d + e + f for a, b, c, d, e, f in
                     zip(L[o::blk], L[o + s::blk], L[o + 2 * s::blk], L[o + 3 * s::blk],
                         L[o + 4 * s::blk], L[o + 5 * s::blk])]
    return out


def keep_sums(V):
    """{K: table over K's kept dice of the sum of V over the rerolled dice}."""
    T = {63: V}
    for K, parent, axis in ORDER:
        T[K] = _sum_axis(T[parent], axis)
    return T


# ---- classes of alike states ------------------------------------------------

_NUMFULL = (tasks.SAMEN, tasks.RUN, tasks.RUNC)
_COLFULL = (tasks.SAMEC, tasks.RUNC)


def _features(task):
    numfull = any(cl[0] in _NUMFULL for cl in task)
    colfull = any(cl[0] in _COLFULL for cl in task)
    nsets = []
    csets = []
    for cl in task:
        k = cl[0]
        if k == tasks.NUM:
            nsets.append(1 << (cl[1] - 1))
        elif k == tasks.COL:
            csets.append(1 << cl[1])
        elif k == tasks.FACE:
            nsets.append(1 << (cl[2] - 1))
            csets.append(1 << cl[1])
        elif k in (tasks.ONLYN, tasks.NON):
            nsets.append(cl[1])
        elif k in (tasks.ONLYC, tasks.NOC):
            csets.append(cl[1])

    def feat(d, n):
        c = FACE_COLOUR[d * 6 + n - 1]
        fn = n if numfull else tuple((m >> (n - 1)) & 1 for m in nsets)
        fc = c if colfull else tuple((m >> c) & 1 for m in csets)
        return (fn, fc)
    return feat


def _symmetries(task):
    """Relabellings of the dice that leave the task unchanged: (sigma, pi) with die d
    showing n becoming die sigma[d] showing pi[n-1]+1, such that the colours follow a
    permutation tau too (the Latin square maps to itself) and the task's clauses,
    relabelled by pi and tau, are the same task."""
    import itertools
    L = [[FACE_COLOUR[d * 6 + n] for n in range(6)] for d in range(6)]
    want = sorted(task)
    out = []
    for pi in itertools.permutations(range(6)):
        rev = pi == (5, 4, 3, 2, 1, 0)
        for s0 in range(6):
            tau = [0] * 6
            for n in range(6):
                tau[L[0][n]] = L[s0][pi[n]]
            sigma = []
            for d in range(6):
                r = [q for q in range(6) if L[q][pi[0]] == tau[L[d][0]]][0]
                if any(L[r][pi[n]] != tau[L[d][n]] for n in range(6)):
                    break
                sigma.append(r)
            if len(sigma) < 6 or len(set(sigma)) < 6:
                continue
            t2 = []
            for cl in task:
                k = cl[0]
                if k == tasks.NUM:
                    cl = (k, pi[cl[1] - 1] + 1, cl[2])
                elif k == tasks.COL:
                    cl = (k, tau[cl[1]], cl[2])
                elif k == tasks.FACE:
                    cl = (k, tau[cl[1]], pi[cl[2] - 1] + 1)
                elif k in (tasks.RUN, tasks.RUNC):
                    if not (rev or pi == (0, 1, 2, 3, 4, 5)):
                        t2 = None
                        break
                elif k in (tasks.ONLYN, tasks.NON):
                    cl = (k, sum(1 << pi[n] for n in range(6) if (cl[1] >> n) & 1))
                elif k in (tasks.ONLYC, tasks.NOC):
                    cl = (k, sum(1 << tau[c] for c in range(6) if (cl[1] >> c) & 1))
                t2.append(cl)
            if t2 is not None and sorted(t2) == want:
                out.append((tuple(sigma), pi))
    return out


def _moved(g):
    sigma, pi = g
    A = [[0] + [pi[n - 1] * POW6[sigma[d]] for n in range(1, 7)] for d in range(6)]
    a0, a1, a2, a3, a4, a5 = A
    return [a0[r[0]] + a1[r[1]] + a2[r[2]] + a3[r[3]] + a4[r[4]] + a5[r[5]] for r in ROLLS]


def classes(task, hit, gens=8):
    """(class of each roll, a representative roll per class); falls back to one
    class per roll if the matcher could tell two rolls of a class apart. Rolls that
    a symmetry of the task maps to each other (checked against the matcher on every
    roll) share a class too."""
    cls, reps = _feature_classes(task, hit)
    if len(reps) < 2000:
        return cls, reps
    syms = _symmetries(task)
    if len(syms) <= 1:
        return cls, reps
    step = max(1, len(syms) // gens)
    parent = list(range(len(reps)))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a
    for g in syms[1::step]:
        mv = _moved(g)
        if any(hit[y] != h for y, h in zip(mv, hit)):
            continue
        for x, y in zip(range(N), mv):
            a = find(cls[x])
            b = find(cls[y])
            if a != b:
                parent[a] = b
    ids = {}
    new_reps = []
    out = []
    for x in range(N):
        r = find(cls[x])
        c = ids.get(r)
        if c is None:
            c = len(new_reps)
            ids[r] = c
            new_reps.append(x)
        out.append(c)
    return out, new_reps


def _feature_classes(task, hit):
    feat = _features(task)
    kinds = [tuple(sorted(feat(d, n) for n in range(1, 7))) for d in range(6)]
    # a (die kind, feature) pair gets a code q; a class is a multiset of six codes,
    # held as the sum of 8**q (a count fits in three bits)
    code = {}
    A = []
    for d in range(6):
        row = [0]
        for n in range(1, 7):
            q = code.setdefault((kinds[d], feat(d, n)), len(code))
            row.append(8 ** q)
        A.append(row)
    a0, a1, a2, a3, a4, a5 = A
    keys = [a0[r[0]] + a1[r[1]] + a2[r[2]] + a3[r[3]] + a4[r[4]] + a5[r[5]] for r in ROLLS]
    key_id = {}
    cls = []
    reps = []
    for x, key in enumerate(keys):
        c = key_id.get(key)
        if c is None:
            c = len(reps)
            key_id[key] = c
            reps.append(x)
        elif hit[x] != hit[reps[c]]:
            return list(range(N)), list(range(N))
        cls.append(c)
    return cls, reps


# ---- the programmes ------------------------------------------------------------

_HITS = {}


def hit_list(task):
    """1 for each roll (by index) that fulfils the task, else 0 (kept per task)."""
    h = _HITS.get(task)
    if h is None:
        match = tasks.match
        h = _HITS[task] = [1 if match(task, r) else 0 for r in ROLLS]
    return h


def within(hit, cls, reps, rolls=3):
    """Exact chances of meeting the task within 1..rolls rolls (optimal rerolls)."""
    out = [Fraction(sum(hit), N)]
    Q = hit[:]          # value of a state times 6**(6 * (n - 1)); here n = 1
    den = 1
    open_reps = [x for x in reps if not hit[x]]
    for n in range(2, rolls + 1):
        T = keep_sums(Q)
        cols = []
        for K in KEEPS:
            t = T[K]
            # a sum over 6**(6-|K|) outcomes: bring it to the common denominator 6**6
            scale = POW6[bin(K).count("1")]
            tp = PROJ[K]
            cols.append([t[tp[x]] * scale for x in open_reps])
        best = list(map(max, *cols)) if len(cols) > 1 else cols[0]
        den *= N
        rv = {}
        for x, v in zip(open_reps, best):
            rv[cls[x]] = v
        Q = [den if hit[x] else rv[cls[x]] for x in range(N)]
        out.append(Fraction(sum(Q), den * N))
    return out


def expected(hit, cls, reps, tol=TOL, sweeps=16, start=None, jump=True):
    """Expected rolls to meet the task under the reroll policy that minimises it.

    Modified policy iteration: start from the policy "reroll all six" (1/p rolls
    to go from every open state), then alternate one Bellman sweep (the best keep
    set for every state) with up to ``sweeps`` cheap sweeps of the chosen policy,
    every fourth of which adds the rest of the geometric tail of its steps
    (``jump``). Stops when a Bellman sweep moves no state by ``tol``, so the
    answer does not rest on the extrapolation."""
    open_reps = [x for x in reps if not hit[x]]
    if not open_reps:
        return 1.0
    nh = sum(hit)
    rep_proj = [[PROJ[K][x] for x in open_reps] for K in KEEPS]
    inv = [1.0 / POW6[6 - bin(K).count("1")] for K in range(64)]
    off = []
    o = 0
    for K in KEEPS:
        off.append(o)
        o += POW6[bin(K).count("1")]
    slot = {}
    for i, x in enumerate(open_reps):
        slot[cls[x]] = i
    where = [(-1 if hit[x] else slot[cls[x]]) for x in range(N)]
    nrep = len(open_reps)
    vals = [start if start is not None else float(N) / nh] * nrep
    while True:
        ext = vals + [0.0]          # index -1: a met task needs no more rolls
        T = keep_sums([ext[w] for w in where])
        cols = []
        for K in KEEPS:
            f = inv[K]
            cols.append([v * f for v in map(T[K].__getitem__, rep_proj[K])])
        best = list(map(min, *cols))
        new = [1.0 + v for v in best]
        diff = max(abs(a - b) for a, b in zip(new, vals))
        vals = new
        if diff < tol:
            break
        # the policy: for each state the first keep set reaching the minimum
        fi = [-1] * nrep
        ff = [0.0] * nrep
        for K in reversed(KEEPS):     # the lowest K written last wins
            ok = off[K]
            fk = inv[K]
            rp = rep_proj[K]
            for i in [i for i, v, b in zip(range(nrep), cols[K], best) if v == b]:
                fi[i] = ok + rp[i]
                ff[i] = fk
        prev = None
        for k in range(sweeps):
            ext = vals + [0.0]
            T = keep_sums([ext[w] for w in where])
            flat = []
            for K in KEEPS:
                flat += T[K]
            new = [1.0 + flat[a] * f for a, f in zip(fi, ff)]
            step = [a - b for a, b in zip(new, vals)]
            diff = max(map(abs, step))
            vals = new
            if diff < tol:
                break
            if jump and prev is not None and k % 4 == 3:
                # the policy's error shrinks by a steady factor r per sweep: add
                # the rest of the geometric series (the Bellman sweeps check it)
                r = diff / prev
                if 0.0 < r < 0.995:
                    g = r / (1.0 - r)
                    vals = [v + d * g for v, d in zip(vals, step)]
            prev = diff
    ext = vals + [0.0]
    return 1.0 + sum(ext[w] for w in where) / N


_CACHE = {}


def odds(task):
    """{'hits', 'within': [P1, P2, P3] (Fractions), 'expected': float} for a task."""
    r = _CACHE.get(task)
    if r is None:
        hit = hit_list(task)
        cls, reps = classes(task, hit)
        r = {"hits": sum(hit), "within": within(hit, cls, reps),
             "expected": expected(hit, cls, reps), "classes": len(reps)}
        _CACHE[task] = r
    return r


# the colours' names for the long words of the deck's table (the console shows
# the short ones, tasks.describe)
CNAMES = ("red", "purple", "blue", "black", "yellow", "green")


def clause_words(cl):
    """A clause in the rulebook's kind of words ("3 of the same colour")."""
    kind = cl[0]
    if kind == tasks.COL:
        return "%d %s" % (cl[2], CNAMES[cl[1]])
    if kind == tasks.NUM:
        return "%d dice showing %d" % (cl[2], cl[1])
    if kind == tasks.FACE:
        return "the %d in %s" % (cl[2], CNAMES[cl[1]])
    if kind == tasks.SAMEN:
        return "%d of the same number" % cl[1]
    if kind == tasks.SAMEC:
        return "%d of the same colour" % cl[1]
    if kind == tasks.RUN:
        return "%d consecutive numbers" % cl[1]
    if kind == tasks.RUNC:
        return "%d consecutive numbers in one colour" % cl[1]
    bits = [i for i in range(6) if (cl[1] >> i) & 1]
    if kind in (tasks.ONLYN, tasks.NON):
        s = ", ".join(str(i + 1) for i in bits)
        return ("only the numbers " if kind == tasks.ONLYN else "none of the numbers ") + s
    s = ", ".join(CNAMES[i] for i in bits)
    return ("only the colours " if kind == tasks.ONLYC else "none of the colours ") + s


def task_words(task):
    """A task in the rulebook's kind of words, its clauses joined by " + "."""
    return " + ".join(clause_words(cl) for cl in task)


def pct(f):
    return "%.2f%%" % (100.0 * float(f))


def table_rows():
    """One row per card: (id, tier, points, short text, long text, hits, P1, P3, E)."""
    rows = []
    for i, (tier, pts, hits, task) in enumerate(map(deck.card, range(deck.NCARDS))):
        o = odds(task)
        rows.append((i, deck.TIER_NAMES[tier], pts, " + ".join(tasks.describe(task)),
                     task_words(task), o["hits"], o["within"][0], o["within"][2],
                     o["expected"]))
    return rows


def markdown_table():
    lines = ["| # | tier | pts | on screen | task | hits | 1 roll | within 3 | expected rolls |",
             "|---|---|---|---|---|---|---|---|---|"]
    for i, tier, pts, short, long_, hits, p1, p3, e in table_rows():
        lines.append("| %d | %s | %d | `%s` | %s | %d | %s | %s | %.2f |"
                     % (i, tier, pts, short, long_, hits, pct(p1), pct(p3), e))
    return "\n".join(lines)


def special_table():
    lines = ["| side | 1 roll | within 3 | expected rolls |", "|---|---|---|---|"]
    for s, (hits, task) in enumerate(map(deck.side, range(len(deck.SIDE_TASKS)))):
        o = odds(task)
        lines.append("| %d `%s` | %s | %s | %.2f |" % (
            s, " + ".join(tasks.describe(task)), pct(o["within"][0]),
            pct(o["within"][2]), o["expected"]))
    return "\n".join(lines)


# ---- reroll tables for the bot (firmware/dicebox/games/milestones/odds.py) ----

_NUMK = (tasks.NUM, tasks.SAMEN, tasks.RUN, tasks.ONLYN, tasks.NON)
_COLK = (tasks.COL, tasks.SAMEC, tasks.ONLYC, tasks.NOC)


def domain(task):
    """0 when the task reads only the dice's numbers, 1 only their colours, else -1.
    A rerolled die shows each number, and each colour, once in six (every die has
    each number and each colour once), so for such a task only the multiset of the
    kept dice's numbers (colours) matters."""
    if all(cl[0] in _NUMK for cl in task):
        return 0
    if all(cl[0] in _COLK for cl in task):
        return 1
    return -1


def table_tasks():
    """The tasks (cards and special sides, each once, in deck order) that get a
    reroll table: one domain, and not a condition alone (exact by a formula)."""
    out = []
    for t in list(deck.TASKS) + list(deck.SIDE_TASKS):
        if domain(t) < 0 or (len(t) == 1 and t[0][0] >= tasks.ONLYN) or t in out:
            continue
        out.append(t)
    return out


def mixed_tasks():
    """The tasks that read numbers and colours together (each once, in deck order),
    but for a single face (exact by a formula): a table for five rerolled dice."""
    out = []
    for t in list(deck.TASKS) + list(deck.SIDE_TASKS):
        if domain(t) >= 0 or (len(t) == 1 and t[0][0] == tasks.FACE) or t in out:
            continue
        out.append(t)
    return out


def five_table(task):
    """For one kept die (index 6 * die + number - 1), how many of the 6**5
    rerolls of the other five dice meet the task: two bytes each, low first, 72
    bytes."""
    T = keep_sums(hit_list(task))
    out = bytearray()
    for d in range(6):
        for n in range(6):
            h = T[1 << d][n]
            out += bytes((h & 255, h >> 8))
    return bytes(out)


def multisets(k):
    """The multisets of k values 0..5 as sorted tuples, in the order of their rank
    v0 + v1(v1+1)/2 + v2(v2+1)(v2+2)/6 (v0 <= v1 <= v2)."""
    out = []
    if k == 1:
        out = [(a,) for a in range(6)]
    elif k == 2:
        out = [(a, b) for b in range(6) for a in range(b + 1)]
    else:
        out = [(a, b, c) for c in range(6) for b in range(c + 1) for a in range(b + 1)]
    return out


def rank(vals):
    v = sorted(vals)
    r = v[0]
    if len(v) > 1:
        r += v[1] * (v[1] + 1) // 2
    if len(v) > 2:
        r += v[2] * (v[2] + 1) * (v[2] + 2) // 6
    return r


def face_for(die, value, dom):
    """The number die ``die`` shows for domain value ``value`` (number - 1 or colour)."""
    if dom == 0:
        return value + 1
    for n in range(1, 7):
        if FACE_COLOUR[die * 6 + n - 1] == value:
            return n
    raise ValueError(value)


def reroll_table(task):
    """The task's table: for 1, 2 and 3 kept dice (5, 4 and 3 rerolled), per
    multiset of the kept values in rank order, how many of the 6**r outcomes of
    the rerolled dice meet the task (two bytes, low first, for 1 and 2 kept dice;
    one byte for 3): 12 + 42 + 56 = 110 bytes. Read from the exact sums over the
    rerolled dice of every roll's answer (kept dice 0..k-1 showing the
    multiset)."""
    dom = domain(task)
    T = keep_sums(hit_list(task))
    out = bytearray()
    for k in (1, 2, 3):
        K = (1 << k) - 1
        for j, ms in enumerate(multisets(k)):
            assert rank(ms) == j
            idx = 0
            for i in range(k):
                idx += (face_for(i, ms[i], dom) - 1) * POW6[i]
            h = T[K][idx]
            if k == 3:
                out.append(h)
            else:
                out += bytes((h & 255, h >> 8))
    return bytes(out)


BEGIN = "# ---- generated: begin ----\n"
# a table's bytes (odds.py's _TABLE_BYTES, _FIVE_BYTES): 1, 2 and 3 kept dice's
# multisets (6 + 21 counts of two bytes, 56 of one); five rerolled, per kept face (36 x 2)
TABLE_BYTES = 2 * 6 + 2 * 21 + 56
FIVE_BYTES = 2 * 36
END = "\n# ---- generated: end ----"


def code_lines(name, vals):
    """``name = b'...'``: the codes ``vals`` as one bytes literal, 16 a line
    (a literal: ``bytes((...))`` kept its tuple of ints on the chip's heap
    beside the bytes)."""
    x = bytes(vals)
    parts = [repr(x[i:i + 16]) for i in range(0, len(x), 16)]
    return ["%s = (%s)" % (name, "\n     ".join(parts)) if len(parts) > 1 else "%s = %s" % (name, parts[0])]


def odds_block():
    """The generated part of firmware/dicebox/games/milestones/odds.py: the
    tables and the codes that name them (the module's text and functions
    around it are written by hand)."""
    tt = table_tasks()
    tabs = []
    names = []
    codes = {}
    for t in tt:
        x = reroll_table(t)
        if x not in tabs:
            tabs.append(x)
            names.append([])
        i = tabs.index(x)
        names[i].append(" + ".join(tasks.describe(t)))
        codes[t] = i + 128 * domain(t)
    # each table's bytes one after another in one bytes (adjacent literals
    # are one constant): one heap object on the chip, not one a table
    assert all(len(x) == TABLE_BYTES for x in tabs)
    lines = ["# %d tables of %d bytes, one after another (table i at i * _TABLE_BYTES)"
             % (len(tabs), TABLE_BYTES), "TABLES = ("]
    for nm, x in zip(names, tabs):
        lines.append("    # " + "; ".join(nm))
        lines += ["    " + repr(x[i:i + 20]) for i in range(0, len(x), 20)]
    lines.append(")")
    for name, seq in (("CARD", list(deck.TASKS)),
                      ("SIDE", list(deck.SIDE_TASKS))):
        lines += code_lines(name, [codes.get(t, 255) for t in seq])
    mt = mixed_tasks()
    fives = [five_table(t) for t in mt]
    assert all(len(x) == FIVE_BYTES for x in fives)
    lines.append("# %d five-dice tables of %d bytes, one after another (table i at i * _FIVE_BYTES)"
                 % (len(fives), FIVE_BYTES))
    lines.append("TABLES5 = (")
    for t, x in zip(mt, fives):
        lines.append("    # " + " + ".join(tasks.describe(t)))
        lines += ["    " + repr(x[i:i + 20]) for i in range(0, len(x), 20)]
    lines.append(")")
    for name, seq in (("CARD5", list(deck.TASKS)),
                      ("SIDE5", list(deck.SIDE_TASKS))):
        lines += code_lines(name, [mt.index(t) if t in mt else 255 for t in seq])
    return "\n".join(lines)


def odds_module(old):
    """odds.py's text ``old`` with its generated part written anew."""
    i = old.index(BEGIN) + len(BEGIN)
    return old[:i] + odds_block() + old[old.index(END):]


if __name__ == "__main__":
    import time
    t0 = time.time()
    if "--write-odds" in sys.argv:
        out = os.path.join(ROOT, "firmware", "dicebox", "games", "milestones", "odds.py")
        with open(out) as f:
            text = odds_module(f.read())
        with open(out, "w") as f:
            f.write(text)
    elif "--markdown" in sys.argv:
        print(markdown_table())
        print()
        print(special_table())
    else:
        for s, task in enumerate(list(deck.TASKS) + list(deck.SIDE_TASKS)):
            t1 = time.time()
            o = odds(task)
            print("%2d %-36s %6d %s %s %s %.3f  (%d classes, %.1fs)" % (
                s, " + ".join(tasks.describe(task)), o["hits"],
                pct(o["within"][0]), pct(o["within"][1]), pct(o["within"][2]),
                o["expected"], o["classes"], time.time() - t1))
            sys.stdout.flush()
    print("total %.1fs" % (time.time() - t0), file=sys.stderr)

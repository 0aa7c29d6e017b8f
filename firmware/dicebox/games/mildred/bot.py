"""Bots for Auntie Mildred, thought in slices (the bot protocol of core/table).

think(state, rng, level, budget) is a generator: it yields None after each
slice of at most SLICE work units and the chosen action as its last value;
``budget`` is the decision's core.think.Budget (SLICE units a slice), which
counts the units. A state cloned, moved and evaluated costs EVAL, a
potential() look at a pool 1, the legal list 1 per LIST actions and TASK per
task whose choices it lists (the list too is made in slices). A decision
stops at BUDGET units (the Expert's and the Hint's at EXPERT_BUDGET) and plays
its best so far (the actions are looked at in order of promise, modify-spot
moves last). One unit is about 12 us of unix-port time, 18 us in the costlier
slices (5 ms on the chip at 279x: host_tools/benches/bench_slices.py); a slice holds
one state's look.

The levels (LEVELS = 4, named in core/table.py):
  0 Beginner  the simple one-step greedy bot ("Nephew", below).
  1 Casual    the full one-step greedy bot ("Auntie", below) that slips:
              it picks among its CASUAL_TOP best moves, a move below the
              best the less often the further below (CASUAL_TEMP, _pick).
  No level ends its phase (pass, shake, keep) while a move that scores
  at once is legal (scores()).
  2 Strong    the full one-step greedy bot within the decision budget.
  3 Expert    the same look at every action with its own weights (EXPERT:
              a winning indulgency group counts more), then a second step
              for its best TOP: each candidate is followed by the best next
              action of the same round, and a candidate that rolls dice
              (Cook 2 reroll, DIY 4 victory dice) is judged by the mean over
              ROLLS sampled rolls (a determinized search over the round's
              chance nodes with the rules' own apply/apply_chance).
hint(state, rng, budget) is the Expert's choice with a few words why.

choose(state, rng, level) keeps the old meaning of its levels (0 random,
1 Nephew, 2 Auntie, unbounded: the screens and older tests call it):
  Nephew: greedy, one step ahead with a simple score of the table.
  Auntie: greedy one step ahead with a fuller evaluation (threats, which
  indulgencies actually win, the goal line race), plus what the shaken dice
  left over could still place this round (potential()), so a modify spot or
  a Cook reward is judged by what it makes possible; actions that roll dice
  (Cook#2, DIY#4) are judged by the average over a few sampled rolls.
Every bot only ever applies actions that legal_actions() listed, on clones.
"""
from micropython import const

from dicebox.core.think import Budget
from dicebox.games.mildred import cards
from dicebox.games.mildred import rules
from dicebox.games.mildred.lookahead import (clone as _clone, roll_out as _roll_out,
                                             Steady as _steady, pool_code as _pool_code,
                                             task_code as _task_code)

# (private constants: the compiler puts their numbers in place, no name or
# global is kept for them)
_WIN = const(100000)
_W_TOP = const(5)
_W_LO = const(8)
_W_RDY = const(2)
_W_FREE = const(4)
_W_PR = const(2)
_W_DG = const(6)
_W_HIT = const(6)
SAMPLES = 3


# rules.top(m) for every scallywag mask m of levels 1..6 (bits 1..6): the
# evaluations read it for every set of both players at every look
_TOP = bytes(rules.top(_m) for _m in range(128))


def _simple(st, p):
    v = st.vic[p] * 120 + st.cookie[p] * 16
    sc = st.sc[p]
    for s in st.sets:
        v += _TOP[sc[s] & 127] * 4
    g = st.ig[p]
    for k in st.inds:
        if g[k] is not None:
            v += cards.INDULGENCIES[k][2] * 8
    v += (st.prank[p][1] + st.dodge[p][1]) * 3
    return v


# The weights of the full evaluation and of potential(): Auntie's (AUNTIE)
# and the Expert's (EXPERT), by index:
#  0 victory die, 1 cookie, 2 a set's top level, 3 the lowest set's level,
#  4 a ready set, 5/6/7 an indulgency group that wins/ties/loses (per cookie),
#  8 prank slot, 9 prank over their dodge, 10/11 a deadly prank (they have a
#  victory die / they do not), 12 dodge slot, 13 a die free for next round,
#  14/15 potential: an indulgency the pool can place (card free / contested),
#  16 potential: a scallywag the pool can place
AUNTIE = (130, 18, _W_TOP, _W_LO, _W_RDY, 12, 9, 6, _W_PR, _W_HIT, 25, 120, _W_DG, _W_FREE, 12, 8, 3)
EXPERT = (130, 18, _W_TOP, _W_LO, _W_RDY, 18, 9, 6, _W_PR, _W_HIT, 25, 120, _W_DG, _W_FREE, 18, 8, 3)


def _full(st, p, w=AUNTIE):
    o = 1 - p
    v = st.vic[p] * w[0] + (st.cookie[p] - 1) * w[1]
    sc = st.sc[p]
    rd = st.rd[p]
    lo = 6
    for s in st.sets:
        t = _TOP[sc[s] & 127]
        v += t * w[2]
        if t < lo:
            lo = t
        if t and rd[s]:
            v += w[4] + t
    v += lo * w[3]                      # the goal line needs every set
    g = st.ig[p]
    og = st.ig[o]
    for k in st.inds:
        if g[k] is not None:
            cost = cards.INDULGENCIES[k][2]
            if og[k] is None:
                v += cost * w[5]
            else:
                a = cards.pattern_key(k, tuple(g[k][0]))
                b = cards.pattern_key(k, tuple(og[k][0]))
                if a > b:
                    v += cost * w[5]
                elif a == b and st.has_laundry(p):
                    v += cost * w[6]
                else:
                    v += cost * w[7]   # scores once the higher dice leave
    pr = st.prank[p][1]
    if pr:
        v += pr * w[8]
        d = pr - st.dodge[o][1]
        if d > 0:
            v += w[9] * d
            if st.cookie[o] == 1 and st.has_laundry(p):
                v += (w[10] if st.vic[o] else w[11]) * d
    v += st.dodge[p][1] * w[12]
    # dice free for next round
    v += (len(st.pool[p]) + st.used[p]) * w[13]
    return v


def evaluate(st, p, full=True, w=AUNTIE):
    if st.is_over():
        if st.winner == p:
            return _WIN
        if st.winner == -1:
            return 0
        return -_WIN
    if full:
        return _full(st, p, w) - _full(st, 1 - p, w)
    return _simple(st, p) - _simple(st, 1 - p)


def potential(st, p, pool, w=AUNTIE):
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
            if x > mx:
                mx = x
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
            val = info[2] * (w[14] if og[k] is None else w[15]) - info[3] * w[13]
            if val > best:
                best = val
    sc = st.sc[p]
    for s in st.sets:
        n = _TOP[sc[s] & 127] + 1
        if n <= 6 and c[n]:
            best += w[16]
    return best


def _mod_code(a):
    """Modify-spot move ``a`` ("mod", die, target, +-1) as one small int, the
    way the bot holds it while it thinks: a move list of a busy Action phase
    is mostly these (64 of 83), and a tuple each took about 3 KB of the host's
    heap at the search's peak."""
    return (a[1] * 8 + a[2]) * 2 + (a[3] > 0)


def _action(x):
    """A move of the bot's list as the rules spell it (``_mod_code`` undone)."""
    if type(x) is int:
        return ("mod", x >> 4, (x >> 1) & 7, 1 if x & 1 else -1)
    return x


def _new_pool(pool, a, info, rng):
    out = pool[:]
    if info == "mod":             # ``a`` is a modify-spot move's _mod_code
        t = (a >> 1) & 7
        out.remove(a >> 4)
        out.remove(t)
        out.append(rules.wrap(t + 1 if a & 1 else t - 1))
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


# ------------------------------------------------------------ thinking in slices
LEVELS = 4
EVAL = 3           # units: one state cloned, moved and evaluated
SLICE = 3          # units in one slice (<= 20 ms on the chip: host_tools/benches/bench_slices.py)
BUDGET = 120       # units in one decision, Beginner to Strong
EXPERT_BUDGET = 92  # ... the Expert's and the Hint's (<= 250 ms on the chip)
CASUAL_TOP = 3     # Casual picks among its 3 best moves ...
CASUAL_TEMP = 7    # ... a move worse by CASUAL_TEMP (in _greedy's values: 4 a
                   # point of the evaluation, a cookie is 72) half as often
TOP = 3            # the Expert's candidates for a second step
ROLLS = 3          # sampled rolls per candidate that rolls dice
LIST = 12          # legal actions listed per unit
TASK = 2           # units: listing one task's choices
LIST_MOST = 8      # units: the most a phase's list is charged
WORDS = SLICE      # units: the Hint's words (a clone, its move and the list), a slice


def _over(bg, n):
    """True when ``n`` more units would pass the decision's budget."""
    m = bg.most
    return m is not None and bg.units + n > m


def _pace(bg, n):
    """For work done whatever the budget (listing the legal moves): False if
    the slice is full (yield, then ask again); else True, ``n`` units counted,
    as far as the decision's budget goes."""
    if not bg.fits(n):
        return False
    m = bg.most
    if m is not None and bg.units > m:
        bg.units = m
    return True


def _listed(st, bg, box):
    """What legal_actions() lists, in slices: the phase's moves, then each
    task's choices with a share of a slice of its own (a DIY 6 that may copy
    any task lists over a hundred), each part counted by its length.
    box[0] = the list, the promising moves first (modify-spot moves last,
    each as its ``_mod_code``)."""
    p = st.turn
    out = []
    if st.phase == rules.WAKE:
        st.legal_wake(p, out)
    else:
        st.legal_act(p, out)
    head = []
    mods = []
    for a in out:
        if a[0] == "mod":
            mods.append(_mod_code(a))
        else:
            head.append(a)
    n = min(LIST_MOST, 1 + len(out) // LIST)
    out = None
    while n > 0:                      # counted a slice at most at a time
        k = n if n <= SLICE else SLICE
        while not _pace(bg, k):
            yield None
        n -= k
    for t in st.task_cards(p):        # the tasks, a card's choices at a time
        while not _pace(bg, TASK):
            yield None
        st.task_actions(p, t, head)
    head.extend(mods)
    box[0] = head


def _pkey(pool):
    """A pool's dice (values 1..6, in their order) as one small int: a key
    that takes no heap (a tuple took one object an entry)."""
    k = 0
    for v in pool:
        k = k * 7 + v
    return k


def _keep(top, most, v, a):
    """Action ``a`` of value ``v`` into ``top``: the ``most`` best so far,
    flat (value, action, value, action ...: no pair object for each), the
    highest first and equal values in the order they came (as a stable sort
    of every value would put them)."""
    i = len(top)
    while i and top[i - 2] < v:
        i -= 2
    if i < 2 * most:
        top.insert(i, a)
        top.insert(i, v)
        del top[2 * most:]


def _greedy(st, rng, full, acts, bg, top, most, done, w=AUNTIE):
    """Look one step ahead at each action of ``acts`` (Auntie when ``full``,
    else Nephew), keeping the ``most`` best in ``top`` (``_keep``: the
    search holds a few, not a value for every action); a generator that
    yields None when a slice is full. ``done[0]`` turns True if every action
    was looked at before the budget ran out."""
    p = st.turn
    look = full and st.phase == rules.ACT
    base = {}      # value of a family of pool-only actions (same table, other dice)
    pots = {}      # potential() by pool (``_pkey``)
    out = False
    jitter = not getattr(rng, "steady", False)   # the Hint breaks ties by list order
    for a in acts:
        mod = type(a) is int            # a modify-spot move, as its _mod_code
        if not mod and a[0] == "keep":
            continue   # a fresh shake is as good on average and simpler
        info = None
        if look:
            info = "mod" if mod else _pool_code(st, a)
        if info is not None:
            fam = "mod" if mod else a[:info[1]]
            b = base.get(fam)
            if b is None:
                if _over(bg, EVAL):
                    out = True
                    break
                while not bg.fits(EVAL):
                    yield None
                c = _clone(st)
                c.do(_action(a))
                _roll_out(c, rng)
                b = evaluate(c, p, True, w)
                base[fam] = b
                c = None
            n = SAMPLES if info != "mod" and info[0] == "reroll" else 1
            if _over(bg, n):
                out = True
                break
            while not bg.fits(n):
                yield None
            tot = 0
            for _ in range(n):
                np = _new_pool(st.pool[p], a, info, rng)
                np.sort()
                key = _pkey(np)
                q = pots.get(key)
                if q is None:
                    q = potential(st, p, np, w)
                    pots[key] = q
                tot += q
            v = b + tot // n
        else:
            if _over(bg, EVAL):
                out = True
                break
            while not bg.fits(EVAL):
                yield None
            c = _clone(st)
            c.do(_action(a))
            if mod:
                v = evaluate(c, p, full, w)
            elif a[0] == "shake":
                v = evaluate(c, p, full, w) - 1   # shake only when nothing else helps
            elif c.pend is not None and not c.is_over():
                if not full:
                    v = evaluate(c, p, False)
                else:
                    tot = 0
                    for _ in range(SAMPLES):
                        if _over(bg, EVAL):
                            out = True
                            break
                        while not bg.fits(EVAL):
                            yield None
                        d = _clone(c)
                        _roll_out(d, rng)
                        tot += evaluate(d, p, True, w)
                        d = None        # (not held over the next slice)
                    if out:
                        break
                    v = tot // SAMPLES
            else:
                v = evaluate(c, p, full, w)
                if a[0] == "pass":
                    v -= 1
                elif look and c.turn == p and c.phase == rules.ACT:
                    key = _pkey(c.pool[p])
                    q = pots.get(key)
                    if q is None:
                        q = potential(c, p, c.pool[p], w)
                        pots[key] = q
                    v += q
        v = v * 4 + (rng.randbelow(4) if jitter else 0)   # a random tie-break
        _keep(top, most, v, a)
        c = None        # the copy goes before the next slice: 2 KB of the host's heap
    done[0] = not out


def _best(vals):
    """The first action of the highest value in a flat ``vals``."""
    best = None
    bestv = -_WIN * 10
    for i in range(0, len(vals), 2):
        if vals[i] > bestv:
            bestv = vals[i]
            best = vals[i + 1]
    return best


def _value_after(st, rng, a, p, bg, done):
    """The Expert's second step: the mean over sampled rolls of the best
    value one more action of the round reaches after ``a`` (the value at the
    round's end if ``a`` ends it); a generator, result in done[1]."""
    tot = 0
    n = 0
    k = ROLLS
    while n < k:
        if _over(bg, EVAL):
            done[0] = False
            return
        while not bg.fits(EVAL):
            yield None
        c = _clone(st)
        c.do(a)
        if c.pend is None or c.is_over():
            k = 1      # no roll: one look is enough
        else:
            _roll_out(c, rng)
        if c.is_over() or c.turn != p or c.phase != rules.ACT:
            v = evaluate(c, p, True, EXPERT) * 4
        else:
            if _over(bg, 2 * EVAL):
                done[0] = False
                return
            box = [None]
            bg.end()
            yield None      # the list of the next move's choices: a slice of its own
            yield from _listed(c, bg, box)
            top = []
            sub = [False]
            yield from _greedy(c, rng, True, box[0], bg, top, 1, sub, EXPERT)
            if not sub[0]:
                done[0] = False
                return
            v = 0
            if top:
                v = top[0]
                if k == 1:
                    done[2] = _action(top[1])   # the move it prepares
            box = top = None    # let this roll's lists go before the next one's
        c = None                # and its copy
        tot += v
        n += 1
    done[0] = True
    done[1] = tot // n


def _expert(st, rng, bg, res, box):
    """Auntie's look at every action of the list in ``box[0]``, then a second
    step (with sampled rolls) for the best TOP candidates; res = [action,
    value, the next action it prepares or None, a move judged exactly as
    good (a tie, played second because it comes later in the list) or None].
    The list is let go (``box[0]`` set to None) once looked at: the second
    step holds only the TOP."""
    p = st.turn
    acts = box[0]
    box[0] = None
    res[0] = _action(acts[0])
    if len(acts) == 1:
        return
    top = []
    yield from _greedy(st, rng, True, acts, bg, top, TOP, [False], EXPERT)
    acts = None
    if not top:
        return
    vals = [(top[i], _action(top[i + 1])) for i in range(0, len(top), 2)]
    top = None
    res[0] = vals[0][1]
    res[1] = vals[0][0]
    if st.phase != rules.ACT:
        if len(vals) > 1 and vals[1][0] == vals[0][0]:
            res[3] = vals[1][1]
        return
    best = None
    bestv = 0
    tie = None
    for v, a in vals:
        if a[0] == "pass":
            w = v        # the round ends: nothing to add
        else:
            done = [False, 0, None]
            yield from _value_after(st, rng, a, p, bg, done)
            if not done[0]:
                break    # out of budget: play the best looked at so far
            w = done[1]
        if best is None or w > bestv:
            best = a
            bestv = w
            tie = None
            then = None if a[0] == "pass" else done[2]
        elif w == bestv and tie is None:
            tie = a
    if best is not None:
        res[0] = best
        res[2] = then
        res[3] = tie


def scores(a):
    """Whether action ``a`` scores at once, whatever the dice: an indulgency
    scored (step c), the goal line (step d), or a task that gives a victory
    die (Clean 6, or DIY 6 copying it). No level passes (or shakes, or keeps
    its start dice, which end the Wakeup) while one of these is legal."""
    v = a[0]
    return v == "score" or v == "goal" or (v == "task" and _task_code(a) == "clear")


_ENDS = ("pass", "shake", "keep")


def _no_end_while_scoring(acts):
    """``acts`` without the moves that end the phase if one of them scores."""
    for a in acts:
        if type(a) is not int and scores(a):     # (a modify-spot move scores nothing)
            return [b for b in acts if type(b) is int or b[0] not in _ENDS]
    return acts


def _pick(vals, rng, top, temp):
    """One of the ``top`` best actions in a flat ``vals``, the best most
    often: a move ``gap`` below the best is chosen with the weight
    temp / (temp + gap) (the best has weight 1): a plausible slip, never a
    move far below the best."""
    order = list(range(0, len(vals), 2))
    order.sort(key=lambda i: (-vals[i], i))
    order = order[:top]
    best = vals[order[0]]
    ws = []
    tot = 0
    for i in order:
        w = 1000 * temp // (temp + best - vals[i])
        ws.append(w)
        tot += w
    x = rng.randbelow(tot)
    for j in range(len(order)):
        x -= ws[j]
        if x < 0:
            return vals[order[j] + 1]
    return vals[order[0] + 1]


def think(st, rng, level, budget=None):
    """The decision for the acting seat, thought in slices: yields None after
    each slice (at most ``budget.slice`` units: SLICE) and the chosen action
    last, within BUDGET units in all (EXPERT_BUDGET for the Expert;
    ``budget.most`` is set to it). ``st`` is
    not changed (the bots look ahead on clones)."""
    bg = budget or Budget(SLICE)
    bg.most = EXPERT_BUDGET if level >= 3 else BUDGET
    box = [None]
    yield from _listed(st, bg, box)
    box[0] = _no_end_while_scoring(box[0])
    if level >= 3:
        res = [None, 0, None, None]
        yield from _expert(st, rng, bg, res, box)
        yield res[0]
        return
    acts = box[0]
    if len(acts) == 1:
        yield _action(acts[0])
        return
    top = []
    if level == 1:      # Casual: one of its few best
        yield from _greedy(st, rng, True, acts, bg, top, CASUAL_TOP, [False])
        yield _action(_pick(top, rng, CASUAL_TOP, CASUAL_TEMP) if top else acts[0])
        return
    yield from _greedy(st, rng, level >= 1, acts, bg, top, 1, [False])   # Nephew or Auntie
    yield _action(top[1] if top else acts[0])


def hint(st, rng, budget=None):
    """The Expert's choice for the acting seat, thought in slices like
    think(): yields None after each slice, then (action, words) last. The
    same position gives the same advice every time: ``rng`` is not used (the
    rolls the Expert samples come from a fixed sequence, and moves of equal
    value go by the order of the list, the tie named). ``words`` is the move
    and why, in plain words that fit advice.HINT_LINES lines of 16 columns: "Put the
    6 on Laundry 6: it finishes a set" (advice.py). ``st`` is not changed."""
    rng = _steady()
    bg = budget or Budget(SLICE)
    bg.most = EXPERT_BUDGET
    box = [None]
    yield from _listed(st, bg, box)
    nacts = len(box[0])              # every legal move (the words say "the only move")
    box[0] = _no_end_while_scoring(box[0])
    res = [None, 0, None, None]
    yield from _expert(st, rng, bg, res, box)
    a = res[0]
    bg.end()
    yield None
    bg.most = None
    bg.fits(SLICE)                   # a slice of its own: the words' module
    from dicebox.games.mildred import advice   # the words: only for the Hint
    bg.end()
    yield None
    bg.fits(WORDS)                   # and one for the words: a clone and its move
    yield a, advice.hint_words(st, a, nacts, res[2], res[3])


def run(gen):
    """Run a think() or hint() generator to its end: its last value."""
    last = None
    for x in gen:
        if x is not None:
            last = x
    return last


def choose(st, rng, level=2):
    """Today's levels, unbounded: 0 random, 1 Nephew, 2 Auntie."""
    acts = st.legal_actions()
    if level <= 0:
        return acts[rng.randbelow(len(acts))]
    if len(acts) == 1:
        return acts[0]
    acts = [_mod_code(a) if a[0] == "mod" else a for a in acts]   # as _listed holds them
    top = []
    for _ in _greedy(st, rng, level >= 2, acts, Budget(SLICE), top, 1, [False]):
        pass
    return _action(_best(top))

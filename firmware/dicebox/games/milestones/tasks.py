"""The task language and its one matcher.

A task is a tuple of clauses; a clause is a small tuple whose first item is its kind.

Sub-tasks (each needs its own dice; a die serves one sub-task only):
  (COL, c, k)     k dice of colour c
  (NUM, n, k)     k dice showing number n
  (FACE, c, n)    the die showing number n in colour c
  (SAMEN, k)      k dice with the same number (any number)
  (SAMEC, k)      k dice with the same colour (any colour)
  (RUN, k)        k dice with consecutive numbers (colours arbitrary)
  (RUNC, k)       k dice with consecutive numbers, all in one colour
Conditions on all six dice:
  (ONLYN, m)      every die shows a number in bit set m (bit n-1 for n)
  (ONLYC, m)      every die shows a colour in bit set m (bit c)
  (NON, m)        no die shows a number in m
  (NOC, m)        no die shows a colour in m

"Fulfilled differently": sub-tasks that name or choose a colour (COL, SAMEC, RUNC)
use different colours; sub-tasks that name or choose a number (NUM, SAMEN) use
different numbers; two runs (RUN) are different runs: they differ in their first
number or in their length, so they never show the same numbers (1-2 with 2-3, and
1-2-3 with 1-2, are fine; 1-2 twice is not). The rule is the same read upwards or
downwards (6-5-4 with 6-5 is 4-5-6 with 5-6). More dice than needed never hurt.

``match(task, nums)`` answers for a roll ``nums`` (six numbers, die 0..5).
"""
from micropython import const
from dicebox.games.milestones.dice import FACE_COLOUR, LETTERS

COL = const(0)
NUM = const(1)
FACE = const(2)
SAMEN = const(3)
SAMEC = const(4)
RUN = const(5)
RUNC = const(6)
ONLYN = const(7)
ONLYC = const(8)
NON = const(9)
NOC = const(10)

_KN = const(0)    # key class: a number (value 1..6)
_KC = const(8)    # key class: a colour (8 + c)
_KR = const(14)   # key class: a run, 14 + _RUNKEY[k] + s - 1 (start s, length k >= 2)
# first key offset of the runs of length k (k = 2..6 have 5, 4, 3, 2, 1 starts);
# the largest key, 14 + 14 = 28, keeps the key set a small int on the device.
# A run of one number is that number (key _KN + s).
_RUNKEY = (0, 0, 0, 5, 9, 12, 14)

POPCOUNT = bytes(bin(i).count("1") for i in range(64))
# SUBSETS[k]: the 6-bit masks with k bits set.
SUBSETS = tuple(bytes(m for m in range(64) if POPCOUNT[m] == k) for k in range(7))


def split(nums):
    """Masks of dice by number (index 1..6) and by colour (index 0..5)."""
    nm = [0, 0, 0, 0, 0, 0, 0]
    cm = [0, 0, 0, 0, 0, 0]
    for i in range(6):
        n = nums[i]
        nm[n] |= 1 << i
        cm[FACE_COLOUR[i * 6 + n - 1]] |= 1 << i
    return nm, cm


def _subs(m, k, key, out):
    if POPCOUNT[m] < k:
        return
    for s in SUBSETS[k]:
        if s & m == s:
            out.append((s, key))


def _runs(nm, s, k, key, out):
    # one die for each number s..s+k-1
    masks = [0]
    for n in range(s, s + k):
        dn = nm[n]
        if not dn:
            return
        nxt = []
        for b in range(6):
            bit = 1 << b
            if dn & bit:
                for m in masks:
                    nxt.append(m | bit)
        masks = nxt
    for m in masks:
        out.append((m, key))


def options(cl, nm, cm):
    """Every way a sub-task can be met: list of (dice mask, key or -1)."""
    kind = cl[0]
    out = []
    if kind == COL:
        _subs(cm[cl[1]], cl[2], _KC + cl[1], out)
    elif kind == NUM:
        _subs(nm[cl[1]], cl[2], _KN + cl[1], out)
    elif kind == FACE:
        m = nm[cl[2]] & cm[cl[1]]
        if m:
            out.append((m, -1))
    elif kind == SAMEN:
        for n in range(1, 7):
            _subs(nm[n], cl[1], _KN + n, out)
    elif kind == SAMEC:
        for c in range(6):
            _subs(cm[c], cl[1], _KC + c, out)
    elif kind == RUN:
        k = cl[1]
        for s in range(1, 8 - k):
            _runs(nm, s, k, (_KR + _RUNKEY[k] + s - 1) if k > 1 else (_KN + s), out)
    elif kind == RUNC:
        k = cl[1]
        for c in range(6):
            cc = cm[c]
            for s in range(1, 8 - k):
                m = 0
                for n in range(s, s + k):
                    d = nm[n] & cc
                    if not d:
                        m = 0
                        break
                    m |= d
                if m:
                    out.append((m, _KC + c))
    return out


def _globals_ok(cl, nm, cm):
    kind = cl[0]
    m = cl[1]
    if kind == ONLYN:
        for n in range(1, 7):
            if nm[n] and not (m >> (n - 1)) & 1:
                return False
    elif kind == NON:
        for n in range(1, 7):
            if nm[n] and (m >> (n - 1)) & 1:
                return False
    elif kind == ONLYC:
        for c in range(6):
            if cm[c] and not (m >> c) & 1:
                return False
    elif kind == NOC:
        for c in range(6):
            if cm[c] and (m >> c) & 1:
                return False
    return True


def _fit(opts, i, avail, keys):
    if i == len(opts):
        return True
    for m, key in opts[i]:
        if m & avail != m:
            continue
        if key >= 0:
            kb = 1 << key
            if keys & kb:
                continue
        else:
            kb = 0
        if _fit(opts, i + 1, avail & ~m, keys | kb):
            return True
    return False


def _alone(cl, nm, cm):
    """Whether a single sub-task can be met (no other sub-task competes for dice)."""
    kind = cl[0]
    if kind == COL:
        return POPCOUNT[cm[cl[1]]] >= cl[2]
    if kind == NUM:
        return POPCOUNT[nm[cl[1]]] >= cl[2]
    if kind == FACE:
        return (nm[cl[2]] & cm[cl[1]]) != 0
    k = cl[1]
    if kind == SAMEN:
        for n in range(1, 7):
            if POPCOUNT[nm[n]] >= k:
                return True
        return False
    if kind == SAMEC:
        for c in range(6):
            if POPCOUNT[cm[c]] >= k:
                return True
        return False
    if kind == RUN:
        run = 0
        for n in range(1, 7):
            if nm[n]:
                run += 1
                if run >= k:
                    return True
            else:
                run = 0
        return False
    return len(options(cl, nm, cm)) > 0


def match(task, nums):
    """True when the dice ``nums`` fulfil ``task``."""
    nm, cm = split(nums)
    if len(task) == 1:
        cl = task[0]
        if cl[0] >= ONLYN:
            return _globals_ok(cl, nm, cm)
        return _alone(cl, nm, cm)
    opts = []
    for cl in task:
        if cl[0] >= ONLYN:
            if not _globals_ok(cl, nm, cm):
                return False
            continue
        o = options(cl, nm, cm)
        if not o:
            return False
        opts.append(o)
    if len(opts) <= 1:
        return True
    opts.sort(key=len)
    return _fit(opts, 0, 63, 0)


# ---- words ----------------------------------------------------------------

def _mask_list(m, base, names):
    out = []
    for i in range(6):
        if (m >> i) & 1:
            out.append(names[i] if names else str(i + base))
    return "".join(out)


def clause_text(cl):
    """A clause in words that fit the 16-column screen ("2x R", "run of 3")."""
    kind = cl[0]
    if kind == COL:
        return "%dx %s" % (cl[2], LETTERS[cl[1]])
    if kind == NUM:
        return "%dx %d" % (cl[2], cl[1])
    if kind == FACE:
        return "%d%s" % (cl[2], LETTERS[cl[1]])
    if kind == SAMEN:
        return "%d same num" % cl[1]
    if kind == SAMEC:
        return "%d same col" % cl[1]
    if kind == RUN:
        return "run of %d" % cl[1]
    if kind == RUNC:
        return "run %d 1 col" % cl[1]
    if kind == ONLYN or kind == NON:
        s = _mask_list(cl[1], 1, None)
    else:
        s = _mask_list(cl[1], 0, LETTERS)
    return ("only " if kind == ONLYN or kind == ONLYC else "no ") + s


def describe(task):
    """Words for a task: a line a clause, each fitting the 16-column screen
    (the long words of the rulebook's kind are the deck study's:
    host_tools/studies/milestones_odds.py)."""
    return [clause_text(cl) for cl in task]

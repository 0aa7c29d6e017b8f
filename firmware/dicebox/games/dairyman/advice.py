"""The Hint's words for Dairyman: why the Expert's move ("Reroll 6: 93% for a
set in barn 2."), with the chance for the dice that would really be rolled
(set_chance, or the tables ICE_P and odds.KEEP1_P), and a tie named in a few
words. A module of its own, imported when a hint is asked for (bot.hint), so
that play without the Hint does not carry it."""
from dicebox.core import ui
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.rules import SETS, counts, has_set_counts as has_set
from dicebox.games.dairyman.tiles import VALUE, BACK, CHEESE, ICE1, ICEANY


# the Hint page's lines for the reason, 16 columns each (core/tablepages.py
# HintPage.WHY_ROWS; not imported: a review reads these words without the page,
# tests/portable/test_hint_lines.py holds the two equal)
HINT_LINES = 4


def hint_words(s, a, plan, out):
    """The Hint's words for the Expert's move ``a`` in state ``s``: why
    (``why``), and a move worth the same named as a tie. ``plan``: the lock's
    plan the search left (bot._PLAN); ``out``: the search's weighed moves,
    (worth, move, plan) each."""
    best = None
    for v, b, pl in out:
        if b == a or (b is None and a[0] in ("claim", "fail", "flip", "ice")):
            if best is None or v > best:
                best = v
    tie = None
    if best is not None:
        for v, b, pl in out:
            if abs(v - best) < 1e-6 and _move_name(s, b) != _move_name(s, a):
                if a[0] == "lock" and pl is not None and (
                        pl[4][0] in plan[4] or plan[4][0] in pl[4]):
                    continue          # the same sets, locked in another order
                tie = b
                break
    txt = why(s, a, plan)
    if tie is not None:
        more = txt + " Tie: %s." % _move_name(s, tie)
        if len(ui.wrap(more)) <= HINT_LINES:    # a tie is said only where it fits
            txt = more
    return txt


def _move_name(s, a):
    """A move in two or three words, for a tie."""
    if a is None:
        return "stop"
    if a[0] == "lock":
        return "lock " + _dice_text(s, a[1])
    if a[0] == "reroll":
        return "reroll" if not a[1] else "keep " + _dice_text(s, a[1])
    if a[0] in ("claim", "fail", "ice"):
        return "stop"
    return a[0]


def ices_at_hand(s, but=-1):
    """The ice creams the acting seat can still use this turn (their kinds),
    leaving out tile ``but``."""
    out = []
    for t in s.owned[s.seat]:
        if t != but and s.flipped[t] and BACK[t] != CHEESE and t not in s.used:
            out.append(BACK[t])
    return out


# ICE_P[j][m]: the chance (in 1/100000) of a set after rolling m dice (none
# kept) with the ice creams ICE_COMBOS[j] (kinds) to use after it, as
# set_chance() works it out; tests/host recompute it.
ICE_COMBOS = ((), (1,), (2,), (3,), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3),
              (1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 2, 2), (1, 2, 3), (1, 3, 3),
              (2, 2, 2), (2, 2, 3), (2, 3, 3), (3, 3, 3))
ICE_P = (
    (0, 0, 8333, 33796, 65664, 83861, 92788, 96862, 98653, 99424, 99753, 99894, 99954),
    (0, 0, 11343, 43675, 77916, 92101, 97267, 99060, 99674, 99885, 99959, 99985, 99994),
    (0, 0, 11343, 43752, 74605, 89296, 95692, 98313, 99349, 99751, 99905, 99964, 99986),
    (0, 0, 19444, 54552, 83320, 92788, 96862, 98653, 99424, 99753, 99894, 99954, 99979),
    (0, 0, 11889, 45386, 79626, 92930, 97611, 99193, 99724, 99904, 99966, 99988, 99995),
    (0, 0, 15985, 55068, 85288, 95154, 98399, 99469, 99823, 99940, 99980, 99993, 99998),
    (0, 0, 24769, 64238, 91250, 97167, 99047, 99672, 99885, 99959, 99985, 99994, 99998),
    (0, 0, 11889, 45511, 75769, 89906, 95976, 98435, 99400, 99772, 99913, 99967, 99988),
    (0, 0, 24769, 64670, 88796, 95659, 98309, 99349, 99751, 99905, 99964, 99986, 99995),
    (0, 0, 30787, 69907, 92230, 96862, 98653, 99424, 99753, 99894, 99954, 99979, 99991),
    (0, 0, 11981, 45673, 79900, 93054, 97660, 99212, 99731, 99906, 99967, 99988, 99996),
    (0, 0, 17019, 57288, 86687, 95638, 98555, 99519, 99838, 99945, 99981, 99993, 99998),
    (0, 0, 26052, 66356, 92415, 97579, 99191, 99724, 99904, 99966, 99988, 99995, 99998),
    (0, 0, 17019, 57280, 86077, 95403, 98479, 99496, 99832, 99943, 99981, 99993, 99998),
    (0, 0, 31679, 74212, 94537, 98330, 99461, 99822, 99940, 99980, 99993, 99998, 99999),
    (0, 0, 37249, 77899, 96550, 98972, 99661, 99883, 99958, 99985, 99994, 99998, 99999),
    (0, 0, 11981, 45807, 75953, 90001, 96019, 98454, 99408, 99775, 99915, 99968, 99988),
    (0, 0, 26052, 66797, 89519, 95955, 98434, 99400, 99772, 99913, 99967, 99988, 99995),
    (0, 0, 37249, 78258, 95231, 98278, 99345, 99750, 99905, 99964, 99986, 99995, 99998),
    (0, 0, 41281, 80656, 96467, 98653, 99424, 99753, 99894, 99954, 99979, 99991, 99996),
)


def _three(ices):
    """At most three of the ice creams (sorted), one of each kind first: with
    more at hand the tables give a lower bound, said as "93%+"."""
    if len(ices) <= 3:
        return tuple(sorted(ices))
    out = []
    for b in (ICEANY, ICE1, 2, ICEANY, ICE1, 2):
        if len(out) < 3 and ices.count(b) > out.count(b):
            out.append(b)
    return tuple(sorted(out))


def _chance(p, ices):
    """A chance in words: "93%", or "93%+" (93% or more) with more than three
    ice creams at hand (the tables count three)."""
    return ("%d%%+" if len(ices) > 3 else "%d%%") % _pct(p)


def roll_chance(kept, m, ices):
    """set_chance(), from a table when at most one die is kept and at most
    three ice creams are at hand (set_chance itself is too slow for the chip
    with many dice and ice creams): ICE_P, or odds.KEEP1_P for one kept die."""
    n = 0
    f = 0
    for v in range(1, 7):
        n += kept[v]
        if kept[v]:
            f = v
    if n > 1:
        return set_chance(kept, m, ices)
    j = ICE_COMBOS.index(_three(ices))
    if not n:
        return ICE_P[j][m] / 100000.0
    from dicebox.games.dairyman import odds
    return odds.KEEP1_P[f - 1][j][m] / 100000.0


_FACT12 = (1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600)


def _misses(c, m, f, w, out):
    """Every way m dice can fall on faces f..6 that, added to the counts c,
    hold no set (a set stays a set when dice are added: such branches are cut):
    appends (counts, weight) with weight the product of 1/k! over the faces."""
    if has_set(c):
        return
    if f == 6:
        c[6] += m
        if not has_set(c):
            out.append((c[:], w / _FACT12[m]))
        c[6] -= m
        return
    k = 0
    while k <= m:
        if k:
            c[f] += 1
            if has_set(c):
                break
        _misses(c, m - k, f + 1, w / _FACT12[k], out)
        k += 1
    c[f] -= k if k <= m else m


def set_chance(kept, m, ices, memo=None):
    """The exact chance of a set of 10 after rolling m dice beside the kept
    (frozen) ones, counts ``kept`` (kept[1..6]), when the ice creams ``ices``
    (kinds) may then be used, each once, as well as they can be (each use
    rerolls its dice and may be followed by another). ``memo``: the answers
    worked out so far in this question (a dict), or None for a new one."""
    if memo is None:
        memo = {}
        ices = sorted(ices)
    if m == 0:
        return _rescue(kept, ices, memo)
    key = (tuple(kept), m, tuple(ices))
    got = memo.get(key)
    if got is not None:
        return got
    out = []
    _misses(kept[:], m, 1, 1.0, out)
    miss = 0.0
    for c, w in out:
        miss += w * (1.0 - _rescue(c, ices, memo))
    got = 1.0 - miss * _FACT12[m] / 6 ** m
    memo[key] = got
    return got


def _rescue(c, ices, memo):
    """The chance that dice showing counts c hold a set, or get one by the
    ice creams ``ices`` (sorted kinds) used as well as they can be."""
    if has_set(c):
        return 1.0
    best = 0.0
    for k in range(len(ices)):
        b = ices[k]
        if k and ices[k - 1] == b:
            continue
        rest = ices[:k] + ices[k + 1:]
        if b == ICEANY:
            for v in range(1, 7):
                if c[v]:
                    c[v] -= 1
                    p = set_chance(c, 1, rest, memo)
                    c[v] += 1
                    if p > best:
                        best = p
        else:
            n = c[b]
            if n:
                c[b] = 0
                p = set_chance(c, n, rest, memo)
                c[b] = n
                if p > best:
                    best = p
    return best


def _dice_text(s, idx):
    return "+".join("%d" % s.dv[i] for i in idx)


def why(s, a, plan):
    """Why the Expert plays a, in plain words with the number behind it."""
    v = a[0]
    free = s.free_dice()
    k = len(free)
    T = s.barn_total()
    here = rules.barn_for(s.rolls)
    nxt = rules.barn_for(s.rolls + 1)
    ices = ices_at_hand(s)
    if v == "lock":
        n, k2, push, claim = plan[0], plan[1], plan[2], plan[3]
        txt = "Lock %s" % _dice_text(s, a[1])
        for t in plan[4][1:]:           # the plan's other sets, locked after it
            txt += " and " + "+".join("%d" % v for v in SETS[t])
        txt += " (barn %d)" % here
        if push and k2 >= 1:
            p = roll_chance([0] * 7, k2, ices)
            return txt + ", reroll %d: %s for barn %d." % (k2, _chance(p, ices), nxt)
        if claim:
            return txt + ", then claim %d." % _points(claim)
        return txt + ": barns %d." % (T + 10 * n)
    if v == "reroll":
        m = k - len(a[1])
        kept = counts([s.dv[i] for i in a[1]])
        p = roll_chance(kept, m, ices)
        if p <= 0.0 and s.rolls >= 3:
            return "Reroll %d: no set can come, but +1 freeze token." % m
        if a[1]:
            return "Keep %s (freeze), reroll %d: %s for a set in barn %d." % (
                _dice_text(s, a[1]), m, _chance(p, ices), nxt)
        return "Reroll %d: %s for a set in barn %d." % (m, _chance(p, ices), nxt)
    if v == "claim":
        pts = _points(a[1])
        if k >= 1 and not s.need_lock:
            p = roll_chance([0] * 7, k, ices)
            return "Stop, claim %d. A reroll of %d fails %s%d%%." % (
                pts, k, "at most " if len(ices) > 3 else "", _pct(1.0 - p))
        return "Stop and claim %d." % pts
    if v == "fail":
        if s.need_lock:
            return "No set of 10 and nothing helps: take a backorder."
        return "No tile fits %d: take a backorder." % T
    if v == "flip":
        t = a[1]
        if BACK[t] == CHEESE:
            return "Flip %s: +5 points, safe from a reset." % rules.tile_name(t)
        return "Flip %s: an ice cream, safe from a reset." % rules.tile_name(t)
    t = a[1]
    c = counts([s.dv[i] for i in free])
    b = BACK[t]
    if b == ICEANY:
        c[s.dv[a[2]]] -= 1
        n = 1
    else:
        n = c[b]
        c[b] = 0
    # the chance of this reroll alone (exact and quick); with more ice creams
    # left (which could rescue it again, a search too slow for the chip) it
    # says so
    p = set_chance(c, n, [])
    if ices_at_hand(s, t):
        return "Ice cream: reroll %d, %d%% for a set; more ice creams left." % (n, _pct(p))
    return "Ice cream: reroll %d, %d%% to make a set." % (n, _pct(p))


def _points(tiles):
    pts = 0
    for t in tiles:
        pts += VALUE[t]
    return pts


def _pct(p):
    x = int(p * 100 + 0.5)
    return 99 if x > 99 and p < 1.0 else x

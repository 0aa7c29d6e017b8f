"""Task rewards of Auntie Mildred: one record per card effect.

A task card (cards.CODES) names its effect by a code ("swap", "pd3", "m2x1",
...). ``record(code)`` is that effect's one record, a tuple

    (needs, choice, n)

kept as one small number ``REWARDS[code]`` (needs | choice | n << 8: no
tuple object a code); ``do`` plays the effect, one branch a code (no
function object a code):

  needs   what must hold before the reward can be taken at all, as N_* bits:
          N_DODGE a die on dodge, N_PRANK a die on prank, N_VIC a victory
          die, N_ASLEEP another set of yours whose scallywags are used,
          N_SHAKEN shaken dice (the Action phase)
  choice  what the player picks, as C_*:
          C_NONE     nothing: the action is ("task", set, level)
          C_THEIRS   (set,): one of the opponent's sets holding a scallywag
          C_READY    (set,): the same, and that scallywag is ready
          C_SPLIT    (k,): k of the n steps on prank, the rest on dodge; a side
                     that gets steps needs a die there
          C_REROLL   (v,) or (v, w): 1 or 2 shaken dice by value
          C_MODIFY   (v, d) per die, n dice, d = +-step: the step is the
                     record's ``n`` >> 2, the dice its ``n`` & 3
  n       the number the choice uses (steps to share out, dice and step)

``check`` (what ``apply`` runs) and ``choices`` (what ``legal_actions``
lists) both read the record: ``needs`` through one function, and for every
choice but the two dice ones the list IS the candidates that ``check``'s
``args_why`` lets through, so listing and checking cannot disagree. The two
dice choices list what ``pool_why`` accepts, built from the shaken dice.

The rules (rules.State._a_task) check that a task may be done at all (the set
is in play and ready, has not paid this round, the level is reached; DIY 6
picks the card it copies) and then call ``check`` and ``do`` here. Only
rewards ("R") and shenanigans ("S") have records: the Always effects (Laundry
1, Cook 1) are rules of their own, and DIY 6 ("any") is the copy, resolved by
the rules.
"""
from micropython import const

from dicebox.core.game import IllegalMove
from dicebox.games.mildred import cards
from dicebox.games.mildred.board import (ACT, F_DISC, F_PAID, SH_LESS, SH_NO4,
                                         SH_NOTIE, counts, top, wrap)

# needs: bits 0..4 of a REWARDS number
N_DODGE = const(1)
N_PRANK = const(2)
N_VIC = const(4)
N_ASLEEP = const(8)
N_SHAKEN = const(16)
_NEEDS = const(31)

# choices: bits 5..7 (and n from bit 8 on)
C_NONE = const(0)
C_THEIRS = const(32)
C_READY = const(64)
C_SPLIT = const(96)
C_REROLL = const(128)
C_MODIFY = const(160)
_CHOICE = const(224)

_NO_ARGS = ((),)


def needs_why(st, p, s, needs):
    """None if ``p`` has what ``needs`` asks for (taking set ``s``'s reward), else why not."""
    if needs & N_DODGE and not st.dodge[p][0]:
        return "needs a die on dodge"
    if needs & N_PRANK and not st.prank[p][0]:
        return "needs a die on prank"
    if needs & N_VIC and not st.vic[p]:
        return "no victory dice"
    if needs & N_ASLEEP:
        for t in st.sets:
            if t != s and st.sc[p][t] and not st.rd[p][t]:
                break
        else:
            return "nothing to reactivate"
    if needs & N_SHAKEN and st.phase != ACT:
        return "needs shaken dice"
    return None


def pool_why(st, p, vals):
    """None if ``p`` has shaken dice of all the values ``vals``, else why not."""
    c = counts(st.pool[p])
    for v in vals:
        if not 1 <= v <= 6 or c[v] == 0:
            return "no shaken %d" % v if 1 <= v <= 6 else "bad value"
        c[v] -= 1
    return None


def _arity_ok(choice, n, k):
    """Whether ``k`` choices is the right number for this kind of choice."""
    if choice == C_NONE:
        return k == 0
    if choice == C_REROLL:
        return k == 1 or k == 2
    if choice == C_MODIFY:
        return k == 2 * (n & 3)
    return k == 1


def args_why(st, p, choice, n, args):
    """None if ``args`` (of the right number) is a choice of kind ``choice``
    (with number ``n``) that ``p`` may make now, else why not. The ``needs``
    are checked already."""
    if choice == C_NONE:
        return None
    if choice == C_REROLL:
        return pool_why(st, p, args)
    if choice == C_MODIFY:
        step = n >> 2
        vals = []
        for i in range(0, len(args), 2):
            if args[i + 1] != step and args[i + 1] != -step:
                return "change by %d" % step
            vals.append(args[i])
        return pool_why(st, p, vals)
    a = args[0]
    if choice == C_SPLIT:
        if not 0 <= a <= n:
            return "split out of range"
        if a and not st.prank[p][0]:
            return "needs a die on prank"
        if n - a and not st.dodge[p][0]:
            return "needs a die on dodge"
        return None
    o = 1 - p
    if a not in st.sets or not st.sc[o][a]:
        return "opponent has no scallywag there"
    if choice == C_READY and not st.rd[o][a]:
        return "that scallywag is not ready"
    return None


def record(code):
    """Reward ``code``'s record: (needs, choice, n)."""
    x = REWARDS[code]
    return x & _NEEDS, x & _CHOICE, x >> 8


def check(st, p, s, code, args):
    """Raise ``IllegalMove`` unless ``p`` may take the reward ``code`` of set
    ``s`` with the choices ``args`` now."""
    x = REWARDS[code]
    choice = x & _CHOICE
    n = x >> 8
    if not _arity_ok(choice, n, len(args)):
        raise IllegalMove("wrong choices")
    why = needs_why(st, p, s, x & _NEEDS) or args_why(st, p, choice, n, args)
    if why:
        raise IllegalMove(why)


def do(st, p, s, code, args):
    """The reward's effect, on choices ``check`` accepted (KeyError for a
    code that is not a reward's)."""
    n = REWARDS[code] >> 8
    o = 1 - p
    if code == "swap":
        st.remove_top(p, s)
        st.gain(o, st.remove_top(o, args[0]))
    elif code == "less":
        st.shen[o] |= SH_LESS
    elif code == "disc":
        st.flags |= F_DISC
    elif code == "no4":
        st.remove_top(p, s)
        st.shen[o] |= SH_NO4
    elif code == "notie":
        st.shen[o] |= SH_NOTIE
    elif code == "clear":
        st.clear_cols(p)
        st.victory(p)
    elif code == "dodge1":
        _bump(st.dodge[p], 1)
    elif code == "prank1":
        _bump(st.prank[p], 1)
    elif code == "pd2" or code == "pd3" or code == "pd4":   # k steps on prank, the rest on dodge
        _bump(st.prank[p], args[0])
        _bump(st.dodge[p], n - args[0])
    elif code == "deact":
        st.rd[o][args[0]] = 0
    elif code == "reduce":
        t = args[0]
        m = st.sc[o][t]
        lv = top(m)
        if lv == 1 or (m >> (lv - 1)) & 1:
            st.remove_top(o, t)  # R5
        else:
            st.sc[o][t] = (m & ~(1 << lv)) | (1 << (lv - 1))
    elif code == "vroll":
        st.pend = ["vroll", st.vic[p]]   # the dice come back through apply_chance (R9)
    elif code == "react":
        for t in st.sets:
            if t != s and st.sc[p][t]:
                st.rd[p][t] = 1
                st.flags &= ~(F_PAID << t)   # reactivated: may pay once more
    elif code == "reroll":
        for v in args:
            st.pool[p].remove(v)
        st.pend = ["reroll", len(args)]
    else:                               # "m1x1" to "m2x2": modify shaken dice
        pool = st.pool[p]
        new = []
        for i in range(0, len(args), 2):
            pool.remove(args[i])
            new.append(wrap(args[i] + args[i + 1]))
        pool.extend(new)
        pool.sort()


def choices(st, p, s, code):
    """Every choice tuple ``check`` accepts for reward ``code`` of set ``s`` now."""
    x = REWARDS[code]
    needs = x & _NEEDS
    choice = x & _CHOICE
    n = x >> 8
    if needs_why(st, p, s, needs):
        return []
    if choice == C_NONE:
        return _NO_ARGS
    if choice == C_REROLL or choice == C_MODIFY:
        return _dice_choices(st.pool[p], choice, n)
    cands = range(n + 1) if choice == C_SPLIT else st.sets
    return [(a,) for a in cands if args_why(st, p, choice, n, (a,)) is None]


def _dice_choices(pool, choice, n):
    """The choices of shaken dice, by value; a pair in ascending order."""
    c = counts(pool)
    if choice == C_REROLL:
        one = [(v,) for v in range(1, 7) if c[v]]
        r = one[:]                      # 1 die, or 2 below
    else:
        step = n >> 2
        one = []
        for v in range(1, 7):
            if c[v]:
                one.append((v, -step))
                one.append((v, step))
        if n & 3 == 1:
            return one
        r = []
    for i in range(len(one)):
        for j in range(i, len(one)):
            if one[i][0] != one[j][0] or c[one[i][0]] >= 2:
                r.append(one[i] + one[j])
    return r


def _bump(pd, k):
    if k:
        pd[1] = min(cards.MAX_SLOT, pd[1] + k)  # R7: extra steps are lost


# Each reward's needs | choice | n << 8 (n: the steps to share out; for Cook
# 3-6 step << 2 | dice)
REWARDS = {
    "swap":   C_THEIRS,                                 # Clean 1, DIY 1
    "less":   C_NONE,                                   # Clean 2
    "disc":   C_NONE,                                   # Clean 3
    "no4":    C_NONE,                                   # Clean 4
    "notie":  C_NONE,                                   # Clean 5
    "clear":  C_NONE,                                   # Clean 6
    "dodge1": N_DODGE | C_NONE,                         # Laundry 2
    "prank1": N_PRANK | C_NONE,                         # Laundry 3
    "pd2":    C_SPLIT | 2 << 8,                         # Laundry 4
    "pd3":    C_SPLIT | 3 << 8,                         # Laundry 5
    "pd4":    C_SPLIT | 4 << 8,                         # Laundry 6
    "deact":  C_READY,                                  # DIY 2
    "reduce": C_THEIRS,                                 # DIY 3
    "vroll":  N_VIC | C_NONE,                           # DIY 4
    "react":  N_ASLEEP | C_NONE,                        # DIY 5
    "reroll": N_SHAKEN | C_REROLL,                      # Cook 2
    "m1x1":   N_SHAKEN | C_MODIFY | (1 << 2 | 1) << 8,  # Cook 3: 1 die +-1
    "m1x2":   N_SHAKEN | C_MODIFY | (2 << 2 | 1) << 8,  # Cook 4: 1 die +-2
    "m2x1":   N_SHAKEN | C_MODIFY | (1 << 2 | 2) << 8,  # Cook 5: 2 dice +-1
    "m2x2":   N_SHAKEN | C_MODIFY | (2 << 2 | 2) << 8,  # Cook 6: 2 dice +-2
}

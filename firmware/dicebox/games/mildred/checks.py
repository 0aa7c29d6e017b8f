"""Auntie Mildred's checks: what ``rules.State.from_dict`` runs when a save
is read back (``load``), and why ``rules.State.apply`` refuses a move that is
not listed (``why_not``). Imported only then and dropped when the table is
back on top (the manifest's ``ON_DEMAND``): play does not carry it.

``load`` fills a blank State from a save's data and refuses anything that
breaks a type, range, length or invariant with ``BadState`` (a
``valid.BadData``) whose text says which: first every field's type, range
and length (``_check_types``: no loop runs on an unchecked number), then the
invariants (``check``): a player's 9 dice are always somewhere (pool, used,
mods, prank, dodge, sc, ig, vic, or a pending shake or reroll:
``dice_where``), slots, cookies, patterns, and a game not started yet has
nothing set. It imports the board and the rewards, not the rules.
"""
from dicebox.core.game import IllegalMove
from dicebox.core.valid import BadData
from dicebox.games.mildred import cards, rewards
from dicebox.games.mildred.board import (
    ACT, F_ALL, F_COOK, F_PAID, F_READY, FIELDS, OVER, ROUND_LIMIT, SETUP, SH_LESS, SH_NO4,
    SH_NOTIE, SHAKE, START, WAKE, ind_dice, ndice, top)
from dicebox.games.mildred.rewards import pool_why


def load(st, d):
    """``st`` (a blank State) filled from the save data ``d`` and checked;
    ``BadState`` unless it is a version 1 record with every field, each of
    its type, range and length, and the invariants of ``check`` hold."""
    try:
        FIELDS.load(st, d)
    except BadData as e:
        raise BadState(str(e))
    except RuntimeError:  # nested past the recursion limit
        raise BadState("the game is nested too deep")
    _check_types(st)
    check(st)
    return st


class BadState(BadData):
    """A state that breaks a type, a range or an invariant; ``str(e)`` says which."""


def _need(cond, why):
    if not cond:
        raise BadState(why)


def _int(x, lo, hi, what):
    _need(type(x) is int and lo <= x <= hi, "%s out of range" % what)
    return x


def _ints(x, n, lo, hi, what):
    _need(isinstance(x, list) and len(x) == n, "%s is not a list of %d" % (what, n))
    for v in x:
        _int(v, lo, hi, what)


def _check_types(st):
    """Types, lengths and ranges of every field (saved data is checked by this
    before ``check`` counts the dice; no loop runs on an unchecked number)."""
    _int(st.phase, SETUP, OVER, "phase")
    _int(st.turn, 0, 1, "turn")
    if st.phase == SETUP:
        _need(st.sets == [] and st.inds == [], "cards dealt before the setup")
    else:
        _ints(st.sets, cards.SETS_IN_PLAY, 0, 3, "task sets")
        _ints(st.inds, cards.IND_IN_PLAY, 0, cards.NUM_IND - 1, "indulgency cards")
        _need(st.sets == sorted(st.sets) and st.inds == sorted(st.inds), "cards out of order")
        for i in range(1, cards.SETS_IN_PLAY):
            _need(st.sets[i] != st.sets[i - 1], "a task set twice")
        for i in range(1, cards.IND_IN_PLAY):
            _need(st.inds[i] != st.inds[i - 1], "an indulgency card twice")
    _ints(st.cookie, 2, 1, 6, "cookie die")
    _ints(st.vic, 2, 0, cards.WIN_VICTORY, "victory dice")
    pd = st.pend
    if pd is not None:
        _need(isinstance(pd, list) and len(pd) == 2 and pd[0] in ("shake", "reroll", "vroll"),
              "a pending roll is damaged")
        _int(pd[1], 1, cards.DICE_PER_PLAYER, "pending dice")
        if pd[0] == "shake":
            _need(st.phase == SHAKE, "a shake outside the shake phase")
        elif pd[0] == "reroll":
            _need(st.phase == ACT and pd[1] <= 2, "a reroll outside the action phase")
        else:
            _need(st.phase in (WAKE, ACT) and pd[1] == st.vic[st.turn], "victory dice roll damaged")
    else:
        _need(st.phase != SHAKE, "a shake with no dice")
    _ints(st.used, 2, 0, cards.DICE_PER_PLAYER, "used pool")
    _ints(st.mods, 2, 0, cards.MOD_SPOTS, "modify spots")
    _ints(st.shen, 2, 0, SH_LESS | SH_NO4 | SH_NOTIE, "shenanigans")
    _int(st.flags, 0, F_ALL, "round flags")
    _int(st.keep, -1, 1, "keep")
    _int(st.rounds, 0, ROUND_LIMIT, "round count")
    _need(isinstance(st.pool, list) and len(st.pool) == 2, "pools damaged")
    for p in (0, 1):
        pool = st.pool[p]
        _need(isinstance(pool, list) and len(pool) <= cards.DICE_PER_PLAYER, "a pool is damaged")
        for v in pool:
            _int(v, 1, 6, "a shaken die")
        for name, pd in (("prank", st.prank), ("dodge", st.dodge)):
            _need(isinstance(pd, list) and len(pd) == 2, "%s damaged" % name)
            _ints(pd[p], 2, 0, cards.MAX_SLOT, name)
        _need(isinstance(st.sc, list) and len(st.sc) == 2, "scallywags damaged")
        _ints(st.sc[p], 4, 0, 0x7E, "scallywags")
        _need(isinstance(st.rd, list) and len(st.rd) == 2, "ready marks damaged")
        _ints(st.rd[p], 4, 0, 1, "ready marks")
        _need(isinstance(st.ig, list) and len(st.ig) == 2, "indulgency groups damaged")
        ig = st.ig[p]
        _need(isinstance(ig, list) and len(ig) == cards.NUM_IND, "indulgency groups damaged")
        for g in ig:
            if g is None:
                continue
            _need(isinstance(g, list) and len(g) == 2 and isinstance(g[0], list)
                  and len(g[0]) <= 6, "an indulgency group is damaged")
            for v in g[0]:
                _int(v, 1, 6, "an indulgency die")
            _int(g[1], 1, 6, "an indulgency group")
    w = st.winner
    if st.phase == OVER:
        _int(w, -1, 1, "winner")
    else:
        _need(w is None, "a winner in a game still going")


def check(st):
    """Raise ``BadState`` if an invariant is broken (no die created or lost,
    slots, cookies, patterns); True otherwise. Explicit checks, not ``assert``:
    loading a save relies on them, also under ``mpy-cross -O``."""
    for p in (0, 1):
        _need(dice_where(st, p) == cards.DICE_PER_PLAYER, "P%d has %d dice, not 9" % (p + 1, dice_where(st, p)))
        _need(1 <= st.cookie[p] <= 6, "cookie die out of range")
        _need(0 <= st.vic[p] <= cards.WIN_VICTORY, "victory dice out of range")
        _need(st.vic[p] < cards.WIN_VICTORY or st.winner == p, "3 victory dice and no winner")
        _need(0 <= st.mods[p] <= cards.MOD_SPOTS, "modify spots out of range")
        for pd in (st.prank[p], st.dodge[p]):
            _need(0 <= pd[0] <= pd[1] <= cards.MAX_SLOT, "prank/dodge slots out of range")
            _need((pd[0] == 0) == (pd[1] == 0), "an empty prank/dodge slot")
        for s in range(4):
            m = st.sc[p][s]
            _need(m & ~0x7E == 0, "scallywag levels out of range")
            _need(m == 0 or s in st.sets, "a scallywag on a set not in play")
            _need(st.rd[p][s] in (0, 1), "ready mark damaged")
        for v in st.pool[p]:
            _need(1 <= v <= 6, "a shaken die out of range")
        _need(st.pool[p] == sorted(st.pool[p]), "shaken dice out of order")
        _need(st.used[p] >= 0, "used pool below 0")
        for k in range(8):
            g = st.ig[p][k]
            if g is not None:
                _need(k in st.inds, "dice on a card not in play")
                _need(cards.fits(k, tuple(g[0])), "dice that do not fit their card")
                _need(1 <= g[1] <= len(g[0]), "an indulgency group out of range")
    if st.phase != SETUP:
        _need(len(st.sets) == 3 and len(st.inds) == 6, "cards in play damaged")
    if st.phase <= START:
        # before the start shake every die is in the used pool and nothing
        # has happened yet (the start shake would otherwise deal 9 more dice)
        fresh = type(st)()      # a new game's state (this module does not import the rules)
        for f in FIELDS.names:
            if f != "sets" and f != "inds" and f != "phase":
                _need(getattr(st, f) == getattr(fresh, f), "a game not started yet with %s set" % f)
    return True


def dice_where(st, p):
    """Count p's dice in every place; the total is always 9."""
    n = len(st.pool[p]) + st.used[p] + st.mods[p] + st.prank[p][0] + st.dodge[p][0] + st.vic[p]
    for s in range(4):
        n += ndice(st.sc[p][s])
    for k in range(8):
        g = st.ig[p][k]
        if g is not None:
            n += g[1]
    if st.pend is not None and st.pend[0] in ("shake", "reroll") and p == st.turn:
        n += st.pend[1]
    return n


# ---- why a move is refused ---------------------------------------------------
# rules.State.apply refuses a move that legal_actions does not list with these
# reasons (State._why_not imports this module then): the verbs' own checks, in
# the order each verb makes them, so play carries only the moves' effects.

def why_not(st, a, wake, act):
    """Why move ``a`` (a tuple of a move's shape) is not one seat
    ``st.turn`` may make now, or None if no check refuses it; ``wake`` and
    ``act`` are the rules' verbs of the Wakeup and of the Action phase. A
    move too short or of the wrong types raises IndexError, TypeError,
    ValueError or KeyError (State._why_not: "malformed action")."""
    p = st.turn
    verb = a[0]
    ph = st.phase
    if ph == WAKE:
        if verb not in wake:
            return "shake first: that is an Action" if verb in act else "unknown action"
    elif verb not in act:
        return "only in Wakeup" if verb in wake else "unknown action"
    n = _ARITY.get(verb, 0)
    if verb == "dodge" and ph == ACT:
        n = 2
    elif verb == "take" and len(a) > 1 and a[1] != "prank":
        n = 3
    if n and len(a) != n:
        return "malformed action"
    if verb == "dodge":
        if ph == ACT:
            return _place_why(st, p, a, st.dodge[p], "dodge")
        return None if st.dodge[p][0] else "no dodge dice"
    if verb == "combat":
        return None if st.prank[p][0] else "no prank dice"
    if verb == "score":
        if a[1] not in st.inds:
            return "card not in play"
        return st.can_score(p, a[1])
    if verb == "goal":
        for s in st.sets:
            if not (st.sc[p][s] >> cards.GOAL_LEVEL) & 1:
                return "every set must reach the goal line"
        return None
    if verb == "ready":
        if st.flags & F_READY:
            return "Ready all is once a round"
        for s in st.sets:
            if st.sc[p][s]:
                return None
        return "no scallywags"
    if verb == "advance":
        s = a[1]
        if st.flags & F_COOK:
            return "Cook#1 is once a turn"
        if not (cards.COOK in st.sets and st.sc[p][cards.COOK]):
            return "needs a die on Cook"
        if s not in st.sets or not st.sc[p][s]:
            return "no scallywag there"
        return "already at the top" if top(st.sc[p][s]) >= 6 else None
    if verb == "trim":
        if a[1] not in st.sets:
            return "set not in play"
        return "only one scallywag there" if ndice(st.sc[p][a[1]]) < 2 else None
    if verb == "take":
        what = a[1]
        if what == "prank":
            return None if st.prank[p][0] else "no prank dice"
        if what == "ind":
            k = a[2]
            if k not in st.inds or st.ig[p][k] is None:
                return "no dice of yours there"
            return None
        if what == "col":
            s = a[2]
            if s not in st.sets or not st.sc[p][s]:
                return "no scallywag there"
            return None
        return "nothing to take"
    if verb == "shake":
        return st.wake_block(p)
    if verb == "keep":
        if st.keep != p:
            return "only on your first turn"
        return st.wake_block(p)
    if verb == "mod":
        die, tgt, d = a[1], a[2], a[3]
        if st.mods[p] >= cards.MOD_SPOTS:
            return "modify spots full"
        if d != 1 and d != -1:
            return "change by 1"
        return pool_why(st, p, (die, tgt))
    if verb == "prank":
        return _place_why(st, p, a, st.prank[p], "prank")
    if verb == "scally":
        s = a[1]
        if s not in st.sets:
            return "set not in play"
        n = top(st.sc[p][s]) + 1
        if n > 6:
            return "set complete"
        return None if n in st.pool[p] else "needs a %d" % n
    if verb == "ind":
        k = a[1]
        pat = tuple(sorted(a[2]))
        if k not in st.inds:
            return "card not in play"
        if st.ig[p][k] is not None:
            return "you already have dice there"
        if not cards.fits(k, pat):
            return "dice do not fit the card"
        return "missing dice" if ind_dice(st, p, pat) is None else None
    if verb == "pass":
        return "dice must be rolled" if st.pend is not None else None
    return _task_why(st, p, a)       # "task"


_ARITY = {"dodge": 1, "combat": 1, "score": 2, "goal": 1, "ready": 1, "advance": 2,
          "trim": 2, "take": 2, "shake": 1, "keep": 1, "mod": 4, "prank": 2,
          "scally": 2, "ind": 3, "pass": 1}


def _place_why(st, p, a, pd, name):
    """Why a shaken die ``a[1]`` cannot go on prank or dodge (``pd``, ``name``)."""
    v = a[1]
    if pd[1] >= cards.MAX_SLOT:
        return "%s slots full" % name
    return pool_why(st, p, (v,))


def _reward_why(s, lv):
    return "Always effect: not a reward" if cards.KINDS[s][lv - 1] == "A" else None


def _task_why(st, p, a):
    s = a[1]
    lv = a[2]
    if s not in st.sets:
        return "set not in play"
    m = st.sc[p][s]
    if not m:
        return "no scallywag there"
    if not st.rd[p][s]:
        return "these scallywags are used"
    if st.phase == WAKE and not st.flags & F_READY:
        return "Ready all first: Wakeup tasks come after it"
    if st.flags & (F_PAID << s):
        return "this set has paid already this round"
    if not 1 <= lv <= top(m):
        return "above your scallywag"
    why = _reward_why(s, lv)
    if why:
        return why
    code = cards.CODES[s][lv - 1]
    args = a[3:]
    if code == "any":  # R12
        s2 = args[0]
        lv2 = args[1]
        if s2 not in st.sets or not 1 <= lv2 <= 6:
            return "task not in play"
        if s2 == cards.DIY and lv2 == 6:
            return "pick another task"
        why = _reward_why(s2, lv2)
        if why:
            return why
        code = cards.CODES[s2][lv2 - 1]
        args = args[2:]
    try:
        rewards.check(st, p, s, code, args)
    except IllegalMove as e:
        return e.reason
    return None

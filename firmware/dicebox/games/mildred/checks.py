"""Auntie Mildred's saved-state checks: what ``rules.State.from_dict`` runs
when a save is read back (``load``), and nothing else. Imported only there
and dropped when the table is back on top (the manifest's ``ON_DEMAND``):
play does not carry it.

``load`` fills a blank State from a save's data and refuses anything that
breaks a type, range, length or invariant with ``BadState`` (a
``valid.BadData``) whose text says which: first every field's type, range
and length (``_check_types``: no loop runs on an unchecked number), then the
invariants (``check``): a player's 9 dice are always somewhere (pool, used,
mods, prank, dodge, sc, ig, vic, or a pending shake or reroll:
``dice_where``), slots, cookies, patterns, and a game not started yet has
nothing set. It imports the board, not the rules.
"""
from dicebox.core.valid import BadData
from dicebox.games.mildred import cards
from dicebox.games.mildred.board import (
    ACT, F_ALL, FIELDS, OVER, ROUND_LIMIT, SETUP, SH_LESS, SH_NO4, SH_NOTIE, SHAKE,
    START, WAKE, ndice)


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

"""Dairyman's saved-state checks: what ``rules.State.from_dict`` runs when a
save is read back (``load``), and nothing else. Imported only there and
dropped when the table is back on top (the manifest's ``ON_DEMAND``): play
does not carry it. It imports the tiles and the names of the dice, not the
rules.
"""
from dicebox.core.valid import BadData, need
from dicebox.games.dairyman.tiles import (
    CHEESE, FIELDS, FREE, MAXRED, NTILES, RED, RESET, ROLL, SETUP, SPENT, SUPPLY,
    BACK, WHITE, YELLOW)


def load(s, d):
    """``s`` (a blank State) filled from the data ``to_dict`` saved;
    ``BadData`` (a ValueError) for any save that breaks a type, a range or
    an invariant of the game: every
    tile exactly once across stack, display, hands and a pending reshuffle;
    the dice of a turn (7 white, 1 yellow, 0-4 red); locked dice in sets of
    ten; a seat that exists. A damaged save is refused, never half-loaded.
    ``FIELDS.load`` checks the version and that every field is there; the
    values are judged here."""
    need(isinstance(d, dict), "not a saved game")
    FIELDS.load(s, d)
    n = _int(s.n, 2, 4, "players")
    s.supply_total = SUPPLY[n]
    s.stack = _ints(s.stack, 0, NTILES - 1, "stack", NTILES)
    s.display = _ints(s.display, 0, NTILES - 1, "display", 3)
    owned = _list(s.owned, "hands", n)
    s.owned = [_ints(o, 0, NTILES - 1, "a hand", NTILES) for o in owned]
    s.flipped = _ints(s.flipped, 0, 1, "flipped tiles", NTILES)
    need(len(s.flipped) == NTILES, "flipped tiles: wrong count")
    s.tokens = _ints(s.tokens, 0, s.supply_total, "backorder tokens", n)
    need(len(s.tokens) == n, "backorder tokens: wrong count")
    need(sum(s.tokens) <= s.supply_total, "more backorder tokens than the supply")
    s.freeze = _ints(s.freeze, 0, 999, "freeze tokens", n)
    need(len(s.freeze) == n, "freeze tokens: wrong count")
    s.seat = _int(s.seat, 0, n - 1, "seat")
    s.dc = _ints(s.dc, 0, 2, "dice colours", 8 + MAXRED)
    s.dv = _ints(s.dv, 0, 6, "dice values", 8 + MAXRED)
    s.dl = _ints(s.dl, 0, SPENT, "dice places", 8 + MAXRED)
    s.sets = [_ints(x, 0, 8 + MAXRED, "a set", 4) for x in _list(s.sets, "sets")]
    s.rolls = _int(s.rolls, 0, 9999, "rolls")
    s.need_lock = _yes_no(s.need_lock, "need_lock")
    s.used = _ints(s.used, 0, NTILES - 1, "used ice creams", NTILES)
    s.over = _yes_no(s.over, "over")
    s.turns = _int(s.turns, 0, 99999, "turns")
    last = _list(s.last, "last move")
    need(len(last) <= 12, "last move too long")
    for x in last:
        need(type(x) is int or isinstance(x, str), "last move: bad item")
    p = s.pending
    if p is not None:
        p = _list(p, "pending roll")
        need(len(p) >= 1, "pending roll empty")
        kind = _int(p[0], SETUP, RESET, "pending kind")
        if kind == SETUP:
            need(len(p) == 1, "pending shuffle: extra items")
            s.pending = [SETUP]
        else:
            need(len(p) == 2, "pending roll: wrong shape")
            hi = 8 + MAXRED - 1 if kind == ROLL else NTILES - 1
            s.pending = [kind, _ints(p[1], 0, hi, "pending items", NTILES)]
    check(s)
    return s


def check(s):
    """Raise BadData unless the state ``s`` keeps the game's invariants."""
    p = s.pending
    need(not (s.over and p is not None), "a finished game waits for a roll")
    setup = p is not None and p[0] == SETUP
    where = []
    for o in s.owned:
        where.extend(o)
    where.extend(s.stack)
    where.extend(s.display)
    if p is not None and p[0] == RESET:
        where.extend(p[1])
    if setup:
        need(not where and s.turns == 0, "tiles dealt before the shuffle")
    else:
        need(len(where) == NTILES, "tiles created or lost")
        seen = [0] * NTILES
        for t in where:
            need(not seen[t], "a tile is in two places")
            seen[t] = 1
    mine = []
    for o in s.owned:
        mine.extend(o)
    for t in range(NTILES):
        if s.flipped[t]:
            need(t in mine, "a flipped tile nobody owns")
    nd = len(s.dc)
    need(len(s.dv) == nd and len(s.dl) == nd, "dice lists differ in length")
    if nd == 0:
        need(setup or s.over or (p is not None and p[0] == RESET),
             "a turn without dice")
        need(not s.sets and not s.used, "sets without dice")
        return
    need(not setup and not s.over, "dice outside a turn")
    need(nd >= 8 and s.dc[:8] == [WHITE] * 7 + [YELLOW], "the dice are not 7 white and 1 yellow")
    for c in s.dc[8:]:
        need(c == RED, "extra dice must be red")
    need(s.rolls >= 1, "a turn without a roll")
    rolling = p[1] if p is not None and p[0] == ROLL else []
    for k in range(len(rolling)):
        i = rolling[k]
        need(i < nd and i not in rolling[k + 1:], "rolling a die that is not there")
        need(s.dl[i] == FREE, "rolling a locked die")
    for i in range(nd):
        need(s.dv[i] >= 1 or i in rolling, "a die shows no face")
        if s.dl[i] == SPENT:
            need(s.dc[i] == YELLOW, "only the yellow die is spent")
    inset = [0] * nd
    for st in s.sets:
        need(3 <= len(st) <= 4 and 1 <= st[0] <= 3, "a set is 2 or 3 dice in a barn")
        tot = 0
        for i in st[1:]:
            need(i < nd and not inset[i], "a die in two sets")
            inset[i] = 1
            need(s.dl[i] == st[0], "a set's die is not in its barn")
            tot += s.dv[i]
        need(tot == 10, "a set does not total 10")
    for i in range(nd):
        need((1 <= s.dl[i] <= 3) == (inset[i] == 1), "a locked die outside a set")
    hand = s.owned[s.seat]
    for k in range(len(s.used)):
        t = s.used[k]
        need(t in hand and s.flipped[t] and BACK[t] != CHEESE
             and t not in s.used[k + 1:], "an ice cream used that is not yours")


def _int(x, lo, hi, what):
    if type(x) is not int or x < lo or x > hi:
        raise BadData("%s out of range" % what)
    return x


def _list(x, what, n=None):
    if not isinstance(x, list):
        raise BadData("%s is not a list" % what)
    if n is not None and len(x) != n:
        raise BadData("%s: wrong count" % what)
    return x


def _yes_no(x, what):
    """A saved yes/no: true/false, or 1/0 as the first saves wrote it."""
    if x is True or x is False:
        return x
    return bool(_int(x, 0, 1, what))


def _ints(x, lo, hi, what, most):
    _list(x, what)
    need(len(x) <= most, "%s: too many" % what)
    for v in x:
        _int(v, lo, hi, what)
    return list(x)

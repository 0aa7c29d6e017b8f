"""Dairyman's moves in a game log (core/gamelog.py): imported only while a
log is recorded, read or replayed.

No options beyond the seats (2 to 4). An action is its number (``_VERBS``)
in the step's tag, then its fields: a lock's two or three dice two to a byte
(in the order played: it is the set's order); a reroll's frozen dice as a
list (the count and the dice two to a byte; a reroll freezing none has no
fields); a claim's tiles as a count byte and a byte each; a flip's or an ice
cream's tile as a byte (and the die an "ice any" picks).
"""
from dicebox.core.gamelog import no_options, put_byte, put_nibbles, turn_actor, verb_number
from dicebox.core.valid import BadData, need
from dicebox.games.dairyman.rules import State

SEATS = (2, 4)
COALESCE = None          # no clock actions
_VERBS = ("lock", "reroll", "claim", "fail", "flip", "ice")
# the numbers beyond them: ("ice", t, die), a lock of 2 dice, of 3, a reroll freezing none
_ICE_DIE = 6
_LOCK2 = 7
_LOCK3 = 8
_REROLL = 9


options = no_options
actor = turn_actor


def make(n, r):
    return State(n)


def put(buf, tag, a, rec):
    v = a[0]
    k = verb_number(_VERBS, a)
    if v == "ice" and len(a) == 3:
        k = _ICE_DIE
    elif k <= 1:
        _only(a, 2)
        d = a[1]
        if k == 1 and len(d) == 0:
            buf.append(tag | _REROLL)
            return
        if k == 0 and 2 <= len(d) <= 3:
            for i in d:
                if type(i) is not int or not 0 <= i <= 15:
                    raise ValueError("cannot log %r" % (a,))
            buf.append(tag | (_LOCK2 if len(d) == 2 else _LOCK3))
            buf.append(d[0] << 4 | d[1])
            if len(d) == 3:
                buf.append(d[2] << 4)
            return
    buf.append(tag | k)
    if k == 0 or k == 1:
        put_nibbles(buf, a[1])
    elif k == 2:
        _only(a, 2)
        put_byte(buf, len(a[1]))
        for t in a[1]:
            put_byte(buf, t)
    elif k == 3:
        _only(a, 1)
    elif k == _ICE_DIE:
        put_byte(buf, a[1])
        put_byte(buf, a[2])
    else:
        _only(a, 2)
        put_byte(buf, a[1])


def _only(a, n):
    if len(a) != n:
        raise ValueError("cannot log %r" % (a,))


def get(r, k, seat, st):
    if k <= 1:
        return (_VERBS[k], tuple(r.nibbles()))
    if k == 2:
        n = r.byte()
        need(1 <= n <= 3, "a claim of %d tiles" % n)
        return ("claim", tuple(r.byte() for _ in range(n)))
    if k == 3:
        return ("fail",)
    if k <= 5:
        return (_VERBS[k], r.byte())
    if k == _ICE_DIE:
        t = r.byte()
        return ("ice", t, r.byte())
    if k == _REROLL:
        return ("reroll", ())
    if k == _LOCK2 or k == _LOCK3:
        b = r.byte()
        d = (b >> 4, b & 15)
        if k == _LOCK3:
            b = r.byte()
            need(not b & 15, "a lock padded")
            d += (b >> 4,)
        return ("lock", d)
    raise BadData("an unknown move")

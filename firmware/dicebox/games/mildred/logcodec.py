"""Auntie Mildred's moves in a game log (core/gamelog.py): imported only
while a log is recorded, read or replayed.

No options (two seats). An action is its verb's number in the step's tag,
then one list of small numbers (the count and the numbers two to a byte,
each -8..7 folded to 0..15: 0, -1, 1, -2...): the action's fields as they
are, except a "take"'s word (its number in ``TAKES``) and an indulgency's
dice, which follow its card.
"""
from dicebox.core.gamelog import no_options, put_nibbles, turn_actor, unzig, verb_number, zig
from dicebox.core.valid import BadData, need
from dicebox.games.mildred.rules import State

SEATS = (2, 2)
COALESCE = None          # no clock actions
_VERBS = ("dodge", "combat", "score", "goal", "ready", "advance", "trim", "take",
          "shake", "keep", "mod", "prank", "scally", "ind", "task", "pass")
TAKES = ("prank", "ind", "col")


options = no_options
actor = turn_actor


def make(n, r):
    return State()


def put(buf, tag, a, rec):
    v = a[0]
    k = verb_number(_VERBS, a)
    items = list(a[1:])
    if v == "take" and items:
        if items[0] not in TAKES:
            raise ValueError("cannot log %r" % (a,))
        items[0] = TAKES.index(items[0])
    elif v == "ind" and len(a) == 3:
        items = [a[1]] + list(a[2])
    for x in items:
        if type(x) is not int or x < -8 or x > 7:
            raise ValueError("cannot log %r" % (a,))
    buf.append(tag | k)
    put_nibbles(buf, [zig(x) for x in items])


def get(r, k, seat, st):
    v = _VERBS[k]
    items = [unzig(u) for u in r.nibbles()]
    if v == "take" and items:
        need(0 <= items[0] < len(TAKES), "an unknown take")
        items[0] = TAKES[items[0]]
    elif v == "ind":
        if not items:
            raise BadData("an indulgency without its card")
        return (v, items[0], tuple(items[1:]))
    return (v,) + tuple(items)

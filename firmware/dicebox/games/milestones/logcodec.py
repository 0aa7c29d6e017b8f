"""Milestones' moves in a game log (core/gamelog.py): imported only while a
log is recorded, read or replayed.

Options: a byte of flags (1: variant 1's big pile; 2, 4: the hourglass card
on side 6, 7), a byte of the must-do sides laid out (bit ``s``: side ``s``),
the glass's sand in ms (7 bits a byte). An action is its verb's number in the
step's tag, whose seat is the action's own (a draw, claim, discard or flip),
the roller's (a roll) or none (a clock action, whatever seat the table
gives); then a draw's pile, a roll's
dice mask, a claim's pile + 1 (a byte each); a clock action's value as what
it adds to the last one (a resume's may take away: signed).

The clock moves on at every frame: the recorder keeps only the last of the
"time" actions that follow one another (``COALESCE``), which the rules make
the same state from.
"""
from dicebox.core.gamelog import put_byte, put_sint, put_uint, verb_number
from dicebox.core.valid import BadData, need
from dicebox.games.milestones.rules import MAX_GAME_MS, MAX_MS, State

SEATS = (1, 5)
COALESCE = "time"
_VERBS = ("draw", "roll", "claim", "discard", "flip", "time", "pause", "resume")
_CLOCK = 5               # the first clock verb


def options(st):
    f = 1 if st.big else 0
    if st.hg_side is not None:
        f |= 2 << (st.hg_side - 6)
    m = 0
    for s in st.mand_all:
        m |= 1 << s
    b = bytearray((f, m))
    put_uint(b, st.glass.total)
    return b


def make(n, r):
    f = r.byte()
    need(f < 6, "options out of range")
    hg = (f >> 1) & 3
    need(hg < 3, "the hourglass card out of range")
    m = r.below(64, "the must-do cards")
    ms = r.uint()
    need(1 <= ms <= MAX_GAME_MS, "the sand out of range")
    try:
        return State(n, bool(f & 1), [s for s in range(6) if m >> s & 1],
                     5 + hg if hg else None, ms)
    except ValueError as e:
        raise BadData(str(e))


def actor(st, a):
    v = a[0]
    if v == "time" or v == "pause" or v == "resume":
        return None
    if v == "roll":
        return st.turn
    return a[1]


def put(buf, tag, a, rec):
    k = verb_number(_VERBS, a)
    if k >= _CLOCK:
        if len(a) != 2 or type(a[1]) is not int or not 0 <= a[1] <= MAX_MS:
            raise ValueError("cannot log %r" % (a,))
        buf.append(k)
        if k == 7:
            put_sint(buf, a[1] - rec.now)
        else:
            if a[1] < rec.now:
                raise ValueError("the clock went back: %r" % (a,))
            put_uint(buf, a[1] - rec.now)
        rec.now = a[1]
        return
    if k == 1:
        if len(a) != 2:
            raise ValueError("cannot log %r" % (a,))
    elif len(a) != (3 if k <= 2 else 2) or not tag or a[1] != (tag >> 4) - 1:
        raise ValueError("cannot log %r for seat %d" % (a, (tag >> 4) - 1))
    buf.append(tag | k)
    if k == 0 or k == 1:
        put_byte(buf, a[-1])
    elif k == 2:
        put_byte(buf, a[2] + 1)


def get(r, k, seat, st):
    need(k < len(_VERBS), "an unknown move")
    if k >= _CLOCK:
        need(seat is None, "a clock action by a seat")
        d = r.sint() if k == 7 else r.uint()
        t = st.now + d
        need(0 <= t <= MAX_MS, "the clock out of range")
        return (_VERBS[k], t)
    need(seat is not None, "a move by no seat")
    if k == 1:
        return ("roll", r.byte())
    if k == 0:
        return ("draw", seat, r.byte())
    if k == 2:
        return ("claim", seat, r.byte() - 1)
    if k <= 4:
        return (_VERBS[k], seat)
    raise BadData("an unknown move")

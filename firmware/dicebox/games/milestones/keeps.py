"""Keep requests: "my card is close, keep these dice".

An Expert bot whose card is one roll away asks its teammates to leave the
dice it needs, and the table may ask the same for a person (a keep mark).
The board belongs to play, not to the bots: the table reads it to draw the
asked-for dice (a double frame) before any bot is loaded, and clears it for a
new game.

``_ASKED[seat]`` = (card, mask, packed faces of the masked dice) or None. A
request holds while the seat keeps that card and the masked dice show the
same faces (so it holds on a clone of the state too, e.g. for a hint).
"""

_ASKED = [None] * 5


def _packed(dice, mask):
    p = 0
    for i in range(6):
        if (mask >> i) & 1:
            p |= dice[i] << (3 * i)
    return p


def announce(st, seat, mask):
    """Seat ``seat`` asks the others to keep the dice in ``mask`` (0: withdraw)."""
    if mask and st.dice is not None and st.hands[seat] >= 0:
        _ASKED[seat] = (st.hands[seat], mask, _packed(st.dice, mask))
    else:
        _ASKED[seat] = None


def announced(st, seat):
    """The dice mask ``seat`` asked to keep and that still holds, else 0."""
    e = _ASKED[seat] if 0 <= seat < len(_ASKED) else None
    if e is None or st.dice is None or seat >= st.n:
        return 0
    if st.hands[seat] != e[0] or _packed(st.dice, e[1]) != e[2]:
        return 0
    return e[1]


def protected(st, seat):
    """The dice the other seats asked to keep (``seat`` does not reroll them)."""
    m = 0
    for s in range(st.n):
        if s != seat and _ASKED[s] is not None:
            m |= announced(st, s)
    return m


def clear_announcements():
    for s in range(len(_ASKED)):
        _ASKED[s] = None

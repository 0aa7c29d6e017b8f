"""The 22 milk tiles, kept in one place.

Each tile is (value, need, back):

* value: points at the end of the game, 10..40. It is also what the tile costs
  to claim from the display.
* need: what flipping the tile costs. 1..6 = the unlocked yellow die showing
  that face (the die is spent); 11..13 = 1..3 freeze tokens.
* back: CHEESE (+5 points at the end) or one of the ice creams, each a once a
  turn reroll: ICE1 (all unlocked 1s), ICE2 (all unlocked 2s), ICEANY (one
  unlocked die).

Design: values 10 to 40 in steps of 5 (2/3/4/4/4/3/2 tiles). The barns
always hold a multiple of 10, so a 15, 25 or 35 costs as much as the next even
value: those ten tiles carry the cheese backs, and a flip makes them worth what
they cost. The twelve even tiles carry the ice creams, four of each. Twelve
tiles flip with the yellow die, two for each face; ten with freeze tokens
(three need 1, four need 2, three need 3).
"""
from micropython import const

CHEESE = const(0)
ICE1 = const(1)
ICE2 = const(2)
ICEANY = const(3)

TILES = (
    (10, 1, 1), (10, 2, 2),
    (15, 3, 0), (15, 4, 0), (15, 11, 0),
    (20, 5, 3), (20, 11, 1), (20, 6, 2), (20, 12, 3),
    (25, 1, 0), (25, 2, 0), (25, 11, 0), (25, 12, 0),
    (30, 3, 1), (30, 12, 2), (30, 4, 3), (30, 13, 1),
    (35, 5, 0), (35, 6, 0), (35, 12, 0),
    (40, 13, 2), (40, 13, 3),
)
NTILES = const(22)
BACK_NAMES = ("cheese", "ice 1s", "ice 2s", "ice any")


def value(t):
    return TILES[t][0]


def need(t):
    return TILES[t][1]


def back(t):
    return TILES[t][2]




_BACK = ("cheese", "ice 1s", "ice 2s", "ice 1die")   # a back in a tile's line


def tile_line(t):
    """A tile in 16 characters: value, flip need (Yn: yellow die shows n; Fn:
    n freeze tokens), back."""
    v, need_, back = TILES[t]
    if need_ <= 6:
        n = "Y%d" % need_
    else:
        n = "F%d" % (need_ - 10)
    return "%2d %s %s" % (v, n, _BACK[back])

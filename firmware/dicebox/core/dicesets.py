"""Dice sets shared by the roller and the games: the Milestones colour table.

It lives in core (not in the game) because the dice roller shows Milestones
dice in their colours, and core and apps may not import a game's modules.
``games/milestones/dice.py`` takes the same names from here, so the roller and
the game always agree on which colour each face has.

Each die has the numbers 1-6; each face also has one of six colours. The colour
of number ``n`` on die ``d`` is ``FACE_COLOUR[d * 6 + n - 1]``. Every row (die)
and every column (number) of that 6x6 table holds each colour once, so across
the six dice every number-colour pair appears exactly once (a Latin square).
"""
from micropython import const

RED = const(0)
PURPLE = const(1)
BLUE = const(2)
BLACK = const(3)
YELLOW = const(4)
GREEN = const(5)

NAMES = ("red", "purple", "blue", "black", "yellow", "green")
# One-letter codes for the monochrome screen (K for black, as in print).
LETTERS = "RPBKYG"

FACE_COLOUR = bytes((
    0, 1, 2, 3, 4, 5,
    1, 2, 0, 4, 5, 3,
    2, 0, 1, 5, 3, 4,
    3, 4, 5, 0, 1, 2,
    4, 5, 3, 1, 2, 0,
    5, 3, 4, 2, 0, 1,
))

NDICE = const(6)


def colour(die, number):
    """Colour index (into NAMES/LETTERS) of ``number`` (1..6) on die ``die`` (0..5)."""
    return FACE_COLOUR[die * 6 + number - 1]

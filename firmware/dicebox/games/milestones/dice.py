"""The six Milestones dice as data.

Each die has the numbers 1-6; each face also has one of six colours. The colour of
number ``n`` on die ``d`` is ``FACE_COLOUR[d * 6 + n - 1]``. Every row (die) and every
column (number) of that 6x6 table holds each colour once, so across the six dice every
number-colour pair appears exactly once (a Latin square): "the yellow 2" is on one die.
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

# Fill patterns for a colour on the monochrome panel: four rows of a 4x4 tile,
# bit 3 = leftmost pixel. red: horizontal stripes, purple: checker dots,
# blue: vertical stripes, black: solid, yellow: empty, green: diagonal.
PATTERNS = (
    (0xF, 0x0, 0xF, 0x0),
    (0xA, 0x5, 0xA, 0x5),
    (0xA, 0xA, 0xA, 0xA),
    (0xF, 0xF, 0xF, 0xF),
    (0x0, 0x0, 0x0, 0x0),
    (0x8, 0x4, 0x2, 0x1),
)
PATTERN_NAMES = ("stripes across", "checker", "stripes down", "solid", "empty", "diagonal")

FACE_COLOUR = bytes((
    0, 1, 2, 3, 4, 5,
    1, 2, 0, 4, 5, 3,
    2, 0, 1, 5, 3, 4,
    3, 4, 5, 0, 1, 2,
    4, 5, 3, 1, 2, 0,
    5, 3, 4, 2, 0, 1,
))

NDICE = const(6)
ALL = const(63)  # bit mask of all six dice


def colour(die, number):
    return FACE_COLOUR[die * 6 + number - 1]


def label(die, number):
    """'4Y': number and colour letter of a die showing ``number``."""
    return "%d%s" % (number, LETTERS[FACE_COLOUR[die * 6 + number - 1]])

"""The six Milestones dice as the game sees them.

The colour table itself (which colour each number has on each die, a Latin
square: "the yellow 2" is on one die) lives in ``core/dicesets.py``, shared with
the dice roller; this module takes its names from there, so there is one
source, and adds what only the game draws: the fill patterns of the colours on
the monochrome panel and a die's label ("4Y").
"""
from micropython import const
from dicebox.core.dicesets import (  # noqa: F401  (re-exported for the game)
    RED, PURPLE, BLUE, BLACK, YELLOW, GREEN, NAMES, LETTERS, FACE_COLOUR, NDICE, colour)

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

ALL = const(63)  # bit mask of all six dice


def label(die, number):
    """'4Y': number and colour letter of a die showing ``number``."""
    return "%d%s" % (number, LETTERS[FACE_COLOUR[die * 6 + number - 1]])


def labels(dice, mask):
    """The labels of the dice in bit ``mask`` ("2R 5P"), as they show now."""
    out = []
    for i in range(NDICE):
        if (mask >> i) & 1:
            out.append(label(i, dice[i]))
    return " ".join(out)

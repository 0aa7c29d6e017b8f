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

# Fill patterns for a colour on the monochrome panel: colour c's four rows of a
# 4x4 tile are PATTERNS[4 * c:4 * c + 4], bit 3 = leftmost pixel (one bytes: a
# tuple of tuples took seven objects of the heap).
PATTERNS = (
    b"\x0f\x00\x0f\x00"   # red: horizontal stripes
    b"\x0a\x05\x0a\x05"   # purple: checker dots
    b"\x0a\x0a\x0a\x0a"   # blue: vertical stripes
    b"\x0f\x0f\x0f\x0f"   # black: solid
    b"\x00\x00\x00\x00"   # yellow: empty
    b"\x08\x04\x02\x01"   # green: diagonal
)

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

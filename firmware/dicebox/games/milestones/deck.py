"""The Milestones cards as data: the 51 task cards and the 4 special cards.

Card ``i`` is ``TIER[i]`` (0 easy, 1 medium, 2 hard), ``POINTS[i]``, ``HITS[i]``
and ``TASKS[i]`` (``card(i)``: the four as a row); ``hits`` is how many of the
6**6 = 46656 equally likely rolls of the six dice fulfil the task (the chance of
one roll; exact, by enumeration). Tiers and points follow the
expected number of rolls to meet the card when one player rerolls as well as
possible (host_tools/studies/milestones_odds.py computes it exactly; the table is in
docs/games/milestones-deck.md and tests/host/test_milestones_deck_*.py recompute
it): every easy card takes fewer rolls than every medium card, every medium card
fewer than every hard card, and within a tier the cards worth more points take
more rolls.

``SIDE_HITS[s]`` and ``SIDE_TASKS[s]`` (``side(s)``: the two as a row) for the
eight sides of the special cards: side
``s`` is side a or b (``s & 1``) of special card ``s >> 1``; cards 0-2 are the
mandatory tasks (marked !), card 3 is the hourglass card.

The rows are written below as tuples and read into those columns as the module
loads: a bytes, an array and a tuple of the tasks hold what 59 row tuples held
(about 2.9 KB less of the heap on the host).
"""
from array import array
from micropython import const
from dicebox.games.milestones.tasks import (
    COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, NON, NOC)
from dicebox.games.milestones.dice import RED, BLUE, BLACK, GREEN, YELLOW, PURPLE

EASY = const(0)
MEDIUM = const(1)
HARD = const(2)
TIER_NAMES = ("easy", "medium", "hard")
TOTAL = const(46656)

# Card ids are saved with a game, so each id keeps its tier; deck version 2 gave
# ids 33-35, 44-45 and 47 other tasks and set the points by the expected rolls
# (see docs/games/milestones-deck.md).
_CARDS = (
    (0, 1, 27720, ((RUN, 3),)),  # run of 3
    (0, 1, 28334, ((RUNC, 2),)),  # run 2 1 col
    (0, 1, 25950, ((SAMEN, 2), (SAMEN, 2))),  # 2 same num + 2 same num
    (0, 1, 25950, ((SAMEC, 2), (SAMEC, 2))),  # 2 same col + 2 same col
    (0, 1, 26280, ((RUN, 2), (RUN, 2))),  # run of 2 + run of 2
    (0, 1, 22274, ((RUNC, 2), (SAMEN, 2))),  # run 2 1 col + 2 same num
    (0, 2, 19502, ((NUM, 1, 1), (NUM, 6, 1))),  # 1x 1 + 1x 6
    (0, 2, 19502, ((COL, RED, 1), (COL, BLUE, 1))),  # 1x R + 1x B
    (0, 2, 19502, ((COL, RED, 1), (NUM, 5, 1))),  # 1x R + 1x 5
    (0, 2, 17136, ((SAMEN, 3),)),  # 3 same num
    (0, 2, 17136, ((SAMEC, 3),)),  # 3 same col
    (0, 2, 19502, ((COL, GREEN, 1), (NUM, 2, 1))),  # 1x G + 1x 2
    (0, 2, 15625, ((NOC, 0b010000),)),  # no Y
    (0, 2, 15625, ((NON, 0b000001),)),  # no 1
    (0, 2, 15360, ((SAMEN, 2), (NOC, 0b100000))),  # 2 same num + no G
    (0, 2, 16260, ((RUN, 3), (RUN, 2))),  # run of 3 + run of 2
    (0, 2, 12600, ((RUN, 4),)),  # run of 4
    (0, 2, 12281, ((NUM, 4, 2),)),  # 2x 4
    (0, 2, 12281, ((COL, RED, 2),)),  # 2x R
    (0, 2, 11340, ((COL, RED, 1), (COL, BLUE, 1), (COL, GREEN, 1))),  # 1x R + 1x B + 1x G
    (0, 2,  9660, ((RUN, 3), (NON, 0b000001))),  # run of 3 + no 1
    (0, 2,  7950, ((SAMEN, 3), (SAMEN, 2))),  # 3 same num + 2 same num
    (0, 2,  7950, ((SAMEC, 3), (SAMEC, 2))),  # 3 same col + 2 same col
    (1, 2,  7900, ((SAMEN, 2), (SAMEN, 2), (RUN, 2))),  # 2 same num + 2 same num + run of 2
    (1, 3,  7776, ((FACE, YELLOW, 2),)),  # 2Y
    (1, 2,  5876, ((NUM, 3, 1), (NUM, 4, 1), (COL, RED, 1), (COL, BLUE, 1))),  # 1x 3 + 1x 4 + 1x R + 1x B
    (1, 2,  5340, ((SAMEC, 3), (NON, 0b100000))),  # 3 same col + no 6
    (1, 2,  4802, ((RUNC, 2), (RUNC, 2))),  # run 2 1 col + run 2 1 col
    (1, 3,  4494, ((RUNC, 3),)),  # run 3 1 col
    (1, 2,  4409, ((RUN, 4), (NOC, 0b000001))),  # run of 4 + no R
    (1, 3,  4320, ((RUN, 5),)),  # run of 5
    (1, 2,  4267, ((RUN, 3), (COL, PURPLE, 2))),  # run of 3 + 2x P
    (1, 3,  7776, ((FACE, GREEN, 6),)),  # 6G
    (1, 3,   729, ((ONLYN, 0b010101),)),  # only 135
    (1, 3,  1650, ((SAMEN, 3), (COL, BLACK, 2))),  # 3 same num + 2x K
    (1, 3,  1545, ((RUN, 5), (NOC, 0b010000))),  # run of 5 + no Y
    (1, 3,  3600, ((RUN, 4), (SAMEN, 2))),  # run of 4 + 2 same num
    (1, 3,  3780, ((RUN, 4), (RUN, 2))),  # run of 4 + run of 2
    (1, 3,  2906, ((NUM, 3, 3),)),  # 3x 3
    (1, 3,  2906, ((COL, BLUE, 3),)),  # 3x B
    (1, 3,  2436, ((SAMEN, 4),)),  # 4 same num
    (1, 3,  2436, ((SAMEC, 4),)),  # 4 same col
    (2, 5,  1800, ((SAMEN, 2), (SAMEN, 2), (SAMEN, 2))),  # 2 same num + 2 same num + 2 same num
    (2, 5,  1800, ((SAMEC, 2), (SAMEC, 2), (SAMEC, 2))),  # 2 same col + 2 same col + 2 same col
    (2, 5,   300, ((SAMEN, 3), (SAMEN, 3))),  # 3 same num + 3 same num
    (2, 5,   576, ((RUNC, 4),)),  # run 4 1 col
    (2, 5,   720, ((RUN, 6),)),  # run of 6
    (2, 5,   450, ((SAMEC, 4), (SAMEC, 2))),  # 4 same col + 2 same col
    (2, 5,   720, ((SAMEN, 3), (SAMEC, 3))),  # 3 same num + 3 same col
    (2, 5,   450, ((SAMEN, 4), (SAMEN, 2))),  # 4 same num + 2 same num
    (2, 5,   300, ((SAMEC, 3), (SAMEC, 3))),  # 3 same col + 3 same col
)
DECK_VERSION = const(2)

_SIDES = (
    (12600, ((RUN, 4),)),                          # ! card 1, side a
    (4320, ((RUN, 5),)),                           # ! card 1, side b
    (17136, ((SAMEC, 3),)),                        # ! card 2, side a
    (2436, ((SAMEC, 4),)),                         # ! card 2, side b
    (7950, ((SAMEN, 3), (SAMEN, 2))),              # ! card 3, side a
    (1800, ((SAMEN, 2), (SAMEN, 2), (SAMEN, 2))),  # ! card 3, side b
    (2906, ((NUM, 6, 3),)),                         # hourglass card, side a
    (4494, ((RUNC, 3),)),                          # hourglass card, side b
)


def _tasks(rows):
    """The tasks of ``rows`` (each row's last item), equal clauses and equal
    tasks held once (the same values: a task is compared and hashed by value
    everywhere). Most clauses recur ((SAMEN, 2) on ten cards), and each copy
    took a tuple of the chip's heap."""
    seen = {}
    out = []
    for row in rows:
        t = tuple(seen.setdefault(cl, cl) for cl in row[-1])
        out.append(seen.setdefault(t, t))
    return tuple(out)


TIER = bytes(row[0] for row in _CARDS)
POINTS = bytes(row[1] for row in _CARDS)
HITS = array("H", [row[2] for row in _CARDS])
SIDE_HITS = array("H", [row[0] for row in _SIDES])
TASKS = _tasks(_CARDS + _SIDES)
SIDE_TASKS = TASKS[len(_CARDS):]
TASKS = TASKS[:len(_CARDS)]
del _tasks, _CARDS, _SIDES
NMANDATORY = const(3)
HOURGLASS_CARD = const(3)
NCARDS = const(51)


def tier_cards(tier):
    return [i for i in range(NCARDS) if TIER[i] == tier]


def card(c):
    """Card ``c`` as a row: (tier, points, hits, task)."""
    return (TIER[c], POINTS[c], HITS[c], TASKS[c])


def side(s):
    """Special side ``s`` as a row: (hits, task)."""
    return (SIDE_HITS[s], SIDE_TASKS[s])

"""All card data for Auntie Mildred's List of Random Tasks, in one place.

Task sets are numbered 0..3; a task card is (set, level) with level 1..6.
Each card has an effect code; the rules module implements every code. The
cards' names and texts (the Task cards page's) are help.py's.
Indulgency cards are numbered 0..7 (the Goal Line is not one of them).
"""

CLEAN = 0
LAUNDRY = 1
DIY = 2
COOK = 3
SET_NAMES = ("Clean", "Laundry", "DIY", "Cook")
SET_SHORT = ("CL", "LA", "DI", "CO")   # on the table and in every menu

# Effect kinds: R reward (done as a task), S shenanigans (done as a task, hits
# the opponent's next round), A always (never taken as a reward). Task card
# (s, lv) is of kind ``KINDS[s][lv - 1]`` and names its effect by the code
# ``CODES[s][lv - 1]`` (rewards.py implements every code); the cards' names
# and texts, read only on the pages, are help.TASK_CARDS.
KINDS = ("RSRSSR", "ARRRRR", "RRRRRR", "ARRRRR")    # Clean, Laundry, DIY, Cook
CODES = (
    ("swap", "less", "disc", "no4", "notie", "clear"),  # Clean
    ("defend", "dodge1", "prank1", "pd2", "pd3", "pd4"),  # Laundry
    ("swap", "deact", "reduce", "vroll", "react", "any"),  # DIY
    ("advance", "reroll", "m1x1", "m1x2", "m2x1", "m2x2"),  # Cook
)

# Indulgency cards: (name, short, cookies, dice). The short code is the one
# the table shows (one letter on each half of the card) and every menu uses.
PAIR = 0
TWO_PAIRS = 1
THREE_KIND = 2
STRAIGHT5 = 3
FULL_HOUSE = 4
FOUR_KIND = 5
TWO_TRIPLES = 6
STRAIGHT6 = 7
INDULGENCIES = (
    ("A Pair", "PR", 1, 2),
    ("2 Pairs", "2P", 2, 4),
    ("3-of-a-kind", "3K", 2, 3),
    ("Straight 5", "S5", 3, 5),
    ("Full House", "FH", 3, 5),
    ("4-of-a-kind", "4K", 3, 4),
    ("Two 3-of-a-kind", "2T", 4, 6),
    ("Straight 6", "S6", 4, 6),
)
NUM_IND = 8
IND_IN_PLAY = 6
SETS_IN_PLAY = 3
DICE_PER_PLAYER = 9
GOAL_LEVEL = 6
WIN_VICTORY = 3
MAX_SLOT = 4      # prank and dodge slots 1..4
MOD_SPOTS = 2     # modify spots on the dice pool card


def _patterns(card):
    """Every valid dice pattern (sorted tuple) for an indulgency card."""
    out = []
    r = range(1, 7)
    if card == PAIR:
        out = [(v, v) for v in r]
    elif card == TWO_PAIRS:
        out = [(a, a, b, b) for a in r for b in r if a < b]
    elif card == THREE_KIND:
        out = [(v, v, v) for v in r]
    elif card == STRAIGHT5:
        out = [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)]
    elif card == FULL_HOUSE:
        out = [tuple(sorted((t, t, t, q, q))) for t in r for q in r if t != q]
    elif card == FOUR_KIND:
        out = [(v, v, v, v) for v in r]
    elif card == TWO_TRIPLES:
        out = [(a, a, a, b, b, b) for a in r for b in r if a < b]
    elif card == STRAIGHT6:
        out = [(1, 2, 3, 4, 5, 6)]
    return out


def _needs(patterns):
    b = bytearray()
    at = []
    for k in range(NUM_IND):
        at.append(len(b))
        for pat in patterns(k):
            c = bytearray(7)
            for v in pat:
                c[v] += 1
            b.extend(c)
    at.append(len(b))
    return bytes(b), bytes(i // 7 for i in at)


# The valid patterns, one bytes string instead of a tuple per pattern (a few
# hundred bytes where the tuples took about 3 KB of the chip's heap): pattern i
# of card k (in the order ``_patterns`` lists them) needs ``NEEDS[7 * (AT[k] + i)
# + v]`` dice of value v; card k has ``AT[k + 1] - AT[k]`` patterns.
NEEDS, AT = _needs(_patterns)
del _needs, _patterns


def pattern_at(o):
    """The pattern (sorted tuple of values) whose counts start at ``NEEDS[o]``."""
    out = []
    for v in range(1, 7):
        for _ in range(NEEDS[o + v]):
            out.append(v)
    return tuple(out)


def patterns(k):
    """Every valid dice pattern (sorted tuple) for indulgency card ``k``."""
    return [pattern_at(7 * i) for i in range(AT[k], AT[k + 1])]


def fits(k, pat):
    """Whether the sorted tuple ``pat`` is a valid pattern of card ``k``."""
    return pat in patterns(k)


def pattern_key(card, pat):
    """Strength of a pattern on its card, for comparing both players' dice.

    Full House and Two 3-of-a-kind compare the triple first (44422 beats 33366);
    2 Pairs compares the higher pair first; straights compare their top die."""
    if card == TWO_PAIRS:
        return (pat[2], pat[0])
    if card == FULL_HOUSE:
        t = pat[2]  # the middle of a sorted full house is always in the triple
        q = pat[0] if pat[0] != t else pat[4]
        return (t, q)
    if card == TWO_TRIPLES:
        return (pat[3], pat[0])
    if card == STRAIGHT5 or card == STRAIGHT6:
        return (pat[-1],)
    return (pat[0],)


def set_name(s):
    """A task set's code, as on the table and in the menus."""
    return SET_SHORT[s]


def ind_name(k):
    return INDULGENCIES[k][1]

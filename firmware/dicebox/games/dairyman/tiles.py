"""The 22 milk tiles, kept in one place.

Each tile t is (VALUE[t], NEED[t], BACK[t]):

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

Beside them, the names of the dice and of a state's saved fields that the
rules and the saved-state checks (checks.py) share.

State fields (rules.State; each is also its key in the save, see FIELDS):

  n          number of players (2-4); seats are 0..n-1, shown as P1..P4
  stack      tile ids still face down, drawn from the front
  display    the (up to 3) face-up tile ids that can be claimed
  owned      owned[seat]: the tile ids that seat has claimed, in claim order
  flipped    flipped[tile]: 1 once the tile is flipped (its bonus is live)
  tokens     tokens[seat]: backorder tokens held (-5 points each; red dice)
  freeze     freeze[seat]: freeze tokens held
  seat       whose turn it is
  dc, dv, dl the dice of this turn, one entry per die: colour (WHITE, YELLOW,
             RED), value (1-6, 0 before its first roll) and location (FREE,
             barn 1-3, or SPENT for a yellow die used to flip a tile)
  sets       the sets locked this turn: [barn, die, die(, die)]
  rolls      rolls this turn, the first roll included (sets the barn [R1])
  need_lock  True after a roll until a set is locked
  used       ice cream tiles used this turn
  pending    the chance node waited for: [SETUP], [ROLL, dice] or
             [RESET, tiles to shuffle]; None when a seat acts
  over       True once the game has ended (read it with is_over())
  turns      turns finished so far
  last       what just happened, for the screens: [verb, seat, ...]

``supply_total`` (tokens in the supply for n players) is not saved: it follows
from n.
"""
from micropython import const
from dicebox.core.state_io import Fields

CHEESE = const(0)
ICE1 = const(1)
ICE2 = const(2)
ICEANY = const(3)

# tile t is (VALUE[t], NEED[t], BACK[t]): three tuples of small ints, one
# object each (not a tuple a tile); the tiles in order of value
VALUE = (10, 10, 15, 15, 15, 20, 20, 20, 20, 25, 25, 25, 25, 30, 30, 30, 30, 35, 35, 35, 40, 40)
NEED = (1, 2, 3, 4, 11, 5, 11, 6, 12, 1, 2, 11, 12, 3, 12, 4, 13, 5, 6, 12, 13, 13)
BACK = (1, 2, 0, 0, 0, 3, 1, 2, 3, 0, 0, 0, 0, 1, 2, 3, 1, 0, 0, 0, 2, 3)
NTILES = const(22)

# the dice of a turn: colours (State.dc) and places (State.dl)
WHITE = const(0)
YELLOW = const(1)
RED = const(2)
FREE = const(0)     # dice locations: 0 unlocked, 1..3 barn, 4 spent yellow
SPENT = const(4)
MAXRED = const(4)
SUPPLY = (0, 0, 3, 4, 5)   # backorder tokens by number of players

# pending chance kinds (State.pending[0])
SETUP = const(0)
ROLL = const(1)
RESET = const(2)

# The saved fields of a State, each under its attribute's name (see the glossary
# above). Copying (clone), saving (to_dict) and loading (from_dict) all go by this
# one table: a new field goes here, and renaming one changes the save format (so
# the version goes up and older saves are refused, never misread).
FIELDS = Fields(1, (
    "n", "stack", "display", "owned", "flipped", "tokens", "freeze", "seat",
    "dc", "dv", "dl", "sets", "rolls", "need_lock", "used", "pending", "over",
    "turns", "last"), "dairyman")


BACK_NAMES = ("cheese", "ice 1s", "ice 2s", "ice 1die")   # a back in a tile's line


def tile_line(t):
    """A tile in 16 characters: value, flip need (Yn: yellow die shows n; Fn:
    n freeze tokens), back."""
    need = NEED[t]
    if need <= 6:
        n = "Y%d" % need
    else:
        n = "F%d" % (need - 10)
    return "%2d %s %s" % (VALUE[t], n, BACK_NAMES[BACK[t]])

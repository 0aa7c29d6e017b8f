"""The contract every game's rules module keeps (and the seat kinds).

A game is a pure state machine (no hal, no UI, no clock, no RNG) in a class
``State`` whose public methods come in this order, under a banner, in every
rules.py; the game's own helpers follow under a second banner ("helpers
outside the contract"). The worked example is the Pig game in
tests/portable/pig.py; tests/portable/test_game_contract.py checks all of
them against this list.

The new game
  ``State(...)``: the game's own options (seats, variants).
Who acts
  ``current_player()``: a seat number (0..n-1), ``CHANCE`` when dice must be
  rolled or cards drawn, ``TERMINAL`` when the game is over.
  ``is_over()``: True once the game has ended (the one way to ask).
The moves
  ``legal_actions()``: the acting seat's actions. An action is a tuple whose
  first item is a short verb, e.g. ``("lock", (0, 3))``; it is JSON-able
  (JSON gives lists back: ``apply`` accepts both).
  ``apply(action)``: checks, then calls ``do``. An illegal action raises
  ``IllegalMove`` with a short reason for players and changes nothing.
  ``do(action)``: the move unchecked, for search (bots, hints, rewards,
  words): only for an action, as a tuple, that ``apply`` would accept.
Chance
  ``chance_request()``: ``[n1, n2, ...]`` at a chance node (else ``[]``); the
  caller draws each ``v_i`` uniformly in ``range(n_i)`` and calls
  ``apply_chance([v1, v2, ...])``. Dice faces are ``v + 1``; shuffles are
  Fisher-Yates picks; the rules decide what the numbers mean.
Words
  ``describe(action)``: the action in words, said from the state before it
  (the move log, the bots' messages, the menus). Keyword extras (``short``,
  ``names``) may follow.
  ``describe_chance(values)``: a chance outcome in words, said before it.
The end
  The game's result, named for its rule: ``winners()`` (Dairyman, Pig),
  ``end_reason()`` and ``winner`` (Mildred), ``score()`` (Milestones).
Saving
  ``to_dict()`` / ``State.from_dict(d)``: a JSON round trip; a damaged save
  raises ``valid.BadData``. ``clone()``: an independent copy (for bots).

So a game is deterministic given its action and chance log: it can be replayed,
saved after every action, resumed after a power cut and searched by a bot. No
module outside a game's rules.py calls a State's private (``_x``) method.
"""

from micropython import const

CHANCE = -1
TERMINAL = -2

# Who sits at a table: one kind per seat, 0 a person, 1 + level a bot of that
# level (``LEVELS``, named the same in every game).
LEVELS = ("Beginner", "Casual", "Strong", "Expert")
HUMAN = const(0)
KIND_FORMAT = const(2)      # saves that carry "kinds": 2 use this seat encoding


def kind_name(k):
    return "human" if k == 0 else LEVELS[k - 1]


def short_kind(k):
    """Six characters at most: for title bars."""
    return "you" if k == 0 else LEVELS[k - 1][:6]


class IllegalMove(Exception):
    """An action the rules do not allow. ``str(e)`` is the reason, for players."""

    @property
    def reason(self):
        return self.args[0] if self.args else "not allowed"


def resolve_chance(state, rng):
    """Roll whatever the state is waiting for with ``rng`` (has ``randbelow``);
    returns the numbers drawn (for the words of the roll)."""
    got = [rng.randbelow(n) for n in state.chance_request()]
    state.apply_chance(got)
    return got


def tup(x):
    """Normalise JSON lists back to tuples (recursively) for action matching."""
    if isinstance(x, list) or isinstance(x, tuple):
        return tuple(tup(i) for i in x)
    return x



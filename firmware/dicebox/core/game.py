"""The contract every game's rules module keeps.

A game is a pure state machine (no hal, no UI, no clock, no RNG):

* ``state.current_player()`` -> a seat number (0..n-1), ``CHANCE`` when dice
  must be rolled or cards shuffled, or ``TERMINAL`` when the game is over.
* ``state.legal_actions()`` -> list of actions for the acting seat. Actions are
  tuples whose first item is a short verb string, e.g. ``("lock", (0, 3))``;
  they are JSON-able (tuples come back from JSON as lists: ``apply`` accepts
  both).
* ``state.apply(action)`` -> None. An illegal action raises ``IllegalMove``
  with a short human reason and leaves the state exactly as it was.
* At a chance node ``state.chance_request()`` returns a list of sizes
  ``[n1, n2, ...]``; the caller draws ``v_i`` uniformly in ``range(n_i)`` and
  calls ``state.apply_chance([v1, v2, ...])``. Dice faces are ``v + 1``;
  shuffles are Fisher-Yates picks. The rules decide what the numbers mean.
* ``state.to_dict()`` / ``State.from_dict(d)`` round-trip through JSON.
* ``state.clone()`` gives an independent copy (for bots).

So a game is deterministic given its action and chance log: it can be replayed,
saved after every action, resumed after a power cut and searched by a bot.
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



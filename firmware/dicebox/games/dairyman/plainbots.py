"""Dairyman's bots as plain functions ``choose(state, rng)`` (the move at
once), for benchmarks, studies and tests: the console never imports this
module (the table thinks in slices: bot.think).

* ``random_choice``: a random verb, then a random move of it.
* ``easy``: fixed thresholds (flip when it can, lock the first set, reroll
  four dice or more, else claim the best claim).
* ``hard``: the Strong search (bot._decide on points) without random moves.
* ``expert`` and ``level_bot(level)``: bot.think run to its end.
* ``BOTS``: each of them by name.
"""
from dicebox.core.think import Budget
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.bot import SLICE, _decide, think
from dicebox.games.dairyman.tiles import VALUE, BACK, CHEESE, ICEANY


def random_choice(state, rng):
    acts = state.legal_actions()
    verbs = []
    for a in acts:
        if a[0] not in verbs:
            verbs.append(a[0])
    v = verbs[rng.randbelow(len(verbs))]
    sub = [a for a in acts if a[0] == v]
    return sub[rng.randbelow(len(sub))]


def _best_claim(display, total):
    """(value, tiles) of the best claim (most points, then most tiles); (0, ()) if none fits."""
    best = (0, 0, ())
    for c in rules.claims(display, total):
        tot = 0
        for t in c:
            tot += VALUE[t]
        if (tot, len(c)) > (best[0], best[1]):
            best = (tot, len(c), c)
    return best[0], best[2]


def _first_ice(s, free):
    for t in s.owned[s.seat]:
        if s.flipped[t] and BACK[t] != CHEESE and t not in s.used:
            b = BACK[t]
            if b == ICEANY:
                if free:
                    return ("ice", t, free[0])
            elif s.ice_dice(b):
                return ("ice", t)
    return None


def easy(state, rng):
    s = state
    p = s.seat
    for t in s.owned[p]:
        if not s.flipped[t] and s.flip_problem(t) is None:
            return ("flip", t)
    free = s.free_dice()
    sets = rules.find_sets(s.dv, free)
    if sets:
        return ("lock", sets[0])
    if s.need_lock:
        ice = _first_ice(s, free)
        return ice if ice else ("fail",)
    if len(free) >= 4:
        return ("reroll", ())
    v, c = _best_claim(s.display, s.barn_total())
    if c:
        return ("claim", c)
    return ("reroll", ()) if free else ("fail",)


def _run(gen):
    """The last value a thought yields: its move."""
    a = None
    for a in gen:
        pass
    return a


def _as_thought(search):
    a = yield from search
    yield a


def hard(state, rng):
    """The strong bot: the turn search on points, no random moves."""
    return _run(_as_thought(_decide(Budget(SLICE), state, False)))


def expert(state, rng):
    return _run(think(state, rng, 3, Budget(SLICE)))


def level_bot(level):
    """choose(state, rng) for a level, running think() to its end."""
    def choose(state, rng):
        return _run(think(state, rng, level, Budget(SLICE)))
    return choose


choose = hard
BOTS = {"random": random_choice, "easy": easy, "hard": hard, "expert": expert,
        "beginner": level_bot(0), "casual": level_bot(1), "strong": level_bot(2)}

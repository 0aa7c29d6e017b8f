"""Mildred property tests over random games (CPython only)."""
import json
import random

from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup, resolve_chance
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from hypothesis import given, settings
from hypothesis import strategies as st_

VERBS = ("dodge", "combat", "score", "goal", "ready", "advance", "trim", "take", "task",
         "shake", "keep", "mod", "prank", "scally", "ind", "pass", "fly")


def canon(a):
    try:
        return _canon(tup(a))
    except TypeError:
        return tup(a)


def _canon(a):
    if a[0] == "ind" and len(a) == 3 and isinstance(a[2], tuple):
        return a[:2] + (tuple(sorted(a[2])),)
    if a[0] == "task" and len(a) == 7:
        x, y = a[3:5], a[5:7]
        return a[:3] + (min(x, y) + max(x, y))
    if a[0] == "task" and len(a) == 9 and a[1] == 2 and a[2] == 6:
        x, y = a[5:7], a[7:9]
        return a[:5] + (min(x, y) + max(x, y))
    if a[0] == "task" and len(a) == 5 and a[2] == 2:   # reroll of two dice
        return a[:3] + tuple(sorted(a[3:]))
    return a


def random_action(r):
    v = r.choice(VERBS)
    n = r.randrange(0, 6)
    args = []
    for _ in range(n):
        args.append(r.choice((r.randrange(-2, 8), "prank", "ind", "col")))
    if v == "ind" and r.random() < 0.7:
        return ("ind", r.randrange(8), tuple(r.randrange(1, 7) for _ in range(r.randrange(2, 7))))
    return tuple([v] + args)


def play(seed, probe=True, max_steps=20000):
    r = random.Random(seed)
    s = R.State()
    steps = 0
    while s.current_player() != TERMINAL:
        steps += 1
        assert steps < max_steps
        if s.current_player() == CHANCE:
            s.apply_chance([r.randrange(k) for k in s.chance_request()])
        else:
            legal = s.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            if probe:
                for i in range(4):
                    if i < 2:
                        a = random_action(r)
                    else:   # a near miss: a legal action with one item changed
                        a = list(r.choice(legal))
                        j = r.randrange(len(a) + 1)
                        if j == len(a):
                            a.append(r.randrange(-1, 7))
                        elif j and isinstance(a[j], int):
                            a[j] += r.choice((-1, 1))
                        a = tuple(a)
                    before = s.to_dict()
                    try:
                        c = s.clone()
                        c.apply(a)
                        ok = True
                    except IllegalMove as e:
                        ok = False
                        assert e.reason
                    assert ok == (canon(a) in legal), (a, ok)
                    assert s.to_dict() == before
                for a in r.sample(legal, min(3, len(legal))):
                    c = s.clone()
                    c.apply(a)
                    checks.check(c)
            # lean towards passing less often than uniform, to reach late game
            a = r.choice(legal)
            s.apply(a)
        checks.check(s)
        for p in (0, 1):
            assert 1 <= s.cookie[p] <= 6
        if r.random() < 0.05:
            d = json.loads(json.dumps(s.to_dict()))
            s2 = R.State.from_dict(d)
            assert s2.to_dict() == s.to_dict()
            assert s2.legal_actions() == s.legal_actions()
            assert s2.current_player() == s.current_player()
            s = s2
    assert s.winner in (0, 1, -1)
    assert s.rounds <= R.ROUND_LIMIT
    return s


@settings(max_examples=40, deadline=None)
@given(st_.integers(0, 2 ** 32 - 1))
def test_random_games_keep_invariants_and_end(seed):
    play(seed)


def test_replay_from_log_is_deterministic():
    r = random.Random(7)
    s = R.State()
    log = []
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            v = [r.randrange(k) for k in s.chance_request()]
            s.apply_chance(v)
            log.append(("c", v))
        else:
            a = r.choice(s.legal_actions())
            s.apply(a)
            log.append(("a", a))
    t = R.State()
    for kind, x in log:
        if kind == "c":
            t.apply_chance(x)
        else:
            t.apply(list(x))   # as it comes back from JSON
    assert t.to_dict() == s.to_dict()


@settings(max_examples=15, deadline=None)
@given(st_.integers(0, 2 ** 32 - 1), st_.sampled_from(((2, 0), (1, 2), (2, 2), (0, 1))))
def test_bot_games_keep_invariants(seed, levels):
    from dicebox.core import rng
    from dicebox.games.mildred import bot as B
    r = rng.seeded(seed)
    s = R.State()
    n = 0
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            a = B.choose(s, r, levels[s.turn])
            assert a in s.legal_actions()
            s.apply(a)
        checks.check(s)
        n += 1
        assert n < 20000
    assert s.winner in (0, 1, -1)

"""Mildred saves under random damage (CPython, hypothesis): a mutated saved state
is either refused with storage.BadData by State.from_dict, or it loads into a
state that keeps every invariant and can be played on (legal actions apply, a
bot finds a move, chance rolls resolve) without any other exception or a hang.
Through the menu (the shared table's save format and the one from before
it), a refused save is set aside and said on Mildred's menu."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from console import FakeApp, TextFB
from dicebox.core import events as E
from dicebox.core import rng, storage, ui
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import table as S
import dicebox.games.mildred as mildred
from dicebox.games.mildred import start as M_start
from datapaths import places

VALUES = (None, True, False, 0, 1, 2, 3, 6, 7, 9, 42, 99, -1, -6, 1 << 31, 1 << 62, 1.5, "",
          "3", [], [1], [[1, 2], 2], {}, {"a": 1}, [None] * 8, [0, 0, 0, 0], [9, 9])


def states():
    """Valid states from a few seeded games (every kind of phase)."""
    out = []
    for seed in (1, 2, 3, 4):
        r = rng.seeded(seed)
        st = R.State()
        n = 0
        while st.current_player() != TERMINAL and n < 250:
            if n % 7 == 0:
                out.append(json.loads(json.dumps(st.to_dict())))
            if st.current_player() == CHANCE:
                resolve_chance(st, r)
            else:
                st.apply(B.choose(st, r, 1 + seed % 2))
            n += 1
    return out


STATES = states()


def paths(x):
    """Every place in the data a value can be swapped."""
    return places(x, sort=False)


def _value(r):
    """A fresh copy of one of VALUES (a shared list appended into itself would
    make the data cyclic)."""
    return json.loads(json.dumps(r.choice(VALUES)))


def mutate(d, r):
    d = json.loads(json.dumps(d))
    for _ in range(r.randrange(1, 4)):
        ps = list(paths(d))[1:]
        p = r.choice(ps)
        x = d
        for k in p[:-1]:
            x = x[k]
        how = r.randrange(4)
        if how == 0 or not isinstance(x, list):
            x[p[-1]] = _value(r)
        elif how == 1:
            x.pop(p[-1])
        elif how == 2:
            x.append(_value(r))
        else:
            v = x[p[-1]]
            x[p[-1]] = v + r.choice((-1, 1)) if type(v) is int else _value(r)
    return d


def play_on(st, r):
    for _ in range(40):
        cp = st.current_player()
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            resolve_chance(st, r)
        else:
            acts = st.legal_actions()
            assert acts
            st.apply(B.choose(st, r, 2))
        checks.check(st)


@settings(max_examples=600, deadline=None)
@given(st_.integers(0, 10 ** 9))
def test_mutated_saves_are_refused_or_playable(seed):
    r = random.Random(seed)
    d = mutate(r.choice(STATES), r)
    try:
        st = R.State.from_dict(d)
    except storage.BadData as e:
        assert str(e)
        return
    checks.check(st)
    play_on(st, rng.seeded(seed % 1000 + 1))


@settings(max_examples=60, deadline=None)
@given(st_.integers(0, 10 ** 9))
def test_mutated_saves_through_the_menu(seed):
    """Both formats: the shared table's (the whole record mutated: state,
    seats, kinds, log) and the one from before it (the state mutated)."""
    r = random.Random(seed)
    if seed % 2:
        rec = mutate({"state": r.choice(STATES), "seats": [0, 1 + seed % 4], "kinds": 2,
                      "log": ["P1 passed", "P2 shook 1 2 3"]}, r)
    else:
        rec = {"state": mutate(r.choice(STATES), r), "seats": [0, 1]}
    app = FakeApp(seed % 100 + 1, fb=TextFB())
    app.store.save(mildred.SAVE, rec)
    M_start.start(app)
    m = app.stack[0]
    if app.store.exists(mildred.SAVE):
        assert app.top() is m and m.label(0) == "Resume game"
        app.press(E.A)
        assert isinstance(app.stack[1], S.Table)
        app.run(3000)
    else:
        assert isinstance(app.top(), ui.Message)
        assert mildred.SAVE in app.store.set_aside

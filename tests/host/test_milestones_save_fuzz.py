"""Damaged Milestones saves: whatever a save holds, loading it either gives a
state the game can go on from or refuses it with ``storage.BadData`` — never
another exception, never a state that crashes the table later."""
import json
import random

from hypothesis import given, settings, strategies

from dicebox.core.storage import BadData
from dicebox.core.game import resolve_chance
from dicebox.core import rng, events
from dicebox.games.milestones import start as screens, deck
from dicebox.games.milestones import table as MS_table
import dicebox.games.milestones as milestones

import test_milestones_screens as screen_tests
from test_milestones_saves import check_save
from datapaths import places

ODD = (None, True, False, 0, 1, -1, 5, 7, 9, 51, 99, 2 ** 31, -2 ** 40, 1.5, "", "x", "63",
       [], [0], [1, 2], [-1, -1, -1], [None], {}, {"a": 1}, [[0], [1]], ["roll", 63], ["draw", 0, 0])


def real_saves():
    out = []
    for seed, cfg in ((2, {}), (3, {"big": True}), (4, {"must": [1, 2, 0], "hg": 1}),
                      (5, {"humans": 2, "bots": 1})):
        app = screen_tests.App(seed)
        screen_tests.setup_with(app, **cfg)
        if type(app.top()).__name__ == "PilePicker":
            app.press(events.A)
        app.run(1000)                 # every seat has its first card
        assert app.top().st.setup == app.top().st.n
        app.shake()
        for _ in range(4):
            app.run(2500)
            out.append(json.loads(app.store.records[milestones.SAVE][1]))
    # and a save of the first format ("st", "cfg", "log"), converted on load
    d = out[-1]
    cfg = dict(d["opt"])
    del cfg["level"]
    out.append({"st": d["state"], "cfg": cfg, "log": d["log"]})
    return out


SAVES = real_saves()


def test_the_real_saves_load_and_some_are_in_play():
    started = 0
    for d in SAVES:
        st = check_save(d)[0]
        started += st.started
    assert started >= len(SAVES) // 2


def paths(x):
    return places(x, sort=False)


def odd(rnd):
    return json.loads(json.dumps(rnd.choice(ODD)))   # a fresh copy: never shared


def mutate(d, rnd):
    d = json.loads(json.dumps(d))
    for _ in range(rnd.randrange(1, 4)):
        ps = [p for p in paths(d) if p]
        p = rnd.choice(ps)
        box = d
        for k in p[:-1]:
            box = box[k]
        r = rnd.random()
        if r < 0.6:
            box[p[-1]] = odd(rnd)
        elif r < 0.8 and isinstance(box, dict):
            del box[p[-1]]
        elif isinstance(box, list):
            box.append(odd(rnd))
        else:
            box[p[-1]] = odd(rnd)
    return d


def play_on(st):
    """The engine goes on from a loaded state without crashing."""
    r = rng.seeded(1)
    if st.paused:
        st.apply(("resume", st.now))
    for _ in range(20):
        if st.is_over():
            return
        if st.pending is not None:
            resolve_chance(st, r)
            continue
        acts = st.legal_actions()
        for a in acts[:3]:
            st.describe(a)
        if acts:
            st.apply(acts[r.randbelow(len(acts))])
        st.apply(("time", st.now + 5000))
        assert st.card_count() == deck.NCARDS


@settings(max_examples=400, deadline=None)
@given(strategies.integers(0, len(SAVES) - 1), strategies.integers(0, 2 ** 32))
def test_a_mutated_save_loads_or_is_refused_with_baddata(k, seed):
    d = mutate(SAVES[k], random.Random(seed))
    try:
        st = check_save(d)[0]
    except BadData:
        return
    play_on(st)


@settings(max_examples=150, deadline=None)
@given(strategies.integers(0, len(SAVES) - 1), strategies.integers(0, 2 ** 32))
def test_the_menu_and_the_table_survive_any_save(k, seed):
    app = screen_tests.App(seed % 1000)
    app.store.save(milestones.SAVE, mutate(SAVES[k], random.Random(seed)))
    screens.start(app)
    if app.messages:
        assert "Saved game" in app.messages[-1][1]
        app.press(events.A)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    if "Resume game" in labels:
        screen_tests.menu_pick(app, "Resume game")
        app.run(3000)
        app.screen()
        for s in app.stack:
            if isinstance(s, MS_table.Table):
                assert s.st.card_count() == deck.NCARDS

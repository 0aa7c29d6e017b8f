"""Mildred screens on a stand-in console: menus, legal choices, reasons, autosave."""
from dicebox.core import events as E
from dicebox.core import rng, ui
from dicebox.core.game import CHANCE, TERMINAL
from console import FakeApp, TextFB
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import screens as S




def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def pick(app, text):
    m = app.top()
    labels = [m.label(i) for i in range(len(m.items))]
    m.sel = labels.index(text)
    app.press(E.A)


def new_game(app, which="vs Nephew (easy)"):
    S.start(app)
    pick(app, which)
    t = app.top()
    assert isinstance(t, S.Table)
    n = 0
    while t.bot_to_move() and n < 200:
        app.run(700)
        n += 1
    return t


def test_new_game_reaches_a_human_decision_and_draws():
    app = App()
    t = new_game(app)
    st = t.st
    assert st.current_player() == 0 or t.waiting_roll()
    out = app.screen()
    assert "c1 v0" in out


def test_illegal_fixed_step_shows_reason_and_changes_nothing():
    app = App()
    t = new_game(app)
    st = t.st
    # bring the human to a Wakeup with nothing to fight with
    while not (st.current_player() == 0 and st.phase == R.WAKE):
        if t.waiting_roll():
            app.press(E.A)
        elif st.current_player() == 0:
            app.press(E.A)
            pick(app, "Pass")
        else:
            app.run(700)
    if st.prank[0][0]:
        return
    before = st.to_dict()
    app.press(E.A)
    pick(app, "Combat (b)")
    assert isinstance(app.top(), ui.Message)
    assert "no prank" in app.screen()
    assert st.to_dict() == before
    app.press(E.A)          # close the message
    assert isinstance(app.top(), S.ActionMenu)


def test_submenus_offer_only_legal_actions():
    app = App(7)
    t = new_game(app)
    st = t.st
    while not (st.current_player() == 0 and st.phase == R.ACT):
        if t.waiting_roll():
            app.press(E.A)
        elif st.current_player() == 0:
            app.press(E.A)
            pick(app, "Shake")
        else:
            app.run(700)
    legal = st.legal_actions()
    app.press(E.A)
    pick(app, "Prank die...")
    sub = app.top()
    assert len(sub.items) == len([a for a in legal if a[0] == "prank"])
    before_pool = list(st.pool[0])
    app.press(E.A)
    assert isinstance(app.top(), S.Table)
    assert st.prank[0][0] >= 1 and len(st.pool[0]) == len(before_pool) - 1


def test_autosave_and_resume():
    app = App()
    t = new_game(app)
    saved = app.store.load(S.SAVE, None)
    assert saved["state"] == t.st.to_dict()
    app.pop()
    S.start(app)
    m = app.top()
    assert m.label(0) == "Resume game"
    app.press(E.A)
    t2 = app.top()
    assert isinstance(t2, S.Table) and t2.st.to_dict() == t.st.to_dict()
    assert t2.seats == [0, 1]


def test_bots_play_to_the_end_and_save_is_cleared():
    app = App(2)
    S.start(app)
    pick(app, "Watch two bots")
    t = app.top()
    n = 0
    while t.st.current_player() != TERMINAL and n < 5000:
        app.press(E.A)      # one step each
        app.screen()
        n += 1
    assert t.st.current_player() == TERMINAL
    assert "wins" in app.screen() or "Draw" in app.screen()
    assert app.store.load(S.SAVE, None) is None
    app.press(E.A)
    assert isinstance(app.top(), S.Start)


def test_labels_fit_and_details_page():
    r = rng.seeded(5)
    st = R.State()
    n = 0
    while st.current_player() != TERMINAL and n < 600:
        if st.current_player() == CHANCE:
            st.apply_chance([r.randbelow(k) for k in st.chance_request()])
        else:
            acts = st.legal_actions()
            for a in acts:
                assert len(S.label(st, a)) <= 15, S.label(st, a)
            st.apply(acts[r.randbelow(len(acts))])
        n += 1
    assert "cookie" in S.details(st)


def test_game_menu_pages_and_quit():
    app = App()
    t = new_game(app)
    app.press(E.B)
    m = app.top()
    assert isinstance(m, S.GameMenu)
    for name in ("Task cards", "Indulgencies", "Rules", "Rulings", "Details"):
        pick(app, name)
        assert isinstance(app.top(), ui.TextPage)
        assert app.screen()
        app.press(E.B)
        assert app.top() is m
    pick(app, "Save and quit")
    assert isinstance(app.top(), S.Start)
    assert app.store.load(S.SAVE, None)["state"] == t.st.to_dict()


def test_wakeup_hint_names_the_mandatory_step():
    app = App()
    st = R.State()
    st.sets = [0, 1, 3]
    st.inds = [0, 1, 2, 3, 4, 5]
    st.phase = R.WAKE
    st.pool = [[], [1, 2, 3, 4, 5, 6, 1, 2, 3]]
    st.used = [7, 0]
    st.dodge[0] = [2, 2]
    t = S.Table(app, st, [0, 1])
    app.push(t)
    assert "must: dodge" in app.screen()
    app.press(E.A)
    pick(app, "Shake")
    assert isinstance(app.top(), ui.Message) and "dodge" in app.screen()
    app.press(E.A)
    pick(app, "Take dodge (a)")
    assert app.top() is t and st.dodge[0] == [0, 0]
    assert "must" not in app.screen()

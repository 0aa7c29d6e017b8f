"""Mildred screens on a stand-in console: menus, legal choices, reasons, autosave."""
from dicebox.core import events as E
from dicebox.core import rng, ui
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.core.dice import draw_die
from console import FakeApp, TextFB
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import screens as S


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def is_die(fb, x, y, size, value):
    """The pixels at (x, y) are exactly a die face showing ``value``."""
    ref = TextFB()
    ref.fill(0)
    draw_die(ref, x, y, size, value)
    for yy in range(y, y + size):
        for xx in range(x, x + size):
            if fb.pixel(xx, yy) != ref.pixel(xx, yy):
                return False
    return True


def cookie_shown(fb, p, value):
    x, y = S.COOKIE_XY[p]
    return is_die(fb, x, y, 12, value)


def step(fb, i, p, lv):
    """How ladder step ``lv`` of player ``p`` in task column ``i`` is drawn."""
    x, y = S.ladder_xy(i, p, lv)
    edge = fb.pixel(x, y + 1)
    mid = fb.pixel(x + 2, y + 1)
    if edge and mid:
        return "ready"
    if edge:
        return "used"
    return "empty" if mid else "?"


def vic_box(fb, p, i):
    x, y = S.vic_xy(p, i)
    if not fb.pixel(x, y):
        return None
    return "full" if fb.pixel(x + 2, y + 2) else "empty"


def card_halves(fb, i):
    x = S.card_x(i)
    return fb.pixel(x + 1, S.CARD_Y + 1), fb.pixel(x + 18, S.CARD_Y + 1)


def pick(app, text):
    m = app.top()
    labels = [m.label(i) for i in range(len(m.items))]
    m.sel = labels.index(text)
    app.press(E.A)


def settle(app, t):
    """Close the pages the table put up (recaps, results), back to the table."""
    n = 0
    while app.top() is not t and n < 20:
        assert isinstance(app.top(), ui.TextPage), app.top()
        app.press(E.A)
        n += 1
    app.frame()
    while app.top() is not t and n < 20:
        app.press(E.A)
        app.frame()
        n += 1


def new_game(app, which="vs Nephew easy"):
    S.start(app)
    pick(app, which)
    t = app.top()
    assert isinstance(t, S.Table)
    n = 0
    while t.bot_to_move() and n < 200:
        app.run(700)
        settle(app, t)
        n += 1
    settle(app, t)
    return t


def test_new_game_reaches_a_human_decision_and_draws():
    app = App()
    t = new_game(app)
    st = t.st
    assert st.current_player() == 0 or t.waiting_roll()
    out = app.screen()
    assert out.startswith("P1 ")            # whose turn, in the top bar
    assert "R%d" % (st.rounds + 1) in out
    for p in (0, 1):
        assert cookie_shown(app.fb, p, st.cookie[p])
        assert vic_box(app.fb, p, 0) == "empty"


def table_with(app, turn=0, phase=R.ACT, seats=(0, 1)):
    st = R.State()
    st.sets = [0, 1, 3]
    st.inds = [0, 1, 2, 3, 4, 5]
    st.phase = phase
    st.turn = turn
    st.rounds = 6
    st.cookie = [3, 5]
    st.vic = [1, 2]
    st.prank[0] = [1, 3]
    st.dodge[1] = [2, 4]
    st.sc[0][0] = 0b110          # Clean: levels 1 and 2, ready
    st.rd[0][0] = 1
    st.sc[1][3] = 1 << 4         # Cook: level 4, used
    st.rd[1][3] = 0
    st.sc[1][1] = 1 << 6         # Laundry: level 6, ready
    st.rd[1][1] = 1
    st.ig[0][1] = [[2, 2, 5, 5], 4]
    st.ig[1][1] = [[3, 3, 6, 6], 4]
    st.ig[1][4] = [[1, 1, 1, 4, 4], 5]
    st.pool = [[1, 2, 6, 6], [4]]
    st.used = [0, 8]
    t = S.Table(app, st, list(seats))
    app.push(t)
    return t


def test_overview_draws_every_piece_of_the_table():
    app = App()
    t = table_with(app)
    out = app.screen()
    fb = app.fb
    texts = fb.texts
    assert texts[0].startswith("P1 Action") and texts[0].endswith("R7")
    # turn badge: player 1's number inverted, player 2's not
    assert fb.pixel(0, 9) and not fb.pixel(119, 9)
    assert "1" in texts and "2" in texts
    # cookie dice, victory boxes (3, filled from the inside out)
    assert cookie_shown(fb, 0, 3) and cookie_shown(fb, 1, 5)
    assert [vic_box(fb, 0, i) for i in range(4)] == ["full", "empty", "empty", None]
    assert [vic_box(fb, 1, i) for i in range(4)] == ["full", "full", "empty", None]
    # prank and dodge slots, "-" when empty
    assert "P3" in texts and "D-" in texts and "P-" in texts and "D4" in texts
    # task columns: letters, each player's ladder up to the top scallywag
    for code in ("CL", "LA", "CO"):
        assert code in texts
    assert [step(fb, 0, 0, lv) for lv in range(1, 7)] == ["ready"] * 2 + ["empty"] * 4
    assert [step(fb, 0, 1, lv) for lv in range(1, 7)] == ["empty"] * 6
    assert [step(fb, 1, 1, lv) for lv in range(1, 7)] == ["ready"] * 6
    assert [step(fb, 2, 1, lv) for lv in range(1, 7)] == ["used"] * 4 + ["empty"] * 2
    assert [step(fb, 2, 0, lv) for lv in range(1, 7)] == ["empty"] * 6
    # the six cards: names, and whose dice are on them (left half P1, right P2)
    for name in ("PR", "2P", "3K", "S5", "FH", "4K"):
        assert name[0] in texts and name[1] in texts
    assert card_halves(fb, 0) == (0, 0)
    assert card_halves(fb, 1) == (1, 1)
    assert card_halves(fb, 4) == (0, 1)
    # the shaken dice along the bottom, no text line
    x = (130 - 4 * 14) // 2
    for i, v in enumerate([1, 2, 6, 6]):
        assert is_die(fb, x + 14 * i, S.POOL_Y, 12, v)
    assert "no dice: pass" not in out
    # pass and play, player 2 to act: the badge moves; no dice left: the hint
    t.seats = [0, 0]
    t.st.turn = 1
    t.st.pool = [[], []]
    app.screen()
    assert not fb.pixel(0, 9) and fb.pixel(119, 9)
    assert fb.texts[0].startswith("P2 Action")
    assert fb.texts[-1] == "no dice: pass"


def test_overview_bottom_line_for_bots_and_rolls():
    app = App()
    t = table_with(app, turn=1, seats=(0, 1))
    t.note = "P2 Pass"
    assert app.screen().endswith("P2 Pass")     # a bot's last step, not its dice
    t.st.turn = 0
    t.st.pend = ["shake", 9]
    assert t.waiting_roll()
    assert app.screen().endswith("Shake or A: roll")


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
            pick(app, "Pass (end turn)")
        else:
            app.run(700)
        settle(app, t)
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
        settle(app, t)
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
    assert saved["state"]["log"] == t.log.to_list() and saved["state"]["log"]
    del saved["state"]["log"]
    assert saved["state"] == t.st.to_dict()
    app.pop()
    S.start(app)
    m = app.top()
    assert m.label(0) == "Resume game"
    app.press(E.A)
    t2 = app.top()
    assert isinstance(t2, S.Table) and t2.st.to_dict() == t.st.to_dict()
    assert t2.seats == [0, 1]
    assert t2.log.to_list() == t.log.to_list()


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
    app.frame()
    assert isinstance(app.top(), ui.Message)        # why it ended
    assert "Game over" in app.screen() and t.st.end_reason()[:10] in app.screen()
    app.press(E.A)
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
            resolve_chance(st, r)
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
    saved = app.store.load(S.SAVE, None)["state"]
    del saved["log"]
    assert saved == t.st.to_dict()


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

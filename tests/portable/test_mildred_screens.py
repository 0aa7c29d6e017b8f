"""Mildred screens on a stand-in console: the start menu, the new-game seats,
the table's drawing, menus of legal choices, reasons, saves once per action
and per bot turn, skip, Hint, records. Helpers here serve the other Mildred
screen tests too."""
from console import Fresh
from dicebox.core import storage
from dicebox.core import events as E
from dicebox.core import rng, table, ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core import game as core_game
from dicebox.core.game import TERMINAL
from dicebox.core.dice import draw_die
from console import FakeApp, TextFB, labels, left_table, pick, until_saved
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import kinds as K
from dicebox.games.mildred import table as S
import dicebox.games.mildred as mildred
from dicebox.games.mildred import start as M_start
M_pages = Fresh("dicebox.games.mildred.pages")


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def choose_seats(app, seats):
    """On the new-game page: set each seat's kind with Left/Right, as a player would."""
    ng = app.top()
    assert isinstance(ng, tablepages.NewGame)
    for i, k in enumerate(seats):
        ng.sel = i
        want = "P%d: %s" % (i + 1, core_game.kind_name(k))
        n = 0
        while ng.label(i) != want and n < 10:
            app.press(E.RIGHT)
            n += 1
        assert ng.label(i) == want, ng.label(i)


def start_game(app, seats=(0, 1)):
    """From the Start menu: New game, the seats, Start; the table."""
    M_start.start(app)
    pick(app, "New game")
    choose_seats(app, seats)
    pick(app, "Start")
    t = the_table(app)
    until_saved(app, t)           # its first save, once its table is up
    return t


def the_table(app):
    """The table under any page it put up (the start's recap)."""
    t = app.stack[-1] if isinstance(app.stack[-1], S.Table) else app.stack[-2]
    assert isinstance(t, S.Table), t
    return t


def close_pages(app, t, limit=20):
    """Close the pages the table put up (recaps, results), back to the table."""
    n = 0
    while n < limit:
        app.frame()
        if app.top() is t:
            app.frame()
            if app.top() is t:
                return
        assert isinstance(app.top(), ui.TextPage), app.top()
        app.press(E.A)
        n += 1


def to_person(app, t, limit=400):
    """Let the bots play (and close pages) until a person is to act or roll."""
    n = 0
    while n < limit:
        close_pages(app, t)
        if t.s.current_player() == TERMINAL or (
                (t.my_turn() or t.human_rolls()) and not t.pending_save and not t.queue):
            return
        app.run(100)
        n += 1
    raise AssertionError("no person's turn")


def new_game(app, seats=(0, 1)):
    t = start_game(app, seats)
    to_person(app, t)
    return t


def test_start_menu_new_game_offers_each_level_with_its_strength():
    app = App()
    M_start.start(app)
    assert labels(app)[:3] == ["New game", table.OFFER, "Records"]   # no save: no Resume
    assert "How to play" in labels(app) and "Rulings" in labels(app)
    pick(app, "New game")
    ng = app.top()
    assert labels(app) == ["P1: human", "P2: Strong", "Start"]
    ng.sel = 1
    seen = []
    for _ in range(len(core_game.LEVELS) + 1):
        app.press(E.RIGHT)
        out = " ".join(app.screen().split())
        k = ng.seats[1]
        seen.append(k)
        if k:
            assert ng.label(1) == "P2: " + core_game.LEVELS[k - 1]
            assert " ".join(tablepages.LEVEL_ABOUT[k - 1].split()[:2]) in out
    assert sorted(seen) == [0, 1, 2, 3, 4]
    choose_seats(app, (4, 0))
    pick(app, "Start")
    t = the_table(app)
    assert t.seats == [4, 0]
    until_saved(app, t)
    assert app.store.exists(mildred.SAVE)                     # saved before its first move


def test_new_game_reaches_a_human_decision_and_draws():
    app = App()
    t = new_game(app)
    st = t.s
    assert st.current_player() == 0 or t.human_rolls()
    out = app.screen()
    assert out.startswith("P1 ")            # whose turn, in the top bar
    assert "R%d" % (st.rounds + 1) in out
    for p in (0, 1):
        assert cookie_shown(app.fb, p, st.cookie[p])
        assert vic_box(app.fb, p, 0) == "empty"


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
    t.s.turn = 1
    t.s.pool = [[], []]
    app.screen()
    assert not fb.pixel(0, 9) and fb.pixel(119, 9)
    assert fb.texts[0].startswith("P2 Action")
    assert fb.texts[-1] == "no dice: pass"


def test_overview_bottom_line_for_bots_and_rolls():
    app = App()
    t = table_with(app, turn=1, seats=(0, 1))
    t.msg = "P2 passed"
    assert app.screen().endswith("P2 passed")     # a bot's last step, not its dice
    t.s.turn = 0
    t.s.pend = ["shake", 9]
    assert t.human_rolls()
    assert app.screen().endswith("Shake or A: roll")


def wake_up(app, t, seat=0):
    """Play on (the person passing or shaking) until ``seat`` is a person at Wakeup."""
    st = t.s
    n = 0
    while not (st.current_player() == seat and st.phase == R.WAKE) and n < 200:
        to_person(app, t)
        if t.human_rolls():
            app.press(E.A)
        elif t.my_turn():
            app.press(E.A)
            pick(app, "Shake" if st.phase == R.WAKE else "Pass")
        n += 1
    close_pages(app, t)


def test_a_kind_not_possible_now_stays_in_place_dimmed_and_says_why():
    app = App()
    t = new_game(app)
    st = t.s
    wake_up(app, t)
    if st.prank[0][0]:
        return
    before = st.to_dict()
    app.press(E.A)
    m = app.top()
    names = [k[1] for k in K.move_kinds(st)]
    assert [n.rstrip(".").lstrip(">") for n in labels(app)] == names     # every kind, in its place
    assert labels(app)[0] == "Shake"
    m.sel = labels(app).index("Combat")
    m.top = max(0, m.sel - m.VISIBLE + 1)
    out = app.screen()
    assert out.endswith("no prank dice")           # the bottom line says why
    row = m.sel - m.top
    lit_cols = [x for x in range(0, 122) if app.fb.pixel(x, 12 + row * 9) == 0]
    assert not [x for x in lit_cols if x % 2 == 1]  # dimmed: every other column stays lit
    app.press(E.A)                                   # only a beep
    assert app.top() is m and st.to_dict() == before
    assert app.beeps and app.beeps[-1][0] == 220


def test_submenus_offer_only_legal_actions():
    app = App(7)
    t = new_game(app)
    st = t.s
    n = 0
    while not (st.current_player() == 0 and st.phase == R.ACT) and n < 100:
        to_person(app, t)
        if t.human_rolls():
            app.press(E.A)
        elif t.my_turn():
            app.press(E.A)
            pick(app, "Shake")
        n += 1
    close_pages(app, t)
    legal = st.legal_actions()
    app.press(E.A)
    pick(app, "Prank...")
    sub = app.top()
    assert len(sub.items) == len([a for a in legal if a[0] == "prank"])
    before_pool = list(st.pool[0])
    app.press(E.A)
    assert isinstance(app.top(), S.Table)
    assert st.prank[0][0] >= 1 and len(st.pool[0]) == len(before_pool) - 1


def test_save_and_resume_keep_state_seats_and_log():
    app = App()
    t = new_game(app)
    saved = app.store.load(mildred.SAVE, None)
    assert saved["kinds"] == core_game.KIND_FORMAT and saved["seats"] == [0, 1]
    assert storage.kept_tail(saved["log"], t.log.to_list()) and saved["log"]
    assert saved["state"] == t.s.to_dict()
    app.pop()
    M_start.start(app)
    m = app.top()
    assert m.label(0) == "Resume game" and m.sel == 0
    app.press(E.A)
    t2 = app.top()
    assert isinstance(t2, S.Table) and t2.s.to_dict() == t.s.to_dict()
    assert t2.seats == [0, 1]
    assert t2.log.to_list() == saved["log"]


def test_one_save_per_human_action_and_per_bot_turn():
    acted = 0
    turns = 0
    for seed in (3, 4, 5, 6):            # a game may end at once (a hit at cookie 1)
        if acted >= 5 and turns >= 2:
            break
        got = saves_of_a_game(seed)
        acted += got[0]
        turns += got[1]
    assert acted >= 5 and turns >= 2


def saves_of_a_game(seed):
    """Plays a game against a bot for a while, checking the saves: (person's
    actions, bot turns) seen."""
    app = App(seed)
    t = new_game(app, (0, 1))
    st = t.s
    acted = 0
    turns = 0
    for _ in range(40):
        if st.current_player() == TERMINAL:
            break
        close_pages(app, t)
        if t.human_rolls() or t.my_turn():
            n = t.saves
            if t.human_rolls():
                app.shake()
            else:
                acts = st.legal_actions()
                assert t.try_act(acts[len(acts) // 2]) is None
            acted += 1
            until_saved(app, t)
            assert t.saves == n + 1          # this action's save, in the frames after it
            app.frame()
            assert t.saves == n + 1          # and only one
            continue
        # a bot's whole turn: its steps, then one save
        n = t.saves
        seat = st.turn
        steps = t.log.count
        k = 0
        while st.turn == seat and st.current_player() != TERMINAL and k < 2000:
            app.run(100)
            close_pages(app, t)
            k += 1
        app.frame()
        for _ in range(5):                   # the move's redraw, then its save (its record, its
            if not t.pending_save:           # text, a record of steps it fills, the write)
                break
            app.frame()
        if st.current_player() == TERMINAL:
            break                            # a turn that won at once (combat at cookie 1)
        turns += 1
        assert t.log.count - steps >= 2, "a bot turn has several steps"
        assert t.saves == n + 1, (t.saves, n)
    return acted, turns


def test_a_skip_plays_the_bot_turn_one_step_a_frame_to_my_turn():
    app = App(3)
    t = new_game(app, (0, 1))
    st = t.s
    while not (t.my_turn() and st.phase == R.ACT):
        if t.human_rolls():
            app.shake()
        elif t.my_turn():
            app.press(E.A)
            pick(app, "Shake")
        close_pages(app, t)
    assert t.try_act(("pass",)) is None
    close_pages(app, t)
    assert t.bots_play()
    app.press(E.A)                       # skip
    frames = 0
    while t.bots_play() and frames < 500:
        steps = t.log.count
        slices = t.thought.slices if t.thought else 0
        app.frame()
        frames += 1
        assert t.log.count - steps <= 1  # one step a frame at most
        if t.thought is not None:
            assert t.thought.slices - slices <= 1
    assert not t.bots_play() and frames < 500
    assert app.now() is not None


def test_hint_shows_the_experts_move_and_changes_nothing():
    app = App(5)
    t = new_game(app, (0, 1))
    if t.human_rolls():
        app.shake()
        close_pages(app, t)
    assert t.my_turn()
    before = t.s.to_dict()
    app.hold_b()
    assert "Hint" in labels(app)
    pick(app, "Hint")
    page = app.top()
    assert isinstance(page, tablepages.HintPage)
    n = 0
    while page.text is None and n < 300:
        app.frame()
        n += 1
    assert page.text and "not allowed" not in page.text
    out = app.screen()
    assert "Hint" in out
    assert t.s.to_dict() == before
    app.press(E.A)
    assert app.top() is t


def test_bots_play_to_the_end_and_save_is_cleared():
    app = App(2)
    t = start_game(app, (1, 2))
    app.run(300)
    app.press(E.A)                       # skip: no person, so to the end, a step a frame
    n = 0
    while t.s.current_player() != TERMINAL and n < 20000:
        app.frame()
        n += 1
    assert t.s.current_player() == TERMINAL
    app.frame()
    page = app.top()
    assert isinstance(page, tablepages.EndPage)
    out = app.screen()
    assert "Game over" in out and ("wins" in out or "draw" in out)
    assert t.s.end_reason()[:10] in " ".join(page.lines)
    assert app.store.load(mildred.SAVE, None) is None
    app.press(E.A)                       # too soon: a skip's burst of presses is ignored
    assert app.top() is page
    app.run(1100)
    app.press(E.A)
    assert isinstance(app.top(), M_start.Start)
    assert "Mildred" not in tablepages.load_records(app.store)   # bots only: no record


def test_labels_fit_and_details_page():
    from playing import decisions
    r = rng.seeded(5)
    st = R.State()
    for _ in decisions(st, r, 600, every=True):
        acts = st.legal_actions()
        for a in acts:      # each menu step of a move fits a menu line
            from dicebox.games.mildred.kinds import steps
            for step in steps(st, a):
                assert len(step) <= 15, (step, K.label(st, a))
        st.apply(acts[r.randbelow(len(acts))])
    assert "cookie" in M_pages.details(st)


def test_game_menu_pages_and_quit():
    app = App()
    t = new_game(app)
    for name in ("Task cards", "Indulgencies", "Rules", "Rulings", "Details", "Moves",
                 "How to play", "Words", "Controls"):
        app.hold_b()
        assert app.top().title == mildred.GAME
        pick(app, name)
        assert isinstance(app.top(), ui.TextPage), name
        assert app.screen()
        app.press(E.B)
        assert app.top() is t
    app.hold_b()
    pick(app, "Save and quit")
    left_table(app)                 # the way back, a module a frame
    assert isinstance(app.top(), M_start.Start)
    saved = app.store.load(mildred.SAVE, None)
    assert saved["state"] == t.s.to_dict() and storage.kept_tail(saved["log"], t.log.to_list())


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
    assert "must: Take dodge" in app.screen()
    app.press(E.A)
    m = app.top()
    assert m.label(0) == "Shake" and m.why(0) == "take dodge first"
    assert m.label(m.sel) == "Take dodge"           # the cursor starts on the must
    app.press(E.A)
    assert app.top() is t and st.dodge[0] == [0, 0]
    assert "must" not in app.screen()


def test_thinking_cue_turns_while_a_bot_thinks():
    app = App()
    t = table_with(app, turn=1, seats=(0, 4))
    app.run(800)
    seen = 0
    for _ in range(200):
        if t.thinking():
            app.screen()
            assert app.fb.pixel(t.CUE_X, t.CUE_Y + 4)       # the cue's box
            seen += 1
        app.frame()
        if app.top() is not t:
            break
    assert seen >= 1


def test_a_solo_result_goes_into_the_records_of_the_bots_level_and_survives_a_reload():
    from test_mildred_base import mk
    app = App()
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 0): ((3, 3), 2)})
    t = S.Table(app, st, [0, 3])          # against Strong
    app.push(t)
    app.press(E.A)
    pick(app, "Score...")
    pick(app, "A Pair")                   # the 3rd victory die
    for _ in range(5):
        app.frame()
        if isinstance(app.top(), tablepages.EndPage):
            break
        app.press(E.A)
    assert isinstance(app.top(), tablepages.EndPage)
    assert "P1 wins" in " ".join(app.top().lines)
    rows = tablepages.load_records(app.store)[mildred.GAME]
    assert rows[core_game.LEVELS.index("Strong")] == [1, 0, 0]
    assert sum(sum(r) for r in rows) == 1
    assert not app.store.exists(mildred.SAVE)
    app.run(1100)
    app.press(E.A)                        # the end page and the table go
    assert app.top() is None
    M_start.start(app)                          # a fresh menu reads the records back
    pick(app, "Records")
    out = " ".join(" ".join(app.top().lines).split())
    assert "Strong 1 0 0" in out and "Expert 0 0 0" in out, out


def test_pass_and_play_covers_the_table_between_people():
    app = App(3)
    t = start_game(app, (0, 0))
    assert t.cover == t.s.turn and "Hand over to" in app.screen()
    first = t.s.turn
    app.press(E.A)                        # ready: the start is shown
    close_pages(app, t)
    assert t.cover < 0 and t.my_turn()
    app.hold_b()
    assert "Hint" not in labels(app) and "Hints: off" in labels(app)
    app.press(E.B)
    n = 0
    while t.s.turn == first and n < 50:
        close_pages(app, t)
        if t.human_rolls():
            app.shake()
        elif t.my_turn():
            acts = t.s.legal_actions()
            t.try_act(("shake",) if ("shake",) in acts else ("pass",) if ("pass",) in acts else acts[0])
        n += 1
    app.frame()
    assert t.cover == 1 - first
    out = app.screen()
    assert "Hand over to" in out and "P%d" % (2 - first) in out
    app.press(E.A)
    close_pages(app, t)
    assert t.cover < 0 and t.my_turn() and t.s.turn == 1 - first

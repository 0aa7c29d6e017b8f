"""Mildred for a first-time player: refused rolls, moves in words, recaps,
results of your own actions, who starts and why, why the game ended, one set of
card codes, How to play and Controls, ticks across the counter's wrap, and
malformed actions refused with the state unchanged."""
from console import Fresh
import json

from dicebox.core import storage
from dicebox.core import events as E
from dicebox.core import rng, ticks, ui
from dicebox.core.app import RollRefused
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove
from playing import decisions
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import help as H
from dicebox.games.mildred import kinds as K
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import table as S
moves = Fresh("dicebox.games.mildred.moves")
import dicebox.games.mildred as mildred
M_pages = Fresh("dicebox.games.mildred.pages")
from dicebox.games.mildred import start as M_start
from test_mildred_base import mk
from test_mildred_screens import App, choose_seats, close_pages, pick, start_game, the_table


class Refusing:
    """A dice source whose health test has failed."""

    def __init__(self):
        self.calls = 0

    def randbelow(self, n):
        self.calls += 1
        raise RollRefused("dice source failed its health test")


def test_refused_roll_watching_bots_says_so_and_keeps_the_table():
    app = App()
    M_start.start(app)
    good = app.rng
    app.rng = Refusing()
    pick(app, "New game")
    choose_seats(app, (1, 2))
    pick(app, "Start")                    # the deal is the first roll: refused
    t = the_table(app)
    before = t.s.to_dict()
    for _ in range(4):                    # said once the table is up
        if isinstance(app.top(), ui.Message):
            break
        app.frame()
    assert isinstance(app.top(), ui.Message)
    assert "Cannot roll" in app.screen()
    app.press(E.A)                        # close: back at the table, not a crash
    assert app.top() is t
    calls = app.rng.calls
    app.run(3000)                         # the bots wait: no message storm
    assert app.top() is t and app.rng.calls == calls
    assert "A again" in app.screen()
    assert t.s.to_dict() == before
    app.rng = good
    app.press(E.A)                        # A tries again
    app.frame()
    assert t.s.to_dict() != before and t.refused is None
    assert t.s.phase not in (R.SETUP, R.START)
    assert "Start shake" in " ".join(t.log.lines)


def test_refused_roll_of_a_human_keeps_the_player_where_they_were():
    app = App()
    st = mk(phase=R.WAKE)
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.press(E.A)
    pick(app, "Shake")
    assert t.human_rolls()
    app.rng = Refusing()
    before = st.to_dict()
    app.press(E.A)
    assert isinstance(app.top(), ui.Message) and "Cannot roll" in app.screen()
    assert st.to_dict() == before
    app.press(E.B)
    assert app.top() is t and not t.human_rolls() and "A again" in app.screen()
    app.rng = rng.seeded(3)
    app.press(E.A)                        # A tries again: the dice are rolled
    assert st.phase == R.ACT and len(st.pool[0]) == 9


def test_a_refused_bot_decision_is_caught_too():
    app = App()
    st = mk(pools=((1, 2), (3, 4)), turn=1)
    t = S.Table(app, st, [0, 2])
    app.push(t)
    app.rng = Refusing()
    before = st.to_dict()
    app.run(800)
    for _ in range(50):
        if app.top() is not t:
            break
        app.frame()
    assert isinstance(app.top(), ui.Message) and "Cannot roll" in app.screen()
    assert st.to_dict() == before


def test_bots_keep_their_pace_across_the_tick_wrap():
    app = App()
    app.t = ticks.PERIOD - 1000
    t = start_game(app, (1, 2))
    steps = []
    last = t.log.count
    for _ in range(240):                  # 8 s of 33 ms frames, wrapping
        app.t = ticks.add(app.t, 33)
        app.frame()
        if t.log.count != last:
            steps.append(app.t)
            last = t.log.count
    assert 4 <= len(steps) <= 12, steps   # a step 0.7 s after the last one, plus its thought
    for i in range(1, len(steps)):
        assert ticks.diff(steps[i], steps[i - 1]) >= 690, steps   # a step each 0.7 s
    assert app.t < 10000                  # the clock did wrap


def test_every_move_goes_into_the_log_in_words():
    app = App(5)
    t = start_game(app, (0, 3))
    n = 0
    acted = 0
    while t.s.current_player() != TERMINAL and n < 600:
        n += 1
        if app.top() is not t:
            app.press(E.A)
            continue
        if t.bots_play():
            count = t.log.count
            app.run(700)
            assert count <= t.log.count <= count + 2    # a step each 0.7 s
            for line in t.log.lines[len(t.log.lines) - (t.log.count - count):]:
                assert line[:2] in ("P1", "P2") and line[3:5] not in ("P1", "P2"), line
            continue
        if t.human_rolls():
            count = t.log.count
            app.shake()
            assert t.log.count == count + 1 and "P1 " in t.log.lines[-1]
            continue
        if not t.my_turn():
            app.frame()
            continue
        a = t.s.legal_actions()[-1]
        words = t.s.describe(a)
        count = t.log.count
        assert t.try_act(a) is None
        acted += 1
        assert t.log.count == count + 1 and t.log.lines[-1] == words
        assert words.startswith("P1 ")
    assert acted > 5
    assert t.log.count > 20


def test_log_saved_and_moves_page_on_up():
    app = App()
    t = start_game(app, (0, 1))
    for _ in range(6):
        app.run(700)
        while app.top() is not t:
            app.press(E.A)
    app.press(E.UP)
    page = app.top()
    assert isinstance(page, ui.TextPage) and page.title == "Moves"
    assert "Start shake" in "\n".join(t.log.lines)
    app.press(E.B)
    app.frame()
    d = app.store.load(mildred.SAVE, None)
    assert storage.kept_tail(d["log"], t.log.to_list())


def test_the_start_says_who_starts_and_why():
    """Whoever starts, the person sees the deal and the start shake: at once
    when they start, in the recap after the bot's first turn otherwise."""
    firsts = set()
    for seed in range(1, 9):
        app = App(seed)
        t = start_game(app, (0, 1))
        firsts.add(t.s.turn)
        pages = []
        for _ in range(400):
            if app.top() is not t:
                pages.append(app.top())
                app.screen()
                app.press(E.A)
                continue
            if (t.my_turn() or t.human_rolls()) and not t.queue and not t.pending_save:
                break
            app.run(100)
        text = " ".join(" ".join(" ".join(p.lines) for p in pages).split())
        assert "Start shake" in text and "lower total" in text and "Dealt: " in text, seed
    assert firsts == {0, 1}


def test_recap_when_play_comes_back_from_a_bot_turn():
    app = App()
    st = mk(pools=((1, 2), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    assert t.try_act(("pass",)) is None
    seen = []
    for _ in range(600):
        app.run(100)
        if app.top() is not t:
            seen.append(app.top().title)
            app.press(E.A)
        if t.my_turn() and app.top() is t and seen:
            break
    assert "Since your turn" in seen


def test_combat_result_says_hit_or_dodged():
    app = App()
    st = mk(phase=R.WAKE, prank=[[1, 3], [0, 0]], dodge=[[0, 0], [1, 1]], cookie=[2, 4])
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.press(E.A)
    pick(app, "Combat")
    for _ in range(5):                    # its save first (three frames), then the result
        if isinstance(app.top(), ui.Message):
            break
        app.frame()
    assert isinstance(app.top(), ui.Message)
    out = app.top().title + " " + " ".join(app.top().lines)     # the whole page
    assert "Result" in out and "hit" in out and "4->3" in out
    app.press(E.A)
    st = mk(phase=R.WAKE, prank=[[1, 1], [0, 0]], dodge=[[0, 0], [1, 2]])
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.press(E.A)
    pick(app, "Combat")
    for _ in range(5):                    # its save first (three frames), then the result
        if isinstance(app.top(), ui.Message):
            break
        app.frame()
    assert "dodged" in app.screen()


def test_game_over_says_why():
    app = App()
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 0): ((3, 3), 2)})
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.press(E.A)
    pick(app, "Score...")
    pick(app, "A Pair")
    for _ in range(3):
        app.frame()
        if app.top() is not t and "Game over" in app.screen():
            break
        app.press(E.A)
    out = app.screen()
    assert "Game over" in out and "3rd" in out
    st = mk(phase=R.WAKE, prank=[[1, 2], [0, 0]], cookie=[3, 1], sc=[[0, 2, 0, 0], [0, 0, 0, 0]])
    assert "no" in R.State.end_reason(st) or st.end_reason() == ""
    st.apply(("combat",))
    assert "prank" in st.end_reason() and "victory die" in st.end_reason()


def test_pass_comes_first_but_the_cursor_starts_on_a_move():
    app = App()
    st = mk(pools=((1, 2), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.press(E.A)
    m = app.top()
    assert isinstance(m, moves.ActionMenu)
    assert m.label(0) == "Pass" and m.sel > 0 and m.why(m.sel) is None
    app.press(E.A)                # a stray A does not end the round
    assert st.turn == 0 and st.phase == R.ACT
    st2 = mk(pools=((), (3, 4)))   # no dice left: Pass is all there is, and selected
    t2 = S.Table(app, st2, [0, 1])
    app.push(t2)
    app.press(E.A)
    m = app.top()
    assert m.sel == 0 and m.label(0) == "Pass"
    assert all(m.why(i) for i in range(1, len(m.items)))


def test_the_menus_name_the_cards_and_columns_the_table_shows_by_code():
    codes = [C.INDULGENCIES[k][1] for k in range(C.NUM_IND)]
    assert len(set(codes)) == C.NUM_IND
    app = App()
    st = mk(pools=((2, 2, 2, 3, 3), ()), inds=(0, 1, 2, 3, 4, 5))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.screen()
    for k in st.inds:
        assert len(codes[k]) == 2
        for a in st.legal_actions():
            if a[0] == "ind" and a[1] == k:
                assert K.label(st, a).startswith(C.INDULGENCIES[k][0] + ", ")   # its name, then the dice
            if a[0] == "scally":
                assert K.label(st, a).split()[0] == C.SET_NAMES[a[1]]
    texts = app.fb.texts
    for i, s in enumerate(st.sets):
        assert C.SET_SHORT[s] in texts           # the table: the codes, explained on Details
    acts = [a for a in st.legal_actions() if a[0] == "ind"]
    assert K.label(st, acts[0]).split(",")[0] in [c[0] for c in C.INDULGENCIES]
    assert "3OAK" not in M_pages.details(st) and "FULL" not in M_pages.details(st)
    for k in range(C.NUM_IND):
        assert K.label(st, ("score", k)) == C.INDULGENCIES[k][0]     # in the list "Score"


def test_how_to_play_and_controls_on_both_menus():
    app = App()
    M_start.start(app)
    for name in ("How to play", "Controls"):
        pick(app, name)
        assert isinstance(app.top(), ui.TextPage) and app.screen()
        app.press(E.B)
    t = start_game(app, (0, 1))
    close_pages(app, t)
    for name in ("How to play", "Words", "Controls", "Moves"):
        app.hold_b()            # the game menu
        pick(app, name)
        assert isinstance(app.top(), ui.TextPage)
        app.press(E.B)
        assert app.top() is t
    assert 2 <= len(H.HOWTO) <= 6
    keys = " ".join(H.CONTROLS)
    for k in ("A", "B: back", "Hold B: game menu", "Up", "Down", "Left/Right", "Shake"):
        assert k in keys, k


def test_describe_every_legal_action():
    for seed in (1, 2, 3, 4, 5, 6):
        r = rng.seeded(seed)
        st = R.State()
        n = 0
        while st.current_player() != TERMINAL and n < 500:
            if st.current_player() == CHANCE:
                sizes = st.chance_request()
                v = [r.randbelow(k) for k in sizes]
                assert st.describe_chance(v)
                st.apply_chance(v)
            else:
                acts = st.legal_actions()
                for a in acts:
                    long = st.describe(a)
                    assert long.startswith("P%d " % (st.turn + 1)) and "not allowed" not in long
                st.apply(acts[r.randbelow(len(acts))])
            n += 1


def malformed(a):
    """Shapes an action can be broken into."""
    out = [a[:-1], a + (1,), a + ("x",), (a[0] + "x",) + a[1:]]
    for i in range(1, len(a)):
        for bad in (None, "x", -1, 99, [], (1, 2), 1.5):
            out.append(a[:i] + (bad,) + a[i + 1:])
    return out


def test_malformed_actions_are_illegal_and_change_nothing():
    weird = [(), ("",), ("task",), ("task", 1), ("score",), ("mod", 1), ("take",),
             ("take", "ind"), ("take", "col"), ("pass", 1), ("ind", 0, 5), ("foo",),
             None, 5, "pass", [["pass"]], ("dodge", 1, 2)]
    for seed in (1, 2, 3):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 300, every=True):
            legal = st.legal_actions()
            before = json.dumps(st.to_dict())
            probes = list(weird)
            for a in legal[:6]:
                probes.extend(malformed(a))
            for a in probes:
                c = st.clone()
                try:
                    c.apply(a)
                except IllegalMove:
                    assert json.dumps(c.to_dict()) == before, a
                    continue
                # accepted: it must be a legal action in another spelling
                assert R.tup(a) in legal, a
            assert json.dumps(st.to_dict()) == before
            st.apply(legal[r.randbelow(len(legal))])


def test_apply_checks_then_does_without_a_copy_of_the_state():
    """``apply`` is the contract's check, then ``do``: a listed move is played
    without a snapshot of the state to put back (a copy costs as much as the
    move's words: a frame of a bot's move on the chip); a refused move is not
    tried on a copy either: checks.why_not reads the reason off the state."""
    made = []
    real = R.State.clone

    def counting(self):
        made.append(1)
        return real(self)
    r = rng.seeded(4)
    st = R.State()
    R.State.clone = counting
    try:
        n = 0
        for _ in decisions(st, r, 120, every=True):
            legal = st.legal_actions()
            del made[:]
            st.apply(legal[r.randbelow(len(legal))])
            assert made == [], "a legal move copied the state"
            n += 1
        assert n > 20
        try:
            st.apply(("foo",))
        except IllegalMove as e:
            assert made == [] and str(e) == "unknown action"
    finally:
        R.State.clone = real


def test_only_a_refused_move_brings_in_the_reasons():
    # play carries the moves' effects; the checks that word a refusal are
    # checks.py's, imported when a move is refused
    import sys
    from dicebox.core.modules import drop
    name = "dicebox.games.mildred.checks"
    if not drop((name,)) and name in sys.modules:
        return      # CPython: the tests share their modules (core/modules.forget)
    r = rng.seeded(6)
    st = R.State()
    n = 0
    for _ in decisions(st, r, 80, every=True):
        legal = st.legal_actions()
        st.apply(legal[r.randbelow(len(legal))])
        n += 1
    assert n > 20 and name not in sys.modules
    try:
        st.apply(("foo",))
    except IllegalMove as e:
        assert e.reason == "unknown action"
    assert name in sys.modules

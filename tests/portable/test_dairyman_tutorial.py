"""Learn to play (Dairyman's guided game): reachable from the start menu and
offered the first time; a player following its boxes and marked moves plays
the game to its end having met every mechanic (rolling, sets, barns, claims,
rerolls, flips, ice creams, failing and the backorder token, red dice, the
freeze token, the end and the scores); Skip works at every step; a wrong move
only gets a hint; mashed keys never play a move the lesson did not ask for;
the lesson's moves and rolls are legal in the rules engine; it never touches
the saved game or the records."""
from console import Fresh
import sys

from dicebox.core import events as E
from dicebox.core import ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.rng import seeded
from console import FakeApp, TextFB, labels, pick
D_start = Fresh("dicebox.games.dairyman.start")
import dicebox.games.dairyman as dairyman
from dicebox.games.dairyman import checks
from dicebox.games.dairyman import rules as R
from dicebox.games.dairyman import tiles
from dicebox.games.dairyman import lesson as T
import lessons
from dairyman_lesson import is_box, open_lesson, pick_dice, follow, back_to_table


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def scripted():
    """The lesson's line of play, straight on the rules engine: the states
    before each beat."""
    st = T.deal()
    out = []
    for text, kind, data in T.BEATS:
        out.append(st.clone())
        if kind in ("do", "bot"):
            st.apply(T.concrete(st, data))
        elif kind in ("roll", "botroll"):
            st.apply_chance(T.faces(st, data))
    out.append(st)
    return out


def test_the_lesson_is_on_the_start_menu_and_offered_the_first_time():
    lessons.offered_the_first_time(App(), D_start.start, D_start.LEARNED, lambda app: app.press(E.B))


def test_a_damaged_offer_record_counts_as_not_offered_and_is_replaced():
    lessons.damaged_offer_is_replaced(App(), D_start.start, D_start.LEARNED)


def test_following_the_lesson_plays_to_the_end_and_offers_a_real_game():
    app = App()
    words = ("roll", "set", "barn 1", "barn 2", "barn 3", "claim", "reroll", "stop",
             "flip", "ice cream", "fail", "backorder", "red die", "freeze", "game over",
             "score", "hold b", "skip")
    start, les = lessons.follow_to_the_end(app, open_lesson, follow, words)
    st = les.s
    assert st.current_player() == TERMINAL
    assert st.scores() == [245, 235] and st.winners() == [0]
    assert st.tokens == [1, 0] and st.freeze == [1, 0]
    assert st.flipped[5] == 1 and 5 in st.owned[0] and 21 in st.owned[0]
    assert not app.store.exists(dairyman.SAVE)                  # no save, no records
    assert dairyman.GAME not in tablepages.load_records(app.store)
    assert isinstance(app.top(), ui.Confirm)
    app.press(E.A)                                       # yes: a real game
    assert type(app.top()).__name__ == "NewGame"       # (tablepages may be a fresh import)
    assert labels(app)[1:3] == ["P1: human", "P2: Beginner"]   # the gentlest bot first
    assert les not in app.stack and app.stack[-2] is start


def test_the_game_over_box_says_who_won_and_the_scores():
    app = App()
    start, les = open_lesson(app)
    ends = []

    def grab(app):
        top = app.top()
        if is_box(top) and top.title == "Game over" and not ends:
            ends.append(" ".join(top.lines))
    follow(app, les, on_page=grab)
    assert ends, "no Game over box"
    assert "P1 wins by 10 points" in ends[0] and "245" in ends[0] and "235" in ends[0], ends


def test_the_tokens_boxes_name_them_as_the_table_shows_them():
    """The table counts the tokens as "F1 B1" on its bottom line: the boxes
    that bring in each token name it so (the backorder's said nothing of B)."""
    app = App()
    start, les = open_lesson(app)
    said = {}

    def grab(app):
        top = app.top()
        if is_box(top):
            text = " ".join(top.lines)
            for key in ("BACKORDER token", "freeze token"):
                if key in text and key not in said:
                    said[key] = (text, les.s.tokens[0], les.s.freeze[0])
    follow(app, les, on_page=grab)
    text, tokens, _ = said["BACKORDER token"]
    assert tokens == 1 and "B1" in text, said
    text, _, freeze = said["freeze token"]
    assert freeze == 1 and "F1" in text, said


def test_no_at_the_end_goes_back_to_the_start_menu():
    lessons.no_at_the_end(App(), open_lesson, follow)


def test_skip_at_every_step_returns_to_the_start_menu():
    lessons.skip_at_every_step(App, open_lesson, follow, back_to_table, T.TITLE, dairyman.SAVE,
                               step=2 if sys.implementation.name == "micropython" else 1,
                               boxes_at_end=2)            # the end's boxes: no table between


def test_skip_in_the_middle_of_picking_dice_and_from_a_menu():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=4)          # the box before the first set
    back_to_table(app, les)
    a = T.concrete(les.s, les.wanted())
    pick_dice(app, les, a[1][:1])      # one die picked of two
    assert les.sel == [a[1][0]]
    app.hold_b()                       # the picks are kept under the menu
    assert les.sel == [a[1][0]]
    pick(app, "Skip the lesson")
    assert app.top() is start and not app.store.exists(dairyman.SAVE)


def test_a_short_b_on_the_lesson_table_asks_before_leaving():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=3)
    back_to_table(app, les)
    lessons.short_b_asks(app, start, les)


def test_a_wrong_move_gets_a_gentle_hint_and_changes_nothing():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=4)              # the box before the first set: 6 and 4
    back_to_table(app, les)
    before = les.s.to_dict()
    i = les.i
    st = les.s
    threes = [d for d in st.free_dice() if st.dv[d] in (3, 1)]
    sixes = [d for d in st.free_dice() if st.dv[d] == 6]
    pick_dice(app, les, (sixes[0], threes[0], [d for d in threes[1:] if st.dv[d] != st.dv[threes[0]]][0]))
    assert is_box(app.top()) and app.top().title == "Not yet"
    assert "6 and 4" in " ".join(app.top().lines), app.top().lines
    assert les.s.to_dict() == before and les.i == i and les.sel == []
    app.press(E.A)
    assert app.top() is les
    app.hold_b()                          # a menu move that is not asked for: not offered
    m = app.top()
    assert [x for x in labels(app) if x.startswith(">")] == []
    assert m.label(1).startswith("Reroll:")    # "Reroll: set 1st": A does nothing
    app.press(E.B)
    follow(app, les, stop=2)              # on to the reroll step
    back_to_table(app, les)
    app.hold_b()
    assert app.top().label(app.top().sel) == ">Reroll"
    before = les.s.to_dict()
    i = les.i
    app.top().sel = labels(app).index("Fail: backorder")   # legal, but not asked for
    app.press(E.A)
    assert isinstance(app.top(), ui.Confirm)
    app.press(E.A)
    assert is_box(app.top()) and app.top().title == "Not yet"
    assert "Reroll" in " ".join(app.top().lines)
    assert les.s.to_dict() == before and les.i == i


def test_mashing_keys_never_plays_a_move_the_lesson_did_not_ask_for():
    line = scripted()
    keys = (E.A, E.A, E.A, E.B, E.LEFT, E.RIGHT, E.UP, E.DOWN, "hold", "shake", "tap")
    furthest = 0
    for seed in (1, 2, 3):
        app = App(seed)
        rnd = seeded(100 + seed)
        start, les = open_lesson(app)
        for n in range(600):
            k = keys[rnd.randbelow(len(keys))]
            if k == "hold":
                app.hold_b()
            elif k == "shake":
                app.shake()
            elif k == "tap":
                app.tap(E.B)
            else:
                app.press(k)
            app.run(rnd.randbelow(3) * 400)
            assert not app.store.exists(dairyman.SAVE)
            assert dairyman.GAME not in tablepages.load_records(app.store)
            if les not in app.stack:              # skipped, left, or a real game offered
                assert not app.stack or app.stack[0] is start, app.stack
                app.stack[:] = []
                start, les = open_lesson(app)
                continue
            st = les.s
            R.State.from_dict(st.to_dict())      # the state keeps every invariant
            ref = line[les.i]
            for f in ("owned", "display", "stack", "tokens", "freeze", "flipped", "seat",
                      "turns", "rolls", "need_lock", "used"):
                assert getattr(st, f) == getattr(ref, f), (seed, n, les.i, f)
            assert st.barn_totals() == ref.barn_totals(), (seed, n, les.i)
            furthest = max(furthest, les.i)
    assert furthest >= 4, furthest                # mashing got past a set of its own picking


def test_the_lessons_moves_and_rolls_are_legal_in_the_rules_engine():
    st = T.deal()
    checks.check(st)
    R.State.from_dict(st.to_dict())
    assert st.scores() == [190, 195]
    for text, kind, data in T.BEATS:
        if kind in ("do", "bot"):
            assert st.current_player() == (0 if kind == "do" else 1), (kind, data)
            a = T.concrete(st, data)
            assert a is not None, data
            legal = st.legal_actions()
            assert [x for x in legal if T.fits(st, x, data)], (data, legal)
            assert T.fits(st, a, data)
            st.apply(a)
        elif kind in ("roll", "botroll"):
            assert st.current_player() == CHANCE
            assert st.seat == (0 if kind == "roll" else 1)
            want = T.dice_of(data)
            pend = st.pending[1]
            assert sorted(c for f, c in want) == sorted(st.dc[i] for i in pend), data
            assert all(1 <= f <= 6 for f, c in want)
            st.apply_chance(T.faces(st, data))
        else:
            assert kind in ("say", "score", "end"), kind
        checks.check(st)
        R.State.from_dict(st.to_dict())
    assert st.current_player() == TERMINAL
    assert st.scores() == [245, 235] and st.winners() == [0]


def test_each_step_says_what_the_rules_do_there():
    line = scripted()
    barns = 0
    for j in range(len(T.BEATS)):
        text, kind, data = T.BEATS[j]
        st = line[j]
        if kind == "do" and data[0] == "lock" and text and "barn " in text:
            b = int(text.split("barn ")[1][0])      # the barn the step names
            assert R.barn_for(st.rolls) == b, (text, st.rolls)
            barns += 1
        if kind == "do" and data[0] == "fail":      # a failure only when there is no way on
            assert st.need_lock and not st.can_lock()
            assert [a[0] for a in st.legal_actions()] == ["fail"]
        if kind == "do" and data[0] == "flip":      # the flip and the ice cream rescue a roll
            assert st.need_lock and not st.can_lock()
        if kind == "do" and data[0] == "reroll" and st.barn_total() == 10:
            assert not st.can_claim()               # "no tile fits 10": stopping fails
        if kind == "do" and data[0] == "claim":
            tot = 0
            for t in data[1]:
                tot += tiles.VALUE[t]
            assert tot == st.barn_total()            # the claim asked for wastes nothing
    assert barns == 5
    # P2's second set from one roll, as its box says
    j = [k for k in range(len(T.BEATS)) if T.BEATS[k][0] and T.BEATS[k][0].startswith("P2 locked")][0]
    assert line[j].sets and line[j].rolls == 1 and line[j + 1].rolls == 1 and len(line[j + 1].sets) == 2


def test_every_box_fits_the_screen_without_scrolling():
    for text, kind, data in T.BEATS:
        if text:
            lessons.box_fits(text)
        if kind == "do":
            lines = ui.wrap("Not this one yet. " + T.how(data), ui.COLS - 1)
            assert len(lines) <= ui.ROWS - 2, lines


def test_the_lesson_module_is_dropped_after_it_and_the_bot_is_not_held_during_it():
    lessons.module_dropped(App(), open_lesson, follow, T.BOT, dairyman.LESSON[0])   # the script plays the bot


def test_once_the_lesson_is_taken_the_entry_is_the_plain_one():
    lessons.plain_entry_once_taken(App(), D_start.start)

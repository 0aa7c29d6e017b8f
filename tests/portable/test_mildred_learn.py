"""Learn to play (Mildred's guided first game): reachable from the start menu
and offered the first time, a player following its boxes and marked moves
reaches the end having met every mechanic, Skip works at every step, a wrong
move only gets a hint, the lesson's moves are legal in the rules engine, and
it never touches the saved game or the records."""
from console import Fresh
import gc
import sys

from dicebox.core import events as E
from dicebox.core import table, ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import CHANCE
from console import labels, pick
from dicebox.games.mildred import rules as R
moves = Fresh("dicebox.games.mildred.moves")
from dicebox.games.mildred import start as M_start
import dicebox.games.mildred as mildred
from dicebox.games.mildred import lesson as T
from test_mildred_screens import App


def is_box(x):
    # by name: on the device build the start menu drops the lesson's module,
    # so the lesson may run from a fresh import of it
    return type(x).__name__ == "Box"


def is_lesson(x):
    return type(x).__name__ == "Lesson"


def open_lesson(app):
    M_start.start(app)
    start = app.top()
    pick(app, table.OFFER if table.OFFER in labels(app) else table.LEARN)
    les = app.stack[-2] if is_box(app.top()) else app.top()
    assert is_lesson(les), les
    return start, les


def follow(app, les, limit=400, stop=None):
    """Do what the lesson asks: close its boxes, pick the marked moves, roll
    when asked. Returns the boxes' texts seen, up to the closing question
    (or up to ``stop`` boxes)."""
    seen = []
    n = 0
    while n < limit:
        n += 1
        top = app.top()
        if isinstance(top, ui.Confirm):
            return seen
        if isinstance(top, ui.TextPage):
            if is_box(top) and top.title.startswith("Lesson"):
                seen.append(" ".join(top.lines))
                if stop is not None and len(seen) >= stop:
                    return seen
            app.press(E.A)
            continue
        if isinstance(top, ui.Menu):
            marked = [x for x in labels(app) if x.startswith(">")]
            assert len(marked) == 1, labels(app)
            pick(app, marked[0])
            continue
        assert top is les, top
        if les.waiting():
            app.run(100)
        elif les.my_turn():
            app.press(E.A)
        elif les.human_rolls():
            app.shake()
        else:
            app.run(100)
    raise AssertionError("the lesson did not end")


def test_the_lesson_is_on_the_start_menu_and_offered_the_first_time():
    app = App()
    M_start.start(app)
    got = labels(app)
    assert got.index(table.OFFER) == 1            # near the top, under New game
    assert app.top().sel == 1                     # and selected: A starts it
    assert app.store.load(M_start.LEARNED, None) == {"offered": 1}
    app.press(E.B)
    M_start.start(app)                              # offered once: the plain entry now
    assert table.LEARN in labels(app) and table.OFFER not in labels(app)
    assert app.top().sel == 0                     # New game selected again
    for lab in labels(app):
        assert len(lab) <= 15, lab


def test_a_damaged_offer_record_counts_as_not_offered_and_is_replaced():
    app = App()
    app.store.records[M_start.LEARNED] = (1, "{not json")
    M_start.start(app)
    assert table.OFFER in labels(app)
    assert app.store.load(M_start.LEARNED, None) == {"offered": 1}
    assert not app.store.take_problems(M_start.LEARNED)


def test_following_the_lesson_meets_every_mechanic_and_ends_with_a_real_game_offer():
    app = App()
    start, les = open_lesson(app)
    seen = follow(app, les)
    text = " ".join(seen).lower()
    for word in ("shake", "task", "scallywag", "dodge", "prank", "reward", "cookies",
                 "victory die", "ready"):
        assert word in text, word
    st = les.s
    assert st.vic[0] == 1 and st.cookie[0] == 1          # the victory die was won
    assert st.cookie[1] == 2                             # the prank hit
    assert isinstance(app.top(), ui.Confirm)
    assert not app.store.exists(mildred.SAVE)                  # no save, no records
    assert "Mildred" not in tablepages.load_records(app.store)
    app.press(E.A)                                       # yes: a real game
    assert isinstance(app.top(), tablepages.NewGame)
    assert labels(app)[:2] == ["P1: human", "P2: Beginner"]   # a first real game: the gentlest bot
    assert les not in app.stack and app.stack[-2] is start


def test_no_at_the_end_goes_back_to_the_start_menu():
    app = App()
    start, les = open_lesson(app)
    follow(app, les)
    app.press(E.B)
    assert app.top() is start and les not in app.stack


def test_skip_at_every_step_returns_to_the_start_menu():
    app = App()
    start, les = open_lesson(app)
    total = len(follow(app, les))
    for k in range(1, total + 1):
        for how in ("box", "table") if k < total else ("box",):   # the last box: the question next
            app = start = les = None
            gc.collect()
            app = App()
            start, les = open_lesson(app)
            follow(app, les, stop=k)
            if how == "table":
                app.press(E.A)           # close the box, back to the table
                n = 0
                while app.top() is not les and n < 10:
                    app.press(E.A) if isinstance(app.top(), ui.TextPage) else app.run(100)
                    n += 1
            app.hold_b()
            assert app.top().title == T.TITLE and labels(app)[0] == "Skip the lesson"
            pick(app, "Skip the lesson")
            assert app.top() is start, (k, how, app.top())
            assert les not in app.stack
            assert not app.store.exists(mildred.SAVE)
            app.frame()
            assert app.top() is start


def test_a_short_b_on_the_lesson_table_asks_before_leaving():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=2)
    app.press(E.A)
    app.run(100)
    assert app.top() is les
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm) and "lesson" in app.screen()
    app.press(E.B)                       # stay
    assert app.top() is les
    app.tap(E.B)
    app.press(E.A)                       # leave
    assert app.top() is start


def test_a_wrong_move_gets_a_gentle_hint_and_changes_nothing():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=4)              # the box before the first scallywag
    app.press(E.A)
    n = 0
    while not les.my_turn() or les.waiting():
        app.run(100)
        n += 1
        assert n < 20
    before = les.s.to_dict()
    i = les.i
    app.press(E.A)
    m = app.top()
    assert isinstance(m, moves.ActionMenu) and m.label(m.sel).startswith(">")
    pick(app, "Prank...")                  # not what the lesson asks
    app.press(E.A)                         # the first prank choice
    assert is_box(app.top()) and app.top().title == "Not yet"
    assert "Laundry 1" in " ".join(app.top().lines)
    assert les.s.to_dict() == before and les.i == i
    app.press(E.A)
    assert isinstance(app.top(), ui.Menu)      # back where the player was


def test_the_lessons_moves_and_rolls_are_legal_in_the_rules_engine():
    st = T.deal()
    R.check(st)
    for text, kind, data in T.BEATS:
        if kind in ("do", "bot"):
            assert st.current_player() == (0 if kind == "do" else 1), (kind, data)
            assert data in st.legal_actions(), data
            st.apply(data)
        elif kind in ("roll", "botroll"):
            assert st.current_player() == CHANCE
            req = st.chance_request()
            assert len(req) == len(data) and all(1 <= f <= 6 for f in data)
            st.apply_chance([f - 1 for f in data])
        R.check(st)
    assert st.vic == [1, 0] and st.current_player() == 0


def test_every_box_fits_the_screen_without_scrolling():
    for text, kind, data in T.BEATS:
        if text:
            lines = ui.wrap(text, ui.COLS - 1)
            assert len(lines) <= ui.ROWS - 2, text       # room for "A:ok"
            assert len(lines) < ui.ROWS - 2 or len(lines[-1]) <= 11, text   # clear of "A:ok"
            for w in text.split():
                assert len(w) <= ui.COLS - 1, w


def test_the_lesson_module_is_dropped_after_it_and_the_bot_is_not_held_during_it():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=1)
    if sys.implementation.name == "micropython":
        assert T.BOT not in sys.modules             # the script plays the bot
    app.hold_b()
    pick(app, "Skip the lesson")
    if sys.implementation.name == "micropython":     # CPython tests share their modules
        assert mildred.LESSON not in sys.modules and "dicebox.core.lesson" not in sys.modules


def test_the_boxes_speak_the_how_to_plays_words_not_table_codes():
    """The menus say "Laundry 1"; the lesson that sends a player there says it
    the same way: no column codes (LA, CL, DI, CO) and no rulebook step
    letters ("(a)", "READY (e)")."""
    codes = ("LA", "CL", "DI", "CO", "3K")
    for text, kind, data in T.BEATS:
        if not text:
            continue
        for w in text.replace(",", " ").replace(".", " ").replace(":", " ").split():
            assert w not in codes and not (w[:2] in codes and w[2:].isdigit()), (w, text)
        for letter in "abcde":
            assert "(%s)" % letter not in text, text

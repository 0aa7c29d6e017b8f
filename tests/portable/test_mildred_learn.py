"""Learn to play (Mildred's guided first game): reachable from the start menu
and offered the first time, a player following its boxes and marked moves
reaches the end having met every mechanic, Skip works at every step, a wrong
move only gets a hint, the lesson's moves are legal in the rules engine, and
it never touches the saved game or the records."""
from console import Fresh

from dicebox.core import events as E
from dicebox.core import ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import CHANCE
from console import labels, pick
from dicebox.games.mildred import checks
moves = Fresh("dicebox.games.mildred.moves")
from dicebox.games.mildred import start as M_start
import dicebox.games.mildred as mildred
from dicebox.games.mildred import lesson as T
from test_mildred_screens import App
import lessons
from lessons import is_box


def open_lesson(app):
    return lessons.open_lesson(app, M_start.start)


def on_table(app, les):
    if les.waiting():
        app.run(100)
    elif les.my_turn():
        app.press(E.A)
    elif les.human_rolls():
        app.shake()
    else:
        app.run(100)


def follow(app, les, limit=400, stop=None):
    """Do what the lesson asks: close its boxes, pick the marked moves, roll
    when asked. Returns the boxes' texts seen, up to the closing question
    (or up to ``stop`` boxes)."""
    return lessons.follow(app, les, on_table, limit, stop)


def test_the_lesson_is_on_the_start_menu_and_offered_the_first_time():
    lessons.offered_the_first_time(App(), M_start.start, M_start.LEARNED, lambda app: app.press(E.B))


def test_a_damaged_offer_record_counts_as_not_offered_and_is_replaced():
    lessons.damaged_offer_is_replaced(App(), M_start.start, M_start.LEARNED)


def test_following_the_lesson_meets_every_mechanic_and_ends_with_a_real_game_offer():
    app = App()
    words = ("shake", "task", "scallywag", "dodge", "prank", "reward", "cookies",
             "victory die", "ready")
    start, les = lessons.follow_to_the_end(app, open_lesson, follow, words)
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
    lessons.no_at_the_end(App(), open_lesson, follow)


def test_skip_at_every_step_returns_to_the_start_menu():
    lessons.skip_at_every_step(App, open_lesson, follow, lessons.back_to_table, T.TITLE, mildred.SAVE)


def test_a_short_b_on_the_lesson_table_asks_before_leaving():
    lessons.short_b_at(App(), open_lesson, follow, 2)


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
    checks.check(st)
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
        checks.check(st)
    assert st.vic == [1, 0] and st.current_player() == 0


def test_every_box_fits_the_screen_without_scrolling():
    for text, kind, data in T.BEATS:
        if text:
            lessons.box_fits(text)


def test_the_lesson_module_is_dropped_after_it_and_the_bot_is_not_held_during_it():
    lessons.module_dropped(App(), open_lesson, follow, T.BOT, mildred.LESSON[0])   # the script plays the bot


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


def test_each_box_that_asks_for_a_move_names_the_menu_entries_it_goes_through():
    """The box before a move the player must make names the entries pressed
    to make it, in the menu's own words: the kind ("Indulgency", not
    "cookies"), then each list step ("3-of-a-kind", "4 4 4")."""
    from dicebox.games.mildred import kinds as K
    st = T.deal()
    asked = 0
    for text, kind, data in T.BEATS:
        if kind == "do":
            path = None
            for k, name, why, acts in K.move_kinds(st):
                if data in acts:
                    path = [name] + K.steps(st, data)
            assert path is not None, data
            for step in path:
                assert step in text, (step, text)
            asked += 1
        if kind in ("do", "bot"):
            st.apply(data)
        elif kind in ("roll", "botroll"):
            st.apply_chance([f - 1 for f in data])
    assert asked >= 12


def test_once_the_lesson_is_taken_the_entry_is_the_plain_one():
    lessons.plain_entry_once_taken(App(), M_start.start)

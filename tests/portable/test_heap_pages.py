"""What play does not need is not kept while a game's table is on top.

The table's pages used now and then (``core/tablemore.py``), each game's help,
start menu, setup and end of game live in modules imported on use and dropped
(under MicroPython) when the table is back on top; a few references that kept
big objects alive are gone. The live heap figures themselves are checked on
the device build in tests/host/test_heap_games.py.
"""
import sys
from dicebox.core import events as E
from dicebox.core import table
from console import FakeApp, TextFB, labels, pick
from test_milestones_screens import App as MApp

MPY = sys.implementation.name == "micropython"


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def loaded(*leaves):
    return [m for m in sys.modules if m.rsplit(".", 1)[-1] in leaves]


def test_the_tables_pages_are_named_by_the_table_and_imported_on_use():
    from dicebox.core import tablemore
    for name in ("EndPage", "HintPage", "NewGame", "load_table", "records_text",
                 "add_record", "load_records", "saved_problem", "LEVEL_ABOUT"):
        assert getattr(table, name) is getattr(tablemore, name), name
    try:
        table.no_such_thing
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_dairyman_menus_list_the_help_pages_without_holding_their_texts():
    from dicebox.games.dairyman import screens
    from dicebox.games.dairyman import help as game_help
    assert tuple(p[0] for p in game_help.pages()) == screens.HELP_TITLES
    app = App()
    screens.start(app)
    names = labels(app)
    for title in screens.HELP_TITLES:
        assert title in names
    if MPY:
        table.drop(screens.HELP)
        app.pop()
        screens.start(app)
        assert loaded("help") == []      # the start menu does not import the texts
    pick(app, "Rulings")
    assert "Rulings" in app.screen()
    if MPY:
        assert loaded("help") == []      # nor does the page, once it has its text


def test_dairyman_play_drops_the_start_menu_help_and_pages():
    from dicebox.games.dairyman import screens
    app = App()
    screens.start(app)
    pick(app, "New game")
    ng = app.top()
    assert type(ng).__name__ == "NewGame"
    ng.n = 2
    ng.seats = [0, 1]
    pick(app, "Start")
    t = app.top()
    assert isinstance(t, screens.Table)
    t.enter()
    if MPY:
        assert loaded("help", "pages", "tablemore") == []
    # the game menu (B) and the help it lists come back on use
    t.menu()
    menu = app.top()
    names = labels(app)
    assert "Save and quit" in names and "How to play" in names and "Scores" in names
    pick(app, "Scores")
    assert "Scores" in app.screen()
    app.press(E.B)
    assert app.top() is t
    if MPY:
        assert loaded("help", "pages", "tablemore") == []
    assert menu is not t


def test_mildred_start_menu_does_not_keep_a_replaced_save_alive():
    from dicebox.games.mildred import screens as S
    from dicebox.games.mildred import rules as R
    app = App()
    S.start(app)
    start = app.top()
    start.new((0, 1))()              # a game, saved as it starts
    app.pop()                        # back to the start menu: it reads the save
    assert app.top() is start and start.saved is not None
    old = start.saved[0]
    start.begin([0, 1])              # New game over the saved one
    t = app.top()
    assert isinstance(t, S.Table) and t.s is not old
    assert start.saved is None       # the old game's state is not held under the table
    t.enter()
    if MPY:
        assert loaded("help", "pages", "tablemore") == []
    t2 = S.Table(app, R.State(), [0, 1])
    assert "Details" in [x[0] for x in t2.info_items()]


def test_mildred_details_page_comes_from_its_own_module():
    from dicebox.games.mildred import screens as S
    app = App()
    S.start(app)
    start = app.top()
    start.new((0, 1))()
    t = app.top() if isinstance(app.top(), S.Table) else app.stack[-2]
    while app.top() is not t:
        app.pop()
    t.enter()
    t.event(E.make(E.PRESS, E.DOWN))
    assert app.top() is not t and "Details" in app.screen()
    app.pop()
    t.enter()
    if MPY:
        assert loaded("pages") == []


def _milestones_table(app):
    from test_milestones_screens import setup_solo
    return setup_solo(app, bots=1)


def test_milestones_play_drops_the_menus_and_the_ending():
    app = MApp()
    t = _milestones_table(app)
    t.enter()
    if MPY:
        assert loaded("menus", "ending", "help", "tablemore") == []


def test_milestones_lines_waiting_for_the_message_line_are_capped():
    from dicebox.games.milestones import play
    app = MApp()
    t = _milestones_table(app)
    t.msg = "busy"
    t.humans = 2                                  # a recap is for pass and play
    t.seen = [t.log.count, None]
    for k in range(30):
        t.log.add("S2 scored line %d" % k)
    t.prev_turn = 1
    t.st.turn = 0
    t.st.started = True
    t._recap()
    assert len(t.said) == play.SAID_MAX
    assert t.said[-1] == "S2 scored line 29"      # the newest lines are kept
    for k in range(20):                           # and so does a bot's "keep" call
        t.said.append("x%d" % k)
    t.cap_said()
    assert len(t.said) == play.SAID_MAX and t.said[-1] == "x19"


def test_milestones_a_key_on_a_finished_table_shows_the_result_again():
    from dicebox.games.milestones import screens
    app = MApp()
    t = _milestones_table(app)
    app.shake()
    app.run(185000, step=250)          # the sand runs out: the result page
    assert t.st.is_over()
    assert isinstance(app.top(), screens.Result)
    app.pop()                          # the result page gone, the table on top
    t.enter()
    t.event(E.make(E.PRESS, E.A))
    assert isinstance(app.top(), screens.Result)

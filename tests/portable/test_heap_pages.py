"""What play does not need is not kept while a game's table is on top.

The table's pages used now and then (``core/tablemore.py``), each game's help,
start menu, setup and end of game live in modules imported on use and dropped
(under MicroPython) when the table is back on top; a few references that kept
big objects alive are gone. The live heap figures themselves are checked on
the device build in tests/host/test_heap_games.py.
"""
import sys
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import table
from console import FakeApp, TextFB, labels, pick

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
        forget(screens.HELP)
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

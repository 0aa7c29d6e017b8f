"""What play does not need is not kept while a game's table is on top.

The table's pages used now and then (``core/tablepages.py``), each game's help,
start menu, setup and end of game live in modules imported on use and dropped
(under MicroPython) when the table is back on top; a few references that kept
big objects alive are gone. The live heap figures themselves are checked on
the device build in tests/host/test_heap_games.py.
"""
from console import Fresh
import sys
D_start = Fresh("dicebox.games.dairyman.start")
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import table
from console import FakeApp, TextFB, labels, new_game_page, pick

MPY = sys.implementation.name == "micropython"
MPY_SOURCES = not MPY       # under MicroPython the runner imports the mpy-cross build


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def loaded(*leaves):
    return [m for m in sys.modules if m.rsplit(".", 1)[-1] in leaves]


def test_the_tables_pages_live_in_their_own_module_and_nothing_forwards_names():
    # the pages used now and then are tablepages' own, imported where used:
    # the table module neither holds nor forwards them
    tablepages = Fresh("dicebox.core.tablepages")
    for name in ("EndPage", "HintPage", "NewGame", "load_table", "records_text",
                 "add_record", "load_records", "saved_problem", "LEVEL_ABOUT", "game_menu"):
        assert hasattr(tablepages, name), name
        assert not hasattr(table, name), name
    import os
    import dicebox
    root = dicebox.__file__.rsplit("/", 1)[0]
    seen = 0
    for sub in ("core", "apps", "hal", "games/dairyman", "games/mildred", "games/milestones"):
        for name in os.listdir(root + "/" + sub):
            if name.endswith(".py"):
                with open(root + "/" + sub + "/" + name) as f:
                    text = f.read()
                assert "def __getattr__" not in text, sub + "/" + name
                seen += 1
    assert seen > 60 or not MPY_SOURCES    # the MicroPython runner imports the compiled build


def test_dairyman_menus_list_the_help_pages_without_holding_their_texts():
    from dicebox.games.dairyman import table as dtable
    D_start = Fresh("dicebox.games.dairyman.start")
    from dicebox.games.dairyman import help as game_help
    assert tuple(p[0] for p in game_help.pages()) == dtable.HELP_TITLES
    app = App()
    D_start.start(app)
    names = labels(app)
    for title in dtable.HELP_TITLES:
        assert title in names
    if MPY:
        forget(dtable.HELP)
        app.pop()
        D_start.start(app)
        assert loaded("help") == []      # the start menu does not import the texts
    pick(app, "Rulings")
    assert "Rulings" in app.screen()
    if MPY:
        assert loaded("help") == []      # nor does the page, once it has its text


def two_seat_table(app):
    """Dairyman's start menu, New game, two seats, Start: the table."""
    from dicebox.games.dairyman import table as dtable
    ng = new_game_page(app, D_start.start)
    assert type(ng).__name__ == "NewGame"
    ng.n = 2
    ng.seats = [0, 1]
    pick(app, "Start")
    t = app.top()
    assert isinstance(t, dtable.Table)
    return t


def test_dairyman_play_drops_the_start_menu_help_and_pages():
    app = App()
    t = two_seat_table(app)
    t.enter()
    if MPY:
        assert loaded("help", "pages", "start", "tablepages") == []
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
        assert loaded("help", "pages", "start", "tablepages") == []
    assert menu is not t


def test_dairyman_resume_checks_the_save_and_play_drops_the_checks():
    from dicebox.games.dairyman import table as dtable
    app = App()
    t = two_seat_table(app)
    t.save_now()
    app.pop()
    D_start.start(app)               # the start menu reads the save back: checked
    assert "dicebox.games.dairyman.checks" in sys.modules
    pick(app, "Resume game")
    t = app.top()
    assert isinstance(t, dtable.Table)
    t.enter()
    if MPY:
        assert loaded("checks", "pages", "start", "tablepages") == []

"""What Mildred's play does not need is not kept while her table is on top
(a module of its own: under MicroPython each test module has the device-sized
heap to itself, and compiling three games' sources in one would not fit).
"""
import sys
from dicebox.games.mildred import start as M_start
from dicebox.core import events as E
from console import FakeApp, TextFB, until_saved

MPY = sys.implementation.name == "micropython"


def App(seed=4):
    return FakeApp(seed, fb=TextFB())


def loaded(*leaves):
    return [m for m in sys.modules if m.rsplit(".", 1)[-1] in leaves]


def test_mildred_start_menu_does_not_keep_a_replaced_save_alive():
    from dicebox.games.mildred import table as S
    from dicebox.games.mildred import start as M_start
    from dicebox.games.mildred import rules as R
    app = App()
    M_start.start(app)
    start = app.top()
    start.new((0, 1))()              # a game, saved as it starts
    until_saved(app, app.top())      # (once its table is up)
    app.pop()                        # back to the start menu: it reads the save
    assert app.top() is start and start.saved is not None
    assert "dicebox.games.mildred.checks" in sys.modules   # reading a save back checks it
    old = start.saved[0]
    start.begin([0, 1])              # New game over the saved one
    t = app.top()
    assert isinstance(t, S.Table) and t.s is not old
    assert start.saved is None       # the old game's state is not held under the table
    t.enter()
    if MPY:
        assert loaded("help", "pages", "moves", "tablepages", "checks") == []
    t2 = S.Table(app, R.State(), [0, 1])
    assert "Details" in [x[0] for x in t2.info_items()]


def test_mildred_details_page_comes_from_its_own_module():
    from dicebox.games.mildred import table as S
    app = App()
    M_start.start(app)
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

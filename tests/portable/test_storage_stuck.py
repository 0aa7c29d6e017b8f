"""A damaged save that cannot be moved aside (issue 19, item 2): the flash
answers EIO to the rename, or every ``.bad`` name is taken. The game's menu
says so once, truthfully, and from then on the save is absent for the
session: no Resume, no second notice, closing the notice does not re-enter
it; a new game replaces the file. (Milestones: test_storage_stuck_ms.py.)"""
from console import Fresh, until_saved
from dicebox.core import events as E
from dicebox.core import ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.games.mildred import table as S
import dicebox.games.mildred as mildred
from dicebox.games.mildred import start as M_start
from test_mildred_saves import damaged, put, setf
from test_mildred_screens import App


def labels(m):
    return [m.label(i) for i in range(len(m.items))]


def said(app):
    return " ".join(" ".join(app.top().lines).split())


def test_mildred_save_that_cannot_be_set_aside_is_said_once_then_absent():
    app = App()
    app.store.stuck = "EIO"
    put(app, damaged(setf(("inds", 5), 99)))
    M_start.start(app)
    m = app.stack[0]
    assert isinstance(app.top(), ui.Message)
    out = said(app)
    assert "could not be resumed" in out and "could not be set aside (EIO)" in out, out
    assert mildred.SAVE in app.store.records                  # still on the flash: not "set aside"
    app.press(E.A)                                      # close the notice
    assert app.top() is m and "Resume game" not in labels(m)
    for _ in range(5):                                  # back to the menu again and again
        m.enter()
        app.frame()
        assert app.top() is m, app.top()
    if m.sel:
        app.press(E.UP)                                 # (the lesson's entry, the first time)
    app.press(E.A)                                      # New game: no "replace?" question
    assert isinstance(app.top(), tablepages.NewGame)
    app.press(E.UP)
    app.press(E.A)                                      # Start
    assert isinstance(app.stack[1], S.Table)
    until_saved(app, app.stack[1])                      # saved once its table is up
    assert app.store.exists(mildred.SAVE) and mildred.SAVE not in app.store.ignored

"""A damaged Milestones save that cannot be moved aside (issue 19, item 2):
named once on the game's menu, then absent for the session (no Resume, no
second notice on every return to the menu). Mildred: test_storage_stuck.py."""
from dicebox.core import events as E
from dicebox.games.milestones import start as MS
import dicebox.games.milestones as milestones
from test_milestones_saves import damaged as ms_damaged
from test_milestones_saves import saved_game


def labels(m):
    return [m.label(i) for i in range(len(m.items))]


def test_milestones_save_that_cannot_be_set_aside_is_said_once_then_absent():
    app, d = saved_game()
    app.stack = []
    app.messages = []
    app.store.stuck = "EIO"
    app.store.save(milestones.SAVE, ms_damaged(d, ("state", "dice"), [1, 2, 9, 4, 5, 6]))
    MS.start(app)
    assert len(app.messages) == 1
    text = app.messages[-1][1]
    assert "Saved game" in text and "could not be set aside (EIO)" in text, text
    app.press(E.A)
    m = app.top()
    assert isinstance(m, MS.StartMenu) and "Resume game" not in labels(m)
    for _ in range(5):
        m.enter()
        app.frame()
        assert app.top() is m and len(app.messages) == 1

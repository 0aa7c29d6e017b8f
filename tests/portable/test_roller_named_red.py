"""The roller's Named sets: "Dairyman" is the game's eight dice, the line
under it adds 1 to 4 red backorder dice on Left/Right, never "+0 red" (a
newcomer met "Dairyman +0 red", the same set as the line above)."""
from console import FakeApp
from dicebox.apps import roller, roller_menu
from dicebox.core import events as E


def test_the_red_line_adds_one_to_four_red_dice():
    app = FakeApp()
    roller.start(app)
    rs = app.top()
    m = roller_menu.NamedMenu(app, rs)
    app.push(m)
    labels = [m.label(i) for i in range(len(m.items))]
    assert labels[0] == "Dairyman" and labels[1] == "Dairyman +1 red", labels
    m.sel = 1
    app.press(E.LEFT)
    assert m.label(1) == "Dairyman +1 red"          # never +0: that is the line above
    for _ in range(5):
        app.press(E.RIGHT)
    assert m.label(1) == "Dairyman +4 red"
    app.press(E.A)
    assert rs.r.count() == 12 and rs.r.tags.count("R") == 4
    m = roller_menu.NamedMenu(app, rs)
    app.push(m)
    m.sel = 0
    app.press(E.A)
    assert rs.r.count() == 8 and "R" not in rs.r.tags

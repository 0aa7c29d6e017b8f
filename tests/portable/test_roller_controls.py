"""Controls pages of the roller and the timer: reached from their own menus, every
key of every screen listed (hidden ones too), lines fit the panel (both runners)."""
from dicebox.apps import roller, timer
from dicebox.core import events as E
from dicebox.core import ui

from console import FakeApp, TextFB

KEYS = ("A", "B", "Up", "Down", "Left", "Right")


def sections(text):
    """{title: body} of a Controls text (sections are separated by blank lines)."""
    out = {}
    for block in text.split("\n\n"):
        lines = block.split("\n")
        out[lines[0]] = "\n".join(lines[1:])
    return out


def names_key(body, key):
    for word in body.replace("/", " ").replace(":", " ").replace(",", " ").split():
        if word == key:
            return True
    return False


def open_controls(app, start):
    start(app)
    if isinstance(app.top(), roller.RollScreen):
        app.press(E.B)
    m = app.top()
    labels = [m.label(i) for i in range(len(m.items))]
    m.sel = labels.index("Controls")
    app.press(E.A)
    return app.top()


def test_roller_controls_from_the_roller_menu():
    app = FakeApp(fb=TextFB())
    page = open_controls(app, roller.start)
    assert isinstance(page, ui.TextPage) and page.title == "Controls"
    text = "\n".join(page.lines)
    sec = sections(text)
    roll = sec["ROLL SCREEN"]
    for k in KEYS:                                      # every key of the roll screen
        assert names_key(roll, k), k
    assert "shake" in roll and "hold" in roll           # the hidden ones
    for s in ("MENUS", "SET EDITOR", "NUMBER PICKER", "TEXT PAGES", "FAIRNESS RUN",
              "COIN, FIRST", "QUESTIONS"):
        assert s in sec, s
    for k in ("Up", "Down", "Left", "Right", "A", "B"):
        assert names_key(sec["MENUS"], k) and names_key(sec["TEXT PAGES"], k)
    app.press(E.B)
    assert isinstance(app.top(), roller.RollerMenu if hasattr(roller, "RollerMenu")
                      else ui.Menu)


def test_timer_controls_from_the_timer_menu():
    app = FakeApp(fb=TextFB())
    page = open_controls(app, timer.start)
    assert isinstance(page, ui.TextPage)
    sec = sections("\n".join(page.lines))
    for s in ("HOURGLASS", "TURN CLOCK"):
        for k in ("A", "B", "Up", "Left", "Right"):
            assert names_key(sec[s], k), (s, k)
    assert names_key(sec["HOURGLASS"], "Down") and "shake" in sec["HOURGLASS"]
    assert "ALARM" in sec and "TIMER MENU" in sec


def test_controls_lines_fit_and_nothing_is_cut():
    from dicebox.apps.roller_help import CONTROLS as RC
    for text in (RC, timer.CONTROLS):
        for line in text.split("\n"):
            assert len(line) <= ui.COLS - 1, line     # a text page's width: no rewrapping
        app = FakeApp(fb=TextFB())
        app.push(ui.TextPage(app, "Controls", text))
        assert app.top().lines == text.split("\n")

"""Driving Dairyman's Learn to play as a player following it (shared by
test_dairyman_tutorial.py and test_pages_fit_dairyman_learn.py; a small
module, so a test of its own compiles in the device-sized heap)."""
from console import Fresh
from dicebox.core import table
from dicebox.core import events as E
from dicebox.core import ui
from console import labels, pick
D_start = Fresh("dicebox.games.dairyman.start")
from dicebox.games.dairyman import lesson as T


def is_box(x):
    # by name: on the device build the start menu drops the lesson's module,
    # so the lesson may run from a fresh import of it
    return type(x).__name__ == "Box"


def is_lesson(x):
    return type(x).__name__ == "Lesson"


def open_lesson(app):
    D_start.start(app)
    start = app.top()
    pick(app, table.OFFER if table.OFFER in labels(app) else table.LEARN)
    les = app.stack[-2] if is_box(app.top()) else app.top()
    assert is_lesson(les), les
    return start, les


def pick_dice(app, les, dice):
    """Move the cursor to each die (Right) and pick it (A), as a player does."""
    for d in dice:
        n = 0
        while les.cur != d and n < 13:
            app.press(E.RIGHT)
            n += 1
        assert les.cur == d, (les.cur, d)
        app.press(E.A)


def follow(app, les, limit=1500, stop=None, on_page=None):
    """Do what the lesson asks: close its boxes and recaps, pick the marked
    moves, pick the dice named, roll when asked, answer the Fail question.
    Returns the lesson boxes' texts seen, up to the closing question (or up
    to ``stop`` boxes). ``on_page(app)`` sees every page on the way."""
    seen = []
    n = 0
    while n < limit:
        n += 1
        top = app.top()
        if on_page is not None:
            on_page(app)
        if isinstance(top, ui.Confirm):
            if "real game" in " ".join(top.lines):
                return seen
            app.press(E.A)                    # Fail: take the backorder
            continue
        if isinstance(top, ui.TextPage):
            if is_box(top) and top.title.startswith("Lesson"):
                seen.append(" ".join(top.lines))
                if stop is not None and len(seen) >= stop:
                    return seen
            assert top.title != "Not yet", top.lines
            app.press(E.A)
            continue
        if isinstance(top, ui.Menu):
            marked = [x for x in labels(app) if x.startswith(">")]
            assert len(marked) == 1, labels(app)
            assert top.label(top.sel) == marked[0]       # the cursor is on it
            app.press(E.A)
            continue
        assert top is les, top
        want = les.wanted()
        if les.waiting():
            app.run(100)
        elif les.my_turn() and want is not None and les.mode == 2:
            pick_dice(app, les, (T.concrete(les.s, want)[2],))
        elif les.my_turn() and want is not None and want[0] == "lock":
            pick_dice(app, les, T.concrete(les.s, want)[1])
        elif les.my_turn():
            app.hold_b()
        elif les.human_rolls():
            app.shake()
        else:
            app.run(100)
    raise AssertionError("the lesson did not end")


def back_to_table(app, les):
    app.press(E.A)               # close the box, back to the table
    n = 0
    while app.top() is not les and n < 10:
        if isinstance(app.top(), ui.TextPage):
            app.press(E.A)
        else:
            app.run(100)
        n += 1

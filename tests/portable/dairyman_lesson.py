"""Driving Dairyman's Learn to play as a player following it (shared by
test_dairyman_tutorial.py and test_pages_fit_dairyman_learn.py; a small
module, so a test of its own compiles in the device-sized heap)."""
from console import Fresh
from dicebox.core import events as E
import lessons
from lessons import is_box, back_to_table  # noqa: F401 (for the lesson's tests)
D_start = Fresh("dicebox.games.dairyman.start")
from dicebox.games.dairyman import lesson as T


def open_lesson(app):
    return lessons.open_lesson(app, D_start.start)


def pick_dice(app, les, dice):
    """Move the cursor to each die (Right) and pick it (A), as a player does."""
    for d in dice:
        n = 0
        while les.cur != d and n < 13:
            app.press(E.RIGHT)
            n += 1
        assert les.cur == d, (les.cur, d)
        app.press(E.A)


def on_table(app, les):
    """The lesson's table: pick the dice or the menu move it asks for, roll
    when the player rolls."""
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


def closing(app, top):
    """The closing question ends the walk; the Fail question takes the backorder."""
    if "real game" in " ".join(top.lines):
        return True
    app.press(E.A)
    return False


def follow(app, les, limit=1500, stop=None, on_page=None):
    """Do what the lesson asks: close its boxes and recaps, pick the marked
    moves, pick the dice named, roll when asked, answer the Fail question.
    Returns the lesson boxes' texts seen, up to the closing question (or up
    to ``stop`` boxes). ``on_page(app)`` sees every page on the way."""
    return lessons.follow(app, les, on_table, limit, stop, on_page, on_confirm=closing,
                          cursor_on_mark=True)

"""Driving a game's Learn to play as a player following it, and the checks the
three lessons share (the offer on the start menu, Skip, a short B, the boxes'
size, the lesson's module dropped after it). Game-neutral: each lesson's test
passes its start function, its records' keys and what its table asks for."""
import gc
import sys

from dicebox.core import events as E
from dicebox.core import table, ui
from console import labels, pick


def is_box(x):
    # by name: on the device build the start menu drops the lesson's module,
    # so the lesson may run from a fresh import of it
    return type(x).__name__ == "Box"


def is_lesson(x):
    return type(x).__name__ == "Lesson"


def open_lesson(app, start_game, box_over=True):
    """The start menu, then Learn to play (offered or not). With
    ``box_over`` its first box may already be over the lesson."""
    start_game(app)
    start = app.top()
    pick(app, table.OFFER if table.OFFER in labels(app) else table.LEARN)
    les = app.stack[-2] if box_over and is_box(app.top()) else app.top()
    assert is_lesson(les), les
    return start, les


def follow(app, les, on_table, limit, stop=None, on_page=None, boxes_only=False,
           on_confirm=None, on_other=None, cursor_on_mark=False):
    """Do what the lesson asks: close its boxes (with ``boxes_only`` only
    boxes, else every text page), pick the one marked entry of a menu, and
    on the lesson's table ``on_table(app, les)``. Returns the lesson boxes'
    texts seen, up to the closing question (or up to ``stop`` boxes).
    ``on_page(app)`` sees every page on the way; ``on_confirm(app, top)``
    answers a question and says whether it was the closing one (none: every
    question is); ``on_other(app, top)`` may take a page first and says so;
    ``cursor_on_mark``: the menu's cursor must already be on the marked entry."""
    seen = []
    n = 0
    while n < limit:
        n += 1
        top = app.top()
        if on_page is not None:
            on_page(app)
        if isinstance(top, ui.Confirm):
            if on_confirm is None or on_confirm(app, top):
                return seen
            continue
        if is_box(top) if boxes_only else isinstance(top, ui.TextPage):
            if is_box(top) and top.title.startswith("Lesson"):
                seen.append(" ".join(top.lines))
                if stop is not None and len(seen) >= stop:
                    return seen
            assert top.title != "Not yet", top.lines
            app.press(E.A)
            continue
        if on_other is not None and on_other(app, top):
            continue
        if isinstance(top, ui.Menu):
            marked = [x for x in labels(app) if x.startswith(">")]
            assert len(marked) == 1, labels(app)
            if cursor_on_mark:
                assert top.label(top.sel) == marked[0]       # the cursor is on it
                app.press(E.A)
            else:
                pick(app, marked[0])
            continue
        assert top is les, top
        on_table(app, les)
    raise AssertionError("the lesson did not end")


def back_to_table(app, les):
    """Close the box, then any page over the table, frames between."""
    app.press(E.A)
    n = 0
    while app.top() is not les and n < 10:
        if isinstance(app.top(), ui.TextPage):
            app.press(E.A)
        else:
            app.run(100)
        n += 1


def offered_the_first_time(app, start_game, learned, leave):
    """Learn to play stands under New game and is selected the first time
    (and recorded as offered); after ``leave(app)`` the plain entry."""
    start_game(app)
    got = labels(app)
    assert got.index(table.OFFER) == 1            # near the top, under New game
    assert app.top().sel == 1                     # and selected: A starts it
    assert app.store.load(learned, None) == {"offered": 1}
    leave(app)
    start_game(app)                               # offered once: the plain entry now
    assert table.LEARN in labels(app) and table.OFFER not in labels(app)
    assert app.top().sel == 0                     # New game selected again
    for lab in labels(app):
        assert len(lab) <= 15, lab


def leave_at_once(app):
    """The first box closed, then a short B on the lesson's table and A: leave."""
    for _ in range(10):
        if is_lesson(app.top()):
            break
        app.press(E.A)
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm), app.top()
    app.press(E.A)


def plain_entry_once_taken(app, start_game, leave_lesson=leave_at_once):
    """The offer ("New? Learn here") taken and the lesson left
    (``leave_lesson(app)``): back on the same start menu, the entry is the
    plain "Learn to play" (it is no longer news)."""
    start, les = open_lesson(app, start_game)
    leave_lesson(app)
    for _ in range(10):
        if app.top() is start:
            break
        app.press(E.A)                # a message on the way back
    assert app.top() is start, app.top()
    assert table.LEARN in labels(app) and table.OFFER not in labels(app), labels(app)


def damaged_offer_is_replaced(app, start_game, learned):
    app.store.records[learned] = (1, "{not json")
    start_game(app)
    assert table.OFFER in labels(app)
    assert app.store.load(learned, None) == {"offered": 1}
    assert not app.store.take_problems(learned)


def no_at_the_end(app, open_, follow_):
    """Following to the closing question, No: the start menu again."""
    start, les = open_(app)
    follow_(app, les)
    app.press(E.B)
    assert app.top() is start and les not in app.stack


def short_b_asks(app, start, les):
    """On the lesson's table a short B asks before leaving: B stays, A leaves."""
    assert app.top() is les
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm) and "lesson" in app.screen()
    app.press(E.B)                       # stay
    assert app.top() is les
    app.tap(E.B)
    app.press(E.A)                       # leave
    assert app.top() is start


def short_b_at(app, open_, follow_, stop):
    """Followed up to step ``stop`` and its box closed with A: a short B on
    the lesson's table asks before leaving (``short_b_asks``)."""
    start, les = open_(app)
    follow_(app, les, stop=stop)
    app.press(E.A)
    app.run(100)
    short_b_asks(app, start, les)


def skip(app, start, les, title, save, why=None, ms=0):
    """Hold B, Skip the lesson: the start menu, the lesson gone, no save;
    still so a frame (``ms``: that long) later."""
    app.hold_b()
    assert app.top().title == title and labels(app)[0] == "Skip the lesson", why
    pick(app, "Skip the lesson")
    assert app.top() is start, (why, app.top())
    assert les not in app.stack
    assert not app.store.exists(save)
    if ms:
        app.run(ms)
    else:
        app.frame()
    assert app.top() is start


def skip_at_every_step(new_app, open_, follow_, back, title, save, ms=0, step=1, boxes_at_end=1):
    """Skip from each box of the lesson, and from the table after it (but
    after the last ``boxes_at_end`` boxes: no table between), each on a
    fresh console; ``back(app, les)`` goes from a box to the table."""
    app = new_app()
    start, les = open_(app)
    total = len(follow_(app, les))
    for k in range(1, total + 1, step):
        for how in ("box", "table") if k < total + 1 - boxes_at_end else ("box",):
            app = start = les = None
            gc.collect()
            app = new_app()
            start, les = open_(app)
            follow_(app, les, stop=k)
            if how == "table":
                back(app, les)
            skip(app, start, les, title, save, (k, how), ms)


def module_dropped(app, open_, follow_, bot, lesson):
    """The bot's module is not held while the lesson plays it, and the
    lesson's modules are dropped after it (under MicroPython: CPython tests
    share their modules)."""
    start, les = open_(app)
    follow_(app, les, stop=4)        # a few steps: the table's frames that bring in play's modules
    if sys.implementation.name == "micropython":
        assert bot not in sys.modules, "the lesson's table brought the bot back"
    app.hold_b()
    pick(app, "Skip the lesson")
    if sys.implementation.name == "micropython":
        assert lesson not in sys.modules and "dicebox.core.lesson" not in sys.modules


def box_fits(text):
    """A box's text fits the screen without scrolling, clear of "A:ok"."""
    lines = ui.wrap(text, ui.COLS - 1)
    assert len(lines) <= ui.ROWS - 2, text       # room for "A:ok"
    assert len(lines) < ui.ROWS - 2 or len(lines[-1]) <= 11, text   # clear of "A:ok"
    for w in text.split():
        assert len(w) <= ui.COLS - 1, w


def follow_to_the_end(app, open_, follow_, words):
    """Open the lesson and follow it to the closing question; its boxes
    name every one of ``words`` (lower case). Returns (start menu, lesson)."""
    start, les = open_(app)
    text = " ".join(follow_(app, les)).lower()
    for word in words:
        assert word in text, word
    return start, les

"""Every page of Dairyman's Learn to play fits the panel (the checks:
test_pages_fit.py), as a player following it meets them: its boxes, the
table at each step, the lesson's menu with the move marked, the claim, flip
and ice cream lists, the Fail question, a recap, a "Not yet" hint, the end's
boxes, the closing question and "Leave the lesson?". A module of its own: the heap to itself
under MicroPython."""
from dicebox.core import events as E
from test_pages_fit import PROBLEMS, look, new_app, watch, unwatch


def test_dairyman_lesson_pages_fit():
    from dicebox.games.dairyman import lesson as tutorial
    from dairyman_lesson import open_lesson, follow, back_to_table
    watch()
    try:
        app = new_app()
        start, les = open_lesson(app)
        n = [0]

        def seen(app):
            n[0] += 1
            look(app, app.top(), "dairyman lesson %d %s" % (les.i, type(app.top()).__name__))
        follow(app, les, on_page=seen)
        look(app, app.top(), "dairyman lesson question")
        assert n[0] > 60, n[0]
        app.stack[:] = []                # the same console (one 8 KB frame buffer), a second lesson
        start, les = open_lesson(app)
        follow(app, les, stop=4)
        back_to_table(app, les)
        for k in (E.A, E.RIGHT, E.RIGHT, E.A, E.RIGHT, E.A):   # 6+1+3, not the 6+4 asked for
            app.press(k)
        assert app.top().title == "Not yet", app.top()
        look(app, app.top(), "dairyman lesson not yet")
        app.press(E.A)
        app.hold_b()
        look(app, app.top(), "dairyman lesson menu")
        assert app.top().title == tutorial.TITLE
        app.press(E.B)                   # the menu closed: the lesson's table
        assert app.top() is les, app.top()
        app.tap(E.B)                     # a short B there: "Leave the lesson?"
        assert app.top().lines[0].startswith("Leave the"), app.top().lines
        assert "starts over" in " ".join(app.top().lines)    # a lesson is not saved
        look(app, app.top(), "dairyman lesson leave")
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)

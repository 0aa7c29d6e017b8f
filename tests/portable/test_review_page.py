"""The review's pages (core/reviewpage.py) on the stand-in console, with a
log made by tests/portable/logged.py: open_review thinks a slice a frame
with its progress, B leaves at any time, the list shows the summary and the
moments, each opening its explanation, and A there jumps the replay."""
import sys
from dicebox.core import events as E
from dicebox.core import logreplay, review, reviewpage
from console import FakeApp, TextFB, labels
import logged
import reviewed

MPY = sys.implementation.name == "micropython"


def _log():
    g = logged.dairyman(4, 2, 2, odd=3)      # 301 steps
    return logreplay.decode(reviewed.as_people(g.blob, (0,)))


def _done(app, most=100000):
    for _ in range(most):
        if not isinstance(app.top(), reviewpage.ReviewPage):
            return
        app.frame()
    raise AssertionError("the review did not end")


def test_the_review_pages():
    log = _log()
    app = FakeApp(fb=TextFB())
    jumped = []
    reviewpage.open_review(app, log, jumped.append)
    page = app.top()
    seen = []
    for _ in range(200):
        app.frame()
        seen.append(page.shown)
    assert "Reviewing %d%%" % page.shown in app.screen()
    assert 0 < max(seen) < 100 and seen == sorted(seen)      # progress, going up
    _done(app)
    rv = review.review(log)
    got = labels(app)
    assert got[0] == "Even: %d of %d" % (rv.even, rv.judged)
    assert got[1:] == [reviewpage.label(v) for v in rv.moments] and len(got) == 1 + len(rv.moments)
    assert all(len(x) <= 15 for x in got)
    app.press(E.A)                              # the summary
    text = " ".join(app.top().lines)
    assert "decisions" in text and "judged" in text
    app.press(E.B)
    app.top().sel = 1                           # the largest loss
    app.press(E.A)
    v = rv.moments[0]
    assert app.top().title == "Step %d" % (v.step + 1)
    assert "".join(app.top().lines).replace(" ", "").startswith(v.said.replace(" ", "")[:12])
    app.press(E.A)                              # seen in the replay
    assert jumped == [v.step] and app.top() is None


def test_the_judges_code_is_let_go_once_the_review_is_thought():
    """The game's review and its Expert (what the judge imports) are let go
    when the review is done, so that a replay opened from its list (the
    table's code) does not come in beside them (MicroPython: under CPython
    the tests keep their modules)."""
    from dicebox.core import modules
    log = _log()
    judge = ["dicebox.games.dairyman.review", "dicebox.games.dairyman.bot",
             "dicebox.games.dairyman.advice", "dicebox.games.dairyman.odds",
             "dicebox.games.dairyman.stops"]
    modules.drop(judge)             # as on a console that has not reviewed yet
    app = FakeApp(fb=TextFB())
    reviewpage.open_review(app, log)
    page = app.top()
    if MPY:
        assert set(judge) <= set(page.brought), page.brought
    _done(app)
    assert page.brought == [] and page.rv is None
    if MPY:
        assert [m for m in judge if m in sys.modules] == []


def test_leaving_at_any_time():
    app = FakeApp(fb=TextFB())
    app.push(reviewpage.ui.Menu(app, "Replay", [("x", None)]))
    reviewpage.open_review(app, _log())
    for _ in range(30):
        app.frame()
    page = app.top()
    assert isinstance(page, reviewpage.ReviewPage) and page.rv is not None
    app.press(E.B)
    assert page.rv is None and app.top().title == "Replay"


def test_the_summary_in_words():
    rv = review.Review(None, "points")
    assert "No decision" in reviewpage.summary(rv)
    a = review.Verdict(("x",), ("y",), 1.0, 7.5, 0.0, "w")
    a.step = 9
    b = review.Verdict(("x",), ("y",), 2.0, 2.5, 1.0, "w")    # within its error
    rv.add(a)
    rv.add(b)
    assert rv.judged == 2 and rv.even == 1 and rv.unsure == 1 and rv.moments == [a]
    t = reviewpage.summary(rv)
    assert "2 decisions judged: 1 as good" in t and "about 6.5 points" in t and "(1 such)" in t
    assert reviewpage.label(a) == "Step 10: -6.5"


def test_a_review_the_heap_has_no_room_for_says_so_and_keeps_the_rest():
    """The judge's modules come in as the review opens: a MemoryError there
    (a heap too full, fragmented by a replay) lets go of what came in and
    says so in a message over the page below, instead of the error screen."""
    log = _log()
    app = FakeApp(fb=TextFB())
    below = app.top()
    judge = review.judge_for

    def no_room(title):
        judge(title)              # the judge's modules come in, then the heap is full
        raise MemoryError("memory allocation failed")
    review.judge_for = no_room
    had = set(sys.modules)
    try:
        reviewpage.open_review(app, log)
    finally:
        review.judge_for = judge
    assert not isinstance(app.top(), reviewpage.ReviewPage)
    assert app.top() is not below
    assert app.messages and app.messages[-1][0] == "Review", app.messages
    assert app.messages[-1][1].startswith("Not enough memory"), app.messages
    # the whole message on one page of the panel (16 columns, no scrolling)
    assert "Records." in app.screen(), app.screen()
    assert [m for m in sys.modules if m not in had] == []      # what came in is let go

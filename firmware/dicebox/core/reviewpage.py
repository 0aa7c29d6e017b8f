"""The review's pages (core/review.py's findings), imported only when a
review is asked for, never during play:

    open_review(app, log, jump=None, names=None)

pushes a page that thinks the review a slice a frame (the heap looked at
every HEAP_THOUGHT frames, as at the table) with its progress; B leaves it
at any time (the review is dropped). Done, it becomes the list: a summary
line, then the moments that cost the most, each opening its explanation;
with ``jump`` (the Replay screen's ``jump(step)``), A on an explanation
closes the review and shows that step in the replay.
"""
import gc
import sys

from dicebox.core import events, ui
from dicebox.core.modules import drop
from dicebox.core.review import Reviewer, amount
from dicebox.core.think import HEAP_THOUGHT


def open_review(app, log, jump=None, names=None):
    """Review the decoded game ``log`` (logreplay.decode's) on ``app``;
    ``names``: Milestones' seat names (the replay's). The judge's modules
    come in on a collected heap; when they find no room, what came in is let
    go and a message says so (the replay, the log and the game are kept)."""
    had = set(sys.modules)
    gc.collect()
    try:
        page = ReviewPage(app, log, jump, names)
    except MemoryError:
        page = None
    # what the judge brought in (the game's review and its Expert): let go
    # once the review is thought or left (a replay opened from the list then
    # has the heap the Expert's code took), or now when it found no room
    brought = [m for m in sys.modules if m not in had]
    if page is None:
        drop(brought)
        gc.collect()
        app.message("Review", "Not enough memory here. Open the Review again from Records.")
        return
    page.brought = brought
    app.push(page)


def short(x):
    """A loss for a 15-column label: "6", "0.4"."""
    return "%d" % int(x + 0.5) if x >= 9.95 else "%.1f" % x


def label(v):
    """A moment's line in the list: "Step 24: -6"."""
    return "Step %d: -%s" % (v.step + 1, short(v.loss()))


def summary(rv):
    """The review's findings in words."""
    if not rv.judged:
        return "No decision of a person to judge in this game."
    txt = "%d decisions judged: %d as good as the Expert's" % (rv.judged, rv.even)
    if rv.even == rv.judged:
        txt += " (every one)."
    else:
        txt += "; the others cost %s %s in all, by the Expert's count." % (
            amount(rv.lost), rv.unit)
    if rv.sampled:
        txt += " Some values come from sampled rolls: a difference within their " \
            "error is not claimed"
        txt += " (%d such)." % rv.unsure if rv.unsure else "."
    if rv.moments:
        txt += " Below: the moments that cost the most, by step of the replay."
    return txt


def explanation(v):
    """A moment's page: the move in the game's words, then the reading."""
    return "%s\n\n%s" % (v.said, v.words)


class ReviewPage(ui.Screen):
    """The review being thought, with its progress; then its list."""

    def __init__(self, app, log, jump=None, names=None):
        ui.Screen.__init__(self, app)
        self.rv = Reviewer(log, None, names)
        self.brought = []            # the judge's modules (open_review): let go in done()
        self.jump = jump
        self.wait = 0
        self.shown = -1

    def tick(self, now):
        rv = self.rv
        if rv is None:
            return
        self.wait += 1
        if self.wait >= HEAP_THOUGHT:
            self.wait = 0                 # a frame of the heap's, no slice
            self.app.collect_if_low()
            return
        try:
            got = rv.step()
        except Exception as e:            # a game the judge cannot weigh: say so
            self.done()
            self.app.replace(ui.Message(self.app, "Review", "No review: %s" % e))
            return
        if got is not None:
            self.done()
            self.app.replace(moments_menu(self.app, got, self.jump))
            return
        p = rv.progress()
        if p != self.shown:
            self.shown = p
            self.dirty = True

    def done(self):
        """The review thought or left: it and the judge's modules let go."""
        self.rv = None
        drop(self.brought)
        self.brought = []

    def event(self, ev):
        if ui.is_press(ev, events.B):
            self.done()                   # left: the review is dropped
            self.app.pop()

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Review")
        p = max(0, self.shown)
        ui.text_center(fb, "Reviewing %d%%" % p, 24)
        fb.rect(8, 38, ui.W - 16, 8, 1)
        fb.fill_rect(10, 40, (ui.W - 20) * p // 100, 4, 1)
        ui.text_center(fb, "B: leave", ui.H - 9)


def moments_menu(app, rv, jump=None):
    """The review's list: the summary, then each moment (its explanation)."""
    items = [("Even: %d of %d" % (rv.even, rv.judged),
              lambda: app.push(ui.TextPage(app, "Review", summary(rv))))]
    for v in rv.moments:
        items.append((label(v), _opener(app, v, jump)))
    return ui.Menu(app, "Review", items)


def _opener(app, v, jump):
    return lambda: app.push(MomentPage(app, v, jump))


class MomentPage(ui.TextPage):
    """One moment explained; with ``jump``, A shows its step in the replay
    (the review's pages closed), B goes back to the list."""

    def __init__(self, app, v, jump):
        text = explanation(v)
        if jump is not None:
            text += "\n\nA: see it in the replay"
        ui.TextPage.__init__(self, app, "Step %d" % (v.step + 1), text)
        self.v = v
        self.jump = jump

    def event(self, ev):
        if self.jump is not None and ui.is_press(ev, events.A):
            self.app.pop()                # the moment
            self.app.pop()                # the list
            self.jump(self.v.step)
            return
        ui.TextPage.event(self, ev)

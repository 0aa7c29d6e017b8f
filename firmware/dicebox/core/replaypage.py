"""Replay: the finished games a title keeps (core/gamelogs.py), and one of
them played back step by step in the game's own words. Opened from a game's
menu ("Replays"), never during play; imported for it and dropped with the
game's modules when the console goes home.

The page reads the log in slices (``logreplay.reading``: every step checked
and played by the rules) and moves in slices (``Replay.seeking``), a few
steps a frame, so no frame holds a long rebuild. Keys: Right the next
step, Left the one before, Down on to the next turn of the seat named on
the bottom line, Up names the next seat, A turns between the step's words
and the table as it stood, B leaves. The words show the step (its number of
all), who made it and its words (``Replay.said``); the table is the game's
own picture of the state after the step (its ``still.Still``), the step's
words under it.
"""
import sys

from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core.game import CHANCE, kind_name
from dicebox.core.modules import drop, load
from dicebox.core.logreplay import LOAD
from dicebox.core.think import HEAP_THOUGHT
from dicebox.core.valid import BadData



def share(app):
    """A frame's share of time for reading and stepping a log (the rest of
    the frame draws): ``logreplay.Share`` on the console's microsecond clock."""
    from dicebox.core.logreplay import Share
    return Share(getattr(getattr(app, "hw", None), "ticks_us", None))


# what the table as it stood imports (A), a module a frame (leaves first),
# each after a frame given to the heap (logreplay.REPLAY: reading the log)
STILL = {
    "dairyman": ("dicebox.core.dice",
                 "dicebox.core.movelog",
                 "dicebox.core.table",
                 "dicebox.games.dairyman.table",
                 "dicebox.games.dairyman.still"),
    "mildred": ("dicebox.core.storage",
                "dicebox.core.dice",
                "dicebox.core.movelog",
                "dicebox.core.table",
                "dicebox.games.mildred.table",
                "dicebox.games.mildred.still"),
    "milestones": ("dicebox.core.storage",
                   "dicebox.core.dice",
                   "dicebox.core.movelog",
                   "dicebox.core.table",
                   "dicebox.games.milestones.view",
                   "dicebox.games.milestones.keeps",
                   "dicebox.games.milestones.table",
                   "dicebox.games.milestones.still"),
}

_QUEUED = 8     # keys kept while a move is under way (more are let go)

# what a replay imports: let go when the list of replays closes
MODULES = ("dicebox.core.replaypage", "dicebox.core.gamelogs", "dicebox.core.logreplay",
           "dicebox.core.gamelog", "dicebox.games.dairyman.logcodec",
           "dicebox.games.mildred.logcodec", "dicebox.games.milestones.logcodec",
           "dicebox.core.review", "dicebox.core.reviewpage", "dicebox.core.sharelink",
           "dicebox.games.dairyman.review", "dicebox.games.mildred.review",
           "dicebox.games.milestones.review", "dicebox.games.dairyman.still",
           "dicebox.games.mildred.still", "dicebox.games.milestones.still")


def result_words(title, kinds, result):
    """A kept game's result in a few words (its line on the list)."""
    if title.lower() == "milestones":
        return "score %d" % result[0] if result else "over"
    if len(result) == 1:
        w = result[0]
        me = w < len(kinds) and kinds[w] == 0 and kinds.count(0) == 1
        return "%s won" % ("you" if me else "P%d" % (w + 1))
    return "a draw" if result else "over"


def replays_page(app, title):
    """The kept games of ``title``, newest first, each opening its replay; a
    damaged record of them (set aside as it was read) is said above."""
    from dicebox.core.gamelogs import kept_name, load_kept
    games = load_kept(app.store, title)
    bad = app.store.take_problems(kept_name(title))
    items = []
    for i in range(len(games) - 1, -1, -1):
        g = games[i]
        items.append(("%d: %s" % (len(games) - i, result_words(title, g[1], g[2])),
                      _opener(app, title, g)))
    if items:
        app.push(ui.Menu(app, "Replays", items, lambda: leave(app)))
    else:
        app.push(ui.TextPage(app, "Replays", "No finished games kept yet. The last "
                             "5 games played to their end are kept here.",
                             lambda: drop(MODULES)))
    if bad:
        why = [p.split(": ", 1)[-1] for p in bad]
        app.message("Replays", "The kept games were damaged (%s) and are set aside. "
                    "The other saves are kept." % "; ".join(why))


def leave(app):
    """The list closes: the replay's modules go (play never carries them)."""
    app.pop()
    drop(MODULES)


def _opener(app, title, game):
    def go():
        from dicebox.core.gamelogs import kept_name, load_log
        text = load_log(app.store, title, game)
        bad = app.store.take_problems("%s_%d" % (kept_name(title), game[3]))
        if text is None:
            why = " (%s)" % "; ".join(p.split(": ", 1)[-1] for p in bad) if bad else ""
            app.message("Replay", "This game's log is missing or damaged%s: it cannot be "
                        "replayed. The other games are kept." % why)
            return
        app.push(ui.Menu(app, "Game %d" % (game[3] + 1), game_items(app, text)))
    return go


def game_items(app, text, log=None):
    """What a kept (or shared) game offers: its replay, its review, and in
    the browser edition a link that shares it (core/sharelink.py). ``log``:
    the game's log already read (a shared link's), which both then use
    without reading it again."""
    def reviewed():
        if log is not None:
            review(app, text, log)
        else:
            app.push(Reading(app, text, lambda got: review(app, text, got), "Review"))
    items = [("Replay", lambda: app.push(ReplayPage(app, text, 0, log))), ("Review", reviewed)]
    hw = getattr(app, "hw", None)
    if getattr(hw, "share", None) is not None:
        items.append(("Share link", lambda: hw.share(text)))
    return items


def review(app, text, log):
    """The review of the read ``log`` (core/reviewpage.py); a moment's A
    opens the replay at that step."""
    from dicebox.core.reviewpage import open_review
    open_review(app, log, lambda step: app.push(ReplayPage(app, text, step)),
                names_of(log))


def names_of(log):
    """The seats' names a replay and a review use (Milestones' S1..; else None)."""
    if log.title == "milestones":
        return ["S%d" % (s + 1) for s in range(len(log.kinds))]
    return None


class Reading(ui.Screen):
    """A game's log read (every step played by the rules) a slice a frame,
    then ``then(log)`` in its place; a damaged log is said under ``title``
    (``why``: the message's words before the reason)."""

    def __init__(self, app, text, then, title, why="This game's log is damaged"):
        ui.Screen.__init__(self, app)
        from dicebox.core.logreplay import reading
        self.share = share(app)
        self.work = reading(text, True, self.share)
        self.then = then
        self.title = title
        self.why = why
        self.wait = 0          # frames since the heap was last looked at

    def tick(self, now):
        self.wait += 1
        if self.wait >= HEAP_THOUGHT:
            self.wait = 0                 # a frame of the heap's, no slice (as at the table)
            self.app.collect_if_low()
            return
        self.share.begin()
        try:
            got = next(self.work)
        except BadData as e:
            self.app.pop()
            self.app.message(self.title, "%s (%s). Nothing on the console was changed." % (self.why, e))
            return
        if got is LOAD:
            self.app.collect()            # the game's rules come in next frame
        elif got is not None:
            self.work = None
            self.app.pop()
            self.then(got)

    def event(self, ev):
        if ui.is_press(ev, E.B):
            self.app.pop()

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, self.title)
        ui.text_center(fb, "Reading...", 28)


def seat_name(kinds, s, names=None):
    """A seat as the replay names it: "P2 Strong" (Milestones: "S2 Strong")."""
    k = kinds[s]
    return "%s %s" % (names[s] if names else "P%d" % (s + 1),
                      "person" if k == 0 else kind_name(k))


class ReplayPage(ui.Screen):
    def __init__(self, app, text, at=0, log=None):
        ui.Screen.__init__(self, app)
        from dicebox.core.logreplay import reading
        self.at = at                 # the step to show once the log is read
        self.kinds = None            # the seats, as the log has them
        self.rep = None              # the Replay once the log is read
        self.share = share(app)      # a frame's share of the work
        # a generator stepped a frame at a time (``log``: read already)
        self.work = reading(text, True, self.share) if log is None else iter((log,))
        self.said = False            # a step was played: its words and picture come next frame
        self.opening = 0             # A: 1 a frame to collect in, 2 the table's code opens
        self.brought = []            # the table's modules this page imported: let go as it closes
        self.queued = []             # keys pressed while a move was under way (a few, in order)
        self.seat = 0                # the seat Down jumps to
        self.lines = []              # the step's words, wrapped
        self.still = None            # the table as it stood (A shows it), once the log is read
        self.wait = 0                # frames since the heap was last looked at

    def tick(self, now):
        w = self.work
        self.wait += 1
        if self.wait >= HEAP_THOUGHT and not self.dirty:
            # a frame of the heap's (nothing to draw, no slice): the allocator
            # then never collects on its own inside a step or a picture
            self.wait = 0
            self.app.collect_if_low()
            return
        if self.opening:
            self.open_still()
            return
        if self.said:
            self.said = False
            self.shown()             # the step's words wrapped and drawn in a frame of their own
            return
        if w is None:
            return
        self.share.begin()
        try:
            got = next(w)
        except BadData as e:
            self.work = None
            self.app.pop()
            self.app.message("Replay", "This game's log is damaged (%s): it cannot be replayed."
                             % e)
            return
        if got is None:
            return
        if got is LOAD:
            self.app.collect()       # the game's rules come in next frame
            return
        self.work = None
        if self.rep is None:
            from dicebox.core.logreplay import Replay
            self.rep = Replay(got, names=names_of(got))
            self.kinds = got.kinds
            if self.at:
                self.go(min(self.at, got.n))
                self.at = 0
                return
        self.said = True
        self.next_key()

    def next_key(self):
        """A key pressed during a move or while the table's code came in: now."""
        if self.queued:
            self.event(self.queued.pop(0))

    def shown(self):
        r = self.rep
        if r.who == CHANCE:
            who = "Dice"
        elif r.who is None:
            who = "Start" if r.pos == 0 else "Clock"
        else:
            who = seat_name(self.kinds, r.who, r.names)
        said = r.said or ("The game begins." if r.pos == 0 else "")
        self.lines = [who] + ui.wrap(said)
        if self.still is not None:
            self.still.s = self.still.st = r.state
            self.still.msg = said
        self.dirty = True

    def busy(self):
        """True while the log is read, a step played or said, or the table's
        code opened: a frame or more before the page shows where it is."""
        return self.work is not None or self.said or self.opening != 0

    def open_still(self):
        """The table as it stood (A): the table's code (``STILL``) a module
        a frame, each after a frame given to the heap, so that the allocator
        does not collect inside an import; then the table drawn."""
        title = self.rep.log.title
        for path in STILL[title]:
            if path not in sys.modules:
                if self.opening == 1:
                    self.opening = 2
                    self.app.collect()
                else:
                    self.opening = 1
                    self.brought.append(path)
                    load(path)
                return
        self.opening = 0
        self.still = sys.modules["dicebox.games.%s.still" % title].Still(self.rep.state, self.kinds, "")
        self.shown()
        self.next_key()

    def go(self, i):
        self.work = self.rep.seeking(i, self.share)

    def event(self, ev):
        if ui.is_press(ev, E.B):
            self.still = None
            self.app.pop()
            drop(self.brought)       # the table's code, when this page brought it in
            self.brought = []
            return
        r = self.rep
        if r is None:
            return                   # reading: the keys wait
        if self.work is not None or self.opening:
            if E.kind(ev) != E.RELEASE and len(self.queued) < _QUEUED:
                self.queued.append(ev)   # moving, or the table's code coming in: the key waits
            return
        if self.said:
            # a key on the frame of the last step's words: a move goes on from
            # that step (its words are not shown), anything else shows them first
            self.said = False
            if not (ui.is_step(ev, E.RIGHT) or ui.is_step(ev, E.LEFT) or ui.is_press(ev, E.DOWN)):
                self.shown()
        if ui.is_press(ev, E.A):
            if self.still is None:
                self.opening = 1
            else:
                self.still = None
                self.dirty = True
        elif ui.is_step(ev, E.RIGHT):
            if r.pos < r.log.n:
                self.go(r.pos + 1)
        elif ui.is_step(ev, E.LEFT):
            if r.pos > 0:
                self.go(r.pos - 1)
        elif ui.is_press(ev, E.UP):
            self.seat = (self.seat + 1) % len(self.kinds)
            self.dirty = True
        elif ui.is_press(ev, E.DOWN):
            j = r.next_of(self.seat)
            if j >= 0:
                self.go(j + 1)

    def draw(self, fb):
        fb.fill(0)
        r = self.rep
        if r is None:
            ui.title_bar(fb, "Replay")
            ui.text_center(fb, "Reading...", 28)
            return
        if self.still is not None:
            self.still.draw_table(fb)
            return
        ui.title_bar(fb, "Replay", "%d/%d" % (r.pos, r.log.n))
        for i in range(min(len(self.lines), 4)):
            fb.text(self.lines[i], 0, 10 + 8 * i, 1)
        fb.text("<> step A:table", 0, 46, 1)
        seat = r.names[self.seat] if r.names else "P%d" % (self.seat + 1)
        fb.text(("v:%s turn ^:seat" % seat)[:16], 0, 56, 1)

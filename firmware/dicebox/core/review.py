"""The review of a finished game: for each decision a person made (a seat of
kind 0 in its log, core/gamelog.py), the Expert's value of the move made
against the best move, and the few moments that cost the most, each with its
step in the log (a replay seeks ``step`` to show the table before it).
Imported only for a review (never during play), like core/logreplay.py.

    rv = Reviewer(log)          # log: logreplay.decode's
    while rv.step() is None:    # one slice a frame; rv.progress() 0..100
        ...                     # (dropped at any time: nothing to undo)
    rv.review.moments           # the largest losses, most first (Verdicts)

Each game's judgement is ``games/<g>/review.py``: ``SLICE`` (its bot's units
a slice), ``STEP`` (the units a step of the log read and played costs, in
the same units), ``UNIT`` (what a loss is counted in, "points") and ``judging(st,
seat, action, bg)``, a generator that thinks in slices like the bots (yields
None when ``bg``, a core.think.Budget, says the slice is full) and returns a
``Verdict`` or None (a step it does not weigh: one legal move, a move the
Expert never weighs). It reads ``st`` and never changes it.

A judgement that samples (Mildred's rolls, Milestones' bigger rerolls)
carries its error ``err``: a difference of at most ``err`` is never claimed,
the move is "as good as the Expert's" (within its error).
"""
from dicebox.core.game import CHANCE, HUMAN
from dicebox.core.logreplay import play_step
from dicebox.core.think import Budget

PERSON = HUMAN      # a seat kind: a person (core/game.py)
MOMENTS = 5         # the moments a review keeps (the largest losses)


class Verdict:
    """One decision judged: ``step`` its index in the log, ``seat``, ``made``
    and ``best`` (the Expert's) moves, ``made_v`` and ``best_v`` their values
    (in the game's UNIT), ``err`` the judgement's error (0: exact) and
    ``words`` the reading in plain words (the chance spelled out where dice
    decide it)."""

    def __init__(self, made, best, made_v, best_v, err=0.0, words=""):
        self.step = -1
        self.seat = -1
        self.made = made
        self.best = best
        self.made_v = made_v
        self.best_v = best_v
        self.err = err
        self.words = words
        self.said = ""          # the move in the game's words (the replay's)
        self.before = None      # the state before it, while its words are due

    def loss(self):
        """What the move made cost against the best, in the game's UNIT: 0
        when it is as good as the Expert's (within the error ``err``)."""
        d = self.best_v - self.made_v
        return d if d > self.err else 0.0

    def even(self):
        return self.loss() == 0.0


def amount(x):
    """A loss in words: "about 6", "about 0.4" (a tenth below 10)."""
    if x >= 9.95:
        return "about %d" % int(x + 0.5)
    return "about %.1f" % x


class Review:
    """What a review found: ``judged`` decisions, ``even`` of them as good
    as the Expert's, ``lost`` the sum of the losses, ``moments`` the largest
    (at most MOMENTS Verdicts, the largest first; only losses), ``sampled``
    True when any judgement sampled (its error said), ``unsure`` the even
    ones that were worth less than the Expert's by at most the error (a
    difference the review does not claim)."""

    def __init__(self, log, unit):
        self.log = log
        self.unit = unit
        self.judged = 0
        self.even = 0
        self.lost = 0.0
        self.sampled = False
        self.unsure = 0
        self.moments = []

    def add(self, v):
        """Count the Verdict ``v``: True when it is kept among the moments."""
        self.judged += 1
        if v.err > 0:
            self.sampled = True
        x = v.loss()
        if x == 0.0:
            self.even += 1
            if v.best_v > v.made_v:
                self.unsure += 1
            return False
        self.lost += x
        ms = self.moments
        i = len(ms)
        while i and ms[i - 1].loss() < x:
            i -= 1
        if i >= MOMENTS:
            return False
        ms.insert(i, v)
        if len(ms) > MOMENTS:
            ms.pop().before = None
        return True


def judge_for(title):
    """The review module of the game named ``title`` (a log's)."""
    from dicebox.core.modules import load
    return load("dicebox.games.%s.review" % title)


def persons(log):
    """The seats of the log's people (kind 0)."""
    return [i for i in range(len(log.kinds)) if log.kinds[i] == PERSON]


def reviewing(log, judge, seats=None, out=None, budget=Budget, names=None):
    """The review of ``log`` by the game module ``judge``, in slices: a
    generator that yields None after each slice and the ``Review`` last.
    The walk through the log is counted too: each step read and played
    costs the judge's ``STEP`` units of a slice of its ``SLICE``; a decision
    judged has slices of its own; the words of each moment kept (its step in
    the game's words, from a copy of the state before it) one slice each, at
    the end. ``seats``: the seats whose decisions are judged (by default the
    people's); ``out`` (a list) gets ``[pos, units]`` kept up to date: the
    step reached and the judge's units spent, for a progress figure and the
    tests; ``budget``: the class of the Budgets (a test's counts its slices);
    ``names``: Milestones' seat names for the words (as ``Replay``'s)."""
    rv = Review(log, judge.UNIT)
    if seats is None:
        seats = persons(log)
    if out is None:
        out = [0, 0]
    st = log.new_state()
    codec = log.codec
    walk = budget(judge.SLICE)
    for i in range(log.n):
        out[0] = i
        while not walk.fits(judge.STEP):
            yield None
        seat, item = log.step(i, st)
        if seat != CHANCE and seat is not None and seat in seats:
            walk.end()
            yield None                    # a decision: slices of its own
            bg = budget(judge.SLICE)
            v = yield from judge.judging(st, seat, item, bg)
            out[1] += bg.units
            if v is not None:
                v.step = i
                v.seat = seat
                if rv.add(v):
                    v.before = st.clone()     # for its words, at the end
            yield None
        play_step(codec, st, seat, item)
    out[0] = log.n
    for v in rv.moments:
        yield None                        # each moment's words: a slice of its own
        v.said = said(v.before, v.made, names)
        v.before = None
    yield rv


def said(st, item, names=None):
    """The move in the game's own words (a replay's, from the state before it)."""
    if names is not None:
        return st.describe(item, names)
    return st.describe(item)


class Reviewer:
    """A review being thought, a slice a ``step()``: the ``Review`` once it
    is done (then ``review``), None before; ``progress()`` 0..100.
    ``names``: Milestones' seat names (as the replay's)."""

    def __init__(self, log, seats=None, names=None):
        self.log = log
        self.judge = judge_for(log.title)
        self.out = [0, 0]
        self.gen = reviewing(log, self.judge, seats, self.out, Budget, names)
        self.review = None
        self.slices = 0

    def step(self):
        if self.review is None:
            self.slices += 1
            got = next(self.gen)
            if got is not None:
                self.review = got
                self.gen = None
        return self.review

    def progress(self):
        n = self.log.n
        return 100 if self.review is not None or not n else self.out[0] * 100 // n


def review(log, seats=None):
    """The whole review at once (tests, the host)."""
    rv = Reviewer(log, seats)
    while rv.step() is None:
        pass
    return rv.review

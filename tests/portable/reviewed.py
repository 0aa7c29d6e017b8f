"""What the tests of the review (core/review.py, games/<g>/review.py) share:
a fixed-seed game's log (tests/portable/logged.py) with some seats made
people's, a review run to its end with every slice's units counted, and the
checks every title's review must pass."""
from dicebox.core import logreplay, review
from dicebox.core.think import Budget
import logged


def as_people(blob, seats):
    """The log ``blob`` with the seats ``seats`` made people's (kind 0),
    sealed again: the same game, as if those seats were played by people."""
    d = bytearray(blob[:-2])
    for s in seats:
        d[3 + s] = review.PERSON
    return logged.sealed(d)


class Counted(Budget):
    """A Budget that keeps the most units one slice held (``most_slice``)."""

    def __init__(self, slice, most=None):
        Budget.__init__(self, slice, most)
        self.most_slice = 0
        Counted.last = self

    def fits(self, n):
        ok = Budget.fits(self, n)
        if ok and self.used > self.most_slice:
            self.most_slice = self.used
        if ok and self.used > Counted.worst:
            Counted.worst = self.used
        return ok


Counted.worst = 0
Counted.last = None


def run(gen):
    """A generator's return value (a judge's Verdict)."""
    try:
        while True:
            next(gen)
    except StopIteration as e:
        return e.value


def judged(st, judge, a, seat=None):
    """The Verdict of ``judge`` (a games/<g>/review module) on move ``a``."""
    if seat is None:
        seat = st.current_player()
    return run(judge.judging(st, seat, a, Counted(judge.SLICE)))


def reviewed(blob, seats):
    """(log, Review, slices, [pos, units]) of the game ``blob`` with ``seats``
    people's, its slices' units counted (Counted.worst: the most of any)."""
    log = logreplay.decode(as_people(blob, seats))
    out = [0, 0]
    Counted.worst = 0
    n = 0
    for got in review.reviewing(log, review.judge_for(log.title), None, out, Counted):
        n += 1
        if got is not None:
            return log, got, n, out
    raise AssertionError("a review without its end")


def sound(rv):
    """Every moment kept is a loss above its error, the largest first; the
    counts add up."""
    ms = rv.moments
    assert len(ms) <= review.MOMENTS
    for i in range(len(ms)):
        v = ms[i]
        assert v.loss() > v.err and v.loss() > 0, (v.step, v.loss(), v.err)
        assert v.best_v - v.made_v == v.loss()
        assert v.step >= 0 and v.words and v.said
        if i:
            assert ms[i - 1].loss() >= v.loss()
    assert 0 <= rv.unsure <= rv.even <= rv.judged
    assert rv.unsure == 0 or rv.sampled
    assert (rv.lost > 0) == (rv.even < rv.judged)

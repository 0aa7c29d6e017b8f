"""Dairyman's review (core/review.py, games/dairyman/review.py): the Expert's
own moves lose nothing; constructed positions with a known better move, the
loss worked out by hand; a person's game reviewed in slices of at most the
bot's SLICE units."""
import sys
from dicebox.core import logreplay
from dicebox.games.dairyman import bot, rules
from dicebox.games.dairyman import review as judge
import logged
import reviewed

MPY = sys.implementation.name == "micropython"


def _turn(dv, locked, display, stack, owned0, rolls=1):
    """Seat 0 of two in the middle of a turn: dice ``dv`` (the first
    ``locked`` in barn 1, the rest free; fewer than eight: all white, as if
    the others were gone), the display and the stack."""
    st = rules.State(2)
    st.stack = list(stack)
    st.display = list(display)
    st.owned[0] = list(owned0)
    st.seat = 0
    st.dc = [rules.WHITE] * len(dv)
    if len(dv) == 8:
        st.dc[7] = rules.YELLOW
    st.dv = list(dv)
    st.dl = [1] * locked + [rules.FREE] * (len(dv) - locked)
    st.sets = [[1, i, i + 1] for i in range(0, locked, 2)]
    st.rolls = rolls
    st.need_lock = False
    st.pending = None
    return st


def _failv(st):
    return reviewed.run(bot._context(reviewed.Counted(bot.SLICE), st, True)).failv


def test_the_experts_own_moves_lose_nothing():
    for seed in ((1, 2) if MPY else (1, 2, 3, 4)):
        n = 2 + seed % 3
        g = logged.dairyman(seed, n, 3)
        log, rv, slices, out = reviewed.reviewed(g.blob, range(n))
        assert rv.judged > 50 and rv.even == rv.judged and rv.lost == 0 and not rv.moments
        assert not rv.sampled


def test_a_reroll_that_can_only_fail_against_the_winning_claim():
    """The stack is empty and seat 0 leads by 40 (it owns a 40): any claim
    ends the game in its lead, worth WIN = 1000 to the Expert. Barns 30, two
    dice free (1, 2), the first roll of the turn. Rerolling the two: a set of
    10 with two dice is 4+6 or 5+5, 3 of 36 rolls, the table's PSET[2] =
    0.08333; a set is a claim (1000) after it, anything else a failure
    (failv, the Expert's worth of a backorder here); a first reroll gets the
    Expert's 0.5 (CONT_B[1]). Reroll = 0.08333 * 1000 + 0.91667 * failv + 0.5;
    the loss = 1000 - that = 0.91667 * (1000 - failv) - 0.5 (948.71 with
    failv = -35.5)."""
    st = _turn([4, 6, 5, 5, 4, 6, 1, 2], 6, [0, 1, 2], [], [20])
    fv = _failv(st)
    v = reviewed.judged(st, judge, ("reroll", ()))
    want = (1 - 0.08333) * (1000 - fv) - 0.5
    assert abs(v.loss() - want) < 1e-6, (v.loss(), want)
    assert v.best[0] == "claim" and v.best_v == 1000.0 and v.err == 0
    assert "8% for a set" in v.words and "the lead" in v.words
    # any claim wins the game: each is as good as the Expert's
    for c in ((0, 1), (2,)):
        w = reviewed.judged(st, judge, ("claim", c))
        assert w.even() and w.loss() == 0 and w.words.startswith("As good as the Expert's")


def test_a_reroll_of_one_die_is_a_failure_for_sure():
    """Barns 20 (4+6, 5+5 in barn 1), one die free, a 12-tile stack: one die
    never makes a set of 10 (PSET[1] = 0), so rerolling it is a failure for
    sure, worth failv, plus the Expert's 0.5 for a first reroll; stopping
    claims the best claim (its worth ``stop(20)``). Loss = stop(20) - failv
    - 0.5, by the Expert's own context."""
    stack = list(range(8, 20))
    st = _turn([4, 6, 5, 5, 3], 4, [0, 2, 21], stack, [])
    ctx = reviewed.run(bot._context(reviewed.Counted(bot.SLICE), st, True))
    v = reviewed.judged(st, judge, ("reroll", ()))
    want = ctx.stop(20) - ctx.failv - 0.5
    assert abs(v.loss() - want) < 1e-6 and v.loss() > 0, (v.loss(), want)
    assert v.best[0] == "claim" and "Reroll 1: 0% for a set" in v.words
    assert "points more" in v.words


def test_a_persons_game_in_slices():
    """Casual's game (Strong's under MicroPython: a shorter one), one move
    in three random, seat 0 a person's: the review
    finds losses, keeps the largest with their steps, and no slice holds more
    than the bot's SLICE units (the walk through the log, STEP units a
    step, too); each moment is said in the replay's words of its step."""
    g = logged.dairyman(4, 2, 2, odd=3) if MPY else logged.dairyman(5, 2, 1, odd=3)
    log, rv, slices, out = reviewed.reviewed(g.blob, (0,))
    reviewed.sound(rv)
    assert rv.judged > 50 and rv.moments and rv.even < rv.judged
    assert reviewed.Counted.worst <= bot.SLICE and slices > rv.judged
    assert out[0] == log.n
    r = logreplay.Replay(log)
    for v in rv.moments:
        assert log.seat_of(v.step) == 0 and v.seat == 0 and v.before is None
        r.seek(v.step + 1)
        assert r.said == v.said and r.who == 0    # the replay's words, at its step
    print("dairyman review: %d steps, %d judged, %d slices, %d units" % (
        log.n, rv.judged, slices, out[1]))

"""Auntie Mildred's review (core/review.py, games/mildred/review.py): the
Expert's own move (the Hint's) loses nothing; a constructed Wakeup with a
known better move, the loss worked out by hand; reviews of people's games in
slices of the bot's SLICE units, no loss claimed within its error."""
import sys
from dicebox.core import logreplay
from dicebox.games.mildred import bot, rules
from dicebox.games.mildred import review as judge
import logged
import reviewed

MPY = sys.implementation.name == "micropython"


def test_the_experts_own_move_loses_nothing():
    """At every decision of a game, the move the Hint gives (the Expert's,
    the same for the same position) is judged as good as the Expert's."""
    g = logged.mildred(2, (1, 3))
    log = logreplay.decode(g.blob)
    r = logreplay.Replay(log)
    n = 0
    for i in range(0, log.n, 2 if MPY else 1):
        st = r.seek(i)
        if st.is_over() or st.current_player() < 0:
            continue
        a = bot.run(bot.hint(st, None))[0]
        v = reviewed.judged(st, judge, a)
        if v is None:
            continue
        n += 1
        assert v.even() and v.loss() == 0 and v.best == v.made, (i, a, v.best)
        assert v.words.startswith("As good as the Expert's")
    assert n > 10


def test_taking_the_dodge_die_back_instead_of_combat():
    """Beginner v Expert, seed 1, the Wakeup before step 19: P1 has one die
    in its prank slot and one in its dodge slot, P2 two in its dodge slot.
    Taking the dodge die back leaves P1 its prank die: a prank slot is worth
    W_PR = 2 points to the Expert, and nothing more since 1 die is not over
    P2's dodge of 2. Combat (dodged) spends the prank die and leaves the
    dodge die: a dodge slot is worth W_DG = 6. Either way one die goes to the
    used pool and nothing else changes, and no die is rolled (no error):
    the loss is 6 - 2 = 4 points."""
    g = logged.mildred(1, (0, 3))
    log = logreplay.decode(g.blob)
    st = logreplay.Replay(log).seek(19)
    assert st.phase == rules.WAKE and st.turn == 0
    assert st.prank == [[1, 1], [0, 0]] and st.dodge == [[1, 1], [2, 2]]
    v = reviewed.judged(st, judge, ("dodge",))
    assert v.best == ("combat",) and v.err == 0
    assert v.loss() == bot.EXPERT[12] - bot.EXPERT[8] == 6 - 2, v.loss()   # W_DG - W_PR
    assert "about 4.0 points more" in v.words
    assert reviewed.judged(st, judge, ("combat",)).even()


def test_peoples_games_in_slices():
    """Both seats a person's, in games of mixed levels (one move in three
    random in some): every moment is a loss above its error, the slices hold
    at most the bot's SLICE units."""
    worst = 0
    found = 0
    for seed in ((1, 2) if MPY else (1, 2, 3, 5, 8)):
        g = logged.mildred(seed, (seed % 4, 3), odd=3 if seed % 2 else 0)
        log, rv, slices, out = reviewed.reviewed(g.blob, (0, 1))
        reviewed.sound(rv)
        assert rv.judged > 5 and slices >= rv.judged and out[0] == log.n
        worst = max(worst, reviewed.Counted.worst)
        found += len(rv.moments)
        for v in rv.moments:
            assert log.seat_of(v.step) == v.seat
    assert found and worst <= bot.SLICE

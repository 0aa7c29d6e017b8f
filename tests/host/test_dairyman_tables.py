"""Dairyman: the hard bot's tables are exact, and it beats the easy bot (CPython)."""
from dicebox.games.dairyman import bot as B
import bench_dairyman as bench


def test_dist_table_is_exact():
    for k in range(13):
        want = bench.dist(k)
        got = sorted(B.DIST[k])
        assert len(got) == len(want), k
        for (p, a, b), (q, c, d) in zip(got, want):
            assert (a, b) == (c, d) and abs(p - q) < 1e-5, k
        assert abs(B.PSET[k] - sum(x[0] for x in want)) < 1e-4


def test_single_frozen_die_table_is_exact():
    for v in range(1, 7):
        for k in range(12):
            assert abs(B.SUCC1[v - 1][k] - bench.succ1(v, k)) < 1e-5, (v, k)


def test_hard_beats_easy_and_random():
    m = bench.match("hard", "easy", 60, 500)
    assert m["a_win_rate"] > 0.8
    m = bench.match("hard", "random", 30, 900)
    assert m["a_win_rate"] > 0.95

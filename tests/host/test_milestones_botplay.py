"""Bot teammates play much better than random rerolls, and each level's table
scores more than the level below (short simulated games, fixed seeds)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "host_tools"))

import bench_milestones as bench  # noqa: E402
import ladder_milestones as ladder  # noqa: E402
from dicebox.games.milestones import bot  # noqa: E402


def test_bots_beat_random_rerolls_and_easy_first_pays():
    games = range(1, 9)
    bots = sum(bench.play(2, bot.Bot, s, 4000)[0] for s in games)
    rand = sum(bench.play(2, bot.RandomBot, s, 4000)[0] for s in games)
    assert bots > 2 * rand, (bots, rand)

    class HardFirst(bot.Bot):
        def __init__(self, *a, **k):
            bot.Bot.__init__(self, *a, **k)
            self.tier = 2

    hard = sum(bench.play(2, HardFirst, s, 4000)[0] for s in games)
    assert bots > hard, (bots, hard)


def test_variant_games_finish():
    for kw in ({"big_pile": True}, {"mandatory": (0, 3)}, {"hourglass_side": 7}):
        score, rolls = bench.play(3, bot.Bot, 5, 4000, **kw)
        assert score >= 0 and 1 <= rolls <= 200
        for level in range(bot.LEVELS):
            score, rolls = ladder.play(3, level, 5, 4000, **kw)
            assert score >= 0 and 1 <= rolls <= 200


def test_each_level_scores_more_than_the_one_below():
    # the full ladder (1,000 games a row) is host_tools/studies/ladder_milestones.py; here
    # a few dozen games with the same seeds for every level
    for n, games in ((1, 40), (4, 30)):
        means = []
        for level in range(bot.LEVELS):
            means.append(sum(ladder.play(n, level, s)[0] for s in range(1, games + 1)) / games)
        for level in range(1, bot.LEVELS):
            assert means[level] > means[level - 1], (n, means)

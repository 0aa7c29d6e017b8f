"""The bot's quick answers (roll counts, tables, fitted counts) agree with the rules'
matcher for every card and special side: all 46656 rolls for the tasks of several
sub-tasks it answers without the matcher, and a wide sample for the others. The
tasks are checked in three parts (each part well under 20 s)."""
import itertools
import random

import pytest

from dicebox.games.milestones import bot, deck, tasks

EVERY = [d[3] for d in deck.DECK] + [sd[1] for sd in deck.SPECIAL_SIDES]
EVERYTHING = list(itertools.product(range(1, 7), repeat=6))


def exhaustive(t):
    tg = bot.Bot(0, seed=1)._prep([(t, 4)])
    subs = [cl for cl in t if cl[0] < tasks.ONLYN]
    return len(subs) > 1 and tg[0][4] is None


def test_most_tasks_of_several_subtasks_skip_the_matcher():
    assert sum(1 for t in EVERY if exhaustive(t)) >= 15


@pytest.mark.parametrize("part", [0, 1, 2])
def test_quick_answers_agree_with_the_matcher(part):
    b = bot.Bot(0, seed=1)
    rnd = random.Random(5)
    sample = [tuple(rnd.randint(1, 6) for _ in range(6)) for _ in range(3000)]
    heavy = [t for t in EVERY if exhaustive(t)]
    light = [t for t in EVERY if not exhaustive(t)]
    mine = heavy[part::3] + light[part::3]
    for t in mine:
        tg = b._prep([(t, 4)])
        rolls = EVERYTHING if exhaustive(t) else sample
        for r in rolls:
            want = 4 if tasks.match(t, r) else 0
            assert b._value(tg, list(r)) == want, (t, r)

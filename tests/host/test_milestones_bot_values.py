"""The bot's quick answers (roll counts, tables, fitted counts) agree with the rules'
matcher for every card and special side: all 46656 rolls for the tasks of several
sub-tasks it answers without the matcher, and a wide sample for the others. The
tasks are checked in three parts (each part well under 20 s)."""
import itertools
import random

import pytest

from dicebox.games.milestones import bot, deck, tasks, values

EVERY = list(deck.TASKS) + list(deck.SIDE_TASKS)
EVERYTHING = list(itertools.product(range(1, 7), repeat=6))


def exhaustive(t):
    tg = values.prep([(t, 4)])
    subs = [cl for cl in t if cl[0] < tasks.ONLYN]
    return len(subs) > 1 and tg[0][4] is None


def test_most_tasks_of_several_subtasks_skip_the_matcher():
    assert sum(1 for t in EVERY if exhaustive(t)) >= 15


@pytest.mark.parametrize("part", [0, 1, 2])
def test_quick_answers_agree_with_the_matcher(part):
    rnd = random.Random(5)
    sample = [tuple(rnd.randint(1, 6) for _ in range(6)) for _ in range(3000)]
    heavy = [t for t in EVERY if exhaustive(t)]
    light = [t for t in EVERY if not exhaustive(t)]
    mine = heavy[part::3] + light[part::3]
    for t in mine:
        tg = values.prep([(t, 4)])
        rolls = EVERYTHING if exhaustive(t) else sample
        for r in rolls:
            want = 4 if tasks.match(t, r) else 0
            assert values.value(tg, list(r)) == want, (t, r)


def test_written_out_tables_are_what_they_say():
    from dicebox.games.milestones.dice import FACE_COLOUR
    for f in range(36):
        n = f % 6
        c = FACE_COLOUR[f]
        assert values._NKEY[f] == 1 << (3 * n) and values._NBIT[f] == 1 << n
        assert values._CKEY[f] == 1 << (3 * c) and values._CBIT[f] == 1 << c
        die = values._FACE_DIE[f]     # colour * 6 + number - 1
        assert FACE_COLOUR[die * 6 + n] == f // 6
    for p in range(64):
        run = 0
        best = 0
        for n in range(6):
            run = run + 1 if (p >> n) & 1 else 0
            best = max(best, run)
        assert values._RUNLEN[p] == best, p

    def mean(cards):
        cards = list(cards)
        return sum(deck.POINTS[c] * deck.HITS[c] for c in cards) // len(cards)
    assert bot._TIER_VALUE == tuple(mean(deck.tier_cards(t)) for t in range(3))
    assert bot._BIG_VALUE == bot._BIG_RATE == mean(range(deck.NCARDS))

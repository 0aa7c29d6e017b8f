"""The bot's exact reroll odds (games/milestones/odds.py) against enumeration.

For every card and special side the bot values exactly, every set of kept dice
(any dice, not only the ones the tables were read from) and every face they show:
the count of the rerolls that meet the task, summed over every roll of the 6**6
by host_tools/studies/milestones_odds.keep_sums, equals the module's figure."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "host_tools"), os.path.join(ROOT, "firmware"),
          os.path.join(ROOT, "host_tools", "cpython_shims")):
    if p not in sys.path:
        sys.path.insert(0, p)

import milestones_odds as mo  # noqa: E402
from dicebox.games.milestones import deck, odds, tasks  # noqa: E402
from dicebox.games.milestones.dice import FACE_COLOUR  # noqa: E402

ALL = [(i, c[3]) for i, c in enumerate(map(deck.card, range(deck.NCARDS)))] + [
    (100 + s, c[1]) for s, c in enumerate(map(deck.side, range(len(deck.SIDE_TASKS))))]


def _cases(keeps):
    """(keep mask, kept dice's faces as a roll with 1s elsewhere, index into the
    keep_sums table) for every mask in ``keeps`` and every face of its dice."""
    for K in keeps:
        dice = [d for d in range(6) if (K >> d) & 1]
        for idx in range(6 ** len(dice)):
            roll = [1] * 6
            x = idx
            for d in dice:
                roll[d] = x % 6 + 1
                x //= 6
            yield K, roll, idx


def _keeps(rerolled):
    return [K for K in range(63) if 6 - bin(K).count("1") in rerolled]


def test_every_one_domain_task_has_a_table_and_the_others_none():
    for key, task in ALL:
        c = odds.code(key)
        if mo.domain(task) >= 0 and not (len(task) == 1 and task[0][0] >= tasks.ONLYN):
            assert c != 255, task
            assert (c >> 7) == mo.domain(task)
        else:
            assert c == 255, task
    assert len(odds.TABLES) < 3000     # a few KB, said in the docs
    assert len(odds.TABLES) % mo.TABLE_BYTES == 0


def test_the_module_is_what_the_generator_writes():
    with open(odds.__file__) as f:
        text = f.read()
    assert text == mo.odds_module(text)


@pytest.mark.parametrize("key,task", [(k, t) for k, t in ALL if odds.code(k) != 255],
                         ids=lambda x: str(x) if isinstance(x, int) else "")
def test_table_figures_equal_enumeration(key, task):
    T = mo.keep_sums(mo.hit_list(task))
    code = odds.code(key)
    for K, roll, idx in _cases(_keeps((3, 4, 5))):
        assert odds.hits(code, roll, K) == T[K][idx], (task, K, roll)


def test_conditions_and_single_faces_equal_enumeration():
    seen = 0
    for key, task in ALL:
        if len(task) != 1:
            continue
        cl = task[0]
        if cl[0] >= tasks.ONLYN:
            fn = odds.cond_hits
            args = (cl,)
        elif cl[0] == tasks.FACE:
            die = [d for d in range(6) if FACE_COLOUR[d * 6 + cl[2] - 1] == cl[1]][0]
            fn = odds.face_hits
            args = (die, cl[2])
        else:
            continue
        seen += 1
        T = mo.keep_sums(mo.hit_list(task))
        for K, roll, idx in _cases(_keeps((1, 2, 3, 4, 5))):
            r = 6 - bin(K).count("1")
            assert fn(*(args + (roll, K, r))) == T[K][idx], (task, K, roll)
    assert seen >= 5    # only 135, no 1, no Y, 2Y, 6G


def test_every_task_of_numbers_and_colours_has_a_five_dice_table():
    for key, task in ALL:
        five = mo.domain(task) < 0 and not (len(task) == 1 and task[0][0] == tasks.FACE)
        assert (odds.code5(key) != 255) == five, task
    assert mo.FIVE_BYTES == 72
    assert len(odds.TABLES5) == 15 * mo.FIVE_BYTES


@pytest.mark.parametrize("key,task", [(k, t) for k, t in ALL if odds.code5(k) != 255],
                         ids=lambda x: str(x) if isinstance(x, int) else "")
def test_five_dice_figures_equal_enumeration(key, task):
    T = mo.keep_sums(mo.hit_list(task))
    code = odds.code5(key)
    for K, roll, idx in _cases(_keeps((5,))):
        assert odds.hits5(code, roll, K) == T[K][idx], (task, K, roll)

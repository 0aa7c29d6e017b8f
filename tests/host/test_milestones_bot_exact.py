"""The Expert's reroll against the exact best, for cards with exact figures.

Alone at the table (no teammates, no special cards) the Expert's only target is
its card. For a card that reads only numbers or only colours, every reroll of
three to six dice has an exact figure and the Expert scans them all: so when it
rerolls three or more dice, no other reroll of three or more is more likely to
meet the card (counted here over every outcome). One or two dice it values by
enumeration or, when its budget is short, by sampling, so a reroll of one or two
dice is checked only for being legal."""
import itertools
import random

from dicebox.core import rng
from dicebox.core.think import Budget
from dicebox.games.milestones import bot, deck, odds, rules, tasks


def _chance(c, dice, m):
    # exact: the odds tables for three to five dice (checked against enumeration
    # by test_milestones_odds.py), the deck's count for six, else every outcome
    task = deck.TASKS[c]
    r = bin(m).count("1")
    if r == 6:
        return deck.HITS[c] / 46656
    if r >= 3:
        return odds.hits(odds.CARD[c], dice, 63 ^ m) / 6 ** r
    idx = [i for i in range(6) if (m >> i) & 1]
    t = list(dice)
    hit = 0
    for faces in itertools.product(range(1, 7), repeat=len(idx)):
        for i, f in zip(idx, faces):
            t[i] = f
        if tasks.match(task, t):
            hit += 1
    return hit / 6 ** len(idx)


def _alone(c, dice):
    s = rules.State(1)
    for p in range(len(s.piles)):
        if c in s.piles[p]:
            break
    s.apply(("draw", 0, p))
    s.apply_chance([s.piles[p].index(c)])
    s.apply(("roll", 63))
    s.apply_chance([f - 1 for f in dice])
    return s


def test_the_experts_reroll_of_three_or_more_dice_is_the_best_such():
    rnd = random.Random(12)
    cards = [c for c in range(deck.NCARDS) if odds.CARD[c] != 255]
    checked = 0
    for c in cards:
        task = deck.TASKS[c]
        for _ in range(3):
            dice = [rnd.randint(1, 6) for _ in range(6)]
            if tasks.match(task, dice):
                continue
            s = _alone(c, dice)
            b = bot.Bot(0, bot.EXPERT)
            m = None
            for x in b._think(s, rng.seeded(rnd.randint(1, 999)), 0, Budget(bot.SLICE)):
                m = x
            best = max(_chance(c, dice, k) for k in range(1, 64) if bin(k).count("1") >= 3)
            assert 1 <= m <= 63
            if bin(m).count("1") >= 3:
                got = _chance(c, dice, m)
                assert abs(got - best) < 1e-12, (task, dice, m, got, best)
                checked += 1
    assert checked >= 30

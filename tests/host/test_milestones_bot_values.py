"""The bot's quick answers (roll counts, tables, fitted counts) agree with the rules'
matcher for every card and special side: all 46656 rolls for the tasks of several
sub-tasks it answers without the matcher, and a wide sample for the others."""
import itertools
import random

from dicebox.games.milestones import bot, deck, tasks

EVERY = [d[3] for d in deck.DECK] + [sd[1] for sd in deck.SPECIAL_SIDES]


def test_quick_answers_agree_with_the_matcher():
    b = bot.Bot(0, seed=1)
    rnd = random.Random(5)
    sample = [tuple(rnd.randint(1, 6) for _ in range(6)) for _ in range(3000)]
    everything = list(itertools.product(range(1, 7), repeat=6))
    done = 0
    for t in EVERY:
        tg = b._prep([(t, 4)])
        subs = [cl for cl in t if cl[0] < tasks.ONLYN]
        rolls = everything if len(subs) > 1 and tg[0][4] is None else sample
        for r in rolls:
            want = 4 if tasks.match(t, r) else 0
            assert b._value(tg, list(r)) == want, (t, r)
        done += rolls is everything
    assert done >= 15      # most tasks of several sub-tasks skip the matcher

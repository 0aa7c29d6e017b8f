"""The Milestones deck under optimal rerolls: recompute every card's exact odds and
expected rolls (host_tools/studies/milestones_odds.py), check that tiers and points follow
the expected rolls, and that docs/games/milestones-deck.md prints this table."""
import os
from fractions import Fraction

import milestones_odds as odds
from dicebox.games.milestones import deck, tasks
from dicebox.games.milestones.tasks import COL, FACE, NOC, ONLYN, NUM, SAMEN, RUN, RUNC

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "games", "milestones-deck.md")


def _geometric_max(q, n):
    """Chance that six dice, each rerolled until it lands in a set of chance q, are
    all in it within n rolls (rerolling only the dice still outside)."""
    return (1 - (1 - q) ** n) ** 6


def test_programme_agrees_with_closed_forms():
    # "no Y" and "only 135": the best play rerolls exactly the dice outside the
    # set, so each die is on its own; "the 2 in yellow" is one die, chance 1/6
    for task, q in (((((NOC, 0b010000),)), Fraction(5, 6)),
                    ((((ONLYN, 0b010101),)), Fraction(1, 2))):
        o = odds.odds(task)
        assert o["within"] == [_geometric_max(q, n) for n in (1, 2, 3)]
        e = 0.0
        for n in range(400):                # E[rolls] = sum over n >= 0 of P(not yet)
            e += 1.0 - float(_geometric_max(q, n))
        assert abs(o["expected"] - e) < 1e-7, (task, o["expected"], e)
    o = odds.odds(((FACE, 4, 2),))
    assert o["within"] == [1 - Fraction(5, 6) ** n for n in (1, 2, 3)]
    assert abs(o["expected"] - 6.0) < 1e-7


def test_alike_states_are_only_a_speed_up():
    # the within-n programme over every single roll gives the same exact numbers
    everyone = list(range(odds.N))
    for task in (((COL, 0, 1), (NUM, 5, 1)), ((RUN, 3), (RUN, 2)), ((RUNC, 2),),
                 ((SAMEN, 3), (COL, 3, 2))):
        hit = odds.hit_list(task)
        cls, reps = odds.classes(task, hit)
        assert len(reps) < odds.N
        assert odds.within(hit, cls, reps) == odds.within(hit, everyone, everyone), task


def test_tiers_and_points_follow_the_expected_rolls_and_the_doc_prints_them():
    rows = odds.table_rows()
    e = {}
    for i, (tier, pts, hits, task) in enumerate(map(deck.card, range(deck.NCARDS))):
        o = odds.odds(task)
        assert o["hits"] == hits, (i, hits, o["hits"])
        w = o["within"]
        assert w[0] == Fraction(hits, odds.N)
        assert w[0] <= w[1] <= w[2] <= 1
        e[i] = o["expected"]
    # every easy card takes fewer rolls than every medium card, and so on; inside a
    # tier, more points for more rolls
    bands = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 5)]
    prev = None
    for tier, pts in bands:
        es = [e[i] for i in e if deck.TIER[i] == tier and deck.POINTS[i] == pts]
        assert es
        if prev is not None:
            assert min(es) > prev + 0.01, (tier, pts, min(es), prev)
        prev = max(es)
    for tier in (1, 2):
        easier = max(e[i] for i in deck.tier_cards(tier - 1))
        assert min(e[i] for i in deck.tier_cards(tier)) > easier, tier
    doc = open(DOC).read()
    assert odds.markdown_table() in doc
    assert odds.special_table() in doc
    assert len(rows) == deck.NCARDS


def test_special_sides_are_counted_exactly():
    for s, (hits, task) in enumerate(map(deck.side, range(len(deck.SIDE_TASKS)))):
        assert odds.odds(task)["hits"] == hits, s


def test_two_runs_read_upwards_and_downwards_on_every_roll():
    # issue 11 item 2: mirrored numbers (n -> 7 - n) never change a task of plain runs
    mirror = [sum((6 - r[d]) * 6 ** d for d in range(6)) for r in odds.ROLLS]
    for task in (((RUN, 3), (RUN, 2)), ((RUN, 4), (RUN, 2)), ((RUN, 2), (RUN, 2)),
                 ((RUN, 3), (RUN, 3))):
        hit = odds.hit_list(task)
        assert all(hit[mirror[x]] == hit[x] for x in range(odds.N)), task
    assert tasks.match(((RUN, 3), (RUN, 2)), (1, 2, 3, 1, 2, 6))

"""The Milestones deck: counts, tiers and points (the expected rolls that order the
tiers are recomputed on the host: tests/host/test_milestones_deck_odds.py)."""
from dicebox.games.milestones import deck, tasks


def test_counts_and_points_per_tier():
    assert deck.NCARDS == deck.NCARDS == 51
    assert [len(deck.tier_cards(t)) for t in range(3)] == [23, 19, 9]
    allowed = {0: (1, 2), 1: (2, 3), 2: (5,)}
    for tier, pts, hits, task in [deck.card(c) for c in range(deck.NCARDS)]:
        assert pts in allowed[tier]
        assert 0 < hits < deck.TOTAL
        assert task
    assert len(deck.SIDE_TASKS) == 8


def test_card_ids_keep_their_tier():
    # saved games name cards by id: an id never changes pile
    assert deck.tier_cards(deck.EASY) == list(range(0, 23))
    assert deck.tier_cards(deck.MEDIUM) == list(range(23, 42))
    assert deck.tier_cards(deck.HARD) == list(range(42, 51))
    assert deck.DECK_VERSION == 2


def test_clauses_are_well_formed():
    one_arg = (tasks.SAMEN, tasks.SAMEC, tasks.RUN, tasks.RUNC,
               tasks.ONLYN, tasks.ONLYC, tasks.NON, tasks.NOC)
    sides = list(deck.SIDE_TASKS)
    for task in list(deck.TASKS) + sides:
        for cl in task:
            assert 0 <= cl[0] <= tasks.NOC
            if cl[0] in one_arg:
                assert len(cl) == 2
                assert 0 < cl[1] < 64
            else:
                assert len(cl) == 3
    seen = set()
    for t in deck.TASKS:
        assert t not in seen, t
        seen.add(t)


def test_stored_chance_of_the_hardest_card_by_counting():
    # every card is recounted on the host (tests/host/test_milestones_deck_exact.py)
    tier, pts, hits, task = deck.card(deck.NCARDS - 1)
    n = 0
    roll = [1, 1, 1, 1, 1, 1]
    for i in range(6 ** 6):
        v = i
        for d in range(6):
            roll[d] = v % 6 + 1
            v //= 6
        if tasks.match(task, roll):
            n += 1
    assert n == hits

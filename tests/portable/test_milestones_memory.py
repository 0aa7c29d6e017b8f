"""Milestones: what the bots and the card data keep on the heap through a game."""
from dicebox.games.milestones import bot, deck, tasks, values
from test_milestones_levels import play


def test_bots_keep_a_bounded_number_of_targets_and_answers():
    # before: every card a game had shown stayed compiled (about 3 KB by the
    # end of a game) and 256 remembered answers
    values.forget()
    most = [0, 0]

    def probe():
        most[0] = max(most[0], len(values._COMPILED))
        most[1] = max(most[1], values._MEMO_SIZE[0])
    for seed in (1, 2):
        play(5, bot.EXPERT, seed, probe=probe)
    # (_COMPILED_MAX 8, _MEMO_MAX 64: private consts, not attributes on the chip)
    assert 0 < most[0] <= 8
    assert 0 < most[1] <= 64
    values.forget()
    assert not values._COMPILED and not values._MEMO


def test_the_deck_holds_equal_clauses_and_tasks_once():
    seen = {}
    rows = [deck.card(c) for c in range(deck.NCARDS)] + [deck.side(s) for s in range(len(deck.SIDE_TASKS))]
    for row in rows:
        for cl in row[-1]:
            first = seen.setdefault(cl, cl)
            assert first is cl, cl
    tasks_seen = {}
    for row in rows:
        assert tasks_seen.setdefault(row[-1], row[-1]) is row[-1]
    assert len(seen) < sum(len(row[-1]) for row in rows)
    # the hourglass side b and the card "run 3 1 col" are one task
    assert deck.SIDE_TASKS[7] is deck.TASKS[28]


def test_subsets_are_bytes():
    for k in range(7):
        assert type(tasks.SUBSETS[k]) is bytes
        assert all(tasks.POPCOUNT[m] == k for m in tasks.SUBSETS[k])
    assert sum(len(s) for s in tasks.SUBSETS) == 64

"""Milestones dice and the task matcher, with hand-made rolls.

Colour table (die: colours of the numbers 1..6):
  d0 R P B K Y G   d1 P B R Y G K   d2 B R P G K Y
  d3 K Y G R P B   d4 Y G K P B R   d5 G K Y B R P
"""
from dicebox.games.milestones import dice, tasks
from dicebox.games.milestones.tasks import (
    COL, NUM, FACE, SAMEN, SAMEC, RUN, RUNC, ONLYN, ONLYC, NON, NOC, match)

R, P, B, K, Y, G = 0, 1, 2, 3, 4, 5
ALL_RED = (1, 3, 2, 4, 6, 5)      # every die shows red, numbers 1..6
ALL_ONES = (1, 1, 1, 1, 1, 1)     # R P B K Y G


def nums(*ns):
    m = 0
    for n in ns:
        m |= 1 << (n - 1)
    return m


def cols(*cs):
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def witness(task, nums):
    """A dice mask that fulfils the task's sub-tasks, or None: a second answer
    beside ``match``, found by trying every way each sub-task can be met
    (``tasks.options``) on dice no other sub-task took, with the rules' keys
    (different numbers, colours, runs) all different."""
    nm, cm = tasks.split(nums)
    opts = []
    for cl in task:
        if cl[0] >= ONLYN:
            if not tasks._globals_ok(cl, nm, cm):
                return None
            continue
        o = tasks.options(cl, nm, cm)
        if not o:
            return None
        opts.append(o)

    def go(i, avail, keys, used):
        if i == len(opts):
            return used
        for m, key in opts[i]:
            kb = (1 << key) if key >= 0 else 0
            if m & avail != m or keys & kb:
                continue
            got = go(i + 1, avail & ~m, keys | kb, used | m)
            if got is not None:
                return got
        return None

    return go(0, 63, 0, 0) if opts else 63


def yes(task, roll):
    assert match(task, roll), (task, roll)
    assert witness(task, roll) is not None


def no(task, roll):
    assert not match(task, roll), (task, roll)
    assert witness(task, roll) is None


def test_dice_are_a_latin_square():
    seen = {}
    for d in range(6):
        row = set()
        for n in range(1, 7):
            c = dice.colour(d, n)
            row.add(c)
            seen[(n, c)] = seen.get((n, c), 0) + 1
        assert row == set(range(6))
    assert len(seen) == 36 and max(seen.values()) == 1
    assert [dice.colour(d, n) for d, n in enumerate(ALL_RED)] == [R] * 6
    assert [dice.colour(d, 1) for d in range(6)] == [R, P, B, K, Y, G]


def test_colour_letters_and_patterns_are_distinct():
    assert len(set(dice.LETTERS)) == 6
    assert len(dice.PATTERNS) == 24
    assert len(set(dice.PATTERNS[4 * c:4 * c + 4] for c in range(6))) == 6
    assert dice.label(3, 2) == "2Y"


def test_colour_count():
    yes(((COL, R, 2),), (1, 3, 1, 1, 1, 1))
    yes(((COL, R, 2),), ALL_RED)            # more than needed is fine
    no(((COL, R, 2),), ALL_ONES)


def test_number_count():
    yes(((NUM, 4, 2),), (4, 4, 1, 2, 3, 5))
    no(((NUM, 4, 2),), (4, 1, 2, 3, 5, 6))
    yes(((NUM, 3, 3),), (3, 3, 3, 3, 1, 1))


def test_face():
    # the yellow 2 is on die 3
    yes(((FACE, Y, 2),), (1, 1, 1, 2, 1, 1))
    no(((FACE, Y, 2),), (2, 2, 2, 1, 2, 2))


def test_same_numbers_and_same_colours():
    yes(((SAMEN, 3),), (5, 5, 5, 1, 2, 3))
    no(((SAMEN, 3),), (5, 5, 1, 1, 2, 2))
    yes(((SAMEC, 3),), (1, 3, 2, 1, 1, 1))
    no(((SAMEC, 3),), ALL_ONES)
    yes(((SAMEC, 4),), ALL_RED)


def test_runs():
    yes(((RUN, 3),), (2, 3, 4, 4, 4, 4))
    no(((RUN, 3),), (1, 2, 4, 5, 1, 2))
    yes(((RUN, 6),), (1, 2, 3, 4, 5, 6))
    no(((RUN, 6),), (1, 2, 3, 4, 5, 5))


def test_runs_in_one_colour():
    yes(((RUNC, 2),), (1, 1, 2, 6, 6, 6))     # red 1 (d0), red 2 (d2)
    no(((RUNC, 2),), ALL_ONES)
    no(((RUNC, 2),), (1, 2, 3, 4, 5, 6))      # R B P R B P: no neighbours share a colour
    yes(((RUNC, 3),), ALL_RED)


def test_twice_two_consecutive_each_one_colour_needs_two_colours():
    t = ((RUNC, 2), (RUNC, 2))
    no(t, ALL_RED)                            # runs exist, but all in red
    yes(t, (1, 4, 2, 6, 6, 3))                # red 1-2 and yellow 3-4


def test_sub_tasks_must_be_met_differently():
    two_pairs = ((SAMEN, 2), (SAMEN, 2))
    yes(two_pairs, (1, 1, 2, 2, 3, 4))
    no(two_pairs, (1, 1, 1, 1, 3, 4))         # four 1s are not two different pairs
    full_house = ((SAMEN, 3), (SAMEN, 2))
    yes(full_house, (2, 2, 2, 6, 6, 1))
    no(full_house, (2, 2, 2, 2, 2, 6))
    runs = ((RUN, 2), (RUN, 2))
    no(runs, (1, 2, 1, 2, 6, 6))              # the same run twice
    yes(runs, (1, 2, 2, 3, 6, 6))             # 1-2 and 2-3 are different runs
    yes(runs, (1, 2, 4, 5, 1, 1))
    colour_pairs = ((SAMEC, 2), (SAMEC, 2))
    no(colour_pairs, (1, 3, 2, 4, 1, 1))      # four reds, the rest all different
    yes(colour_pairs, (1, 3, 1, 1, 2, 4))     # 1R 3R 1B 1K 2G 4B: red and blue pairs


def test_two_runs_differ_by_start_or_length_read_either_way():
    # issue 11 item 2: the old rule (runs start on different numbers) refused
    # 1-2-3 + 1-2 but accepted its mirror 6-5-4 + 6-5
    t = ((RUN, 3), (RUN, 2))
    yes(t, (1, 2, 3, 1, 2, 6))                # 1-2-3 and 1-2: same start, longer
    yes(t, (6, 5, 4, 6, 5, 1))                # the mirror: 4-5-6 and 5-6
    assert witness(t, (1, 2, 3, 1, 2, 6)) == 31
    yes(t, (2, 3, 4, 3, 4, 6))                # 2-3-4 and 3-4 (inside)
    yes(t, (5, 4, 3, 4, 3, 1))                # its mirror
    no(t, (1, 2, 3, 5, 5, 5))                 # five dice are needed
    t = ((RUN, 4), (RUN, 2))
    yes(t, (1, 2, 3, 4, 1, 2))
    yes(t, (6, 5, 4, 3, 6, 5))
    t = ((RUN, 2), (RUN, 2))                  # runs of one length: different starts
    no(t, (1, 2, 1, 2, 6, 6))
    no(t, (6, 5, 6, 5, 1, 1))                 # the mirror, refused too
    yes(t, (6, 5, 5, 4, 1, 1))
    t = ((RUN, 3), (RUN, 3))
    no(t, (1, 2, 3, 1, 2, 3))
    no(t, (4, 5, 6, 6, 5, 4))
    yes(t, (1, 2, 3, 2, 3, 4))
    yes(t, (6, 5, 4, 5, 4, 3))


def test_runs_judged_the_same_read_downwards():
    # a task of plain runs cares about numbers only: n and 7-n must agree
    run_tasks = (((RUN, 3), (RUN, 2)), ((RUN, 2), (RUN, 2)), ((RUN, 4), (RUN, 2)),
                 ((RUN, 3), (RUN, 3)), ((RUN, 2), (RUN, 2), (RUN, 2)))
    roll = [1, 1, 1, 1, 1, 1]
    for i in range(0, 6 ** 6, 37):
        v = i
        for d in range(6):
            roll[d] = v % 6 + 1
            v //= 6
        mirror = [7 - n for n in roll]
        for t in run_tasks:
            assert match(t, roll) == match(t, mirror), (t, roll)


def test_each_die_serves_one_sub_task():
    t = ((COL, R, 1), (NUM, 5, 1))
    no(t, (2, 1, 1, 1, 1, 5))                 # only the red 5 (d5): one die, two jobs
    yes(t, (5, 1, 1, 1, 1, 5))                # a yellow 5 on d0 too
    t = ((SAMEN, 3), (SAMEC, 3))
    yes(t, (1, 3, 2, 5, 5, 5))                # three 5s; reds on d0 d1 d2
    no(t, (1, 3, 4, 5, 5, 5))                 # reds d0 d1 d5 share d5 with the 5s
    t = ((NUM, 3, 1), (NUM, 4, 1), (COL, R, 1), (COL, B, 1))
    yes(t, (3, 4, 1, 6, 6, 1))                # 3B 4Y 1B 6B 6R 1G
    no(t, (3, 4, 1, 1, 1, 1))                 # red only as ... none: 3B 4Y 1B 1K 1Y 1G


def test_only_and_none():
    t = ((ONLYN, nums(1, 2, 3, 4)),)
    yes(t, (1, 2, 3, 4, 4, 1))
    yes(t, ALL_ONES)                          # not every shown number must appear
    no(t, (1, 2, 3, 4, 5, 1))
    t = ((NON, nums(1, 6)),)
    yes(t, (2, 3, 4, 5, 2, 3))
    no(t, (2, 3, 4, 5, 2, 6))
    t = ((NOC, cols(Y, G)),)
    no(t, ALL_ONES)
    yes(t, ALL_RED)
    yes(((ONLYC, cols(R)),), ALL_RED)
    no(((ONLYC, cols(R, P, B, K)),), ALL_ONES)


def test_mixed_clauses():
    t = ((SAMEN, 2), (NOC, cols(G)))
    yes(t, (2, 2, 5, 5, 1, 2))               # 2P 2B 5K 5P 1Y 2K
    no(t, (2, 2, 5, 5, 3, 1))                # ... 3K 1G: a green die
    t = ((RUN, 3), (NON, nums(1)))
    yes(t, (2, 3, 4, 6, 6, 6))
    no(t, (2, 3, 4, 1, 6, 6))


def test_the_second_answer_uses_disjoint_dice():
    m = witness(((SAMEN, 3), (SAMEC, 3)), (1, 3, 2, 5, 5, 5))
    assert m == 63
    m = witness(((SAMEN, 2),), (4, 1, 2, 4, 3, 5))
    assert m == 9
    assert witness(((NON, 1),), (2, 2, 2, 2, 2, 2)) == 63


def test_describe_fits_the_screen():
    from dicebox.games.milestones import deck
    for task in deck.TASKS:
        for line in tasks.describe(task):
            assert 0 < len(line) <= 16, line
    assert tasks.describe(((COL, B, 3),)) == ["3x B"]
    assert tasks.describe(((RUN, 3), (NON, nums(1, 6)))) == ["run of 3", "no 16"]
    assert tasks.describe(((ONLYC, cols(R, G)), (FACE, Y, 2))) == ["only RG", "2Y"]

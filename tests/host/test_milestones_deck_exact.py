"""Recount every Milestones card's chance over all 6**6 rolls and compare with the deck."""
import itertools

import milestones_odds
from dicebox.games.milestones import deck, tasks


def count(task):
    # every roll once (the list is kept for the odds tests in the same run)
    return sum(milestones_odds.hit_list(task))


def test_every_stored_chance_is_exact():
    wrong = []
    for i, (tier, pts, hits, task) in enumerate(map(deck.card, range(deck.NCARDS))):
        n = count(task)
        if n != hits:
            wrong.append((i, hits, n))
    for s, (hits, task) in enumerate(map(deck.side, range(len(deck.SIDE_TASKS)))):
        n = count(task)
        if n != hits:
            wrong.append(("special", s, hits, n))
    assert not wrong, wrong


def test_matcher_agrees_with_a_brute_force_assignment_search():
    # An independent slow matcher: try every assignment of dice to sub-tasks.
    from dicebox.games.milestones.dice import FACE_COLOUR

    def col(i, r):
        return FACE_COLOUR[i * 6 + r[i] - 1]

    def sub_ok(cl, dice, r):
        k = cl[0]
        ns = [r[i] for i in dice]
        cs = [col(i, r) for i in dice]
        if k == tasks.COL:
            return len(dice) == cl[2] and all(c == cl[1] for c in cs), ("C", cl[1])
        if k == tasks.NUM:
            return len(dice) == cl[2] and all(n == cl[1] for n in ns), ("N", cl[1])
        if k == tasks.FACE:
            return len(dice) == 1 and ns[0] == cl[2] and cs[0] == cl[1], None
        if k == tasks.SAMEN:
            return len(dice) == cl[1] and len(set(ns)) == 1, ("N", ns[0] if ns else 0)
        if k == tasks.SAMEC:
            return len(dice) == cl[1] and len(set(cs)) == 1, ("C", cs[0] if cs else 0)
        if k == tasks.RUN:
            # two runs differ when they show different numbers (start or length)
            s = sorted(ns)
            return (len(dice) == cl[1] and s == list(range(s[0], s[0] + cl[1]))), ("R", s[0] if s else 0, cl[1])
        if k == tasks.RUNC:
            s = sorted(ns)
            return (len(dice) == cl[1] and len(set(cs)) == 1
                    and s == list(range(s[0], s[0] + cl[1]))), ("C", cs[0] if cs else 0)
        raise AssertionError(k)

    def glob_ok(cl, r):
        k, m = cl
        for i in range(6):
            n, c = r[i], col(i, r)
            if k == tasks.ONLYN and not (m >> (n - 1)) & 1:
                return False
            if k == tasks.NON and (m >> (n - 1)) & 1:
                return False
            if k == tasks.ONLYC and not (m >> c) & 1:
                return False
            if k == tasks.NOC and (m >> c) & 1:
                return False
        return True

    def slow(task, r):
        subs = [cl for cl in task if cl[0] < tasks.ONLYN]
        if not all(glob_ok(cl, r) for cl in task if cl[0] >= tasks.ONLYN):
            return False
        # label each die with a sub-task index or -1 (unused)
        for lab in itertools.product(range(-1, len(subs)), repeat=6):
            keys = []
            ok = True
            for j, cl in enumerate(subs):
                good, key = sub_ok(cl, [i for i in range(6) if lab[i] == j], r)
                if not good:
                    ok = False
                    break
                if key is not None:
                    keys.append(key)
            if ok and len(keys) == len(set(keys)):
                return True
        return False

    import random
    rnd = random.Random(7)
    multi = [t for t in deck.TASKS if len(t) > 1] + [t for t in deck.TASKS if len(t) == 1][::4]
    runs = [((tasks.RUN, 3), (tasks.RUN, 2)), ((tasks.RUN, 4), (tasks.RUN, 2)), ((tasks.RUN, 3), (tasks.RUN, 3)),
            ((tasks.RUN, 2), (tasks.RUN, 2), (tasks.RUN, 2)), ((tasks.RUN, 2), (tasks.RUN, 3), (tasks.SAMEN, 1))]
    for task in multi + runs:
        for _ in range(25):
            r = tuple(rnd.randint(1, 6) for _ in range(6))
            assert tasks.match(task, r) == slow(task, r), (task, r)
    for task in runs:
        for r in ((1, 2, 3, 1, 2, 6), (6, 5, 4, 6, 5, 1), (1, 2, 1, 2, 1, 2), (3, 4, 5, 3, 4, 5)):
            assert tasks.match(task, r) == slow(task, r), (task, r)

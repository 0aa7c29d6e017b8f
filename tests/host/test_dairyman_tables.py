"""Dairyman: the bots' tables are exact, and the hard bot beats the easy bot (CPython)."""
from dicebox.games.dairyman import bot, advice, rules, stops
import bench_dairyman as bench


def outcomes(k):
    """bot.DIST's outcomes of rolling k dice: (chance, pairs, triples)."""
    return [(bot._PR[j], bot.DIST[3 * j + 1], bot.DIST[3 * j + 2])
            for j in range(bot._AT[k], bot._AT[k + 1])]


def test_dist_table_is_exact():
    assert len(bot.DIST) == 3 * sum(bot.NOUT)
    for k in range(13):
        want = bench.dist(k)
        got = sorted(outcomes(k))
        assert len(got) == bot.NOUT[k]
        for j in range(bot._AT[k], bot._AT[k + 1]):
            assert bot._PR[j] == bot.DIST[3 * j] / 100000
        assert len(got) == len(want), k
        for (p, a, b), (q, c, d) in zip(got, want):
            assert (a, b) == (c, d) and abs(p - q) < 1e-5, k
        assert abs(bot.PSET[k] - sum(x[0] for x in want)) < 1e-4


def test_single_frozen_die_table_is_exact():
    for v in range(1, 7):
        for k in range(12):
            assert abs(bot.SUCC1[(v - 1) * 12 + k] / 100000 - bench.succ1(v, k)) < 1e-5, (v, k)


def test_next_turn_table_is_the_search_s_own():
    # the written-out table is the search's own (by sorted values) over every
    # order of the display's values
    fresh84 = bench.fresh_table()
    n = 0
    for a in range(7):
        for b in range(a, 7):
            for c in range(b, 7):
                for p in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    assert stops.fresh(p[0] * 49 + p[1] * 7 + p[2]) == fresh84[n]
                n += 1
    assert len(stops.FRESH) == 343 and n == 84
    assert sorted(set(fresh84), reverse=True) == list(stops.FRESH_V)


def test_hard_beats_easy_and_random():
    m = bench.match("hard", "easy", 60, 500)
    assert m["a_win_rate"] > 0.8
    m = bench.match("hard", "random", 30, 900)
    assert m["a_win_rate"] > 0.95


def test_rules_doc_lists_the_tile_set():
    import os
    import re
    from dicebox.games.dairyman.tiles import VALUE, NEED, BACK, NTILES
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "games", "dairyman.md")) as f:
        doc = f.read()
    backs = {"cheese": 0, "ice: all 1s": 1, "ice: all 2s": 2, "ice: one die": 3}
    found = {}
    for m in re.finditer(r"\| (\d+) \| (\d+) \| (yellow|\d) ?(\d|freeze) \| ([^|]+) \|", doc):
        t, v = int(m.group(1)), int(m.group(2))
        need = int(m.group(4)) if m.group(3) == "yellow" else 10 + int(m.group(3))
        found[t] = (v, need, backs[m.group(5).strip()])
    assert found == {t: (VALUE[t], NEED[t], BACK[t]) for t in range(NTILES)}


class _Whole:
    """A budget whose slice never ends: the work at once."""

    def fits(self, n):
        return True


def _run(gen):
    """A generator's return value, run to its end."""
    try:
        while True:
            next(gen)
    except StopIteration as e:
        return e.value


def test_reset_odds_equal_the_token_by_token_definition():
    import itertools

    def by_order(tokens, total, memo={}):
        # every later token goes to a seat at random, one at a time
        key = (tuple(tokens), total)
        if key not in memo:
            n = len(tokens)
            if sum(tokens) >= total:
                most = max(tokens)
                r = [1.0 if x == most else 0.0 for x in tokens]
            else:
                r = [0.0] * n
                for j in range(n):
                    t2 = list(tokens)
                    t2[j] += 1
                    sub = by_order(t2, total)
                    for q in range(n):
                        r[q] += sub[q] / n
            memo[key] = r
        return memo[key]
    from dicebox.games.dairyman.rules import SUPPLY
    for n in (2, 3, 4):
        tot = SUPPLY[n]
        for v in itertools.product(range(tot + 1), repeat=n):
            if sum(v) <= tot:
                got = _run(stops.reset_odds_in(_Whole(), list(v), tot))
                want = by_order(list(v), tot)
                assert max(abs(a - b) for a, b in zip(got, want)) < 1e-12, v


def _brute_ice(vals, m, ices):
    """The chance of a set after rolling m dice beside vals, then using the
    ice creams (kinds 1: all 1s, 2: all 2s, 3: one die) as well as possible:
    by every roll and every use, written apart from advice.set_chance."""
    import itertools
    from dicebox.games.dairyman import rules

    def rescue(v, ices):
        if rules.has_set(v):
            return 1.0
        best = 0.0
        for k, b in enumerate(ices):
            rest = ices[:k] + ices[k + 1:]
            if b == 3:
                for i in range(len(v)):
                    o = v[:i] + v[i + 1:]
                    best = max(best, sum(rescue(o + [f], rest) for f in range(1, 7)) / 6)
            else:
                o = [x for x in v if x != b]
                n = len(v) - len(o)
                if n:
                    rolls = itertools.product(range(1, 7), repeat=n)
                    best = max(best, sum(rescue(o + list(r), rest) for r in rolls) / 6 ** n)
        return best
    rolls = itertools.product(range(1, 7), repeat=m)
    return sum(rescue(list(vals) + list(r), ices) for r in rolls) / 6 ** m


def test_set_chance_with_ice_creams_is_exact():
    for vals, m, ices in (([], 3, []), ([], 4, [1]), ([5], 3, [3]), ([], 2, [1, 2]),
                          ([1, 1], 2, [1]), ([], 5, [3]), ([2, 2], 3, [2, 3]), ([6], 4, [1, 3])):
        got = advice.set_chance(rules.counts(vals), m, ices)
        assert abs(got - _brute_ice(vals, m, ices)) < 1e-9, (vals, m, ices)


def test_ice_table_is_set_chance():
    for j, combo in enumerate(advice.ICE_COMBOS):
        for m in range(13):
            if m > 7 and len(combo) > 1:
                continue                   # (the whole table: host_tools/studies/dairyman_odds.py)
            want = int(round(advice.set_chance([0] * 7, m, list(combo)) * 100000))
            assert advice.ICE_P[j][m] == want, (combo, m)
    for m in range(13):
        assert abs(advice.ICE_P[0][m] / 100000.0 - bot.PSET[m]) < 3e-5


def test_one_kept_die_table_is_set_chance():
    from dicebox.games.dairyman import odds
    for f in range(1, 7):
        kept = [0] * 7
        kept[f] = 1
        for j, combo in enumerate(advice.ICE_COMBOS):
            for m in range(12):
                if m > 6 and len(combo) > 1:
                    continue
                want = int(round(advice.set_chance(kept, m, list(combo)) * 100000))
                assert odds.KEEP1_P[f - 1][j][m] == want, (f, combo, m)
                if not combo and m:
                    assert want == bot.SUCC1[(f - 1) * 12 + m], (f, m)

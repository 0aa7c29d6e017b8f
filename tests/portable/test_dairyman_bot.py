"""Dairyman bots: legal play and the hard bot's main decisions."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.games.dairyman import rules, bot, plainbots
from dicebox.games.dairyman.tiles import VALUE, NTILES, ICE1
from test_dairyman_rules import new, roll, set_chance, tile_with, give


def _play(names, seed):
    r = rng.seeded(seed)
    br = rng.seeded(seed + 50)
    s = rules.State(len(names))
    steps = 0
    while s.current_player() != TERMINAL and steps < 3000:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            a = plainbots.BOTS[names[s.seat]](s, br)
            verbs = [x[0] for x in s.legal_actions()]
            assert a[0] in verbs, (a, verbs)
            s.apply(a)                 # raises if the bot broke a rule
        steps += 1
    return s


def test_bots_play_legal_games():
    s = _play(["hard", "easy", "random"], 3)
    assert s.turns > 0
    s = _play(["hard", "hard"], 4)
    assert s.current_player() == TERMINAL


def test_tables_are_probabilities():
    assert bot.PSET[0] == 0 and bot.PSET[1] == 0
    assert abs(bot.PSET[2] - 3 / 36) < 1e-4          # 4+6, 6+4, 5+5
    for k in range(2, 12):
        assert bot.PSET[k] < bot.PSET[k + 1] <= 1.0
    for v in range(6):
        for k in range(11):
            assert bot.SUCC1[v * 12 + k] <= bot.SUCC1[v * 12 + k + 1] <= 100000
    assert bot.SUCC1[4 * 12 + 1] == 16667            # a kept 5 needs a 5


def test_set_probability_matches_enumeration():
    for fixed in ([5], [1, 1], [6, 2], [3], [2, 2, 1]):
        c = rules.counts(fixed)
        for m in (1, 2, 3):
            p = set_chance(fixed, m)
            if m <= bot._SETM:
                assert abs(bot._set_prob(c, m) - p) < 1e-9, (fixed, m)
            else:                      # the chance of the rolled dice alone
                assert bot._set_prob(c, m) <= p + 1e-9, (fixed, m)


def test_the_written_out_set_test_agrees_with_finding_the_sets():
    # rules.has_set_counts spells out SETS for speed; every hand of up to 8
    # dice has a set by it exactly when find_sets finds one, and SETS is every
    # 2- or 3-dice total of ten
    def each(k, lo):
        if k == 0:
            yield []
            return
        for v in range(lo, 7):
            for rest in each(k - 1, v):
                yield [v] + rest
    for k in range(9):
        for vals in each(k, 1):
            found = bool(rules.find_sets(vals, list(range(len(vals)))))
            assert rules.has_set_counts(rules.counts(vals)) == found, vals
            assert rules.has_set(vals) == found, vals
    tens = set(tuple(v) for k in (2, 3) for v in each(k, 1) if sum(v) == 10)
    assert set(rules.SETS) == tens


def test_hard_claims_the_best_combination():
    s = new()
    s.display = [0, 2, 5]            # 10, 15, 20
    roll(s, [6, 4, 6, 4, 5, 5, 1, 1])
    for st in ((0, 1), (2, 3), (4, 5)):
        s.apply(("lock", st))
    assert plainbots.hard(s, rng.seeded(1)) == ("claim", (0, 5))


def test_hard_pushes_when_nothing_is_claimable_yet():
    s = new()
    s.display = [14, 20, 21]         # 30, 40, 40
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    s.apply(("lock", (0, 1)))
    assert plainbots.hard(s, rng.seeded(1)) == ("reroll", ())


def test_hard_stops_when_the_whole_display_fits():
    s = new()                        # 10 + 10 + 15 = 35
    roll(s, [6, 4, 6, 4, 5, 5, 5, 5])
    for st in ((0, 1), (2, 3), (4, 5), (6, 7)):
        s.apply(("lock", st))
    assert plainbots.hard(s, rng.seeded(1)) == ("claim", (0, 1, 2))


def test_hard_freezes_the_die_that_helps():
    s = new()
    s.display = [14, 20, 21]         # nothing below 30
    roll(s, [6, 4, 2, 3, 5, 5, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("lock", (2, 3, 4)))     # barns 20; free 5, 1, 1
    assert plainbots.hard(s, rng.seeded(1)) == ("reroll", ())
    s.freeze[0] = 1
    assert plainbots.hard(s, rng.seeded(1)) == ("reroll", (5,))


def test_hard_flips_with_the_yellow_die_before_stopping():
    s = new()
    t = tile_with(need=4, owned=(0, 1, 2))
    give(s, 0, t)
    assert s.dc[7] == rules.YELLOW
    roll(s, [6, 4, 6, 4, 5, 5, 1, 4])
    for st in ((0, 1), (2, 3), (4, 5)):
        s.apply(("lock", st))
    assert plainbots.hard(s, rng.seeded(1)) == ("flip", t)
    s.apply(("flip", t))
    assert plainbots.hard(s, rng.seeded(1))[0] == "claim"


def test_hard_uses_an_ice_cream_to_escape_a_failed_roll():
    s = new()
    t = tile_with(back=ICE1, owned=(0, 1, 2))
    give(s, 0, t, True)
    roll(s, [1, 1, 1, 1, 2, 2, 2, 1])
    assert plainbots.hard(s, rng.seeded(1)) == ("ice", t)
    assert plainbots.easy(s, rng.seeded(1)) == ("ice", t)


def test_hard_fails_when_nothing_else_is_left():
    s = new()
    roll(s, [1, 1, 1, 1, 2, 2, 2, 1])
    assert plainbots.hard(s, rng.seeded(1)) == ("fail",)


def test_help_pages_are_ascii_and_complete():
    from dicebox.games.dairyman import help as game_help
    from dicebox.games.dairyman import tiles
    titles = [p[0] for p in game_help.pages()]
    assert titles == ["How to play", "Controls", "Rules", "Rulings", "Tiles"]
    for title, text in game_help.pages():
        for ch in text:
            assert 32 <= ord(ch) < 127 or ch == "\n", (title, ch)
    for k in range(1, 16):
        assert ("R%d " % k) in game_help.RULINGS
    assert "R16 " not in game_help.RULINGS
    for t in range(NTILES):
        line = tiles.tile_line(t)
        assert len(line) <= 16 and line in game_help.tiles_text()
        assert int(line.split()[0]) == VALUE[t]


def test_expert_rerolls_more_on_the_first_two_rerolls():
    """CONT_B: the Expert's reroll gets a bonus on the 1st and 2nd reroll of a
    turn, so some stops (or locks before a stop) of the Expert without it
    become rerolls, and only there (from the 3rd reroll on nothing changes)."""
    assert bot.CONT_B[1] > 0 and bot.CONT_B[2] > 0 and bot.CONT_B[3] == 0
    kept = bot.CONT_B
    changed = []
    r = rng.seeded(7)
    s = rules.State(2)
    steps = 0
    try:
        while s.current_player() != TERMINAL and steps < 3000 and len(changed) < 3:
            steps += 1
            if s.current_player() == CHANCE:
                resolve_chance(s, r)
                continue
            a = plainbots.expert(s, rng.seeded(steps))
            bot.CONT_B = (0.0, 0.0, 0.0, 0.0)
            b = plainbots.expert(s, rng.seeded(steps))
            bot.CONT_B = kept
            if a != b:
                assert a[0] in ("reroll", "flip") and b[0] in ("claim", "fail", "lock"), (a, b)
                assert s.rolls in (1, 2), s.rolls
                changed.append(a)
            s.apply(a)
    finally:
        bot.CONT_B = kept
    assert changed, "no decision changed"

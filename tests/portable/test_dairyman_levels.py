"""Dairyman bot levels: legal play at every level, thinking in slices within
the budgets, the state left alone, and Hint's move and reason."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.games.dairyman import rules, bot
from test_dairyman_rules import new, roll


def _decide(s, r, level):
    """Run think() to its end, checking every slice; returns (action, units)."""
    before = s.to_dict()
    u0 = bot.units
    last = u0
    gen = bot.think(s, r, level)
    while True:
        a = next(gen)
        assert bot.units - last <= bot.SLICE, (bot.units - last, level)
        last = bot.units
        if a is not None:
            break
    assert s.to_dict() == before, "think changed the state"
    return a, bot.units - u0


def _play(levels, seed, check_every=1):
    r = rng.seeded(seed)
    br = rng.seeded(seed + 77)
    s = rules.State(len(levels))
    steps = 0
    most = 0
    while s.current_player() != TERMINAL and steps < 4000:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            a, used = _decide(s, br, levels[s.seat])
            most = max(most, used)
            assert isinstance(a, tuple) and a, a
            # the listed moves name one die of each face: a bot may name
            # another die showing the same, so the rules themselves judge
            assert a[0] in [x[0] for x in s.legal_actions()], a
            s.apply(a)                    # raises if the bot broke a rule
        steps += 1
    return s, most


def test_every_level_plays_legal_games_within_the_budgets():
    for levels, seed in (((0, 1), 5), ((2, 3), 6), ((3, 0, 2), 7)):
        s, most = _play(levels, seed)
        assert s.current_player() == TERMINAL
        assert most <= bot.DECISION, most


def test_four_levels():
    assert bot.LEVELS == 4
    assert bot.SLICE > 0 and bot.DECISION >= bot.SLICE


def test_a_decision_is_thought_in_more_than_one_slice_when_it_is_long():
    s = new()
    s.display = [14, 20, 21]         # 30, 40, 40
    bot._MEMO[0] = None              # no table kept from an earlier turn
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    gen = bot.think(s, rng.seeded(3), 3)
    slices = 0
    while True:
        a = next(gen)
        slices += 1
        if a is not None:
            break
    assert slices >= 2
    assert a in s.legal_actions()


class _Refusing:
    def randbelow(self, n):
        raise ValueError("refused")


def test_a_refused_roll_propagates():
    s = new()
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    try:
        bot.hard(s, _Refusing())      # the search itself needs no numbers
        for a in bot.think(s, _Refusing(), 1):
            pass
    except ValueError:
        return
    assert False, "the rng's error was swallowed"


def test_hint_names_a_legal_move_with_a_short_reason():
    r = rng.seeded(11)
    br = rng.seeded(12)
    s = rules.State(2)
    seen = []
    for _ in range(400):
        if s.current_player() == TERMINAL:
            break
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
            continue
        before = s.to_dict()
        out = None
        for out in bot.hint(s, br):
            pass
        assert s.to_dict() == before, "hint changed the state"
        a, why = out
        assert a in s.legal_actions() or a[0] == "lock", (a, s.legal_actions())
        assert 0 < len(why) <= 40, why
        seen.append(a[0])
        s.apply(a)
    assert "lock" in seen and "claim" in seen


def test_hint_gives_the_reason_with_a_number():
    s = new()
    s.display = [14, 20, 21]         # 30, 40, 40: nothing to claim with 10
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    out = None
    for out in bot.hint(s, rng.seeded(1)):
        pass
    a, why = out
    assert a[0] == "lock" and why.startswith("lock ")
    assert "%" in why and "barn 2" in why, why
    s.apply(a)
    for out in bot.hint(s, rng.seeded(1)):
        pass
    a, why = out
    assert a[0] in ("reroll", "lock"), a
    s = new()                        # 10 + 10 + 15: everything fits
    roll(s, [6, 4, 6, 4, 5, 5, 5, 5])
    for st in ((0, 1), (2, 3), (4, 5), (6, 7)):
        s.apply(("lock", st))
    for out in bot.hint(s, rng.seeded(1)):
        pass
    assert out[0] == ("claim", (0, 1, 2))
    assert out[1] == "stop: claim 35 now", out[1]


def test_expert_ends_the_game_when_it_leads():
    s = new()
    s.display = [0, 1, 21]           # 10, 10, 40
    s.stack = [5]                    # one tile left: claiming two ends the game
    s.owned[0] = [20]                # P1 leads 40 to 0
    roll(s, [6, 4, 6, 4, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("lock", (2, 3)))        # barns 20
    a, _ = _decide(s, rng.seeded(1), 3)
    assert a == ("claim", (0, 1)), a
    s.owned[0] = []
    s.owned[1] = [20]                # now P2 leads: ending the game loses
    a, _ = _decide(s, rng.seeded(1), 3)
    assert a != ("claim", (0, 1)), a


def test_a_random_move_is_legal_and_cheap_with_many_freeze_tokens():
    s = new()
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    s.apply(("lock", (0, 1)))         # six dice free, rerolls allowed
    s.freeze[0] = 9                   # listing every freeze would be hundreds
    seen = []
    r = rng.seeded(21)
    for _ in range(60):
        a = bot._run(bot._as_thought(bot._random_move(s, r)))
        c = s.clone()
        c.apply(a)                    # raises if illegal
        if a[0] not in seen:
            seen.append(a[0])
        if a[0] == "reroll":
            assert len(a[1]) <= 5
    assert "reroll" in seen and "claim" in seen


def _to_end(gen):
    """Run a thinking generator that returns a value; (value, units used)."""
    def wrap():
        v = yield from gen
        yield v
    u0 = bot.units
    bot._used[0] = 0
    out = None
    for out in wrap():
        pass
    return out, bot.units - u0


def test_the_table_works_out_only_what_a_turn_of_its_dice_can_reach():
    stopv = [-5.0, -5.0, 20.0, 30.0, 40.0] + [45.0] * 9
    full, u12 = _to_end(bot._values(stopv, -5.0, 12))
    eight, u8 = _to_end(bot._values(stopv, -5.0, 8))
    for i in range(14):
        for k in range(13):
            if 2 * i + k <= 8:        # every entry 8 dice can reach agrees
                assert eight[i][k] == full[i][k], (i, k)
    assert eight[0][8] > 20.0
    assert u8 * 2 < u12, (u8, u12)     # and costs far less


def _ctx(s):
    return _to_end(bot._context(s, True))[0]


def test_expert_weighs_the_next_reset_on_its_best_tile():
    s = new()
    for t in (9, 13, 17, 21):
        s.stack.remove(t)
    s.display = [0, 17, 21]          # 10, 35, 40
    s.stack.extend([1, 2])
    s.owned[0] = [9, 13]             # 25 and 30, unflipped
    s.tokens = [2, 0]                # the next token taken resets: P1 loses its best
    roll(s, [6, 4, 6, 4, 5, 5, 5, 5])
    for st in ((0, 1), (2, 3), (4, 5), (6, 7)):
        s.apply(("lock", st))        # barns 40
    old = bot.EXPOSE_W
    try:
        bot.EXPOSE_W = 0.0
        c0 = _ctx(s)
        bot.EXPOSE_W = 1.0
        c1 = _ctx(s)
    finally:
        bot.EXPOSE_W = old
    w0 = dict((c, w) for c, v, w in c0.claims)
    w1 = dict((c, w) for c, v, w in c1.claims)
    # a claim loses what it adds to the tile a reset takes (30 now)
    assert abs(w1[(21,)] - (w0[(21,)] - 10)) < 1e-6
    assert abs(w1[(17,)] - (w0[(17,)] - 5)) < 1e-6
    assert abs(w1[(0,)] - w0[(0,)]) < 1e-6
    # flipping the 30 leaves the 25 to lose: worth 5 more
    assert abs(c1.flip_gain(13) - (c0.flip_gain(13) + 5)) < 1e-6
    assert abs(c1.flip_gain(9) - c0.flip_gain(9)) < 1e-6

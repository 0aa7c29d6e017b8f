"""Dairyman bot levels: legal play at every level, thinking in slices within
the budgets, the state left alone, and Hint's move and reason."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.core.think import Budget
from dicebox.games.dairyman import rules, bot, advice, plainbots
from test_dairyman_rules import new, roll, set_chance


def _decide(s, r, level):
    """Run think() to its end, checking every slice; returns (action, units)."""
    before = s.to_dict()
    b = Budget(bot.SLICE)
    last = 0
    gen = bot.think(s, r, level, b)
    nexts = 0
    while True:
        a = next(gen)
        nexts += 1
        assert b.units - last <= bot.SLICE, (b.units - last, level)
        last = b.units
        if a is not None:
            break
    assert b.slices == nexts - 1          # every yield ended a slice the budget counted
    assert s.to_dict() == before, "think changed the state"
    return a, b.units


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
    gen = bot.think(s, rng.seeded(3), 3, Budget(bot.SLICE))
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
        plainbots.hard(s, _Refusing())      # the search itself needs no numbers
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
        assert 0 < len(why) <= 80, why
        seen.append(a[0])
        s.apply(a)
    assert "lock" in seen and "claim" in seen


def _hint(s, seed=1):
    out = None
    for out in bot.hint(s, rng.seeded(seed)):
        pass
    return out


def _brute(kept, m):
    """The chance of a set among kept + m rolled dice, by every roll (no ice)."""
    return set_chance(kept, m)


def test_hint_gives_the_reason_with_a_number():
    s = new()
    s.display = [14, 20, 21]         # 30, 40, 40: nothing to claim with 10
    roll(s, [6, 4, 1, 1, 2, 3, 3, 2])
    a, why = _hint(s)
    assert a[0] == "lock" and why.startswith("Lock ")
    assert "%" in why and "(barn 1" in why and "for barn 2" in why, why
    s.apply(a)
    a, why = _hint(s)
    assert a[0] in ("reroll", "lock"), a
    s = new()                        # 10 + 10 + 15: everything fits
    roll(s, [6, 4, 6, 4, 5, 5, 5, 5])
    for st in ((0, 1), (2, 3), (4, 5), (6, 7)):
        s.apply(("lock", st))
    a, why = _hint(s)
    assert a == ("claim", (0, 1, 2))
    assert why == "Stop and claim 35.", why


def test_the_audit_hint_on_a_first_roll_names_barn_1_and_the_chance_of_the_dice_rolled():
    s = new()
    s.display = [14, 20, 21]         # 30, 40, 40: nothing to claim with 10
    roll(s, [5, 5, 1, 1, 2, 1, 1, 2])   # one set, 5 + 5, on the first roll
    a, why = _hint(s)
    assert a[0] == "lock" and sorted(s.dv[i] for i in a[1]) == [5, 5]
    p = _brute([], 6)                   # the 6 dice it would reroll
    assert why == "Lock 5+5 (barn 1), reroll 6: %d%% for barn 2." % int(p * 100 + 0.5), why
    # an ice cream at hand (reroll all 1s) makes that reroll safer: said so
    t = 0                            # 10, ice: all 1s
    s.display = [14, 20, 21]
    s.owned[0] = [t]
    s.flipped[t] = 1
    a, why = _hint(s)
    q = advice.set_chance([0] * 7, 6, [1])
    assert q > p and "%d%%" % int(q * 100 + 0.5) in why, (why, p, q)


def test_hint_chance_for_a_reroll_is_for_the_dice_really_rolled():
    s = new()
    s.display = [14, 20, 21]
    roll(s, [6, 4, 1, 1, 2, 1, 1, 2])
    s.apply(("lock", (0, 1)))        # six dice free, barns 10, nothing fits
    a, why = _hint(s)
    assert a == ("reroll", ()), a
    assert why == "Reroll 6: %d%% for a set in barn 2." % int(_brute([], 6) * 100 + 0.5), why
    s.freeze[0] = 1                  # keep one die: the chance of the rest beside it
    for kept in (1, 2):
        w = advice.why(s, ("reroll", (2 if kept == 1 else 4,)), bot._PLAN)
        assert "reroll 5: %d%%" % int(_brute([kept], 5) * 100 + 0.5) in w, w


def test_hint_is_the_same_whatever_the_rng_and_fits_the_page():
    from dicebox.core import ui
    r = rng.seeded(41)
    br = rng.seeded(42)
    s = rules.State(2)
    n = 0
    while s.current_player() != TERMINAL and n < 80:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
            continue
        got = []
        for seed in (1, 2, 3):
            bot._MEMO[0] = None if seed == 3 else bot._MEMO[0]   # a table kept or not
            got.append(_hint(s, seed))
        assert got[0] == got[1] == got[2], got
        why = got[0][1]
        lines = ui.wrap("Expert's move:\n\n" + why)
        if len(lines) > 6:                          # the page shows six; a longer one
            lines = ui.wrap("Expert's move:\n\n" + why, ui.COLS - 1)   # scrolls, beside its bar
        assert len(lines) <= 7, "|".join(lines)     # ... by one line at most
        for w in why.split():
            assert len(w) <= ui.COLS - 1, w         # no word broken across lines
        s.apply(plainbots.hard(s, br))
        n += 1


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


def _weighed(s):
    """Every move the search weighs in state s, with its worth (no noise)."""
    out = []
    for _ in bot._decide(Budget(bot.SLICE), s, False, 0, None, out):
        pass
    return out


def test_weaker_levels_err_plausibly_and_never_take_a_needless_backorder():
    r = rng.seeded(31)
    br = rng.seeded(32)
    states = 0
    differ = 0
    for seed in (1, 2):
        s = rules.State(2)
        while s.current_player() != TERMINAL and states < 150:
            if s.current_player() == CHANCE:
                resolve_chance(s, r)
                continue
            acts = s.legal_actions()
            avoid = [a for a in acts if a[0] in ("lock", "claim")]
            best = plainbots.hard(s, br)
            cands = _weighed(s)
            top = max(c[0] for c in cands) if cands else 0
            for level in (0, 1, 2):
                for k in range(4):
                    a, _ = _decide(s, br, level)
                    if avoid:
                        assert a[0] != "fail", (level, a, acts)
                    if a != best:
                        differ += 1
                        # a move the search weighs, of a worth near the best
                        near = [c for c in cands if c[1] == a or (c[1] is None and a[0] in
                                ("claim", "fail", "flip", "ice"))]
                        assert near and max(c[0] for c in near) >= top - 3 * bot.SIGMA[level], (
                            level, a, cands)
            states += 1
            s.apply(plainbots.hard(s, br))
    assert states >= 100 and differ > 0


def test_the_audit_position_no_backorder_while_a_second_set_and_a_tile_wait():
    s = new()
    s.display = [5, 14, 20]          # 20, 30, 40
    roll(s, [4, 3, 4, 4, 5, 4, 2, 6])
    s.apply(("lock", (0, 7)))        # 4 + 6y: barns 10, nothing fits
    for seed in range(60):
        for level in (0, 1, 2):
            a, _ = _decide(s, rng.seeded(seed), level)
            assert a[0] != "fail", (level, a)


def _to_end(make):
    """Run a thinking generator (``make(budget)``) that returns a value;
    (value, units used)."""
    b = Budget(bot.SLICE)
    gen = make(b)

    def wrap():
        v = yield from gen
        yield v
    out = None
    for out in wrap():
        pass
    return out, b.units


def test_the_table_works_out_only_what_a_turn_of_its_dice_can_reach():
    stopv = [-5.0, -5.0, 20.0, 30.0, 40.0] + [45.0] * 9
    full, u12 = _to_end(lambda b: bot._values(b, stopv, -5.0, 12))
    eight, u8 = _to_end(lambda b: bot._values(b, stopv, -5.0, 8))
    for i in range(14):
        for k in range(13):
            if 2 * i + k <= 8:        # every entry 8 dice can reach agrees
                assert eight[i][k] == full[i][k], (i, k)
    assert eight[0][8] > 20.0
    assert u8 * 2 < u12, (u8, u12)     # and costs far less


def _ctx(s):
    return _to_end(lambda b: bot._context(b, s, True))[0]


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


def test_an_ice_cream_hint_quotes_the_chance_of_its_own_reroll():
    s = new()
    s.display = [14, 20, 21]
    roll(s, [1, 1, 2, 3, 3, 2, 1, 3])           # no set
    t = 0                                        # 10, ice: all 1s
    s.owned[0] = [t]
    s.flipped[t] = 1
    a, why = _hint(s)
    assert a == ("ice", t), a
    # three 1s rerolled beside 2 3 3 2 3: every roll of them, counted
    hit = 0
    for x in range(216):
        vals = [2, 3, 3, 2, 3, x % 6 + 1, x // 6 % 6 + 1, x // 36 + 1]
        hit += rules.has_set(vals)
    assert why == "Ice cream: reroll 3, %d%% to make a set." % int(hit / 216 * 100 + 0.5), why

"""Dairyman rules: setup, sets, barns, rerolls, freezing, claims, failures."""
from dicebox.core.game import CHANCE, IllegalMove
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.tiles import NEED, BACK, NTILES
from check import raises


# ---- helpers (also used by the other test_dairyman_* modules) -------------
def set_chance(kept, m):
    """The chance of a set among ``kept`` and ``m`` rolled dice, counted over every roll."""
    hit = 0
    for x in range(6 ** m):
        vals = list(kept)
        for _ in range(m):
            vals.append(x % 6 + 1)
            x //= 6
        if rules.has_set(vals):
            hit += 1
    return hit / 6 ** m


def new(n=2):
    """A game after the opening shuffle with picks that keep tile order:
    display [0, 1, 2] (10, 10, 15), stack 3..21, seat 0 about to roll."""
    s = rules.State(n)
    s.apply_chance([k - 1 for k in s.chance_request()])
    return s


def roll(s, faces):
    assert s.current_player() == CHANCE
    assert len(s.chance_request()) == len(faces), (s.chance_request(), faces)
    s.apply_chance([f - 1 for f in faces])


def rejects(s, action, words=None):
    before = s.to_dict()
    e = raises(IllegalMove, s.apply, action)
    assert s.to_dict() == before
    assert e.reason and isinstance(e.reason, str)
    if words is not None:
        assert words in e.reason, e.reason
    return e


def tile_with(need=None, back=None, owned=()):
    for t in range(NTILES):
        if t in owned:
            continue
        if (need is None or NEED[t] == need) and (back is None or BACK[t] == back):
            return t
    raise AssertionError("no such tile")


def give(s, seat, t, flipped=False):
    for o in s.owned:
        if t in o:
            o.remove(t)
    if t in s.display:
        s.display.remove(t)
    if t in s.stack:
        s.stack.remove(t)
    s.owned[seat].append(t)
    s.flipped[t] = 1 if flipped else 0


# ---- setup ------------------------------------------------------------------
def test_players_and_backorder_supply():
    for n, sup in ((2, 3), (3, 4), (4, 5)):
        s = rules.State(n)
        assert s.supply() == sup
    raises(ValueError, rules.State, 1)
    raises(ValueError, rules.State, 5)


def test_opening_is_a_shuffle_chance_node():
    s = rules.State(3)
    assert s.current_player() == CHANCE
    assert s.chance_request() == list(range(22, 1, -1))
    assert s.legal_actions() == []
    rejects(s, ("fail",), "roll")
    s.apply_chance([0] * 21)
    # picks of 0 move each item in turn to the front: a rotation
    assert sorted(s.display + s.stack) == list(range(22))
    assert len(s.display) == 3 and len(s.stack) == 19
    assert s.display == [1, 2, 3] and s.stack[-1] == 0


def test_bad_chance_values_rejected_state_unchanged():
    s = rules.State(2)
    before = s.to_dict()
    raises(IllegalMove, s.apply_chance, [0] * 20)
    raises(IllegalMove, s.apply_chance, [22] + [0] * 20)
    assert s.to_dict() == before
    s = new()
    before = s.to_dict()
    raises(IllegalMove, s.apply_chance, [6] * 8)
    raises(IllegalMove, s.apply_chance, [0] * 7)
    assert s.to_dict() == before


def test_first_roll_is_seven_white_one_yellow():
    s = new()
    assert s.current_player() == CHANCE and s.seat == 0
    assert s.chance_request() == [6] * 8
    assert s.dc.count(rules.WHITE) == 7 and s.dc.count(rules.YELLOW) == 1
    roll(s, [6, 4, 1, 1, 2, 2, 3, 1])
    assert s.current_player() == 0
    assert s.dv == [6, 4, 1, 1, 2, 2, 3, 1]


# ---- sets and barns -----------------------------------------------------------
def test_sets_of_two_or_three_totalling_ten():
    for faces, st in (([6, 4, 1, 1, 1, 1, 2, 2], (0, 1)),
                      ([5, 4, 1, 1, 1, 1, 2, 2], (0, 1, 2)),
                      ([4, 3, 3, 1, 1, 1, 2, 2], (0, 1, 2)),
                      ([5, 2, 3, 1, 1, 1, 2, 2], (0, 1, 2))):
        s = new()
        roll(s, faces)
        s.apply(("lock", st))
        assert s.barn_totals() == [10, 0, 0]
        assert [s.dl[i] for i in st] == [1] * len(st)


def test_four_dice_making_ten_rejected():
    s = new()
    roll(s, [4, 2, 3, 1, 1, 1, 2, 2])
    rejects(s, ("lock", (0, 1, 2, 3)), "2 or 3")
    rejects(s, ("lock", (0,)), "2 or 3")


def test_wrong_totals_rejected():
    s = new()
    roll(s, [6, 3, 6, 5, 3, 1, 1, 1])
    rejects(s, ("lock", (0, 1)), "not 9")
    rejects(s, ("lock", (0, 2, 3)), "not 17")
    rejects(s, ("lock", (0, 2, 3, 4)))


def test_bad_dice_references_rejected():
    s = new()
    roll(s, [6, 4, 5, 5, 1, 1, 1, 1])
    rejects(s, ("lock", (0, 0)), "once")
    rejects(s, ("lock", (0, 8)), "no such die")
    rejects(s, ("lock", 3))
    rejects(s, ("dance",), "unknown")
    s.apply(("lock", (0, 1)))
    rejects(s, ("lock", (0, 2, 4)), "locked")


def test_several_sets_same_barn_and_json_lists_accepted():
    s = new()
    roll(s, [6, 4, 5, 5, 3, 3, 4, 1])
    s.apply(["lock", [0, 1]])
    s.apply(("lock", (2, 3)))
    s.apply(("lock", (4, 5, 6)))
    assert s.barn_totals() == [30, 0, 0]
    assert [x[0] for x in s.sets] == [1, 1, 1]


def test_must_lock_before_reroll_or_claim():
    s = new()
    roll(s, [6, 4, 1, 1, 1, 1, 2, 2])
    rejects(s, ("reroll", ()), "lock a set")
    rejects(s, ("claim", (0,)), "lock a set")
    acts = s.legal_actions()
    assert acts and all(a[0] == "lock" for a in acts)


def test_barns_follow_rerolls_ruling_r1():
    # barn 1 = first roll; 1st and 2nd rerolls -> barn 2; 3rd reroll on -> barn 3
    s = new()
    roll(s, [5, 5, 5, 5, 5, 5, 5, 5])
    s.apply(("lock", (0, 1)))
    expect = [2, 2, 3]
    for k in range(3):
        s.apply(("reroll", ()))
        n = len(s.chance_request())
        roll(s, [5] * n)
        free = s.free_dice()
        s.apply(("lock", (free[0], free[1])))
        assert s.sets[-1][0] == expect[k]
    assert s.barn_totals() == [10, 20, 10]
    assert s.barn_total() == 40


def test_reroll_rolls_every_unlocked_die():
    s = new()
    roll(s, [6, 4, 1, 1, 2, 2, 3, 3])
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    assert s.chance_request() == [6] * 6
    roll(s, [1, 1, 1, 1, 1, 1])
    assert s.dv[:2] == [6, 4]


def test_no_set_after_roll_means_failure():
    s = new()
    roll(s, [1, 1, 1, 1, 2, 2, 1, 2])
    assert s.legal_actions() == [("fail",)]
    s.apply(("fail",))
    assert s.tokens == [1, 0]
    assert s.seat == 1 and s.current_player() == CHANCE
    assert s.display == [0, 1, 2]          # nothing claimed
    assert s.owned == [[], []]


def test_fail_refused_while_a_set_is_possible():
    s = new()
    roll(s, [5, 5, 1, 1, 1, 1, 1, 1])
    rejects(s, ("fail",), "lock")


def test_failure_after_a_reroll_loses_the_barns():
    s = new()
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    roll(s, [1, 1, 1, 1, 1, 1])
    assert s.legal_actions() == [("fail",)]
    s.apply(("fail",))
    assert s.owned[0] == [] and s.tokens[0] == 1


def test_reroll_needs_a_die_to_roll():
    s = new()
    roll(s, [6, 4, 5, 5, 3, 3, 4, 5])
    s.apply(("lock", (0, 1)))
    s.apply(("lock", (2, 3)))
    s.apply(("lock", (4, 5, 6)))
    s.freeze[0] = 2
    rejects(s, ("reroll", (7,)), "no dice")
    s.apply(("reroll", ()))
    assert s.chance_request() == [6]


def test_no_reroll_when_every_die_is_locked():
    s = new()
    roll(s, [6, 4, 6, 4, 5, 5, 5, 5])
    for st in ((0, 1), (2, 3), (4, 5), (6, 7)):
        s.apply(("lock", st))
    rejects(s, ("reroll", ()), "no dice")
    assert all(a[0] == "claim" for a in s.legal_actions())


# ---- freeze tokens ------------------------------------------------------------
def test_freeze_token_from_third_reroll_ruling_r2():
    s = new()
    roll(s, [5] * 8)
    s.apply(("lock", (0, 1)))
    gained = []
    for k in range(3):
        s.apply(("reroll", ()))
        gained.append(s.freeze[0])
        roll(s, [5] * len(s.chance_request()))
        free = s.free_dice()
        s.apply(("lock", (free[0], free[1])))
    assert gained == [0, 0, 1]


def three_sets_by_rerolls():
    """A turn of three sets of 5s, the second and third each after a reroll."""
    s = new()
    roll(s, [5] * 8)
    s.apply(("lock", (0, 1)))
    for k in range(2):
        s.apply(("reroll", ()))
        roll(s, [5] * len(s.chance_request()))
        s.apply(("lock", tuple(s.free_dice()[:2])))
    return s


def test_freeze_token_kept_when_that_reroll_fails():
    s = three_sets_by_rerolls()
    s.apply(("reroll", ()))
    roll(s, [1, 1])
    s.apply(("fail",))
    assert s.freeze[0] == 1 and s.tokens[0] == 1


def test_token_gained_by_a_reroll_cannot_freeze_in_it():
    s = three_sets_by_rerolls()
    assert s.freeze[0] == 0
    rejects(s, ("reroll", (6,)), "freeze tokens")


def test_freezing_keeps_dice_and_spends_tokens():
    s = new()
    roll(s, [6, 4, 6, 2, 1, 1, 1, 1])
    s.freeze[0] = 3
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", (2, 3)))
    assert s.freeze[0] == 1
    assert s.chance_request() == [6] * 4
    roll(s, [4, 1, 1, 1])
    assert s.dv[2] == 6 and s.dv[3] == 2
    s.apply(("lock", (2, 4)))   # a frozen die can be locked after the reroll
    assert s.sets[-1] == [2, 2, 4]


def test_freezing_needs_tokens_and_unlocked_dice():
    s = new()
    roll(s, [6, 4, 6, 2, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    rejects(s, ("reroll", (2,)), "freeze tokens")
    s.freeze[0] = 5
    rejects(s, ("reroll", (0,)), "unlocked")
    rejects(s, ("reroll", (2, 2)), "once")


def test_freeze_tokens_are_kept_across_turns():
    s = new()
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.freeze[0] = 2
    s.apply(("lock", (0, 1)))
    s.apply(("claim", (0,)))
    assert s.freeze == [2, 0]


# ---- claiming -------------------------------------------------------------------
def test_claim_one_or_more_tiles_up_to_the_total():
    s = new()                      # display 10, 10, 15
    roll(s, [6, 4, 5, 5, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("lock", (2, 3)))
    assert sorted(a[1] for a in s.legal_actions() if a[0] == "claim") == \
        [(0,), (0, 1), (1,), (2,)]
    s.apply(("claim", (0, 1)))
    assert s.owned[0] == [0, 1]
    assert s.display == [2, 3, 4]     # refilled from the top of the stack
    assert s.seat == 1


def test_claim_over_the_total_rejected():
    s = new()
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    rejects(s, ("claim", (2,)), "needs 15")
    rejects(s, ("claim", (0, 1)), "needs 20")
    rejects(s, ("claim", (5,)), "not on display")
    rejects(s, ("claim", (0, 0)), "once")
    rejects(s, ("claim", ()), "pick")


def test_must_claim_when_possible_and_leftover_lost():
    s = new()
    roll(s, [6, 4, 5, 5, 5, 5, 1, 1])
    for st in ((0, 1), (2, 3), (4, 5)):
        s.apply(("lock", st))
    rejects(s, ("fail",), "claim")
    s.apply(("claim", (2,)))       # 15 of 30: the rest is lost
    assert s.barn_total() == 0
    roll(s, [1] * 8)
    assert s.legal_actions() == [("fail",)]


def test_stopping_with_nothing_claimable_is_a_failure():
    s = new()
    s.display = [20, 21, 19]        # 40, 40, 35
    s.stack.remove(19)
    s.stack.remove(20)
    s.stack.remove(21)
    s.stack[:0] = [0, 1, 2]
    roll(s, [6, 4, 5, 5, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("lock", (2, 3)))
    assert ("fail",) in s.legal_actions()
    assert not [a for a in s.legal_actions() if a[0] == "claim"]
    s.apply(("fail",))
    assert s.tokens[0] == 1 and s.owned[0] == []
    assert s.display == [20, 21, 19]


# ---- backorder tokens and red dice ------------------------------------------------
def test_red_die_per_token_rolled_and_returned():
    s = new(3)
    s.tokens = [0, 2, 0]
    roll(s, [1] * 8)
    s.apply(("fail",))
    assert s.seat == 1
    assert s.chance_request() == [6] * 10
    assert s.dc.count(rules.RED) == 2
    roll(s, [1, 1, 1, 1, 1, 1, 1, 1, 6, 4])
    s.apply(("lock", (8, 9)))            # red dice lock like white ones
    s.apply(("claim", (0,)))
    assert s.seat == 2 and s.chance_request() == [6] * 8   # returned


def test_red_dice_never_exceed_four_ruling_r5():
    s = new(4)
    s.tokens = [4, 0, 0, 0]
    s.start_turn(0)
    assert s.dc.count(rules.RED) == 4 and len(s.chance_request()) == 12
    s.tokens = [5, 0, 0, 0]          # cannot happen in play; capped anyway
    s.start_turn(0)
    assert s.dc.count(rules.RED) == 4


def test_at_most_supply_minus_one_tokens_at_a_turn_start():
    # 4 players, 5 tokens: one player's 5th failure resets everything
    s = new(4)
    for k in range(5):
        s.start_turn(0)
        assert len(s.chance_request()) == 8 + k
        roll(s, [1] * (8 + k))
        s.apply(("fail",))
    assert s.tokens == [5, 0, 0, 0] and s.supply() == 0
    assert s.current_player() == CHANCE
    assert s.chance_request() == [3, 2]      # the display is reshuffled
    s.apply_chance([0, 0])
    assert s.tokens == [0, 0, 0, 0]
    assert s.seat == 1 and len(s.chance_request()) == 8

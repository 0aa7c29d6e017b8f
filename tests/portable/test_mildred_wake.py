"""Mildred: the Wakeup phase, steps (a) to (f), combat and indulgency scoring."""
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import rules as R
from test_mildred_base import do, illegal, mk, roll

W = R.WAKE
E4 = [0, 0, 0, 0]


def sc(p0=E4, p1=E4):
    return [list(p0), list(p1)]


# (a) dodge
def test_dodge_must_be_removed_before_shaking():
    st = mk(phase=W, dodge=[[2, 3], [0, 0]])
    assert ("shake",) not in st.legal_actions()
    illegal(st, ("shake",), "dodge")
    u = st.used[0]
    do(st, ("dodge",))
    assert st.dodge[0] == [0, 0] and st.used[0] == u + 2
    assert ("shake",) in st.legal_actions()
    illegal(st, ("dodge",), "no dodge")


# (b) combat
def test_prank_higher_than_dodge_costs_a_cookie_and_prank_returns():
    st = mk(phase=W, prank=[[2, 3], [0, 0]], dodge=[[0, 0], [1, 2]], cookie=[1, 4])
    u = st.used[0]
    do(st, ("combat",))
    assert st.cookie[1] == 3
    assert st.prank[0] == [0, 0] and st.used[0] == u + 2
    assert st.dodge[1] == [1, 2]  # their dodge stays until their own Wakeup


def test_equal_or_lower_prank_is_dodged_but_prank_still_returns():
    st = mk(phase=W, prank=[[1, 2], [0, 0]], dodge=[[0, 0], [2, 2]], cookie=[1, 4])
    do(st, ("combat",))
    assert st.cookie[1] == 4 and st.prank[0] == [0, 0]


def test_cookie_floor_is_one_without_laundry():
    st = mk(phase=W, sets=(0, 1, 3), prank=[[1, 1], [0, 0]], cookie=[1, 1], vic=[0, 1])
    do(st, ("combat",))
    assert st.cookie[1] == 1 and st.vic[1] == 1 and st.winner is None


def test_laundry_die_forces_defence_at_one_victory_die_lost():
    st = mk(phase=W, sets=(0, 1, 3), prank=[[1, 1], [0, 0]], cookie=[1, 1], vic=[0, 2],
            sc=sc((0, 1 << 4, 0, 0)), rd=sc())
    u = st.used[1]
    do(st, ("combat",))
    assert st.vic[1] == 1 and st.used[1] == u + 1 and st.cookie[1] == 1


def test_laundry_defence_without_victory_dice_wins_the_game():
    st = mk(phase=W, sets=(0, 1, 3), prank=[[1, 1], [0, 0]], cookie=[1, 1],
            sc=sc((0, 1 << 1, 0, 0)))
    do(st, ("combat",))
    assert st.winner == 0 and st.current_player() == TERMINAL


def test_laundry_defence_only_when_cookie_is_one():
    st = mk(phase=W, prank=[[1, 1], [0, 0]], cookie=[1, 2], vic=[0, 1],
            sc=sc((0, 1 << 1, 0, 0)))
    do(st, ("combat",))
    assert st.cookie[1] == 1 and st.vic[1] == 1


def test_combat_needs_prank_dice_and_prank_may_stay():
    st = mk(phase=W)
    illegal(st, ("combat",), "no prank")
    st = mk(phase=W, prank=[[1, 1], [0, 0]])
    do(st, ("shake",))
    assert st.prank[0] == [1, 1]


# (c) indulgency scoring
def test_score_alone_gains_cookies_and_returns_dice():
    st = mk(phase=W, groups={(0, 4): ((2, 2, 2, 5, 5), 5)}, cookie=[2, 1])
    u = st.used[0]
    do(st, ("score", 4))
    assert st.cookie[0] == 5 and st.ig[0][4] is None and st.used[0] == u + 5


def test_score_reaching_six_gives_victory_die_and_excess_is_lost():
    st = mk(phase=W, groups={(0, 5): ((3, 3, 3, 3), 4)}, cookie=[5, 1])
    do(st, ("score", 5))
    assert st.cookie[0] == 1 and st.vic[0] == 1


def test_full_house_compares_triple_first():
    st = mk(phase=W, groups={(0, 4): ((2, 2, 4, 4, 4), 5), (1, 4): ((3, 3, 3, 6, 6), 5)})
    assert st.can_score(0, 4) is None
    do(st, ("score", 4))
    st = mk(phase=W, turn=1, groups={(0, 4): ((2, 2, 4, 4, 4), 5), (1, 4): ((3, 3, 3, 6, 6), 5)})
    illegal(st, ("score", 4), "higher")


def test_full_house_same_triple_compares_pair():
    st = mk(phase=W, groups={(0, 4): ((2, 2, 4, 4, 4), 5), (1, 4): ((1, 1, 4, 4, 4), 5)})
    assert st.can_score(0, 4) is None
    st.turn = 1
    assert "higher" in st.can_score(1, 4)


def test_two_triples_compare_higher_triple_first():
    k = C.TWO_TRIPLES
    st = mk(phase=W, inds=(0, 1, 2, 3, 6, 7),
            groups={(0, k): ((1, 1, 1, 5, 5, 5), 6), (1, k): ((3, 3, 3, 4, 4, 4), 6)})
    assert st.can_score(0, k) is None
    assert "higher" in st.can_score(1, k)


def test_two_pairs_and_straights_keys():
    assert C.pattern_key(C.TWO_PAIRS, (1, 1, 5, 5)) > C.pattern_key(C.TWO_PAIRS, (3, 3, 4, 4))
    assert C.pattern_key(C.TWO_PAIRS, (2, 2, 5, 5)) > C.pattern_key(C.TWO_PAIRS, (1, 1, 5, 5))
    assert C.pattern_key(C.STRAIGHT5, (2, 3, 4, 5, 6)) > C.pattern_key(C.STRAIGHT5, (1, 2, 3, 4, 5))
    assert C.pattern_key(C.PAIR, (6, 6)) > C.pattern_key(C.PAIR, (5, 5))


def test_tie_does_not_score_without_laundry():
    st = mk(phase=W, groups={(0, 0): ((4, 4), 2), (1, 0): ((4, 4), 2)})
    illegal(st, ("score", 0), "tie")
    assert ("score", 0) not in st.legal_actions()
    do(st, ("take", "ind", 0))  # (f): collect without scoring
    assert st.cookie[0] == 1 and st.ig[0][0] is None and st.ig[1][0] == [[4, 4], 2]


def test_tie_scores_with_a_laundry_die():
    st = mk(phase=W, sc=sc((0, 1 << 3, 0, 0)),
            groups={(0, 0): ((4, 4), 2), (1, 0): ((4, 4), 2)})
    do(st, ("score", 0))
    assert st.cookie[0] == 2


def test_straight6_always_ties():
    k = C.STRAIGHT6
    st = mk(phase=W, inds=(0, 1, 2, 3, 6, 7),
            groups={(0, k): ((1, 2, 3, 4, 5, 6), 6), (1, k): ((1, 2, 3, 4, 5, 6), 6)})
    illegal(st, ("score", k), "tie")


def test_lower_dice_cannot_score():
    st = mk(phase=W, groups={(0, 2): ((2, 2, 2), 3), (1, 2): ((5, 5, 5), 3)})
    illegal(st, ("score", 2), "higher")
    illegal(st, ("score", 1), "no dice")
    illegal(st, ("score", 7), "not in play")


def test_score_several_cards_in_one_wakeup():
    st = mk(phase=W, groups={(0, 0): ((2, 2), 2), (0, 2): ((5, 5, 5), 3)})
    do(st, ("score", 0))
    do(st, ("score", 2))
    assert st.cookie[0] == 4


# (d) goal line
def test_goal_line_two_victory_dice_cookie_untouched():
    six = 1 << 6
    st = mk(phase=W, sc=sc((six, six, 0, six)), cookie=[4, 1])
    do(st, ("goal",))
    assert st.vic[0] == 2 and st.cookie[0] == 4
    assert st.sc[0] == [0, 0, 0, 0]


def test_goal_line_third_victory_wins():
    six = 1 << 6
    st = mk(phase=W, sc=sc((six, six | (1 << 5), 0, six)), vic=[1, 0])
    do(st, ("goal",))
    assert st.winner == 0 and st.vic[0] == 3


def test_goal_line_needs_every_set():
    six = 1 << 6
    st = mk(phase=W, sc=sc((six, six, 0, 1 << 5)))
    illegal(st, ("goal",), "every set")
    assert ("goal",) not in st.legal_actions()


# (e) ready
def test_ready_straightens_all_once_per_turn():
    st = mk(phase=W, sc=sc((1 << 2, 1 << 4, 0, 0)), rd=sc())
    do(st, ("ready",))
    assert st.rd[0][0] == 1 and st.rd[0][1] == 1
    st.rd[0][0] = 0
    illegal(st, ("ready",), "once")
    assert ("ready",) not in st.legal_actions()


def test_ready_needs_scallywags():
    st = mk(phase=W)
    illegal(st, ("ready",), "no scallywags")


def test_wakeup_task_without_shaken_dice():
    st = mk(phase=W, sc=sc((0, 1 << 3, 0, 0)), rd=sc((0, 1, 0, 0)), prank=[[1, 1], [0, 0]])
    do(st, ("ready",))
    do(st, ("task", 1, 3))
    assert st.prank[0] == [1, 2] and st.rd[0][1] == 0
    do(st, ("combat",))


def test_wakeup_cook_modify_needs_action_phase():
    st = mk(phase=W, sc=sc((0, 0, 0, 1 << 3)), rd=sc((0, 0, 0, 1)), pools=((2, 3), ()))
    do(st, ("ready",))
    illegal(st, ("task", 3, 3, 2, 1), "shaken")
    assert [a for a in st.legal_actions() if a[0] == "task"] == []


# Cook#1
def test_cook1_advances_a_top_scallywag_once():
    st = mk(phase=W, sc=sc((1 << 2, 0, 0, 1 << 1)), rd=sc((1, 0, 0, 0)))
    do(st, ("advance", 0))
    assert st.sc[0][0] == 1 << 3 and st.rd[0][0] == 1
    illegal(st, ("advance", 3), "once")


def test_cook1_can_advance_its_own_set_and_not_past_six():
    st = mk(phase=W, sc=sc((1 << 6, 0, 0, 1 << 4)))
    illegal(st, ("advance", 0), "top")
    do(st, ("advance", 3))
    assert st.sc[0][3] == 1 << 5


def test_cook1_needs_a_cook_die_and_a_target():
    st = mk(phase=W, sc=sc((1 << 2, 0, 0, 0)))
    illegal(st, ("advance", 0), "Cook")
    st = mk(phase=W, sc=sc((0, 0, 0, 1 << 1)))
    illegal(st, ("advance", 1), "no scallywag")
    st = mk(phase=W, sets=(0, 1, 2), sc=sc((1 << 2, 0, 0, 0)))
    illegal(st, ("advance", 0), "Cook")


# (f) collecting
def test_one_scallywag_per_set_is_mandatory():
    st = mk(phase=W, sc=sc((0b11110, 0, 0, 0)))
    illegal(st, ("shake",), "one scallywag")
    u = st.used[0]
    do(st, ("trim", 0))
    assert st.sc[0][0] == 1 << 4 and st.used[0] == u + 3
    illegal(st, ("trim", 0), "only one")
    do(st, ("shake",))


def test_optional_collecting():
    st = mk(phase=W, sc=sc((1 << 3, 0, 0, 0)), prank=[[2, 3], [0, 0]],
            groups={(0, 1): ((1, 1, 2, 2), 4)})
    do(st, ("take", "col", 0))
    do(st, ("take", "prank"))
    do(st, ("take", "ind", 1))
    assert st.sc[0][0] == 0 and st.prank[0] == [0, 0] and st.ig[0][1] is None
    assert st.used[0] == 9
    illegal(st, ("take", "prank"), "no prank")
    illegal(st, ("take", "ind", 1), "no dice")
    illegal(st, ("take", "col", 0), "no scallywag")
    illegal(st, ("take", "box", 0), "nothing")
    illegal(st, ("take", "prank", 1), "malformed")


def test_modify_dice_return_at_start_of_round():
    st = mk(pools=((1, 2), ()), mods=[0, 2])
    do(st, ("pass",))
    assert st.mods[1] == 0 and st.turn == 1 and st.phase == W


def test_shake_rolls_pool_and_used_dice():
    st = mk(phase=W, pools=((6, 6), ()), prank=[[1, 1], [0, 0]])
    do(st, ("shake",))
    assert st.current_player() == CHANCE and st.chance_request() == [6] * 8
    roll(st, [1, 2, 3, 4, 5, 6, 1, 2])
    assert st.pool[0] == [1, 1, 2, 2, 3, 4, 5, 6] and st.phase == R.ACT and st.used[0] == 0


def test_shake_with_no_dice_goes_straight_to_action():
    st = mk(phase=W, prank=[[4, 4], [0, 0]], vic=[2, 0], sc=sc((1 << 1, 1 << 1, 0, 1 << 1)))
    assert st.used[0] == 0
    do(st, ("shake",))
    assert st.phase == R.ACT and st.current_player() == 0 and st.pool[0] == []
    assert st.legal_actions()[0] == ("pass",)

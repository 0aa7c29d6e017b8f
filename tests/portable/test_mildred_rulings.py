"""Mildred: one test per numbered ruling (help.RULINGS, docs/games/mildred.md)."""
from dicebox.core.game import TERMINAL
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import help as H
from dicebox.games.mildred import rules as R
from test_mildred_base import cols, do, illegal, mk, roll, started

W = R.WAKE
CL, LA, DI, CO = C.CLEAN, C.LAUNDRY, C.DIY, C.COOK
E4 = (0, 0, 0, 0)


def test_rulings_text_is_numbered_ascii_and_short():
    assert len(H.RULINGS) == 27
    for i, r in enumerate(H.RULINGS):
        assert r.startswith("%d " % (i + 1)), r
        for ch in r:
            assert 32 <= ord(ch) < 127, r
        assert len(r) < 140
    for part in H.RULES:
        for ch in part:
            assert 32 <= ord(ch) < 127
    assert "RULINGS" in H.text()


def test_ruling_01_start_tie_and_keep():
    st = R.State()
    st.apply_chance([0, 0, 0])
    roll(st, [2] * 18)
    assert st.phase == R.START
    roll(st, [1] * 9 + [2] * 9)
    assert st.turn == 0 and st.phase == R.ACT and st.keep == 1


def test_ruling_02_shenanigans_last_one_opponent_round_only_when_active():
    st = mk(sc=cols({CL: 0b110, DI: 0}, {LA: 1 << 3}), sets=(0, 1, 3), rd=cols({CL: 1}),
            cookie=[1, 1])
    do(st, ("task", CL, 2))
    st.gain(1, 2)              # cookies given during our round are not cut
    assert st.cookie[1] == 3
    do(st, ("pass",))
    st.gain(1, 2)              # in their round they are
    assert st.cookie[1] == 4
    do(st, ("shake",))
    roll(st, [3] * len(st.chance_request()))
    do(st, ("pass",))
    assert st.shen[1] == 0


def test_ruling_03_victory_die_lost_or_game_lost():
    st = mk(phase=W, prank=[[1, 1], [0, 0]], cookie=[1, 1], vic=[0, 1], sc=cols({LA: 1 << 2}))
    do(st, ("combat",))
    assert st.vic[1] == 0 and st.winner is None
    st = mk(phase=W, prank=[[1, 1], [0, 0]], cookie=[1, 1], sc=cols({LA: 1 << 2}))
    do(st, ("combat",))
    assert st.winner == 0


def test_ruling_04_victory_die_comes_from_used_pool_first():
    st = mk(pools=((1, 2, 3), ()), cookie=[5, 1])
    u = st.used[0]
    st.gain(0, 1)
    assert st.used[0] == u - 1 and st.pool[0] == [1, 2, 3]


def test_ruling_04_the_lowest_scallywag_of_all_sets():
    # the audit's position: scallywags on Clean 5, Laundry 1 and DIY 4, nothing
    # in the pool, on a modify spot, dodge or prank, one indulgency group; DIY 4
    # scores the cookie that makes a victory die: Laundry 1 is taken
    st = mk(phase=W, sets=(CL, LA, DI), sc=cols({CL: 1 << 5, LA: 1 << 1, DI: 1 << 4}),
            rd=cols({CL: 1, LA: 1, DI: 1}), vic=[1, 0], cookie=[5, 1], flags=R.F_READY,
            groups={(0, 3): ((1, 2, 3, 4, 5), 5)})
    assert st.used[0] == 0
    do(st, ("task", DI, 4))
    roll(st, [5])
    assert st.vic[0] == 2 and st.cookie[0] == 1
    assert st.sc[0][LA] == 0 and st.sc[0][CL] == 1 << 5 and st.sc[0][DI] == 1 << 4
    assert st.ig[0][3] is not None
    # two scallywags on one set and a lower one on another: the lowest of all
    st = mk(sets=(CL, LA, DI), sc=cols({CL: (1 << 2) | (1 << 3), DI: 1 << 1}),
            groups={(0, 0): ((6, 6), 2), (0, 1): ((2, 2, 5, 5), 4)})
    assert st.used[0] == 0
    st.take_die(0)
    assert st.sc[0][DI] == 0 and st.sc[0][CL] == (1 << 2) | (1 << 3)
    st.take_die(0)
    assert st.sc[0][CL] == 1 << 3


def test_ruling_05_reduce():
    st = mk(sets=(0, 2, 3), sc=cols({DI: 1 << 3}, {CO: 1 << 6}), rd=cols({DI: 1}))
    do(st, ("task", DI, 3, CO))
    assert st.sc[1][CO] == 1 << 5


def test_ruling_06_clean2_each_score():
    st = mk(phase=W, shen=[R.SH_LESS, 0], groups={(0, 0): ((5, 5), 2), (0, 2): ((4, 4, 4), 3)})
    do(st, ("score", 0))
    do(st, ("score", 2))
    assert st.cookie[0] == 2


def test_ruling_07_gain_needs_die_and_cap():
    st = mk(sc=cols({LA: 1 << 6}), rd=cols({LA: 1}), prank=[[1, 4], [0, 0]])
    illegal(st, ("task", LA, 6, 3), "dodge")
    do(st, ("task", LA, 6, 4))
    assert st.prank[0] == [1, 4]


def test_ruling_08_wild_die_compared_as_full_pattern():
    st = mk(pools=((6, 6), ()), flags=R.F_DISC, groups={(1, 2): ((5, 5, 5), 3)})
    do(st, ("ind", C.THREE_KIND, (6, 6, 6)))
    assert st.ig[0][C.THREE_KIND] == [[6, 6, 6], 2]
    st.phase = W
    assert st.can_score(0, C.THREE_KIND) is None


def test_ruling_09_diy4_net():
    st = mk(sets=(0, 2, 3), sc=cols({DI: 1 << 4}), rd=cols({DI: 1}), vic=[2, 0], cookie=[3, 1])
    do(st, ("task", DI, 4))
    roll(st, [6, 1])
    assert st.cookie[0] == 3


def test_ruling_10_cook1_keeps_orientation():
    st = mk(phase=W, sc=cols({CL: 1 << 2, CO: 1 << 1}), rd=cols({CL: 0}))
    do(st, ("advance", CL))
    assert st.sc[0][CL] == 1 << 3 and st.rd[0][CL] == 0


def test_ruling_11_modify_dice_come_back():
    st = mk(pools=((2, 3), ()), mods=[2, 1])
    do(st, ("pass",))
    assert st.mods == [2, 0]


def test_ruling_12_diy6_not_always_not_itself():
    st = mk(sets=(1, 2, 3), sc=cols({DI: 1 << 6}), rd=cols({DI: 1}))
    illegal(st, ("task", DI, 6, CO, 1), "Always")
    illegal(st, ("task", DI, 6, DI, 6), "another")


def test_ruling_13_targets_must_exist():
    st = mk(sets=(0, 2, 3), sc=cols({DI: 1 << 2}), rd=cols({DI: 1}))
    illegal(st, ("task", DI, 2, CO), "no scallywag")
    illegal(st, ("task", DI, 1, CO), "no scallywag")


def test_ruling_14_round_limit():
    st = mk(rounds=R.ROUND_LIMIT - 1, cookie=[2, 5])
    do(st, ("pass",))
    assert st.current_player() == TERMINAL and st.winner == 1


def test_ruling_15_this_scallywag_is_top_die():
    st = mk(sc=cols({CL: 0b1110}, {CO: 1 << 3}), rd=cols({CL: 1}))
    do(st, ("task", CL, 1, CO))
    assert st.sc[0][CL] == 0b0110 and st.cookie[1] == 4


def test_ruling_16_clean6_clears_every_set():
    st = mk(sc=cols({CL: 1 << 6, LA: 1 << 3, CO: 1 << 1}), rd=cols({CL: 1}))
    u = st.used[0]
    do(st, ("task", CL, 6))
    assert st.sc[0] == [0, 0, 0, 0] and st.used[0] == u + 3 - 1 and st.vic[0] == 1


def test_ruling_17_goal_line():
    six = 1 << 6
    st = mk(phase=W, sc=cols({CL: six, LA: six, CO: six | (1 << 5)}))
    illegal(st, ("shake",), "one scallywag")
    do(st, ("goal",))
    assert st.vic[0] == 2 and st.sc[0] == [0, 0, 0, 0]


def test_ruling_18_tasks_in_wakeup():
    st = mk(phase=W, sc=cols({LA: 1 << 2}), rd=cols({LA: 1}), dodge=[[0, 0], [0, 0]])
    do(st, ("ready",))
    illegal(st, ("task", LA, 2), "dodge")
    st = mk(phase=W, sc=cols({CO: 1 << 2}), rd=cols({CO: 1}), pools=((3,), ()))
    do(st, ("ready",))
    illegal(st, ("task", CO, 2, 3), "shaken")


def test_ruling_18_a_set_pays_once_a_round():
    # A Laundry set still ready from last round: before the fix it paid in the
    # Wakeup, was straightened by (e) and paid again in the Action phase (the
    # prank went from slot 1 to 3 in one round).
    st = mk(phase=W, sc=cols({LA: 1 << 3}), rd=cols({LA: 1}), prank=[[1, 1], [0, 0]])
    illegal(st, ("task", LA, 3), "Ready all first")
    assert [a for a in st.legal_actions() if a[0] == "task"] == []
    do(st, ("ready",))
    do(st, ("task", LA, 3))
    assert st.prank[0] == [1, 2]
    do(st, ("shake",))
    roll(st, [2] * len(st.chance_request()))
    illegal(st, ("task", LA, 3), "used")
    assert [a for a in st.legal_actions() if a[0] == "task"] == []
    assert st.prank[0] == [1, 2]


def test_ruling_18_a_set_taken_back_and_placed_again_does_not_pay_twice():
    st = mk(phase=W, sc=cols({CL: 1 << 1}), rd=cols({CL: 1}, {LA: 1}),
            sets=(0, 1, 3))
    st.sc[1][LA] = 1 << 2
    st.used[1] -= 1
    do(st, ("ready",))
    do(st, ("task", CL, 1, LA))          # Clean 1: swap with P2's Laundry die
    do(st, ("shake",))
    roll(st, [1] * len(st.chance_request()))
    do(st, ("scally", CL))               # a new 1 on Clean is placed ready ...
    assert st.rd[0][CL] == 1
    illegal(st, ("task", CL, 1, LA), "paid already")   # ... but Clean has paid this round
    do(st, ("pass",))
    assert st.flags == 0


def test_ruling_18_diy5_lets_a_set_pay_again():
    st = mk(sc=cols({LA: 1 << 2, DI: 1 << 5}), rd=cols({LA: 1, DI: 1}),
            sets=(1, 2, 3), dodge=[[1, 1], [0, 0]], pools=((1,), ()))
    do(st, ("task", LA, 2))
    illegal(st, ("task", LA, 2), "used")
    do(st, ("task", DI, 5))
    do(st, ("task", LA, 2))
    assert st.dodge[0] == [1, 3]


def test_ruling_19_combat_returns_prank_even_on_a_miss():
    st = mk(phase=W, prank=[[1, 1], [0, 0]], dodge=[[0, 0], [1, 3]], cookie=[1, 3])
    do(st, ("combat",))
    assert st.prank[0] == [0, 0] and st.cookie[1] == 3


def test_ruling_20_one_group_per_card_and_distinct_values():
    st = mk(pools=((2, 2, 2, 2, 2, 2, 3, 3), ()))
    illegal(st, ("ind", C.TWO_PAIRS, (2, 2, 2, 2)), "fit")
    do(st, ("ind", C.TWO_PAIRS, (2, 2, 3, 3)))
    illegal(st, ("ind", C.TWO_PAIRS, (2, 2, 3, 3)), "already")


def test_ruling_21_used_set_stays_used_when_extended():
    st = mk(pools=((3,), ()), sc=cols({CL: 0b110}), rd=cols({CL: 0}))
    do(st, ("scally", CL))
    assert st.rd[0][CL] == 0
    illegal(st, ("task", CL, 3), "used")


def test_ruling_22_trim_keeps_top():
    st = mk(phase=W, sc=cols({CO: 0b1011000}))
    do(st, ("trim", CO))
    assert st.sc[0][CO] == 1 << 6


def test_ruling_23_leftover_dice_are_shaken_again():
    st = mk(pools=((6, 6, 6), ()))
    do(st, ("pass",))
    do(st, ("shake",))
    roll(st, [1] * len(st.chance_request()))
    do(st, ("pass",))
    do(st, ("shake",))
    assert st.chance_request() == [6] * 9


def test_ruling_24_straight6_ties_and_triple_first():
    assert C.pattern_key(C.STRAIGHT6, (1, 2, 3, 4, 5, 6)) == C.pattern_key(C.STRAIGHT6, (1, 2, 3, 4, 5, 6))
    assert C.pattern_key(C.FULL_HOUSE, (2, 2, 4, 4, 4)) > C.pattern_key(C.FULL_HOUSE, (3, 3, 3, 6, 6))


def test_ruling_25_wrap_for_cook_too():
    st = mk(pools=((5,), ()), sc=cols({CO: 1 << 4}), rd=cols({CO: 1}))
    do(st, ("task", CO, 4, 5, 2))
    assert st.pool[0] == [1]


def test_ruling_26_keep_leaves_used_dice():
    st = started()
    do(st, ("pass",))
    st.pool[1].pop()
    st.used[1] += 1
    do(st, ("keep",))
    assert len(st.pool[1]) == 8 and st.used[1] == 1 and st.phase == R.ACT


def test_ruling_27_any_laundry_card_gives_both_parts():
    st = mk(phase=W, sc=cols({LA: 1 << 5}), groups={(0, 0): ((2, 2), 2), (1, 0): ((2, 2), 2)})
    assert st.can_score(0, 0) is None
    st = mk(phase=W, sc=cols({LA: 1 << 5}), prank=[[1, 1], [0, 0]], vic=[0, 1])
    do(st, ("combat",))
    assert st.vic[1] == 0

"""Mildred: every task card (Clean, Laundry, DIY, Cook) and doing tasks."""
from dicebox.core.game import CHANCE
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import rules as R
from test_mildred_base import cols, do, illegal, mk, roll

W = R.WAKE
CL, LA, DI, CO = C.CLEAN, C.LAUNDRY, C.DIY, C.COOK


def bits(*levels):
    m = 0
    for lv in levels:
        m |= 1 << lv
    return m


def ready(d0=None, d1=None):
    return cols(d0, d1)


# doing a task in general
def test_task_uses_whole_set_and_allows_lower_reward():
    st = mk(sets=(0, 1, 3), pools=((2, 2), ()), sc=cols({LA: bits(3, 4, 5)}),
            rd=ready({LA: 1}), prank=[[1, 1], [0, 0]])
    do(st, ("task", LA, 3))
    assert st.rd[0][LA] == 0 and st.prank[0] == [1, 2]
    illegal(st, ("task", LA, 3), "used")


def test_task_level_above_top_and_empty_set_rejected():
    st = mk(sc=cols({LA: bits(2)}), rd=ready({LA: 1}), prank=[[1, 1], [0, 0]])
    illegal(st, ("task", LA, 3), "above")
    illegal(st, ("task", LA, 0), "above")
    illegal(st, ("task", CL, 1), "no scallywag")
    illegal(st, ("task", DI, 1), "not in play")


def test_always_cards_are_not_rewards():
    st = mk(sc=cols({LA: bits(1), CO: bits(1)}), rd=ready({LA: 1, CO: 1}))
    illegal(st, ("task", LA, 1), "Always")
    illegal(st, ("task", CO, 1), "Always")
    assert [a for a in st.legal_actions() if a[0] == "task"] == []


# Clean
def test_clean1_swap_removes_both_and_opponent_gains_its_level():
    st = mk(sc=cols({CL: bits(1, 2)}, {CO: bits(4)}), rd=ready({CL: 1}), cookie=[1, 1])
    do(st, ("task", CL, 1, CO))
    assert st.sc[0][CL] == bits(1) and st.sc[1][CO] == 0
    assert st.cookie[1] == 5


def test_clean1_gift_can_give_opponent_a_victory_die():
    st = mk(sc=cols({CL: bits(1)}, {LA: bits(5)}), rd=ready({CL: 1}), cookie=[1, 3])
    do(st, ("task", CL, 1, LA))
    assert st.vic[1] == 1 and st.cookie[1] == 1 and st.sc[0][CL] == 0


def test_clean1_needs_an_opponent_scallywag():
    st = mk(sc=cols({CL: bits(1)}), rd=ready({CL: 1}))
    illegal(st, ("task", CL, 1, LA), "opponent has no")
    illegal(st, ("task", CL, 1), "wrong")


def test_clean2_opponent_scores_one_less_next_round():
    st = mk(pools=((3,), ()), sc=cols({CL: bits(1, 2)}), rd=ready({CL: 1}),
            groups={(1, 2): ((5, 5, 5), 3), (1, 0): ((1, 1), 2)})
    do(st, ("task", CL, 2))
    assert st.shen[1] & R.SH_LESS
    do(st, ("pass",))
    do(st, ("score", 2))
    assert st.cookie[1] == 2        # 1 + (2 - 1)
    do(st, ("score", 0))
    assert st.cookie[1] == 2        # a 1-cookie score gives nothing
    do(st, ("shake",))
    roll(st, [1] * len(st.chance_request()))
    do(st, ("pass",))
    assert st.shen[1] == 0


def test_clean3_one_die_less_for_indulgencies_this_round():
    st = mk(pools=((4, 1, 1, 1, 2), ()), sc=cols({CL: bits(1, 2, 3)}), rd=ready({CL: 1}))
    illegal(st, ("ind", C.FULL_HOUSE, (1, 1, 1, 2, 2)), "missing")
    do(st, ("task", CL, 3))
    do(st, ("ind", C.FULL_HOUSE, (1, 1, 1, 2, 2)))
    assert st.ig[0][C.FULL_HOUSE] == [[1, 1, 1, 2, 2], 4] and st.pool[0] == [4]
    do(st, ("ind", C.PAIR, (4, 4)))
    assert st.ig[0][C.PAIR] == [[4, 4], 1] and st.pool[0] == []
    do(st, ("pass",))
    assert st.flags == 0


def test_clean3_wild_keeps_highest_die_when_none_missing():
    st = mk(pools=((2, 2, 2), ()), flags=R.F_DISC)
    do(st, ("ind", C.PAIR, (2, 2)))
    assert st.pool[0] == [2, 2] and st.ig[0][C.PAIR][1] == 1
    st = mk(pools=((2, 3), ()), flags=R.F_DISC)
    illegal(st, ("ind", C.THREE_KIND, (2, 2, 2)), "missing")


def test_clean4_removes_scallywag_and_blocks_four_cookie_cards():
    k = C.TWO_TRIPLES
    st = mk(inds=(0, 1, 2, 3, 6, 7), sc=cols({CL: bits(3, 4)}), rd=ready({CL: 1}),
            groups={(1, k): ((1, 1, 1, 2, 2, 2), 6), (1, 3): ((1, 2, 3, 4, 5), 3)})
    do(st, ("task", CL, 4))
    assert st.sc[0][CL] == bits(3)
    do(st, ("pass",))
    illegal(st, ("score", k), "Clean#4")
    do(st, ("score", 3))   # a 3-cookie card still scores
    assert st.cookie[1] == 4


def test_clean5_blocks_tie_scoring():
    st = mk(sc=cols({CL: bits(1, 2, 3, 4, 5)}, {LA: bits(1)}), rd=ready({CL: 1}),
            groups={(0, 0): ((3, 3), 2), (1, 0): ((3, 3), 2)})
    do(st, ("task", CL, 5))
    do(st, ("pass",))
    illegal(st, ("score", 0), "Clean#5")


def test_clean6_clears_all_scallywags_and_gives_victory_die():
    st = mk(sc=cols({CL: bits(5, 6), LA: bits(2), CO: bits(4)}), rd=ready({CL: 1}), cookie=[3, 1])
    do(st, ("task", CL, 6))
    assert st.sc[0] == [0, 0, 0, 0] and st.vic[0] == 1 and st.cookie[0] == 3


# Laundry
def test_laundry2_and_3_need_a_die_there():
    st = mk(sc=cols({LA: bits(3)}), rd=ready({LA: 1}))
    illegal(st, ("task", LA, 2), "dodge")
    illegal(st, ("task", LA, 3), "prank")
    st = mk(sc=cols({LA: bits(3)}), rd=ready({LA: 1}), dodge=[[1, 1], [0, 0]])
    do(st, ("task", LA, 2))
    assert st.dodge[0] == [1, 2]


def test_laundry4_to_6_split_and_cap():
    st = mk(sc=cols({LA: bits(6)}), rd=ready({LA: 1}), prank=[[1, 3], [0, 0]], dodge=[[1, 1], [0, 0]])
    do(st, ("task", LA, 6, 2))
    assert st.prank[0] == [1, 4] and st.dodge[0] == [1, 3]
    st = mk(sc=cols({LA: bits(5)}), rd=ready({LA: 1}), prank=[[1, 1], [0, 0]])
    illegal(st, ("task", LA, 5, 2), "dodge")
    illegal(st, ("task", LA, 5, 4), "range")
    assert ("task", LA, 5, 3) in st.legal_actions() and ("task", LA, 5, 2) not in st.legal_actions()
    do(st, ("task", LA, 5, 3))
    assert st.prank[0] == [1, 4]
    st = mk(sc=cols({LA: bits(4)}), rd=ready({LA: 1}), dodge=[[1, 1], [0, 0]])
    do(st, ("task", LA, 4, 0))
    assert st.dodge[0] == [1, 3]


def test_gained_slot_then_placed_die_goes_above():
    st = mk(pools=((6,), ()), sc=cols({LA: bits(3)}), rd=ready({LA: 1}), prank=[[1, 1], [0, 0]])
    do(st, ("task", LA, 3))
    do(st, ("prank", 6))
    assert st.prank[0] == [2, 3]


# DIY
D = (0, 2, 3)


def test_diy1_swap():
    st = mk(sets=D, sc=cols({DI: bits(1)}, {CL: bits(2, 3)}), rd=ready({DI: 1}))
    do(st, ("task", DI, 1, CL))
    assert st.sc[1][CL] == bits(2) and st.cookie[1] == 4 and st.sc[0][DI] == 0


def test_diy2_deactivates_ready_set():
    st = mk(sets=D, sc=cols({DI: bits(2)}, {CO: bits(3), CL: bits(1)}), rd=ready({DI: 1}, {CO: 1}))
    illegal(st, ("task", DI, 2, CL), "not ready")
    do(st, ("task", DI, 2, CO))
    assert st.rd[1][CO] == 0


def test_diy3_reduce_slides_or_removes():
    st = mk(sets=D, sc=cols({DI: bits(3)}, {CO: bits(5), CL: bits(1, 2), DI: bits(1)}),
            rd=ready({DI: 1}, {CO: 1}))
    do(st, ("task", DI, 3, CO))
    assert st.sc[1][CO] == bits(4) and st.rd[1][CO] == 1
    for s, expect in ((CL, bits(1)), (DI, 0)):
        st = mk(sets=D, sc=cols({DI: bits(3)}, {CL: bits(1, 2), DI: bits(1)}), rd=ready({DI: 1}))
        u = st.used[1]
        do(st, ("task", DI, 3, s))
        assert st.sc[1][s] == expect and st.used[1] == u + 1


def test_diy4_shakes_victory_dice():
    st = mk(sets=D, sc=cols({DI: bits(4)}), rd=ready({DI: 1}), vic=[2, 0], cookie=[3, 1])
    do(st, ("task", DI, 4))
    assert st.current_player() == CHANCE and st.chance_request() == [6, 6]
    roll(st, [5, 4])
    assert st.cookie[0] == 5 and st.current_player() == 0
    st = mk(sets=D, sc=cols({DI: bits(4)}), rd=ready({DI: 1}), vic=[2, 0], cookie=[2, 1])
    do(st, ("task", DI, 4))
    roll(st, [1, 1])
    assert st.cookie[0] == 1 and st.vic[0] == 2
    st = mk(sets=D, sc=cols({DI: bits(4)}), rd=ready({DI: 1}), vic=[1, 0], cookie=[5, 1])
    do(st, ("task", DI, 4))
    roll(st, [6])
    assert st.vic[0] == 2 and st.cookie[0] == 1
    st = mk(sets=D, sc=cols({DI: bits(4)}), rd=ready({DI: 1}), vic=[1, 0], cookie=[5, 1])
    do(st, ("task", DI, 4))
    roll(st, [3])
    assert st.cookie[0] == 5


def test_diy4_needs_victory_dice():
    st = mk(sets=D, sc=cols({DI: bits(4)}), rd=ready({DI: 1}))
    illegal(st, ("task", DI, 4), "victory")


def test_diy5_reactivates_other_sets():
    st = mk(sets=D, pools=((2,), ()), sc=cols({DI: bits(5), CO: bits(3)}), rd=ready({DI: 1}))
    do(st, ("task", DI, 5))
    assert st.rd[0][CO] == 1 and st.rd[0][DI] == 0
    do(st, ("task", CO, 3, 2, 1))
    st = mk(sets=D, sc=cols({DI: bits(5), CO: bits(3)}), rd=ready({DI: 1, CO: 1}))
    illegal(st, ("task", DI, 5), "nothing")


def test_diy6_uses_any_other_task():
    st = mk(sets=(1, 2, 3), pools=((2,), ()), sc=cols({DI: bits(6)}), rd=ready({DI: 1}),
            prank=[[1, 1], [0, 0]])
    illegal(st, ("task", DI, 6, DI, 6), "another")
    illegal(st, ("task", DI, 6, LA, 1), "Always")
    illegal(st, ("task", DI, 6, CL, 2), "not in play")
    illegal(st, ("task", DI, 6, LA, 5, 0), "dodge")
    assert ("task", DI, 6, CO, 4, 2, 2) in st.legal_actions()
    do(st, ("task", DI, 6, LA, 5, 3))
    assert st.prank[0] == [1, 4] and st.rd[0][DI] == 0


def test_diy6_this_scallywag_is_the_diy_die():
    st = mk(sets=(0, 2, 3), sc=cols({DI: bits(5, 6)}, {CO: bits(2)}), rd=ready({DI: 1}))
    do(st, ("task", DI, 6, CL, 1, CO))
    assert st.sc[0][DI] == bits(5) and st.sc[1][CO] == 0 and st.cookie[1] == 3


# Cook
def test_cook2_rerolls_up_to_two():
    st = mk(pools=((1, 1, 6), ()), sc=cols({CO: bits(2)}), rd=ready({CO: 1}))
    do(st, ("task", CO, 2, 1, 1))
    assert st.pool[0] == [6] and st.chance_request() == [6, 6]
    roll(st, [3, 4])
    assert st.pool[0] == [3, 4, 6]
    st = mk(pools=((1, 6), ()), sc=cols({CO: bits(2)}), rd=ready({CO: 1}))
    illegal(st, ("task", CO, 2, 1, 1), "no shaken")
    illegal(st, ("task", CO, 2), "wrong")
    do(st, ("task", CO, 2, 6))
    roll(st, [2])
    assert st.pool[0] == [1, 2]


def test_cook3_to_6_modify():
    st = mk(pools=((1, 6), ()), sc=cols({CO: bits(3)}), rd=ready({CO: 1}))
    illegal(st, ("task", CO, 3, 1, 2), "by 1")
    do(st, ("task", CO, 3, 1, -1))
    assert st.pool[0] == [6, 6]
    st = mk(pools=((5, 3), ()), sc=cols({CO: bits(4)}), rd=ready({CO: 1}))
    illegal(st, ("task", CO, 4, 5, 1), "by 2")
    do(st, ("task", CO, 4, 5, 2))
    assert st.pool[0] == [1, 3]
    st = mk(pools=((5, 3), ()), sc=cols({CO: bits(5)}), rd=ready({CO: 1}))
    do(st, ("task", CO, 5, 5, 1, 3, -1))
    assert st.pool[0] == [2, 6]
    st = mk(pools=((2, 2), ()), sc=cols({CO: bits(6)}), rd=ready({CO: 1}))
    illegal(st, ("task", CO, 6, 2, 2, 3, 2), "no shaken 3")
    do(st, ("task", CO, 6, 2, 2, 2, -2))
    assert st.pool[0] == [4, 6]


def test_cook_modify_needs_both_dice():
    st = mk(pools=((2,), ()), sc=cols({CO: bits(5)}), rd=ready({CO: 1}))
    illegal(st, ("task", CO, 5, 2, 1, 2, -1), "no shaken 2")
    assert [a for a in st.legal_actions() if a[:3] == ("task", CO, 5)] == []

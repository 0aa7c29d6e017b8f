"""Mildred: the Action phase, cookies and victory dice, the round limit."""
from dicebox.core.game import TERMINAL
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import kinds as K
from test_mildred_base import do, illegal, mk

E4 = [0, 0, 0, 0]


# player ability: modify spots
def test_modify_spot_changes_another_die():
    st = mk(pools=((2, 4, 5), ()))
    do(st, ("mod", 2, 4, 1))
    assert st.pool[0] == [5, 5] and st.mods[0] == 1


def test_modify_wraps_both_ways():
    st = mk(pools=((1, 6, 3, 3), ()))
    do(st, ("mod", 3, 6, 1))
    assert st.pool[0] == [1, 1, 3]
    do(st, ("mod", 3, 1, -1))
    assert st.pool[0] == [1, 6] and st.mods[0] == 2


def test_modify_limits():
    st = mk(pools=((2, 4), ()), mods=[2, 0])
    illegal(st, ("mod", 2, 4, 1), "full")
    st = mk(pools=((2, 4), ()))
    illegal(st, ("mod", 2, 2, 1), "no shaken 2")   # needs a different die
    illegal(st, ("mod", 2, 4, 2), "by 1")
    illegal(st, ("mod", 3, 4, 1), "no shaken 3")
    st = mk(pools=((2, 2), ()))
    do(st, ("mod", 2, 2, -1))
    assert st.pool[0] == [1]


# prank and dodge
def test_prank_fills_next_slot_whatever_the_value():
    st = mk(pools=((4, 6, 1, 1, 2), ()))
    do(st, ("prank", 6))
    assert st.prank[0] == [1, 1]
    do(st, ("prank", 4))
    do(st, ("dodge", 1))
    assert st.prank[0] == [2, 2] and st.dodge[0] == [1, 1]
    do(st, ("prank", 1))
    do(st, ("prank", 2))
    assert st.prank[0] == [4, 4] and st.pool[0] == []


def test_prank_max_four_slots():
    st = mk(pools=((3,), ()), prank=[[2, 4], [0, 0]], dodge=[[0, 0], [0, 0]])
    illegal(st, ("prank", 3), "full")
    assert ("prank", 3) not in st.legal_actions()
    do(st, ("dodge", 3))
    illegal(st, ("dodge", 5), "no shaken")


# scallywags
def test_scallywag_order_1_2_3():
    st = mk(pools=((1, 2, 3, 3, 5), ()))
    st2 = mk(pools=((2, 3), ()))
    illegal(st2, ("scally", 0), "needs a 1")
    do(st, ("scally", 0))
    assert st.sc[0][0] == 1 << 1 and st.rd[0][0] == 1
    do(st, ("scally", 0))
    do(st, ("scally", 0))
    assert st.sc[0][0] == 0b1110
    illegal(st, ("scally", 0), "needs a 4")
    illegal(st, ("scally", 2), "not in play")


def test_scallywag_takes_orientation_of_the_die_below():
    st = mk(pools=((5,), ()), sc=[[1 << 4, 0, 0, 0], E4], rd=[[0, 0, 0, 0], E4])
    do(st, ("scally", 0))
    assert st.sc[0][0] == 0b110000 and st.rd[0][0] == 0
    st = mk(pools=((5,), ()), sc=[[1 << 4, 0, 0, 0], E4], rd=[[1, 0, 0, 0], E4])
    do(st, ("scally", 0))
    assert st.rd[0][0] == 1


def test_scallywag_set_complete():
    st = mk(pools=((1,), ()), sc=[[1 << 6, 0, 0, 0], E4])
    illegal(st, ("scally", 0), "complete")


# indulgency placement
def test_place_each_kind_of_indulgency():
    cases = (
        (C.PAIR, (3, 3)), (C.TWO_PAIRS, (2, 2, 6, 6)), (C.THREE_KIND, (4, 4, 4)),
        (C.STRAIGHT5, (1, 2, 3, 4, 5)), (C.STRAIGHT5, (2, 3, 4, 5, 6)),
        (C.FULL_HOUSE, (1, 1, 1, 2, 2)), (C.FOUR_KIND, (6, 6, 6, 6)),
        (C.TWO_TRIPLES, (2, 2, 2, 3, 3, 3)), (C.STRAIGHT6, (1, 2, 3, 4, 5, 6)),
    )
    for k, pat in cases:
        st = mk(inds=(0, 1, 2, 3, 4, 5) if k < 6 else (0, 1, 2, 3, 6, 7),
                pools=(pat + (1,), ()))
        assert ("ind", k, pat) in st.legal_actions(), (k, pat)
        do(st, ("ind", k, pat))
        assert st.ig[0][k] == [list(pat), len(pat)]
        assert st.pool[0] == [1]


def test_indulgency_wrong_dice_rejected():
    st = mk(pools=((1, 1, 1, 1, 2, 2, 3), ()))
    illegal(st, ("ind", C.TWO_PAIRS, (1, 1, 1, 1)), "fit")     # same value twice
    illegal(st, ("ind", C.FULL_HOUSE, (1, 1, 2, 2, 3)), "fit")
    illegal(st, ("ind", C.STRAIGHT5, (1, 2, 3, 4, 5)), "missing")
    illegal(st, ("ind", C.PAIR, (3, 3)), "missing")
    illegal(st, ("ind", 7, (1, 2, 3, 4, 5, 6)), "not in play")
    do(st, ("ind", C.PAIR, (1, 1)))
    illegal(st, ("ind", C.PAIR, (2, 2)), "already")


def test_indulgency_order_of_dice_does_not_matter():
    st = mk(pools=((5, 2, 2, 5), ()))
    do(st, ("ind", C.TWO_PAIRS, [5, 2, 5, 2]))
    assert st.ig[0][C.TWO_PAIRS] == [[2, 2, 5, 5], 4]


def test_both_players_share_a_card():
    st = mk(pools=((4, 4), ()), groups={(1, 0): ((6, 6), 2)})
    do(st, ("ind", 0, (4, 4)))
    assert st.ig[1][0] == [[6, 6], 2]


# pass
def test_pass_hands_over_and_keeps_leftover_dice():
    st = mk(pools=((3, 5), ()), shen=[R.SH_LESS, 0], flags=R.F_DISC | R.F_READY)
    do(st, ("pass",))
    assert st.turn == 1 and st.phase == R.WAKE and st.pool[0] == [3, 5]
    assert st.shen[0] == 0 and st.flags == 0 and st.rounds == 1


# cookies and victory dice
def test_gain_caps_at_six_victory_die_from_used_pool_first():
    st = mk(pools=((2, 3), ()), cookie=[4, 1])
    u = st.used[0]
    st.gain(0, 3)
    assert st.cookie[0] == 1 and st.vic[0] == 1 and st.used[0] == u - 1
    checks.check(st)


def test_victory_die_source_order():
    st = mk(pools=((2, 3), ()), mods=[1, 0], prank=[[1, 1], [0, 0]],
            dodge=[[1, 2], [0, 0]], sc=[[1 << 2, 0, 0, 0], E4], vic=[0, 0],
            groups={(0, 2): ((5, 5, 5), 3)})
    assert st.used[0] == 0
    st.take_die(0)
    assert st.mods[0] == 0 and st.pool[0] == [2, 3]
    st.take_die(0)
    assert st.pool[0] == [3]
    st.take_die(0)
    assert st.pool[0] == [] and st.dodge[0] == [1, 2]
    st.take_die(0)
    assert st.dodge[0] == [0, 0] and st.prank[0] == [1, 1]
    st.take_die(0)
    assert st.prank[0] == [0, 0] and st.sc[0][0] == 1 << 2
    st.take_die(0)
    assert st.sc[0][0] == 0 and st.ig[0][2] is not None
    st.take_die(0)
    assert st.ig[0][2] is None and st.used[0] == 2


def test_scoring_dice_feed_the_victory_die():
    st = mk(phase=R.WAKE, pools=((1, 2), ()), cookie=[5, 1], groups={(0, 0): ((4, 4), 2)})
    st.used[0] = 0
    st.pool[0] = [1, 2, 3, 4, 5, 6, 6]
    checks.check(st)
    do(st, ("score", 0))
    assert st.vic[0] == 1 and st.used[0] == 1 and len(st.pool[0]) == 7


def test_third_victory_die_wins_immediately():
    st = mk(pools=((2, 3), ()), cookie=[5, 1], vic=[2, 0])
    st.gain(0, 1)
    assert st.winner == 0 and st.current_player() == TERMINAL and st.vic[0] == 3
    checks.check(st)


def test_gain_below_six_and_zero():
    st = mk(cookie=[2, 1])
    st.gain(0, 3)
    assert st.cookie[0] == 5 and st.vic[0] == 0
    st.gain(0, 0)
    assert st.cookie[0] == 5


# round limit
def test_round_limit_ends_game_by_victory_then_cookie():
    st = mk(pools=((1,), ()), vic=[0, 1], rounds=R.ROUND_LIMIT - 1)
    do(st, ("pass",))
    assert st.current_player() == TERMINAL and st.winner == 1
    st = mk(cookie=[4, 3], rounds=R.ROUND_LIMIT - 1)
    do(st, ("pass",))
    assert st.winner == 0
    st = mk(cookie=[3, 3], rounds=R.ROUND_LIMIT - 1)
    do(st, ("pass",))
    assert st.winner == -1


# an action is exactly what legal_actions() lists (issue 19 item 9)
def test_floats_and_bools_in_an_action_are_refused_and_change_nothing():
    LA, CO = C.LAUNDRY, C.COOK
    st = mk(pools=((2, 6), ()))
    assert ("mod", 6, 2, 1) in st.legal_actions()
    for bad in (("mod", 6, 2, 1.0), ("mod", 6.0, 2, 1), ("mod", 6, 2, True), ("prank", 6.0),
                ("dodge", True), ("scally", 0.0), ("ind", 0, (2.0, 2.0))):
        e = illegal(st, bad)
        assert "malformed" in e.reason or "not" in e.reason, (bad, e.reason)
    # Laundry 4 split between prank and dodge
    st = mk(pools=((3,), ()), sets=(0, 1, 3), sc=[[0, 1 << 4, 0, 0], E4], rd=[[0, 1, 0, 0], E4],
            prank=[[1, 1], [0, 0]], dodge=[[1, 1], [0, 0]])
    assert ("task", LA, 4, 2) in st.legal_actions()
    illegal(st, ("task", LA, 4, 2.0), "whole number")
    illegal(st, ("task", LA, 4.0, 2), "whole number")
    # Cook 3: modify a shaken die by +-1
    st = mk(pools=((6, 2), ()), sets=(0, 1, 3), sc=[[0, 0, 0, 1 << 3], E4], rd=[[0, 0, 0, 1], E4])
    assert ("task", CO, 3, 6, 1) in st.legal_actions()
    illegal(st, ("task", CO, 3, 6, 1.0), "whole number")
    illegal(st, ("task", CO, 3, 6, True), "whole number")
    do(st, ("task", CO, 3, 6, 1))
    assert st.pool[0] == [1, 2] and type(st.pool[0][0]) is int


def test_an_accepted_action_is_one_legal_actions_lists():
    from dicebox.core import rng
    from dicebox.core.game import IllegalMove
    from playing import decisions
    r = rng.seeded(7)
    st = R.State()
    for _ in decisions(st, r, 400, every=True):
        legal = st.legal_actions()
        for a in legal[:8]:
            for i in range(1, len(a)):
                if type(a[i]) is int:
                    for bad in (a[i] * 1.0, a[i] == 1):
                        c = st.clone()
                        try:
                            c.apply(a[:i] + (bad,) + a[i + 1:])
                        except IllegalMove:
                            assert c.to_dict() == st.to_dict()
                            continue
                        assert False, (a, i, bad)
        st.apply(legal[r.randbelow(len(legal))])


# the kinds of move for the menus (issue 18 item 2)
def test_move_kinds_cover_the_legal_actions_in_a_fixed_order():
    from dicebox.core import rng
    from playing import decisions
    seen = {}
    for seed in (1, 2, 3, 4):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 400, every=True):
            legal = st.legal_actions()
            kinds = K.move_kinds(st)
            order = K.WAKE_KINDS if st.phase == R.WAKE else K.ACT_KINDS
            assert [k[0] for k in kinds] == [k for k in order if k != "keep" or st.keep == st.turn]
            assert kinds[0][0] in ("pass", "shake")
            if st.phase == R.ACT:
                assert kinds[0][2] is None          # Pass is always there
            got = []
            for kind, name, why, acts in kinds:
                assert len(name) <= 10 and (why is None or 0 < len(why) <= 16), (name, why)
                assert (why is None) == (len(acts) > 0), (kind, why, acts)
                for a in acts:
                    assert a in legal and K.kind_of(a, st.phase) == kind
                    c = st.clone()
                    c.apply(a)                      # an available kind is one that can be done
                got.extend(acts)
                seen[(kind, why)] = 1
            assert sorted(got, key=repr) == sorted(legal, key=repr)
            st.apply(legal[r.randbelow(len(legal))])
    assert len(seen) > 20


def test_move_kinds_say_why_in_a_few_words():
    st = mk(pools=((), ()))
    words = ["%s: %s" % (k[1], k[2]) for k in K.move_kinds(st) if k[2]]
    assert "Scallywag: no shaken dice" in words and "Dodge: no shaken dice" in words
    assert K.move_kinds(st)[0][:3] == ("pass", "Pass", None)
    st = mk(phase=R.WAKE, sc=[[1 << 1, 0, 0, 0], E4])
    words = ["%s: %s" % (k[1], k[2]) for k in K.move_kinds(st) if k[2]]
    assert "Take dodge: no dodge dice" in words and "Combat: no prank dice" in words
    assert "Task: ready all first" in words
    assert K.move_kinds(st)[0][:3] == ("shake", "Shake", None)
    st = mk(phase=R.WAKE, dodge=[[1, 1], [0, 0]])
    assert K.move_kinds(st)[0][:3] == ("shake", "Shake", "take dodge first")

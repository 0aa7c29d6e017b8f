"""Mildred bot levels: think() in slices within its budget, legal moves, Hint."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.core.think import Budget
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import advice as A
from dicebox.games.mildred import lookahead as LA
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from test_mildred_base import mk
from playing import decisions


def decide(st, r, level, b=None):
    """Run think() as the table does, one next() at a time, checking the
    units of every slice and of the whole decision; the state unchanged."""
    before = st.to_dict()
    b = b or Budget(B.SLICE)
    gen = B.think(st, r, level, b)
    slices = 0
    while True:
        u0 = b.units
        x = next(gen)
        used = b.units - u0
        assert used <= B.SLICE, (used, B.SLICE)
        slices += 1
        if x is not None:
            break
    most = B.EXPERT_BUDGET if level >= 3 else B.BUDGET
    assert b.most == most and b.units <= most, (b.units, most)
    assert b.slices == slices - 1        # every yield ended a slice the budget counted
    assert st.to_dict() == before        # thinking does not touch the state
    return x, slices


def play(levels, seed, cap=4000):
    r = rng.seeded(seed)
    st = R.State()
    for _ in decisions(st, r, every=True, cap=cap):
        a, _ = decide(st, r, levels[st.current_player()])
        assert a in st.legal_actions(), a
        st.apply(a)
    checks.check(st)
    return st


def test_levels_constant():
    assert B.LEVELS == 4
    assert 0 < B.EVAL <= B.SLICE < B.EXPERT_BUDGET <= B.BUDGET


def test_low_levels_play_legal_games():
    st = play((0, 1), 11)
    assert st.winner in (0, 1, -1)


def test_high_levels_play_legal_games():
    st = play((3, 2), 12)
    assert st.winner in (0, 1, -1)


def test_expert_against_beginner_from_both_seats():
    for levels in ((3, 0), (0, 3)):
        st = play(levels, 13)
        assert st.winner in (0, 1, -1)


def test_a_crowded_turn_stops_at_the_budget():
    # seven shaken dice, spots free, Cook 1-2 ready: dozens of actions, far
    # more looks than one decision's budget; every level still decides
    st = mk(sets=(1, 2, 3), pools=((1, 2, 3, 3, 4, 5, 6), ()),
            sc=[[0, 0, 0, 6], [0, 0, 0, 0]], rd=[[0, 0, 0, 1], [0, 0, 0, 0]])
    assert len(st.legal_actions()) > B.BUDGET // B.EVAL
    for level in range(B.LEVELS):
        b = Budget(B.SLICE)
        a, slices = decide(st, rng.seeded(level), level, b)
        assert a in st.legal_actions()
        if level >= 2:
            assert b.units > b.most - B.EVAL     # it did use the budget
            assert slices > 1                           # and thought in several slices


def test_strong_levels_take_the_winning_score():
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 2): ((4, 4, 4), 3)})
    for level in (2, 3):
        a, _ = decide(st, rng.seeded(1), level)
        assert a == ("score", 2)


def test_expert_dodges_a_deadly_prank():
    # cookie 1, no victory die, their Laundry die and prank 2: without dodge 2 we lose
    st = mk(pools=((3, 5), ()), prank=[[0, 0], [2, 2]], sc=[[0, 0, 0, 0], [0, 1 << 1, 0, 0]])
    r = rng.seeded(2)
    a, _ = decide(st, r, 3)
    assert a[0] == "dodge"
    st.apply(a)
    assert decide(st, r, 3)[0][0] == "dodge"


def test_only_move_needs_one_slice():
    st = mk(pools=((), ()))
    assert st.legal_actions() == [("pass",)]
    for level in range(B.LEVELS):
        a, slices = decide(st, rng.seeded(3), level)
        assert a == ("pass",) and slices == 1


CODES = ("CL", "LA", "DI", "CO", "PR", "2P", "3K", "S5", "FH", "4K", "2T", "S6")


def no_codes(line):
    for word in line.replace(",", " ").replace(":", " ").replace("(", " ").split():
        assert word.rstrip("0123456789") not in CODES, (word, line)


def check_hint(st, r):
    before = st.to_dict()
    b = Budget(B.SLICE)
    gen = B.hint(st, r, b)
    while True:
        u0 = b.units
        x = next(gen)
        assert b.units - u0 <= B.SLICE
        if x is not None:
            break
    assert b.units - u0 == B.WORDS      # the words: counted, a slice of their own
    a, why = x
    assert st.to_dict() == before        # a hint never changes the game
    assert a in st.legal_actions()
    assert 0 < A._lines(why) <= A.HINT_LINES, why     # fits the Hint page
    no_codes(why)
    return a, why


def test_hint_is_legal_short_and_changes_nothing():
    r = rng.seeded(21)
    st = R.State()
    for _ in decisions(st, r, 120):
        a, why = check_hint(st, r)
        assert why.startswith(A.advice(st, a)), (a, why)    # the move first, in words
        st.apply(a)


def test_hint_says_why_a_score_wins():
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 2): ((4, 4, 4), 3)})
    a, why = check_hint(st, rng.seeded(4))
    assert a == ("score", 2)
    assert "wins" in why, why


def test_lookahead_clone_equals_the_rules_clone():
    r = rng.seeded(31)
    st = R.State()
    n = 0
    while st.current_player() != TERMINAL and n < 150:
        c = LA.clone(st)
        assert c.to_dict() == st.clone().to_dict()
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
        else:
            a = B.run(B.think(st, r, 2))
            c.do(a)                     # moving the copy leaves the original alone
            st.apply(a)
            assert c.to_dict() == st.to_dict()
        n += 1


def test_choose_keeps_the_old_levels():
    st = mk(phase=R.WAKE, prank=[[2, 2], [0, 0]], cookie=[1, 4])
    assert B.choose(st, rng.seeded(1), 2) == ("combat",)
    st = mk(pools=((1, 2, 3), ()))
    r = rng.seeded(9)
    for level in (0, 1, 2):
        assert B.choose(st, r, level) in st.legal_actions()


def test_hint_gives_the_odds_of_a_victory_dice_roll():
    assert A._vroll_pct(1) == 50          # a 4, 5 or 6
    assert A._vroll_pct(2) == 21 * 100 // 36    # 9 with two 4-6s, 12 with one and a 2 or 3
    for n in range(0, 6):                 # as every one of the 6**n rolls counts it
        win = 0
        for r in range(6 ** n):
            net = 0
            for _ in range(n):
                f = r % 6 + 1
                r //= 6
                net += 1 if f >= 4 else (-1 if f == 1 else 0)
            win += net > 0
        assert A._vroll_pct(n) == win * 100 // 6 ** n, n
    st = mk(sets=(0, 1, 2), pools=((2,), ()), vic=[2, 0], cookie=[3, 1],
            sc=[[0, 0, (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4), 0], [0, 0, 0, 0]],
            rd=[[0, 0, 1, 0], [0, 0, 0, 0]])
    a = ("task", 2, 4)
    assert a in st.legal_actions()
    why = A._why(st, a, rng.seeded(5), 3)
    assert why == "58% to gain a cookie", why


def listed(st):
    b = Budget(B.SLICE, B.BUDGET)
    box = [None]
    slices = 1
    u0 = 0
    for _ in B._listed(st, b, box):
        assert b.units - u0 <= B.SLICE
        u0 = b.units
        slices += 1
    return [B._action(x) for x in box[0]], slices


def test_the_sliced_list_is_the_legal_list():
    # every legal move once, modify-spot moves last, the rest in the rules' order
    for seed in (41, 42):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 200):
            acts = st.legal_actions()
            want = [a for a in acts if a[0] != "mod"] + [a for a in acts if a[0] == "mod"]
            assert listed(st)[0] == want
            st.apply(B.run(B.think(st, r, 2)))


def test_the_bot_holds_each_modify_spot_move_as_a_small_int():
    # while it thinks: no tuple for each of the dozens of them
    seen = 0
    for v in range(1, 7):
        for t in range(1, 7):
            for d in (1, -1):
                code = B._mod_code(("mod", v, t, d))
                assert type(code) is int and 0 < code < 128
                assert B._action(code) == ("mod", v, t, d)
                seen += 1
    assert seen == 72
    assert B._action(("scally", 2)) == ("scally", 2)
    st = mk(pools=((1, 2, 2, 5), ()))
    got = [None]
    for _ in B._listed(st, Budget(B.SLICE, B.BUDGET), got):
        pass
    mods = [x for x in got[0] if type(x) is int]
    assert mods and all(B._action(x) in st.legal_actions() for x in mods)
    assert len(mods) == len([a for a in st.legal_actions() if a[0] == "mod"])


def test_the_search_keeps_its_best_few_as_a_stable_sort_would():
    r = rng.seeded(3)
    for most in (1, 2, 3):
        for _ in range(200):
            vals = [r.randbelow(6) for _ in range(r.randbelow(12))]
            top = []
            for i in range(len(vals)):
                B._keep(top, most, vals[i], ("a", i))
            order = sorted(range(len(vals)), key=lambda i: (-vals[i], i))[:most]
            want = []
            for i in order:
                want += [vals[i], ("a", i)]
            assert top == want, (vals, most, top)


def test_a_diy6_copying_any_task_is_listed_in_several_slices():
    # DIY 1..6 ready with Cook in play: DIY 6 may copy any task, over a hundred choices
    diy = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6)
    st = mk(sets=(1, 2, 3), pools=((1, 3, 5), ()), sc=[[0, 0, diy, 0], [0, 1 << 1, 1 << 1, 0]],
            rd=[[0, 0, 1, 0], [0, 1, 1, 0]])
    acts = st.legal_actions()
    assert len([a for a in acts if a[:3] == ("task", 2, 6)]) > 20
    got, slices = listed(st)
    assert sorted(got) == sorted(acts)
    assert slices > 1


def test_hint_words_for_a_modify_spot():
    # a 2 turned into a 3 that Clean 3 needs next
    st = mk(pools=((1, 2, 5), ()), sc=[[(1 << 1) | (1 << 2), 0, 0, 0], [0, 0, 0, 0]],
            rd=[[1, 0, 0, 0], [0, 0, 0, 0]])
    assert A._why(st, ("mod", 5, 2, 1), rng.seeded(1), 9) == "Clean 3 needs a 3"
    assert A._why(st, ("mod", 2, 5, 1), rng.seeded(1), 9) == "a 6 from a 5"
    # the Expert saw the move it prepares: the words name it
    assert A._why(st, ("mod", 5, 2, 1), rng.seeded(1), 9, ("scally", 0)) == "then put the 3 on Clean 3"
    assert (A.hint_words(st, ("mod", 5, 2, 1), 9, ("scally", 0))
            == "Modify spot: 5 turns a 2 into 3: then put the 3 on Clean 3")


def test_hint_gives_the_same_advice_whatever_the_rng():
    # many positions of a game; each hint asked three times with other dice
    # sources: the same move and the same words each time
    r = rng.seeded(77)
    st = R.State()
    asked = 0
    ties = 0
    for n in decisions(st, r, 80):
        got = [B.run(B.hint(st, rng.seeded(seed))) for seed in (1, 2, 3 + n)]
        assert got[0] == got[1] == got[2], got
        ties += "tie" in got[0][1]
        st.apply(B.run(B.think(st, r, 1 + n % 3)))
        asked += 1
    assert asked == 80


def test_hint_names_a_tie_and_plays_the_first_listed():
    # a 2 or a 5 on prank: equal value, the first listed is advised, the tie said
    st = mk(pools=((2, 5), ()))
    a, why = B.run(B.hint(st, rng.seeded(1)))
    assert a == ("prank", 2) and why.endswith("(a tie)"), (a, why)
    for seed in range(2, 12):
        assert B.run(B.hint(mk(pools=((2, 5), ())), rng.seeded(seed))) == (a, why)


def test_hint_words_are_plain():
    st = mk(sets=(0, 1, 3), pools=((6,), ()), sc=[[0, 1 << 5, 0, 0], [0, 0, 0, 0]],
            rd=[[0, 1, 0, 0], [0, 0, 0, 0]])
    assert A.hint_words(st, ("scally", 1), 3) == "Put the 6 on Laundry 6: it finishes a set"


# weaker levels slip plausibly (issue 18 item 6)
def test_no_level_ends_its_phase_while_a_move_scores():
    # Wakeup with a group that wins its card: no level shakes first
    st = mk(phase=R.WAKE, groups={(0, 2): ((4, 4, 4), 3)})
    assert ("shake",) in st.legal_actions() and ("score", 2) in st.legal_actions()
    for level in range(B.LEVELS):
        for seed in range(6):
            a, _ = decide(st, rng.seeded(seed), level)
            assert a[0] not in ("shake", "keep", "pass"), (level, a)
    # Action with Clean 6 ready (a victory die): no level passes
    st = mk(pools=((5,), ()), sc=[[1 << 6, 0, 0, 0], [0, 0, 0, 0]], rd=[[1, 0, 0, 0], [0, 0, 0, 0]])
    assert ("task", 0, 6) in st.legal_actions()
    for level in range(B.LEVELS):
        for seed in range(6):
            assert decide(st, rng.seeded(seed), level)[0] != ("pass",)


def test_what_scores_is_what_raises_cookies_or_victory_dice_at_once():
    # along random games: every move scores() names raises the mover's cookie
    # die or victory dice (or wins), unless Clean 2 took the only cookie; and
    # no level's choice ends the phase while one is legal
    found = 0
    for seed in (3, 4, 5):
        r = rng.seeded(seed)
        st = R.State()
        for n in decisions(st, r, 500):
            p = st.turn
            legal = st.legal_actions()
            hot = [a for a in legal if B.scores(a)]
            for a in hot:
                c = st.clone()
                c.apply(a)
                assert (c.vic[p] > st.vic[p] or c.cookie[p] > st.cookie[p] or c.is_over()
                        or st.shen[p] & R.SH_LESS), a
            a, _ = decide(st, r, n % B.LEVELS)
            if hot:
                found += 1
                assert a[0] not in ("pass", "shake", "keep"), (a, hot)
            st.apply(a)
    assert found > 10


def test_casual_slips_among_its_best_few_moves():
    vals = [100, ("a",), 94, ("b",), 28, ("c",), 0, ("d",), 100 - 6 * 100, ("e",)]
    got = {}
    r = rng.seeded(5)
    for _ in range(3000):
        a = B._pick(vals, r, B.CASUAL_TOP, B.CASUAL_TEMP)
        got[a] = got.get(a, 0) + 1
    assert ("d",) not in got and ("e",) not in got          # only the best 3
    assert got[("a",)] > got[("b",)] > got[("c",)] > 0
    assert 0.4 < got[("b",)] / got[("a",)] < 0.6            # 6 below: half as often
    # ties: the order of the list breaks them, on both runtimes
    assert B._pick([5, ("x",), 5, ("y",)], rng.seeded(1), 1, B.CASUAL_TEMP) == ("x",)


def test_casual_is_strong_most_of_the_time():
    # Casual judges the same moves as Strong: over a game's decisions it
    # plays Strong's move more often than not
    r = rng.seeded(8)
    st = R.State()
    n = same = 0
    for k in decisions(st, r, 200):
        seed = 1000 + k
        strong = B.run(B.think(st, rng.seeded(seed), 2))
        casual = B.run(B.think(st, rng.seeded(seed), 1))
        same += strong == casual
        st.apply(casual)
        n += 1
    assert same > n // 2, (same, n)

"""Mildred bots: legal choices, whole games, obvious good moves."""
from dicebox.core import rng
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from test_mildred_base import mk
from playing import decisions


def play(levels, seed):
    r = rng.seeded(seed)
    st = R.State()
    for _ in decisions(st, r, every=True, cap=6000, after_chance=checks.check):
        before = st.to_dict()
        a = B.choose(st, r, levels[st.current_player()])
        assert st.to_dict() == before      # choosing does not touch the state
        assert a in st.legal_actions()
        st.apply(a)
        checks.check(st)
    return st


def test_bots_finish_games():
    for lv in ((2, 1), (1, 0), (0, 2)):
        st = play(lv, 3)
        assert st.winner in (0, 1, -1)
        assert st.rounds <= R.ROUND_LIMIT


def test_bot_takes_the_winning_score():
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 2): ((4, 4, 4), 3)})
    for lv in (1, 2):
        assert B.choose(st, rng.seeded(1), lv) == ("score", 2)


def test_strong_bot_dodges_a_deadly_prank():
    # cookie 1, no victory die, their Laundry die and prank 2: without dodge 2 we lose
    st = mk(pools=((3, 5), ()), prank=[[0, 0], [2, 2]], sc=[[0, 0, 0, 0], [0, 1 << 1, 0, 0]])
    r = rng.seeded(2)
    a = B.choose(st, r, 2)
    assert a[0] == "dodge"
    st.apply(a)
    assert B.choose(st, r, 2)[0] == "dodge"


def test_strong_bot_hits_when_it_pays():
    st = mk(phase=R.WAKE, prank=[[2, 2], [0, 0]], cookie=[1, 4])
    assert B.choose(st, rng.seeded(1), 2) == ("combat",)


def test_random_level_is_legal():
    st = mk(pools=((1, 2, 3), ()))
    r = rng.seeded(9)
    for _ in range(20):
        assert B.choose(st, r, 0) in st.legal_actions()

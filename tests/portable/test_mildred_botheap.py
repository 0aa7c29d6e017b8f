"""Mildred's Expert: what it holds while it thinks (the heap in play)."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.core.think import Budget
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import lookahead as LA
from dicebox.games.mildred import rules as R


def _act_state(seed):
    """A state in the Action phase with many legal moves."""
    st = R.State()
    r = rng.seeded(seed)
    while st.current_player() != TERMINAL:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        if st.phase == R.ACT and len(st.legal_actions()) >= 20:
            return st, r
        st.apply(B.run(B.think(st, r, 1)))
    raise AssertionError("no busy Action phase")


def test_expert_lets_go_of_the_legal_list_before_its_second_step():
    st, r = _act_state(11)
    clk = Budget(B.SLICE, B.BUDGET)
    box = [None]
    for _ in B._listed(st, clk, box):
        pass
    acts = box[0]
    res = [None, 0, None, None]
    seen = []
    for _ in B._expert(st, r, clk, res, box):
        seen.append(box[0])
    assert box[0] is None and seen and seen[-1] is None
    assert res[0] in acts


def test_best_reads_a_flat_list_first_highest_wins():
    assert B._best([3, ("a",), 7, ("b",), 7, ("c",), 1, ("d",)]) == ("b",)
    assert B._best([]) is None


def test_expert_and_hint_agree_after_the_change():
    # the hint is the Expert's move (both take the list the same way), with
    # the hint's own fixed rolls and ties in list order
    st, r = _act_state(5)
    a = B.run(B.think(st, LA.Steady(), 3))
    h = B.run(B.hint(st, rng.seeded(9)))
    assert h[0] == a

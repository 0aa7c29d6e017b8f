"""Mildred's Expert holds few copies of the state while it thinks (the heap
in play: a copy is about 2 KB of the 64-bit host's heap, 1 KB on the chip),
counted at every slice's end, where the console may look at its heap."""
import gc

from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.core.think import Budget
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import rules as R


def _copies():
    gc.collect()
    return sum(1 for x in gc.get_objects() if type(x) is R.State)


def test_the_expert_lets_go_of_each_copy_it_has_judged_before_the_next_slice():
    most = 0
    looked = 0
    for seed in (5, 7, 23):
        r = rng.seeded(seed)
        st = R.State()
        for _ in range(60):
            if st.current_player() == TERMINAL:
                break
            if st.current_player() == CHANCE:
                resolve_chance(st, r)
                continue
            base = _copies()
            a = None
            for x in B.think(st, r, 3, Budget(B.SLICE)):
                if x is not None:
                    a = x
                    break
                most = max(most, _copies() - base)
                looked += 1
            st.apply(a)
    assert looked > 500
    # in these games: the copy a second step starts from, no more (the copy
    # of a move already judged was still held over the next slice: two)
    assert most == 1, most

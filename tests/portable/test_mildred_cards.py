"""Mildred's card data: the indulgency patterns kept as one bytes string."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.games.mildred import bot as B
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import rules as R


def _enumerated(k):
    """Every sorted roll of the card's number of dice that the card's words accept."""
    n = C.INDULGENCIES[k][3]
    out = []
    for code in range(6 ** n):
        pat = []
        for _ in range(n):
            pat.append(code % 6 + 1)
            code //= 6
        pat.sort()
        c = [pat.count(v) for v in range(1, 7)]
        ok = False
        if k == C.PAIR or k == C.THREE_KIND or k == C.FOUR_KIND:
            ok = max(c) == n
        elif k == C.TWO_PAIRS:
            ok = sorted(c) == [0, 0, 0, 0, 2, 2]
        elif k == C.FULL_HOUSE:
            ok = sorted(c) == [0, 0, 0, 0, 2, 3]
        elif k == C.TWO_TRIPLES:
            ok = sorted(c) == [0, 0, 0, 0, 3, 3]
        else:
            ok = max(c) == 1 and pat[-1] - pat[0] == n - 1
        t = tuple(pat)
        if ok and t not in out:
            out.append(t)
    return out


def test_patterns_are_every_fitting_roll_once_sorted():
    sizes = []
    for k in range(C.NUM_IND):
        pats = C.patterns(k)
        sizes.append(len(pats))
        assert sorted(pats) == sorted(_enumerated(k)), k
        for p in pats:
            assert list(p) == sorted(p) and len(p) == C.INDULGENCIES[k][3]
    assert sizes == [6, 15, 6, 2, 30, 6, 15, 1]


def test_fits_accepts_exactly_the_patterns():
    for k in range(C.NUM_IND):
        pats = C.patterns(k)
        for p in _enumerated(k):
            assert C.fits(k, p)
        assert not C.fits(k, (1, 2))
        assert not C.fits(k, tuple(range(1, 7))) or k == C.STRAIGHT6
        assert not C.fits(k, pats[0] + (1,))


def test_patterns_are_bytes_not_a_tuple_each():
    # a tuple per pattern took about 3 KB of the chip's heap for the whole game
    assert not hasattr(C, "PATTERNS")
    assert type(C.NEEDS) is bytes and len(C.NEEDS) == 7 * 81
    assert type(C.AT) is bytes and C.AT[-1] == 81


def test_listed_patterns_are_new_equal_tuples_in_card_order():
    # what legal_actions lists for a card: its patterns, in the card's order
    st = R.State()
    r = rng.seeded(3)
    while st.current_player() != TERMINAL:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        inds = [a for a in st.legal_actions() if a[0] == "ind"]
        if len(inds) >= 3:
            for a in inds:
                assert a[2] in C.patterns(a[1])
            ks = [a[1] for a in inds]
            for k in ks:
                got = [a[2] for a in inds if a[1] == k]
                pats = C.patterns(k)
                assert got == [p for p in pats if p in got]
            return
        st.apply(B.run(B.think(st, r, 1)))
    assert False, "no turn with three indulgency moves"

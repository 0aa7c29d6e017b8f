"""Milestones' Hint gives the same advice for the same position whatever the
console's random source (issue 18: the Hint is a teacher; asked twice it must
not change its mind). The Expert samples rolls it cannot count exactly; its
samples are seeded by the position (advice.hint_seed), not by the dice's rng."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, resolve_chance
from dicebox.games.milestones import advice as hints, rules


def advice(st, seat, r):
    out = None
    for x in hints.hint(st, seat, r):
        if x is not None:
            out = x
    return out


def positions(games=3, moves=40):
    """Positions with dice on the table from random two-seat games."""
    for g in range(games):
        r = rng.seeded(100 + g)
        st = rules.State(2)
        n = 0
        while not st.over and n < moves:
            if st.current_player() == CHANCE:
                resolve_chance(st, r)
                continue
            if st.dice is not None and st.legal_actions(0):
                yield st
            acts = st.legal_actions()
            if not acts:
                break
            st.apply(acts[r.randbelow(len(acts))])
            n += 1


def test_the_same_position_gets_the_same_advice_whatever_the_rng():
    asked = 0
    rerolls = 0
    for st in positions():
        before = st.clone()
        got = [advice(st, 0, rng.seeded(s)) for s in (1, 7, 12345)]
        assert got[0] == got[1] == got[2], got
        assert got[0] is not None
        rerolls += got[0][0][0] == "roll"
        assert st.dice == before.dice and st.hands == before.hands    # the state unchanged
        asked += 1
    assert asked >= 40 and rerolls >= 10, (asked, rerolls)


def test_the_seed_is_the_positions_own():
    st = rules.State(2)
    r = rng.seeded(5)
    while st.dice is None:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
        else:
            st.apply(st.legal_actions()[0])
    k = hints.hint_seed(st, 0)
    assert k == hints.hint_seed(st.clone(), 0)
    assert 1 <= k <= 65536
    other = st.clone()
    other.dice = list(st.dice)
    other.dice[0] = other.dice[0] % 6 + 1
    assert hints.hint_seed(other, 0) != k or hints.hint_seed(st, 1) != k

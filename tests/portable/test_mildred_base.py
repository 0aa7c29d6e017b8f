"""Mildred: setup, start shake, invariants, save/load; helpers for the other modules."""
from check import raises
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R


def cols(d0=None, d1=None):
    """Both seats' four columns: the values given by column, else 0."""
    a = [0, 0, 0, 0]
    b = [0, 0, 0, 0]
    for s in (d0 or {}):
        a[s] = d0[s]
    for s in (d1 or {}):
        b[s] = d1[s]
    return [a, b]


def mk(sets=(0, 1, 3), inds=(0, 1, 2, 3, 4, 5), pools=((), ()), phase=R.ACT, turn=0, **kw):
    """A state in play with chosen contents; each player's used pool makes up 9 dice."""
    st = R.State()
    st.sets = list(sets)
    st.inds = list(inds)
    st.phase = phase
    st.turn = turn
    st.pool = [sorted(pools[0]), sorted(pools[1])]
    st.used = [0, 0]
    groups = kw.pop("groups", {})
    for k, v in kw.items():
        setattr(st, k, v)
    for pk in groups:
        st.ig[pk[0]][pk[1]] = [list(groups[pk][0]), groups[pk][1]]
    for p in (0, 1):
        st.used[p] = 9 - checks.dice_where(st, p)
        assert st.used[p] >= 0
    checks.check(st)
    return st


def illegal(st, action, why=None):
    before = st.to_dict()
    e = raises(IllegalMove, st.apply, action)
    if why is not None:
        assert why in e.reason, (e.reason, why)
    assert st.to_dict() == before
    checks.check(st)
    return e


def do(st, action):
    st.apply(action)
    checks.check(st)


def roll(st, faces):
    st.apply_chance([f - 1 for f in faces])
    checks.check(st)


def started(first_low=True):
    st = R.State()
    st.apply_chance([0, 0, 2])      # drop cards 0 and 1, leave out DIY
    a = [1] * 9 if first_low else [6] * 9
    b = [6] * 9 if first_low else [1] * 9
    roll(st, a + b)
    return st


def test_setup_chance_picks_six_cards_and_three_sets():
    st = R.State()
    assert st.current_player() == CHANCE
    assert st.chance_request() == [8, 7, 4]
    st.apply_chance([3, 5, 1])
    assert st.inds == [0, 1, 2, 4, 5, 7]   # 3 removed, then index 5 of the rest (6)
    assert st.sets == [0, 2, 3]
    assert st.current_player() == CHANCE and st.chance_request() == [6] * 18
    assert st.cookie == [1, 1] and st.vic == [0, 0]
    checks.check(st)


def test_start_lowest_total_begins_in_action_with_its_dice():
    st = R.State()
    st.apply_chance([0, 0, 0])
    roll(st, [6, 6, 6, 6, 6, 6, 6, 6, 5] + [1, 2, 3, 4, 5, 6, 1, 1, 1])
    assert st.turn == 1 and st.phase == R.ACT
    assert st.pool[1] == [1, 1, 1, 1, 2, 3, 4, 5, 6]
    assert st.pool[0] == [5, 6, 6, 6, 6, 6, 6, 6, 6]
    assert st.current_player() == 1
    assert st.keep == 0


def test_start_tie_shakes_again():
    st = R.State()
    st.apply_chance([0, 0, 0])
    roll(st, [3] * 18)
    assert st.phase == R.START and st.current_player() == CHANCE


def test_second_player_may_keep_start_dice_on_first_turn_only():
    st = started()
    do(st, ("pass",))
    assert st.turn == 1 and st.phase == R.WAKE
    assert ("keep",) in st.legal_actions() and ("shake",) in st.legal_actions()
    do(st, ("keep",))
    assert st.phase == R.ACT and st.pool[1] == [6] * 9
    do(st, ("pass",))
    do(st, ("shake",))
    roll(st, [2] * 9)
    do(st, ("pass",))
    assert ("keep",) not in st.legal_actions()
    illegal(st, ("keep",), "first turn")


def test_second_player_shaking_instead_loses_keep():
    st = started()
    do(st, ("pass",))
    do(st, ("shake",))
    assert st.current_player() == CHANCE and st.chance_request() == [6] * 9
    roll(st, [1, 2, 3, 4, 5, 6, 1, 2, 3])
    assert st.pool[1] == [1, 1, 2, 2, 3, 3, 4, 5, 6]


def test_first_player_cannot_keep():
    st = started()
    do(st, ("pass",))
    do(st, ("keep",))
    do(st, ("pass",))
    illegal(st, ("keep",), "first turn")


def test_chance_rejects_wrong_rolls():
    st = R.State()
    raises(IllegalMove, st.apply_chance, [0, 0])
    raises(IllegalMove, st.apply_chance, [8, 0, 0])
    st2 = mk(pools=((1, 2), ()))
    raises(IllegalMove, st2.apply_chance, [0])
    e = raises(IllegalMove, st.apply, ("pass",))
    assert "rolled" in e.reason


def test_illegal_unknown_and_malformed_actions():
    st = mk(pools=((1, 2, 3), ()))
    illegal(st, ("fly",), "unknown")
    illegal(st, ("mod",), "malformed")
    illegal(st, ("shake",), "Wakeup")
    st2 = mk(phase=R.WAKE)
    illegal(st2, ("pass",), "shake first")


def test_json_round_trip_and_clone_independent():
    import json
    st = mk(pools=((1, 2), (5, 5)), cookie=[3, 4], vic=[1, 0],
            prank=[[1, 2], [0, 0]], sc=[[0, 6, 0, 2], [0, 0, 0, 0]], rd=[[0, 1, 0, 0], [0, 0, 0, 0]],
            groups={(0, 0): ((2, 2), 2)})
    d = json.loads(json.dumps(st.to_dict()))
    st2 = R.State.from_dict(d)
    assert st2.to_dict() == st.to_dict()
    assert st2.legal_actions() == st.legal_actions()
    c = st.clone()
    c.apply(("prank", 1))
    assert st.pool[0] == [1, 2] and c.pool[0] == [2]
    assert st.prank[0] == [1, 2]


def test_check_catches_a_lost_die():
    st = mk(pools=((1, 2), ()))
    st.used[0] -= 1
    raises(checks.BadState, checks.check, st)
    st.used[0] += 1
    st.cookie[1] = 7
    raises(checks.BadState, checks.check, st)


def test_every_legal_action_applies_in_a_seeded_game():
    from dicebox.core import rng
    from playing import decisions
    r = rng.seeded(5)
    st = R.State()
    for _ in decisions(st, r, 400, every=True, after_chance=checks.check):
        acts = st.legal_actions()
        assert acts
        for a in acts[:8]:
            c = st.clone()
            c.apply(a)
            checks.check(c)
        st.apply(acts[r.randbelow(len(acts))])
        checks.check(st)


def test_terminal_has_no_actions():
    st = mk(phase=R.WAKE, vic=[2, 0], cookie=[5, 1], groups={(0, 0): ((3, 3), 2)})
    do(st, ("score", 0))
    assert st.winner == 0 and st.current_player() == TERMINAL
    assert st.legal_actions() == []
    illegal(st, ("pass",), "over")

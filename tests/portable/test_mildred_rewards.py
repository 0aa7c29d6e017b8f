"""Mildred's task rewards (games/mildred/rewards.py): one record per card effect,
listing and checking agree, and the save format through core/state_io."""
import json

from check import raises
from dicebox.core import rng, storage
from dicebox.core.game import CHANCE, IllegalMove, resolve_chance
from dicebox.games.mildred import board, bot, cards, rewards, rules
from test_mildred_base import mk

CL, LA, DI, CO = cards.CLEAN, cards.LAUNDRY, cards.DIY, cards.COOK


def test_every_reward_card_has_one_record_and_nothing_else_has_one():
    codes = set()
    for s in range(4):
        for lv in range(1, 7):
            kind, code = cards.KINDS[s][lv - 1], cards.CODES[s][lv - 1]
            if kind != "A" and code != "any":
                codes.add(code)
                assert code in rewards.REWARDS, code
    assert codes == set(rewards.REWARDS.keys())
    for code in rewards.REWARDS:
        r = rewards.record(code)
        assert len(r) == 3 and r[1] in (rewards.C_NONE, rewards.C_THEIRS, rewards.C_READY,
                                        rewards.C_SPLIT, rewards.C_REROLL, rewards.C_MODIFY), code
    try:
        rewards.do(rules.State(), 0, CO, "any", ())    # DIY 6 is the rules' copy, no effect here
    except KeyError:
        pass
    else:
        raise AssertionError("an effect for a code that is not a reward's")


# every argument tuple a task could carry, to judge check against choices
_TRIES = [()] + [(a,) for a in range(-1, 8)] + [(a, b) for a in range(0, 8) for b in range(-3, 8)] \
    + [(a, b, c, d) for a in (1, 3, 6) for b in (-2, -1, 1, 2) for c in (1, 3, 6) for d in (-2, -1, 1, 2)] \
    + [(1, 2, 3), (1, 1, 1, 1, 1)]


def _accepts(st, p, s, code, args):
    try:
        rewards.check(st, p, s, code, args)
    except IllegalMove:
        return False
    return True


def _agree(st):
    """For every reward and every try: check accepts it exactly when choices
    lists it (a pair of dice in either order counts as the one listed)."""
    p = st.turn
    n = 0
    for code in rewards.REWARDS:
        listed = rewards.choices(st, p, CO, code)
        got = set()
        for a in listed:
            got.add(tuple(a))
        for args in _TRIES:
            ok = _accepts(st, p, CO, code, args)
            key = args
            kind = rewards.record(code)[1]
            if ok and kind == rewards.C_REROLL and len(args) == 2:
                key = tuple(sorted(args))          # listed in ascending order
            elif ok and kind == rewards.C_MODIFY and len(args) == 4:
                x, y = args[:2], args[2:]
                key = x + y if x <= y else y + x
            assert ok == (key in got), (code, args, ok, sorted(got))
            n += ok
        for a in listed:
            assert _accepts(st, p, CO, code, a), (code, a)
    return n


def test_listing_and_checking_agree_on_hand_made_states():
    states = [
        mk(pools=((2, 2, 5), ()), prank=[[1, 1], [0, 0]], vic=[1, 0],
           sc=[[0, 2, 0, 2], [2, 0, 0, 6]], rd=[[0, 0, 0, 1], [1, 0, 0, 0]]),
        mk(pools=((1, 6), ()), dodge=[[2, 3], [0, 0]],
           sc=[[2, 0, 0, 2], [0, 4, 0, 2]], rd=[[1, 0, 0, 1], [0, 1, 0, 1]]),
        mk(pools=((), ()), sc=[[0, 0, 0, 2], [0, 0, 0, 0]], rd=[[0, 0, 0, 1], [0, 0, 0, 0]]),
        mk(phase=rules.WAKE, pools=((), ()), prank=[[1, 2], [0, 0]], dodge=[[1, 1], [0, 0]],
           sc=[[2, 0, 0, 2], [0, 0, 0, 8]], rd=[[0, 0, 0, 1], [0, 0, 0, 1]], vic=[0, 1]),
    ]
    total = 0
    for st in states:
        total += _agree(st)
    assert total > 50


def test_listing_and_checking_agree_along_bot_games():
    r = rng.seeded(11)
    seen = 0
    for g in range(2):
        st = rules.State()
        steps = 0
        while not st.is_over() and steps < 160:
            steps += 1
            if st.current_player() == CHANCE:
                resolve_chance(st, r)
                continue
            if steps % 9 == 0:
                _agree(st)
                seen += 1
            st.apply(bot.choose(st, r, 1))
    assert seen > 5


def test_laundry_split_lists_only_sides_with_a_die():
    st = mk(pools=((), ()), prank=[[1, 1], [0, 0]], sc=[[0, 1 << 6, 0, 0], [0, 0, 0, 0]],
            rd=[[0, 1, 0, 0], [0, 0, 0, 0]])
    assert rewards.choices(st, 0, LA, "pd4") == [(4,)]
    e = raises(IllegalMove, st.apply, ("task", LA, 6, 3))
    assert "dodge" in e.reason
    st.apply(("task", LA, 6, 4))
    assert st.prank[0] == [1, 4]       # R7: past slot 4 is lost


def test_needs_are_checked_before_choices_and_named():
    st = mk(phase=rules.WAKE, pools=((), ()), sc=[[0, 0, 0, 1 << 4], [0, 0, 0, 0]],
            rd=[[0, 0, 0, 1], [0, 0, 0, 0]], flags=rules.F_READY)
    e = raises(IllegalMove, st.apply, ("task", CO, 4, 3, 2))
    assert e.reason == "needs shaken dice"
    assert rewards.choices(st, 0, CO, "m1x2") == []
    e = raises(IllegalMove, st.apply, ("task", CO, 4, 3))
    assert e.reason == "wrong choices"


def test_no_character_parsing_of_effect_codes_left():
    # the records carry the numbers; nothing reads code[1] or code[3]
    assert rewards.record("m2x2")[2] == 2 << 2 | 2
    assert rewards.record("pd3")[2] == 3


# ----------------------------------------------------------- save format
_V1_SAVE = {
    "v": 1, "sets": [0, 1, 3], "inds": [0, 1, 2, 3, 4, 5], "phase": 4, "turn": 0,
    "pend": None, "cookie": [3, 4], "vic": [1, 0], "pool": [[1, 2], [5, 5]],
    "used": [0, 7], "mods": [0, 0], "prank": [[1, 2], [0, 0]], "dodge": [[0, 0], [0, 0]],
    "sc": [[0, 6, 0, 2], [0, 0, 0, 0]], "rd": [[0, 1, 0, 0], [0, 0, 0, 0]],
    "ig": [[[[2, 2], 2], None, None, None, None, None, None, None], [None] * 8],
    "flags": 0, "shen": [0, 0], "keep": -1, "rounds": 7, "winner": None,
}


def test_a_save_of_the_old_format_still_loads_and_round_trips():
    st = rules.State.from_dict(json.loads(json.dumps(_V1_SAVE)))
    assert st.cookie == [3, 4] and st.sc[0][LA] == 6 and st.ig[0][0] == [[2, 2], 2]
    assert st.to_dict() == _V1_SAVE
    assert board.FIELDS.version == 1 and set(board.FIELDS.names) | {"v"} == set(_V1_SAVE)


def test_other_versions_and_missing_fields_are_refused_by_name():
    from dicebox.games.mildred import checks     # as from_dict imports it now
    for change, why in ((("v", 2), "saved by another version"),
                        (("v", "1"), "saved by another version"),
                        (("sc", None), "sc missing")):
        d = json.loads(json.dumps(_V1_SAVE))
        if change[1] is None:
            del d[change[0]]
        else:
            d[change[0]] = change[1]
        e = raises(storage.BadData, rules.State.from_dict, d)
        assert isinstance(e, checks.BadState) and str(e) == why, str(e)
    e = raises(checks.BadState, rules.State.from_dict, [1, 2])
    assert str(e) == "not a record"


def test_clone_and_load_share_no_list_with_the_source():
    d = json.loads(json.dumps(_V1_SAVE))
    st = rules.State.from_dict(d)
    d["ig"][0][0][0].append(6)
    d["pool"][0].append(6)
    assert st.ig[0][0] == [[2, 2], 2] and st.pool[0] == [1, 2]
    c = st.clone()
    c.ig[0][0][0].append(3)
    c.prank[0][1] = 4
    assert st.ig[0][0] == [[2, 2], 2] and st.prank[0] == [1, 2]


def test_is_over_is_the_one_game_over_question():
    from dicebox.core.game import TERMINAL
    st = rules.State.from_dict(json.loads(json.dumps(_V1_SAVE)))
    assert st.is_over() is False and rules.State().is_over() is False
    d = json.loads(json.dumps(_V1_SAVE))
    d["phase"] = rules.OVER
    d["winner"] = 0
    st = rules.State.from_dict(d)
    assert st.is_over() is True and st.current_player() == TERMINAL

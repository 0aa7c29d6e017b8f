from check import raises
from dicebox.apps import roller_model as rm
from dicebox.core import rng


class FixedRng:
    """roll(sides) returns the next scripted value; records the sides asked for."""

    def __init__(self, values):
        self.values = list(values)
        self.asked = []

    def roll(self, sides):
        self.asked.append(sides)
        return self.values.pop(0)

    def randbelow(self, n):
        self.asked.append(n)
        return self.values.pop(0)


def test_default_is_2d6_unrolled():
    r = rm.Roller()
    assert r.count() == 2 and r.sides == [6, 6]
    assert r.values == [0, 0]
    assert r.total() is None
    assert r.notation() == "2d6"


def test_roll_sets_each_die_and_total():
    r = rm.Roller([[3, 6]])
    f = FixedRng([2, 5, 6])
    assert r.roll(f) == 3
    assert r.values == [2, 5, 6]
    assert r.total() == 13
    assert f.asked == [6, 6, 6]


def test_mixed_set_asks_each_die_for_its_own_sides():
    r = rm.Roller([[2, 6], [1, 8], [1, 20]])
    assert r.notation() == "2d6+1d8+1d20"
    f = FixedRng([1, 6, 8, 17])
    r.roll(f)
    assert f.asked == [6, 6, 8, 20]
    assert r.total() == 32


def test_custom_sides_range():
    r = rm.Roller([[1, 1000]])
    assert r.notation() == "1d1000"
    raises(rm.RollerError, r.set_simple, 1, 1001)
    raises(rm.RollerError, r.set_simple, 1, 1)
    raises(rm.RollerError, r.set_simple, 0, 6)
    raises(rm.RollerError, r.set_simple, 10, 6)
    raises(rm.RollerError, r.set_simple, True, 6)
    raises(rm.RollerError, r.set_groups, [])
    raises(rm.RollerError, r.set_groups, [[9, 6], [4, 6]])  # 13 dice > 12
    r.set_simple(9, 37)
    rr = rng.seeded(3)
    for _ in range(50):
        r.roll(rr)
        assert all(1 <= v <= 37 for v in r.values)


def test_standard_dice_listed():
    assert rm.STANDARD == (2, 4, 6, 8, 10, 12, 20, 100)


def test_hold_rerolls_only_the_rest():
    r = rm.Roller([[4, 6]])
    r.roll(FixedRng([1, 2, 3, 4]))
    assert r.toggle_hold(1) is True
    r.hold(3)
    f = FixedRng([6, 5])
    assert r.roll(f) == 2
    assert r.values == [6, 2, 5, 4]
    assert r.toggle_hold(1) is False
    assert r.held == [False, False, False, True]
    r.release_all()
    assert r.held == [False] * 4


def test_hold_needs_a_rolled_die_and_a_real_index():
    r = rm.Roller([[2, 6]])
    raises(rm.RollerError, r.hold, 0)
    r.roll(FixedRng([3, 3]))
    raises(rm.RollerError, r.hold, 2)
    raises(rm.RollerError, r.hold, -1)


def test_all_held_rolls_nothing_and_adds_no_history():
    r = rm.Roller([[2, 6]])
    r.roll(FixedRng([3, 4]))
    r.hold(0)
    r.hold(1)
    assert r.all_held()
    assert r.roll(FixedRng([])) == 0
    assert r.values == [3, 4]
    assert len(r.history) == 1


def test_modifier_plus_and_minus():
    r = rm.Roller([[2, 6]])
    r.set_modifier(3)
    r.roll(FixedRng([4, 5]))
    assert r.total() == 12
    assert r.notation() == "2d6+3"
    r.set_modifier(-5)
    assert r.total() == 4
    assert r.notation() == "2d6-5"
    raises(rm.RollerError, r.set_modifier, 100)
    raises(rm.RollerError, r.set_modifier, -100)


def test_four_d6_drop_lowest():
    r = rm.Roller([[4, 6]])
    r.set_keep("dl", 1)
    r.roll(FixedRng([3, 1, 6, 4]))
    assert r.kept() == [True, False, True, True]
    assert r.total() == 13
    assert r.notation() == "4d6 dl1"


def test_advantage_and_disadvantage():
    r = rm.Roller()
    r.advantage()
    r.roll(FixedRng([7, 15]))
    assert r.total() == 15
    r.disadvantage()
    r.roll(FixedRng([7, 15]))
    assert r.total() == 7
    assert r.kept() == [True, False]


def test_keep_ties_keep_the_earlier_die():
    r = rm.Roller([[3, 6]])
    r.set_keep("kh", 1)
    r.roll(FixedRng([5, 5, 2]))
    assert r.kept() == [True, False, False]
    r.set_keep("dh", 1)  # drops the later 5: the earlier die is kept
    assert r.kept() == [True, False, True]
    assert r.total() == 7
    r.set_keep("kl", 2)
    assert r.kept() == [True, False, True]


def test_keep_limits():
    r = rm.Roller([[3, 6]])
    raises(rm.RollerError, r.set_keep, "kh", 0)
    raises(rm.RollerError, r.set_keep, "kh", 4)
    raises(rm.RollerError, r.set_keep, "dl", 3)
    raises(rm.RollerError, r.set_keep, "xx", 1)
    r.set_keep("kh", 3)
    r.set_simple(2, 6)  # fewer dice: n clamps to what the set allows
    assert r.keep_n == 2
    r.set_keep("")
    assert r.notation() == "2d6"
    r.roll(FixedRng([1, 2]))
    assert r.kept() == [True, True]


def test_keep_with_mixed_set_picks_by_value():
    r = rm.Roller([[1, 4], [1, 20]])
    r.set_keep("kh", 1)
    r.roll(FixedRng([4, 3]))
    assert r.total() == 4


def test_dairyman_set_with_red_dice():
    r = rm.Roller()
    r.load_preset(rm.named_set("Dairyman"))
    assert r.count() == 8
    assert r.tags.count("W") == 7 and r.tags.count("Y") == 1
    r.load_preset(rm.dairyman(4))
    assert r.count() == 12 and r.tags.count("R") == 4
    assert r.name == "Dairyman"
    assert set(r.sides) == {6}
    raises(rm.RollerError, rm.dairyman, 5)
    r.roll(FixedRng([1] * 12))
    assert r.label(0) == "W" and r.label(7) == "Y" and r.label(11) == "R"


def test_auntie_mildred_nine_d6():
    r = rm.Roller()
    r.load_preset(rm.named_set("Auntie Mildred"))
    assert r.sides == [6] * 9 and r.notation() == "9d6"
    raises(rm.RollerError, rm.named_set, "Chess")


def test_milestones_every_number_colour_pair_once():
    r = rm.Roller()
    r.load_preset(rm.named_set("Milestones"))
    assert r.count() == 6
    pairs = set()
    for face in range(1, 7):
        r.values = [face] * 6
        colours = [r.colour(i) for i in range(6)]
        assert sorted(colours) == [0, 1, 2, 3, 4, 5]
        for c in colours:
            pairs.add((face, c))
    assert len(pairs) == 36
    # the same dice as the Milestones game: die i face n has FACE_COLOUR[i*6+n-1]
    from dicebox.games.milestones import dice as md
    r.values = [1, 2, 3, 4, 5, 6]
    assert [r.colour(i) for i in range(6)] == [md.FACE_COLOUR[i * 6 + i] for i in range(6)] == [0, 2, 1, 0, 2, 1]
    assert r.label(1) == rm.COLOURS[2] == "B"
    assert len(set(rm.COLOURS)) == 6


def test_unrolled_or_plain_dice_have_no_colour():
    r = rm.Roller()
    r.load_preset(rm.named_set("Milestones"))
    assert r.colour(0) == -1 and r.label(0) == ""
    r.set_simple(2, 6)
    r.roll(FixedRng([2, 2]))
    assert r.colour(0) == -1 and r.label(0) == ""


def test_history_keeps_last_20_newest_last():
    r = rm.Roller([[1, 100]])
    for i in range(1, 26):
        r.roll(FixedRng([i]))
    assert len(r.history) == rm.HISTORY == 20
    assert r.history[0]["v"] == [6]
    assert r.history[-1] == {"d": "1d100", "v": [25], "t": 25}


def test_history_records_total_with_modifier_and_keep():
    r = rm.Roller([[4, 6]])
    r.set_keep("dl", 1)
    r.set_modifier(2)
    r.roll(FixedRng([1, 2, 3, 4]))
    assert r.history[-1] == {"d": "4d6+2 dl1", "v": [1, 2, 3, 4], "t": 11}
    r.clear_history()
    assert r.history == []


def test_round_trip_through_dict_keeps_everything():
    r = rm.Roller([[2, 6], [1, 8]])
    r.set_modifier(-1)
    r.set_keep("kh", 2)
    r.roll(FixedRng([2, 5, 7]))
    r.hold(2)
    d = r.to_dict()
    r2 = rm.Roller.from_dict(d)
    assert r2.values == [2, 5, 7]
    assert r2.held == [False, False, True]
    assert r2.total() == r.total() == 11
    assert r2.notation() == r.notation()
    assert r2.history == r.history
    assert r2.to_dict() == d


def test_round_trip_through_json():
    import json
    r = rm.Roller()
    r.load_preset(rm.dairyman(2))
    rr = rng.seeded(5)
    for _ in range(30):
        r.roll(rr)
    d = json.loads(json.dumps(r.to_dict()))
    r2 = rm.Roller.from_dict(d)
    assert r2.to_dict() == r.to_dict()
    assert r2.label(9) == "R"


def test_damaged_dict_is_refused_with_a_reason():
    raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[0, 6]]})
    raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[2, 6]], "mod": 500})
    raises(rm.RollerError, rm.Roller.from_dict, {})
    raises(rm.RollerError, rm.Roller.from_dict, [7])
    # 9 is no face of a d6; an unrolled die cannot be held
    raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[2, 6]], "values": [9, 3]})
    raises(rm.RollerError, rm.Roller.from_dict,
           {"groups": [[2, 6]], "values": [0, 3], "held": [1, 1]})
    r = rm.Roller.from_dict({"groups": [[2, 6]], "values": [0, 3], "held": [0, 1]})
    assert r.values == [0, 3] and r.held == [False, True]


def test_damaged_history_entries_are_refused():
    good = {"d": "2d6", "v": [1, 2], "t": 3}
    assert rm.Roller.from_dict({"groups": [[2, 6]], "history": [good]}).history == [good]
    for bad in ({}, 5, {"d": "2d6", "v": 7}, {"d": 1, "v": []},
                {"d": "2d6", "v": [1], "t": "x"}, {"d": "2d6", "v": ["1"]},
                {"d": "2d6", "v": [0]}, {"d": "2d6", "v": [1] * 13}):
        raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[2, 6]], "history": [good, bad]})
    raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[2, 6]], "history": "rubbish"})
    raises(rm.RollerError, rm.Roller.from_dict, {"groups": [[2, 6]], "history": [good] * 21})


def test_bad_preset_leaves_roller_unchanged():
    r = rm.Roller([[3, 8]])
    r.roll(FixedRng([1, 2, 3]))
    before = r.to_dict()
    raises(rm.RollerError, r.load_preset, {"groups": [[2, 6]], "keep": ["kh", 5]})
    assert r.to_dict() == before


def test_preset_save_and_load():
    r = rm.Roller([[4, 6]])
    r.set_keep("dl", 1)
    p = r.preset("Stats")
    assert p == {"name": "Stats", "groups": [[4, 6, ""]], "mod": 0, "keep": ["dl", 1]}
    r2 = rm.Roller()
    r2.load_preset(p)
    assert r2.notation() == "4d6 dl1" and r2.name == "Stats"


def test_group_editing():
    r = rm.Roller([[2, 6]])
    r.add_group(1, 8)
    assert r.notation() == "2d6+1d8"
    r.change_group(0, 3, 10)
    assert r.notation() == "3d10+1d8"
    r.remove_group(1)
    assert r.notation() == "3d10"
    raises(rm.RollerError, r.remove_group, 0)
    r.add_group(2, 10)
    assert r.notation() == "5d10"  # equal sides merge in the notation


def test_coin_and_first_player_ranges():
    rr = rng.seeded(11)
    seen = set(rm.coin(rr) for _ in range(100))
    assert seen == {0, 1}
    for n in range(2, 7):
        got = set(rm.first_player(rr, n) for _ in range(200))
        assert got == set(range(1, n + 1)), n
    raises(rm.RollerError, rm.first_player, rr, 1)
    raises(rm.RollerError, rm.first_player, rr, 7)


def test_first_player_uses_the_unbiased_sampler():
    # randbelow(3) over bytes: 255 is rejected (limit 255), 7 -> 7 % 3 = 1 -> player 2
    r = rng.Rng(rng.ScriptedSource([255, 7]))
    assert rm.first_player(r, 3) == 2


def test_milestones_colours_come_from_core_and_match_the_game():
    from dicebox.core import dicesets
    from dicebox.games.milestones import dice as md
    assert rm.COLOURS == dicesets.LETTERS == md.LETTERS
    assert bytes(dicesets.FACE_COLOUR) == bytes(md.FACE_COLOUR)
    assert dicesets.NAMES == md.NAMES and dicesets.NDICE == md.NDICE
    for name in ("RED", "PURPLE", "BLUE", "BLACK", "YELLOW", "GREEN"):
        assert getattr(dicesets, name) == getattr(md, name)
    for d in range(6):
        assert sorted(dicesets.colour(d, n) for n in range(1, 7)) == list(range(6))
        assert sorted(dicesets.colour(x, d + 1) for x in range(6)) == list(range(6))
        for n in range(1, 7):
            assert dicesets.colour(d, n) == md.colour(d, n) == rm.milestone_colour(d, n)

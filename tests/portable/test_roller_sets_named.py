"""Named sets edited in the roller (issues 18 and 19): a group of a named set's
dice keeps its tag only while the set can hold it, so no edit and no file can
make a roll crash; an edited set is named by its dice and its modifier shown
on the roll screen; presets keep distinct names; Done goes back to the dice."""
from dicebox.apps import roller, roller_menu, roller_presets, roller_sets
from dicebox.apps import roller_model as rm
from dicebox.core import events as E

from console import FakeApp, TextFB, labels, pick


def open_roller(app=None):
    app = app or FakeApp(fb=TextFB())
    roller.start(app)
    app.frame()
    return app, app.top()


def named(app, name):
    app.press(E.B)
    pick(app, "Named sets")
    pick(app, name)


def test_seven_milestones_dice_in_the_editor_roll_without_a_crash():
    app, s = open_roller()
    named(app, "Milestones")
    assert app.top() is s and s.r.title() == "Milestones"
    app.press(E.B)
    pick(app, "Dice set")
    ed = app.top()
    assert isinstance(ed, roller_sets.SetEditor)
    ed.sel = 0
    app.press(E.RIGHT)                       # 6 x d6 -> 7 x d6
    assert s.r.groups == [[7, 6, ""]]        # beyond the Milestones dice: plain dice
    pick(app, "Done")
    assert app.top() is s                    # Done goes back to the dice
    for _ in range(5):
        app.press(E.A)
        app.run(700)
        assert s.r.rolled() and s.r.total() == sum(s.r.values)
    assert s.r.title() == "7d6"
    # back to six: still plain dice (the tag is not given back), no crash either
    app.press(E.B)
    pick(app, "Dice set")
    app.top().sel = 0
    app.press(E.LEFT)
    assert s.r.groups == [[6, 6, ""]]
    app.press(E.B)
    app.press(E.B)
    app.press(E.A)
    app.run(700)
    assert s.r.rolled()


def test_fewer_milestones_dice_keep_their_colours():
    r = rm.Roller()
    r.load_preset(rm.named_set("Milestones"))
    r.change_group(0, 5, 6)
    assert r.groups == [[5, 6, "ms"]] and r.title() == "5d6"
    r.change_group(0, 5, 8)                  # other sides: not Milestones dice
    assert r.groups == [[5, 8, ""]]


def test_dairyman_groups_keep_tags_within_the_game_s_dice():
    r = rm.Roller()
    r.load_preset(rm.dairyman(2))
    r.change_group(2, 4, 6)                  # 4 red dice: the game has 4
    assert r.groups[2] == [4, 6, "R"]
    r.load_preset(rm.dairyman(2))
    r.change_group(1, 2, 6)                  # 2 yellow: the game has 1
    assert r.groups[1] == [2, 6, ""]
    r.load_preset(rm.dairyman(0))
    r.change_group(0, 8, 6)                  # 8 white: the game has 7
    assert r.groups[0] == [8, 6, ""] and r.groups[1] == [1, 6, "Y"]


def test_a_file_beyond_a_set_s_own_limits_is_refused_and_told():
    for groups in ([[7, 6, "ms"]], [[4, 6, "ms"], [3, 6, "ms"]], [[2, 8, "ms"]],
                   [[2, 6, "Y"]], [[5, 6, "R"]], [[8, 6, "W"]], [[2, 6, "Q"]]):
        app = FakeApp(fb=TextFB())
        app.store.save(roller.STORE, {"groups": groups})
        app, _ = open_roller(app)
        assert app.messages and "roller" in app.messages[-1][1], groups
        app.pop()
        s = app.top()
        assert s.r.groups == [[2, 6, ""]], groups              # the defaults
        app.press(E.A)
        app.run(700)
        assert s.r.rolled()
    # within the limits: used as it is
    app = FakeApp(fb=TextFB())
    app.store.save(roller.STORE, {"groups": [[3, 6, "ms"], [3, 6, "ms"]]})
    app, s = open_roller(app)
    assert not app.messages and s.r.pos == [0, 1, 2, 3, 4, 5]
    app.press(E.A)
    app.run(700)
    assert all(s.r.label(i) for i in range(6))


def test_an_edited_named_set_is_named_by_its_dice_and_shows_its_modifier():
    app, s = open_roller()
    named(app, "Auntie Mildred")
    app.frame()
    assert "Auntie Mildred" in app.screen()
    app.press(E.B)
    pick(app, "Dice set")
    ed = app.top()
    ed.sel = 0
    for _ in range(6):
        app.press(E.LEFT)                    # 9 -> 3 dice
    app.press(E.A)                           # the group's menu
    app.top().sel = 1
    app.press(E.RIGHT)                       # d6 -> d8
    app.press(E.B)
    pick(app, "Done")
    app.press(E.B)
    m = app.top()
    m.sel = labels(app).index("Modifier +0")
    app.press(E.RIGHT)
    app.press(E.RIGHT)
    app.press(E.B)
    assert app.top() is s
    assert s.r.title() == "3d8+2"
    app.press(E.A)
    app.run(700)
    text = app.screen()
    dice = sum(s.r.values)
    assert text.startswith("3d8+2"), text
    assert "Auntie" not in text
    assert "%d+2 = %d" % (dice, dice + 2) in text, text
    assert s.r.total() == dice + 2


def test_save_current_keeps_preset_names_distinct():
    app, s = open_roller()
    s.r.load_preset(rm.named_set("Auntie Mildred"))
    pm = roller_presets.PresetMenu(app, s)
    app.push(pm)
    pick(app, "Save current")
    pick(app, "Save current")                # the same set again: not a second copy
    assert app.messages and "Already saved as Auntie Mildred" in app.messages[-1][1]
    app.pop()
    assert labels(app) == ["Save current", "Auntie Mildred"]
    s.r.set_modifier(1)                      # another set with the same dice name
    s.r.set_groups([[9, 6, ""]])
    s.r.set_modifier(0)
    s.r.set_keep("kh", 3)
    pick(app, "Save current")
    s.r.set_keep("kh", 2)
    pick(app, "Save current")
    s.r.set_keep("", 0)
    s.r.set_groups([[1, 6, ""], [8, 6, ""]])    # "9d6" once more, other groups
    pick(app, "Save current")
    s.r.set_groups([[2, 6, ""], [7, 6, ""]])
    pick(app, "Save current")
    names = labels(app)[1:]
    assert names == ["Auntie Mildred", "9d6 kh3", "9d6 kh2", "9d6", "9d6 2"], names
    assert len(set(names)) == len(names)
    for n in names:
        assert len(n) <= 15


def test_distinct_names_stay_short_enough_to_show():
    ps = [{"name": "12d100+1d20+5 k"}]
    n = roller_presets.distinct_name(ps, "12d100+1d20+5 kh3")
    assert n == "12d100+1d20+ 2" or (len(n) <= 15 and n != ps[0]["name"]), n
    assert len(n) <= 15


def test_roller_menu_named_set_returns_to_the_dice():
    app, s = open_roller()
    named(app, "Milestones")
    assert app.top() is s
    assert isinstance(s, roller.RollScreen) and not isinstance(app.top(), roller_menu.RollerMenu)


def test_a_roller_file_that_cannot_be_set_aside_is_not_said_to_be_kept():
    app = FakeApp(fb=TextFB())
    app.store.stuck = "EIO"
    app.store.save(roller.STORE, {"groups": [[7, 6, "ms"]]})
    open_roller(app)
    text = app.messages[-1][1]
    assert "could not be set aside (EIO)" in text and "kept as .bad" not in text, text
    app = FakeApp(fb=TextFB())
    app.store.save(roller.STORE, {"groups": [[7, 6, "ms"]]})
    open_roller(app)
    assert "kept as .bad" in app.messages[-1][1]


def test_a_long_set_is_titled_whole_on_the_roll_screen_and_in_presets():
    app, s = open_roller()
    s.r.set_groups([[2, 100, ""], [3, 20, ""], [2, 12, ""], [4, 10, ""], [1, 4, ""]])
    s.r.set_modifier(-12)
    s.r.set_keep("dh", 11)
    s.relayout()
    assert len(s.r.notation()) > 16
    assert s.r.short_title() == "12 dice-12 dh11"
    app.press(E.A)
    app.run(700)
    text = app.screen()                     # TextFB: every line fits 16 columns
    assert text.startswith("12 dice-12 dh11"), text
    pm = roller_presets.PresetMenu(app, s)
    app.push(pm)
    pick(app, "Save current")
    assert labels(app)[1] == "12 dice-12 dh11"

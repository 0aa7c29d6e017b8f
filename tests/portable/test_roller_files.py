"""The roller's files: every one checked on load, damage set aside and told on the
roller's own screens, a full filesystem loses nothing in play (both runners)."""
from dicebox.apps import roller
from dicebox.apps import roller_model as rm
from dicebox.core import events as E
from dicebox.core import ui

from console import FakeApp, TextFB


def choose(app, label):
    """Select the top menu's entry ``label`` and press A."""
    m = app.top()
    labels = [m.label(i) for i in range(len(m.items))]
    m.sel = labels.index(label)
    app.press(E.A)


def started(app):
    roller.start(app)
    app.frame()
    return app.top()


def good_state():
    r = rm.Roller([[3, 6]])
    return r.to_dict()


def test_a_good_state_loads_without_a_word():
    app = FakeApp()
    app.store.save(roller.STORE, good_state())
    s = started(app)
    assert isinstance(s, roller.RollScreen) and s.r.notation() == "3d6"
    assert not app.messages and not app.store.problems


def damaged_states():
    base = good_state()
    out = []
    for key, val in (("groups", "3d6"), ("groups", [[3, 6], [7]]), ("groups", [[3, 6, 5]]),
                     ("groups", [[13, 6]]), ("groups", [[2, 1]]), ("groups", [[2, 1001]]),
                     ("mod", 100), ("mod", "2"), ("keep", ["kh", 4]), ("keep", ["dl", 3]),
                     ("keep", ["zz", 1]), ("keep", "kh1"), ("values", [1, 2]),
                     ("values", [1, 2, 7]), ("values", [1, 2, True]), ("held", [1, 0]),
                     ("held", [2, 0, 0]), ("name", 5),
                     ("history", [{"d": "3d6", "v": ["x", 2, 3], "t": 5}]),
                     ("history", [{"d": "3d6", "v": [1, 2, 3], "t": "6"}]),
                     ("history", [[7]]), ("history", {"d": 1})):
        d = dict(base)
        d[key] = val
        out.append((key, val, d))
    return out


def test_every_damaged_state_is_set_aside_and_told_on_the_roller():
    for key, val, d in damaged_states():
        app = FakeApp(fb=TextFB(strict=False))
        app.store.save(roller.STORE, d)
        top = started(app)
        assert isinstance(top, ui.Message), (key, val)
        assert app.messages[-1][0] == "Roller" and "could not be used" in app.messages[-1][1]
        assert roller.STORE in app.store.set_aside, (key, val)
        app.press(E.B)
        s = app.top()
        assert isinstance(s, roller.RollScreen) and s.r.notation() == "2d6"
        # the roller plays on and opens its History page
        app.press(E.A)
        app.run(700)
        app.press(E.B)
        choose(app, "History")
        assert isinstance(app.top(), ui.TextPage)
        assert not app.store.problems          # told once, then gone


def test_bad_history_entry_no_longer_crashes_the_history_page():
    app = FakeApp()
    d = good_state()
    d["history"] = [{"d": "3d6", "v": [1, "2", 3], "t": 6}]
    app.store.save(roller.STORE, d)
    started(app)
    app.press(E.B)          # close the notice
    app.press(E.B)          # roller menu
    choose(app, "History")
    page = app.top()
    assert isinstance(page, ui.TextPage) and page.lines == ["No rolls yet."]


def open_presets(app):
    started(app)
    app.press(E.B)
    choose(app, "Presets")


def test_preset_entry_7_is_set_aside_and_told_when_presets_open():
    app = FakeApp()
    app.store.save(rm.PRESETS, {"list": [{"name": "ok", "groups": [[1, 20]], "mod": 0,
                                              "keep": ["", 0]}, [7]]})
    open_presets(app)
    assert isinstance(app.top(), ui.Message)
    assert app.messages[-1][0] == "Presets"
    assert rm.PRESETS in app.store.set_aside
    app.press(E.B)
    pm = app.top()
    assert [pm.label(i) for i in range(len(pm.items))] == ["Save current"]
    app.press(E.A)                      # saving works again
    assert app.store.load(rm.PRESETS, None, check=rm.check_presets)["list"][0]["name"] == "2d6"


def test_damaged_presets_of_every_kind_are_refused():
    good = {"name": "x", "groups": [[2, 6]], "mod": 1, "keep": ["kh", 1]}
    assert rm.check_presets({"list": [good]})["list"][0]["groups"] == [[2, 6, ""]]
    bads = [[7], {"list": 7}, {"list": [7]}, {"list": [good] * 9},
            {"list": [{"name": "x"}]}, {"list": [dict(good, keep=["kh", 3])]},
            {"list": [dict(good, keep=["dl", 2])]}, {"list": [dict(good, mod=-100)]},
            {"list": [dict(good, name=None)]}, {"list": [dict(good, groups=[[2, 6], 7])]},
            {"list": [dict(good, groups=[[9, 6], [9, 6]])]}, {"list": [dict(good, keep=["kh"])]}]
    for b in bads:
        app = FakeApp()
        app.store.save(rm.PRESETS, b)
        open_presets(app)
        assert isinstance(app.top(), ui.Message), b
        assert rm.PRESETS in app.store.set_aside, b


def test_full_storage_keeps_playing_from_memory():
    app = FakeApp()
    s = started(app)
    app.store.fail_writes = True
    for _ in range(3):
        app.press(E.A)
        app.run(700)
    assert len(s.r.history) == 3 and s.r.rolled()
    app.press(E.UP)
    assert s.r.held[0]
    app.press(E.B)
    choose(app, "Presets")
    pm = app.top()
    app.press(E.A)                      # save current: not written, but kept on screen
    assert [pm.label(i) for i in range(len(pm.items))] == ["Save current", "2d6"]
    assert app.store.failed_writes >= 4 and app.store.notice
    pm.sel = 1
    app.press(E.A)
    app.press(E.A)                      # Load it
    assert app.top() is s and s.r.notation() == "2d6" and len(s.r.history) == 3
    app.store.fail_writes = False
    app.press(E.A)
    app.run(700)
    again = app.store.load(roller.STORE, None, check=rm.Roller.from_dict)
    assert len(again.history) == 4


def test_the_roller_record_stays_small_enough_to_be_rewritten_in_place():
    """The roller saves after every roll: with a full history of big rolls its
    record keeps the newest rolls within the inline size (storage.INLINE),
    and what is kept loads back as the newest of the history."""
    from dicebox.core import storage
    class Top:
        def roll(self, n):
            return n

    r = rm.Roller([[6, 20], [6, 100]])
    for _ in range(40):
        r.roll(Top())
    data = r.to_dict()
    text, dropped = storage.encode(roller.STORE, data, 1, "history")
    assert len(text) <= storage.INLINE and dropped > 0
    app = FakeApp()
    s = started(app)
    s.r = r
    assert s.save()
    kept = app.store.load(roller.STORE)["history"]
    assert kept == data["history"][dropped:] and kept

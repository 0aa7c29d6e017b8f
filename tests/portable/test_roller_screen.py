"""Roller screens driven by button events on a fake console (both runners).

The fake app has the screen-stack and services API of core.app.App; the frame
buffer is MicroPython's framebuf when there is one, else a small stand-in.
"""
from dicebox.apps import fairness as fz
from dicebox.apps import roller
from dicebox.apps import roller_coin, roller_fair, roller_menu, roller_presets, roller_sets
from dicebox.apps import roller_model as rm
from dicebox.core import events as E
from dicebox.core import ui

from check import allocated_by
from console import FakeApp, REAL_FB, lit, new_fb  # noqa: F401  (shared stand-in console)


def open_roller(app=None):
    app = app or FakeApp()
    roller.start(app)
    app.frame()
    return app, app.top()


def test_start_shows_unrolled_default_set():
    app, s = open_roller()
    assert isinstance(s, roller.RollScreen)
    assert s.r.notation() == "2d6" and s.r.values == [0, 0]
    assert lit(app.fb) > 0


def test_a_rolls_with_tumble_then_settles_and_saves_history():
    app, s = open_roller()
    app.press(E.A)
    assert s.tumbling
    seen = set()
    for _ in range(15):
        app.run(33)
        seen.add(tuple(s.show))
    assert s.tumbling                          # still tumbling at 0.5 s
    app.run(200)
    assert not s.tumbling                      # settled at 0.6 s
    assert s.show == s.r.values and s.r.rolled()
    assert len(seen) > 3                       # the faces changed while tumbling
    clicks = [b for b in app.beeps if b[1] <= 5]
    assert len(clicks) >= 6                    # a click at every change
    saved = app.store.load(roller.STORE, None)
    assert saved["history"][-1]["v"] == s.r.values
    assert saved["history"][-1]["t"] == s.r.total()


def test_tumble_changes_slow_down():
    app, s = open_roller()
    app.press(E.A)
    times = []
    last = list(s.show)
    for _ in range(20):
        app.run(10, 10)
        if s.tumbling and s.show != last:
            times.append(app.t)
            last = list(s.show)
    gaps = [times[i + 1] - times[i] for i in range(len(times) - 1)]
    assert len(gaps) >= 3
    assert gaps[-1] > gaps[0]


def test_shake_rolls_and_a_second_press_during_tumble_does_not_reroll():
    app, s = open_roller()
    app.shake()
    first = list(s.r.values)
    app.press(E.A)
    assert s.r.values == first and len(s.r.history) == 1
    app.run(700)
    app.press(E.A)
    assert len(s.r.history) == 2


def test_the_roll_frame_changes_no_face_the_next_frame_does():
    """The frame of a roll draws the dice as they were (the total gone); the
    faces first change in the next frame, so the roll's work and the first
    tumble picture are never one frame."""
    app, s = open_roller()
    s.r.set_groups([[6, 6, ""], [6, 6, ""]])
    s.relayout()
    app.press(E.A)
    app.run(700)                       # rolled once: faces and a total on screen
    before = list(s.show)
    assert s.r.total() is not None
    app.press(E.A)                     # the roll's frame
    assert s.tumbling and s.show == before
    app.run(33)                        # the next frame: every die tumbles
    changed = sum(1 for i in range(len(before)) if s.show[i] != before[i])
    assert changed >= 6, (before, s.show)


def test_a_roll_of_12_dice_sends_little_in_its_frame_and_at_most_the_dice_pages_after():
    """On the real driver (MicroPython): the roll's frame sends only the total
    going (under 200 bytes: a full frame is 1,025), and no tumble frame sends
    more than the six pages the dice rows cover (6 x 128 + 10 bytes)."""
    try:
        from dicebox.hal.ssd1306 import SSD1306
        from simload import SimPanel
        panel = SimPanel()
        fb = SSD1306(panel)
    except ImportError:                # CPython: no framebuf for the driver
        return
    app = FakeApp(fb=fb)
    app, s = open_roller(app)
    s.r.set_groups([[6, 6, ""], [6, 6, ""]])
    s.relayout()
    app.press(E.A)
    app.run(700)
    fb.flush()
    app.press(E.A)
    roll_frame = fb.flush()
    assert 0 < roll_frame < 200, roll_frame
    most = 0
    while s.tumbling:
        app.run(33)
        most = max(most, fb.flush())
    assert 300 < most <= 6 * 128 + 10, most
    assert panel.pixels() == fb.buffer


def test_cursor_and_hold_then_reroll_keeps_held_die():
    app, s = open_roller()
    app.press(E.A)
    app.run(700)
    app.press(E.RIGHT)
    assert s.cursor == 1
    app.press(E.UP)
    assert s.r.held == [False, True]
    kept = s.r.values[1]
    for _ in range(10):
        app.press(E.A)
        app.run(700)
        assert s.r.values[1] == kept
    app.press(E.DOWN)
    assert s.r.held == [False, False]
    app.press(E.LEFT)
    app.press(E.LEFT)
    assert s.cursor == 1  # wraps


def test_all_held_shows_a_note_and_rolls_nothing():
    app, s = open_roller()
    app.press(E.A)
    app.run(700)
    app.press(E.UP)
    app.press(E.RIGHT)
    app.press(E.UP)
    app.press(E.A)
    assert not s.tumbling and s.note == "all dice held"
    assert len(s.r.history) == 1
    app.run(1600)
    assert s.note == ""


def test_hold_before_rolling_explains():
    app, s = open_roller()
    app.press(E.UP)
    assert s.note == "roll first"


def test_roller_state_survives_restart():
    app, s = open_roller()
    for _ in range(3):
        app.press(E.A)
        app.run(700)
    app2 = FakeApp()
    app2.store = app.store
    roller.start(app2)
    s2 = app2.top()
    assert s2.r.history == s.r.history and s2.r.values == s.r.values


def test_damaged_save_falls_back_to_default():
    app = FakeApp()
    app.store.save(roller.STORE, {"groups": [[99, 6]]})
    app, msg = open_roller(app)
    assert isinstance(msg, ui.Message)            # the player is told, on the roller
    app.press(E.B)
    s = app.top()
    assert s.r.notation() == "2d6"


def test_menu_named_set_dairyman_with_red_dice():
    app, s = open_roller()
    app.press(E.B)
    m = app.top()
    assert isinstance(m, roller_menu.RollerMenu)
    labels = [m.label(i) for i in range(len(m.items))]
    i = labels.index("Named sets")
    m.sel = i
    app.press(E.A)
    nm = app.top()
    nm.sel = 1
    assert nm.label(1) == "Dairyman +1 red"       # the line under Dairyman: 1 to 4 red
    app.press(E.RIGHT)
    assert nm.label(1) == "Dairyman +2 red"
    app.press(E.A)
    assert app.top() is s
    assert s.r.count() == 10 and s.r.tags.count("R") == 2
    app.press(E.A)
    app.run(700)
    assert lit(app.fb) > 0
    assert app.store.load(roller.STORE, None)["name"] == "Dairyman"


def test_milestones_shows_colour_letters():
    app, s = open_roller()
    s.r.load_preset(rm.named_set("Milestones"))
    s.relayout()
    app.press(E.A)
    app.run(700)
    assert [s.r.label(i) for i in range(6)] == [rm.COLOURS[s.r.colour(i)] for i in range(6)]
    assert all(s.r.label(i) for i in range(6))


def test_keep_menu_drop_lowest():
    app, s = open_roller()
    s.r.set_simple(4, 6)
    s.relayout()
    app.press(E.B)
    m = app.top()
    m.sel = 2
    assert m.label(2) == "Keep all"
    app.press(E.A)
    km = app.top()
    km.sel = rm.MODES.index("dl")
    app.press(E.A)
    picker = app.top()
    assert isinstance(picker, ui.NumberPicker) and picker.value == 1
    app.press(E.A)
    assert app.top() is s
    assert s.r.mode == "dl" and s.r.keep_n == 1
    app.press(E.A)
    app.run(700)
    assert s.r.total() == sum(s.r.values) - min(s.r.values)


def test_modifier_adjust_from_menu():
    app, s = open_roller()
    app.press(E.B)
    m = app.top()
    m.sel = 1
    app.press(E.RIGHT)
    app.press(E.RIGHT)
    app.press(E.RIGHT)
    app.press(E.LEFT)
    assert s.r.mod == 2 and m.label(1) == "Modifier +2"
    assert app.store.load(roller.STORE, None)["mod"] == 2


def test_set_editor_builds_a_mixed_set():
    app, s = open_roller()
    app.push(roller_sets.SetEditor(app, s))
    ed = app.top()
    ed.sel = 1                       # "+ Add 1d6"
    app.press(E.A)
    assert s.r.notation() == "3d6"
    assert ed.label(1) == "1 x d6"
    ed.sel = 1
    app.press(E.A)                   # open group 2
    gm = app.top()
    gm.sel = 1                       # sides: Right cycles to d8
    app.press(E.RIGHT)
    assert s.r.notation() == "2d6+1d8"
    gm.sel = 0
    app.press(E.RIGHT)
    assert s.r.notation() == "2d6+2d8"
    gm.sel = 3                       # remove group
    app.press(E.A)
    assert s.r.notation() == "2d6"
    assert app.top() is ed


def test_set_editor_refuses_too_many_dice_with_a_message():
    app, s = open_roller()
    s.r.set_groups([[9, 6], [3, 6]])
    app.push(roller_sets.SetEditor(app, s))
    ed = app.top()
    ed.sel = 1
    app.press(E.RIGHT)
    assert app.messages and "12" in app.messages[-1][1]
    assert s.r.count() == 12


def test_custom_sides_picker():
    app, s = open_roller()
    app.push(roller_sets.SetEditor(app, s))
    app.press(E.A)                   # group 1
    app.top().sel = 2                # custom sides
    app.press(E.A)
    p = app.top()
    assert isinstance(p, ui.NumberPicker)
    app.press(E.RIGHT)               # +10
    app.press(E.UP)                  # +1
    app.press(E.A)
    assert s.r.notation() == "2d17"


def test_presets_save_and_load():
    app, s = open_roller()
    s.r.set_simple(4, 6)
    s.r.set_keep("dl", 1)
    pm = roller_presets.PresetMenu(app, s)
    app.push(pm)
    app.press(E.A)                   # save current
    assert pm.label(1) == "4d6 dl1"
    s.r.set_simple(1, 20)
    pm.sel = 1
    app.press(E.A)
    app.press(E.A)                   # Load
    assert s.r.notation() == "4d6 dl1"
    stored = app.store.load(rm.PRESETS, None)
    assert stored["list"][0]["keep"] == ["dl", 1]


def test_history_page_lists_newest_first():
    app, s = open_roller()
    for _ in range(3):
        app.press(E.A)
        app.run(700)
    text = roller_menu.history_text(s.r)
    assert text.split("\n")[0].startswith("=%d " % s.r.history[-1]["t"])
    assert roller_menu.history_text(rm.Roller()) == "No rolls yet."


def test_fairness_run_screen_reaches_a_verdict():
    app = FakeApp(seed=77)
    app.push(roller_fair.FairnessRun(app, 6, 1200))
    frames = 0
    while app.top().res is None and frames < 100:
        app.run(33)
        frames += 1
    assert frames == 1200 // roller_fair.PER_FRAME, frames
    v, stat, df = app.top().res
    assert df == 5 and v in (fz.FAIR, fz.SUSPECT, fz.BIASED)
    assert sum(app.top().run.counts) == 1200
    app.press(E.A)
    page = app.top()
    assert isinstance(page, ui.TextPage)
    assert "6: %d" % app.stack[-2].run.counts[5] in page.lines


def test_fairness_with_refusing_source_shows_why():
    class Refuse:
        def randbelow(self, n):
            raise ValueError("entropy source failed")
    app = FakeApp()
    app.rng = Refuse()
    app.push(roller_fair.FairnessRun(app, 20, 600))
    app.run(100)
    assert app.top().error == "entropy source failed"


def test_fairness_histogram_for_d100_draws():
    app = FakeApp()
    app.push(roller_fair.FairnessRun(app, 100, 600))
    app.run(200)
    assert app.top().res is not None
    assert lit(app.fb) > 50


def test_coin_screen_flips_and_counts():
    app = FakeApp(seed=5)
    app.push(roller_coin.CoinScreen(app))
    c = app.top()
    for _ in range(20):
        app.press(E.A)
        app.run(600)
    assert c.heads + c.tails == 20 and c.heads > 0 and c.tails > 0
    assert c.shown == c.side


def test_first_player_lands_on_the_pick():
    app = FakeApp(seed=9)
    picks = set()
    for n in (2, 3, 6):
        app.push(roller_coin.FirstScreen(app, n))
        f = app.top()
        for _ in range(12):
            app.run(3000)
            assert not f.spinning
            assert f.at == f.pick - 1 and 1 <= f.pick <= n
            picks.add((n, f.pick))
            app.press(E.A)
        app.press(E.B)
    assert (6, 6) in picks or (6, 5) in picks


def test_layouts_fit_the_panel():
    for n in range(1, rm.MAX_DICE + 1):
        size, per, rows, y0, gap = roller.layout(n)
        assert per * rows >= n
        assert per * size + (per - 1) * 3 <= 128
        assert y0 + (rows - 1) * gap + size + 3 <= 56


def test_every_set_draws_without_error():
    app, s = open_roller()
    for g in ([[1, 6]], [[3, 100]], [[6, 1000]], [[9, 6]], [[9, 20], [3, 4]]):
        s.r.set_groups(g)
        s.relayout()
        app.press(E.A)
        app.run(700)
        s.draw(app.fb)
        assert lit(app.fb) > 100


def test_tumble_and_idle_frames_allocate_nothing():
    app, s = open_roller()
    s.r.load_preset(rm.dairyman(4))
    s.relayout()
    app.beep = lambda f, ms: None

    def ticks(n):
        for _ in range(n):
            app.t += 33
            s.tick(app.t)
            s.dirty = False
    ticks(2)
    assert allocated_by(ticks, 60) in (0, None)      # idle
    s.roll()

    def tumble():
        while s.tumbling:
            ticks(1)
    assert allocated_by(tumble) in (0, None)         # the whole tumble
    assert not s.tumbling
    n = app.store.writes
    ticks(1)                                         # the landed dice are shown: now the save
    assert app.store.writes == n + 1


def test_set_editor_pages_say_what_the_keys_do():
    """Under the list, the set editor and a group's page say what the keys
    do on the selected line, as a game's new-game page does (they said
    nothing: Left/Right changing the count was to be guessed)."""
    from console import TextFB
    app, s = open_roller(FakeApp(fb=TextFB(strict=False)))
    app.push(roller_sets.SetEditor(app, s))
    ed = app.top()
    said = []
    for i in range(len(ed.items)):
        ed.sel = i
        said.append(app.screen())
    assert "Left/Right:" in said[0] and "group" in said[0], said[0]
    assert "add a group" in said[1] and "back to the" in said[2], said
    app.top().sel = 0
    app.press(E.A)                   # group 1
    gm = app.top()
    shown = []
    for i in range(len(gm.items)):
        gm.sel = i
        shown.append(app.screen())
    assert "how many" in shown[0] and "custom" in shown[1], shown
    assert "any sides" in shown[2] and "remove it" in shown[3], shown

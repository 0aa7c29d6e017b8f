from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core import memstore
from dicebox.core.app import App
from dicebox.core.settings_check import check_settings
from dicebox.apps import settings
from fakehw import FakeHW


def make():
    hw = FakeHW()
    st = memstore.MemoryStore()
    app = App(hw, st, lambda a: ui.Screen(a))
    app.home()
    settings.start(app)
    return hw, st, app, app.top()


def press(app, b):
    app.top().event(E.make(E.PRESS, b))


def test_values_change_apply_and_save_on_leaving():
    hw, st, app, s = make()
    press(app, E.A)                      # A goes on, changes nothing
    assert app.settings["sound"] is True and s.sel == 1
    press(app, E.UP)
    press(app, E.RIGHT)                  # sound off
    assert app.settings["sound"] is False and hw.buzzer.muted
    press(app, E.DOWN)
    press(app, E.LEFT)                   # brightness 4 -> 3, applied now
    assert app.settings["brightness"] == 3 and hw.display.contrast_v == 96
    press(app, E.DOWN)
    press(app, E.RIGHT)                  # dim 30 s -> 60 s
    press(app, E.DOWN)
    press(app, E.LEFT)                   # sleep 2 min -> 1 min
    press(app, E.LEFT)                   # sleep 1 min -> 30 s: dim follows down to 15 s
    assert app.settings["sleep_s"] == 30 and app.settings["dim_s"] == 15
    assert st.load("settings") is None   # nothing written yet
    press(app, E.B)                      # leaving saves
    saved = st.load("settings", check=check_settings)
    assert saved["sound"] is False and saved["brightness"] == 3
    assert saved["dim_s"] == 15 and saved["sleep_s"] == 30
    assert st.take_problems() == []


def test_i2c_speed_toggle_says_when_it_applies():
    hw, st, app, s = make()
    for _ in range(4):
        press(app, E.DOWN)
    press(app, E.A)                      # A goes on to Shake
    assert app.settings["i2c_khz"] == 1000 and s.sel == 5
    press(app, E.UP)
    press(app, E.LEFT)
    assert app.settings["i2c_khz"] == 400
    top = app.top()
    assert isinstance(top, ui.Message) and "next power-on" in " ".join(top.lines)


def test_values_stay_in_range():
    hw, st, app, s = make()
    press(app, E.DOWN)
    for _ in range(10):
        press(app, E.RIGHT)
    assert app.settings["brightness"] == 5
    for _ in range(10):
        press(app, E.LEFT)
    assert app.settings["brightness"] == 1
    for _ in range(4):
        press(app, E.DOWN)
    for _ in range(10):
        press(app, E.LEFT)
    assert app.settings["shake_sens"] == 1 and hw.shake.sensitivity == 1


def test_sleep_always_comes_after_dim():
    # every way through the two lines leaves a record the checker accepts
    hw, st, app, s = make()
    press(app, E.DOWN)
    press(app, E.DOWN)                   # on Dim
    for _ in range(8):
        press(app, E.RIGHT)              # dim 5 min: sleep follows up
        assert app.settings["sleep_s"] > app.settings["dim_s"]
    assert app.settings["dim_s"] == 300 and app.settings["sleep_s"] == 600
    press(app, E.DOWN)                   # on Sleep
    for _ in range(8):
        press(app, E.LEFT)               # sleep 30 s: dim follows down
        assert app.settings["sleep_s"] > app.settings["dim_s"]
    assert app.settings["sleep_s"] == 30 and app.settings["dim_s"] == 15
    press(app, E.B)
    assert check_settings(st.load("settings"))["sleep_s"] == 30


def test_settings_saved_on_a_full_filesystem_do_not_crash():
    hw, st, app, s = make()
    st.fail_writes = True
    press(app, E.DOWN)
    press(app, E.LEFT)
    press(app, E.B)                      # the save fails: no exception, one notice
    assert app.settings["brightness"] == 3
    assert st.notice and "not saved" in st.notice

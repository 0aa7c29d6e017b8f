from dicebox.core import events as E
from dicebox.core import storage, ui
from dicebox.core.app import App
from dicebox.apps import settings
from fakehw import FakeHW


def make():
    hw = FakeHW()
    st = storage.MemoryStore()
    app = App(hw, st, lambda a: ui.Screen(a))
    app.home()
    settings.start(app)
    return hw, st, app, app.top()


def press(app, b):
    app.top().event(E.make(E.PRESS, b))


def test_values_change_apply_and_save_on_leaving():
    hw, st, app, s = make()
    press(app, E.A)                      # sound off
    assert app.settings["sound"] is False and hw.buzzer.muted
    press(app, E.DOWN)
    press(app, E.LEFT)                   # brightness 4 -> 3, applied now
    assert app.settings["brightness"] == 3 and hw.display.contrast_v == 96
    press(app, E.DOWN)
    press(app, E.RIGHT)                  # dim 30 s -> 60 s
    press(app, E.DOWN)
    press(app, E.LEFT)                   # sleep 2 min -> 1 min
    assert st.load("settings") is None   # nothing written yet
    press(app, E.B)                      # leaving saves
    saved = st.load("settings")
    assert saved["sound"] is False and saved["brightness"] == 3
    assert saved["dim_s"] == 60 and saved["sleep_s"] == 60


def test_i2c_speed_toggle_says_when_it_applies():
    hw, st, app, s = make()
    for _ in range(4):
        press(app, E.DOWN)
    press(app, E.A)
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

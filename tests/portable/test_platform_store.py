"""Saves that fail and records that are bad: said once, play goes on; a
refused roll from any screen hook is the "Cannot roll" message."""
from dicebox.core import events as E
from dicebox.core import storage, ui, valid
from dicebox.core import memstore
from dicebox.core.app import App, RollRefused
from dicebox.core.settings_check import check_settings
from dicebox.core.troubles import ErrorScreen
from fakehw import FakeHW
from hwdrive import frames


class Saver(ui.Screen):
    """Saves on every key and every 10th frame, as a game does after each move."""

    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.n = 0

    def event(self, ev):
        self.app.store.save("game", {"n": self.n})

    def tick(self, now):
        self.n += 1
        if self.n % 10 == 0:
            self.app.store.save("game", {"n": self.n})


def test_full_filesystem_says_so_once_and_play_goes_on():
    hw = FakeHW()
    st = memstore.MemoryStore()
    app = App(hw, st, Saver)
    app.home()
    game = app.top()
    st.fail_writes = True
    frames(hw, app, 300)
    msgs = [s for s in app.stack if isinstance(s, ui.Message)]
    assert len(msgs) == 1 and "not saved" in " ".join(msgs[0].lines).lower()
    assert app.stack[0] is game               # on top of the game, not instead of it
    assert not any(isinstance(s, ErrorScreen) for s in app.stack)
    app.pop()
    app.save_settings()                       # does not raise either
    frames(hw, app, 300)
    assert app.top() is game and game.n >= 300
    st.fail_writes = False                    # space again: a later failure is said again
    frames(hw, app, 20)
    st.fail_writes = True
    frames(hw, app, 20)
    assert isinstance(app.top(), ui.Message)


def test_full_filesystem_under_the_home_menu_and_settings():
    from dicebox.apps import menu, settings
    hw = FakeHW()
    st = memstore.MemoryStore()
    st.fail_writes = True
    app = App(hw, st, menu.home)
    app.home()
    settings.start(app)
    app.top().event(E.make(E.PRESS, E.B))     # leaving settings saves: fails
    frames(hw, app, 5)
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Not saved"
    app.pop()
    assert isinstance(app.top(), menu.Home)


class Roller(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.when = None

    def event(self, ev):
        if self.when == "event":
            self.app.rng.roll(6)

    def tick(self, now):
        if self.when == "tick":
            self.when = None
            self.app.rng.roll(6)


def test_refused_roll_from_tick_or_event_is_the_cannot_roll_message():
    for where in ("tick", "event"):
        hw = FakeHW(entropy_ok=False)
        app = App(hw, memstore.MemoryStore(), Roller)
        app.home()
        r = app.top()
        frames(hw, app, 1)
        r.when = where
        hw.mask = 1 << E.A
        frames(hw, app, 2)
        top = app.top()
        assert isinstance(top, ui.Message) and top.title == "Cannot roll", where
        assert not isinstance(top, ErrorScreen)
        assert app.stack[0] is r


def test_refused_roll_class_is_the_one_the_entropy_source_raises():
    from dicebox.core import rng
    assert RollRefused is getattr(rng, "RollRefused", RollRefused)


def _bad(*checks):
    def check(data):
        valid.need(False, "dice out of range")
    return check


class Game(ui.Menu):
    """A game menu that loads its own record and takes its own problems."""

    def __init__(self, app):
        self.saved = app.store.load("game", None, check=_bad())
        self.told = app.store.take_problems("game")
        ui.Menu.__init__(self, app, "Game", [("New", None)])


def test_home_shows_only_the_problems_no_screen_took():
    from dicebox.apps import menu
    hw = FakeHW()
    st = memstore.MemoryStore()
    st.save("game", {"dice": 9})
    st.save("other", {"x": 1})
    app = App(hw, st, menu.home)
    app.home()
    assert app.top().title == "Dicebox"
    app.push(Game(app))
    g = app.top()
    assert g.saved is None and len(g.told) == 1 and "dice out of range" in g.told[0]
    st.load("other", None, check=_bad())      # a problem nobody takes
    app.top().event(E.make(E.PRESS, E.B))     # back home
    shown = [" ".join(s.lines) for s in app.stack if isinstance(s, ui.Message)]
    assert len(shown) == 1 and "other" in shown[0] and "game" not in shown[0]


def test_settings_checker():
    good = check_settings({"sound": False, "brightness": 1, "dim_s": 10, "sleep_s": 30,
                           "i2c_khz": 400, "shake_sens": 5})
    assert good["brightness"] == 1 and good["i2c_khz"] == 400
    assert check_settings({})["brightness"] == 4      # missing keys: defaults
    for bad in ({"brightness": 6}, {"brightness": 0}, {"brightness": True}, {"brightness": 2.0},
                {"sleep_s": 0}, {"sleep_s": -30}, {"dim_s": 0}, {"dim_s": 100, "sleep_s": 60},
                {"dim_s": 60, "sleep_s": 60}, {"i2c_khz": 999}, {"i2c_khz": 400.0},
                {"shake_sens": 0}, {"shake_sens": 6}, {"sound": 1}, {"sound": None},
                [], "x", None, 5):
        try:
            check_settings(bad)
        except storage.BadData:
            continue
        raise AssertionError("accepted %r" % (bad,))


def test_bad_settings_record_is_set_aside_and_said_at_home():
    from dicebox.apps import menu
    hw = FakeHW()
    st = memstore.MemoryStore()
    st.save("settings", {"brightness": 6})
    app = App(hw, st, menu.home)
    assert app.settings["brightness"] == 4
    app.home()
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Settings reset"
    assert "brightness" in " ".join(top.lines)
    st.save("settings", {"sleep_s": 0})
    app = App(hw, st, menu.home)
    assert app.settings["sleep_s"] == 120

import sys
from dicebox.core import storage, ui
from dicebox.core.app import App
from dicebox.apps import menu
from fakehw import FakeHW


def make():
    hw = FakeHW()
    app = App(hw, storage.MemoryStore(), menu.home)
    app.home()
    return hw, app


def test_home_lists_every_app_and_game():
    hw, app = make()
    labels = [app.top().label(i) for i in range(len(app.top().items))]
    for want in ("Dice roller", "Timer", "Dairyman", "Milestones", "Mildred's List", "Settings", "About"):
        assert want in labels


def test_every_entry_starts_something():
    for label, path in menu.ENTRIES:
        hw, app = make()
        menu.launcher(app, label, path)()
        top = app.top()
        assert not isinstance(top, menu.Home), label
        assert not (isinstance(top, ui.Message) and top.title == label), label


def test_an_entry_not_built_says_so():
    hw, app = make()
    menu.launcher(app, "Chess", "dicebox.games.chess")()
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Chess"
    assert "Not built yet" in " ".join(top.lines)


def test_back_home_drops_the_modules_an_app_imported():
    if sys.implementation.name != "micropython":
        return  # purging is for the device's heap; CPython keeps its modules
    hw, app = make()  # the menu has taken its snapshot of sys.modules
    menu._BASE.discard("check_probe_mod")
    import check
    sys.modules["check_probe_mod"] = check  # stands for a module an app imported
    app.home()
    assert "check_probe_mod" not in sys.modules
    assert "dicebox.apps.menu" in sys.modules and "dicebox.core.app" in sys.modules

"""Every way back to the home menu drops what the app or game imported.

Visit every menu entry and come home by each path (B presses, the app's
``home()``, the error screen, a ``pop`` of the last screen); at home the
``dicebox.apps.*`` / ``dicebox.games.*`` modules held are the ones held at
first boot, and free heap does not fall from visit to visit. The purge is for
the device's heap: it runs on MicroPython only (under CPython the tests share
one interpreter and keep their modules), so these checks run there."""
import gc
import sys
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core.troubles import ErrorScreen
from dicebox.apps import menu
from hwdrive import frames, home_console

MPY = sys.implementation.name == "micropython"


def held():
    return sorted(m for m in sys.modules
                  if m.startswith("dicebox.apps.") or m.startswith("dicebox.games."))


def press(hw, app, b):
    hw.mask = 1 << b
    frames(hw, app, 1)
    hw.mask = 0
    frames(hw, app, 1)


def opened(hw, app):
    """Frames until the Loading page (a big app's or a game's modules, one a
    frame) has handed over to what it opened."""
    for _ in range(60):
        if not isinstance(app.top(), menu.Loading):
            return
        frames(hw, app, 1)


def at_home(app):
    return len(app.stack) == 1 and type(app.stack[0]).__name__ == "Home"   # (a new module's class after a game)


LEAVE = ("Leave", "Save and quit", "Quit", "Back to menu")


def leave_item(top):
    if not isinstance(top, ui.Menu):
        return -1
    for i in range(len(top.items)):
        for w in LEAVE:
            if top.label(i).startswith(w):
                return i
    return -1


def by_b(hw, app):
    """B, and the app's own "Leave ..." / "Save and quit" where B opens a menu."""
    for _ in range(12):
        if at_home(app):
            return True
        top = app.top()
        i = leave_item(top)
        if isinstance(top, ui.Confirm):
            press(hw, app, E.A)           # "leave?" yes
        elif i >= 0:
            top.sel = i
            press(hw, app, E.A)
        else:
            press(hw, app, E.B)
    return at_home(app)


def by_home(hw, app):
    app.home()
    return True


def by_error(hw, app):
    app.fail(ValueError("test"))
    assert isinstance(app.top(), ErrorScreen)
    press(hw, app, E.A)
    return True


def by_pop(hw, app):
    while len(app.stack) > 1:
        app.pop()
    if not at_home(app):
        app.pop()                          # the last screen popped: home is made
    return True


def test_every_way_home_drops_the_modules():
    if not MPY:
        return
    hw, app = home_console()
    frames(hw, app, 2)
    while not at_home(app):                # a start-up note (no shake sensor etc.)
        app.pop()
    base = held()
    gc.collect()
    heaps = []
    for way in (by_b, by_home, by_error, by_pop):
        for label, path in menu.ENTRIES:
            menu.launcher(app, label, path)()
            opened(hw, app)
            frames(hw, app, 3)
            assert way(hw, app), (way, label, [type(s).__name__ for s in app.stack])
            while not at_home(app):        # a message about a save, say
                app.pop()
            assert held() == base, (way, label, held(), base)
        gc.collect()
        heaps.append(gc.mem_free())
    # the same visits leave the same free heap (a little noise allowed)
    assert heaps[-1] >= heaps[0] - 4096, heaps


def test_purge_keeps_the_platform():
    if not MPY:
        return
    hw, app = home_console()
    menu.launcher(app, "Dice roller", "dicebox.apps.roller")()
    opened(hw, app)
    assert "dicebox.apps.roller" in sys.modules
    app.pop()
    while not at_home(app):
        app.pop()
    assert "dicebox.apps.roller" not in sys.modules
    for m in ("dicebox.core.app", "dicebox.core.ui", "dicebox.apps.menu"):
        assert m in sys.modules


class _CountingGc:
    def __init__(self):
        self.n = 0

    def collect(self):
        self.n += 1
        gc.collect()


def test_purge_collects_only_when_it_let_code_go():
    """A purge that forgets nothing (the boot's first home menu: 0.15 ms of
    the unix port, about 90 ms of the chip's boot by the boot model) does not
    collect; one that forgets a module does."""
    if not MPY:
        return
    hw, app = home_console()
    menu.purge()                      # what earlier tests left
    counting = _CountingGc()
    saved = menu.gc
    menu.gc = counting
    try:
        got = menu.purge()
        assert got == 0 and counting.n == 0, (got, counting.n)
        menu.launcher(app, "Dice roller", "dicebox.apps.roller")()
        opened(hw, app)
        n0 = counting.n
        got = menu.purge()
        assert got >= 1 and counting.n == n0 + 1, (got, counting.n)
    finally:
        menu.gc = saved


def test_a_big_app_comes_in_a_module_a_frame():
    """The roller and the timer: what each carries (``menu.CARRIES``) and then
    its own module are imported one a frame on the Loading page, never two in
    one frame (a launch frame on the chip: at most 250 ms), and the app is up
    at the end."""
    if not MPY:
        return
    hw, app = home_console()
    for label, path in menu.ENTRIES:
        if path not in menu.CARRIES:
            continue
        while not at_home(app):
            app.pop()
        menu.purge()
        big = menu.CARRIES[path] + (path,)
        mine = [m for m in big if m not in sys.modules]
        assert path in mine, (path, "still held before its launch")
        go = menu.launcher(app, label, path)
        for i in range(60):
            before = set(sys.modules)
            if i == 0:
                go()                   # the press of A on the home menu
            else:
                frames(hw, app, 1)
            came = [m for m in big if m in sys.modules and m not in before]
            assert len(came) <= 1, (label, came)
            if not isinstance(app.top(), menu.Loading):
                break
        assert all(m in sys.modules for m in big), label
        assert not isinstance(app.top(), (menu.Loading, menu.Home)), (label, type(app.top()).__name__)
        app.home()

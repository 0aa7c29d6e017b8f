"""Loading and letting go of code: the one way the console imports a module
by its path (the launcher, the Loading page) and forgets one it imported
(the home menu's purge, a table's pages used now and then, a lesson, the
pieces of names loaded at boot), so that its code is not kept in RAM.

What each game loads is declared in its package (``games/<g>/__init__.py``):
``PLAY``, the modules play carries (the Loading page imports them one a
frame, ``apps/menu.py``), and ``ON_DEMAND``, the modules opened now and then
(start menus, setup pages, pages, help), dropped when the game's table is
back on top of the screen stack (``core/table.py``, ``Table.enter``).

The console's own modules are noted once, when the home menu first shows
(``note_console``): what the home menu's purge keeps. The note is kept here,
not in apps/menu.py, because a game's play does not keep the menu's module:
it is imported again when play comes home."""
import sys

_console = None     # the console's modules: sys.modules when the home menu first showed


def note_console():
    """The console's own modules (a set of names), noted by the first call
    (the home menu's first showing); None from that first call itself."""
    global _console
    if _console is None:
        _console = set(sys.modules)
        return None
    return _console


def load(path):
    """Import the module ``path`` ("dicebox.games.dairyman.rules") and return it."""
    mod = __import__(path)
    for part in path.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def forget(name):
    """Forget module ``name`` (MicroPython only: under CPython the tests share
    one interpreter and keep their modules); True when it was forgotten. What
    still uses it keeps it alive until it goes; the next use imports it again."""
    if sys.implementation.name != "micropython" or name not in sys.modules:
        return False
    del sys.modules[name]
    parts = name.rsplit(".", 1)
    mod = sys.modules.get(parts[0]) if len(parts) == 2 else None
    leaf = parts[-1]
    if mod is not None and hasattr(mod, leaf):
        try:
            delattr(mod, leaf)
        except (AttributeError, TypeError):
            pass
    return True


def drop(names):
    """Forget each module of ``names`` (a manifest); the count forgotten."""
    n = 0
    for name in names:
        if forget(name):
            n += 1
    return n

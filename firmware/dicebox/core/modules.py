"""Letting go of code: the one way the console forgets a module it imported
(the home menu's purge, a table's pages used now and then, a lesson, the
pieces of names loaded at boot), so that its code is not kept in RAM."""
import sys


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

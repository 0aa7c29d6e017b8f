"""Every page of Auntie Mildred's List fits the panel (the checks: test_pages_fit.py; a
module of its own so the game has the heap to itself under MicroPython)."""
from test_pages_fit import PROBLEMS, game, watch, unwatch


def test_mildred_pages_fit():
    from dicebox.games import mildred
    watch()
    try:
        game(mildred.start, "mildred")
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)

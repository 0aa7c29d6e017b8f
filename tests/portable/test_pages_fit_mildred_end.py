"""Every page of a bots' game of Auntie Mildred's List to its end page fits the
panel (the checks: test_pages_fit.py; her menus and table pages are
test_pages_fit_mildred.py: under MicroPython each module has the heap to itself)."""
from test_pages_fit import game_fits


def test_mildred_pages_to_the_end_fit():
    from dicebox.games.mildred import start as game_start
    game_fits(game_start.start, "mildred end", front=False)

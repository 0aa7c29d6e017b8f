"""Every page of Auntie Mildred's List fits the panel (the checks: test_pages_fit.py; a
module of its own so the game has the heap to itself under MicroPython; the bots'
game to its end page is test_pages_fit_mildred_end.py, as the two did not fit in one)."""
from test_pages_fit import game_fits


def test_mildred_pages_fit():
    from dicebox.games.mildred import start as game_start
    game_fits(game_start.start, "mildred", to_end=False)

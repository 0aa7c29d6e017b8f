"""Every page of Dairyman fits the panel (the checks: test_pages_fit.py; a
module of its own so the game has the heap to itself under MicroPython)."""
from test_pages_fit import game_fits


def test_dairyman_pages_fit():
    from dicebox.games.dairyman import start as game_start
    game_fits(game_start.start, "dairyman")

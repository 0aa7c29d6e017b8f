"""Auntie Mildred's List of Random Tasks: a 2-player dice placement game."""
NAME = "Auntie Mildred"


def start(app):
    from dicebox.games.mildred import screens
    screens.start(app)

"""Dairyman: roll sets of ten, fill the barns, claim milk tiles."""
NAME = "Dairyman"


def start(app):
    from dicebox.games.dairyman import screens
    screens.start(app)

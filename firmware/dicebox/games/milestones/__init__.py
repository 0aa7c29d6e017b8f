"""Milestones: a cooperative real-time dice game for 1-5 seats (bots fill seats)."""

NAME = "Milestones"


def start(app):
    from dicebox.games.milestones import screens
    screens.start(app)

"""Every page of Milestones fits the panel (the checks: test_pages_fit.py; a
module of its own so the game has the heap to itself under MicroPython)."""
from test_pages_fit import PROBLEMS, game, look, new_app, watch, unwatch


class MilestonesEnd:
    """A finished Milestones game as its result page reads it."""
    end = "time is up"
    mand_open = []

    def __init__(self, score):
        self.points = score

    def score(self):
        return self.points


def test_milestones_pages_fit():
    from dicebox.games.milestones import start as game_start
    watch()
    try:
        game(game_start.start, "milestones", to_end=False)
        from dicebox.games.milestones import pages as ending
        app = new_app()
        for score in (0, 38, 99):
            look(app, ending.Result(app, MilestonesEnd(score), (score - 1, True, False)),
                 "milestones result %d" % score)
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)

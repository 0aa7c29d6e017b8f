"""Every page of Milestones fits the panel (the checks: test_pages_fit.py; a
module of its own so the game has the heap to itself under MicroPython)."""
from test_pages_fit import PROBLEMS, game, look, new_app, watch, unwatch


class _MilestonesEnd:
    """A finished Milestones game as its result page reads it."""
    end = "time is up"
    mand_open = []

    def __init__(self, score):
        self.points = score

    def score(self):
        return self.points


def test_milestones_pages_fit():
    from dicebox.games import milestones
    watch()
    try:
        game(milestones.start, "milestones", to_end=False)
        from dicebox.games.milestones import ending
        app = new_app()
        for score in (0, 38, 99):
            look(app, ending.Result(app, _MilestonesEnd(score), (score - 1, True, False)),
                 "milestones result %d" % score)
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)



def test_milestones_lesson_pages_fit():
    """Learn to play: every box, the table at each step, the pile pickers,
    the result page, each step's hint for a wrong move, the lesson's menu
    and its questions."""
    from dicebox.core import events as E
    from console import pick
    from dicebox.games import milestones
    from dicebox.games.milestones import screens
    from test_milestones_tutorial import follow
    watch()
    try:
        app = new_app()
        milestones.start(app)
        pick(app, screens.OFFER)
        les = app.stack[1]                 # (its first box may be over it already)
        seen = []
        hinted = []

        def page(top):
            if top is les:
                look(app, les, "milestones lesson %d table" % les.i)
                if les.kind() in ("do", "keep") and not les.waiting() and les.i not in hinted:
                    hinted.append(les.i)
                    les.not_yet(les.wanted())
                    look(app, app.top(), "milestones lesson %d not yet" % les.i)
                    app.pop()
            elif top not in seen:
                seen.append(top)
                look(app, top, "milestones lesson %d %s" % (les.i, type(top).__name__))

        follow(app, les, page=page)
        look(app, app.top(), "milestones lesson: a real game?")
        assert len(hinted) >= 7 and len(seen) >= 20, (hinted, len(seen))
        app = new_app()
        milestones.start(app)
        pick(app, screens.OFFER)          # (a new console: offered again)
        les = app.stack[1]
        les.not_yet(("draw", 0, 0))        # the first card's hint (its picker is up at once)
        look(app, app.top(), "milestones lesson not yet: the pile")
        app.pop()
        app.hold_b()
        look(app, app.top(), "milestones lesson menu")
        app.pop()
        app.tap(E.B)
        look(app, app.top(), "milestones lesson leave?")
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)

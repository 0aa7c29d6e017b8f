"""Every page of Milestones' Learn to play fits the panel (the checks:
test_pages_fit.py; a module of its own beside test_pages_fit_milestones.py,
as the two walks did not fit one device-sized heap under MicroPython)."""
from test_pages_fit import PROBLEMS, look, new_app, watch, unwatch


def test_milestones_lesson_pages_fit():
    """Learn to play: every box, the table at each step, the pile pickers,
    the result page, each step's hint for a wrong move, the lesson's menu
    and its questions."""
    from dicebox.core import events as E
    from console import pick
    from dicebox.games.milestones import start as game_start
    from dicebox.core import table
    from test_milestones_tutorial import follow
    watch()
    try:
        app = new_app()
        game_start.start(app)
        pick(app, table.OFFER)
        les = app.stack[1]                 # (its first box may be over it already)
        prev = [None, 0]          # the page looked at last (pages are not kept), pages seen
        hinted = []

        def page(top):
            if top is les:
                look(app, les, "milestones lesson %d table" % les.i)
                if les.kind() in ("do", "keep") and not les.waiting() and les.i not in hinted:
                    hinted.append(les.i)
                    les.not_yet(les.wanted())
                    look(app, app.top(), "milestones lesson %d not yet" % les.i)
                    app.pop()
            elif top is not prev[0]:
                prev[1] += 1
                look(app, top, "milestones lesson %d %s" % (les.i, type(top).__name__))
            prev[0] = top

        follow(app, les, page=page)
        look(app, app.top(), "milestones lesson: a real game?")
        assert len(hinted) >= 7 and prev[1] >= 20, (hinted, prev[1])
        les = prev = page = None
        app.press(E.B)                     # no real game: the start menu (the same console)
        pick(app, table.LEARN)           # (taken once: the plain entry now)
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

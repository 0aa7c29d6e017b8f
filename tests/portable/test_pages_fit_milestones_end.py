"""Milestones played to its real end fits the panel: a person and two
Beginner bots on the table until the sand runs out (the person rolls and
claims when the card fits, the bots play), then the end page as the game
makes it, every scroll position, and the move log with the end's words (the
checks: test_pages_fit.py; a module of its own for the heap under
MicroPython)."""
from test_pages_fit import PROBLEMS, VISITED, look, new_app, watch, unwatch
from dicebox.core import events as E
from console import new_game_page


def test_a_real_milestones_end_fits():
    from dicebox.games.milestones import start as game_start
    from dicebox.games.milestones import table as MT
    watch()
    try:
        app = new_app(seed=4)
        setup = new_game_page(app, game_start.start)
        setup.cfg["bots"] = 2
        setup.cfg["level"] = 0
        setup.sel = len(setup.items) - 1
        app.press(E.A)
        tables = [x for x in app.stack if isinstance(x, MT.Table)]
        assert len(tables) == 1, app.stack
        table = tables[0]
        seen = set()
        for _ in range(2000):
            top = app.top()
            if type(top).__name__ == "Result":
                break
            name = type(top).__name__
            if top is not table:
                if name not in seen:
                    look(app, top, "milestones play > " + name)
                    seen.add(name)
                app.press(E.A)               # a pile: the one offered
                continue
            st = table.st
            if st.dice is None or st.turn == 0:
                app.shake()                  # the person rolls when it is theirs
            app.run(500, step=100)
        top = app.top()
        assert type(top).__name__ == "Result", top
        assert table.st.is_over() and table.st.end
        look(app, top, "milestones real end")
        assert "".join(app.fb.texts), app.fb.texts
        log = table.log.to_list()
        assert "game over" in log[-1], log[-1]
        app.stack[:] = [table]
        app.push(table.log.page(app))
        look(app, app.top(), "milestones real end > Moves")
    finally:
        unwatch()
    assert len([v for v in VISITED if v.startswith("milestones real end")]) == 2, VISITED
    assert not PROBLEMS, "\n".join(PROBLEMS)


def test_a_three_digit_score_keeps_its_words_clear_of_the_digits():
    """The end page writes "points" after the big digits (16 px each) and
    "best!" where it fits: a score of 100 or more ran "points" into them."""
    from dicebox.games.milestones import pages
    from test_pages_fit import FitFB
    from test_pages_fit_milestones import MilestonesEnd as Ended

    app = new_app()
    for score in (7, 42, 105, 1234):
        page = pages.Result(app, Ended(score), (10, True))
        fb = FitFB()
        page.draw(fb)
        spans = dict((s[3].strip(), s) for s in fb.spans)
        assert spans["points"][0] >= 16 * len(str(score)), (score, spans["points"])
        assert "best!" in spans, (score, sorted(spans))
        assert max(s[1] for s in fb.spans) <= 129, (score, fb.spans)
    got = list(PROBLEMS)
    del PROBLEMS[:]
    assert not got, got

"""The Hint's words fit the Hint page: each game's ``advice.HINT_LINES`` (the
reason's lines it writes for) is the page's ``HintPage.WHY_ROWS``. The
advice modules do not import the page (core/tablepages.py, about 19 KB of
the unix port's heap): a review reads their words with no page open."""

def test_each_games_hint_lines_are_the_hint_pages():
    from dicebox.core.tablepages import HintPage
    from dicebox.games.dairyman import advice as dairyman_advice
    from dicebox.games.mildred import advice as mildred_advice
    assert dairyman_advice.HINT_LINES == HintPage.WHY_ROWS
    assert mildred_advice.HINT_LINES == HintPage.WHY_ROWS


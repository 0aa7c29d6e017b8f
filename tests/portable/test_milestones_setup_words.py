"""Milestones' new-game page in words: a newcomer meets "Must-do1" and
"Glass" there first (both runners)."""
from dicebox.core import ui
from dicebox.games.milestones import start as mstart
from test_milestones_screens import App
from console import new_game_page


def test_every_line_of_the_new_game_page_says_what_it_sets_in_two_lines():
    """The two lines under the list say what the selected line sets, whole
    (not cut to two)."""
    app = App()
    setup = new_game_page(app, mstart.start)
    seen = set()
    for i in range(len(setup.items)):
        setup.sel = i
        text = setup.about()
        assert len(ui.wrap(text)) <= 2, (setup.label(i), text)
        if len(setup.items[i]) > 2:            # a line Left/Right changes
            assert text != "Left/Right change, A: next", setup.label(i)
            seen.add(text)
    assert len(seen) >= 6                      # each kind of line its own words


def test_start_says_it_starts_the_game():
    """The line under Start says what A does there, as the other games'
    new-game pages do ("A: start game", not "A: pick")."""
    app = App()
    setup = new_game_page(app, mstart.start)
    words = {}
    for i in range(len(setup.items)):
        setup.sel = i
        words[setup.label(i)] = setup.about()
    assert words["Start"] == "A: start game", words
    assert words["What is this?"] == "A: read it", words

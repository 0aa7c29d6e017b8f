"""A menu entry that cannot be used now is drawn dimmed (every other pixel
column of its row), in every game's menus alike: Dairyman's and Milestones'
game menus as Mildred's action menu (issue 18: an unavailable entry is shown
as unavailable, never moved away)."""
from console import Fresh
from console import TextFB
from dicebox.core import ui


class Quiet:
    def __init__(self):
        self.beeps = 0

    def beep(self, f, ms):
        self.beeps += 1

    def pop(self):
        raise AssertionError("A on an unavailable entry does nothing")


def row_pixels(fb, row):
    """Lit pixels in each column of menu row ``row`` (9 pixels high)."""
    y0 = 10 + row * 9
    return [sum(fb.pixel(x, y) for y in range(y0, y0 + 9)) for x in range(122)]


def draw(m):
    fb = TextFB()
    m.draw(fb)
    return fb


def test_an_entry_with_no_action_is_dimmed_and_one_with_an_action_is_not():
    app = Quiet()
    m = ui.Menu(app, "Game", [("Reroll", lambda: None), ("Reroll: no dice", None),
                              ("Level", None, lambda d: None)])
    m.sel = 2
    fb = draw(m)
    ok, off, value = row_pixels(fb, 0), row_pixels(fb, 1), row_pixels(fb, 2)
    assert m.unavailable(1) and not m.unavailable(0) and not m.unavailable(2)
    # the unavailable row has no lit pixel in its odd columns; the others do
    assert sum(off[1::2]) == 0 and sum(off[0::2]) > 0
    assert sum(ok[1::2]) > 0
    # a value line (Left/Right adjust it) is not unavailable: its bar is whole
    assert all(value[x] for x in range(1, 120, 2))


def test_the_selected_unavailable_entry_shows_a_dimmed_bar():
    app = Quiet()
    m = ui.Menu(app, "Game", [("Claim", lambda: None), ("Flip: no tiles", None)])
    m.sel = 1
    fb = draw(m)
    bar = row_pixels(fb, 1)
    # every odd column of the bar fully lit, the text cut out of the even ones only
    assert all(bar[x] == 9 for x in range(1, 120, 2))
    m.sel = 0
    whole = row_pixels(draw(m), 0)
    assert whole != bar
    m.sel = 1
    before = len(app.__dict__)
    m.event(ui.E.make(ui.E.PRESS, ui.E.A))      # nothing happens (no pop, no action)
    assert len(app.__dict__) == before


def test_dairymans_game_menu_dims_each_move_not_possible_now():
    """The real game menu of a Dairyman table before the first roll: the six
    moves in their places, each not possible yet dimmed, Moves and the rest
    not."""
    from console import FakeApp
    tablepages = Fresh("dicebox.core.tablepages")
    from dicebox.games.dairyman import rules, table as screens
    app = FakeApp()
    app.log = lambda text: None
    t = screens.Table(app, rules.State(2), [0, 0])
    app.stack = [t]
    t.cover = -1
    tablepages.game_menu(t)
    m = app.top()
    assert isinstance(m, ui.Menu) and m is not t
    seen = 0
    for top in range(0, len(m.items), m.VISIBLE):
        m.top = top
        m.sel = top
        fb = draw(m)
        for row in range(min(m.VISIBLE, len(m.items) - top)):
            i = top + row
            odd = sum(row_pixels(fb, row)[1::2]) if i != m.sel else None
            if odd is not None:
                assert (odd == 0) == (m.items[i][1] is None), m.label(i)
                seen += m.items[i][1] is None
    assert seen >= 3, [m.label(i) for i in range(len(m.items))]

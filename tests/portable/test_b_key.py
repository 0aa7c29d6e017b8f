"""B on a game's table, the same in every game, judged when it is let go:
a short B goes back (it first cancels what is in progress, else asks "Leave
the game?") and never opens a menu; holding B opens the game menu (what is
in progress kept) and its release does nothing more; a B held across a
change of screen does not fire on the screen it was not pressed on. Each
game's Controls page says so."""
from dicebox.core import events as E
from dicebox.core import ui
from console import FakeApp, TextFB


def press(app, kind):
    app.top().event(E.make(kind, E.B))


def is_game_menu(app, t):
    m = app.top()
    return isinstance(m, ui.Menu) and m.title == t.GAME


def back_to(app, t):
    """Takes the pages above table ``t`` off."""
    while app.top() is not t:
        app.pop()


def check_b(app, t, mark, marked):
    """The three B rules on table ``t`` (on top, a person to decide):
    ``mark()`` starts something a short B cancels, ``marked()`` says whether
    it is still there."""
    assert app.top() is t
    # a short B cancels first, and opens nothing
    mark()
    assert marked()
    press(app, E.PRESS)
    assert app.top() is t and marked()          # nothing yet: judged when let go
    press(app, E.RELEASE)
    assert app.top() is t and not marked()
    # a short B with nothing to cancel asks to leave, never a menu
    app.tap(E.B)
    c = app.top()
    assert isinstance(c, ui.Confirm) and c.lines[0] == "Leave the game?"
    app.tap(E.B)                                # stay
    assert app.top() is t
    # held: the game menu, the marks kept; its release does nothing more
    mark()
    press(app, E.PRESS)
    press(app, E.LONG)
    assert is_game_menu(app, t) and marked()
    menu = app.top()
    press(app, E.RELEASE)
    assert app.top() is menu
    app.tap(E.B)                                # the menu closes on the press ...
    assert app.top() is t and marked()          # ... and its release asks nothing
    app.tap(E.B)                                # (the marks go)
    assert app.top() is t and not marked()
    check_across(app, t)


def test_mildred():
    from test_mildred_base import mk
    from dicebox.games.mildred import table as S
    app = FakeApp(3, fb=TextFB(strict=False))
    st = mk(pools=((1, 2, 6), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    back_to(app, t)
    state = {"menu": None}

    # Mildred's table has no selection of its own: what a B cancels there is
    # an action menu (A); B's press closes it, its release goes nowhere
    def mark():
        app.press(E.A)
        state["menu"] = app.top()

    def marked():
        return state["menu"] is not None and state["menu"] in app.stack

    assert not is_game_menu(app, t)
    mark()
    assert type(state["menu"]).__name__ == "ActionMenu"
    app.tap(E.B)
    assert app.top() is t                        # closed by the press, no question after
    state["menu"] = None
    # the rest on the table itself: nothing there to cancel, so the marks are none
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm)
    app.tap(E.B)
    app.hold_b()
    assert is_game_menu(app, t)
    app.tap(E.B)
    assert app.top() is t
    check_across(app, t)


def check_across(app, t):
    """The across-a-screen part of check_b (alone, for a table with nothing
    to cancel): pressed on the table, a page comes and goes while B is held,
    and nothing fires."""
    press(app, E.PRESS)
    app.push(ui.Message(app, "News", "A page that came by itself."))
    assert app.top() is not t
    app.press(E.A)                              # read and closed with A, B still down
    back_to(app, t)
    assert app.top() is t
    press(app, E.LONG)
    assert app.top() is t                       # no menu ...
    press(app, E.RELEASE)
    assert app.top() is t                       # ... and no question
    # pressed on a page above (which it closes): its hold and release do nothing here
    app.push(ui.Message(app, "News", "Another page."))
    assert app.top() is not t
    press(app, E.PRESS)
    back_to(app, t)
    assert app.top() is t
    press(app, E.LONG)
    press(app, E.RELEASE)
    assert app.top() is t
    # and a fresh short B still goes back
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm)
    app.tap(E.B)
    assert app.top() is t


def test_dairyman():
    from dicebox.games.dairyman import table as screens, rules
    app = FakeApp(11, fb=TextFB(strict=False))
    t = screens.Table(app, rules.State(2), [0, 2])
    app.push(t)
    for _ in range(10):
        back_to(app, t)
        if t.my_turn():
            break
        app.press(E.A)                          # roll
    assert t.my_turn()
    s = t.s

    def mark():
        fr = t.free()
        for i in fr:                            # a die that does not lock alone
            if s.dv[i] < 10:
                t.cur = i
                break
        if not t.sel:
            app.press(E.A)

    def marked():
        return bool(t.sel)

    check_b(app, t, mark, marked)
    # freeze picking is left by a short B too
    t.mode = 1
    app.tap(E.B)
    assert t.mode == 0 and app.top() is t


def test_milestones():
    from test_milestones_screens import App, setup_solo
    app = App()
    t = setup_solo(app, bots=0)
    app.shake()
    app.run(400)
    assert t.st.dice is not None and app.top() is t

    def mark():
        if not t.sel:
            app.press(E.A)                      # a reroll mark on the die at the cursor

    def marked():
        return bool(t.sel)

    check_b(app, t, mark, marked)
    # a keep mark (A twice) is cleared by a short B too, and kept by a hold
    app.press(E.A)
    app.press(E.A)
    assert t.keepm and not t.sel
    app.hold_b()
    assert is_game_menu(app, t) and t.keepm
    app.tap(E.B)
    app.tap(E.B)
    assert not t.keepm and app.top() is t


def test_each_controls_page_says_short_b_goes_back_and_holding_b_opens_the_menu():
    from dicebox.games.dairyman import help as DH
    from dicebox.games.mildred import help as MH
    from dicebox.games.milestones import help as SH
    for text in (DH.CONTROLS, " ".join(MH.CONTROLS), SH.CONTROLS):
        assert "Hold B: game menu" in text or "Hold B: the game menu" in text, text[:60]
        assert "B: back" in text, text[:60]

"""Milestones' sand waits while a page that is not play is over the table
(the game menu, its Hint and help, the move log, the leave question): the
console's pause, so a newcomer can read without losing time. It runs on while
a person chooses a pile or looks at their card, as at a real table (a
newcomer lost 26 s of sand reading the game menu). The bots' pace also steps
with Left/Right in the game menu."""
from dicebox.core import events as E
from dicebox.core import ui
from test_milestones_screens import App, shaken


def started():
    app = App()
    table = shaken(app, 2, 2000)
    return app, table


def test_the_game_menu_and_its_pages_keep_the_sand_waiting():
    app, table = started()
    st = table.st
    left = st.time_left()
    app.hold_b()                                  # the game menu
    menu = app.top()
    assert isinstance(menu, ui.Menu) and menu is not table
    app.run(20000)                                # 20 s reading the menu
    labels = [menu.label(i) for i in range(len(menu.items))]
    menu.sel = labels.index("Moves")
    app.press(E.A)                                # the move log over the table
    app.run(10000)
    while app.top() is not table:
        app.press(E.B)
    app.run(100)
    assert left - 300 <= st.time_left() <= left, (left, st.time_left())
    app.run(5000)                                 # back at the table the sand runs
    assert left - 5600 <= st.time_left() <= left - 4600, (left, st.time_left())


def test_the_leave_question_keeps_the_sand_waiting_and_a_leave_keeps_the_time():
    app, table = started()
    st = table.st
    left = st.time_left()
    app.press(E.B)
    app.press(E.B, E.RELEASE)                     # a short B: "Leave the game?"
    q = app.top()
    assert isinstance(q, ui.Confirm), q
    app.run(15000)
    app.press(E.A)                                # yes: laid down and saved
    saved = app.store.load(table.SAVE, None)
    assert saved is not None
    assert left - 300 <= st.time_left() <= left, (left, st.time_left())


def test_choosing_a_pile_lets_the_sand_run():
    app, table = started()
    st = table.st
    left = st.time_left()
    table.in_play = True                          # as the table pushes its pile picker
    app.push(ui.Menu(app, "Which pile?", [("Easy", lambda: app.pop())]))
    app.run(4000)
    app.press(E.A)
    app.run(100)
    assert st.time_left() <= left - 3900, (left, st.time_left())


def test_the_bots_pace_steps_with_left_and_right():
    app, table = started()
    app.hold_b()
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    menu.sel = [i for i in range(len(labels)) if labels[i].startswith("Pace")][0]
    assert menu.label(menu.sel) == "Pace: normal"
    app.press(E.LEFT)
    assert menu.label(menu.sel) == "Pace: calm"
    app.press(E.LEFT)
    assert menu.label(menu.sel) == "Pace: calm"   # the slowest stays
    app.press(E.RIGHT)
    app.press(E.RIGHT)
    assert menu.label(menu.sel) == "Pace: quick" and table.pace() == 2

"""On a bot's turn A still marks a die (a request to keep it): the cursor must
be drawn there too, or the player marks a die they cannot see (the lesson
asks for exactly that: "Ask S2 to KEEP your 6B: A twice on it")."""
from dicebox.core import events
from dicebox.games.milestones import view as MS_view
from test_milestones_part_draw import Frames, panel, start


def picture(table):
    fb, buf = panel()
    MS_view.View().draw(table, fb)
    return bytes(buf)


def bot_turn_with_dice(table, app):
    st = table.st
    for _ in range(3000):
        app.t += 33
        top = app.top()
        if type(top).__name__ == "PilePicker":
            app.press(events.A)
        elif top is table and st.setup >= st.n and table.human(st.turn) and st.dice is None:
            top.event(events.make(events.SHAKE))
        elif top is table and st.setup >= st.n and table.human(st.turn) and st.dice is not None:
            table.cur = 0
            app.press(events.A)                  # a reroll mark, then the reroll
            top.event(events.make(events.SHAKE))
        app.frame()
        if (app.top() is table and st.setup >= st.n and not table.human(st.turn)
                and st.dice is not None and not table.animating()):
            return True
    return False


def test_the_cursor_is_drawn_on_a_bots_turn():
    app = Frames(3)
    table = start(app, 1, 1)
    assert bot_turn_with_dice(table, app)
    for show in (True, False):                   # with your card under the dice and without
        table.show_card = show
        table.cur = 1
        one = picture(table)
        table.cur = 4
        four = picture(table)
        assert one != four, show                 # the cursor moved: the picture shows it
        before = table.sel | table.keepm
        app.press(events.A)                      # and A marks the die it shows
        assert (table.sel | table.keepm) ^ before == 1 << 4
        app.press(events.A)
        app.press(events.A)                      # back to no mark
        assert (table.sel | table.keepm) == before

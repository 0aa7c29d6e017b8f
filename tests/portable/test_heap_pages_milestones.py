"""What Milestones' play does not need is not kept while its table is on top
(a module of its own: under MicroPython each test module has the device-sized
heap to itself, and compiling three games' sources in one would not fit).
"""
from console import Fresh
import sys
from dicebox.core import events as E
from test_milestones_screens import App as MApp

MPY = sys.implementation.name == "micropython"


def loaded(*leaves):
    return [m for m in sys.modules if m.rsplit(".", 1)[-1] in leaves]


def _milestones_table(app):
    from test_milestones_screens import setup_solo
    return setup_solo(app, bots=1)


def test_milestones_play_drops_the_pages_and_the_help():
    app = MApp()
    t = _milestones_table(app)
    t.enter()
    if MPY:
        assert loaded("pages", "help", "lesson", "tablepages") == []


def test_milestones_lines_waiting_for_the_message_line_are_capped():
    from dicebox.games.milestones import table as play
    app = MApp()
    t = _milestones_table(app)
    t.msg = "busy"
    t.humans = 2                                  # a recap is for pass and play
    t.seen = [t.log.count, None]
    for k in range(30):
        t.log.add("S2 scored line %d" % k)
    t.prev_turn = 1
    t.st.turn = 0
    t.st.started = True
    t._recap()
    assert len(t.said) == play.SAID_MAX
    assert t.said[-1] == "S2 scored line 29"      # the newest lines are kept
    for k in range(20):                           # and so does a bot's "keep" call
        t.said.append("x%d" % k)
    t.cap_said()
    assert len(t.said) == play.SAID_MAX and t.said[-1] == "x19"


def test_milestones_a_key_on_a_finished_table_shows_the_result_again():
    MS_pages = Fresh("dicebox.games.milestones.pages")
    app = MApp()
    t = _milestones_table(app)
    app.shake()
    app.run(185000, step=250)          # the sand runs out: the result page
    assert t.st.is_over()
    assert isinstance(app.top(), MS_pages.Result)
    app.pop()                          # the result page gone, the table on top
    t.enter()
    t.event(E.make(E.PRESS, E.A))
    assert isinstance(app.top(), MS_pages.Result)

"""What a frame of a game holds (issue 10): the Milestones table collects the
heap only in frames where nothing moves, the turn coming back to a person
does not cut a whole recap in one frame, and a redraw of the clock does not
build the card's and the message's lines again."""
from dicebox.core import events, table as core_table
from console import FakeApp, TextFB
from dicebox.games.milestones import screens
from test_milestones_screens import App, setup_solo


class ShortHeap(App):
    """A console whose heap is always short: every look at the heap collects."""

    def __init__(self, seed=3):
        App.__init__(self, seed)
        self.in_frame = []
        self.frame_no = 0

    def collect_if_low(self):
        self.collects += 1
        self.in_frame.append(self.frame_no)
        return True


def test_milestones_collects_only_where_no_bot_steps_nothing_is_played_or_drawn():
    app = ShortHeap(seed=5)
    table = setup_solo(app, bots=3)
    st = table.st
    app.shake()                                  # the sand runs, the bots play
    held = 0
    steps = 0
    for i in range(900):                         # 30 s of 33 ms frames
        app.frame_no = i
        n = len(app.in_frame)
        moves = table.log.count
        rolls = st.rolls
        app.t += 33
        top = app.top()
        top.tick(app.t)
        anim = table.animating()
        dirty = table.dirty
        if table.dirty and app.top() is table:
            table.dirty = False
            table.draw(app.fb)
        if table.stepped:
            steps += 1
        if len(app.in_frame) > n:
            held += 1
            assert not table.stepped and table.log.count == moves and st.rolls == rolls, i
            assert not anim and not dirty, i
        if st.is_over() or app.top() is not table:
            break
        if st.turn == 0 and i % 60 == 0:        # you reroll a die now and then
            table.sel = 1
            app.shake()
    assert held >= 20 and steps >= 300
    assert st.rolls >= 5                         # the bots still play


def test_milestones_gives_one_frame_in_six_to_the_heap_when_it_has_room():
    app = App(seed=5)
    table = setup_solo(app, bots=2)
    app.shake()
    steps = 0
    n = 12 * core_table.HEAP_EVERY
    for _ in range(n):
        app.t += 33
        table.tick(app.t)
        table.dirty = False                      # drawn: the next look is not put off
        steps += 1 if table.stepped else 0
    assert n - 2 * 12 <= steps <= n - 12         # about one frame in six looks at the heap


def test_the_recap_cuts_one_line_a_message():
    app = App(seed=4)
    table = setup_solo(app, bots=2)
    st = table.st
    app.shake()                                  # your roll: S2's turn
    app.run(100)
    for k in range(6):                           # what the bots did meanwhile
        table.log.add("S%d scored run of %d: +%d, team %d; a long line" % (2 + k % 2, k + 2, 10 + k, k))
    calls = []
    real = screens.short

    def counted(line):
        calls.append(line)
        return real(line)
    screens.short = counted
    try:
        said = []
        back = None
        for i in range(1500):                    # a message shows 2.5 s
            before = len(calls)
            app.run(33, step=33)
            assert len(calls) - before <= 1     # never a whole recap cut in one frame
            if st.turn == 0 and back is None:
                back = i
            if table.msg and (not said or said[-1] != table.msg):
                said.append(table.msg)
            want = ["S%d scored +%d" % (2 + k % 2, 10 + k) for k in range(6)]
            if [x for x in said if x in want] == want:
                break
        assert back is not None
        assert [x for x in said if x in want] == want     # each said, in order, cut
    finally:
        screens.short = real


def test_a_clock_redraw_does_not_set_out_the_card_and_the_message_again():
    app = App(seed=4)
    table = setup_solo(app, bots=0)
    app.shake()
    table.say("S1 scored run of 3")
    built = {"card": 0, "wrap": 0}
    real_card = screens.card_lines
    real_wrap = screens.ui.wrap

    def card_lines(card, width=16):
        built["card"] += 1
        return real_card(card, width)

    def wrap(text, width=16):
        built["wrap"] += 1
        return real_wrap(text, width)
    screens.card_lines = card_lines
    screens.ui.wrap = wrap
    try:
        fb = TextFB(strict=False)
        table.draw(fb)
        first = fb.shown()
        once = dict(built)
        assert once["card"] == 1
        for _ in range(5):                       # the clock's seconds: same card, same line
            app.t += 1000
            table.draw(fb)
        assert built == once
        assert fb.shown().split(" | ")[-3:] == first.split(" | ")[-3:]   # the card, the line
        table.say("A new line")
        table.draw(fb)
        assert built["card"] == 1 and built["wrap"] == once["wrap"] + 1
        assert "A new line" in fb.shown()
    finally:
        screens.card_lines = real_card
        screens.ui.wrap = real_wrap

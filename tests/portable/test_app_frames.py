"""What a frame of a game holds (issue 10): the Milestones table collects the
heap only in frames where nothing moves, the turn coming back to a person
does not cut a whole recap in one frame, and a redraw of the clock does not
build the card's and the message's lines again."""
from dicebox.core import events, ui, table as core_table
from console import TextFB
from dicebox.games.milestones import table as play
from dicebox.games.milestones import view as MS_view
from dicebox.games.milestones import table as MS_table
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
    assert st.rolls >= 3                         # the bots still play (each action's save
                                                 # takes three still frames, with no bot step)


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
    """Lines waiting for the message line (a pass-and-play recap) are cut by
    short() one per message as each is said, never all in one frame."""
    app = App(seed=4)
    table = setup_solo(app, bots=0)              # nothing changes the dice meanwhile
    app.shake()
    app.run(100)
    table.said += ["S%d scored run of %d: +%d, team %d; a long line" % (2 + k % 2, k + 2, 10 + k, k)
                   for k in range(6)]
    calls = []
    real = play.short

    def counted(line):
        calls.append(line)
        return real(line)
    play.short = counted
    try:
        said = []
        want = ["S%d scored +%d" % (2 + k % 2, 10 + k) for k in range(6)]
        for i in range(1500):                    # a message shows 2.5 s
            before = len(calls)
            app.run(33, step=33)
            assert len(calls) - before <= 1     # never a whole recap cut in one frame
            if table.msg and (not said or said[-1] != table.msg):
                said.append(table.msg)
            if [x for x in said if x in want] == want:
                break
        assert [x for x in said if x in want] == want     # each said, in order, cut
    finally:
        play.short = real


def test_a_clock_redraw_does_not_set_out_the_card_and_the_message_again():
    app = App(seed=4)
    table = setup_solo(app, bots=0)
    app.shake()
    table.say("S1 scored run of 3")
    built = {"card": 0, "wrap": 0}
    real_card = MS_view.card_lines
    real_wrap = ui.wrap

    def card_lines(card, width=16):
        built["card"] += 1
        return real_card(card, width)

    def wrap(text, width=16):
        built["wrap"] += 1
        return real_wrap(text, width)
    MS_view.card_lines = card_lines
    ui.wrap = wrap
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
        MS_view.card_lines = real_card
        ui.wrap = real_wrap


class Counted(App):
    """A console that counts its frames like core.app.App (``frames`` goes up
    at the end of each): a key is handled, then the tick, then the drawing."""

    def __init__(self, seed=3):
        App.__init__(self, seed)
        self.frames = 0

    def run(self, ms, step=100):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.top().tick(self.t)
            self.frames += 1

    def one(self, key=None):
        """One frame: the key's event (a callable), the tick, the drawing.
        Returns what the frame did."""
        table = self.table
        moves = table.log.count
        saves = table.saves
        steps0 = table.steps
        self.t += 33
        if key is not None:
            key()
        top = self.top()
        top.tick(self.t)
        drew = False
        top = self.top()
        if top.dirty:
            top.dirty = False
            top.draw(self.fb)
            drew = not top.dirty                 # a table that put its picture off is dirty again
        self.frames += 1
        return {"moves": table.log.count - moves, "saves": table.saves - saves,
                "step": table.steps != steps0, "drew": drew}


def test_milestones_draws_a_bots_action_and_your_roll_in_the_next_frame_which_does_nothing_else():
    app = Counted(seed=6)
    table = setup_solo(app, bots=2)
    app.table = table
    st = table.st
    f = app.one(app.shake)                       # your roll: the dice are rolled...
    assert f["moves"] >= 1 and st.started
    assert not f["drew"] and not f["step"] and table.dirty    # ...and drawn in the next frame
    f = app.one()
    assert f["drew"] and not f["step"] and not f["saves"]
    played = 0
    for _ in range(900):
        f = app.one()
        if f["moves"] and not f["saves"]:            # a bot's action played in this frame
            played += 1
            assert not f["drew"], f
            g = app.one()                            # its picture: no bot step, no save
            assert g["drew"] and not g["step"] and not g["saves"] and not g["moves"], g
        if st.is_over() or app.top() is not table:
            break
    assert played >= 3


def test_milestones_runs_no_bot_step_in_the_frame_you_act_in():
    app = Counted(seed=7)
    table = setup_solo(app, bots=2)
    app.table = table
    app.one(app.shake)
    for _ in range(3000):                        # the bots roll (paced to a person: seconds apart)
        app.one()
        if table.st.turn == 0 and not table.pending_save:
            break
    assert table.st.turn == 0
    table.cur = 2

    def mark_and_roll():
        app.press(events.A)                      # mark the die...
        app.shake()                              # ...and reroll it
    f = app.one(mark_and_roll)
    assert f["moves"] >= 1 and not f["step"]


def test_short_cuts_a_move_line_as_the_split_version_did():
    def by_split(line):
        line = line.split(";")[0]
        k = line.find(" scored ")
        if k > 0 and ": " in line:
            return line[:k] + " scored " + line.split(": ", 1)[1].split(",")[0]
        return line
    for line in ("S2 scored run of 3: +2, team 5; S2 drew a green card",
                 "You scored 3 of a kind: +1, team 1",
                 "S3 scored full house: +4",
                 "S4 rerolled 6K 2R and got 1K 3R",
                 "S2: keep 6G 5G",
                 "S1: your turn",
                 "S2 scored +1",
                 "The dice met a must-do card (1 open)",
                 "x scored : a,b;c", ""):
        assert MS_table.short(line) == by_split(line), line

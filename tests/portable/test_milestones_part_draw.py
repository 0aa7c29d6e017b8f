"""A Milestones frame that runs a bot step draws only the parts of the table
that changed (the cue, a second, a die, the message line): the picture must
be the one a whole redraw makes, frame after frame, with your card under the
dice and without, while the dice tumble, marks come and go and bots ask to
keep dice."""
from dicebox.core import events
from dicebox.games.milestones import start as screens
from dicebox.games.milestones import table as MS_table
from dicebox.games.milestones import view as MS_view
from console import FakeApp, TextFB, new_game_page

try:
    import framebuf
except ImportError:
    framebuf = None


def panel():
    """(frame buffer, its bytes): the real framebuf where there is one."""
    if framebuf is not None:
        buf = bytearray(1024)
        return framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), buf
    fb = TextFB(strict=False)
    return fb, fb.px


class Frames(FakeApp):
    """The stand-in console counting its frames as core.app.App does: the
    keys, the tick, the drawing, then ``frames`` goes up."""

    def __init__(self, seed):
        self.fb, self.buf = panel()
        FakeApp.__init__(self, seed, fb=self.fb)
        self.settings["sound"] = False
        self.frames = 0
        self.ref, self.ref_buf = panel()

    def press(self, b, kind=events.PRESS):
        self.top().event(events.make(kind, b))

    def frame(self):
        """One frame: 1 when the table on top ran a bot step and drew only a
        part, 2 when it ran one and drew the whole table, else 0."""
        top = self.top()
        top.tick(self.now())
        top = self.top()
        got = 0
        if top is not None and top.dirty:
            top.dirty = False
            table = top if isinstance(top, MS_table.Table) else None
            part = table is not None and top.stepped_at == self.frames and top.view.fb is self.fb
            top.draw(self.fb)
            if table is not None and not table.dirty:
                self.check(table)
                if table.stepped:
                    got = 1 if part else 2
        self.frames += 1
        return got

    def check(self, table):
        """The picture on the panel is the whole redraw's (drawn apart, by a view of its own)."""
        MS_view.View().draw(table, self.ref)
        if table.busy:
            table.draw_cue(self.ref)
        assert bytes(self.ref_buf) == bytes(self.buf), (self.frames, table.st.rolls)


def start(app, humans, bots):
    setup = new_game_page(app, screens.start)
    setup.cfg["humans"] = humans
    setup.cfg["bots"] = bots
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    assert isinstance(table, MS_table.Table)
    return table


def play(humans, bots, seed, frames=1500):
    app = Frames(seed)
    table = start(app, humans, bots)
    table.cfg["pace"] = 2                           # quick: the bots reroll often
    st = table.st
    parts = 0
    wholes = 0                                      # a step and a whole redraw in one frame
    mine = 0
    for i in range(frames):
        app.t += 33
        top = app.top()
        if type(top).__name__ == "PilePicker":
            app.press(events.A)
        elif top is table and st.setup >= st.n and not st.over:
            if st.dice is None and i % 50 == 0:
                app.top().event(events.make(events.SHAKE))
            elif i % 97 == 0:                       # a mark to reroll, then a shake
                table.cur = i % 6
                app.press(events.A)
                mine = i
            elif mine and i - mine == 20:
                app.top().event(events.make(events.SHAKE))
                mine = 0
            elif i % 211 == 0 and humans == 1:      # your card hidden, then shown again
                app.press(events.DOWN)
            elif i % 173 == 0:                      # a keep mark (A twice on a die)
                table.cur = (i + 3) % 6
                app.press(events.A)
                app.press(events.A)
            elif i % 131 == 0:                      # marks cleared (a short B)
                app.press(events.B)
                app.press(events.B, events.RELEASE)
                if app.top() is not table:          # "Leave the game?": stay
                    app.press(events.B)
        elif top is not table and type(top).__name__ != "PilePicker":
            if st.over:
                break
            app.press(events.B)                     # a page over the table: back to it
        got = app.frame()
        parts += got == 1
        wholes += got == 2
        if st.over:
            break
    # a step frame draws the whole table only as its first picture after a
    # page over the table (a pile to pick, "Leave the game?") was closed
    assert wholes <= 12, wholes
    return parts, st.rolls


def test_alone_with_your_card_under_the_dice():
    parts, rolls = play(1, 4, seed=5)
    assert parts >= 100 and rolls >= 5, (parts, rolls)


def test_two_people_with_the_dice_colours_drawn():
    parts, rolls = play(2, 3, seed=7)
    assert parts >= 100 and rolls >= 5, (parts, rolls)

"""What the games' guided first games (Learn to play) share: the text box
that waits for B's release, and the script's bookkeeping mixed into each
game's own table (``Beats``). Imported with a lesson only.

A lesson's script is ``BEATS``: one ``(text, kind, what)`` a step, ``text``
the box shown before it ("" for none), ``kind`` what the step is ("do": the
person's move ``what``; the games add their own kinds), ``i`` the step under
way."""
from dicebox.core import events as E
from dicebox.core import ui


class Box(ui.Message):
    """A lesson's text box: A or a short B goes on, holding B opens the
    lesson's menu (so the box waits for B's release, as the table does)."""

    def __init__(self, app, lesson, title, text, on_close=None):
        ui.Message.__init__(self, app, title, text, on_close)
        self.lesson = lesson
        self.b_down = False

    def event(self, ev):
        if E.button(ev) == E.B:
            k = E.kind(ev)
            if k == E.PRESS:
                self.b_down = True
            elif k == E.LONG and self.b_down:
                self.b_down = False
                self.lesson.menu()
            elif k == E.RELEASE and self.b_down:
                self.b_down = False
                ui.Message.event(self, E.make(E.PRESS, E.B))
            return
        ui.Message.event(self, ev)


class Beats:
    """Mixed into a game's table before it (``class Lesson(Beats, Table)``):
    the step under way, the move it asks for, the box's title, no saves, and
    leaving from any page the lesson put up."""

    BEATS = ()
    AT_TABLE = ()       # a lesson's bot is its script: the game's bot is not brought in
    KEEP_LOG = False    # nor is it kept for replay (core/table.py)

    def beat(self):
        return self.BEATS[self.i] if self.i < len(self.BEATS) else None

    def wanted(self):
        b = self.beat()
        return b[2] if b is not None and b[1] == "do" else None

    def step_title(self):
        """"Lesson k/n": the steps with a box, and how many of them are done."""
        n = 0
        k = 0
        for j in range(len(self.BEATS)):
            if self.BEATS[j][0]:
                n += 1
                if j <= self.i:
                    k = n
        return "Lesson %d/%d" % (k, n)

    def idle(self):
        """The lesson's table is on top with nothing under way: a step's box
        may go up."""
        return (not self.done and self.app.top() is self and not self.queue
                and not self.redraw)

    def show_beat(self, b):
        """Put up step ``b``'s box (once a step), or at the script's end the
        question of a real game. True when a page went up."""
        if b is not None and b[0] and self.said < self.i:
            self.said = self.i
            self.app.push(Box(self.app, self, self.step_title(), b[0], self.closed))
            return True
        if b is not None and b[1] == "end":
            self.done = True
            self.ask_real()
            return True
        return False

    def ask_real(self):
        """The script is over: a real game now, or leave."""
        self.app.push(ui.Confirm(self.app, "Start a real game now?", self.real,
                                 self.leave, "A:yes", "B:no"))

    def save_now(self):
        """The table's save: a lesson writes nothing."""
        self.pending_save = False
        return True

    def ask_leave(self):
        """A short B on the lesson's table (with nothing to cancel)."""
        # a lesson is not saved: said here, where it is lost
        self.app.push(ui.Confirm(self.app, "Leave the lesson? It starts over next time.",
                                 self.leave, None,
                                 "A:leave", "B:stay"))

    def unwind(self):
        """Close every page the lesson put up over itself, then the lesson:
        what was under it (the game's start menu) is on top again."""
        app = self.app
        n = 0
        while app.top() is not None and app.top() is not self and n < 16:
            app.pop()
            n += 1
        if app.top() is self:
            app.pop()

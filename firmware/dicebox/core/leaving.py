"""The way back from a table to the screen under it, a step a frame
(``Leaving``): imported as a table is left, never carried by play."""
import sys
from dicebox.core import ui
from dicebox.core.modules import drop, load


class Leaving(ui.Screen):
    """The way from a table back to the screen under it (the game's start
    menu, or the home menu), a step a frame as the way in is
    (``Table.load_next``). The frame that left the table saved it (this
    screen's first tick is that frame's, nothing more). The next lets go of
    the modules only play needs (``gone``: the bot's) and collects the heap.
    Then each module the screen under it reads as it comes back (``back``:
    the start pages, a save's checks) is imported in a frame of its own, and
    then that screen comes back with nothing left to import. So no frame
    holds a save beside an import, or two imports, and the start pages never
    come in beside the bot. A few frames: keys pressed meanwhile are not the
    menu's."""

    def __init__(self, app, gone, back):
        ui.Screen.__init__(self, app)
        self.gone = gone
        self.back = back
        self.i = -2

    def event(self, ev):
        pass

    def tick(self, now):
        if self.i == -2:
            self.i = -1                 # the frame of the leaving key: it saved
            return
        if self.i < 0:
            self.i = 0
            if drop(self.gone):
                self.app.collect()      # the bot let go: a frame of its own
                return
        while self.i < len(self.back):
            path = self.back[self.i]
            self.i += 1
            if path not in sys.modules:
                load(path)
                return
        self.app.pop()

    def draw(self, fb):
        fb.fill(0)
        ui.text_center(fb, "Leaving the game", 28)

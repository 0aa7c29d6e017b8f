"""Auntie Mildred's start menu: Resume, New game (the shared new-game page,
``core/tablepages.py``), Learn to play, Records, the help pages. Imported by
the launcher after what play carries; it stays under the table, so what it
opens is imported when it opens (and dropped while the table is on top)."""
from dicebox.core import table, ui
from dicebox.games.mildred import GAME, LESSON, SAVE
from dicebox.games.mildred.table import Table

LEARNED = "mildred_learn"                   # the record: the lesson has been offered


def start(app):
    app.push(Start(app))


def learn(app, over=False):
    """Start the guided first game (its module imported now, dropped after)."""
    from dicebox.games.mildred import lesson
    lesson.begin(app, over)


class Start(ui.Menu):
    """Resume (first and selected when there is a save), New game (the seats:
    a person or a bot of a level, for each of the two), Records, help."""

    def __init__(self, app):
        ui.Menu.__init__(self, app, "Auntie Mildred", [])
        self.saved = None
        self.fresh = False      # the lesson is offered on this visit (first open)

    def enter(self):
        from dicebox.core.tablepages import saved_problem
        had = self.saved is not None
        was = self.fresh
        self.build()
        if (self.saved is not None) != had:
            self.sel = 0
        if self.fresh and not was and self.saved is None:
            self.sel = 1        # the first time: on the lesson's entry
        ui.Menu.enter(self)
        saved_problem(self.app, SAVE)

    def build(self):
        from dicebox.core.modules import drop
        from dicebox.games.mildred.pages import help_items, load   # dropped when the table is on top
        app = self.app
        drop(LESSON)
        self.saved = load(app)
        if not self.fresh and not table.lesson_offered(app.store, LEARNED):
            # the first time Mildred is opened the lesson's entry says it is
            # for newcomers; that it was offered is remembered
            self.fresh = True
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", self.new_game))
        items.append((table.OFFER if self.fresh else table.LEARN, self.take_lesson))
        items.append(("Records", self.records))
        items.extend(help_items(app, False))
        items.append(("Replays", self.replays))   # the last games, move by move
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        self.top = min(self.top, self.sel)

    def take_lesson(self):
        self.fresh = False      # taken: back here, the entry is the plain one
        learn(self.app)

    def replays(self):
        from dicebox.core.replaypage import replays_page
        replays_page(self.app, GAME)

    def records(self):
        from dicebox.core.tablepages import records_page
        self.app.push(records_page(self.app, GAME))

    def under_table(self):
        """The table opens over this menu: back on top, ``enter`` builds the
        menu again, so its items (closures, bound methods) are let go now
        rather than held under the table for the whole game."""
        self.sel = 0
        self.items = []

    def resume(self):
        s, seats, log, opt = self.saved
        self.saved = None       # the table holds the game now
        self.under_table()
        self.app.push(Table(self.app, s, seats, log, opt))

    def new_game(self, level="Strong"):
        """The new-game page, P2 a bot of ``level`` at first (Beginner after
        the lesson)."""
        from dicebox.core.game import LEVELS
        from dicebox.core.tablepages import NewGame
        self.app.push(NewGame(self.app, 2, 2, [0, 1 + LEVELS.index(level)],
                              self.begin, replaces=self.saved is not None))

    def begin(self, seats):
        """NewGame's answer: the table replaces the new-game page."""
        from dicebox.games.mildred.rules import State
        self.saved = None       # a replaced save is not kept alive under the table
        self.under_table()
        self.app.replace(Table(self.app, State(), list(seats)))

    def new(self, seats):
        """A game with these seat kinds at once (benchmarks and scripts)."""
        def go():
            from dicebox.games.mildred.rules import State
            self.under_table()
            self.app.push(Table(self.app, State(), list(seats)))
        return go

"""Milestones' start menu. What it opens is imported when it is opened: the
setup, records and high scores and reading a saved game back are in
``pages``, the table and what is played at it (dice, clock, claims, peeks)
in ``table``.

The start menu stays under a game's table, so it is kept small: the pages
are dropped while a table is on top (``ON_DEMAND``) and imported again when
the start menu comes back. People sit first, bots after them.
"""
from dicebox.core.modules import drop
from dicebox.core.movelog import MoveLog
from dicebox.core import table as T
from dicebox.core import ui
from dicebox.games.milestones import GAME, HIGH, LESSON
from dicebox.games.milestones.table import Table, new_config

LEARNED = "milestones_learn"                   # the record: the lesson has been offered


def start(app):
    app.push(StartMenu(app))


def learn(app):
    """The guided first game (its module imported now, dropped after)."""
    from dicebox.games.milestones import lesson
    lesson.begin(app)


class StartMenu(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Milestones", [])
        self.saved = None
        self.fresh = False      # the lesson is offered on this visit (the first open)

    def enter(self):
        from dicebox.games.milestones.pages import load_game, check_high, problems_text
        store = self.app.store
        drop(LESSON)
        first = not self.fresh and not T.lesson_offered(store, LEARNED)
        if first:
            self.fresh = True   # the first time Milestones is opened: remembered
        had = self.saved
        self.saved = load_game(store) is not None
        store.load(HIGH, {}, check=check_high)      # a damaged table is named here too
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", self.new_game))
        items.append((T.OFFER if self.fresh else T.LEARN, self.take_lesson))
        items.append(("Records", lambda: self.open("records_page")))
        items.append(("High scores", lambda: self.open("HighScores")))
        items.append(("How to play", self.help_menu))
        items.append(("Replays", self.replays))   # the last games, move by move
        self.items = items
        if had != self.saved:
            self.sel = 0          # Resume, when there is a game to resume
            self.top = 0
        if first and not self.saved:
            self.sel = 1          # the first time: on the lesson's entry
        self.sel = min(self.sel, len(items) - 1)
        self.dirty = True
        bad = problems_text(store)
        if bad:
            self.app.message("Milestones", bad)

    def open(self, name):
        """A page of ``pages`` (imported now: nothing here holds on to it)."""
        from dicebox.games.milestones import pages
        self.app.push(getattr(pages, name)(self.app))

    def replays(self):
        from dicebox.core.replaypage import replays_page
        replays_page(self.app, GAME)

    def help_menu(self):
        from dicebox.games.milestones import help as game_help
        game_help.menu(self.app)

    def take_lesson(self):
        self.fresh = False      # taken: back here, the entry is the plain one
        learn(self.app)

    def new_game(self, **setup):
        """The setup page, from a new game's setup changed by ``setup``
        (the lesson's "a real game": one Beginner teammate, the calm pace)."""
        from dicebox.games.milestones.pages import SetupMenu
        cfg = new_config()
        for k in setup:
            cfg[k] = setup[k]
        self.app.push(SetupMenu(self.app, cfg, self.begin))

    def begin(self, c):
        """The setup's Start: the table replaces the setup page, the game
        saved before its first action (which replaces any old save at once)."""
        from dicebox.games.milestones.pages import make_state, seats_of
        log = MoveLog()
        log.add("New game: %d people, %d bots" % (c["humans"], c["bots"]))
        self.app.replace(Table(self.app, make_state(c), seats_of(c), log, c))

    def resume(self):
        from dicebox.games.milestones.pages import load_game
        got = load_game(self.app.store)
        if got is None:
            self.enter()
            return
        st, seats, log, cfg = got
        if st.paused:
            st.apply(("resume", st.now))    # the sand runs again from where it lay
        self.app.push(Table(self.app, st, seats, log, cfg))

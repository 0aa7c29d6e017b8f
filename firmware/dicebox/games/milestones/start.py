"""Milestones' start menu. What it opens is imported when it is opened: the
setup, records and high scores, reading a saved game back and the menu's
own entries as it shows (``pages.start_entries``) are in ``pages``, the
table and what is played at it (dice, clock, claims, peeks) in ``table``.

The start menu stays under a game's table, so it is kept small: the pages
are dropped while a table is on top (``ON_DEMAND``) and imported again when
the start menu comes back. People sit first, bots after them.
"""
from dicebox.core.movelog import MoveLog
from dicebox.core import ui
from dicebox.games.milestones import GAME
from dicebox.games.milestones.table import Table, new_config


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
        """Its entries, as the start menu shows (``pages.start_entries``:
        the words and checks it shows with are the pages', not kept in play)."""
        from dicebox.games.milestones.pages import start_entries
        start_entries(self)

    def open(self, name):
        """A page of ``pages`` (imported now: nothing here holds on to it)."""
        from dicebox.games.milestones import pages
        self.app.push(getattr(pages, name)(self.app))

    def records(self):
        self.open("records_page")

    def high_scores(self):
        self.open("HighScores")

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

"""Milestones' start menu. What it opens is imported when it is opened: the
setup, records and high scores and reading a saved game back are in
``menus``, the end of a game in ``ending``, the table and what is played at it
(dice, clock, claims, peeks) in ``play``. This module names all of them
(``screens.Table``, ``screens.SetupMenu``, ...) for the tests and tools.

The start menu stays under a game's table, so it is kept small: the menus
and the ending are dropped while a table is on top (``play.Table.DROP``) and
imported again when the start menu comes back. People sit first, bots after
them.
"""
from dicebox.core.modules import forget
from dicebox.core import table as T
from dicebox.core import ui
from dicebox.games.milestones import play
from dicebox.games.milestones.play import HIGH, Table, bots, help_menu

LESSON = "dicebox.games.milestones.tutorial"   # imported only while the lesson runs
LEARNED = "milestones_learn"                   # the record: the lesson has been offered


def __getattr__(name):
    if hasattr(play, name):
        return getattr(play, name)
    from dicebox.games.milestones import menus
    return getattr(menus, name)


def start(app):
    app.push(StartMenu(app))


def learn(app):
    """The guided first game (its module imported now, dropped after)."""
    from dicebox.games.milestones import tutorial
    tutorial.begin(app)


class StartMenu(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Milestones", [])
        self.saved = None
        self.fresh = False      # the lesson is offered on this visit (the first open)

    def enter(self):
        from dicebox.games.milestones.menus import load_game, check_high, problems_text
        store = self.app.store
        forget(LESSON)
        forget("dicebox.core.lesson")   # what the lessons share
        first = not self.fresh and not T.lesson_offered(store, LEARNED)
        if first:
            self.fresh = True   # the first time Milestones is opened: remembered
        had = self.saved
        self.saved = load_game(store) is not None
        store.load(HIGH, {}, check=check_high)      # a damaged table is named here too
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", lambda: self.open("SetupMenu")))
        items.append((T.OFFER if self.fresh else T.LEARN, lambda: learn(self.app)))
        items.append(("Records", lambda: self.open("records_page")))
        items.append(("High scores", lambda: self.open("HighScores")))
        items.append(("How to play", lambda: help_menu(self.app)))
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
        """A page of ``menus`` (imported now: nothing here holds on to it)."""
        from dicebox.games.milestones import menus
        self.app.push(getattr(menus, name)(self.app))

    def resume(self):
        from dicebox.games.milestones.menus import load_game
        bots()
        got = load_game(self.app.store)
        if got is None:
            self.enter()
            return
        st, seats, log, cfg = got
        if st.paused:
            st.apply(("resume", st.now))    # the sand runs again from where it lay
        self.app.push(Table(self.app, st, seats, log, cfg))

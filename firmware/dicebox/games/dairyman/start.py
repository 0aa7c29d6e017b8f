"""Dairyman's start menu: Resume, New game (the shared new-game page,
``core/tablepages.py``), Learn to play, Records, the help pages. Imported by
the launcher after what play carries, and dropped while the table is on top
(the table replaces it; ``ON_DEMAND``)."""
from dicebox.core import ui, table
from dicebox.games.dairyman import GAME, LESSON, SAVE
from dicebox.games.dairyman.pages import load
from dicebox.games.dairyman.table import HELP_TITLES, help_opener, open_table

LEARNED = "dairyman_learn"                  # the record: the lesson has been offered


def start(app):
    from dicebox.core.tablepages import saved_problem
    app.push(Start(app))
    saved_problem(app, SAVE)


class Start(ui.Menu):
    """The game's own menu: Resume first (and selected) when a game is saved,
    New game, Learn to play (a guided game; "New? Learn here" the first time
    Dairyman is opened, remembered in the store), Records, then How to play,
    Controls and the full rules."""

    def __init__(self, app):
        self.saved = load(app)
        fresh = not table.lesson_offered(app.store, LEARNED)
        items = []
        if self.saved:
            items.append(("Resume game", self.resume))
        items.append(("New game", self.new))
        items.append((table.OFFER if fresh else table.LEARN, self.learn))
        items.append(("Records", self.records))
        for i in range(len(HELP_TITLES)):     # the texts are imported when one opens
            items.append((HELP_TITLES[i], help_opener(app, i, False)))
        items.append(("Replays", self.replays))   # the last games, move by move
        ui.Menu.__init__(self, app, GAME, items)
        if fresh and not self.saved:
            self.sel = 1        # the first time: on the lesson's entry

    def replays(self):
        from dicebox.core.replaypage import replays_page
        replays_page(self.app, GAME)

    def records(self):
        from dicebox.core.tablepages import records_page
        self.app.push(records_page(self.app, GAME))

    def resume(self):
        s, seats, log, opt = self.saved
        t = open_table(self.app, s, seats, log, opt)
        if t is not None:
            self.app.replace(t)

    def new(self, bot=3):
        """The new-game page: 2 to 4 players, each seat a person or a bot
        level, P2 a bot of kind ``bot`` at first (Strong; a Beginner after
        the lesson)."""
        from dicebox.core.tablepages import NewGame
        self.app.push(NewGame(self.app, 2, 4, [0, bot], self.begin, self.saved is not None))

    def begin(self, seats):
        """The new-game page's Start: the tiles are dealt (a refused shuffle
        keeps the new-game page)."""
        from dicebox.games.dairyman.rules import State
        t = open_table(self.app, State(len(seats)), seats, new=True)
        if t is not None:
            self.app.pop()          # the new-game page
            self.app.replace(t)     # this menu

    def learn(self):
        """The guided game (its module imported now, dropped after); once
        taken, the entry is the plain one when this menu is back."""
        for i in range(len(self.items)):
            if self.items[i][0] == table.OFFER:
                self.items[i] = (table.LEARN, self.learn)
        from dicebox.games.dairyman import lesson
        lesson.begin(self.app, self)

    def enter(self):
        from dicebox.core.modules import drop
        drop(LESSON)
        ui.Menu.enter(self)

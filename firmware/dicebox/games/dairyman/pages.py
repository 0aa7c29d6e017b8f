"""Dairyman's pages used now and then: the start menu, the new-game page,
reading a saved game back, the scores and end texts. Imported on use and
dropped while the table is on top (``screens.Table.DROP``): play does not
carry them. ``screens`` names all of them too (``screens.Start``, ...).
"""
from dicebox.core.modules import forget
from dicebox.core import ui, table
from dicebox.core.storage import need
from dicebox.games.dairyman import rules, screens
from dicebox.games.dairyman.screens import SAVE, GAME, OLD_KINDS, tile_line
from dicebox.games.dairyman.tiles import TILES


def check_seats(s, seats):
    """A saved game's seats: one kind per player."""
    need(len(seats) == s.n, "the seats do not match the players")


def load(app):
    """``(state, seats, log, opt)`` of the saved game, or None (a damaged save
    is set aside and its problem noted under SAVE for the menu)."""
    return table.load_table(app.store, SAVE, rules.State.from_dict, check_seats, OLD_KINDS)


LESSON = "dicebox.games.dairyman.tutorial"   # imported only while the lesson runs
LEARNED = "dairyman_learn"                  # the record: the lesson has been offered


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
        items.append(("Records", lambda: app.push(table.records_page(app, GAME))))
        for i in range(len(screens.HELP_TITLES)):     # the texts are imported when one opens
            items.append((screens.HELP_TITLES[i], screens.help_opener(app, i, False)))
        ui.Menu.__init__(self, app, GAME, items)
        if fresh and not self.saved:
            self.sel = 1        # the first time: on the lesson's entry
    def resume(self):
        s, seats, log, opt = self.saved
        t = screens.open_table(self.app, s, seats, log, opt)
        if t is not None:
            self.app.replace(t)

    def new(self, bot=3):
        """The new-game page, P2 a bot of kind ``bot`` at first (Strong; a
        Beginner after the lesson)."""
        self.app.push(NewGame(self.app, self.saved is not None, bot))

    def learn(self):
        """The guided game (its module imported now, dropped after)."""
        from dicebox.games.dairyman import tutorial
        tutorial.begin(self.app, self)

    def enter(self):
        forget(LESSON)
        forget("dicebox.core.lesson")   # what the lessons share
        ui.Menu.enter(self)


class NewGame(table.NewGame):
    """2 to 4 players, each seat a person or a bot level; Start deals the tiles
    (a refused shuffle keeps this menu)."""

    def __init__(self, app, replaces=False, bot=3):
        table.NewGame.__init__(self, app, 2, 4, [0, bot], self.begin, replaces)

    def begin(self, seats):
        t = screens.open_table(self.app, rules.State(len(seats)), seats, new=True)
        if t is not None:
            self.app.pop()          # this menu
            self.app.replace(t)     # the start menu


def _tile_text(t, flipped):
    v = TILES[t][0]
    if flipped:
        return "%d%s" % (v, "c" if TILES[t][2] == 0 else "i")
    return str(v)


def scores_text(s, seats):
    out = []
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        out.append("P%d %s: %d" % (p + 1, table.kind_name(seats[p]), tot))
        out.append("tiles %d, cheese +%d, backorder %d (-%d), freeze %d" % (
            pts, bonus, s.tokens[p], pen, s.freeze[p]))
        if s.owned[p]:
            out.append("own: " + " ".join(_tile_text(t, s.flipped[t]) for t in s.owned[p]))
        out.append("")
    out.append("Display:")
    for t in s.display:
        out.append(tile_line(t))
    out.append("Stack %d tiles. Supply %d tokens. c = cheese, i = ice cream back." % (
        len(s.stack), s.supply()))
    return "\n".join(out)


def end_text(s, seats):
    """Who won, by what and why the game ended, then each player's score and
    its parts (no marks to explain)."""
    win = s.winners()
    sc = s.scores()
    out = []
    if len(win) == 1:
        w = win[0]
        rest = [q for q in range(s.n) if q != w]
        second = max(sc[q] for q in rest)
        if sc[w] > second:
            out.append("P%d wins by %d points." % (w + 1, sc[w] - second))
        else:
            keys = [s.rank_key(q) for q in rest]
            tok = max(k[1] for k in keys if k[0] == sc[w])
            why = "fewer backorder tokens" if s.rank_key(w)[1] > tok else "more flipped tiles"
            out.append("P%d wins: equal points, %s." % (w + 1, why))
    else:
        out.append("Shared win: %s, %d points each." % (
            " and ".join("P%d" % (p + 1) for p in win), sc[win[0]]))
    out.append("The game ended: the stack could not refill the display.")
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        out.append("")
        out.append("P%d %s:" % (p + 1, table.kind_name(seats[p])))
        out.append("%d points: tiles %d, cheese +%d, backorder -%d" % (tot, pts, bonus, pen))
    return "\n".join(out)

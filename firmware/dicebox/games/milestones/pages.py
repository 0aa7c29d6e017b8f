"""Milestones' pages used now and then: the setup (the new-game page),
reading a saved game back, the records and high scores, and the end of a
game (the high scores written, the result page). Imported on use (the start
menu asks for them as it shows, a table when its game ends) and dropped when
a table is on top (``ON_DEMAND``): play does not carry them. None of them
opens a table: the setup's Start goes back to the start menu's ``begin``.
"""
from dicebox.core import ui, ticks
from dicebox.core import table as T
from dicebox.core import tablepages
from dicebox.core.tablepages import load_table
from dicebox.core.game import HUMAN, KIND_FORMAT, LEVELS
from dicebox.core.valid import need, int_in, list_of, dict_of
from dicebox.core.tablepages import EndPage
from dicebox.core.modules import drop
from dicebox.games.milestones import GAME, HIGH, LESSON, OLD_BOTS, SAVE, rules

LAST = "#last"                # high-score key: the id of the last game recorded
LEARNED = "milestones_learn"  # the record: the lesson has been offered


def start_entries(menu):
    """The start menu's entries (start.StartMenu, as it shows): Resume when
    a game is saved, New game, the lesson (offered the first time the game
    is opened), Records, High scores, How to play; a damaged record is named."""
    store = menu.app.store
    drop(LESSON)
    first = not menu.fresh and not T.lesson_offered(store, LEARNED)
    if first:
        menu.fresh = True   # the first time Milestones is opened: remembered
    had = menu.saved
    menu.saved = load_game(store) is not None
    store.load(HIGH, {}, check=check_high)      # a damaged table is named here too
    items = []
    if menu.saved:
        items.append(("Resume game", menu.resume))
    items.append(("New game", menu.new_game))
    items.append((T.OFFER if menu.fresh else T.LEARN, menu.take_lesson))
    items.append(("Records", menu.records))
    items.append(("High scores", menu.high_scores))
    items.append(("How to play", menu.help_menu))
    items.append(("Replays", menu.replays))      # the last games, move by move
    menu.items = items
    if had != menu.saved:
        menu.sel = 0          # Resume, when there is a game to resume
        menu.top = 0
    if first and not menu.saved:
        menu.sel = 1          # the first time: on the lesson's entry
    menu.sel = min(menu.sel, len(items) - 1)
    menu.dirty = True
    bad = problems_text(store)
    if bad:
        menu.app.message("Milestones", bad)


def seats_of(cfg):
    """Seat kinds: the people first, then the bots at the setup's level."""
    return [HUMAN] * cfg["humans"] + [1 + cfg.get("level", 2)] * cfg["bots"]


# ---- checking what is read back ------------------------------------------------

def check_config(c):
    dict_of(c, "the setup")
    h = int_in(c.get("humans"), 1, rules.MAX_PLAYERS, "people")
    b = int_in(c.get("bots"), 0, rules.MAX_PLAYERS - 1, "bots")
    need(h + b <= rules.MAX_PLAYERS, "more than five seats")
    int_in(c.get("level", 2), 0, len(LEVELS) - 1, "the bots' level")
    need(c.get("big") is True or c.get("big") is False, "pile setting")
    need(c.get("aid", False) is True or c.get("aid", False) is False, "aid setting")
    list_of(c.get("must"), "mandatory settings", n=3)
    for m in c["must"]:
        int_in(m, 0, 2, "a mandatory setting")
    int_in(c.get("hg"), 0, 2, "hourglass setting")
    int_in(c.get("hints", 0), 0, 1, "hint setting")
    int_in(c.get("pace", 1), 0, 2, "the bots' pace")
    if "gid" in c:
        int_in(c["gid"], 0, ticks.PERIOD, "game id")
    return c


def upgrade(d):
    """A save of the first format (``st``, ``cfg``, ``log``) in today's form;
    today's saves pass unchanged."""
    if isinstance(d, dict) and "st" in d and "state" not in d:
        cfg = check_config(d.get("cfg"))
        cfg = dict(cfg)
        cfg["level"] = OLD_BOTS - 1
        return {"state": d["st"], "seats": [HUMAN] * cfg["humans"] + [OLD_BOTS] * cfg["bots"],
                "kinds": KIND_FORMAT, "log": d.get("log"), "opt": cfg}
    return d


def check_game(got):
    """The setup in ``opt`` must fit the state and the seats (people first)."""
    st, seats, log, cfg = got
    check_config(cfg)
    need(st.n == len(seats) == cfg["humans"] + cfg["bots"], "the seats do not match the setup")
    for i in range(st.n):
        need((seats[i] == HUMAN) == (i < cfg["humans"]), "the seats do not match the setup")
        need(seats[i] == HUMAN or seats[i] == 1 + cfg.get("level", 2),
             "the seats do not match the setup")
    ref = make_state(cfg)
    need(st.big == ref.big and st.mand_all == ref.mand_all and st.hg_side == ref.hg_side,
         "the variants do not match the setup")
    return got


class _Reader:
    """The store as ``core.table.load_table`` sees it: the first format's
    conversion and the setup's check run inside the one checking path (so a
    damaged save is set aside and named like any other)."""

    def __init__(self, store):
        self.store = store
        self.over = False

    def load(self, name, default=None, version=1, check=None):
        def full(d):
            got = check_game(check(upgrade(d)))
            self.over = got[0].is_over()
            return got
        return self.store.load(name, default, version, check=full)


def load_game(store):
    """``(state, seats, log, cfg)`` of a game to resume, or None. A finished
    game left behind (a power cut after its score was written) is removed."""
    r = _Reader(store)
    got = load_table(r, SAVE, rules.State.from_dict)
    if got is None and r.over:
        store.delete(SAVE)
    return got


def problems_text(store):
    """This game's own records' problems, in words, or ''."""
    out = []
    for p in store.take_problems(SAVE):
        out.append("Saved game: " + p[len(SAVE) + 2:])
    for p in store.take_problems(HIGH):
        out.append("High scores: " + p[len(HIGH) + 2:])
    return "\n".join(out)


RECORDS_NOTE = ("Milestones is played as a team: a game of one person with bot "
                "teammates counts under the bots' level as won when the team beat "
                "its best score at that table (seats and variants), drawn when it "
                "equalled it, lost below it. The first game at a table counts as won.")


def records_page(app):
    return tablepages.records_page(app, GAME, RECORDS_NOTE)


class SetupMenu(ui.Menu):
    """The new-game page: Up/Down move between lines, Left/Right change the
    value, A goes on to the next line (and starts the game on Start); A never
    changes a value (``ui.Menu.SETUP``)."""
    VISIBLE = 4      # the two lines under the list say what the selected level is like
    SETUP = True

    def __init__(self, app, cfg, on_start):
        """``cfg``: the setup shown first (``table.new_config()``);
        ``on_start(cfg)`` starts the game (the start menu's ``begin``)."""
        self.cfg = cfg
        self.on_start = on_start
        c = self.cfg

        def adj(key, lo, hi):
            def f(d):
                c[key] = min(hi, max(lo, c[key] + d))
                self._fix()
                self.dirty = True
            return f

        def flip(key):
            def f(d=0):
                c[key] = not c[key]
                self.dirty = True
            return f

        def level(d=1):
            c["level"] = (c["level"] + d) % len(LEVELS)
            self.dirty = True

        side = ("off", "side a", "side b")
        # (label, A: None -- A goes on to the next line --, Left/Right)
        items = [
            (lambda: "People: %d" % c["humans"], None, adj("humans", 1, 5)),
            (lambda: "Bots: %d" % c["bots"], None, adj("bots", 0, 4)),
            (lambda: "Level: %s" % LEVELS[c["level"]], None, level),
            (lambda: "Piles: %s" % ("one big" if c["big"] else "three"), None, flip("big")),
            (lambda: "Must-do1 %s" % side[c["must"][0]], None, self._must(0)),
            (lambda: "Must-do2 %s" % side[c["must"][1]], None, self._must(1)),
            (lambda: "Must-do3 %s" % side[c["must"][2]], None, self._must(2)),
            (lambda: "Glass: %s" % side[c["hg"]], None, adj("hg", 0, 2)),
            (lambda: "Claim aid: %s" % ("on" if c["aid"] else "off"), None, flip("aid")),
            ("What is this?", self.explain),
            ("Start", self.start),
        ]
        ui.Menu.__init__(self, app, "New game", items)

    def _must(self, i):
        # each mandatory card: off, side a or side b
        def f(d):
            m = self.cfg["must"]
            m[i] = (m[i] + d) % 3
            self.dirty = True
        return f

    def _fix(self):
        c = self.cfg
        if c["humans"] + c["bots"] > rules.MAX_PLAYERS:
            c["bots"] = rules.MAX_PLAYERS - c["humans"]

    def about(self):
        """What the two lines under the list say for the selected item: what
        the line sets (game_help.SETUP says it at length), or the level's
        bots."""
        if self.sel == 2:
            if not self.cfg["bots"]:
                return "no bots at the table"
            return TEAM_ABOUT[self.cfg["level"]]
        if self.sel < len(SETUP_ABOUT):
            return SETUP_ABOUT[self.sel]
        if len(self.items[self.sel]) > 2:
            return "Left/Right change, A: next"
        # as on the other games' new-game pages
        return "A: start game" if self.items[self.sel][0] == "Start" else "A: read it"

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        fb.fill_rect(0, 46, ui.W, 18, 0)
        fb.hline(0, 46, ui.W - 4, 1)
        for j, line in enumerate(ui.wrap(self.about())[:2]):
            fb.text(line, 0, 48 + 8 * j, 1)

    def explain(self):
        from dicebox.games.milestones import help as game_help
        self.app.push(ui.TextPage(self.app, "Setup", game_help.SETUP))

    def start(self):
        if self.app.store.exists(SAVE):
            self.app.push(ui.Confirm(self.app, "Start a new game? The saved game will be lost.",
                                     self._go))
            return
        self._go()

    def _go(self):
        c = self.cfg
        self._fix()
        c["gid"] = self.app.rng.randbelow(65536) * 16384 + self.app.rng.randbelow(16384)
        self.on_start(c)


def make_state(c):
    n = c["humans"] + c["bots"]
    mand = [2 * i + c["must"][i] - 1 for i in range(3) if c["must"][i]]
    hg = (5 + c["hg"]) if c["hg"] else None
    return rules.State(n, big_pile=c["big"], mandatory=mand, hourglass_side=hg)


# What each line of the new-game page sets, in two screen lines (the level's
# line says what its bots are like, TEAM_ABOUT).
SETUP_ABOUT = (
    "Left/Right: people playing",
    "Left/Right: bot teammates",
    None,
    "three piles, or one big (var. 1)",
    "a card all must meet (var. 2)",
    "a card all must meet (var. 2)",
    "a card all must meet (var. 2)",
    "hourglass card to flip (var. 3)",
    "says when your card fits",
)


# What a bot teammate of each level is like, for the setup's level line (two
# screen lines at most; a team game, so no "beats" here).
TEAM_ABOUT = (
    "misses helping dice often",
    "obvious reroll, some slips",
    "searches; minds must-do cards",
    "exact odds, says when close",
)


class HighScores(ui.TextPage):
    def __init__(self, app):
        table = app.store.load(HIGH, {}, check=check_high)
        lines = []
        for key in sorted(table):
            if key != LAST:
                lines.append("%s: %s" % (key, " ".join(str(x) for x in table[key])))
        text = "\n".join(lines) if lines else "No games yet."
        text = "seats-variants: best scores\n" + text
        bad = problems_text(app.store)
        if bad:
            text = bad + "\n" + text
        ui.TextPage.__init__(self, app, "High scores", text)


# ---- the end of a game -------------------------------------------------------
VOIDED = "A mandatory task was left open: no points."


def variant_key(cfg):
    k = ""
    if cfg["big"]:
        k += "1"
    m = "".join("-ab"[x] for x in cfg["must"])
    if m != "---":
        k += "2" + m
    if cfg["hg"]:
        k += "3"
    return k or "base"


def check_high(t):
    dict_of(t, "the high scores")
    need(len(t) <= 400, "too many high-score rows")
    for k in t:
        v = t[k]
        need(isinstance(k, str) and len(k) <= 24, "a bad high-score row name")
        if k == LAST:
            int_in(v, 0, ticks.PERIOD, "the last game id")
            continue
        list_of(v, "the scores of " + k, hi=5)
        for x in v:
            int_in(x, 0, 9999, "a high score")
    return t


def record_high(store, st, cfg, count=None):
    """Add a finished game's score to the table (once per game id).
    Returns ``(best before, new best?, first time?)``.

    ``count(top)``, when given, is called with the best score before this
    game's just before the table is written, and also when the table holds
    this game already: it counts the game in the records, which skip a game
    id they counted. So the records come first and the high scores second,
    each written once, and a power cut between the two (or before the save is
    removed) leaves a resumed game that ends again counted once in each."""
    key = "%d-%s" % (st.n, variant_key(cfg))
    table = store.load(HIGH, {}, check=check_high)
    best = table.get(key, [])
    score = st.score()
    gid = cfg.get("gid")
    if gid is not None and table.get(LAST) == gid:
        rest = list(best)
        if score in rest:
            rest.remove(score)
        top = rest[0] if rest else None
        if count is not None:
            count(top)
        return top, top is None or score > top, False
    top = best[0] if best else None
    if count is not None:
        count(top)
    table[key] = sorted(best + [score], reverse=True)[:5]
    if gid is not None:
        table[LAST] = gid
    store.save(HIGH, table)
    return top, top is None or score > top, True


class Result(EndPage):
    """The end: the score, its rating (or why it is void) and a new best; keys
    wait a second, then A or B closes it and the table (``core.tablepages.EndPage``)."""

    def __init__(self, app, st, result):
        """``result``: ``(best before, new best?, first time?)`` from ``record_high``."""
        self.score = st.score()
        from dicebox.games.milestones.ending import RATINGS, rating   # the end's words
        self.rating = RATINGS[rating(self.score)][1]
        self.why = st.end
        self.voided = bool(st.mand_open)
        self.best, self.new_best = (result[0], result[1]) if result else (None, False)
        text = "%d points. %s" % (self.score, VOIDED if self.voided else self.rating)
        EndPage.__init__(self, app, text)

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Time is up" if self.why == "time is up" else "Game over")
        digits = "%d" % self.score
        ui.big_text(fb, digits, 0, 12)
        x = 16 * len(digits) + 4            # after the big digits (16 px each): 36 for two
        fb.text("points", x, 16, 1)
        if self.new_best:
            if x + 92 <= ui.W:
                fb.text("best!", x + 52, 16, 1)   # (at 92 its "!" was past the edge)
            else:                                 # three digits: no room on the line
                ui.title_bar(fb, "Time is up" if self.why == "time is up" else "Game over",
                             "best!")
        lines = ui.wrap(VOIDED if self.voided else self.rating)
        for j in range(min(4, len(lines))):
            fb.text(lines[j], 0, 30 + 9 * j, 1)

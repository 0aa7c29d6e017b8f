"""The end of a Milestones game: the high scores and the result page. Imported
when a game ends or a menu reads the high scores, and dropped when a table is
back on top (``play.Table.DROP``): play does not carry it."""
from dicebox.core import ui, ticks
from dicebox.core import table as T
from dicebox.core.storage import need, int_in, list_of, dict_of
from dicebox.games.milestones import rules
from dicebox.games.milestones.play import HIGH, LAST

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


class Result(T.more().EndPage):
    """The end: the score, its rating (or why it is void) and a new best; keys
    wait a second, then A or B closes it and the table (``core.table.EndPage``)."""

    def __init__(self, app, st, result):
        """``result``: ``(best before, new best?, first time?)`` from ``record_high``."""
        self.score = st.score()
        self.rating = rules.RATINGS[rules.rating(self.score)][1]
        self.why = st.end
        self.voided = bool(st.mand_open)
        self.best, self.new_best = (result[0], result[1]) if result else (None, False)
        text = "%d points. %s" % (self.score, VOIDED if self.voided else self.rating)
        T.more().EndPage.__init__(self, app, text)

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Time is up" if self.why == "time is up" else "Game over")
        ui.big_text(fb, "%d" % self.score, 0, 12)
        fb.text("points", 36, 16, 1)
        if self.new_best:
            fb.text("best!", 88, 16, 1)     # (at 92 its "!" was past the edge)
        lines = ui.wrap(VOIDED if self.voided else self.rating)
        for j in range(min(4, len(lines))):
            fb.text(lines[j], 0, 30 + 9 * j, 1)

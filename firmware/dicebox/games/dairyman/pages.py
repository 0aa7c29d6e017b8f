"""Dairyman's pages used now and then: reading a saved game back, the
scores and end texts. Imported on use and dropped while the table is on top
(``ON_DEMAND``): play does not carry them.
"""
from dicebox.core.tablepages import load_table
from dicebox.core.game import kind_name
from dicebox.core.valid import need
from dicebox.games.dairyman import OLD_KINDS, SAVE, rules
from dicebox.games.dairyman.tiles import VALUE, BACK, tile_line


def check_seats(s, seats):
    """A saved game's seats: one kind per player."""
    need(len(seats) == s.n, "the seats do not match the players")


def load(app):
    """``(state, seats, log, opt)`` of the saved game, or None (a damaged save
    is set aside and its problem noted under SAVE for the menu)."""
    return load_table(app.store, SAVE, rules.State.from_dict, check_seats, OLD_KINDS)


def _tile_text(t, flipped):
    v = VALUE[t]
    if flipped:
        return "%d%s" % (v, "c" if BACK[t] == 0 else "i")
    return str(v)


def scores_text(s, seats):
    out = []
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        out.append("P%d %s: %d" % (p + 1, kind_name(seats[p]), tot))
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
        out.append("P%d %s:" % (p + 1, kind_name(seats[p])))
        out.append("%d points: tiles %d, cheese +%d, backorder -%d" % (tot, pts, bonus, pen))
    return "\n".join(out)

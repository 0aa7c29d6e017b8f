"""Auntie Mildred's pages used now and then: the help texts, the details,
task cards and indulgencies pages (and the game menu's and the start menu's
entries that open them), the end of a game, and reading a saved game back.
Imported when one is opened and dropped when the table is back on top
(``ON_DEMAND``): play does not carry them.
"""
from dicebox.core.modules import forget
from dicebox.core.movelog import MoveLog
from dicebox.core.tablepages import load_table
from dicebox.core.valid import need
from dicebox.core import ui
from dicebox.games.mildred import OLD_KINDS, SAVE, cards, rules
from dicebox.games.mildred.cards import ind_name, set_name


# ---- the saved game -------------------------------------------------------------
def _from_dict(d):
    """The rules' checked state. A save from before the shared table kept the
    move log inside the state's record: it is kept for the table."""
    st = rules.State.from_dict(d)
    st.saved_log = d.get("log")
    return st


def check_seats(st, seats):
    need(len(seats) == 2, "a game of Mildred has 2 seats")


def load(app):
    """(state, seats, log, opt) of the saved game, or None. A damaged save is
    set aside (and noted for the start menu) by the one checking path; an old
    save's seats are mapped to levels (Nephew: Beginner, Auntie: Strong)."""
    got = load_table(app.store, SAVE, _from_dict, check_seats, OLD_KINDS)
    if got is None:
        return None
    st, seats, log, opt = got
    old = st.saved_log
    st.saved_log = None
    if not log.lines and isinstance(old, list):
        log = MoveLog(old)
    return st, seats, log, opt


def _help_text(name):
    """One of help.py's texts, the module loaded only for this page and dropped
    again (the texts are not kept in the heap while playing)."""
    from dicebox.games.mildred import help
    text = "\n\n".join(getattr(help, name))
    forget("dicebox.games.mildred.help")
    return text


def help_page(app, title, name):
    """A text page of help.py's ``name`` (HOWTO, CONTROLS, RULES, RULINGS)."""
    return ui.TextPage(app, title, _help_text(name))



def rules_text():
    return _help_text("RULES")


HELP_PAGES = (("How to play", "HOWTO"), ("Words", "WORDS"), ("Controls", "CONTROLS"),
              ("Rules", "RULES"), ("Rulings", "RULINGS"))


def help_opener(app, title, name, over):
    """Opens help text ``name`` (over the top screen when ``over``)."""
    def go():
        page = help_page(app, title, name)
        if over:
            app.replace(page)
        else:
            app.push(page)
    return go


def help_items(app, over, pages=HELP_PAGES):
    """The menu entries of the help ``pages`` (title, name)."""
    return [(title, help_opener(app, title, name, over)) for title, name in pages]


def _page(app, title, fn, st):
    """Opens a text page of ``fn(st)`` over the game menu."""
    def go():
        app.replace(ui.TextPage(app, title, fn(st)))
    return go


def info_items(app, st):
    """The game menu's pages of the table's state ``st``."""
    return [("Details", _page(app, "Details", details, st)),
            ("Task cards", _page(app, "Task cards", tasks_text, st)),
            ("Indulgencies", _page(app, "Indulgencies", inds_text, st))]


def details_page(app, st):
    return ui.TextPage(app, "Details", details(st))


# ---- the end of a game ------------------------------------------------------------
def end_text(st, log):
    """The end page's text: who won, why (the rules' ``end_reason``), the last move."""
    head = "A draw." if st.winner is None or st.winner < 0 else "P%d wins." % (st.winner + 1)
    last = log.lines[-1] if log.lines else ""
    return "%s %s\n\n%s" % (head, st.end_reason(), last)


def _dice(vals):
    """Dice apart, so each can be read: "1 1 4 4 5"."""
    return " ".join(str(v) for v in vals) or "none"


def _n(n, one, many):
    return "%d %s" % (n, one if n == 1 else many)


def details(st):
    """A longer text page: every die, card and slot of both players, in short
    lines of whole words (the page wraps them at 15 columns)."""
    out = []
    for p in (0, 1):
        out.append("P%d: cookie die %d, %s." % (p + 1, st.cookie[p],
                                                _n(st.vic[p], "victory die", "victory dice")))
        out.append("Pool: %s." % _dice(st.pool[p]))
        out.append("Used: %s. On modify spots: %d." % (_n(st.used[p], "die", "dice"), st.mods[p]))
        out.append("Prank slot %d (%s), dodge slot %d (%s)." % (
            st.prank[p][1], _n(st.prank[p][0], "die", "dice"),
            st.dodge[p][1], _n(st.dodge[p][0], "die", "dice")))
        for s in st.sets:
            m = st.sc[p][s]
            if m:
                lv = [x for x in range(1, 7) if (m >> x) & 1]
                out.append("%s: %s %s, %s." % (
                    cards.SET_NAMES[s], "level" if len(lv) == 1 else "levels",
                    _dice(lv), "ready" if st.rd[p][s] else "used"))
        for k in st.inds:
            g = st.ig[p][k]
            if g is not None:
                out.append("On %s: %s." % (cards.INDULGENCIES[k][0], _dice(g[0])))
        sh = []
        if st.shen[p] & rules.SH_LESS:
            sh.append("1 cookie less a score")
        if st.shen[p] & rules.SH_NO4:
            sh.append("no 4-cookie card")
        if st.shen[p] & rules.SH_NOTIE:
            sh.append("no scoring on ties")
        if sh:
            out.append("Hit by: " + ", ".join(sh) + ".")
        out.append("")
    out.append("Cookie cards:")
    for k in st.inds:
        out.append("%s %s: %s, %s." % (ind_name(k), cards.INDULGENCIES[k][0],
                                      _n(cards.INDULGENCIES[k][3], "die", "dice"),
                                      _n(cards.INDULGENCIES[k][2], "cookie", "cookies")))
    out.append("")
    out.append("Task columns: " + ", ".join("%s %s" % (set_name(s), cards.SET_NAMES[s])
                                            for s in st.sets) + ".")
    return "\n".join(out)


def card_text(s, lv, texts):
    """Task card (``s``, ``lv``)'s page text; ``texts``: help.TASK_CARDS."""
    name, text = texts[s][lv - 1]
    return "%s %d (%s%d) %s: %s" % (cards.SET_NAMES[s], lv, set_name(s), lv, name, text)


def tasks_text(st):
    """The task cards in play, their names and texts: help.py's, the module
    loaded only for this page and dropped again."""
    from dicebox.games.mildred import help
    texts = help.TASK_CARDS
    forget("dicebox.games.mildred.help")
    return "\n\n".join(card_text(k, lv, texts) for k in st.sets for lv in range(1, 7))


def inds_text(st):
    return "\n\n".join("%s (%s): %d dice, %d cookies" % (
        cards.INDULGENCIES[k][0], ind_name(k), cards.INDULGENCIES[k][3], cards.INDULGENCIES[k][2])
        for k in st.inds)

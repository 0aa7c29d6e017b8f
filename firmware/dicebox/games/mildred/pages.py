"""Auntie Mildred's pages used now and then: the help texts, the details,
task cards and indulgencies pages, and reading a saved game back. Imported
when one is opened and dropped when the table is back on top
(``screens.Table.DROP``): play does not carry them. ``screens`` names all of
them too.
"""
from dicebox.core import table
from dicebox.core.movelog import MoveLog
from dicebox.core.storage import need
from dicebox.core import ui
from dicebox.games.mildred import cards, rules
from dicebox.games.mildred.screens import SAVE, OLD_KINDS, set_name, ind_name


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
    got = table.load_table(app.store, SAVE, _from_dict, check_seats, OLD_KINDS)
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
    import sys
    from dicebox.games.mildred import help
    text = "\n\n".join(getattr(help, name))
    if sys.implementation.name == "micropython":   # CPython tests keep their modules
        sys.modules.pop("dicebox.games.mildred.help", None)
        pkg = sys.modules.get("dicebox.games.mildred")
        if pkg is not None and hasattr(pkg, "help"):
            try:
                delattr(pkg, "help")
            except (AttributeError, TypeError):
                pass
    return text


def help_page(app, title, name):
    """A text page of help.py's ``name`` (HOWTO, CONTROLS, RULES, RULINGS)."""
    return ui.TextPage(app, title, _help_text(name))



def rules_text():
    return _help_text("RULES")


def details(st):
    """A longer text page: every card and slot of both players."""
    out = []
    for p in (0, 1):
        out.append("P%d cookie %d, victory %d" % (p + 1, st.cookie[p], st.vic[p]))
        out.append("prank %d (%d dice) dodge %d (%d dice)" % (
            st.prank[p][1], st.prank[p][0], st.dodge[p][1], st.dodge[p][0]))
        out.append("pool %s, used %d, modify %d" % (
            "".join(str(v) for v in st.pool[p]) or "-", st.used[p], st.mods[p]))
        sets = []
        for s in st.sets:
            m = st.sc[p][s]
            lv = [str(x) for x in range(1, 7) if (m >> x) & 1]
            sets.append("%s:%s%s" % (set_name(s), "".join(lv) or "-",
                                     ("" if not m else (" ready" if st.rd[p][s] else " used"))))
        out.append(", ".join(sets))
        for k in st.inds:
            g = st.ig[p][k]
            if g is not None:
                out.append("%s %s" % (ind_name(k), "".join(str(x) for x in g[0])))
        sh = []
        if st.shen[p] & rules.SH_LESS:
            sh.append("-1 cookie")
        if st.shen[p] & rules.SH_NO4:
            sh.append("no 4-cookie")
        if st.shen[p] & rules.SH_NOTIE:
            sh.append("no ties")
        if sh:
            out.append("hit by: " + ", ".join(sh))
        out.append("")
    out.append("Cards: " + ", ".join("%s=%s %dc" % (ind_name(k), cards.INDULGENCIES[k][0], cards.INDULGENCIES[k][2])
                                       for k in st.inds))
    out.append("Sets: " + ", ".join("%s=%s" % (set_name(s), cards.SET_NAMES[s]) for s in st.sets))
    return "\n".join(out)


def card_text(s, lv):
    t = cards.TASKS[s][lv - 1]
    return "%s %d (%s%d) %s: %s" % (cards.SET_NAMES[s], lv, set_name(s), lv, t[0], t[3])


def tasks_text(st):
    return "\n\n".join(card_text(k, lv) for k in st.sets for lv in range(1, 7))


def inds_text(st):
    return "\n\n".join("%s (%s): %d dice, %d cookies" % (
        cards.INDULGENCIES[k][0], ind_name(k), cards.INDULGENCIES[k][3], cards.INDULGENCIES[k][2])
        for k in st.inds)

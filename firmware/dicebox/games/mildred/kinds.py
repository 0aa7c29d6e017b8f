"""The kinds of move of a Mildred phase, for the action menus: which are
possible now, and if not why, in a few words (``move_kinds``), a move in the
menus' words (``steps``). A module of
its own: the menus import it when they open and may let it go."""
from dicebox.games.mildred import cards
from dicebox.games.mildred.board import F_COOK, F_PAID, F_READY, WAKE, top, wrap

# The kinds of move in menu order (move_kinds).
ACT_KINDS = ("pass", "scally", "ind", "task", "mod", "prank", "dodge")
WAKE_KINDS = ("shake", "dback", "combat", "score", "goal", "ready", "advance", "trim",
              "take", "task", "keep")


def kind_of(a, phase):
    """The kind of move (a key of move_kinds) that action ``a`` is."""
    v = a[0]
    if v == "dodge" and phase == WAKE:
        return "dback"
    return v


# The menu's word for each kind of move (ACT_KINDS, WAKE_KINDS).
_KIND_NAMES = {"pass": "Pass", "scally": "Scallywag", "ind": "Indulgency", "task": "Task",
               "mod": "Modify", "prank": "Prank", "dodge": "Dodge", "shake": "Shake",
               "dback": "Take dodge", "combat": "Combat", "score": "Score", "goal": "Goal line",
               "ready": "Ready all", "advance": "Cook 1", "trim": "One a set",
               "take": "Take back", "keep": "Keep dice"}


def move_kinds(st):
    """Each kind of move of this phase, in a fixed order, for a menu:
    a list of ``(kind, name, why, actions)``. ``name`` is the menu's word
    for the kind (at most 10 characters), ``actions`` the legal moves of
    that kind now (in legal_actions() order) and ``why`` None when there
    is one, else a few words why not (at most 16 characters), so that
    "%s: %s" % (name, why) reads "Dodge: no dodge dice". The move that
    ends the phase comes first: Pass in the Action phase, Shake in the
    Wakeup; the Wakeup's "Keep dice" (the first round only) comes last.
    Every legal action is in exactly one kind (``kind_of``). An empty
    list when nobody is to move."""
    if st.current_player() < 0:
        return []
    p = st.turn
    order = WAKE_KINDS if st.phase == WAKE else ACT_KINDS
    got = {}
    for a in st.legal_actions():
        k = kind_of(a, st.phase)
        if k in got:
            got[k].append(a)
        else:
            got[k] = [a]
    out = []
    for k in order:
        if k == "keep" and st.keep != p:
            continue
        acts = got.get(k, [])
        why = None if acts else _kind_why(st, p, k)
        out.append((k, _KIND_NAMES[k], why, acts))
    return out


def _kind_why(st, p, k):
    """Why no move of kind ``k`` is possible now (a few words)."""
    pool = st.pool[p]
    if k == "pass":
        return "roll first"
    if k in ("shake", "keep"):
        if st.dodge[p][0]:
            return "take dodge first"
        if k == "keep":
            return "first round only"
        return "one a set first"
    if k in ("mod", "prank", "dodge", "scally", "ind") and not pool:
        return "no shaken dice"
    if k == "mod":
        if st.mods[p] >= cards.MOD_SPOTS:
            return "both spots used"
        return "needs 2 dice"
    if k in ("prank", "dodge"):
        return "slots full"
    if k == "scally":
        for s in st.sets:
            if top(st.sc[p][s]) < 6:
                return "no die fits"
        return "all sets full"
    if k == "ind":
        return "no group fits"
    if k == "dback":
        return "no dodge dice"
    if k == "combat":
        return "no prank dice"
    if k == "score":
        for c in st.inds:
            if st.ig[p][c] is not None:
                return "none beat theirs"
        return "no dice on cards"
    if k == "goal":
        return "not all at 6"
    if k == "ready":
        if st.flags & F_READY:
            return "done this round"
        return "no scallywags"
    if k == "advance":
        if not (cards.COOK in st.sets and st.sc[p][cards.COOK]):
            return "needs a Cook die"
        if st.flags & F_COOK:
            return "used this round"
        return "all at the top"
    if k == "trim":
        return "no set has 2"
    if k == "take":
        return "nothing to take"
    # "task"
    ready = 0
    anysc = False
    for s in st.sets:
        if st.sc[p][s]:
            anysc = True
            if st.rd[p][s] and not st.flags & (F_PAID << s):
                ready += 1
    if not anysc:
        return "no scallywags"
    if st.phase == WAKE and not st.flags & F_READY:
        return "ready all first"
    if not ready:
        return "no ready set"
    return "no reward fits"


# ---- a move in the menus' words ------------------------------------------------------
# The names the How to play uses (columns Clean, Laundry, DIY, Cook; the cookie
# cards by name), never the table's codes; each step at most 15 characters.

def steps(st, a):
    """Action ``a`` as the menus offer it, one list step after another: the
    first word picks among the moves of its kind ("Laundry 3"), the next
    among those that share it ("their Cook", "2 2 3 3"). A list of strings
    of at most 15 characters."""
    v = a[0]
    if v == "scally":
        return ["%s %d" % (_col(a[1]), top(st.sc[st.turn][a[1]]) + 1)]
    if v == "ind":
        return [_card(a[1]), _vals(a[2])]
    if v == "score":
        return [_card(a[1])]
    if v in ("advance", "trim"):
        return [_col(a[1])]
    if v == "take":
        if a[1] == "prank":
            return ["Prank dice"]
        return [_card(a[2]) if a[1] == "ind" else _col(a[2])]
    if v == "prank":
        return ["Prank with %d" % a[1]]
    if v == "dodge":
        return ["Take dodge"] if len(a) == 1 else ["Dodge with %d" % a[1]]
    if v == "mod":
        return ["Put %d on spot" % a[1], "%d to %d" % (a[2], wrap(a[2] + a[3]))]
    if v == "task":
        out = ["%s %d" % (_col(a[1]), a[2])]
        code = cards.CODES[a[1]][a[2] - 1]
        args = a[3:]
        if code == "any":
            out.append("as %s %d" % (_col(a[3]), a[4]))
            code = cards.CODES[a[3]][a[4] - 1]
            args = a[5:]
        w = _reward_words(code, args)
        if w:
            out.append(w)
        return out
    return [_KIND_NAMES.get(v, v)]


def label(st, a):
    """Action ``a`` in the menus' words, their steps one after another
    ("Clean 1, their Cook")."""
    return ", ".join(steps(st, a))


def _col(s):
    return cards.SET_NAMES[s]


def _card(k):
    return cards.INDULGENCIES[k][0]


def _vals(vals):
    return " ".join(str(x) for x in vals)


def _reward_words(code, args):
    """A reward's choice in words ("their Cook", "2 prank 1 dodge"), or ''."""
    if code in ("swap", "reduce", "deact"):
        return "their " + _col(args[0])
    if code in ("pd2", "pd3", "pd4"):
        return "%d prank %d dodge" % (args[0], int(code[2]) - args[0])
    if code == "reroll":
        return "reroll " + _vals(args)
    if code in ("m1x1", "m1x2", "m2x1", "m2x2"):
        out = []
        i = 0
        while i + 1 < len(args):
            out.append("%d to %d" % (args[i], wrap(args[i] + args[i + 1])))
            i += 2
        return ", ".join(out)
    return ""

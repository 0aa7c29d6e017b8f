"""The words of Auntie Mildred's moves: the move log's lines (``say`` what a
move is, then the ``changes`` it made), the table's bottom line
(``status``). rules.State's describe and describe_chance put them together;
the Hint's words (advice.py) use some of them. The menus' words are
kinds.py's (``steps``): play does not carry them."""
from dicebox.games.mildred import cards
from dicebox.games.mildred.board import (
    F_DISC, OVER, ROUND_LIMIT, SH_LESS, SH_NO4, SH_NOTIE, ind_dice, top, wrap)


# ------------------------------------------------------------ plain words
# The log's words of a move: names, never the table's codes (the Hint's
# words, the same move as advice, are in advice.py).
def dlist(vals):
    """Dice values as "4 4 5" ("none" for no dice)."""
    return " ".join(str(v) for v in vals) if vals else "none"


def n_dice(n):
    return "1 die" if n == 1 else "%d dice" % n


def ind_name(k):
    return cards.INDULGENCIES[k][0]


# Each line starts with a few words that say the move on their own (what
# ``status`` keeps for the table's 16-column bottom line), then the details;
# no rulebook step letters: the menus' names ("One a set", "Ready all").
_PAST = {"goal": "reached the goal line", "ready": "readied all: every scallywag ready",
         "keep": "kept start dice", "pass": "passed"}


def say(st, a):
    p = st.turn
    o = 1 - p
    v = a[0]
    w = _PAST.get(v)
    if w is not None:
        return w
    if v == "dodge" or v == "prank":
        if len(a) == 1:
            return "took the dodge dice back"
        pd = (st.dodge if v == "dodge" else st.prank)[p]
        return "%s with %d: %s slot %d (%s)" % (v, a[1], v, pd[1] + 1, n_dice(pd[0] + 1))
    if v == "combat":
        pr = st.prank[p][1]
        dg = st.dodge[o][1]
        them = "dodge slot %d" % dg if dg else "no dodge"
        if pr > dg:
            head = "combat, a hit: prank slot %d over %s" % (pr, them)
            if st.cookie[o] == 1 and not st.has_laundry(p):
                head += ", no loss: P%d at cookie 1, no Laundry die" % (o + 1)
            return head
        return "combat, dodged: prank slot %d, not over %s" % (pr, them)
    if v == "score":
        n = cards.INDULGENCIES[a[1]][2]
        less = ""
        if st.shen[p] & SH_LESS:
            n -= 1      # R6
            less = " (1 less: Clean 2)"
        return "scored %s on %s%s" % ("no cookie" if n < 1 else "1 cookie" if n == 1
                                      else "%d cookies" % n, ind_name(a[1]), less)
    if v == "advance":
        return "Cook 1: the %s scallywag up to %d" % (cards.SET_NAMES[a[1]],
                                                     top(st.sc[p][a[1]]) + 1)
    if v == "trim":
        return "one a set: the lower %s dice go back" % cards.SET_NAMES[a[1]]
    if v == "take":
        if a[1] == "prank":
            return "took back: the prank dice"
        if a[1] == "ind":
            return "took back: the dice on " + ind_name(a[2])
        return "took back: the %s scallywags" % cards.SET_NAMES[a[2]]
    if v == "shake":
        n = len(st.pool[p]) + st.used[p]
        return "shakes " + n_dice(n) if n else "ended the Wakeup: no dice to shake"
    if v == "mod":
        return "modify spot: a %d there turns a %d into a %d" % (a[1], a[2], wrap(a[2] + a[3]))
    if v == "scally":
        lv = top(st.sc[p][a[1]]) + 1
        return "%s %d: put a %d there as a scallywag" % (cards.SET_NAMES[a[1]], lv, lv)
    if v == "ind":
        pat = tuple(sorted(a[2]))
        take = ind_dice(st, p, pat)
        w = "%s: put %s there" % (ind_name(a[1]), dlist(take if take is not None else pat))
        if take is not None and len(take) < len(pat):
            w += " with Clean 3's help (%s)" % ("as " + dlist(pat) if len(pat) < 5
                                                else "1 die fewer")
        return w
    if v == "task":
        s = a[1]
        code = cards.CODES[s][a[2] - 1]
        head = "did %s %d" % (cards.SET_NAMES[s], a[2])
        args = a[3:]
        if code == "any":
            head += " as %s %d" % (cards.SET_NAMES[a[3]], a[4])
            code = cards.CODES[a[3]][a[4] - 1]
            args = a[5:]
        if code == "swap":
            head += ": P%d's %s %d and P%d's %s %d go to the used pools" % (
                p + 1, cards.SET_NAMES[s], top(st.sc[p][s]), o + 1, cards.SET_NAMES[args[0]],
                top(st.sc[o][args[0]]))
        return head     # what else it did: the changes
    return str(a)


_JOINERS = ("a", "an", "the", "to", "on", "of", "with", "and", "for", "in", "at", "as",
            "by", "into", "not", "there")


def status(line, width=16):
    """A move log line (``describe``'s) cut to ``width`` columns for the
    table's bottom line, in whole words: the line's first part ("P2 did
    Laundry 3", "P2 combat, a hit"), else the same without the player, else
    its first words, never ending on a word like "on" or "the"."""
    body = line
    if len(line) > 3 and line[0] == "P" and line[2] == " ":
        body = line[3:]
    for text in (line, body):
        for sep in (";", ":", ","):
            t = text.split(sep)[0].rstrip()
            if len(t) <= width:
                return t
    t = body[:width + 1]
    i = t.rfind(" ")
    if i <= 0:
        return body[:width]
    words = t[:i].split(" ")
    while len(words) > 1 and (words[-1] in _JOINERS or not words[-1]):
        words.pop()
    return " ".join(words).rstrip(",:;(")


def _levels(m):
    out = [str(lv) for lv in range(1, 7) if (m >> lv) & 1]
    return " ".join(out) if out else "none"


def _slot(pd):
    return "slot %d (%s)" % (pd[1], n_dice(pd[0])) if pd[0] else "empty"


_SHEN_WORDS = ((SH_LESS, "scores 1 less cookie next round"),
               (SH_NO4, "cannot score a 4-cookie card next round"),
               (SH_NOTIE, "cannot score on ties next round"))


def changes(b, c, skip=()):
    """Every change from state ``b`` to state ``c`` a player can see, each in
    a few words naming what it counts: dice shaken, used, on modify spots,
    prank and dodge, scallywags and their ready marks, indulgency groups,
    cookies, victory dice, shenanigans, the round's rolls, whose turn, the
    end. ``skip``: ("sc", p, s) and the like, the changes the move's own
    words say already."""
    out = []
    for q in (b.turn, 1 - b.turn):      # the player who moved first, unnamed
        n = "P%d" % (q + 1) if q != b.turn else ""
        if c.pool[q] != b.pool[q] and ("pool", q) not in skip:
            out.append("%s shaken dice now %s" % (n, dlist(c.pool[q])))
        if c.mods[q] != b.mods[q] and ("mods", q) not in skip:
            out.append("%s modify spots %d -> %s" % (n, b.mods[q], n_dice(c.mods[q])))
        for name in ("prank", "dodge"):
            x = getattr(b, name)[q]
            y = getattr(c, name)[q]
            if x != y and (name, q) not in skip:
                out.append("%s %s %s -> %s" % (n, name, _slot(x), _slot(y)))
        for s in b.sets:
            x = b.sc[q][s]
            y = c.sc[q][s]
            if x != y and ("sc", q, s) not in skip:
                out.append("%s %s scallywags %s -> %s" % (n, cards.SET_NAMES[s], _levels(x), _levels(y)))
            if y and b.rd[q][s] != c.rd[q][s]:
                out.append("%s %s %s" % (n, cards.SET_NAMES[s], "ready" if c.rd[q][s] else "used"))
        for k in b.inds:
            x = b.ig[q][k]
            y = c.ig[q][k]
            if x != y and ("ig", q, k) not in skip:
                if y is None:
                    out.append("%s dice off %s" % (n, ind_name(k)))
                else:
                    out.append("%s %s on %s" % (n, dlist(y[0]), ind_name(k)))
        if c.cookie[q] != b.cookie[q] and c.vic[q] == b.vic[q] + 1 and c.cookie[q] == 1:
            out.append("%s cookie %d->6->1: victory die %d of 3" % (n, b.cookie[q], c.vic[q]))
        elif c.vic[q] > b.vic[q]:
            out.append("%s victory die %d of 3" % (n, c.vic[q]) if c.vic[q] == b.vic[q] + 1
                       else "%s victory dice %d -> %d of 3" % (n, b.vic[q], c.vic[q]))
        elif c.vic[q] < b.vic[q]:
            out.append("%s victory dice %d -> %d" % (n, b.vic[q], c.vic[q]))
        if c.cookie[q] != b.cookie[q] and not (c.vic[q] == b.vic[q] + 1 and c.cookie[q] == 1):
            out.append("%s cookie %d->%d" % (n, b.cookie[q], c.cookie[q]))
        if c.used[q] != b.used[q] and ("used", q) not in skip:
            out.append("%s used pool %d -> %s" % (n, b.used[q], n_dice(c.used[q])))
        for bit, words in _SHEN_WORDS:
            if c.shen[q] & bit and not b.shen[q] & bit:
                out.append("%s %s" % (n, words))
        if b.shen[q] and not c.shen[q]:
            out.append("the Clean effects on P%d end" % (q + 1))
    for i in range(len(out)):
        if out[i][0] == " ":
            out[i] = out[i][1:]
    if c.flags & F_DISC and not b.flags & F_DISC:
        out.append("indulgencies need 1 die less this round")
    if c.pend is not None and c.pend != b.pend and ("pend",) not in skip:
        w = {"shake": "shakes %s", "reroll": "rerolls %s", "vroll": "shakes %s victory dice"}
        out.append("P%d %s" % (c.turn + 1, w[c.pend[0]] % (n_dice(c.pend[1]) if c.pend[0] != "vroll"
                                                          else str(c.pend[1]))))
    if c.phase == OVER and b.phase != OVER:
        w = c.winner
        if c.rounds >= ROUND_LIMIT:
            why = ": round %d, the last" % ROUND_LIMIT
        elif w >= 0 and c.vic[w] >= cards.WIN_VICTORY:
            why = ""        # its victory die 3 of 3 is said already
        else:
            why = ": hit at cookie 1, no victory die"
        out.append(("a draw" if w < 0 else "P%d WINS" % (w + 1)) + why)
    elif c.turn != b.turn:
        out.append("P%d's round: Wakeup" % (c.turn + 1))
    return out


def skip(st, a):
    """The changes the words of move ``a`` say already (see ``changes``)."""
    p = st.turn
    v = a[0]
    if v == "scally":
        return (("sc", p, a[1]),)
    if v == "ind" or v == "score":
        return (("ig", p, a[1]),)
    if v == "take" and a[1] == "ind":
        return (("ig", p, a[2]),)
    if v in ("prank", "dodge") and len(a) == 2:
        return ((v, p),)
    if v == "mod":
        return (("mods", p),)
    if v == "shake":
        return (("pend",), ("pool", p), ("used", p))
    if v == "combat":
        return (("prank", p),)
    if v == "task":
        code = cards.CODES[a[1]][a[2] - 1]
        t = a[3:4]
        if code == "any":
            code = cards.CODES[a[3]][a[4] - 1]
            t = a[5:6]
        if code == "swap" and t:
            t = t[0]
            return (("sc", p, a[1]), ("sc", 1 - p, t), ("used", p), ("used", 1 - p))
    return ()

"""The Hint's words for Auntie Mildred: a move as advice ("Put the 3 on
Clean 3") and why ("it finishes a set"), fitted to the Hint page. A module
of its own, imported when a hint is asked for (bot.hint), so that play
without the Hint does not carry it."""
from dicebox.games.mildred import lookahead
from dicebox.games.mildred import cards
from dicebox.games.mildred import rewards
from dicebox.games.mildred.board import top, wrap
from dicebox.games.mildred.board import ind_dice
from dicebox.games.mildred.words import dlist, ind_name, n_dice

# the Hint page's lines for the reason, 16 columns each (core/tablepages.py
# HintPage.WHY_ROWS; not imported: a review reads these words without the page,
# tests/portable/test_hint_lines.py holds the two equal)
HINT_LINES = 4

_EFFECT = {"less": "P%d scores 1 less cookie next round",
           "disc": "indulgencies need 1 die less this round",
           "no4": "P%d cannot score a 4-cookie card next round",
           "notie": "P%d cannot score on ties next round",
           "clear": "all scallywags back, a victory die",
           "dodge1": "dodge 1 slot up", "prank1": "prank 1 slot up",
           "vroll": "rolls the victory dice", "react": "other sets ready again"}


def _task_say(st, code, args):
    o = 2 - st.turn
    if code in ("swap", "reduce", "deact"):
        w = {"swap": "remove it and P%d's top %s die",
             "reduce": "move P%d's top %s scallywag down 1 level",
             "deact": "make P%d's %s scallywags used"}[code]
        return w % (o, cards.SET_NAMES[args[0]])
    if code in ("pd2", "pd3", "pd4"):
        k = rewards.record(code)[2]   # the steps to share out
        if not args[0] or args[0] == k:
            return "%s %d slots up" % ("prank" if args[0] else "dodge", k)
        return "prank %d up, dodge %d up" % (args[0], k - args[0])
    if code == "reroll":
        return "reroll the " + " and ".join(str(v) for v in args)
    if code in ("m1x1", "m1x2", "m2x1", "m2x2"):
        out = []
        i = 0
        while i + 1 < len(args):
            out.append("a %d into a %d" % (args[i], wrap(args[i] + args[i + 1])))
            i += 2
        return "turn " + " and ".join(out)
    w = _EFFECT.get(code, code)
    return w % o if "%d" in w else w


def task_effect(st, a):
    """What task action ``a`` does, in plain words ("turn a 2 into a 3")."""
    code = cards.CODES[a[1]][a[2] - 1]
    args = a[3:]
    if code == "any":
        code = cards.CODES[a[3]][a[4] - 1]
        args = a[5:]
    return _task_say(st, code, args)


_PLAIN = {"combat": "Combat", "goal": "Goal line",
          "ready": "Ready all", "keep": "Keep your start dice", "pass": "Pass"}


def advice(st, a):
    """Action ``a`` as advice to the acting player, in a few plain words:
    "Put the 3 on Clean 3" (the Hint's first words; ``why`` says why)."""
    p = st.turn
    v = a[0]
    w = _PLAIN.get(v)
    if w is not None:
        return w
    if v == "dodge" or v == "prank":
        if len(a) == 1:
            return "Take dodge"
        return "Put the %d on %s" % (a[1], v)
    if v == "score":
        return "Score " + ind_name(a[1])
    if v == "advance":
        return "Move the %s scallywag up to %d (Cook 1)" % (cards.SET_NAMES[a[1]],
                                                             top(st.sc[p][a[1]]) + 1)
    if v == "trim":
        return "One a set on %s" % cards.SET_NAMES[a[1]]
    if v == "take":
        if a[1] == "prank":
            return "Take back your prank dice"
        if a[1] == "ind":
            return "Take back your dice on " + ind_name(a[2])
        return "Take back your %s scallywags" % cards.SET_NAMES[a[2]]
    if v == "shake":
        n = len(st.pool[p]) + st.used[p]
        return "Shake " + n_dice(n) if n else "End the Wakeup: no dice to shake"
    if v == "mod":
        return "Modify spot: %d turns a %d into %d" % (a[1], a[2], wrap(a[2] + a[3]))
    if v == "scally":
        lv = top(st.sc[p][a[1]]) + 1
        return "Put the %d on %s %d" % (lv, cards.SET_NAMES[a[1]], lv)
    if v == "ind":
        pat = tuple(sorted(a[2]))
        take = ind_dice(st, p, pat)
        if take is not None and len(take) < len(pat):
            return "Put %s on %s (Clean 3 helps)" % (dlist(take), ind_name(a[1]))
        return "Put %s on %s" % (dlist(pat), ind_name(a[1]))
    if v == "task":
        head = "Do %s %d" % (cards.SET_NAMES[a[1]], a[2])
        if cards.CODES[a[1]][a[2] - 1] == "any":
            head += " as %s %d" % (cards.SET_NAMES[a[3]], a[4])
        return head
    return str(a)


def _why(st, a, rng, nacts, then=None):
    """A few plain words on what ``a`` does for the acting player ("it
    finishes a set", "victory die 2 of 3"); ``then``: the move of the same
    round it prepares, if the Expert saw one. ``rng`` samples a roll the move
    starts (the Hint passes its own fixed one)."""
    p = st.turn
    o = 1 - p
    v = a[0]
    c = lookahead.clone(st)
    c.do(a)
    if c.pend is not None and not c.is_over() and v != "shake":
        lookahead.roll_out(c, rng)
    if c.is_over() and c.winner == p:
        return "it wins the game"
    if nacts == 1:
        return "the only move"
    if v == "task" and lookahead.task_code(a) == "vroll":
        return "%d%% to gain a cookie" % _vroll_pct(st.vic[p])
    if c.vic[p] > st.vic[p]:
        return "victory die %d of 3" % c.vic[p]
    if c.vic[o] < st.vic[o]:
        return "they lose a victory die"
    if v == "combat":
        pr = st.prank[p][1]
        dg = st.dodge[o][1]
        if c.cookie[o] < st.cookie[o]:
            return "prank slot %d beats dodge slot %d: they lose a cookie" % (pr, dg)
        if pr > dg:
            return "prank slot %d beats dodge slot %d" % (pr, dg)
        return "dodge slot %d holds prank slot %d" % (dg, pr)
    if v == "score":
        return _cookies(cards.INDULGENCIES[a[1]][2])
    if v == "ind":
        w = "%s next round" % _cookies(cards.INDULGENCIES[a[1]][2])
        if st.ig[o][a[1]] is not None:
            w += " if it beats theirs"
        return w
    if v == "scally" or v == "advance":
        lv = top(c.sc[p][a[1]])
        if lv == cards.GOAL_LEVEL:
            return "it finishes a set"
        return ("a scallywag, level %d of 6" if v == "scally" else "level %d of 6") % lv
    if v == "prank" and len(a) == 2:
        if c.prank[p][1] > st.dodge[o][1]:
            return "prank slot %d beats their dodge slot %d" % (c.prank[p][1], st.dodge[o][1])
        return "prank slot %d, their dodge slot %d" % (c.prank[p][1], st.dodge[o][1])
    if v == "dodge":
        if len(a) == 1:
            return "a must before you shake"
        return "dodge slot %d against their prank slot %d" % (c.dodge[p][1], st.prank[o][1])
    if v == "trim":
        return "a must before you shake"
    if v == "shake" or v == "keep":
        return "nothing else helps first"
    if v == "pass":
        n = len(st.pool[p])
        return "no move helps now" if not n else "no move helps: %s stay" % n_dice(n)
    if v == "take":
        return "%s to shake" % n_dice(c.used[p] - st.used[p])
    if v == "ready":
        n = 0
        for s in st.sets:
            n += c.rd[p][s]
        return "1 set can do a task" if n == 1 else "%d sets can do tasks" % n
    if then is not None and (v == "mod" or lookahead.pool_code(st, a) is not None) and then[0] != "pass":
        t = advice(c, then)
        return "then " + t[0].lower() + t[1:]
    if v == "mod":
        nv = wrap(a[2] + a[3])
        for s in st.sets:
            if top(st.sc[p][s]) + 1 == nv and nv not in st.pool[p]:
                return "%s %d needs a %d" % (cards.SET_NAMES[s], nv, nv)
        return "a %d from a %d" % (nv, a[2])
    if v == "task" and lookahead.task_code(a) == "reroll":
        return "new values for %s" % n_dice(len(a) - (5 if a[2] == 6 and a[1] == cards.DIY else 3))
    if c.cookie[p] > st.cookie[p]:
        return _cookies(c.cookie[p] - st.cookie[p])
    if v == "task":
        return task_effect(st, a)
    return "the best of %d moves" % nacts


def _cookies(n):
    return "1 cookie" if n == 1 else "%d cookies" % n


def _lines(text, cols=16):
    """Lines ``text`` takes on the screen, wrapped at spaces to ``cols``."""
    n = 0
    for part in text.split("\n"):
        n += 1
        x = 0
        for w in part.split(" "):
            k = len(w)
            if x and x + 1 + k > cols:
                n += 1
                x = 0
            x = x + 1 + k if x else k
            while x > cols:
                n += 1
                x -= cols
    return n


def _vroll_pct(n):
    """Percent chance that shaking n victory dice gains cookies (DIY 4:
    each 4-6 gains one, each 1 loses one, a 2 or 3 nothing): the ways of all
    6**n rolls counted by their net, a die at a time (not a roll at a time)."""
    ways = [1]                  # ways[k]: rolls of the dice so far netting k - (dice so far)
    for d in range(n):
        nxt = [0] * (len(ways) + 2)
        for k in range(len(ways)):
            w = ways[k]
            nxt[k] += w         # a 1: one less
            nxt[k + 1] += 2 * w     # a 2 or a 3
            nxt[k + 2] += 3 * w     # 4, 5 or 6: one more
        ways = nxt
    win = sum(ways[n + 1:])     # a net above zero
    return win * 100 // 6 ** n


def hint_words(st, a, nacts, then=None, tie=None):
    """The Hint's words for move ``a``: the advice, why, and a tie named."""
    head = advice(st, a)
    why = _why(st, a, lookahead.Steady(), nacts, then)
    out = [head + ": " + why]
    if tie is not None:
        t = advice(st, tie)
        out.insert(0, "%s: %s (as good: %s)" % (head, why, t[0].lower() + t[1:]))
        out.insert(1, "%s: %s (a tie)" % (head, why))
    cut = why.split(" if ")[0].split(": ")[0]     # the reason's first part
    if cut != why:
        out.append(head + ": " + cut)
    if tie is not None:
        out.append(head + " (a tie)")
    out.append(head)
    for t in out:
        if _lines(t) <= HINT_LINES:
            return t
    return out[-1]

"""Dairyman's judgement for the review of a game (core/review.py): the
Expert's turn search (bot.py) weighs every move of the decision (each way of
locking sets, a stop, a reroll, a reroll with a die frozen, a yellow flip
then a reroll) by expectimax over the exact dice tables, in points; the move
made is worth what the search says of it, the best is the Expert's. Exact:
no error. Imported only for a review.

What the search weighs is ``bot._decide``'s list of moves and a claim's
worth ``bot._context``'s (both private to the bot: called here, in one
place, never changed). Not weighed (None): a roll that failed (ice creams or
a backorder), an ice cream, a flip other than the yellow die's before a
reroll, a reroll with two or more dice frozen.
"""
from dicebox.core.review import Verdict, amount
from dicebox.games.dairyman import advice, bot, rules
from dicebox.games.dairyman import odds  # noqa: F401  (the words' table: loaded with the review, not in a slice)
from dicebox.games.dairyman.rules import SETS

SLICE = bot.SLICE
STEP = 10             # units a step of the log read and played takes (about 10 us of
                      # unix-port time, a unit about 1: four steps a slice)
UNIT = "points"
EXACT = 1e-6          # values closer than this are the same (float sums)
WIN = bot.WIN         # the Expert's worth of ending the game in the lead (a loss: -WIN)


def _lock_type(st, dice):
    """The set kind (an index of SETS) the dice ``dice`` make."""
    vals = sorted(st.dv[i] for i in dice)
    for t in range(len(SETS)):
        if list(SETS[t]) == vals:
            return t
    return -1


def _made(st, a, out):
    """(value, plan) of move ``a`` among the search's weighed moves ``out``
    ((worth, move or None for a stop, lock plan or None) each), or None."""
    v = a[0]
    best = None
    if v == "lock":
        t = _lock_type(st, a[1])
        for w, b, pl in out:
            if b is not None and b[0] == "lock" and t in pl[4] and (best is None or w > best[0]):
                # the plan's sets with the one locked first (as it was)
                rest = list(pl[4])
                rest.remove(t)
                best = (w, [pl[0], pl[1], pl[2], pl[3], [t] + rest])
        return best
    if v == "reroll":
        fr = a[1]
        if len(fr) > 1:
            return None
        for w, b, pl in out:
            if b is not None and b[0] == "reroll" and len(b[1]) == len(fr) and (
                    not fr or st.dv[b[1][0]] == st.dv[fr[0]]):
                return (w, None)
        return None
    if v == "flip":
        for w, b, pl in out:
            if b == ("flip", a[1]):
                return (w, None)
        return None
    if v == "claim" or v == "fail":
        for w, b, pl in out:
            if b is None:
                return (w, None)
    return None


def _plan_of(out, a):
    """The plan of the Expert's lock ``a`` (the best weighed with it)."""
    got = None
    for w, b, pl in out:
        if b == a and pl is not None and (got is None or w > got[0]):
            got = (w, pl)
    return got[1] if got else None


def _end_in_reach(st):
    """True when a claim could end the game this turn (it takes more tiles
    than the stack holds): the Expert then weighs a win, not points."""
    n = len(st.stack)
    for c in rules.claims(st.display, 130):
        if len(c) > n:
            return True
    return False


def judging(st, seat, a, bg):
    """The Verdict on move ``a`` of the acting seat (a generator: yields None
    between slices of ``bg``), or None for a move the search does not weigh."""
    if a[0] in ("ice",):
        return None
    out = []
    best = yield from bot._decide(bg, st, True, 0, None, out)
    if not out:
        return None                  # a failed roll: ice creams or a backorder
    top = out[0][0]
    for w, b, pl in out:
        if w > top:
            top = w
    got = _made(st, a, out)
    if got is None:
        return None
    mv, plan = got
    if a[0] == "claim":
        # a claim's own worth (the stop weighed is the best claim's)
        ctx = yield from bot._context(bg, st, True)
        for c, pts, w in ctx.claims:
            if sorted(c) == sorted(a[1]):
                mv = w
        if best[0] == "claim" and sorted(best[1]) == sorted(a[1]):
            mv = top
    bg.end()
    yield None                       # the words (their chances, their tables): a slice of their own
    bg.fits(SLICE)
    if a == best or top - mv <= EXACT:
        return Verdict(a, best, top, top, 0.0, "As good as the Expert's: %s" % (
            advice.why(st, a, plan)))
    bplan = _plan_of(out, best) if best[0] == "lock" else None
    d = top - mv
    if _end_in_reach(st):
        # a claim may end the game: the Expert counts ending it in the lead
        # WIN, behind -WIN, and the rest of its worth is small beside that
        more = "The game's end is in reach (the Expert counts ending it in the lead " \
            "as %d points): its move was worth %s more." % (WIN, amount(d))
    else:
        more = "It was worth %s points more." % amount(d)
    words = "You: %s\nThe Expert: %s\n%s" % (
        advice.why(st, a, plan), advice.why(st, best, bplan), more)
    return Verdict(a, best, mv, top, 0.0, words)

"""Auntie Mildred's judgement for the review of a game (core/review.py).

The Expert's move is the Hint's (bot.hint: the same for the same position).
The move made and the Expert's are each valued REPEATS times as the Expert
values a move: in the action phase its second step (bot._value_after: the
best next move of the round, over ROLLS sampled rolls where the move rolls
dice), else its one-step look (bot._greedy) - both private to the bot,
called here and never changed (so is bot._listed, the legal moves in
slices). The value is the Expert's evaluation of the
table for the seat against the other, in its points (a victory die 130, a
cookie 18, a set's top level 5 a level ...: bot.EXPERT). The rolls are
sampled, so each value is a mean with an error: ``err`` is Z standard errors
of the difference of the two means (0 when neither move rolls dice: every
repeat gives the same value), and a loss is said only above it.

Not weighed (None): the only legal move, keeping the start dice (the Expert
weighs a fresh shake instead).
"""
from dicebox.core.review import Verdict, amount
from dicebox.games.mildred import bot, rules
from dicebox.games.mildred.lookahead import Steady

SLICE = bot.SLICE
STEP = SLICE     # a step of the log read and played: about 63 us of unix-port time,
                 # 3.5 units (a unit 18 us): one step a slice (17 ms on the chip)
UNIT = "points"
REPEATS = 4      # values of each move, each over the Expert's sampled rolls
WIN = 100000     # the Expert's worth of a game won (lost: -WIN): the bot's _WIN
                 # (a private constant there, compiled in place: no name to read)
Z = 2.0          # the error said: this many standard errors (about 95%)


def _once(st, a, p, rng, bg):
    """One value of move ``a`` (a generator), in the evaluation's points."""
    if st.phase == rules.ACT and a[0] != "pass":
        done = [False, 0, None]
        yield from bot._value_after(st, rng, a, p, bg, done)
        return done[1] / 4.0
    top = []                                  # (value, move) of the best, flat
    yield from bot._greedy(st, rng, True, [a], bg, top, 1, [False], bot.EXPERT)
    return top[0] / 4.0 if top else None


def _valued(st, a, p, rng, bg):
    """(mean, variance of the mean) of REPEATS values of ``a`` (a generator)."""
    xs = []
    for _ in range(REPEATS):
        x = yield from _once(st, a, p, rng, bg)
        if x is None:
            return None
        xs.append(x)
    m = sum(xs) / len(xs)
    var = 0.0
    for x in xs:
        var += (x - m) * (x - m)
    return m, var / (len(xs) - 1) / len(xs)


def judging(st, seat, a, bg):
    """The Verdict on move ``a`` of the seat to move (a generator: yields
    None between slices of ``bg``), or None for a move not weighed."""
    if a[0] == "keep":
        return None
    box = [None]
    yield from bot._listed(st, bg, box)      # the legal moves, in slices
    if len(box[0]) <= 1:
        return None                          # the only move
    box = None
    rng = Steady()
    best = None
    why = ""
    for x in bot.hint(st, None, bg):
        if x is None:
            yield None
        else:
            best, why = x
    best = tuple(best)
    if best[0] == "keep":
        return None
    p = st.turn
    bg.most = None              # the repeats: every sampled roll, whatever the budget
    if best == a:
        return Verdict(a, best, 0.0, 0.0, 0.0, "As good as the Expert's: %s" % why)
    got = yield from _valued(st, best, p, rng, bg)
    if got is None:
        return None
    mine = yield from _valued(st, a, p, rng, bg)
    if mine is None:
        return None
    err = Z * (got[1] + mine[1]) ** 0.5
    bv = got[0]
    mv = mine[0]
    if bv < mv:
        bv = mv                 # the move made was worth as much: no loss
    v = Verdict(a, best, mv, bv, err)
    d = bv - mv
    if v.even():
        v.words = "As good as the Expert's%s. It says: %s" % (
            " (within its error, %s points)" % amount(err) if err > 0 else "", why)
    elif bv >= WIN / 2 or mv <= -WIN / 2:
        # a move that settles the game: the Expert counts a win WIN, a loss -WIN
        v.words = "The Expert: %s\nThe game was decided here (the Expert counts a win " \
            "as %d points): its move was worth %s more." % (why, WIN, amount(d))
    else:
        v.words = "The Expert: %s\nIt was worth %s points more%s (the Expert's table " \
            "value: a victory die 130, a cookie 18)." % (
                why, amount(d), ", give or take %s, from sampled rolls" % amount(err) if err else "")
    return v

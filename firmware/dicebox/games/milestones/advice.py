"""The Hint for Milestones: the Expert's move for a seat (``hint``) and its
words, said in at most 40 characters ("reroll 4Y 1P: 34% for run of 4",
"claim now: +3 points"), with the chance that the reroll meets the card in
hand. A module of its own, imported when a hint is asked for (the game
menu's Hint, gamemenu.py), so that play without the Hint does not carry it."""
from dicebox.core import rng as _rng
from dicebox.core.think import Budget
from dicebox.games.milestones import deck
from dicebox.games.milestones.bot import Bot, EXPERT, LOOK, SLICE, protected
from dicebox.games.milestones.search import MUL6, EXCOST
from dicebox.games.milestones.values import TCOST, exact_hits, exact_info, value
from dicebox.games.milestones.dice import labels as _die_labels
from dicebox.games.milestones.tasks import describe as _task_words
from dicebox.games.milestones.tasks import POPCOUNT


def hint_seed(st, seat):
    """A seed made of the position alone (the dice, the cards in hand, whose
    turn, the seat asking), so that the Expert's samples, and so its advice,
    are the same each time the same position is asked about."""
    k = seat * 7 + st.turn + 1
    for v in st.dice or ():
        k = (k * 7 + v) % 65521
    for c in st.hands:
        k = (k * 31 + c + 2) % 65521
    return k + 1


def hint(st, seat, rng, budget=None):
    """The Expert's advice for ``seat``, as a generator: None after each slice,
    last value (action, why); ``why`` is at most 40 characters, e.g.
    "reroll 4Y 1P: 34% for run of 4". Does not change ``st``. ``budget``: the
    advice's core.think.Budget (SLICE units a slice; a new one when not given).
    ``rng`` is not drawn from: the samples are seeded by the position
    (``hint_seed``), so asking again gives the same advice."""
    bg = budget or Budget(SLICE)
    b = Bot(seat, EXPERT)
    rng = _rng.seeded(hint_seed(st, seat))      # the same advice for the same position
    bg.fits(LOOK)
    a = b._act(st, rng)
    if a is None and st.dice is None:
        a = ("roll", 63)                        # the first roll: all six dice
    elif a is None:
        prot = protected(st, seat)
        bg.end()
        yield None          # the look was this slice
        m = 0
        for x in b._think(st, rng, prot, bg):
            if x is None:
                yield None
            else:
                m = x
        a = ("roll", m)
        bg.end()
        yield None          # the decision's last slice was this one
    bg.end()
    yield None              # the words' slice begins
    why = ""
    for x in hint_words(b, st, seat, a, bg):
        if x is None:
            yield None
        else:
            why = x
    yield a, why


def hint_words(bot, st, seat, a, bg):
    """The words for the Expert's move ``a`` for ``seat`` (``bot``: the Expert
    that chose it), as a generator: None after each slice (the reroll's
    chance may take some), the words last. Does not change ``st``."""
    k = a[0]
    if k == "claim":
        pts = deck.POINTS[st.hands[seat]]
        yield "claim now: +%d point%s" % (pts, "" if pts == 1 else "s")
        return
    if k == "draw":
        yield "take a card from %s" % (
            "the pile" if st.big else deck.TIER_NAMES[a[2]] + " pile")
        return
    if k == "flip":
        yield "flip the hourglass: more time"
        return
    if k != "roll":
        yield "swap: this card is slow"
        return
    m = a[1]
    if st.dice is None:
        yield "roll all six dice"
        return
    c = st.hands[seat]
    if c < 0:
        yield "reroll %s: no card in hand" % _dice_words(st, m)
        return
    d = deck.card(c)
    pct = 0
    exact = True
    for x in _chance(bot, st, c, m, bg):
        if x is None:
            yield None
        else:
            pct, exact = x
    words = "+".join(_task_words(d[3]))
    head = "reroll %s: %s%d%%" % (_dice_words(st, m), "" if exact else "~", pct)
    why = "%s for %s" % (head, words)
    if len(why) > 40:
        why = head + " for your card"
    if len(why) > 40:
        why = head
    yield why


def _dice_words(st, m):
    return "all" if m == 63 else _die_labels(st.dice, m)


def _chance(bot, st, card, m, bg):
    """The chance (percent) that rerolling ``m`` meets ``card`` and whether it is
    exact: from the exact figures where there are (``exact_hits``: all six dice,
    three to five dice of a one-domain card, a condition or a single face), else
    one to three dice enumerated, else 216 sampled rolls. A generator: None after
    each slice, (percent, exact) last."""
    cur = st.dice
    t = bot.t
    pc = POPCOUNT[m]
    bg.fits(EXCOST)
    h = exact_hits(exact_info(card), cur, 63 ^ m, pc)
    if h >= 0:
        yield (h * 100 + MUL6[pc] // 2) // MUL6[pc], True
        return
    tg = bot.card_tg(card)
    tgs = (tg,)
    cost = 3 + TCOST[tg[0]]
    total = 6 ** pc if pc <= 3 else 216
    hit = 0
    for j in range(total):
        while not bg.fits(cost):
            yield None
        x = j
        for i in range(6):
            if (m >> i) & 1:
                if pc <= 3:
                    t[i] = x % 6 + 1
                    x //= 6
                else:
                    t[i] = bot.rand() % 6 + 1
            else:
                t[i] = cur[i]
        if value(tgs, t):
            hit += 1
    yield (hit * 100 + total // 2) // total, pc <= 3

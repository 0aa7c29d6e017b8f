"""The Hint's words for Milestones: the Expert's move for a seat said in at
most 40 characters ("reroll 4Y 1P: 34% for run of 4", "claim now: +3
points"), with the chance that the reroll meets the card in hand. A module of
its own, imported when a hint is asked for (bot.hint), so that play without
the Hint does not carry it."""
from dicebox.games.milestones import deck
from dicebox.games.milestones.search import MUL6, EXCOST
from dicebox.games.milestones.values import TCOST, exact_hits, exact_info, value
from dicebox.games.milestones.dice import labels as _die_labels
from dicebox.games.milestones.tasks import describe as _task_words
from dicebox.games.milestones.tasks import POPCOUNT


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
    words = "+".join(_task_words(d[3], True))
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

"""Milestones' saved-state checks: what ``rules.State.from_dict`` runs when a
save is read back (``judge``), and nothing else. Imported only there and
dropped when the table is back on top (the manifest's ``ON_DEMAND``): play
does not carry it. It imports the deck, not the rules (the limits below are
the rules' own: tests/portable/test_milestones_saves.py holds them equal).

``judge`` refuses, with ``BadData`` saying why, anything that is not a state
the engine could have reached: another deck version, wrong types, values out
of range, lists of the wrong length, a card lost, doubled or in the wrong
pile, clocks out of range.
"""
from micropython import const
from dicebox.core.game import tup
from dicebox.core.hourglass import Hourglass
from dicebox.core.valid import BadData, need, int_in, list_of, dict_of
from dicebox.games.milestones import deck
from dicebox.games.milestones.dice import ALL

MAX_PLAYERS = const(5)          # rules.MAX_PLAYERS
MAX_MS = const(0x3FFFFFFF)      # rules.MAX_MS: a saved clock value beyond this is damage
MAX_GAME_MS = const(3600000)    # rules.MAX_GAME_MS
_NONE = const(-1)               # no card in a hand (rules)


def judge(o, d):
    """``o``, a State that ``FIELDS.load`` filled from the save data ``d``, with
    every value checked (lists and tuples as the state keeps them, the glass
    rebuilt); ``BadData`` for the first that is wrong."""
    dv = o.deck_version
    need(type(dv) is int and dv == deck.DECK_VERSION, "made with another version of the deck")
    need("glass" in d, "glass missing")
    n = int_in(o.n, 1, MAX_PLAYERS, "players")
    o.big = _flag(o.big, "big")
    mand = list_of(_listed(o.mand_all), "mandatory cards", lo=0, hi=3)
    for sd in mand:
        int_in(sd, 0, 2 * deck.NMANDATORY - 1, "a mandatory side")
    cards = [sd >> 1 for sd in mand]
    for c in cards:
        need(cards.count(c) == 1, "a mandatory card lies out twice")
    need(mand == sorted(mand), "mandatory sides out of order")
    o.mand_all = tuple(mand)
    hg = o.hg_side
    need(hg is None or (type(hg) is int and hg in (6, 7)), "bad hourglass card side")
    o.hg_side = hg
    piles = list_of(o.piles, "piles", n=1 if o.big else 3)
    o.piles = [list(_cards(p, "a pile")) for p in piles]
    if not o.big:
        for t in range(3):
            for c in o.piles[t]:
                need(deck.TIER[c] == t, "a card in the wrong pile")
    o.hands = list(list_of(o.hands, "hands", n=n))
    for c in o.hands:
        int_in(c, _NONE, deck.NCARDS - 1, "a hand card")
    o.rolls = int_in(o.rolls, 0, MAX_MS, "rolls")
    o.drawn_at = list(list_of(o.drawn_at, "draw times", n=n))
    for r in o.drawn_at:
        int_in(r, 0, o.rolls, "a draw time")
    dice = o.dice
    if dice is None:
        need(o.rolls == 0, "rolls without dice")
        o.dice = None
    else:
        list_of(dice, "dice", n=6)
        for v in dice:
            int_in(v, 1, 6, "a die")
        need(o.rolls > 0, "dice without a roll")
        o.dice = list(dice)
    o.turn = int_in(o.turn, 0, n - 1, "turn")
    o.setup = int_in(o.setup, 0, n, "setup")
    o.scored = list(_cards(o.scored, "scored cards"))
    o.discarded = list(_cards(o.discarded, "discarded cards"))
    need(o.big or not o.discarded, "discards outside variant 1")
    held = [c for c in o.hands if c != _NONE]
    every = o.scored + o.discarded + held
    for p in o.piles:
        every += p
    need(len(every) == deck.NCARDS, "%d cards, not %d" % (len(every), deck.NCARDS))
    seen = bytearray(deck.NCARDS)
    for c in every:
        need(not seen[c], "card %d is in two places" % c)
        seen[c] = 1
    for s in range(n):
        need((o.hands[s] != _NONE) == (s < o.setup) or o.setup == n,
             "hand cards do not match the setup")
    o.mand_open = list(list_of(o.mand_open, "open mandatory cards", hi=3))
    for sd in o.mand_open:
        need(sd in mand, "an open mandatory card that is not out")
    o.hg_open = _flag(o.hg_open, "hg_open")
    need(not o.hg_open or hg is not None, "no hourglass card lies out")
    o.flips = int_in(o.flips, 0, 1, "flips")
    need(not (o.flips and o.hg_open), "the hourglass card was used and is still out")
    need(not o.flips or hg is not None, "a flip without the hourglass card")
    o.now = int_in(o.now, 0, MAX_MS, "the clock")
    g = dict_of(d["glass"], "the hourglass")
    total = int_in(g.get("total"), 1, MAX_GAME_MS, "the glass size")
    left = int_in(g.get("left"), 0, total, "the sand left")
    running = _flag(g.get("running"), "the glass")
    o.glass = Hourglass(total, o.now, running)
    o.glass.top = left
    o.started = _flag(o.started, "started")
    need(o.started == (o.rolls > 0), "started does not match the rolls")
    need(o.started or (not running and left == total and o.turn == 0),
         "the sand ran before the first roll")
    o.paused = _flag(o.paused, "paused")
    need(not (o.paused and running), "a paused glass that runs")
    o.over = _flag(o.over, "over")
    end = o.end
    need(isinstance(end, str) and len(end) <= 40, "bad end reason")
    o.end = end
    p = o.pending
    o.pending = None
    if p is not None:
        p = list_of(_listed(p), "the pending draw or roll", lo=2, hi=3)
        need(not o.over, "a finished game waits for dice")
        if p[0] == "draw" and len(p) == 3:
            s = int_in(p[1], 0, n - 1, "the drawing seat")
            pi = int_in(p[2], 0, len(o.piles) - 1, "the pile")
            need(o.piles[pi], "a draw from an empty pile")
            need(o.hands[s] == _NONE, "a draw into a full hand")
        elif p[0] == "roll" and len(p) == 2:
            m = int_in(p[1], 1, ALL, "the dice rolled")
            need(o.dice is not None or m == ALL, "a first roll of fewer dice")
        else:
            raise BadData("an unknown pending action")
        o.pending = tup(p)
    return o


def _listed(x):
    """A tuple as a list (a state's own to_dict keeps its tuples; JSON makes lists)."""
    return list(x) if isinstance(x, tuple) else x


def _flag(x, what):
    need(x is True or x is False, "%s is not yes/no" % what)
    return x


def _cards(x, what):
    list_of(x, what, hi=deck.NCARDS)
    for c in x:
        int_in(c, 0, deck.NCARDS - 1, "a card in " + what)
    return x

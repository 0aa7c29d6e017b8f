"""Dairyman's texts for the console (plain ASCII, word-wrapped): How to play,
Controls, Rules, Rulings and the tile list.

This module is the one source: docs/games/dairyman.md carries the same pages
between markers, regenerated from here (``python tests/host/test_dairyman_docs.py
--write``), and a test fails when they differ.
"""
from dicebox.games.dairyman.tiles import NTILES, tile_line

HOW = (
    "Make sets of 10 with dice, turn them into milk tiles.\n"
    "\n"
    "1. Shake or press A: roll.\n"
    "2. Pick 2 or 3 dice adding up to 10 (Left/Right, A on each): the set "
    "locks in your barns.\n"
    "3. Hold B: the menu. Reroll the rest for more sets, or stop and claim "
    "display tiles worth up to your barns.\n"
    "4. No set after a roll: you lose the turn and take a backorder token "
    "(-5, and a red die next turn).\n"
    "5. Flip your tiles for bonuses. The game ends when the display runs "
    "out; most points wins.\n"
    "\n"
    "More: Controls, Rules."
)

CONTROLS = (
    "YOUR TURN\n"
    "A or shake: roll\n"
    "Left/Right: move over the unlocked dice (hold to repeat)\n"
    "A: pick a die; picks adding to 10 lock as a set\n"
    "B: back: drop the picks; with none, leave the game (it is saved)\n"
    "Hold B: game menu. Its moves keep their places: Reroll, "
    "Freeze+reroll, Stop and claim, Flip a tile, Ice cream, Fail: "
    "backorder; one not possible now says why (Reroll: no dice). Then "
    "Hint (what the Expert would do, and why; 'Tie:' names another move "
    "it finds exactly as good), moves, scores, help, save and quit\n"
    "Down: scores\n"
    "\n"
    "FREEZE+REROLL\n"
    "A: keep the die (one freeze token each)\n"
    "Up: reroll the rest\n"
    "B: back (cancel)\n"
    "\n"
    "ICE CREAM, ONE DIE\n"
    "Left/Right, A: the die to reroll. B: back (cancel)\n"
    "\n"
    "BOT TURNS\n"
    "A: skip ahead: the bots play on quickly until it is a person's turn\n"
    "Hold B: game menu (a bot that is thinking waits). Down: scores\n"
    "A turning dot top right: a bot is thinking\n"
    "\n"
    "HAND OVER (pass and play)\n"
    "A: ready. Hold B: game menu. Hint is off unless Hints is switched on in the "
    "menu\n"
    "\n"
    "NEW GAME\n"
    "Up/Down: a line. Left/Right on a seat: human, Beginner, Casual, Strong "
    "or Expert bot; the line below says how strong. A: the next line; on "
    "Start, A starts\n"
    "\n"
    "MENUS\n"
    "Up/Down: move. A: choose. B: back. Left/Right: change a value "
    "(players, seats)\n"
    "\n"
    "PAGES\n"
    "Up/Down: a line. Left/Right: a page. A or B: close\n"
    "\n"
    "QUESTIONS\n"
    "A: yes. B: no\n"
    "\n"
    "GAME OVER\n"
    "A or B (after a second): back to the menu. One person against bots: "
    "the result counts in Records, under the strongest bot's level\n"
    "\n"
    "THE TABLE\n"
    "Yellow die: a tab in the middle of its top and bottom edges. Red die: "
    "only its corners are drawn. Filled: locked in a barn. Dotted: the spent "
    "yellow die. Right: the three barns. Top right (=30): all your barns "
    "this turn, what a claim may spend (your points: Down, Scores). Disp: the "
    "tiles on display. F: your freeze tokens, B: your backorder tokens."
)

RULES = (
    "Make the most milk. Score your milk tiles; -5 for each backorder token.\n"
    "\n"
    "TURN: roll all dice (7 white, 1 yellow, 1 red per backorder token you "
    "hold). Lock one or more sets: 2 or 3 dice adding up to exactly 10. "
    "Then stop, or reroll all unlocked dice and lock at least one new set. "
    "First roll: barn 1. Rerolls 1-2: barn 2. Reroll 3 on: barn 3.\n"
    "\n"
    "FREEZE: each reroll from the 3rd gives a freeze token. Before a reroll, "
    "spend a token per die to keep it.\n"
    "\n"
    "CLAIM: when you stop, take display tiles adding up to no more than your "
    "barns. You must take one if you can. Leftover points are lost.\n"
    "\n"
    "FAIL: no set after a roll, or nothing to claim: take a backorder token. "
    "When the last one goes, the players with the most discard their "
    "highest unflipped tile; those and the display go under the stack, all "
    "tokens return.\n"
    "\n"
    "FLIP: on your turn pay a tile's need (yellow die showing N, or N freeze "
    "tokens). Cheese: +5 at the end. Ice cream: once a turn reroll all 1s, "
    "all 2s, or one die. Flipped tiles are never discarded.\n"
    "\n"
    "END: when the display cannot be refilled to 3. Ties: fewer backorder "
    "tokens, then more flipped tiles."
)

RULINGS = (
    "R1 Barns: roll 1 fills barn 1, rerolls 1-2 barn 2, rerolls 3+ barn 3. "
    "Barns are added up, so it only shows where sets came from.\n"
    "R2 A freeze token comes with each reroll from the 3rd reroll on, when "
    "you call it: kept even if that roll fails, but it cannot freeze a die "
    "in that same reroll.\n"
    "R3 Freeze only unlocked dice; at least one die must roll. Frozen dice "
    "may be locked after. Freeze tokens never run out.\n"
    "R4 After a roll with no set you may still flip and use ice creams "
    "before you take the failure. Stopping with nothing to claim is a "
    "failure too.\n"
    "R5 Red dice: one per token held when your turn starts. Nobody can "
    "start a turn with more than 4, so 4 red dice always do.\n"
    "R6 Most tokens is counted after the last one is taken; everyone tied "
    "discards. A player with only flipped tiles discards nothing.\n"
    "R7 Two highest tiles of equal value: the one claimed last goes.\n"
    "R8 Flip on your own turn after your roll, any number of times you can "
    "pay. The yellow die must be unlocked. A tile claimed this turn cannot "
    "flip: claiming ends the turn.\n"
    "R9 Tie: most points, then fewest backorder tokens, then most flipped "
    "tiles, else a shared win.\n"
    "R10 Each ice cream tile once per turn (two alike: twice). It rerolls "
    "unlocked dice only, is not a reroll: no freeze token, same barn, and "
    "it does not lift the need to lock a set.\n"
    "R11 Claim any tiles that fit, not only the best. Barns hold 10 per "
    "set.\n"
    "R12 Seat 1 starts.\n"
    "R13 The end is checked when the display is refilled, also after a "
    "reset. Unclaimed tiles score nothing.\n"
    "R14 Cheese back: value +5. Ice cream back: value only.\n"
    "R15 The rulebook gives no tile values: this set of 22 is ours."
)

def tiles_text():
    lines = ["Value, flip need (Yn: yellow die shows n; Fn: n freeze tokens), back:"]
    for t in range(NTILES):
        lines.append(tile_line(t))
    return "\n".join(lines)


def pages():
    """(title, text) pages for ui.TextPage, in the order of the menus."""
    return (("How to play", HOW), ("Controls", CONTROLS), ("Rules", RULES),
            ("Rulings", RULINGS), ("Tiles", tiles_text()))

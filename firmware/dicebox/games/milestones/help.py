"""Milestones on the console: how to play, the keys, the rules, the rulings.

Plain strings for ui.TextPage (it word-wraps); imported only when shown.
This module is the one source of the game's console texts: the section
"On the console" of docs/games/milestones.md is generated from ``pages()``
(``python tests/host/test_milestones_docs.py --write``), and that test fails
when the two differ.
"""

QUICK = (
    "You and your team share six dice and three minutes. Each of you holds "
    "one secret task card, such as 'run of 3' or '2x R'.\n"
    "1. Pick a pile for your first card: easy, medium or hard.\n"
    "2. Shake to roll all six dice. The sand starts.\n"
    "3. On your turn press A on the dice to reroll (they turn dark), then "
    "shake. A second A on a die marks it to keep instead (a double frame): "
    "the bots leave it alone.\n"
    "4. When the dice fit your card, at any moment, press Up to claim it. Its "
    "points go to the team and you take a new card.\n"
    "5. Score as much as you can before the sand runs out.\n"
    "Playing alone? Your card sits under the dice. Bots play the other seats "
    "and claim their own cards; they give you a few seconds to read each new "
    "roll (Pace in the game menu)."
)

CONTROLS = (
    "At the table:\n"
    "Left/Right: move the cursor over the dice.\n"
    "A: mark the die at the cursor. Once: to reroll (the die turns dark). "
    "Twice: to keep (a double frame round it; alone, this asks the team to "
    "leave it, the message line says \"You: keep 4Y\"). A third time: no "
    "mark.\n"
    "Shake, or hold A for a second: roll the marked dice (the first roll: all "
    "six).\n"
    "Up: claim your card (several people: pick the seat first), then pick "
    "the pile for your new card.\n"
    "Down: alone, show or hide your card under the dice. Several people: "
    "pick your seat, then hold A to see your card; let go to hide it. B "
    "goes back.\n"
    "B: back. First it clears your marks; with none, it asks \"Leave the "
    "game?\" (the game is saved; A: leave, B: stay).\n"
    "Hold B: the game menu: hint (what the Expert would do now, and why), "
    "moves so far, discard (variant 1), flip the hourglass (variant 3), "
    "face-up cards, claim aid, pace (how long the bots give you to read "
    "new dice: calm 8 s, normal 5 s, quick 2.5 s), ask to keep (several "
    "people), hints on or off (several people), how to play, save and quit. "
    "B goes back to the dice. The sand waits while a menu or page is open "
    "(it runs on while you choose a pile or look at your card).\n"
    "Menus: Up/Down choose, A picks, B goes back. On the new-game page "
    "Left/Right change a setting and A goes on to the next line.\n"
    "Pages like this one: Up/Down scroll a line, Left/Right a page, A or B "
    "close.\n"
    "Results: after a second, A or B closes.\n"
    "A small turning box top right: a bot is thinking. A dark die: marked "
    "to reroll. A double frame round a die: asked to keep (by you or by a "
    "bot)."
)

SETUP = (
    "People: how many share the console (pass and play). Bots: teammates "
    "played by the console. At most five seats; people sit first.\n"
    "Level: how well the bots play: Beginner keeps the dice that help its "
    "card but often misses one, Casual does the same with fewer slips and "
    "is sometimes tempted by the medium pile, Strong searches every "
    "reroll and minds the must-do cards, Expert uses the exact odds and "
    "says when its card is close. Below Expert they leave alone the dice "
    "that help your card; every level keeps the dice you ask to keep and "
    "the dice that fit your card.\n"
    "Piles: three (easy, medium, hard) or one big pile (variant 1: you may "
    "swap your card from the game menu).\n"
    "Must-do 1-3: lay out a mandatory card, side a or b (variant 2). The "
    "dice must meet each before time is up, or the team scores 0.\n"
    "Glass: lay out the hourglass card, side a or b (variant 3). When the "
    "dice meet it, flip the glass from the game menu.\n"
    "Claim aid: the table says when a card of yours fits the dice.\n"
    "Records (start menu): one person with bots counts a game under the bots' "
    "level: won when the team beat its best score at that table."
)

LEGEND = (
    "Colours on the screen:\n"
    "R red - stripes across\n"
    "P purple - checker\n"
    "B blue - stripes down\n"
    "K black - solid\n"
    "Y yellow - empty\n"
    "G green - diagonal\n"
    "A die reads e.g. 4Y: a yellow 4. Each number-colour pair is on one die only."
)

RULES = (
    "Work as a team for three minutes. Everyone holds one secret task card and "
    "must not talk about it. "
    "Three piles: easy (1-2 pts), medium (2-3 pts), hard (5 pts). Each player "
    "takes a card from the pile they like. "
    "The first roll uses all six dice and starts the hourglass. Then, in turn, "
    "each player rerolls any dice they choose, at least one. "
    "Whenever the dice meet your card - even on someone else's turn - claim it: "
    "the console checks it, adds its points to the team and you draw again from "
    "any pile. A new card that already fits can be claimed at once. "
    "Empty piles: keep rolling, no more cards. "
    "When the sand runs out the game ends at once; cards in hand score nothing.\n"
    "Solo: with no bots you play alone and roll every turn; with bots, they "
    "take the other seats, roll in turn and claim their own cards. Either way "
    "your card is shown under the dice.\n"
    "Results: 0-9 a wash-out, 10-19 a fair start, 20-29 solid, 30-39 really good, "
    "40-49 outstanding, 50-59 hugely impressive, 60+ unreal.\n"
    "Variant 1: one big pile. You may discard your card at any time for a new "
    "one; a newly drawn card counts only after a reroll.\n"
    "Variant 2: 1-3 mandatory tasks lie face up. They leave as soon as the dice "
    "meet them. Any left at the end: the team scores 0.\n"
    "Variant 3: the hourglass card lies face up. When the dice meet it, anyone may "
    "take it and flip the glass (now or on a later fit). Unused, it does nothing."
)

TASKS = (
    "Reading tasks: '3x B' three blue dice; '2x 4' two 4s; '2Y' the yellow 2; "
    "'3 same num' three equal numbers; '3 same col' three equal colours; "
    "'run of 4' four consecutive numbers; 'run 2 1 col' two consecutive numbers "
    "in one colour; 'only 1234' every die shows one of these; 'no YG' no die "
    "shows these. "
    "A task with several lines needs each line met by its own dice, and lines of "
    "the same kind met differently: two pairs are two different numbers, two "
    "colour groups two colours, two runs differ in their lowest number or their "
    "length. More dice than needed never hurt."
)

RULINGS = (
    "Our rulings where the rulebook is open:\n"
    "1. 'Fulfilled differently': parts that name or choose a colour use different "
    "colours; parts about the same numbers use different numbers; two runs are "
    "different runs (ruling 12). Each die serves one part only.\n"
    "2. The hourglass starts with the first roll; cards are taken before it.\n"
    "3. You pick the pile for your next card as you claim. Draws are random.\n"
    "4. A wrong claim is refused with the reason; nothing else happens.\n"
    "5. If nobody holds a card and no mandatory task is open, the game ends early: "
    "nothing could change the score.\n"
    "6. Variant 1: every card drawn during play waits for the next roll, also "
    "after a claim. Discarding needs cards left in the pile; discards leave the "
    "game unseen.\n"
    "7. Variant 2: the console removes a mandatory task the moment the dice meet "
    "it. Special tasks score no points.\n"
    "8. Variant 3: flipping turns real sand: the time left becomes the time that "
    "had run, so a late flip gives more.\n"
    "9. Save and quit lays the hourglass down; it runs on when you resume. The "
    "game menu and the pages it opens (Hint, help, the moves, the leave "
    "question) lay it down while they are open, so reading costs no sand; "
    "choosing a pile or looking at your card does not. Laid down before the "
    "first roll lands, the sand stays full.\n"
    "10. A claim is judged against the dice when you press Up; the table waits "
    "while you pick the pile for your next card.\n"
    "11. Solo: the rulebook is for 2-5 players. Alone, you roll every turn and "
    "claim alone; with bots, a bot rerolls only after you had time to read "
    "the dice (the pace: 5 s after each new roll, 12 s while your card fits "
    "them; calm 8 and 20 s, quick 2.5 and 6 s), never while you claim, and "
    "never rerolls the dice that fit your card or that you asked to keep "
    "(A twice on a die). Bots below Expert also leave the dice that help "
    "your card. Only when every die is spared must a bot reroll one of "
    "them, and the message line says so ('S2 must roll: 4Y'). Expert bots "
    "say when their card is close ('S3: keep 4Y 5P', a double frame round "
    "those dice); that says nothing about the card itself.\n"
    "12. Two runs in one task must be different runs: they differ in their "
    "lowest number or their length, on different dice. 1-2-3 with 1-2, 1-2-3 "
    "with 2-3 and 4-5-6 with 5-6 count; 1-2 with 1-2 does not. Up or down reads "
    "the same.\n"
    "13. The rulebook names the kinds of task, not the cards: this deck is ours, "
    "its tiers ordered by the rolls a card takes with the best rerolls.\n"
    "14. The game ends the moment the sand is out, also when the hourglass "
    "card is flipped before any sand has run (the first roll has just "
    "landed): the glass then holds no sand, so that flip ends the game at "
    "once."
)


def pages():
    """(title, text) pairs for the help menu, in reading order."""
    return (("Quick start", QUICK), ("Controls", CONTROLS), ("Rules", RULES),
            ("Setup", SETUP), ("Tasks", TASKS), ("Colours", LEGEND), ("Rulings", RULINGS))


def menu(app):
    """The help menu: a page of each text (this module stays while it shows)."""
    from dicebox.core import ui
    items = []
    for title, text in pages():
        items.append((title, (lambda t=title, x=text: app.push(ui.TextPage(app, t, x)))))
    app.push(ui.Menu(app, "How to play", items))

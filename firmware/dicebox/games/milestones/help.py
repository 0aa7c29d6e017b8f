"""Milestones on the console: the rules page, the colour legend and our rulings.

Plain strings for ui.TextPage (it word-wraps); imported only when shown.
"""

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
    "colour groups two colours, two runs start on different numbers. More dice "
    "than needed never hurt."
)

RULINGS = (
    "Our rulings where the rulebook is open:\n"
    "1. 'Fulfilled differently': parts that name or choose a colour use different "
    "colours; parts about the same numbers use different numbers; runs start on "
    "different numbers (1-2 and 2-3 is fine, on different dice).\n"
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
    "game menu does not stop the sand.\n"
    "10. The rulebook names the kinds of task, not the cards: this deck is ours, "
    "tiered by the exact chance of a random roll."
)


def pages():
    """(title, text) pairs for the help menu."""
    return (("Rules", RULES), ("Tasks", TASKS), ("Colours", LEGEND), ("Rulings", RULINGS))

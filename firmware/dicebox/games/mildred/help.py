"""Console texts: how to play, controls, the rules page and the numbered rulings
(plain ASCII, word-wrapped on screen), and the task cards' names and texts
(the Task cards page's; their effect codes are cards.py's).

These texts are the one source: docs/games/mildred.md carries a copy between
markers, regenerated with ``python tests/host/test_mildred_docs.py --write``
(the test fails while the two differ)."""

HOWTO = (
    "1/6 THE AIM. Two players, 9 dice each. Win cookies to fill your cookie "
    "die: at 6 it becomes a victory die and starts again at 1. The first to "
    "3 victory dice wins.",
    "2/6 A ROUND. Wake up (tidy your dice, collect what you won), shake the "
    "dice in your pool (your dice at hand), then place them one by one. "
    "Pass ends your round.",
    "3/6 INDULGENCIES: 6 cookie cards, as PR (a pair) or 3K (three alike). "
    "Put dice that fit on one. At your next wakeup it scores if your dice "
    "beat theirs there.",
    "4/6 TASKS are the 3 columns (CL Clean, LA Laundry, DI DIY, CO Cook), "
    "levels 1 to 6. Put a 1 on level 1, later a 2 on level 2, and so on. "
    "A die on a task is a scallywag.",
    "5/6 REWARDS. Once a round a column pays: take the reward of one card "
    "at or below your top scallywag there. The column is then used until "
    "you ready it.",
    "6/6 PRANK attacks, DODGE defends. At your wakeup, a prank higher than "
    "their dodge takes a cookie. A modify spot: a die put there changes "
    "another by 1.",
)

WORDS = (
    "COOKIES: points. Your cookie die shows them, 1 to 6.",
    "VICTORY DIE: 6 cookies make one. 3 win the game.",
    "POOL: your dice at hand. Shake rolls them; the rolled ones are your shaken dice.",
    "USED POOL: dice that came back (from prank, cards, tasks); your next Shake rolls "
    "them with your pool.",
    "ROUND: Wakeup, then Shake, then Action; Pass ends it.",
    "WAKEUP: the start of your round: take dice back, fight, score, then Shake. Two "
    "are musts: Take dodge and One a set.",
    "TAKE DODGE: at your wakeup your dodge dice come back first (a must).",
    "ONE A SET: at your wakeup keep only your top scallywag on each column; the lower "
    "ones go back (a must).",
    "INDULGENCY: a cookie card that wants dice of a kind (a pair, a straight).",
    "TASK, SET: a column of 6 task cards, Clean, Laundry, DIY or Cook.",
    "SCALLYWAG: your die on a task card. Each new one is one level higher.",
    "READY, USED: a ready column can pay a reward; doing it makes it used. "
    "Ready all readies them.",
    "REWARD: what a task card gives when its column pays.",
    "PRANK: dice that attack at your wakeup.",
    "DODGE: dice that defend in their round.",
    "SLOT: prank and dodge each have slots 1 to 4; each die goes on the next slot, "
    "and some rewards move it up. The slot counts, not the die's number.",
    "COMBAT: your prank slot against their dodge slot; higher takes a cookie.",
    "MODIFY SPOT: 2 spots; a die there changes another die by 1 (6+1 is 1).",
    "GOAL LINE: scallywags on level 6 of all 3 columns: 2 victory dice.",
    "SHENANIGANS: a card that hinders your opponent in their next round.",
    "CLEAN 3'S HELP: that round a card needs 1 die fewer.",
    "THE TABLE: player 1 left, 2 right: victory boxes, the cookie die, and by it P "
    "and D with a number: the prank and dodge slots (P3: prank slot 3; D-: no dodge). "
    "Columns: CL Clean, LA Laundry, DI DIY, CO Cook; a ladder for each player, solid "
    "= ready, hollow = used.",
    "CARD CODES: PR A Pair, 2P 2 Pairs, 3K 3-of-a-kind, S5 Straight 5, FH Full House, "
    "4K 4-of-a-kind, 2T Two 3-of-a-kind, S6 Straight 6. A lit half: P1 (left) or P2 "
    "(right) has dice on it.",
)

CONTROLS = (
    "START MENU: Up/Down choose, A select, B back home. Resume comes first when "
    "a game is saved. Learn to play: a guided first game. Records: your wins, "
    "losses and draws against each bot level.",
    "NEW GAME: Up/Down a line; on P1 or P2, Left/Right change who sits there: "
    "a person or a bot, Beginner, Casual, Strong or Expert; the line below "
    "says how strong. A goes on; on Start it begins (over a saved game it "
    "asks first).",
    "TABLE: A opens your moves, or rolls your dice. Shake: roll your dice. "
    "While bots play A skips to your turn; a turning box in the top right "
    "corner: a bot is thinking. Up: moves so far. Down: details of every die.",
    "B: back (with nothing to cancel it asks to leave; the game is saved). "
    "Hold B: game menu (Hint on your turn, details, cards, help, save and "
    "quit; in pass and play Hint is off until switched on there).",
    "MOVES MENU: every kind of move in a fixed place; a dimmed one says why "
    "it cannot be done now. Up/Down choose, A do it, B back. Items ending in "
    "... open a list of the moves you can make.",
    "TEXT PAGES: Up/Down a line, Left/Right a page, A or B close. Pass and "
    "play: hand over when asked, the next player presses A.",
)


RULES = (
    "GOAL: be first to 3 victory dice.",
    "SETUP: 9 dice each, cookie die at 1. 6 of 8 indulgency cards and 3 of 4 task "
    "sets are dealt at random. Lowest start shake begins in its Action phase.",
    "COOKIES: scoring raises your cookie die, never past 6; excess is lost. At 6 you "
    "take a victory die and the cookie die goes back to 1. Some cards give a victory "
    "die directly. The 3rd victory die wins at once.",
    "WAKEUP, any order: Take dodge (a must): your dodge dice come back. Combat: your "
    "prank slot vs their dodge slot; higher takes 1 of their cookies (not below 1), then "
    "your prank dice come back. Score your indulgencies that beat theirs. Goal line: a "
    "die on level 6 of all 3 sets = 2 victory dice. Ready all (once): every scallywag "
    "ready; afterwards use Wakeup abilities. Take back dice; One a set (a must): at most "
    "1 scallywag a set.",
    "SHAKE: roll your pool.",
    "ACTION, any order, then pass: modify (die on a spot, another die +-1, 1<->6); "
    "prank or dodge (any die, fills the next slot, max 4); indulgency (dice that fit "
    "the card); scallywag (next level of a set: 1, 2, 3...); task (ready set -> used, "
    "take a reward at or below your top die; each set pays once a round).",
)

RULINGS = (
    "1 Start shake tie: shake again. The 2nd player may keep the start dice on turn 1.",
    "2 Shenanigans (Clean 2,4,5) last the opponent's next round, ending when they pass.",
    "3 Lose a victory die: it goes to the used pool. With none, the attacker wins.",
    "4 A victory die is taken from: used pool, modify spot, lowest shaken die, dodge, "
    "prank, lowest scallywag, an indulgency group.",
    "5 DIY3: the top die of a set drops 1 level; if that level is taken or it was on 1, "
    "it goes back to their pool.",
    "6 Clean2: each cookie score in that round is 1 less.",
    "7 Laundry2-6 need a die on the card; they move it up; past slot 4 is lost. "
    "Laundry4-6 may split between prank and dodge.",
    "8 Clean3: rest of the round, indulgencies need 1 die less; the gap is a wild die.",
    "9 DIY4: each 4-6 +1 cookie, each 1 -1; net applies. Needs a victory die.",
    "10 Cook1: once a Wakeup with a Cook die, move a top scallywag up 1 level.",
    "11 Modify-spot dice come back at the start of your round.",
    "12 DIY6: any other task card in play, not Always cards, not DIY6.",
    "13 A reward that needs a target is only allowed when the target exists.",
    "14 After 200 rounds: most victory dice, then cookie, wins; else a draw.",
    "15 'This scallywag' is your top die of the set done; the one removed from the "
    "opponent is the top die of a set you pick.",
    "16 Clean6 clears your scallywags from all 3 sets, then a victory die.",
    "17 Goal: needs level 6 on all 3 sets; scallywags return, 2 victory dice.",
    "18 Tasks may be done in Wakeup after Ready all (not Cook2-6: shaken dice). A set "
    "pays at most once a round (DIY5 makes others ready again).",
    "19 Combat always returns your prank dice, hit or not; equal is a dodge.",
    "20 One group per player per indulgency. Two pairs / two triples need 2 values.",
    "21 New scallywags share the set's orientation; the first (a 1) is ready.",
    "22 One a set keeps your top scallywag on each set.",
    "23 Unused shaken dice stay in the pool and are shaken again.",
    "24 Straight 6 always ties; Full House and 2x3 compare the triple first.",
    "25 Every +-change wraps: 6+1=1, 1-1=6, 5+2=1.",
    "26 Keep: dice in the used pool then stay there for that round.",
    "27 Laundry1 works with a die on any Laundry card: defence at 1 and tie scoring.",
)

# The task cards' (name, text) by set and level: TASK_CARDS[s][lv - 1] is the
# card whose kind and effect code are cards.KINDS[s][lv - 1] and
# cards.CODES[s][lv - 1].
TASK_CARDS = (
    (  # Clean
        ("Polish the pigs",
         "Remove this scallywag and an opponent's; they gain cookies equal to its level."),
        ("Lather the lemons", "In their next round the opponent scores 1 less cookie."),
        ("Spruce the spoons", "You need 1 less die to place indulgencies."),
        ("Dust the dobermann",
         "Remove this scallywag; in their next round the opponent cannot score a 4-cookie "
         "indulgency."),
        ("Sweep up the olive oil",
         "In their next round the opponent cannot score an indulgency on ties."),
        ("Tether the toenail trimmings",
         "Remove your scallywags from all 3 sets, gain a victory die."),
    ),
    (  # Laundry
        ("Boil up the bees nest", "Opponent must defend when their cookie die is 1."),
        ("Mop the moped", "Gain 1 dodge die."),
        ("Puncture the life jackets", "Gain 1 prank die."),
        ("Comb the broom", "Gain 2 prank or dodge dice."),
        ("Rearrange the radiators", "Gain 3 prank or dodge dice."),
        ("Chop down the dishes", "Gain 4 prank or dodge dice."),
    ),
    (  # DIY
        ("Vacuum the washing",
         "Remove this scallywag and an opponent's; they gain cookies equal to its level."),
        ("Fold the frying pan", "Deactivate an opponent's ready scallywag."),
        ("Dry out the dog biscuits", "Reduce an opponent's scallywag by 1 step."),
        ("Stack the cat litter",
         "Shake your victory dice: each 4-6 gains a cookie, each 1 loses one (the cookie die "
         "cannot go below 1)."),
        ("Straighten the straitjacket", "Reactivate all your other task dice."),
        ("Stock the socks", "Use any other task."),
    ),
    (  # Cook
        ("Tabulate the teabags", "Wakeup: advance a scallywag by 1 space."),
        ("Fry the fridge magnets", "Reroll up to 2 of your dice."),
        ("Preorder the pile of peas", "Modify 1 shaken die by +-1."),
        ("Shrinkwrap the shrimp", "Modify 1 shaken die by +-2."),
        ("Lubricate the licorice", "Modify 2 shaken dice by +-1 each."),
        ("Marinate the marzipan", "Modify 2 shaken dice by +-2 each."),
    ),
)



def text():
    return "\n\n".join(RULES) + "\n\nRULINGS\n\n" + "\n\n".join(RULINGS)

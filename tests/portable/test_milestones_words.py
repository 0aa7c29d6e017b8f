"""Milestones: every change a rule makes is said (issue 18 item 3). Random
fixed-seed games in every variant (one big pile, must-do cards, the hourglass
card, one to five seats, short and long glasses): after each action and each
roll or draw, the words the rules give for it must name what changed - the
points and the team's total, the cards scored, swapped and drawn (never a
secret card's task), the dice, a must-do card met, the glass flipped, and the
end of the game with why and the final score (0 with a must-do card open).
Every line fits the move log (120 characters)."""
from dicebox.core import rng
from dicebox.core.game import CHANCE
from dicebox.games.milestones import rules, deck
from dicebox.games.milestones.dice import labels
from dicebox.games.milestones.tasks import describe as task_words

WIDTH = 120
NAMES = ("You", "S2", "S3", "S4", "S5")       # as the table names the seats with one person


def task_text(task):
    return " + ".join(task_words(task, True))


def left_text(ms):
    return "%d:%02d left" % (ms // 60000, ms // 1000 % 60)


def missing(b, c, words, roll_words, action, names=None):
    """The changes from state ``b`` to state ``c`` (an action and the draw or
    roll it asked for) that ``words`` (the action's) and ``roll_words`` (the
    outcome's) do not name."""
    text = words + "\n" + roll_words
    low = text.lower()
    out = []
    if c.points() != b.points():
        if "team %d" % c.points() not in text:
            out.append("team total")
    for card in c.scored[len(b.scored):]:
        if task_text(deck.DECK[card][3]) not in text or "+%d" % deck.DECK[card][1] not in text:
            out.append(("scored card", card))
    for s in range(c.n):
        who = names[s] if names else "S%d" % (s + 1)
        if c.hands[s] != b.hands[s] and (who + " ") not in text:
            out.append(("hand", s))
        if c.hands[s] != b.hands[s] and c.hands[s] != -1:
            # a new card is said by where it came from, never by its task
            if action[0] != "draw" and "new card" not in text and "swapped" not in text:
                out.append(("new card", s))
            secret = task_text(deck.DECK[c.hands[s]][3])
            said = [task_text(deck.DECK[x][3]) for x in c.scored[len(b.scored):]]
            if secret in words and not [t for t in said if secret in t]:
                out.append(("secret card shown", s))
    if len(c.discarded) != len(b.discarded) and "swapped" not in text:
        out.append("discard")
    if action[0] == "roll":
        if labels(c.dice, action[1]) not in roll_words:
            out.append("new dice")
        if "rolled" not in text:
            out.append("roll")
    met = [sd for sd in b.mand_open if sd not in c.mand_open]
    if met:
        if "must-do" not in low:
            out.append("must-do")
        for sd in met:
            if task_text(deck.SPECIAL_SIDES[sd][1]) not in text:
                out.append(("must-do task", sd))
        if ("none open" if not c.mand_open else "%d still open" % len(c.mand_open)) not in text:
            out.append("must-do still open")
    if c.flips != b.flips:
        if "flipped the glass" not in text or left_text(c.time_left()) not in text:
            out.append("flip")
    if c.over and not b.over:
        if "game over" not in low or c.end not in low:
            out.append("end and why")
        if c.mand_open:
            if "scores 0" not in text:
                out.append("void score")
            if len(c.mand_open) == 1 and task_text(deck.SPECIAL_SIDES[c.mand_open[0]][1]) not in text:
                out.append("open must-do named")
        elif "scores %d point" % c.score() not in text:
            out.append("final score")
    for line in text.split("\n"):
        if len(line) > WIDTH or line.endswith("..."):
            out.append(("too long", line))
    return out


def new_game(r, variant):
    n, big, mand, hg, ms, few = variant
    st = rules.State(n, big_pile=big, mandatory=mand, hourglass_side=hg, game_ms=ms)
    if few:
        # most of the deck already on the team's pile: the piles run dry soon
        keep = n + r.randbelow(3)       # easy cards left: one for each seat and a few
        for p in st.piles:
            for c in list(p):
                if deck.DECK[c][0] != deck.EASY or keep <= 0:
                    p.remove(c)
                    st.scored.append(c)
                else:
                    keep -= 1
    return st


VARIANTS = (
    (1, False, (), None, rules.GAME_MS, False),
    (2, False, (), None, 40000, False),
    (3, True, (), None, 60000, False),
    (2, False, (0,), None, 60000, False),
    (4, False, (1, 3, 5), None, 60000, False),
    (1, False, (2, 4), 6, 90000, False),
    (2, False, (), 7, 30000, False),
    (5, True, (0, 2), 7, 60000, False),
    (1, False, (), None, rules.MAX_GAME_MS, True),
    (3, True, (), 6, rules.MAX_GAME_MS, True),
    (2, False, (0,), None, rules.MAX_GAME_MS, True),
    (4, False, (), 7, rules.MAX_GAME_MS, True),
    (1, False, (5,), None, rules.MAX_GAME_MS, True),
    (2, True, (1, 3), 6, rules.MAX_GAME_MS, True),
)


def pick(st, r):
    """Mostly what a team would do (claim, flip), now and then a swap; else a
    random reroll; the clock moves on between actions, the glass is laid
    down and stood up again now and then."""
    k = r.randbelow(10)
    if k < 3 and st.setup >= st.n and not st.paused:
        return ("time", st.now + r.randbelow(9000))
    if k == 3 and st.setup >= st.n:
        return ("resume", st.now + r.randbelow(500)) if st.paused else ("pause", st.now + r.randbelow(4000))
    if st.paused:
        return ("resume", st.now)
    legal = st.legal_actions()
    claims = [a for a in legal if a[0] == "claim"]
    flips = [a for a in legal if a[0] == "flip"]
    swaps = [a for a in legal if a[0] == "discard"]
    if claims and r.randbelow(4):
        return claims[r.randbelow(len(claims))]
    if flips and r.randbelow(2):
        return flips[0]
    if swaps and not r.randbelow(12):
        return swaps[r.randbelow(len(swaps))]
    return legal[r.randbelow(len(legal))]


def test_every_change_of_points_cards_dice_and_the_glass_is_named():
    seen = {}
    checked = 0
    for seed in range(1, 6):
        r = rng.seeded(seed * 97)
        for variant in VARIANTS:
            st = new_game(r, variant)
            names = NAMES if r.randbelow(2) else None
            steps = 0
            while not st.is_over() and steps < 400:
                steps += 1
                a = pick(st, r)
                b = st.clone()
                words = st.describe(a, names)
                st.apply(a)
                roll_words = ""
                if st.current_player() == CHANCE:
                    v = [r.randbelow(k) for k in st.chance_request()]
                    roll_words = st.describe_chance(v, names)
                    st.apply_chance(v)
                got = missing(b, st, words, roll_words, a, names)
                assert not got, (variant, a, got, words, roll_words)
                checked += 1
                if st.over:
                    seen[(a[0], st.end, bool(st.mand_open))] = 1
                if len(st.mand_open) < len(b.mand_open):
                    seen["must-do"] = 1
                if st.flips != b.flips:
                    seen["flip"] = 1
                if a[0] == "discard":
                    seen["swap"] = 1
                if a[0] == "claim" and a[2] == -1:
                    seen["claim, piles empty"] = 1
    ends = [k for k in seen if isinstance(k, tuple)]
    for want in ("must-do", "flip", "swap", "claim, piles empty"):
        assert want in seen, (want, seen)
    for end in (("time", "time is up"), ("pause", "time is up"),
                ("claim", "no cards left"), ("roll", "no cards left")):
        assert [k for k in ends if k[:2] == end], (end, ends)
    assert [k for k in ends if k[2]], ends          # an end with a must-do card open: 0 points
    assert checked > 2000, checked

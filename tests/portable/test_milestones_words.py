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
from dicebox.games.milestones import ending, rules, deck
from dicebox.games.milestones.dice import labels
from dicebox.games.milestones.tasks import describe as task_words
from test_milestones_rules import new, roll, draw, RUN3, RUNC2, FOUR, RUN6, ALL_RED

WIDTH = 120
NAMES = ("You", "S2", "S3", "S4", "S5")       # as the table names the seats with one person


def task_text(task):
    return " + ".join(task_words(task))


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
        if task_text(deck.TASKS[card]) not in text or "+%d" % deck.POINTS[card] not in text:
            out.append(("scored card", card))
    for s in range(c.n):
        who = names[s] if names else "S%d" % (s + 1)
        if c.hands[s] != b.hands[s] and (who + " ") not in text:
            out.append(("hand", s))
        if c.hands[s] != b.hands[s] and c.hands[s] != -1:
            # a new card is said by where it came from, never by its task
            if action[0] != "draw" and "new card" not in text and "swapped" not in text:
                out.append(("new card", s))
            secret = task_text(deck.TASKS[c.hands[s]])
            said = [task_text(deck.TASKS[x]) for x in c.scored[len(b.scored):]]
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
            if task_text(deck.SIDE_TASKS[sd]) not in text:
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
            if len(c.mand_open) == 1 and task_text(deck.SIDE_TASKS[c.mand_open[0]]) not in text:
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
                if deck.TIER[c] != deck.EASY or keep <= 0:
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


# ---- the words of each end, exactly --------------------------------------

def test_time_up_says_game_over_the_score_and_its_rating():
    st = new([RUN3, FOUR])
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    st.apply(("claim", 0, 0))
    draw(st, st.piles[0][0])
    words = st.describe(("time", rules.GAME_MS))
    assert words == "Time is up: game over, the team scores 1 point. A wash-out. Rematch, right now!", words
    assert st.describe(("time", rules.GAME_MS - 1)) == ""      # a millisecond of sand left
    st.apply(("time", rules.GAME_MS))
    assert st.is_over() and st.end == "time is up" and st.score() == 1


def test_a_must_do_card_left_open_makes_the_score_0_and_is_named():
    st = new([RUN3], mandatory=(1,))                            # must-do: run of 5
    roll(st, 63, (1, 2, 3, 1, 1, 1))
    st.apply(("claim", 0, 0))
    draw(st, st.piles[0][0])
    st.apply(("pause", 1000))
    words = st.describe(("pause", rules.GAME_MS))             # paused: the sand lies still
    assert words == "", words
    st.apply(("resume", 1000))
    words = st.describe(("pause", rules.GAME_MS + 5))
    assert words == ("Time is up: game over; must-do run of 5 was not met, so the team scores 0 "
                     "instead of 1"), words
    st.apply(("pause", rules.GAME_MS + 5))
    assert st.is_over() and st.score() == 0
    st = new([RUN3], mandatory=(1, 3))
    roll(st, 63, (1, 1, 1, 1, 1, 1))
    words = st.describe(("time", rules.GAME_MS))
    assert words == "Time is up: game over; 2 must-do cards were not met, so the team scores 0", words


def test_dice_that_meet_a_must_do_card_say_which_and_how_many_stay_open():
    st = new([RUN6], mandatory=(0, 2))                          # run of 4, 3 same col
    st.apply(("roll", 63))
    faces = (1, 2, 3, 4, 1, 1)
    words = st.describe_chance([f - 1 for f in faces], NAMES)
    assert words == "You rolled all six dice: %s\nMust-do card met: run of 4 (1 still open)" % (
        labels(faces, 63)), words
    st.apply_chance([f - 1 for f in faces])
    assert st.mand_open == [2]
    st.apply(("roll", 0b110000))
    assert st.describe_chance([0, 0]) == "S1 rerolled %s and got %s" % (
        labels(faces, 0b110000), labels((1, 2, 3, 4, 1, 1), 0b110000))
    assert st.describe_chance([9]) == ""                         # not a roll of two dice


def test_a_claim_from_empty_piles_says_no_new_card_and_the_last_one_ends_the_game():
    st = new([RUN3, RUNC2])
    for p in st.piles:
        st.scored += p
        del p[:]
    roll(st, 63, ALL_RED)                                       # 1 3 2 4 6 5, all red
    before = st.points()
    words = st.describe(("claim", 0, -1))
    assert words == "S1 scored run of 3: +1, team %d; the piles are empty: no new card" % (before + 1), words
    st.apply(("claim", 0, -1))
    words = st.describe(("claim", 1, -1), NAMES)
    assert words == ("S2 scored run 2 1 col: +1, team %d; no cards left: game over, the team scores "
                     "%d points" % (before + 2, before + 2)), words
    st.apply(("claim", 1, -1))
    assert st.is_over() and st.end == "no cards left"


def test_a_flip_before_any_sand_ran_ends_the_game_and_says_so():
    st = new([FOUR], hourglass_side=6)                          # the glass card: 3x 6
    roll(st, 63, (6, 6, 6, 1, 2, 3))
    words = st.describe(("flip", 0), NAMES)
    assert words == ("You flipped the glass: 0:00 left; time is up: game over, the team scores 0 points. "
                     "A wash-out. Rematch, right now!"), words
    st.apply(("flip", 0))
    assert st.is_over() and st.end == "time is up"


def test_the_end_words_come_in_only_as_the_game_ends():
    # ending.py is imported by the words of an action that ends the game, not
    # by any other (play does not carry it: ON_DEMAND)
    import sys
    import dicebox.games.milestones as pkg
    name = "dicebox.games.milestones.ending"
    st = rules.State(1)
    st.apply(("draw", 0, 0))
    st.apply_chance([0])
    sys.modules.pop(name, None)
    if "ending" in pkg.__dict__:
        delattr(pkg, "ending")
    assert st.describe(("roll", 63), NAMES) == "You rolled all six dice"
    st.apply(("roll", 63))
    assert st.describe_chance([0, 1, 2, 3, 4, 5], NAMES).startswith("You rolled all six dice: ")
    st.apply_chance([0, 1, 2, 3, 4, 5])
    assert st.describe(("time", st.now + 1000), NAMES) == ""
    assert name not in sys.modules
    words = st.describe(("time", st.now + rules.GAME_MS), NAMES)
    assert "game over" in words and name in sys.modules


def test_the_start_pages_leave_the_end_words_out():
    # pages.py (the setup, the records: open before play) imports ending.py
    # only for the result page
    import sys
    import dicebox.games.milestones as pkg
    from dicebox.core.modules import load
    for leaf in ("pages", "ending"):
        sys.modules.pop("dicebox.games.milestones." + leaf, None)
        if leaf in pkg.__dict__:
            delattr(pkg, leaf)
    load("dicebox.games.milestones.pages")
    assert "dicebox.games.milestones.ending" not in sys.modules


def test_every_end_line_fits_the_log_whatever_the_score_and_cards():
    claim = "S5 scored 2 same num + 2 same num + 2 same num: +5, team 999"   # ends with no must-do open
    for before, why, sides in (("", "time is up", ((), (5,), (1, 3), (0, 2, 5))),
                               ("You flipped the glass: 0:00 left", "time is up", ((), (5,), (1, 3), (0, 2, 5))),
                               ("", "no cards left", ((),)), (claim, "no cards left", ((),))):
        for open_sides in sides:
            for pts in (0, 1, 9, 136, 999):
                line = ending.over_words(why, pts, open_sides, before)
                assert len(line) <= WIDTH and "game over" in line and why in line.lower(), line
                assert ("scores 0" if open_sides else "scores %d point" % pts) in line, line


# ---- the table writes them into the move log ---------------------------------

def test_the_table_logs_each_roll_with_its_dice_and_the_end_with_its_score():
    from test_milestones_screens import App, setup_with
    from dicebox.core import events
    app = App(seed=11)
    table = setup_with(app, bots=0, must=[2, 0, 0])            # must-do: run of 5
    st = table.st
    app.shake()
    app.run(3000)
    for _ in range(4):
        app.press(events.A)                                     # mark the die under the cursor...
        app.shake()                                             # ...and reroll it
        app.run(3000)
    assert st.rolls == 5
    rolls = [x for x in table.log.lines if " rolled " in x or " rerolled " in x]
    assert len(rolls) == 5 and rolls[0].startswith("You rolled all six dice: "), rolls
    for x in rolls[1:]:
        assert " and got " in x, x
    assert [x for x in table.log.lines if x.startswith("Must-do card met: run of 5")] == (
        [] if st.mand_open else ["Must-do card met: run of 5 (none open)"])
    app.run(rules.GAME_MS, step=500)
    assert st.is_over()
    end = table.log.lines[-1]
    assert end.startswith("Time is up: game over") and ("scores %d" % st.score()) in end, end
    if st.mand_open:
        assert "must-do run of 5 was not met" in end, end

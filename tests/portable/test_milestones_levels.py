"""Milestones bot levels through the table's call: Bot(seat, level).step(st, rng)
one slice a call, legal actions only, the state untouched, announcements, Hint."""
from dicebox.core import rng
from dicebox.core.game import resolve_chance
from dicebox.core.think import Budget
from dicebox.games.milestones import advice, bot, deck, rules, values
from dicebox.games.milestones.tasks import COL, ONLYN, NON, RUN
from dicebox.games.milestones.dice import BLUE
from playing import bots_play, deal_cards, find_card
from check import raises


def card(task):
    return find_card([deck.card(c) for c in range(deck.NCARDS)], task)


THREE_BLUE = card(((COL, BLUE, 3),))
RUN3 = card(((RUN, 3),))
NO1 = card(((NON, 1),))
ONLY135 = card(((ONLYN, 0b010101),))


def seated(cards, **kw):
    return deal_cards(rules.State(len(cards), **kw), cards)


def rolled(cards, faces, **kw):
    s = seated(cards, **kw)
    s.apply(("roll", 63))
    s.apply_chance([f - 1 for f in faces])
    s.turn = 0
    return s


def snapshot(st):
    return repr(sorted(st.to_dict().items()))


def mark(b):
    """Where the bot's count of work stands (its decision's budget, its units)."""
    return b.budget, b.budget.units


def since(b, m):
    """Units of work since ``mark`` m (a new decision starts a new budget)."""
    return b.budget.units - m[1] if b.budget is m[0] else b.budget.units


def stepped(b, st, r, limit=200):
    """Step until an action comes; every call within one slice. (action, calls)."""
    for k in range(limit):
        m = mark(b)
        a = b.step(st, r)
        assert since(b, m) <= bot.SLICE, (since(b, m), b.level)
        if a is not None:
            return a, k + 1
    raise AssertionError("no action")


def play(n, level, seed, check_state=False, probe=None, **variant):
    """A whole game through step(): legal actions only, each call one slice at
    most, a decision within its budget. Returns the final state."""
    r = rng.seeded(seed)
    st = rules.State(n, **variant)
    bots = [bot.Bot(i, level) for i in range(n)]
    frames = [0]

    def frame():
        frames[0] += 1
        assert frames[0] < 20000
        if probe:
            probe()

    def step(b):
        before = snapshot(st) if check_state else None
        m = mark(b)
        a = b.step(st, r)
        assert since(b, m) <= bot.SLICE, since(b, m)
        if check_state:
            assert snapshot(st) == before
        return a

    for b, a, own in bots_play(st, bots, r, 100, step=step, frame=frame):
        if own:                             # the seat to move's decision: within its budget
            assert b.budget.units <= bot.DECISION, (level, b.budget.units)
        assert a in st.legal_actions(), a
    bot.clear_announcements()
    return st


def test_four_levels_and_a_bad_level_refused():
    assert bot.LEVELS == 4
    assert (bot.BEGINNER, bot.CASUAL, bot.STRONG, bot.EXPERT) == (0, 1, 2, 3)
    raises(ValueError, bot.Bot, 0, 4)
    raises(ValueError, bot.Bot, 0, -1)
    assert 0 < bot.SLICE < bot.DECISION


def test_every_level_plays_legal_actions_in_slices():
    for level in range(bot.LEVELS):
        st = play(3, level, 10 + level, mandatory=(2,), hourglass_side=6)
        assert st.over and st.card_count() == deck.NCARDS
        st = play(1, level, 20 + level, big_pile=True)
        assert st.over


def test_step_never_changes_the_state():
    play(2, bot.EXPERT, 3, check_state=True, hourglass_side=7)


def test_a_decision_is_kept_until_the_dice_change():
    s = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))
    r = rng.seeded(2)
    b = bot.Bot(0, bot.EXPERT)
    a, calls = stepped(b, s, r)
    assert a[0] == "roll" and 1 <= a[1] <= 63 and calls > 2   # thought in slices
    m = mark(b)
    for _ in range(30):                  # asked every frame: the same answer, no work
        assert b.step(s, r) == a
    assert since(b, m) == 0 and b.searches == 1
    s.apply(("roll", a[1]))
    resolve_chance(s, r)
    s.turn = 0
    a2, _ = stepped(b, s, r)
    assert b.searches == 2 and a2[0] in ("roll", "claim")


def test_simple_levels_decide_in_one_slice_and_expert_keeps_to_budget():
    s = rolled([RUN3 + 2, THREE_BLUE, RUN3], (1, 2, 6, 6, 3, 4), mandatory=(1, 3, 5))
    r = rng.seeded(5)
    for level in range(bot.LEVELS):
        b = bot.Bot(0, level)
        b.step(s, r)                     # the look
        a, calls = stepped(b, s, r)
        assert a[0] == "roll"
        assert b.budget.units <= bot.DECISION   # the look and the reroll
        if level == bot.BEGINNER:
            assert calls == 1


def test_weaker_levels_make_a_players_mistakes_not_random_rerolls():
    # issue 18 item 6: below Strong a reroll is a noisier judgement of the same
    # moves. Run of 3 on 1 2 6 6 5 5: the 1 and 2 help, a 6 and a 5 are doubles
    s = rolled([RUN3, THREE_BLUE], (1, 2, 6, 6, 5, 5))
    keep = values.keep_mask(deck.TASKS[RUN3], s.dice)
    seen = {0: set(), 1: set()}
    for seed in range(1, 121):
        for level in (bot.BEGINNER, bot.CASUAL):
            r = rng.seeded(seed)
            b = bot.Bot(0, level)
            a, _ = stepped(b, s, r)
            assert a[0] == "roll"
            seen[level].add(a[1])
            # never keeps a die that does not help: what it keeps is part of
            # the obvious play's keep (a helping die is at most overlooked)
            assert (63 ^ a[1]) & ~keep == 0, (level, a, keep)
    # a random set would give dozens of different rerolls; a player's
    # misjudgements give a few, and the obvious play is among them
    for level in (bot.BEGINNER, bot.CASUAL):
        assert len(seen[level]) <= 2 ** bin(keep).count("1"), seen
    assert (63 ^ keep) in seen[bot.CASUAL]


def test_the_table_can_ask_a_bot_to_spare_dice():
    # a person's dice (the table's ``spare``): no level below Expert rerolls
    # them while another die is free
    s = rolled([RUN3, THREE_BLUE], (1, 2, 6, 6, 5, 5))
    for level in (bot.BEGINNER, bot.CASUAL, bot.STRONG, bot.EXPERT):
        for seed in range(1, 21):
            b = bot.Bot(0, level)
            b.spare = 0b111000
            a, _ = stepped(b, s, rng.seeded(seed))
            assert a[0] == "roll" and not a[1] & 0b111000, (level, a)
    b = bot.Bot(0, bot.CASUAL)
    b.spare = 63                               # every die: the rules still want one
    a, _ = stepped(b, s, rng.seeded(3))
    assert a[0] == "roll" and bin(a[1]).count("1") >= 1


def test_claims_draws_and_flips_through_step():
    r = rng.seeded(1)
    fresh = rules.State(2)
    assert bot.Bot(0, bot.EXPERT).step(fresh, r) == ("draw", 0, deck.EASY)
    assert bot.Bot(1, bot.CASUAL).step(fresh, r) is None          # not its turn to draw
    s = rolled([THREE_BLUE, RUN3], (3, 2, 1, 1, 1, 1))            # three blue
    for level in range(bot.LEVELS):
        a = bot.Bot(0, level).step(s, r)
        assert a is not None and a[:2] == ("claim", 0) and a in s.legal_actions(), a


def test_expert_announces_a_close_card_and_teammates_keep_those_dice():
    # seat 1 holds "no 1" and one die shows a 1: one die away. Seat 0 (to roll)
    # must not touch the dice seat 1 needs.
    s = rolled([RUN3, NO1, THREE_BLUE], (2, 1, 2, 6, 6, 2))
    assert not s.can_claim(0) and not s.can_claim(1) and not s.can_claim(2)
    r = rng.seeded(7)
    b1 = bot.Bot(1, bot.EXPERT)
    for _ in range(20):                         # step while it says it is thinking
        assert b1.step(s, r) is None
        if not b1.thinking():
            break
    assert b1.close == 63 ^ 2, b1.close         # every die but the 1
    assert bot.announced(s, 1) == 63 ^ 2
    assert bot.protected(s, 0) == 63 ^ 2 and bot.protected(s, 1) == 0
    b0 = bot.Bot(0, bot.EXPERT)
    a, _ = stepped(b0, s, r)
    assert a == ("roll", 2), a                  # only the die seat 1 does not need
    strong = bot.Bot(0, bot.STRONG)             # below Expert: announcements unread
    a, _ = stepped(strong, s, r)
    assert a[0] == "roll"
    # the announcement lapses when the announced dice change
    s.apply(("roll", 1))
    s.apply_chance([5])
    assert bot.announced(s, 1) == 0
    bot.clear_announcements()


def test_the_table_may_announce_for_a_person():
    s = rolled([RUN3, THREE_BLUE], (1, 2, 3, 3, 3, 3))
    bot.announce(s, 1, 0b111100)
    r = rng.seeded(3)
    for seed in range(3):
        a, _ = stepped(bot.Bot(0, bot.EXPERT), s, r)
        assert a[1] & 0b111100 == 0, a
    c = s.clone()                        # a clone (a hint's) sees it as well
    assert bot.protected(c, 0) == 0b111100
    action, why = run_hint(c, 0, r)
    assert action[1] & 0b111100 == 0, action
    bot.announce(s, 1, 0)
    assert bot.announced(s, 1) == 0
    bot.announce(s, 1, 0b11)
    bot.clear_announcements()
    assert bot.announced(s, 1) == 0


def run_hint(st, seat, r):
    out = None
    for x in advice.hint(st, seat, r):
        out = x
    return out


def test_hint_is_legal_short_and_leaves_the_state_alone():
    r = rng.seeded(11)
    cases = [
        rolled([RUN3, THREE_BLUE], (1, 1, 6, 6, 4, 4)),
        rolled([ONLY135, RUN3], (1, 2, 5, 6, 3, 4)),
        rolled([RUN3 + 2, THREE_BLUE], (6, 6, 6, 6, 6, 6), mandatory=(0,), hourglass_side=6),
        rolled([THREE_BLUE, RUN3], (3, 2, 1, 1, 1, 1)),          # a claim
        seated([RUN3, THREE_BLUE]),                             # the first roll
        rules.State(2),                                         # a first card
    ]
    for s in cases:
        before = snapshot(s)
        bg = Budget(bot.SLICE)
        g = advice.hint(s, 0, r, bg)
        last = None
        while True:
            u0 = bg.units
            try:
                x = next(g)
            except StopIteration:
                break
            assert bg.units - u0 <= bot.SLICE
            last = x
        action, why = last
        assert snapshot(s) == before
        assert action in s.legal_actions(0), action
        assert 0 < len(why) <= 40, why
    action, why = run_hint(cases[3], 0, r)
    assert action[0] == "claim" and "claim" in why
    action, why = run_hint(cases[1], 0, r)
    assert action == ("roll", 0b101010) and "%" in why, (action, why)

"""Milestones bot teammates: legal, helpful to their own card, blind to others'."""
from dicebox.core import rng
from dicebox.core.game import CHANCE, resolve_chance
from dicebox.core.think import Budget
from dicebox.games.milestones import advice, bot, deck, rules, values
from dicebox.games.milestones.tasks import COL, ONLYN, NON, RUN
from dicebox.games.milestones.dice import BLUE
from playing import deal_cards, find_card


def card(task):
    return find_card([deck.card(c) for c in range(deck.NCARDS)], task)


def all_dice_card():
    """A card that binds all six dice by number ("only 1234" when the deck has
    it, else another single "only ..." or "no ..." card) and the dice of the
    roll (1, 2, 5, 6, 3, 4) it rejects, as a mask."""
    cards = [i for i in range(deck.NCARDS)
             if len(deck.TASKS[i]) == 1 and deck.TASKS[i][0][0] in (ONLYN, NON)]
    pick = cards[0]
    for i in cards:
        if deck.TASKS[i] == ((ONLYN, 15),):
            pick = i
    kind, m = deck.TASKS[pick][0]
    bad = 0
    for d, n in enumerate((1, 2, 5, 6, 3, 4)):
        inside = (m >> (n - 1)) & 1
        if (kind == ONLYN and not inside) or (kind == NON and inside):
            bad |= 1 << d
    return pick, bad


THREE_BLUE = card(((COL, BLUE, 3),))
ONLY1234, ONLY_BAD = all_dice_card()
RUN3 = card(((RUN, 3),))


def seated(cards, **kw):
    return deal_cards(rules.State(len(cards), **kw), cards)


def rolled(cards, faces):
    s = seated(cards)
    s.apply(("roll", 63))
    s.apply_chance([f - 1 for f in faces])
    s.turn = 0
    return s


def test_keeps_the_dice_its_card_needs():
    s = rolled([THREE_BLUE, RUN3], (3, 2, 2, 1, 1, 1))   # blue on dice 0 and 1
    m = bot.Bot(0, seed=3).choose_roll(s)
    assert m & 3 == 0 and m != 0, m
    s = rolled([ONLY1234, RUN3, RUN3 + 1, RUN3 + 2], (1, 2, 5, 6, 3, 4))
    for seed in range(1, 9):    # the dice that break it are always rerolled
        m = bot.Bot(0, seed=seed).choose_roll(s)
        assert m & ONLY_BAD == ONLY_BAD, (seed, m)
    # alone (no teammates to help by rerolling more): exactly the dice that break it
    s = rolled([ONLY1234], (1, 2, 5, 6, 3, 4))
    assert bot.Bot(0, seed=5).choose_roll(s) == ONLY_BAD


def test_claims_when_it_can_and_draws_easy_early():
    s = rolled([THREE_BLUE, RUN3], (3, 2, 1, 1, 1, 1))    # three blue
    b = bot.Bot(0, seed=1)
    a = b.act(s)
    assert a == ("claim", 0, 0), a
    fresh = rules.State(2)
    assert bot.Bot(0).act(fresh) == ("draw", 0, deck.EASY)
    assert bot.Bot(1).act(fresh) is None                   # not its turn to draw


def test_decisions_ignore_other_seats_cards():
    a = rolled([THREE_BLUE, RUN3, ONLY1234], (3, 2, 2, 1, 6, 5))
    b = rolled([THREE_BLUE, ONLY1234, RUN3], (3, 2, 2, 1, 6, 5))
    assert bot.Bot(0, seed=9).choose_roll(a) == bot.Bot(0, seed=9).choose_roll(b)


def test_bot_team_plays_a_whole_game_with_legal_moves():
    r = rng.seeded(4)
    s = rules.State(3, mandatory=(2,), hourglass_side=6)
    bots = [bot.Bot(i, seed=10 + i) for i in range(3)]
    now = 0
    steps = 0
    while not s.over and steps < 2000:
        steps += 1
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
            continue
        moved = False
        for b in bots:
            a = b.act(s)
            if a is not None and a[0] != "roll":
                assert a in s.legal_actions(), a
                s.apply(a)
                moved = True
                break
        if moved:
            continue
        a = bots[s.current_player()].act(s)
        assert a in s.legal_actions(), a
        s.apply(a)
        now += 5000
        resolve_chance(s, r)
        s.apply(("time", now))
    assert s.over
    assert s.card_count() == deck.NCARDS
    assert len(s.scored) >= 5 and s.score() > 0


def test_random_baseline_rolls_any_nonempty_set():
    s = rolled([RUN3, THREE_BLUE], (1, 1, 1, 1, 1, 1))
    r = rng.seeded(3)
    masks = set(next(bot.RandomBot(0)._think(s, r, 0, Budget(bot.SLICE))) for _ in range(200))
    assert min(masks) >= 1 and max(masks) <= 63 and len(masks) > 40


def test_fast_roll_values_agree_with_the_matcher():
    # the bot answers its targets from roll counts and tables: for every card and
    # special side, over many rolls, the same answer as the rules' matcher
    from dicebox.games.milestones import tasks
    r = rng.seeded(21)
    every = list(deck.TASKS) + list(deck.SIDE_TASKS)
    rolls = [[r.randbelow(6) + 1 for _ in range(6)] for _ in range(150)]
    rolls.append([1, 2, 3, 4, 5, 6])
    rolls.append([6, 6, 6, 6, 6, 6])
    for t in every:
        tg = values.prep([(t, 3)])
        for nums in rolls:
            want = 3 if tasks.match(t, nums) else 0
            assert values.value(tg, nums) == want, (t, nums)
    # several targets add their points
    tg = values.prep([(deck.TASKS[THREE_BLUE], 2), (deck.TASKS[RUN3], 5)])
    assert values.value(tg, [3, 2, 1, 4, 5, 6]) == 7


def test_act_keeps_its_look_until_the_table_changes():
    s = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))    # nothing fulfilled; seat 0 rolls
    b = bot.Bot(0, seed=4)
    a = b.act(s)
    assert a[0] == "roll" and 1 <= a[1] <= 63, a
    n = b.searches
    assert n == 1
    for _ in range(20):                  # unchanged table: no new search
        assert b.act(s) == a
    assert b.choose_roll(s) == a[1]      # the decision is the one act made
    assert b.searches == n
    s.apply(("roll", 63))
    s.apply_chance([0, 1, 2, 3, 4, 5])   # new dice 1..6: a run of 3 is there for seat 1
    assert bot.Bot(1, seed=2).act(s) == ("claim", 1, 0)
    s.turn = 0
    a2 = b.act(s)
    assert b.searches == n + 1           # the dice changed: it looked again
    assert a2[0] == "roll"
    other = bot.Bot(1, seed=2)
    assert other.act(s) == ("claim", 1, 0)
    s.apply(("claim", 1, 0))
    assert other.act(s) != ("claim", 1, 0)   # hands changed: not the old look


def test_bot_draws_from_the_core_rng():
    r = rng.seeded(8)
    b = bot.Bot(0, rng=r)
    s = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))
    d0 = r.draws
    m = b.choose_roll(s)
    assert r.draws > d0 and 1 <= m <= 63
    # the same seed, the same choices
    s2 = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))
    assert bot.Bot(0, seed=77).choose_roll(s) == bot.Bot(0, seed=77).choose_roll(s2)
    # step() has no generator of its own: it draws from the Rng it is given
    r2 = rng.seeded(9)
    b2 = bot.Bot(0, bot.EXPERT)
    assert b2.rng is None
    a = None
    while a is None:
        a = b2.step(s, r2)
    assert a[0] == "roll" and r2.draws > 0


def test_reroll_search_keeps_small_ints():
    # the sums behind a decision are integers (no floats allocated on the chip)
    s = seated([THREE_BLUE, RUN3, ONLY1234], mandatory=(0, 2, 5), hourglass_side=6)
    s.apply(("roll", 63))
    s.apply_chance([0, 0, 5, 5, 3, 3])
    b = bot.Bot(0, seed=3)
    sums = None
    for x in b._think(s, b._own_rng(), 0, Budget(bot.SLICE)):
        if b.h is not None:
            sums = list(b.h)
        if x is not None:
            break
    assert sums
    for v in sums:
        assert type(v) is int and 0 <= v < (1 << 30), v
    # the scratch is the decision's only: let go when it ends
    b.choose_roll(s)
    assert b.h is None and b.faces is None


def test_a_reroll_decision_keeps_to_its_work_budget():
    # five targets (own card, three mandatory tasks, the hourglass card late): the
    # units spent stay within the decision budget, for every level
    s = seated([RUN3 + 2, THREE_BLUE], mandatory=(1, 3, 5), hourglass_side=7)
    s.apply(("roll", 63))
    s.apply_chance([0, 1, 5, 5, 2, 3])
    s.apply(("time", s.glass.total - s.glass.total // 4))
    s.turn = 0
    for level in range(bot.LEVELS):
        b = bot.Bot(0, level, seed=6)
        assert len(b.targets(s)) == (5 if level >= bot.STRONG else 1)
        m = b.choose_roll(s)
        assert 1 <= m <= 63
        assert 0 < b.budget.units <= bot.DECISION, (level, b.budget.units)
        assert b.work <= bot.DECISION
    one = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))
    b1 = bot.Bot(0, seed=6)
    b1.choose_roll(one)
    assert 0 < b1.work <= bot.DECISION, b1.work


def test_a_look_without_the_reroll_never_searches():
    s = rolled([THREE_BLUE, RUN3], (1, 1, 6, 6, 4, 4))    # seat 0's turn, nothing to claim
    b = bot.Bot(0, seed=4)
    for _ in range(5):
        assert b.act(s, roll=False) is None
    assert b.searches == 0
    a = b.act(s)                          # the full answer still rerolls
    assert a[0] == "roll" and b.searches == 1
    c = rolled([THREE_BLUE, RUN3], (3, 2, 1, 1, 1, 1))    # three blue: a claim
    assert bot.Bot(0, seed=1).act(c, roll=False) == ("claim", 0, 0)


def _enumerated(task, dice, m):
    # rerolls of the dice in m that meet the task, every outcome counted
    from dicebox.games.milestones import tasks
    idx = [i for i in range(6) if (m >> i) & 1]
    t = list(dice)
    hit = 0
    for x in range(6 ** len(idx)):
        y = x
        for i in idx:
            t[i] = y % 6 + 1
            y //= 6
        if tasks.match(task, t):
            hit += 1
    return hit


def test_exact_figures_for_three_to_five_dice_agree_with_enumeration():
    # one card of each kind the exact figures cover (a run, k of one number, named
    # colours, an "only" condition, a single face) and a special side, against
    # every outcome of a reroll of three dice, and of four for a run
    from dicebox.games.milestones.tasks import FACE, SAMEN, COL as COL_
    from dicebox.games.milestones.dice import YELLOW, RED, GREEN
    keys = [RUN3, card(((RUN, 4),)), card(((SAMEN, 3), (SAMEN, 2))),
            card(((COL_, RED, 1), (COL_, BLUE, 1), (COL_, GREEN, 1))), ONLY1234,
            card(((FACE, YELLOW, 2),)), 100 + 4]
    dice = (2, 3, 5, 5, 1, 6)
    for key in keys:
        task = deck.SIDE_TASKS[key - 100] if key >= 100 else deck.TASKS[key]
        e = values.exact_info(key)
        for m in (0b000111, 0b101100, 0b011010, 0b110001):
            want = _enumerated(task, dice, m)
            assert values.exact_hits(e, dice, 63 ^ m, 3) == want, (task, m)
    e = values.exact_info(keys[1])
    assert values.exact_hits(e, dice, 0b000011, 4) == _enumerated(
        deck.TASKS[keys[1]], dice, 0b111100)
    # all six: the deck's own count
    assert values.exact_hits(e, dice, 0, 6) == deck.HITS[keys[1]]
    # a card of numbers and colours read together has a figure for five dice
    # only: else -1 (sampled)
    from dicebox.games.milestones.tasks import RUNC
    c = card(((RUNC, 3),))
    e = values.exact_info(c)
    assert values.exact_hits(e, dice, 0b000111, 3) == -1
    assert values.exact_hits(e, dice, 0b001111, 2) == -1
    assert values.exact_hits(e, dice, 0b000100, 5) == _enumerated(deck.TASKS[c], dice, 0b111011)


def test_the_hint_gives_exact_odds_for_four_and_five_dice():
    # a run of 4 from 1 1 1 1 1 1: the Expert rerolls four or five dice, and the
    # hint's chance is the exact figure (no "~"), the deck-table count
    r = rng.seeded(3)
    s = rolled([card(((RUN, 4),))], (1, 1, 1, 1, 1, 1))
    last = None
    for x in advice.hint(s, 0, r):
        last = x
    action, why = last
    n = bin(action[1]).count("1")
    assert n >= 4 and "~" not in why, (action, why)
    want = _enumerated(((RUN, 4),), (1, 1, 1, 1, 1, 1), action[1])
    assert ("%d%%" % ((want * 100 + 6 ** n // 2) // 6 ** n)) in why, (why, want)


def test_every_level_claims_when_its_card_fits():
    """No level lets a fitting card go by (issue 18: no level below Expert
    passes a legal claim): each claims at once, for the seat whose turn it is
    and for a seat watching another's dice."""
    for level in range(bot.LEVELS):
        s = rolled([THREE_BLUE, RUN3], (3, 2, 1, 1, 1, 1))    # three blue: seat 0's card
        assert bot.Bot(0, level, seed=1).act(s)[:2] == ("claim", 0), level   # (then a pile)
        s = rolled([RUN3, THREE_BLUE], (3, 2, 1, 1, 1, 1))    # seat 1 watches seat 0's dice
        assert bot.Bot(1, level, seed=1).act(s)[:2] == ("claim", 1), level

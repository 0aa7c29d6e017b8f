"""Milestones rules: setup, rolls, claims, draws, the clock and the three variants."""
import json
from check import raises
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove
from dicebox.games.milestones import ending, rules, deck
from dicebox.games.milestones.tasks import RUN, RUNC, NON, SAMEN, NUM

ALL_RED = (1, 3, 2, 4, 6, 5)


def card(task):
    for i in range(deck.NCARDS):
        if deck.TASKS[i] == task:
            return i
    raise KeyError(task)


RUN3 = card(((RUN, 3),))        # easy, 1 point
NO1 = card(((NON, 1),))         # easy, 2 points
FOUR = card(((SAMEN, 4),))      # medium, 3 points
RUN6 = card(((RUN, 6),))        # hard, 5 points
RUNC2 = card(((RUNC, 2),))      # easy, 1 point


def pile_of(st, c):
    for p in range(len(st.piles)):
        if c in st.piles[p]:
            return p
    raise KeyError(c)


def draw(st, c):
    """Resolve a pending draw so that card c comes out."""
    p = st.pending[2]
    st.apply_chance([st.piles[p].index(c)])


def new(cards, **kw):
    st = rules.State(len(cards), **kw)
    for s in range(len(cards)):
        c = cards[s]
        st.apply(("draw", s, pile_of(st, c)))
        draw(st, c)
    return st


def roll(st, mask, faces):
    st.apply(("roll", mask))
    st.apply_chance([f - 1 for f in faces])


def same(a, b):
    return a.to_dict() == b.to_dict()


def rejected(st, action, words):
    before = st.clone()
    e = raises(IllegalMove, st.apply, action)
    assert words in e.reason, e.reason
    assert same(st, before)


def test_setup_each_seat_draws_from_the_pile_of_its_choice():
    st = rules.State(3)
    assert [len(p) for p in st.piles] == [23, 19, 9]
    assert st.current_player() == 0
    rejected(st, ("draw", 1, 0), "not this seat")
    rejected(st, ("roll", 63), "everyone takes a card")
    st.apply(("draw", 0, 2))
    assert st.current_player() == CHANCE and st.chance_request() == [9]
    st.apply_chance([4])
    assert deck.TIER[st.hands[0]] == deck.HARD and len(st.piles[2]) == 8
    st.piles[1] = []
    rejected(st, ("draw", 1, 1), "no cards")
    assert st.legal_actions() == [("draw", 1, 0), ("draw", 1, 2)]


def test_first_roll_is_all_six_then_at_least_one_die():
    st = new([RUN3, NO1])
    rejected(st, ("roll", 7), "all six")
    assert st.legal_actions() == [("roll", 63)]
    roll(st, 63, (1, 1, 1, 1, 1, 1))
    assert st.turn == 1 and st.rolls == 1 and st.started
    rejected(st, ("roll", 0), "at least one")
    rejected(st, ("roll", 64), "at least one")
    st.apply(("roll", 5))
    assert st.chance_request() == [6, 6]
    st.apply_chance([3, 5])
    assert st.dice == [4, 1, 6, 1, 1, 1]      # dice 0 and 2 rolled, the rest unchanged
    assert st.turn == 0
    rolls = [a for a in st.legal_actions(0) if a[0] == "roll"]
    assert len(rolls) == 63
    rejected(st, ("roll", 1, 2), "mask")


def test_claim_out_of_turn_scores_and_draws_from_chosen_pile():
    st = new([FOUR, RUN3])
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    assert st.turn == 1
    assert ("claim", 1, 0) in st.legal_actions()
    assert ("claim", 0, 0) not in st.legal_actions()
    st.turn = 0                                # seat 1 claims while seat 0 is to roll
    st.apply(("claim", 1, 2))
    assert st.scored == [RUN3] and st.hands[1] == -1
    assert st.current_player() == CHANCE and st.chance_request() == [len(st.piles[2])]
    draw(st, RUN6)
    assert st.hands[1] == RUN6 and st.points() == 1
    assert st.current_player() == 0


def test_false_claim_is_rejected_with_reason_and_no_change():
    st = new([FOUR, RUN3])
    rejected(st, ("claim", 0, 0), "no dice rolled")
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    rejected(st, ("claim", 0, 0), "do not fulfil")
    rejected(st, ("claim", 7, 0), "no such seat")
    st.piles[1] = []
    rejected(st, ("claim", 1, 1), "no cards in that pile")
    rejected(st, ("claim", 1, -1), "no cards in that pile")


def test_a_new_card_fulfilled_at_once_is_claimed_again():
    st = new([RUN3, FOUR])
    roll(st, 63, (1, 2, 3, 5, 6, 6))
    st.apply(("claim", 0, 0))
    draw(st, NO1)                               # no 1? there is a 1: not yet
    assert not st.can_claim(0)
    st = new([RUN3, FOUR])
    roll(st, 63, (2, 3, 4, 5, 6, 6))
    st.apply(("claim", 0, 0))
    draw(st, NO1)
    assert st.can_claim(0)
    st.apply(("claim", 0, 1))
    assert st.scored == [RUN3, NO1] and st.points() == 3


def test_empty_piles_play_on_without_drawing_and_end_when_no_card_is_left():
    st = new([RUN3, FOUR])
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    spare = st.piles
    st.piles = [[], [], []]
    rejected(st, ("claim", 1, -1), "do not fulfil")
    rejected(st, ("claim", 0, 0), "every pile is empty")
    st.apply(("claim", 0, -1))
    assert st.hands == [-1, FOUR] and st.current_player() == 1 and not st.is_over()
    roll(st, 1, (5,))
    assert st.can_claim(1)
    st.apply(("claim", 1, -1))
    assert st.is_over() and st.end == "no cards left" and st.current_player() == TERMINAL
    assert st.score() == 4
    assert len(spare[0]) + len(spare[1]) + len(spare[2]) == 49


def test_time_up_ends_the_game_and_hand_cards_do_not_count():
    st = new([RUN3, FOUR])
    st.apply(("time", 1000))
    roll(st, 63, (1, 2, 3, 5, 5, 5))           # the sand starts with the first roll
    st.apply(("claim", 0, 0))
    draw(st, NO1)
    st.apply(("time", 1000 + 179999))
    assert not st.is_over() and st.time_left() == 1
    st.apply(("time", 1000 + 180000))
    assert st.is_over() and st.end == "time is up" and st.current_player() == TERMINAL
    assert st.score() == 1                      # FOUR and NO1 still in hands: nothing
    rejected(st, ("claim", 0, 0), "game is over")
    assert st.legal_actions() == []


def test_clock_never_runs_backwards():
    st = new([RUN3, FOUR])
    st.apply(("time", 500))
    rejected(st, ("time", 499), "backwards")
    rejected(st, ("time", "x"), "clock")


def test_pause_keeps_the_sand_and_resume_takes_a_new_clock():
    st = new([RUN3, FOUR])
    roll(st, 63, (1, 1, 1, 1, 1, 1))
    st.apply(("time", 60000))
    assert st.time_left() == 120000
    st.apply(("pause", 60000))
    rejected(st, ("roll", 1), "paused")
    st.apply(("time", 400000))
    assert st.time_left() == 120000 and not st.is_over()
    st.apply(("resume", 5000))                  # e.g. after a reboot
    assert st.time_left() == 120000
    st.apply(("time", 15000))
    assert st.time_left() == 110000


def test_chance_values_are_checked():
    st = new([RUN3, FOUR])
    st.apply(("roll", 63))
    before = st.clone()
    raises(IllegalMove, st.apply_chance, [0, 0, 0, 0, 0, 6])
    raises(IllegalMove, st.apply_chance, [0, 0])
    assert same(st, before)
    rejected(st, ("claim", 0, 0), "waiting")


def test_variant_one_big_pile_discard_and_reroll_before_fulfilling():
    rejected(new([RUN3]), ("discard", 0), "variant 1")
    st = new([RUN3, FOUR], big_pile=True)
    assert len(st.piles) == 1 and len(st.piles[0]) == 49
    roll(st, 63, (2, 3, 4, 5, 6, 6))
    st.apply(("claim", 0, 0))
    draw(st, NO1)                               # fulfilled by the dice, but new
    rejected(st, ("claim", 0, 0), "reroll first")
    assert ("claim", 0, 0) not in st.legal_actions()
    roll(st, 32, (6,))
    st.apply(("claim", 0, 0))
    draw(st, RUN6)
    st.apply(("discard", 0))
    assert st.discarded == [RUN6] and st.chance_request() == [len(st.piles[0])]
    draw(st, RUNC2)
    rejected(st, ("claim", 0, 0), "reroll first")
    st.piles[0] = []
    rejected(st, ("discard", 0), "pile is empty")


def test_variant_one_setup_draws_from_the_one_pile():
    st = rules.State(2, big_pile=True)
    rejected(st, ("draw", 0, 1), "no cards")
    st.apply(("draw", 0, 0))
    assert st.chance_request() == [51]


def test_variant_two_mandatory_tasks_leave_when_met():
    st = new([RUN3, FOUR], mandatory=(2, 5))    # 3 same colours; three pairs
    assert st.mand_open == [2, 5]
    roll(st, 63, ALL_RED)
    assert st.mand_open == [5]
    roll(st, 63, (1, 1, 2, 2, 3, 3))
    assert st.mand_open == []


def test_variant_two_open_mandatory_task_voids_every_point():
    st = new([RUN3, FOUR], mandatory=(5,))
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    st.apply(("claim", 0, 0))
    draw(st, NO1)
    assert st.points() == 1
    st.apply(("time", 180000))
    assert st.is_over() and st.score() == 0
    st = new([RUN3, FOUR], mandatory=(5,))
    roll(st, 63, (1, 2, 3, 1, 2, 3))
    st.apply(("claim", 0, 0))
    draw(st, NO1)
    st.apply(("time", 180000))
    assert st.score() == 1


def test_variant_two_setup_is_checked():
    raises(ValueError, rules.State, 2, mandatory=(0, 1))      # both sides of one card
    raises(ValueError, rules.State, 2, mandatory=(6,))
    raises(ValueError, rules.State, 6)
    raises(ValueError, rules.State, 2, hourglass_side=2)


def test_variant_three_hourglass_card_flips_the_glass():
    st = new([RUN3, FOUR], hourglass_side=6)    # three 6s
    assert deck.SIDE_TASKS[6] == ((NUM, 6, 3),)
    roll(st, 63, (1, 1, 1, 1, 1, 1))
    st.apply(("time", 130000))
    rejected(st, ("flip", 0), "miss the hourglass card")
    roll(st, 7, (6, 6, 6))
    assert ("flip", 0) in st.legal_actions()
    st.apply(("flip", 1))
    assert st.time_left() == 130000 and not st.hg_open and st.flips == 1
    rejected(st, ("flip", 0), "no hourglass card")
    st.apply(("time", 130000 + 129999))
    assert not st.is_over()
    st.apply(("time", 260000))
    assert st.is_over()


def test_variant_three_early_flip_costs_time_and_an_unused_card_is_harmless():
    st = new([RUN3, FOUR], hourglass_side=6)
    roll(st, 63, (6, 6, 6, 1, 1, 1))
    st.apply(("time", 30000))
    st.apply(("flip", 0))
    assert st.time_left() == 30000               # real sand: only what had run
    st = new([RUN3, FOUR], hourglass_side=7)
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    st.apply(("claim", 0, 0))
    draw(st, NO1)
    st.apply(("time", 180000))
    assert st.hg_open and st.score() == 1


def test_a_flip_before_any_sand_ran_ends_the_game_at_once():
    # issue 19 item 10: the hourglass card claimed on the clock value the first
    # roll landed on turns the full glass over: no sand is left, so the game is
    # over then and there; no roll, claim or discard after it is accepted
    st = new([RUN3, FOUR], hourglass_side=6)
    st.apply(("time", 5000))
    roll(st, 63, (1, 2, 3, 6, 6, 6))          # lands at 5000: run of 3 and three 6s
    st.apply(("flip", 1))
    assert st.time_left() == 0
    assert st.is_over() and st.end == "time is up"
    assert st.legal_actions() == []
    assert st.score() == 0
    rejected(st, ("claim", 0, 0), "the game is over")
    rejected(st, ("roll", 1), "the game is over")
    rejected(st, ("flip", 0), "the game is over")


def test_a_save_with_the_sand_out_loads_as_a_finished_game():
    # a save taken after such a flip by the console before the ruling: the
    # sand is out, so it loads as over and no action of any kind is accepted
    st = new([RUN3, FOUR], hourglass_side=6, big_pile=True)
    roll(st, 63, (1, 2, 3, 6, 6, 6))
    d = st.to_dict()
    d["glass"]["left"] = 0
    d["hg_open"] = False
    d["flips"] = 1
    o = rules.State.from_dict(json.loads(json.dumps(d)))
    assert o.time_left() == 0 and o.is_over() and o.end == "time is up"
    for a in (("claim", 0, 0), ("roll", 1), ("discard", 0), ("flip", 0)):
        rejected(o, a, "the game is over")


def test_save_as_json_and_load_gives_the_same_game():
    st = new([RUN3, FOUR, NO1], big_pile=False, mandatory=(1,), hourglass_side=7)
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    st.apply(("claim", 0, 0))
    st.apply(("time", 4321))
    text = json.dumps(st.to_dict())
    back = rules.State.from_dict(json.loads(text))
    assert same(st, back)
    assert back.current_player() == CHANCE and back.chance_request() == st.chance_request()
    for s in (st, back):
        draw(s, RUNC2)
        roll(s, 63, (6, 5, 4, 3, 2, 1))
        s.apply(("time", 9000))
    assert same(st, back) and back.time_left() == st.time_left() == 180000 - 9000
    raises(ValueError, rules.State.from_dict, {"v": 99})


def test_clone_is_independent():
    st = new([RUN3, FOUR])
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    c = st.clone()
    c.apply(("claim", 0, 0))
    draw(c, NO1)
    roll(c, 1, (4,))
    assert st.scored == [] and st.dice == [1, 2, 3, 5, 5, 5] and st.hands[0] == RUN3
    assert len(st.piles[0]) == 22 and len(c.piles[0]) == 21


def test_every_listed_action_is_accepted():
    st = new([RUN3, FOUR, NO1], big_pile=True, hourglass_side=6)
    roll(st, 63, (6, 6, 6, 1, 2, 3))
    roll(st, 8, (2,))
    acts = st.legal_actions()
    kinds = set(a[0] for a in acts)
    assert kinds == set(("roll", "claim", "discard", "flip")), kinds
    for a in acts:
        st.clone().apply(a)


def test_rating_bands():
    assert [ending.rating(s) for s in (0, 9, 10, 19, 20, 30, 45, 59, 60, 126)] == [0, 0, 1, 1, 2, 3, 4, 5, 6, 6]
    assert len(ending.RATINGS) == 7


def test_pausing_before_the_first_roll_lands_keeps_the_sand_full():
    st = new([RUN3, FOUR])
    st.apply(("roll", 63))
    st.apply(("pause", 0))
    st.apply_chance([0] * 6)
    st.apply(("time", 60000))
    st.apply(("resume", 60000))
    assert st.time_left() == 180000
    st.apply(("time", 70000))
    assert st.time_left() == 170000
    st2 = rules.State.from_dict(json.loads(json.dumps(st.to_dict())))
    assert st2.time_left() == 170000


def test_describe_says_each_action_from_the_state_before_it():
    st = rules.State(2)
    assert st.describe(("draw", 0, 1)) == "S1 took a card from medium"
    st = new([RUN3, FOUR])
    assert st.describe(("roll", 63), ["You", "S2"]) == "You rolled all six dice"
    roll(st, 63, (1, 2, 3, 5, 5, 5))
    words = st.describe(("roll", 0b000011))
    assert words == "S2 rerolled 1R 2B", words
    assert st.describe(("claim", 0, 0)) == "S1 scored run of 3: +1, team 1; new card from easy"
    assert st.describe(("time", 5)) == "" and st.describe(()) == ""
    st = new([RUN3], big_pile=True)
    assert st.describe(("discard", 0)) == "S1 swapped a card"
    st = new([RUN3, FOUR], hourglass_side=6)
    roll(st, 63, (6, 6, 6, 1, 1, 1))
    st.apply(("time", 150000))
    assert st.describe(("flip", 1)) == "S2 flipped the glass: 2:30 left"


def test_dice_labels_name_the_dice_of_a_mask_in_order():
    from dicebox.games.milestones.dice import label, labels
    d = [1, 2, 3, 4, 5, 6]
    assert labels(d, 0b000101) == label(0, 1) + " " + label(2, 3)
    assert labels(d, 0) == ""
    assert len(labels(d, 63).split()) == 6

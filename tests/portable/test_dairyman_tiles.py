"""Dairyman: tile set, flipping, ice creams, resets, game end, scores, saves."""
import json
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.tiles import VALUE, NEED, BACK, NTILES, CHEESE, ICE1, ICE2, ICEANY
from check import raises
from test_dairyman_rules import new, roll, rejects, tile_with, give


# ---- the tile set ---------------------------------------------------------------
def test_tile_set_shape():
    assert len(VALUE) == len(NEED) == len(BACK) == NTILES == 22
    vals = list(VALUE)
    assert min(vals) == 10 and max(vals) == 40
    assert all(v % 5 == 0 for v in vals)
    needs = list(NEED)
    for f in range(1, 7):
        assert needs.count(f) == 2
    assert sum(1 for n in needs if 11 <= n <= 13) == 10
    backs = list(BACK)
    assert backs.count(CHEESE) == 10
    for b in (ICE1, ICE2, ICEANY):
        assert backs.count(b) == 4


# ---- flipping -------------------------------------------------------------------
def yellow_shows(need, faces, face):
    """A new game whose seat 0 holds a tile that needs ``need``, its dice
    rolled to ``faces`` but the yellow die to ``face``: (state, tile, the
    yellow die's index)."""
    s = new()
    t = tile_with(need=need)
    give(s, 0, t)
    y = s.yellow()
    faces = list(faces)
    faces[y] = face
    roll(s, faces)
    return s, t, y


def test_flip_with_yellow_die_showing_the_face():
    s, t, y = yellow_shows(4, [1] * 8, 4)
    assert ("flip", t) in s.legal_actions()
    s.apply(("flip", t))
    assert s.flipped[t] == 1 and s.dl[y] == rules.SPENT


def test_spent_yellow_die_cannot_lock_or_reroll():
    s, t, y = yellow_shows(6, [5, 5, 4, 1, 1, 1, 1, 1], 6)
    s.apply(("flip", t))
    rejects(s, ("lock", (y, 2)), "spent")
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    assert len(s.chance_request()) == 5       # 8 - 2 locked - spent yellow
    assert y not in s.pending[1]


def test_flip_without_requirement_rejected():
    s = new()
    ty = tile_with(need=3)
    tf = tile_with(need=12)
    give(s, 0, ty)
    give(s, 0, tf)
    y = s.yellow()
    faces = [1] * 8
    faces[y] = 2
    roll(s, faces)
    rejects(s, ("flip", ty), "yellow")
    rejects(s, ("flip", tf), "2 freeze")
    s.freeze[0] = 1
    rejects(s, ("flip", tf), "2 freeze")
    rejects(s, ("flip", 99), "no such")
    other = tile_with(need=11)
    give(s, 1, other)
    rejects(s, ("flip", other), "not your")


def test_locked_yellow_die_cannot_flip():
    s, t, y = yellow_shows(4, [6, 1, 1, 1, 1, 1, 1, 1], 4)
    s.apply(("lock", (0, y)))
    rejects(s, ("flip", t), "yellow")


def test_flip_with_freeze_tokens_returns_them():
    s = new()
    t = tile_with(need=13)
    give(s, 0, t)
    roll(s, [1] * 8)
    s.freeze[0] = 4
    s.apply(("flip", t))
    assert s.freeze[0] == 1 and s.flipped[t]
    rejects(s, ("flip", t), "already")


def test_flip_allowed_before_accepting_a_failure():
    s = new()
    t = tile_with(need=11)
    give(s, 0, t)
    s.freeze[0] = 1
    roll(s, [1] * 8)
    assert sorted(s.legal_actions()) == [("fail",), ("flip", t)]


def test_cheese_adds_five_ice_cream_adds_nothing():
    s = new()
    c = tile_with(back=CHEESE)
    i = tile_with(back=ICE2)
    give(s, 0, c, True)
    give(s, 0, i, True)
    assert s.score_parts(0) == (VALUE[c] + VALUE[i], 5, 0, VALUE[c] + VALUE[i] + 5)
    s.tokens[0] = 2
    assert s.score_parts(0)[2] == 10
    assert s.scores()[0] == VALUE[c] + VALUE[i] + 5 - 10


# ---- ice creams -----------------------------------------------------------------
def test_ice_reroll_all_ones():
    s = new()
    t = tile_with(back=ICE1)
    give(s, 0, t, True)
    roll(s, [1, 2, 1, 2, 1, 3, 3, 2])
    assert ("ice", t) in s.legal_actions()
    s.apply(("ice", t))
    assert s.pending[1] == [0, 2, 4] and s.chance_request() == [6, 6, 6]
    roll(s, [6, 4, 6])
    assert s.dv == [6, 2, 4, 2, 6, 3, 3, 2]
    assert s.freeze[0] == 0          # no freeze token for ice rerolls
    s.apply(("lock", (0, 2)))
    assert s.sets[-1][0] == 1        # still the first barn


def test_ice_reroll_all_twos_and_once_per_turn():
    s = new()
    t = tile_with(back=ICE2)
    give(s, 0, t, True)
    roll(s, [2, 2, 1, 1, 1, 1, 1, 1])
    s.apply(("ice", t))
    roll(s, [2, 2])
    rejects(s, ("ice", t), "this turn")
    assert s.legal_actions() == [("fail",)]
    s.apply(("fail",))
    roll(s, [1] * 8)                 # seat 1 fails too
    s.apply(("fail",))
    roll(s, [2, 1, 1, 1, 1, 1, 1, 1, 1])   # seat 0 again, with a red die
    assert ("ice", t) in s.legal_actions()


def test_ice_reroll_one_die():
    s = new()
    t = tile_with(back=ICEANY)
    give(s, 0, t, True)
    roll(s, [6, 1, 1, 1, 1, 1, 1, 1])
    rejects(s, ("ice", t), "one die")
    s.apply(("ice", t, 1))
    assert s.chance_request() == [6]
    roll(s, [4])
    s.apply(("lock", (0, 1)))


def test_ice_needs_a_flipped_owned_tile_and_unlocked_dice():
    s = new()
    t = tile_with(back=ICE1)
    give(s, 0, t)                    # not flipped
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    rejects(s, ("ice", t), "not an ice")
    s.flipped[t] = 1
    s.apply(("lock", (0, 1)))
    c = tile_with(back=CHEESE)
    give(s, 0, c, True)
    rejects(s, ("ice", c), "not an ice")
    a = tile_with(back=ICEANY)
    give(s, 0, a, True)
    rejects(s, ("ice", a, 0), "unlocked")
    t2 = tile_with(back=ICE2)
    give(s, 0, t2, True)
    rejects(s, ("ice", t2), "no unlocked 2s")


def test_two_ice_creams_of_a_kind_each_once():
    s = new()
    a = tile_with(back=ICE1)
    b = tile_with(back=ICE1, owned=(a,))
    give(s, 0, a, True)
    give(s, 0, b, True)
    roll(s, [1] * 8)
    s.apply(("ice", a))
    roll(s, [1] * 8)
    s.apply(("ice", b))
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))


def test_ice_after_locking_keeps_the_stage():
    s = new()
    t = tile_with(back=ICEANY)
    give(s, 0, t, True)
    roll(s, [6, 4, 5, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("ice", t, 3))
    roll(s, [5])
    s.apply(("lock", (2, 3)))
    assert s.barn_totals() == [20, 0, 0]
    assert s.rolls == 1


# ---- reset when the last backorder token is taken --------------------------------
def test_last_token_discards_shuffles_and_returns_tokens():
    s = new(2)                      # 3 tokens
    give(s, 0, 9)                   # 25
    give(s, 0, 21)                  # 40: the highest unflipped tile goes
    give(s, 0, 20, True)            # a flipped 40 stays
    s.tokens = [1, 1]
    s.start_turn(0)
    disp = s.display[:]
    top = s.stack[:3]
    n_stack = len(s.stack)
    roll(s, [1] * 9)
    s.apply(("fail",))
    assert s.tokens == [2, 1] and s.supply() == 0
    assert s.owned[0] == [9, 20]
    assert s.last == ["reset", 0, 0, 21]       # for the screens: who lost what
    assert s.current_player() == CHANCE
    assert s.pending[1] == [21] + disp
    assert s.chance_request() == [4, 3, 2]
    s.apply_chance([3, 2, 1])         # picks that keep the order
    assert s.tokens == [0, 0]
    assert s.stack[-4:] == [21] + disp      # under the stack
    assert s.display == top                 # refilled from the top
    assert len(s.stack) == n_stack + 4 - 3
    assert s.seat == 1 and s.chance_request() == [6] * 8


def test_reset_ties_and_flipped_tiles():
    s = new(3)                      # 4 tokens
    a = 19                                       # 35, flipped below
    b = 10                                       # 25
    give(s, 1, b)
    give(s, 1, a, True)             # seat 1 only has a flipped tile above b
    c1 = 20
    c2 = 21                         # two 40s: the later claim goes [R7]
    give(s, 2, c1)
    give(s, 2, c2)
    s.tokens = [1, 2, 1]
    s.seat = 2
    s.start_turn(2)
    roll(s, [1] * 9)
    s.apply(("fail",))
    assert s.tokens == [1, 2, 2]
    assert s.owned[1] == [a]              # b discarded, flipped a kept
    assert s.owned[2] == [c1]
    items = s.pending[1]
    assert b in items and c2 in items and len(items) == 5
    s.apply_chance([k - 1 for k in s.chance_request()])
    assert s.stack[-5:] == items
    assert s.tokens == [0, 0, 0]


def test_reset_player_without_unflipped_tiles_discards_nothing():
    s = new(2)
    give(s, 0, 5, True)
    s.tokens = [2, 0]
    s.start_turn(0)
    roll(s, [1] * 10)
    s.apply(("fail",))
    assert s.owned[0] == [5]
    assert len(s.pending[1]) == 3


# ---- game end ----------------------------------------------------------------------
def test_game_ends_when_display_cannot_refill():
    s = new()
    s.stack = [3]
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("claim", (0,)))
    assert s.current_player() == 1 or s.display == [1, 2, 3]
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("claim", (1,)))
    assert s.current_player() == TERMINAL
    assert s.legal_actions() == [] and s.chance_request() == []
    rejects(s, ("fail",), "over")
    assert s.owned == [[0], [1]]


def test_winner_and_tie_break_ruling_r9():
    s = new(3)
    give(s, 0, 0)             # 10
    give(s, 1, 1)             # 10
    give(s, 2, 2)             # 15
    s.tokens = [0, 0, 1]      # seat 2: 15 - 5 = 10
    assert s.scores() == [10, 10, 10]
    assert s.winners() == [0, 1]      # seat 2 has more backorder tokens
    s.flipped[1] = 1                  # ice cream back: no points, more flips
    assert s.winners() == [1]


# ---- saving -------------------------------------------------------------------------
def test_json_round_trip_mid_turn_and_clone():
    s = new(3)
    t = tile_with(back=ICE1)
    give(s, 0, t, True)
    s.freeze[0] = 2
    roll(s, [6, 4, 1, 5, 5, 2, 3, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", (3,)))
    d = json.loads(json.dumps(s.to_dict()))
    s2 = rules.State.from_dict(d)
    assert s2.to_dict() == s.to_dict()
    assert s2.current_player() == CHANCE and s2.chance_request() == s.chance_request()
    c = s.clone()
    assert c.to_dict() == s.to_dict()
    roll(c, [1] * len(c.chance_request()))
    assert c.to_dict() != s.to_dict()
    roll(s2, [1] * len(s2.chance_request()))
    assert sorted(s2.legal_actions()) == sorted(c.legal_actions())
    raises(ValueError, rules.State.from_dict, {"v": 99})


def test_ice_does_not_lift_the_duty_to_lock_ruling_r10():
    s = new()
    t = tile_with(back=ICE1, owned=(0, 1, 2))
    give(s, 0, t, True)
    roll(s, [6, 4, 1, 1, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    roll(s, [5, 5, 1, 2, 2, 3])
    s.apply(("ice", t))
    roll(s, [1])
    rejects(s, ("reroll", ()), "lock a set")
    rejects(s, ("claim", (0,)), "lock a set")
    s.apply(("lock", (2, 3)))
    assert s.sets[-1][0] == 2
    s.apply(("claim", (0,)))

"""Dairyman actions of the wrong shape are refused, and every action has words
(said from the state before it) for the log, the bots' messages and recaps."""
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.rng import seeded
from dicebox.games.dairyman import rules
from dicebox.games.dairyman.tiles import TILES
from test_dairyman_rules import new, roll, rejects, give, tile_with


def test_issue_examples_of_malformed_actions_refused_state_unchanged():
    s = new()
    roll(s, [1, 1, 1, 1, 2, 2, 2, 1])              # no set: fail is legal
    rejects(s, ("fail", 1), "malformed")
    s = new()
    roll(s, [6, 4, 5, 5, 1, 1, 1, 1])
    s.apply(("lock", (0, 1)))
    rejects(s, ("reroll", (), 3), "malformed")
    rejects(s, ("reroll",), "malformed")
    t = s.display[0]
    rejects(s, ("claim", (t,), "junk"), "malformed")
    for bad in (("lock", ("2", "3")), ("lock", (True, 3)), ("flip", "3"), ("flip", 1.0),
                ("claim", ("x",)), ("ice", None), ("LOCK", (2, 3)), (7,), ("",), "fail",
                None, ()):
        rejects(s, bad)


def test_words_for_each_kind_of_move():
    s = new()
    roll(s, [6, 4, 5, 5, 1, 2, 3, 4])
    assert s.describe(("lock", (0, 1))) == "P1 locked 6+4 in barn 1: 10"
    assert s.describe(("lock", (2, 3))) == "P1 locked 5+5 in barn 1: 10"
    s.apply(("lock", (0, 1)))
    assert "not allowed (a set must total 10, not 7)" in s.describe(("lock", (4, 5, 7)))
    s.apply(("lock", (2, 3)))
    assert s.describe(("claim", (0, 1))) == "P1 claimed 10i+10i with 20"
    assert s.describe(("reroll", ())) == "P1 rerolled 4 dice"
    s.freeze[0] = 1
    assert s.describe(("reroll", (7,))) == "P1 rerolled 3, kept 4y"
    assert s.describe(("fail", 2)) == "P1: not a move"
    assert "not allowed" in s.describe(("flip", 3))
    assert s.describe_chance([0]) == ""           # nothing to roll now
    s.apply(("reroll", ()))
    assert s.current_player() == CHANCE
    assert s.describe_chance([5, 0, 1, 2]) == "P1 rolled 6 1 2 3y"


def test_fail_words_name_the_reset_losses():
    s = new(2)
    t = tile_with(need=13)                       # a 40, never flipped
    give(s, 0, t)
    s.tokens = [2, 0]                            # the last token is the next
    roll(s, [1, 1, 1, 1, 2, 2, 2, 1])
    words = s.describe(("fail",))
    assert words.startswith("P1 had no set: backorder token. Reset!"), words
    assert "P1 loses %d" % TILES[t][0] in words


def test_every_move_of_random_games_has_words_and_they_do_not_change_the_state():
    r = seeded(9)
    for n in (2, 4):
        s = rules.State(n)
        steps = 0
        while s.current_player() != TERMINAL and steps < 600:
            before = s.to_dict()
            if s.current_player() == CHANCE:
                v = [r.randbelow(k) for k in s.chance_request()]
                w = s.describe_chance(v)
                assert s.to_dict() == before
                s.apply_chance(v)
            else:
                acts = s.legal_actions()
                a = acts[r.randbelow(len(acts))]
                w = s.describe(a)
                assert s.to_dict() == before
                assert w.startswith("P%d " % (s.seat + 1)), w
                assert "not allowed" not in w, (a, w)
                s.apply(a)
            assert w and len(w) <= 120, w
            steps += 1

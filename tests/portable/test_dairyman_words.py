"""Dairyman actions of the wrong shape are refused, and every action has words
(said from the state before it) for the log, the bots' messages and recaps."""
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.rng import seeded
from dicebox.games.dairyman import rules, plainbots
from dicebox.games.dairyman.tiles import VALUE, NTILES
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
    assert s.describe(("lock", (0, 1))) == "P1 locked 6+4 in barn 1: 10 (barns 10)"
    assert s.describe(("lock", (2, 3))) == "P1 locked 5+5 in barn 1: 10 (barns 10)"
    s.apply(("lock", (0, 1)))
    assert "not allowed (a set must total 10, not 7)" in s.describe(("lock", (4, 5, 7)))
    s.apply(("lock", (2, 3)))
    assert s.describe(("claim", (0, 1))).startswith("P1 claimed 10i+10i: +20 points (barns 20). ")
    assert s.describe(("reroll", ())) == "P1 rerolled 4 dice"
    s.freeze[0] = 1
    assert s.describe(("reroll", (7,))) == "P1 rerolled 3, kept 4y (1 freeze token)"
    assert s.describe(("fail", 2)) == "P1: not a move"
    assert "not allowed" in s.describe(("flip", 3))
    assert s.describe_chance([0]) == ""           # nothing to roll now
    s.apply(("reroll", ()))
    assert s.current_player() == CHANCE
    assert s.describe_chance([5, 0, 1, 2]) == "P1 rolled 6 1 2 3y"


def failing_with_the_last_token():
    """P1 holds a 40 and its last backorder token, then rolls no set: the
    state, the tile and the words of its Fail."""
    s = new(2)
    t = tile_with(need=13)                       # a 40, never flipped
    give(s, 0, t)
    s.tokens = [2, 0]                            # the last token is the next
    roll(s, [1, 1, 1, 1, 2, 2, 2, 1])
    words = s.describe(("fail",))
    return s, t, words


def test_fail_words_name_the_reset_losses():
    s, t, words = failing_with_the_last_token()
    assert words.startswith("P1 had no set: backorder -5 (has 3). Reset!"), words
    assert "Lost: P1 %d" % VALUE[t] in words


def play_in_words(s, r, most, choose, look, still=False):
    """Plays ``s`` until it ends or ``most`` steps: the rolls drawn with ``r``,
    each move ``choose(s, acts)``, each step's words made before it is played
    (with ``still``: they leave the state as it was). After each step
    ``look(b, a, w)``: ``b`` the state before it, ``a`` the move (None for a
    roll), ``w`` its words."""
    steps = 0
    while s.current_player() != TERMINAL and steps < most:
        b = s.clone()
        before = s.to_dict() if still else None
        if s.current_player() == CHANCE:
            a = None
            v = [r.randbelow(k) for k in s.chance_request()]
            w = s.describe_chance(v)
            assert before is None or s.to_dict() == before
            s.apply_chance(v)
        else:
            a = choose(s, s.legal_actions())
            w = s.describe(a)
            assert before is None or s.to_dict() == before
            s.apply(a)
        look(b, a, w)
        steps += 1


def test_every_move_of_random_games_has_words_and_they_do_not_change_the_state():
    r = seeded(9)

    def look(b, a, w):
        if a is not None:
            assert w.startswith("P%d " % (b.seat + 1)), w
            assert "not allowed" not in w, (a, w)
        assert w and len(w) <= 120, w
    for n in (2, 4):
        play_in_words(rules.State(n), r, 600, lambda s, acts: acts[r.randbelow(len(acts))], look,
                      still=True)


def _places(s):
    """Each tile's place: ("o", seat), ("d",) display, ("s",) stack, ("p",) a reshuffle."""
    out = {}
    for q in range(s.n):
        for t in s.owned[q]:
            out[t] = ("o", q)
    for t in s.display:
        out[t] = ("d",)
    for t in s.stack:
        out[t] = ("s",)
    if s.pending is not None and s.pending[0] == 2:
        for t in s.pending[1]:
            out[t] = ("p",)
    return out


def _check_named(b, s, w):
    """Every tile, token, die and point that changed from ``b`` to ``s`` is named in ``w``."""
    pb = _places(b)
    pa = _places(s)
    for t in range(NTILES):
        x = pb.get(t)
        y = pa.get(t)
        if x == y or (x is None and y == ("s",)) or (x == ("s",) and y == ("s",)):
            continue
        if y == ("p",) and x == ("d",):     # to be shuffled: named by the shuffle's line
            assert "Reset!" in w, w
            continue
        assert rules.tile_name(t) in w, (t, x, y, w)
        if x is not None and x[0] == "o":          # a tile that left a hand: whose it was
            assert ("P%d %s" % (x[1] + 1, rules.tile_name(t))) in w or "P%d" % (x[1] + 1) in w, w
        if y is not None and y[0] == "o":          # a claim: its points
            assert "+%d points" % sum(VALUE[u] for u in pa if pa[u] == y and pb.get(u) != y) in w, w
    if s.over and not b.over:
        assert "game over" in w, w
    for q in range(s.n):
        if s.tokens[q] > b.tokens[q]:
            assert "backorder -5 (has %d)" % s.tokens[q] in w, w
        elif s.tokens[q] < b.tokens[q]:
            assert "All backorder tokens back" in w, w
        if s.freeze[q] != b.freeze[q]:
            assert "freeze" in w, w
    for t in range(NTILES):
        if s.flipped[t] != b.flipped[t]:
            assert "flipped %s" % rules.tile_name(t) in w, w
    if s.turns != b.turns:         # a new turn: fresh dice, nothing changed hands
        return
    if len(s.dl) == len(b.dl) and s.dl != b.dl:
        assert "locked" in w or "paid yellow" in w, w
    if len(s.dv) == len(b.dv) and s.dv != b.dv:
        for i in range(len(s.dv)):
            if s.dv[i] != b.dv[i]:
                assert "rolled" in w and str(s.dv[i]) in w, w


def test_every_change_of_tiles_tokens_dice_and_points_has_words_naming_it():
    r = seeded(21)
    seen = {}

    def choose(s, acts):
        # mostly sensible moves (so games reach resets and the end), a random
        # one now and then
        if r.randbelow(4):
            return plainbots.easy(s, r)
        return acts[r.randbelow(len(acts))]
    for n in (2, 3, 4):
        for g in range(4):
            s = rules.State(n)

            def look(b, a, w):
                if a is not None:
                    seen[a[0]] = 1
                if "Reset" in w:
                    seen["reset"] = 1
                if "game over" in w:
                    seen["end"] = 1
                assert len(w) <= 120, w
                _check_named(b, s, w)
            play_in_words(s, r, 3000, choose, look)
    for k in ("lock", "claim", "fail", "flip", "reroll", "ice", "reset", "end"):
        assert k in seen, (k, seen)


def test_lock_words_name_the_barn_and_all_barns():
    s = new()
    roll(s, [6, 4, 5, 5, 1, 2, 3, 4])
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    s.apply_chance([0, 5, 2, 0, 0, 0])            # 1 6 3 1 1 1
    assert s.describe(("lock", (2, 3, 4))) == "P1 locked 1+6+3 in barn 2: 10 (barns 20)"


def test_reset_words_name_each_lost_tile_and_whose_and_the_shuffled_tiles():
    s, t, words = failing_with_the_last_token()
    assert words == "P1 had no set: backorder -5 (has 3). Reset! Lost: P1 %s. Display too goes under stack" % (
        rules.tile_name(t)), words
    disp = [rules.tile_name(x) for x in s.display]
    s.apply(("fail",))
    v = [0] * len(s.chance_request())
    w = s.describe_chance(v)
    assert w.startswith("Shuffled under the stack: %s %s" % (rules.tile_name(t), " ".join(disp))), w
    s.apply_chance(v)
    assert w.endswith("Display: %s" % " ".join(rules.tile_name(x) for x in s.display)), w

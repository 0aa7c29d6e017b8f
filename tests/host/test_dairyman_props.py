"""Dairyman property tests over random games (CPython only)."""
import json

from hypothesis import example, given, settings, strategies as st, HealthCheck

from dicebox.core.think import Budget
from dicebox.core import rng
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, resolve_chance
from dicebox.games.dairyman import rules, bot, plainbots
from dicebox.games.dairyman.tiles import VALUE, BACK, NTILES, CHEESE


def claim_biased(state, r):
    """Random legal play that takes a claim half the time it can (so games end)."""
    acts = state.legal_actions()
    claims = [a for a in acts if a[0] == "claim"]
    if claims and r.randbelow(2):
        return claims[r.randbelow(len(claims))]
    return plainbots.random_choice(state, r)


POLICIES = {"random": claim_biased, "easy": plainbots.easy, "hard": plainbots.hard,
            "expert": plainbots.expert, "beginner": plainbots.level_bot(0)}


def check_invariants(s, start_tokens):
    # tiles: each of the 22 exactly once among stack, display, hands, reset pile
    where = list(s.stack) + list(s.display)
    for o in s.owned:
        where += o
    if s.pending is not None and s.pending[0] == 2:
        where += s.pending[1]
    assert sorted(where) == list(range(NTILES))
    # flipped tiles are owned
    for t in range(NTILES):
        if s.flipped[t]:
            assert any(t in o for o in s.owned)
    # backorder tokens: never more than the supply
    assert all(x >= 0 for x in s.tokens)
    assert 0 <= sum(s.tokens) <= s.supply_total
    if s.pending is None or s.pending[0] != 2:
        assert s.supply() >= 1
    assert all(x >= 0 for x in s.freeze)
    # dice: 7 white, 1 yellow, one red per token held at the start of the turn
    if s.current_player() != TERMINAL and s.dc:
        assert s.dc.count(rules.WHITE) == 7 and s.dc.count(rules.YELLOW) == 1
        assert s.dc.count(rules.RED) == min(start_tokens, 4)
        assert len(s.dv) == len(s.dl) == len(s.dc)
        locked = []
        for st_ in s.sets:
            idx = st_[1:]
            assert 2 <= len(idx) <= 3
            assert sum(s.dv[i] for i in idx) == 10
            assert all(s.dl[i] == st_[0] for i in idx)
            locked += idx
        assert sorted(locked) == [i for i in range(len(s.dl)) if 1 <= s.dl[i] <= 3]
        assert s.barn_total() == 10 * len(s.sets)
        for i in range(len(s.dl)):
            if s.dl[i] == rules.SPENT:
                assert s.dc[i] == rules.YELLOW
        if s.current_player() >= 0:
            assert all(1 <= v <= 6 for v in s.dv)
    # scores are the sum of their parts
    for p in range(s.n):
        pts, bonus, pen, tot = s.score_parts(p)
        assert pts == sum(VALUE[t] for t in s.owned[p])
        assert bonus == 5 * sum(1 for t in s.owned[p] if s.flipped[t] and BACK[t] == CHEESE)
        assert pen == 5 * s.tokens[p]
        assert tot == pts + bonus - pen == s.scores()[p]


def play(seed, policies, save_every=0, max_steps=200000):
    r = rng.seeded(seed)
    br = rng.seeded(seed * 31 + 7)
    s = rules.State(len(policies))
    steps = 0
    start_tokens = 0
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            acts = s.legal_actions()
            assert acts
            a = POLICIES[policies[s.seat]](s, br)
            # bots may name other dice than the listed (deduplicated) actions
            assert a[0] in [x[0] for x in acts], (a, acts)
            s.apply(a)
        if s.current_player() == CHANCE and s.pending[0] == 1 and all(v == 0 for v in s.dv):
            start_tokens = s.tokens[s.seat]      # a new turn is about to roll
        check_invariants(s, start_tokens)
        if save_every and steps % save_every == 0:
            d = json.loads(json.dumps(s.to_dict()))
            s2 = rules.State.from_dict(d)
            assert s2.to_dict() == s.to_dict()
            assert s2.legal_actions() == s.legal_actions()
            assert s2.chance_request() == s.chance_request()
            s = s2                       # carry on from the loaded copy
        steps += 1
        assert steps < max_steps, "game did not end"
    return s


pol = st.sampled_from(["random", "easy", "hard"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10 ** 6), n=st.integers(2, 4), data=st.data())
def test_random_games_keep_invariants_and_end(seed, n, data):
    # at least one seat that claims with a plan: all-random games do end, but
    # take thousands of turns (tiles go back under the stack at every reset)
    policies = [data.draw(st.sampled_from(["easy", "hard"]))]
    policies += [data.draw(pol) for _ in range(n - 1)]
    s = play(seed, policies, save_every=7)
    assert s.current_player() == TERMINAL
    assert len(s.display) < 3 or not s.stack
    assert s.winners()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(1, 10 ** 6), steps=st.integers(0, 400))
def test_illegal_actions_leave_state_unchanged(seed, steps):
    r = rng.seeded(seed)
    s = rules.State(2 + seed % 3)
    for _ in range(steps):
        if s.current_player() == TERMINAL:
            break
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            s.apply(claim_biased(s, r))
    if s.current_player() < 0:
        return
    legal = s.legal_actions()
    before = s.to_dict()
    tries = [("lock", (0, 1, 2, 3)), ("lock", (0,)), ("claim", (99,)), ("flip", 0),
             ("ice", 0), ("reroll", (0, 0)), ("fail",), ("nope",)]
    for i in range(len(s.dv)):
        for j in range(i + 1, len(s.dv)):
            tries.append(("lock", (i, j)))
    for a in tries:
        if a in legal:
            continue
        try:
            s.apply(a)
        except IllegalMove as e:
            assert e.reason
            assert s.to_dict() == before
        else:
            # accepted: it must be an equivalent of a listed action
            assert a[0] in ("lock", "reroll"), a
            s = rules.State.from_dict(before)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10 ** 6))
def test_replay_from_logs_is_deterministic(seed):
    r = rng.seeded(seed)
    s = rules.State(3)
    log = []
    while s.current_player() != TERMINAL and len(log) < 3000:
        if s.current_player() == CHANCE:
            v = [r.randbelow(n) for n in s.chance_request()]
            s.apply_chance(v)
            log.append(("c", v))
        else:
            a = plainbots.hard(s, r)
            s.apply(a)
            log.append(("a", a))
    t = rules.State(3)
    for kind, x in log:
        if kind == "c":
            t.apply_chance(x)
        else:
            t.apply(x)
    assert t.to_dict() == s.to_dict()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10 ** 6), n=st.integers(2, 4), level=st.integers(0, 3),
       steps=st.integers(0, 300))
@example(seed=421, n=2, level=0, steps=16)     # a hint whose tie overflowed the page
def test_think_and_hint_leave_the_state_alone_and_keep_to_the_slices(seed, n, level, steps):
    r = rng.seeded(seed)
    br = rng.seeded(seed + 1)
    s = rules.State(n)
    for _ in range(steps):            # somewhere in a game of mixed play
        if s.current_player() == TERMINAL:
            return
        if s.current_player() == CHANCE:
            resolve_chance(s, r)
        else:
            s.apply(POLICIES["hard" if r.randbelow(3) else "random"](s, br))
    while s.current_player() == CHANCE:
        resolve_chance(s, r)
    if s.current_player() == TERMINAL:
        return
    before = json.dumps(s.to_dict(), sort_keys=True)
    b = Budget(bot.SLICE)
    last = 0
    for out in bot.think(s, br, level, b):
        assert b.units - last <= bot.SLICE
        last = b.units
    assert b.units <= bot.DECISION
    assert out[0] in [x[0] for x in s.legal_actions()]
    c = s.clone()
    c.apply(out)                      # legal
    for out in bot.hint(s, br):
        pass
    from dicebox.core import ui
    assert out[1] and len(ui.wrap("Expert's move:\n\n" + out[1])) <= 6, out[1]   # fits the page
    assert json.dumps(s.to_dict(), sort_keys=True) == before

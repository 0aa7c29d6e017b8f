"""Property tests for the Milestones rules (CPython, hypothesis)."""
import json

from hypothesis import given, settings, strategies as st_

from dicebox.core.game import CHANCE, IllegalMove
from dicebox.games.milestones import deck, rules, tasks

dice6 = st_.tuples(*[st_.integers(1, 6)] * 6)


def seated(cards, **kw):
    s = rules.State(len(cards), **kw)
    for seat, c in enumerate(cards):
        p = next(i for i, pile in enumerate(s.piles) if c in pile)
        s.apply(("draw", seat, p))
        s.apply_chance([s.piles[p].index(c)])
    return s


@settings(max_examples=400, deadline=None)
@given(st_.integers(0, 50), st_.integers(0, 50), dice6)
def test_a_claim_is_accepted_exactly_when_the_matcher_says_so(c0, c1, roll):
    if c0 == c1:
        c1 = (c1 + 1) % 51
    s = seated([c0, c1])
    s.apply(("roll", 63))
    s.apply_chance([v - 1 for v in roll])
    for seat, c in ((0, c0), (1, c1)):
        want = tasks.match(deck.TASKS[c], roll)
        before = s.to_dict()
        try:
            s.clone().apply(("claim", seat, 0 if s.piles[0] else 1))
            ok = True
        except IllegalMove as e:
            ok = False
            assert e.reason
        assert ok == want
        assert s.to_dict() == before


def _fuzz(data, **kw):
    n = data.draw(st_.integers(1, 5))
    s = rules.State(n, **kw)
    now = 0
    for step in range(400):
        if s.is_over():
            break
        assert s.card_count() == deck.NCARDS
        if s.current_player() == CHANCE:
            sizes = s.chance_request()
            s.apply_chance([data.draw(st_.integers(0, k - 1)) for k in sizes])
            continue
        # an illegal or random action now and then: rejected without change, or legal
        if data.draw(st_.integers(0, 5)) == 0:
            junk = data.draw(st_.sampled_from([
                ("claim", 0, 0), ("claim", n, 0), ("roll", 0), ("roll", 99), ("discard", 0),
                ("flip", 0), ("draw", 0, 2), ("time", now - 1), ("bogus",), (), ("claim", 0, 7)]))
            before = s.to_dict()
            legal = list(s.legal_actions())
            try:
                s.apply(junk)
                assert tuple(junk) in legal or junk[0] == "time"
            except IllegalMove as e:
                assert e.reason
                assert s.to_dict() == before
            continue
        acts = s.legal_actions()
        if data.draw(st_.integers(0, 3)) == 0 or not acts:
            now += data.draw(st_.integers(0, 9000))
            s.apply(("time", now))
            continue
        s.apply(data.draw(st_.sampled_from(acts)))
        # save -> JSON -> load is the same state and plays on the same
        back = rules.State.from_dict(json.loads(json.dumps(s.to_dict())))
        assert back.to_dict() == s.to_dict()
        assert back.legal_actions() == s.legal_actions()
    assert s.card_count() == deck.NCARDS
    if s.is_over() and s.mand_open:
        assert s.score() == 0
    else:
        assert s.score() == sum(deck.POINTS[c] for c in s.scored)


@settings(max_examples=60, deadline=None)
@given(st_.data())
def test_fuzz_basic_game_keeps_cards_and_saves(data):
    _fuzz(data)


@settings(max_examples=60, deadline=None)
@given(st_.data())
def test_fuzz_all_variants_keep_cards_and_saves(data):
    _fuzz(data, big_pile=True, mandatory=(1, 2), hourglass_side=7)


@settings(max_examples=200, deadline=None)
@given(st_.integers(0, 180000), st_.integers(0, 180000))
def test_flip_gives_back_exactly_the_sand_that_had_run(t_flip, t_after):
    s = seated([0, 1], hourglass_side=6)
    s.apply(("roll", 63))
    s.apply_chance([5, 5, 5, 0, 0, 0])
    if t_flip >= 180000:
        return
    s.apply(("time", t_flip))
    s.apply(("flip", 0))
    assert s.time_left() == t_flip
    if t_flip == 0:                 # no sand had run: none is left, the game is over
        assert s.is_over()
        return
    s.apply(("time", t_flip + t_after))
    assert s.is_over() == (t_after >= t_flip)

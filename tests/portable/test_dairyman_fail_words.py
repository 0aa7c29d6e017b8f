"""A failure's words say what the turn lost: the backorder token and, when
sets were locked this turn, the barns' points ("barns lost (20)"); a newcomer
could not tell from "had no claim: backorder -5" that the 20 were gone."""
from dicebox.core import rng
from dicebox.games.dairyman import rules
from playing import decisions


def test_a_failure_names_the_barns_it_loses():
    seen_barns = seen_none = 0
    for seed in range(1, 40):
        r = rng.seeded(seed)
        s = rules.State(2)
        for _ in decisions(s, r, 400):
            acts = s.legal_actions()
            fails = [a for a in acts if a[0] == "fail"]
            a = fails[0] if fails and r.randbelow(3) == 0 else acts[r.randbelow(len(acts))]
            if a[0] == "fail":
                words = s.describe(a)
                lost = s.barn_total()
                assert "backorder -5" in words, words
                if lost:
                    assert "barns lost (%d)" % lost in words, words
                    seen_barns += 1
                else:
                    assert "barns lost" not in words, words
                    seen_none += 1
                assert len(words) <= 120, words
            s.apply(a)
        if seen_barns >= 3 and seen_none >= 3:
            break
    assert seen_barns >= 3 and seen_none >= 3, (seen_barns, seen_none)

"""Properties of the roller model and the chi-square arithmetic (CPython, hypothesis)."""
import json
import math

from dicebox.apps import fairness as fz
from dicebox.apps import roller_model as rm
from dicebox.core import rng
from hypothesis import given, settings
from hypothesis import strategies as st

sides_st = st.one_of(st.sampled_from(rm.STANDARD), st.integers(rm.MIN_SIDES, rm.MAX_SIDES))


@st.composite
def groups(draw):
    total = 0
    out = []
    for _ in range(draw(st.integers(1, 4))):
        room = rm.MAX_DICE - total
        if room < 1:
            break
        c = draw(st.integers(1, min(rm.MAX_GROUP, room)))
        total += c
        out.append([c, draw(sides_st), ""])
    return out


@st.composite
def rollers(draw):
    r = rm.Roller(draw(groups()))
    r.set_modifier(draw(st.integers(-rm.MAX_MOD, rm.MAX_MOD)))
    mode = draw(st.sampled_from(rm.MODES))
    n = r.count()
    if mode in ("kh", "kl"):
        r.set_keep(mode, draw(st.integers(1, n)))
    elif mode in ("dl", "dh") and n > 1:
        r.set_keep(mode, draw(st.integers(0, n - 1)))
    return r


@given(rollers(), st.integers(1, 2 ** 31), st.lists(st.booleans(), max_size=12))
@settings(max_examples=300, deadline=None)
def test_roll_respects_faces_holds_and_total(r, seed, holds):
    g = rng.seeded(seed)
    r.roll(g)
    for i in range(min(len(holds), r.count())):
        if holds[i]:
            r.hold(i)
    before = list(r.values)
    r.roll(g)
    for i in range(r.count()):
        assert 1 <= r.values[i] <= r.sides[i]
        if r.held[i]:
            assert r.values[i] == before[i]
    keep = r.kept()
    assert r.total() == sum(v for v, k in zip(r.values, keep) if k) + r.mod
    n = r.count()
    want = n
    if r.mode in ("kh", "kl"):
        want = r.keep_n
    elif r.mode in ("dl", "dh"):
        want = n - r.keep_n
    assert sum(keep) == want


@given(rollers(), st.integers(1, 2 ** 31))
@settings(max_examples=200, deadline=None)
def test_keep_high_keeps_the_largest_values(r, seed):
    r.roll(rng.seeded(seed))
    keep = r.kept()
    if r.mode in ("kh", "dl"):
        kept = [v for v, k in zip(r.values, keep) if k]
        dropped = [v for v, k in zip(r.values, keep) if not k]
        if kept and dropped:
            assert min(kept) >= max(dropped)
    if r.mode in ("kl", "dh"):
        kept = [v for v, k in zip(r.values, keep) if k]
        dropped = [v for v, k in zip(r.values, keep) if not k]
        if kept and dropped:
            assert max(kept) <= min(dropped)


@given(rollers(), st.integers(1, 2 ** 31), st.integers(0, 30))
@settings(max_examples=150, deadline=None)
def test_json_round_trip_and_history_cap(r, seed, rolls):
    g = rng.seeded(seed)
    for _ in range(rolls):
        r.roll(g)
    assert len(r.history) == min(rolls, rm.HISTORY)
    d = json.loads(json.dumps(r.to_dict()))
    r2 = rm.Roller.from_dict(d)
    assert r2.to_dict() == r.to_dict()
    assert r2.total() == r.total()


def test_first_player_and_coin_are_uniform():
    g = rng.seeded(31337)
    for n in range(2, 7):
        counts = [0] * n
        for _ in range(600 * n):
            counts[rm.first_player(g, n) - 1] += 1
        assert fz.verdict(counts)[0] == fz.FAIR, (n, counts)
    coins = [0, 0]
    for _ in range(4000):
        coins[rm.coin(g)] += 1
    assert fz.verdict(coins)[0] == fz.FAIR


# ---- chi-square arithmetic against an independent computation ------------------

def chi2_sf_by_integration(x, k, steps=20000):
    """P(X >= x) by Simpson integration of the density on [0, x] (1 - CDF)."""
    logc = -(k / 2) * math.log(2) - math.lgamma(k / 2)

    def g(u):
        # density at t = u^2 times dt/du = 2u: 2 u^(k-1) e^(-u^2/2) c, smooth at 0
        if u == 0:
            return 2 * math.exp(logc) if k == 1 else 0.0
        return 2 * math.exp(logc + (k - 1) * math.log(u) - u * u / 2)
    b = math.sqrt(x)
    h = b / steps
    s = 0.0
    for i in range(steps + 1):
        w = 1 if i in (0, steps) else (4 if i % 2 else 2)
        s += w * g(i * h)
    return 1 - s * h / 3


@given(st.integers(1, 120), st.floats(0.05, 3.0))
@settings(max_examples=60, deadline=None)
def test_p_value_matches_numerical_integration(df, scale):
    x = df * scale
    assert abs(fz.p_value(x, df) - chi2_sf_by_integration(x, df)) < 2e-6


@given(st.integers(1, 999), st.sampled_from([0.01, 0.001]))
@settings(max_examples=120, deadline=None)
def test_critical_value_inverts_the_tail(df, p):
    c = fz.critical(p, df)
    assert abs(fz.p_value(c, df) - p) < p * 1e-4
    # Wilson-Hilferty (the starting guess) is close for large df, rougher for tiny df
    wh = fz.wilson_hilferty(p, df)
    bound = 0.035 if df < 3 else 0.02 if df < 10 else 0.007 if df < 30 else 0.002
    assert abs(wh - c) / c < bound


def test_critical_values_against_published_tables():
    table = {1: (6.6349, 10.8276), 2: (9.2103, 13.8155), 4: (13.2767, 18.4668),
             5: (15.0863, 20.5150), 9: (21.6660, 27.8772), 19: (36.1909, 43.8202),
             99: (134.6416, 148.2304)}
    for df, (a, b) in table.items():
        assert abs(fz.critical(0.01, df) - a) < 1e-3, df
        assert abs(fz.critical(0.001, df) - b) < 1e-3, df


def test_fair_die_false_alarm_rate_is_about_one_percent():
    # 400 seeded runs of 600 d6 rolls: "suspicious or worse" should be ~1 %.
    bad = 0
    g = rng.seeded(4242)
    for _ in range(400):
        run = fz.FairnessRun(6, 600)
        run.step(g, 600)
        if run.result()[0] != fz.FAIR:
            bad += 1
    assert bad <= 12  # P(Binomial(400, 0.01) > 12) is about 0.001


@given(st.integers(2, 20), st.integers(2, 6))
@settings(max_examples=40, deadline=None)
def test_loaded_face_is_flagged(k, factor):
    # one face `factor` times as likely as the others, 200 * k rolls: expected counts
    n = 200 * k
    w = k - 1 + factor
    counts = [n // w] * k
    counts[0] = n * factor // w
    assert fz.verdict(counts)[0] == fz.BIASED

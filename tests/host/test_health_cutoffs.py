"""The cutoffs hardcoded in core/health.py are the exact binomial quantiles,
and they keep false alarms under one in 10^4 hours of continuous use at the
design bit rate. Printed: the arithmetic, and what the tests catch."""
import os
import random
from decimal import Decimal, getcontext
from math import ceil, comb

from dicebox.core import health
from dicebox.hal import entropy as ent

getcontext().prec = 80
TARGET_PER_HOUR = Decimal(1) / 10 ** 4      # false alarms per hour of use


def tail(W, p, c):
    """P(Binomial(W, p) >= c), exactly (to 80 digits)."""
    q = 1 - p
    return sum(comb(W, k) * p ** k * q ** (W - k) for k in range(c, W + 1))


def cutoff(W, p, alpha):
    """Smallest c with P(Binomial(W, p) >= c) <= alpha, and the tails at c - 1 and c."""
    q = 1 - p
    t = Decimal(0)
    for c in range(W, -1, -1):
        prev = t
        t += comb(W, c) * p ** c * q ** (W - c)
        if t > alpha:
            return c + 1, t, prev
    raise AssertionError


def p_of(hp):
    return Decimal(2) ** (-Decimal(hp) / 100)


def test_cutoffs_are_the_exact_binomial_quantiles():
    for table, W, a in ((health.STARTUP_CUTOFF, health.STARTUP_BITS, health.STARTUP_ALPHA_LOG2),
                        (health.WINDOW_CUTOFF, health.WINDOW, health.WINDOW_ALPHA_LOG2)):
        for hp, want in table.items():
            alpha = Decimal(2) ** -a
            c, above, at = cutoff(W, p_of(hp), alpha)
            assert c == want, (W, hp, c)
            # the decision is far from the precision used
            assert above - alpha > Decimal(10) ** -40 and alpha - at > Decimal(10) ** -40


def test_rct_cutoffs_match_the_formula():
    for hp in (30, 50, 80, 100):
        assert health.rct_cutoff(hp) == 1 + ceil(health.RCT_ALPHA_LOG2 / (hp / 100) - 1e-12)
        assert hp * (health.rct_cutoff(hp) - 1) >= 100 * health.RCT_ALPHA_LOG2


def test_windows_and_steps_fit_the_word_loop():
    assert health.STARTUP_BITS >= 1024          # SP 800-90B 4.3
    for n in (health.STARTUP_BITS, health.WINDOW, ent.STEP_BITS):
        assert n % 16 == 0
    assert health.WINDOW % health.STARTUP_BITS == 0


def test_false_alarms_per_hour_at_the_design_rate():
    h = Decimal(health.H_DEFAULT) / 100
    p = p_of(health.H_DEFAULT)
    rate = health.RATE_BITS_PER_HOUR
    # the design rate covers the idle frames (30 a second, STEP_BITS each)
    # or the steps drawing dice adds (STEP_BITS per FRESH_BYTES bytes) at
    # the fairness run's pace (100 rolls a frame, about 1.03 bytes a d6) in
    # frames that are not idle, plus a stale test (STALE_BITS) at most once
    # a second, with room to spare
    idle = 30 * 3600 * ent.STEP_BITS
    fair = 30 * 3600 * 103 * ent.STEP_BITS // ent.FRESH_BYTES
    stale = 3600 * 1000 // ent.STALE_MS * ent.STALE_BITS
    assert fair < idle and idle + stale <= rate // 1.8
    windows = Decimal(rate) / health.WINDOW
    rct = rate * Decimal(2) ** (-h * (health.rct_cutoff(health.H_DEFAULT) - 1))
    apt = windows * 2 * tail(health.WINDOW, p, health.WINDOW_CUTOFF[health.H_DEFAULT])
    lag = apt       # the same count, the same cutoff, the same bound
    total = rct + apt + lag
    print("\nhealth tests, H = %s, at %d bits/hour (idle frames: %d; fairness run: %d):" % (
        h, rate, idle, fair))
    print("  RCT  %d bits/h x 2^-%s            = %.2e false alarms/hour" % (
        rate, h * (health.rct_cutoff(health.H_DEFAULT) - 1), rct))
    print("  APT  %.1f windows/h x 2 sides x %.2e = %.2e false alarms/hour" % (
        windows, tail(health.WINDOW, p, health.WINDOW_CUTOFF[health.H_DEFAULT]), apt))
    print("  lag  the same                              = %.2e false alarms/hour" % lag)
    print("  all  %.2e per hour: one in %d hours (target one in %d)" % (
        total, 1 / total, 1 / TARGET_PER_HOUR))
    assert total <= TARGET_PER_HOUR
    # a false alarm is not yet a refusal: the fresh sample fails a healthy
    # source with at most 4 x 2^-22 (APT and lag, two sides) + RCT
    st = 4 * tail(health.STARTUP_BITS, p, health.STARTUP_CUTOFF[health.H_DEFAULT]) + \
        health.STARTUP_BITS * Decimal(2) ** (-h * (health.rct_cutoff(health.H_DEFAULT) - 1))
    assert st <= Decimal(2) ** -20
    # two alarms within REPEAT_BITS refuse: at most total x (total per REPEAT_BITS) an hour
    repeat = total * total * ent.REPEAT_BITS / rate
    refusals = total * st + repeat
    print("  false refusals: %.1e/h (fresh sample fails) + %.1e/h (two alarms within 2^22 bits)"
          % (total * st, repeat))
    assert refusals <= TARGET_PER_HOUR / 10 ** 4


def test_what_the_tests_catch():
    W = health.WINDOW
    c = health.WINDOW_CUTOFF[health.H_DEFAULT]
    cs = health.STARTUP_CUTOFF[health.H_DEFAULT]
    # start-up: a p = 0.85 source passes only if neither value reaches 797 of 1,024
    p85 = 1 - tail(health.STARTUP_BITS, Decimal("0.85"), cs)
    # the standard's first-value APT at alpha 2^-20 (cutoff 793) let the windows
    # starting with a 0 through: 15% of them
    old = Decimal("0.15") + Decimal("0.85") * (1 - tail(1024, Decimal("0.85"), 793))
    print("\nstart-up test passes a p = 0.85 source with probability %.1e (first-value APT: %.3f)"
          % (p85, old))
    assert p85 < Decimal(10) ** -8 and old > Decimal("0.14")
    # continuous: a p = 0.75 source, per window of 4,096
    p75 = tail(W, Decimal("0.75"), c)
    print("continuous window of %d catches p = 0.75 with probability %.3f" % (W, p75))
    assert p75 > Decimal("0.6")


def test_a_fair_source_is_never_refused_over_a_long_feed():
    # 10^7 bits of os.urandom through the continuous tests: 2.9 hours at the
    # idle rate, 1.4 at the design rate; no alarm
    t = health.HealthTest(health.H_DEFAULT, health.WINDOW)
    buf = os.urandom(10 ** 7 // 8)
    state = [0]

    def read():
        i = state[0]
        state[0] = i + 1
        return buf[i >> 3] >> (i & 7) & 1
    assert t.run(read, 10 ** 7), t.msg
    assert t.bits == 10 ** 7 and t.windows == 10 ** 7 // health.WINDOW and t.longest_run < 60
    print("\n10^7 os.urandom bits: no alarm; longest run %d (cutoff %d), most of one value %d "
          "of %d (cutoff %d), most lag matches %d" % (
              t.longest_run, t.rct_c, t.max_count, health.WINDOW, t.apt_c, t.max_match))


def test_sources_at_the_claim_pass():
    # a biased source at the claim (p = 0.7071) and a correlated one (the next
    # bit equals this one with p = 0.7071), 2 x 10^6 bits each: no alarm
    rnd = random.Random(5)
    p = 2 ** -0.5
    for kind in ("biased", "correlated"):
        t = health.HealthTest(health.H_DEFAULT, health.WINDOW)
        last = [0]

        def read():
            if kind == "biased":
                return 1 if rnd.random() < p else 0
            if rnd.random() >= p:
                last[0] ^= 1
            return last[0]
        assert t.run(read, 2 * 10 ** 6), (kind, t.msg)
        print("\n%s source at H = 0.5: longest run %d, most of one value %d, most lag matches %d"
              % (kind, t.longest_run, t.max_count, t.max_match))


def _claim_sources(rnd):
    """Sources that meet the claim exactly (each bit predictable with p =
    2^-0.5 at most, given the past): biased, run-correlated, and lag-16
    correlated (each bit equals the one 16 before it with p)."""
    p = 2 ** -0.5
    hist = [0] * 16
    st = {"last": 0, "i": 0}

    def biased():
        return 1 if rnd.random() < p else 0

    def runs():
        if rnd.random() >= p:
            st["last"] ^= 1
        return st["last"]

    def lag16():
        i = st["i"]
        st["i"] = i + 1
        b = hist[i & 15] if rnd.random() < p else hist[i & 15] ^ 1
        hist[i & 15] = b
        return b
    return (("biased", biased), ("runs", runs), ("lag16", lag16))


def test_the_bounds_hold_with_looser_cutoffs():
    # the bounds of the arithmetic, checked by counting alarms: with cutoffs
    # loosened until alarms are common, sources exactly at the claim alarm no
    # more often than the bound says (RCT: 2^-(H (C - 1)) a bit; APT and lag:
    # 2 x the binomial tail a window)
    rnd = random.Random(11)
    p = p_of(health.H_DEFAULT)
    W = health.WINDOW
    c_loose, _, at = cutoff(W, p, Decimal("0.05"))
    rct_loose = 21                               # 2^-10 a bit at H = 0.5
    report = []
    for name, src in _claim_sources(rnd):
        # RCT: 32-bit calls, one run >= 21 at most per call
        t = health.HealthTest(health.H_DEFAULT, W)
        n = 300000
        rct = 0
        for _ in range(n // 32):
            t.rct_c = rct_loose
            t.apt_c = W + 1
            if not t.run(src, 32):
                rct += 1
                t.reset()
        rct_bound = n * 2 ** -10
        # APT and lag: one window a call
        t = health.HealthTest(health.H_DEFAULT, W)
        windows = 300
        apt = lag = 0
        for _ in range(windows):
            t.rct_c = W + 1
            t.apt_c = c_loose
            if not t.run(src, W):
                apt += t.why == "biased"
                lag += t.why == "pattern"
                t.reset()
        win_bound = windows * 2 * float(at)
        report.append("%s: RCT %d (bound %.0f), APT %d, lag %d (bound %.1f each)" % (
            name, rct, rct_bound, apt, lag, win_bound))
        # the counts are random: allow 3 sd of a Poisson over the bound
        assert rct <= rct_bound + 3 * rct_bound ** 0.5, report[-1]
        assert apt <= win_bound + 3 * win_bound ** 0.5 + 1, report[-1]
        assert lag <= win_bound + 3 * win_bound ** 0.5 + 1, report[-1]
    print("\nalarms with loosened cutoffs (RCT 21 over 300,000 bits; APT/lag %d over 300 windows):\n  "
          % c_loose + "\n  ".join(report))

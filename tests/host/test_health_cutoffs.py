"""The APT cutoffs hardcoded in core/health.py are the exact binomial quantiles."""
from decimal import Decimal, getcontext
from fractions import Fraction
from math import ceil, comb

from dicebox.core import health

W = health.APT_WINDOW


def critbinom(p, one_minus_alpha):
    """Smallest k with P(Binomial(W, p) <= k) >= 1 - alpha, and the CDF on both sides."""
    q = 1 - p
    cdf = 0 * p
    prev = cdf
    for k in range(W + 1):
        prev = cdf
        cdf += comb(W, k) * p ** k * q ** (W - k)
        if cdf >= one_minus_alpha:
            return k, prev, cdf
    raise AssertionError


def test_apt_cutoff_full_entropy_exact():
    k, _, _ = critbinom(Fraction(1, 2), 1 - Fraction(1, 2 ** 20))
    assert health.APT_CUTOFF[100] == 1 + k == 589


def test_apt_cutoffs_fractional_entropy():
    getcontext().prec = 80
    for hp, want in health.APT_CUTOFF.items():
        p = Decimal(2) ** (-Decimal(hp) / 100)
        target = 1 - Decimal(2) ** -20
        k, below, at = critbinom(p, target)
        assert 1 + k == want, (hp, 1 + k)
        # the decision is far from the precision used
        assert target - below > Decimal(10) ** -40 and at - target > Decimal(10) ** -40


def test_rct_cutoffs_match_the_formula():
    for hp in (30, 50, 80, 100):
        assert health.rct_cutoff(hp) == 1 + ceil(20 / (hp / 100))


def test_windows_follow_sp800_90b_for_a_binary_source():
    # 4.4.2: W = 1024 for binary samples; 4.3: the start-up test covers at
    # least 1,024 samples; here it is exactly one APT window
    assert W == 1024
    assert health.STARTUP_BITS >= 1024 and health.STARTUP_BITS % W == 0


def test_cutoffs_keep_the_false_alarm_rate_for_continuous_use():
    # per window, a healthy source at the claimed entropy trips the APT with
    # probability <= 2^-20; the RCT's C - 1 equal bits after a change have
    # probability 2^(-H (C - 1)) <= 2^-20
    for hp, c in health.APT_CUTOFF.items():
        p = Decimal(2) ** (-Decimal(hp) / 100)
        getcontext().prec = 60
        tail = 1 - sum(comb(W, k) * p ** k * (1 - p) ** (W - k) for k in range(c))
        assert tail <= Decimal(2) ** -20, (hp, tail)
        rc = health.rct_cutoff(hp)
        assert Fraction(hp, 100) * (rc - 1) >= 20

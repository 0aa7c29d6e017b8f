"""The APT cutoffs hardcoded in core/health.py are the exact binomial quantiles."""
from decimal import Decimal, getcontext
from fractions import Fraction
from math import ceil, comb

from dicebox.core import health

W = 1024


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

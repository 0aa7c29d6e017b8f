"""Fairness check: roll one die type many times, then a chi-square goodness-of-fit test.

For k faces and N rolls the statistic is sum((count - N/k)^2 / (N/k)) with k - 1
degrees of freedom. Its upper tail is the regularized upper incomplete gamma
function Q(df/2, x/2), computed here by its power series (x < a + 1) or its
continued fraction (otherwise), with log-gamma of half-integers done exactly.
Critical values start from the Wilson-Hilferty cube-root approximation and are
refined by bisection on that tail, so they hold for every df the roller allows
(1..999). Works in single precision floats (the rp2 port) to about 4 digits.

The verdict uses two thresholds: a fair die exceeds the 1 % critical value once
in 100 runs and the 0.1 % one once in 1000.
"""
import math

FAIR = 0
SUSPECT = 1
BIASED = 2
TOO_FEW = 3

# (short word, sentence) per verdict, for the screen.
WORDS = (
    ("looks fair", "No sign of bias: a fair die gives a spread like this often."),
    ("suspicious", "Uneven: a fair die does this less than once in 100 runs. Run it again."),
    ("biased", "Far too uneven: a fair die does this less than once in 1000 runs."),
    ("too few rolls", "Roll at least 5 times per face for a verdict."),
)

# Upper-tail standard normal quantiles for the thresholds used.
_Z = {0.01: 2.3263479, 0.001: 3.0902323}
_LN_SQRT_PI = 0.5723649429247001


def lgamma_half(twice_a):
    """ln Gamma(a) for a = twice_a / 2, twice_a a positive int."""
    t = twice_a
    s = 0.0
    if t % 2 == 0:
        for j in range(2, t // 2):
            s += math.log(j)
        return s
    s = _LN_SQRT_PI
    for j in range(t // 2):
        s += math.log(j + 0.5)
    return s


def _upper_gamma(twice_a, x, lg=None):
    """Regularized Q(a, x) = Gamma(a, x) / Gamma(a), a = twice_a / 2.

    ``lg`` is ln Gamma(a) when the caller already has it."""
    if x <= 0:
        return 1.0
    a = twice_a / 2
    if lg is None:
        lg = lgamma_half(twice_a)
    lead = a * math.log(x) - x - lg
    if x < a + 1:
        # P(a, x) = x^a e^-x / Gamma(a + 1) * sum x^n / ((a+1)..(a+n))
        term = 1.0 / a
        total = term
        d = a
        for _ in range(2000):
            d += 1
            term *= x / d
            total += term
            if term < total * 1e-10:
                break
        p = math.exp(lead) * total
        q = 1.0 - p
        return q if q > 0 else 0.0
    # Continued fraction for Q(a, x), modified Lentz evaluation.
    tiny = 1e-30
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 2000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < tiny:
            d = tiny
        c = b + an / c
        if abs(c) < tiny:
            c = tiny
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-10:
            break
    return math.exp(lead) * h


def p_value(stat, df):
    """P(chi-square with df degrees of freedom >= stat)."""
    if df < 1:
        raise ValueError("df")
    return _upper_gamma(df, stat / 2)


def wilson_hilferty(p, df):
    """Approximate upper-p critical value (p in 0.01, 0.001)."""
    z = _Z[p]
    c = 2.0 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


def critical(p, df):
    """x with P(chi-square_df >= x) = p, to about 1e-5 relative (double floats)."""
    x0 = wilson_hilferty(p, df)
    lg = lgamma_half(df)
    lo = x0 * 0.7
    hi = x0 * 1.4
    for _ in range(60):
        mid = (lo + hi) / 2
        if _upper_gamma(df, mid / 2, lg) > p:
            lo = mid
        else:
            hi = mid
        if hi - lo < mid * 1e-7:
            break
    return (lo + hi) / 2


def chi_square(counts):
    n = 0
    for c in counts:
        n += c
    k = len(counts)
    e = n / k
    s = 0.0
    for c in counts:
        d = c - e
        s += d * d
    return s / e


def verdict(counts, crits=None):
    """(verdict, statistic, df) for a histogram of face counts."""
    k = len(counts)
    n = 0
    for c in counts:
        n += c
    df = k - 1
    if k < 2 or n < 5 * k:
        return TOO_FEW, 0.0, df
    stat = chi_square(counts)
    c01, c001 = crits or (critical(0.01, df), critical(0.001, df))
    if stat >= c001:
        return BIASED, stat, df
    if stat >= c01:
        return SUSPECT, stat, df
    return FAIR, stat, df


class FairnessRun:
    """N rolls of one die type, done a slice at a time so a screen stays live."""

    def __init__(self, sides, total):
        if sides < 2 or sides > 1000 or total < 1:
            raise ValueError("bad run")
        self.sides = sides
        self.total = total
        self.counts = [0] * sides
        self.done_n = 0

    def step(self, rng, k=100):
        """Roll up to k more dice; True once all are rolled."""
        counts = self.counts
        s = self.sides
        k = min(k, self.total - self.done_n)
        for _ in range(k):
            counts[rng.randbelow(s)] += 1
        self.done_n += k
        return self.done_n >= self.total

    def finished(self):
        return self.done_n >= self.total

    def result(self):
        return verdict(self.counts)

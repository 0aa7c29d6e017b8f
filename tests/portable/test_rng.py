from dicebox.core import rng
from check import raises


def test_every_byte_value_maps_fairly_for_all_small_n():
    # Exhaustive: for each n, every face is hit by exactly limit/n byte values,
    # and exactly the values >= limit are rejected.
    for n in range(2, 257):
        lim = rng.limit_for(n, 1)
        counts = [0] * n
        rejected = 0
        for b in range(256):
            v = rng.map_bytes(b, n, 1)
            if v is None:
                rejected += 1
            else:
                counts[v] += 1
        assert rejected == 256 - lim, n
        assert counts == [lim // n] * n, n


def test_two_byte_sampler_d1000_is_exact():
    n = 1000
    lim = rng.limit_for(n, 2)
    assert lim % n == 0 and lim > 65536 - n
    counts = [0] * n
    for b in range(65536):
        v = rng.map_bytes(b, n, 2)
        if v is not None:
            counts[v] += 1
    assert min(counts) == max(counts) == lim // n


def test_rejection_skips_high_bytes():
    # n=6: limit 252. 255, 253, 252 rejected, then 13 -> 13 % 6 = 1.
    r = rng.Rng(rng.ScriptedSource([255, 253, 252, 13]))
    assert r.randbelow(6) == 1
    assert r.draws == 4


def test_d100_and_d2_range():
    r = rng.seeded(7)
    seen = set()
    for _ in range(3000):
        v = r.roll(100)
        assert 1 <= v <= 100
        seen.add(v)
    assert len(seen) == 100
    assert set(r.roll(2) for _ in range(50)) == {1, 2}


def chi_square(r, sides, n):
    """Pearson's chi-square of ``n`` draws of ``r.randbelow(sides)`` against even odds."""
    counts = [0] * sides
    for _ in range(n):
        counts[r.randbelow(sides)] += 1
    e = n / sides
    return sum((c - e) ** 2 / e for c in counts)


def test_chi_square_d6_seeded():
    chi = chi_square(rng.seeded(12345), 6, 60000)
    # 5 degrees of freedom: P(chi2 > 20.52) = 0.001
    assert chi < 20.52, chi


def test_chi_square_device_source_d20():
    chi = chi_square(rng.device(), 20, 40000)
    # 19 dof: P(chi2 > 43.82) = 0.001
    assert chi < 43.82, chi


def test_seeded_is_deterministic_and_shuffle_is_permutation():
    a = rng.seeded(99)
    b = rng.seeded(99)
    assert [a.randbelow(10) for _ in range(50)] == [b.randbelow(10) for _ in range(50)]
    items = list(range(22))
    a.shuffle(items)
    assert sorted(items) == list(range(22)) and items != list(range(22))


def test_bad_n_rejected():
    r = rng.seeded(1)
    raises(ValueError, r.randbelow, 0)
    raises(ValueError, r.randbelow, 70000)
    assert r.randbelow(1) == 0


def test_stir_keeps_range():
    src = rng.UrandomSource()
    src.mix(123456)
    r = rng.Rng(src)
    assert all(0 <= r.randbelow(6) < 6 for _ in range(200))

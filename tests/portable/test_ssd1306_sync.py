"""The driver's page compare and window copy: the viper versions (compiled on
the board at import) and the plain loops must agree. MicroPython only (the
driver needs framebuf)."""


def _driver():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    from dicebox.hal import ssd1306
    return ssd1306


def _want_spans(old, new):
    """(mask, {page: (first, last, gap_lo, gap_hi)}) computed the slow way."""
    mask = 0
    spans = {}
    for p in range(8):
        xs = [x for x in range(128) if old[p * 128 + x] != new[p * 128 + x]]
        if not xs:
            continue
        mask |= 1 << p
        big, glo, ghi = 0, 0, 0
        for a, b in zip(xs, xs[1:]):
            if b - a - 1 > big:
                big, glo, ghi = b - a - 1, a, b
        spans[p] = (xs[0], xs[-1], glo, ghi)
    return mask, spans


def test_viper_is_used_where_the_port_has_it():
    d = _driver()
    if d is None:
        return
    assert d.VIPER  # the unix port and rp2 both have the native emitter
    sync, copy, viper = d._compile(viper=False)
    assert not viper and sync is not d._sync and copy is not d._copy


def test_viper_and_plain_compare_agree():
    d = _driver()
    if d is None:
        return
    from dicebox.core import rng
    plain = d._compile(viper=False)[0]
    r = rng.seeded(9)
    for trial in range(40):
        buf = bytearray(r.randbelow(256) for _ in range(1024))
        shadow = bytearray(buf)
        for _ in range(trial % 7):
            shadow[r.randbelow(1024)] ^= 1 + r.randbelow(255)
        s1 = bytearray(shadow)
        s2 = bytearray(shadow)
        w1 = bytearray(32)
        w2 = bytearray(32)
        m1 = d._sync(buf, s1, w1, 128)
        m2 = plain(buf, s2, w2, 128)
        assert m1 == m2
        assert s1 == s2 == buf
        assert w1 == w2
        want, spans = _want_spans(shadow, buf)
        assert m1 == want
        for p in spans:
            assert tuple(w1[4 * p:4 * p + 4]) == spans[p], (p, tuple(w1[4 * p:4 * p + 4]), spans[p])


def test_viper_and_plain_copy_agree():
    d = _driver()
    if d is None:
        return
    plain = d._compile(viper=False)[1]
    src = bytearray(i & 0xFF for i in range(1024))
    for off, n in ((0, 1), (5, 17), (1000, 24), (896, 128)):
        a = bytearray(129)
        b = bytearray(129)
        d._copy(a, src, off, n)
        plain(b, src, off, n)
        assert a == b
        assert a[1:1 + n] == src[off:off + n] and a[0] == 0 and a[1 + n:] == bytearray(128 - n)

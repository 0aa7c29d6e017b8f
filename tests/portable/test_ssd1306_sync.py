"""The driver's page compare: the viper version (compiled on the board at import)
and the plain loop must agree. MicroPython only (the driver needs framebuf)."""


def _driver():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    from dicebox.hal import ssd1306
    return ssd1306


def test_viper_is_used_where_the_port_has_it():
    d = _driver()
    if d is None:
        return
    assert d.VIPER  # the unix port and rp2 both have the native emitter
    plain, viper = d._compile_sync(viper=False)
    assert not viper and plain is not d._sync


def test_viper_and_plain_compare_agree():
    d = _driver()
    if d is None:
        return
    from dicebox.core import rng
    plain = d._compile_sync(viper=False)[0]
    r = rng.seeded(9)
    for trial in range(40):
        buf = bytearray(r.randbelow(256) for _ in range(1024))
        shadow = bytearray(buf)
        for _ in range(trial % 5):
            shadow[r.randbelow(1024)] ^= 1 + r.randbelow(255)
        s1 = bytearray(shadow)
        s2 = bytearray(shadow)
        m1 = d._sync(buf, s1, 1024, 128)
        m2 = plain(buf, s2, 1024, 128)
        assert m1 == m2
        assert s1 == s2 == buf
        want = 0
        for p in range(8):
            if shadow[p * 128:(p + 1) * 128] != buf[p * 128:(p + 1) * 128]:
                want |= 1 << p
        assert m1 == want

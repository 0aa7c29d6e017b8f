"""The simulator's terminal picture shows every pixel, in both character modes.
MicroPython only (the simulator runs the firmware's framebuf driver)."""
import sys


def _run():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sim = here + "/../../host_tools/sim"
    if sim not in sys.path:
        sys.path.insert(0, sim)
    import run
    return run


def _pixel(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def _pattern():
    buf = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if (x * 7 + y * 13) % 5 < 2 or x == y:
                buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return buf


def test_half_block_rows_decode_back_to_the_pixels():
    run = _run()
    if run is None:
        return
    buf = _pattern()
    rows = list(run._rows_half(buf))
    assert len(rows) == 32 and all(len(r) == 128 for r in rows)
    for r in range(32):
        for x in range(128):
            code = run._HALF.index(rows[r][x])
            assert (code >> 1) & 1 == _pixel(buf, x, 2 * r)
            assert code & 1 == _pixel(buf, x, 2 * r + 1)


def test_quadrant_rows_decode_back_to_the_pixels():
    run = _run()
    if run is None:
        return
    buf = _pattern()
    rows = list(run._rows_quad(buf))
    assert len(rows) == 32 and all(len(r) == 64 for r in rows)
    for r in range(32):
        for c in range(64):
            code = run._QUAD.index(rows[r][c])
            assert code & 1 == _pixel(buf, 2 * c, 2 * r)
            assert (code >> 1) & 1 == _pixel(buf, 2 * c + 1, 2 * r)
            assert (code >> 2) & 1 == _pixel(buf, 2 * c, 2 * r + 1)
            assert (code >> 3) & 1 == _pixel(buf, 2 * c + 1, 2 * r + 1)

"""Column windows: whatever the driver sends, the panel ends up showing exactly
the frame buffer, and a dice-tumble-like change costs about 100 bytes.
MicroPython only (the driver needs framebuf)."""

from dicebox.core.rng import SeededSource
from simload import SimPanel


def _driver():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    from dicebox.hal.ssd1306 import SSD1306
    return SSD1306


class Rand:
    """Small ints from the seeded source's xorshift32."""

    def __init__(self, seed):
        self.src = SeededSource(seed)

    def below(self, n):
        return self.src._next() % n


def _scribble(d, r):
    """A random change: a few shapes, sometimes a lot, sometimes one pixel."""
    kind = r.below(6)
    if kind == 0:
        d.pixel(r.below(128), r.below(64), r.below(2))
    elif kind == 1:
        d.fill_rect(r.below(128), r.below(64), 1 + r.below(40), 1 + r.below(30), r.below(2))
    elif kind == 2:
        d.line(r.below(128), r.below(64), r.below(128), r.below(64), r.below(2))
    elif kind == 3:
        d.text("%d" % r.below(1000), r.below(120), r.below(60), r.below(2))
    elif kind == 4:
        for _ in range(1 + r.below(20)):
            d.pixel(r.below(128), r.below(64), 1)
    else:
        d.fill(r.below(2))


def test_random_frame_sequences_decode_to_the_framebuffer():
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    for seed in (1, 2, 3, 4, 5, 6, 7, 8):
        r = Rand(seed * 7919)
        p = SimPanel()
        d = SSD1306(p)
        for frame in range(60):
            for _ in range(1 + r.below(4)):
                _scribble(d, r)
            sent = d.flush()
            assert p.pixels() == d.buffer, (seed, frame)
            assert sent <= 7 + 1 + 1024
            assert p.unknown == []
            # the shadow always holds what the panel shows
            assert d._shadow == p.ram
        assert d.windows > 20 and d.full_runs >= 1, (d.windows, d.full_runs)


def test_decodes_in_page_flipped_and_after_reinit():
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    r = Rand(99)
    p = SimPanel()
    d = SSD1306(p, flip=True)
    for frame in range(30):
        _scribble(d, r)
        d.flush()
        assert p.ram == d.buffer
        if frame == 10:
            d.init_display()     # the window is unknown now: it must be set again
            p.log = []
            _scribble(d, r)
            d.pixel(3, 3, 1)
            d.flush()
            assert p.ram == d.buffer
            assert p.log[0][0] == 0x21     # the window is set before any data


def _die(d, x, y, face):
    d.fill_rect(x, y, 18, 18, 0)
    d.rect(x, y, 18, 18, 1)
    pips = {1: ((9, 9),), 2: ((4, 4), (13, 13)), 3: ((4, 4), (9, 9), (13, 13)),
            4: ((4, 4), (13, 4), (4, 13), (13, 13)),
            5: ((4, 4), (13, 4), (9, 9), (4, 13), (13, 13)),
            6: ((4, 4), (13, 4), (4, 9), (13, 9), (4, 13), (13, 13))}[face]
    for px, py in pips:
        d.fill_rect(x + px - 1, y + py - 1, 3, 3, 1)


def _old_cost(old, new):
    """Bytes the page-run driver sent: one run of whole pages covering every change."""
    pages = [pg for pg in range(8) if old[pg * 128:(pg + 1) * 128] != new[pg * 128:(pg + 1) * 128]]
    if not pages:
        return 0
    return 7 + 1 + (pages[-1] - pages[0] + 1) * 128


def test_dice_tumble_sends_about_100_bytes_a_frame():
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    r = Rand(2024)
    p = SimPanel()
    d = SSD1306(p)
    d.fill(0)
    d.text("2d6", 0, 0, 1)
    d.hline(0, 54, 128, 1)
    d.text("A roll  B back", 8, 56, 1)
    d.flush()
    pos = [[30, 20], [78, 24]]
    new_total = 0
    old_total = 0
    frames = 30
    prev = bytearray(d.buffer)
    for f in range(frames):
        for die in pos:
            # the roller's tumble: the dice stay put, their faces change
            _die(d, die[0], die[1], 1 + r.below(6))
        old_total += _old_cost(prev, d.buffer)
        prev[:] = d.buffer
        new_total += d.flush()
        assert p.pixels() == d.buffer
    new = new_total / frames
    old = old_total / frames
    print("dice tumble: %.0f B a frame with column windows, %.0f B with whole pages" % (new, old))
    assert new < 120, new
    assert old > 3 * new, (old, new)


def test_a_window_of_every_width_is_one_transaction_of_its_bytes():
    """A window is sent through views made once: up to 16 bytes one view, a
    longer one a multiple of 16 and a tail in one transaction; every width
    reaches the panel whole and costs its bytes, no more."""
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    p = SimPanel()
    d = SSD1306(p)
    d.fill(0)
    d.flush()
    for n in range(1, 129):
        c0 = (128 - n) // 2
        d.fill(0)
        d.hline(c0, 17 + n % 6, n, 1)       # page 2, columns c0 .. c0 + n - 1
        d.flush()                           # (clears what the last width left)
        d.fill(0)
        d.fill_rect(c0, 16, n, 8, 1)
        d.pixel(c0 + n // 2, 16 + n % 8, 0)
        p.reset_counters()
        sent = d.flush()
        assert p.pixels() == d.buffer, n
        assert p.transactions <= 2, n       # the window command (when new), the data
        assert p.data_bytes == n and sent <= n + 1 + 7, n
    assert len(d._views) + len(d._heads) + len(d._tails) == 42

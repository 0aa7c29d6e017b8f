"""SimPanel decodes hand-written SSD1306 command streams like the chip would."""

from simload import SimPanel

from check import allocated_by, raises

ADDR = 0x3C
# A minimal upright set-up: charge pump, horizontal mode, A1, C8, on.
SETUP = bytes([0x00, 0xAE, 0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8, 0xDA, 0x12, 0xA8, 0x3F, 0xAF])


def fresh():
    p = SimPanel()
    p.writeto(ADDR, SETUP)
    return p


def lit(p):
    img = p.pixels()
    out = []
    for y in range(64):
        for x in range(128):
            if (img[(y >> 3) * 128 + x] >> (y & 7)) & 1:
                out.append((x, y))
    return out


def count(p):
    n = 0
    for b in p.pixels():
        while b:
            n += b & 1
            b >>= 1
    return n


def test_power_on_state_is_dark_and_page_mode():
    p = SimPanel()
    assert p.on is False
    assert p.mode == 2
    p.writeto(ADDR, b"\x40\xff\xff")
    assert lit(p) == []          # display still off


def test_display_needs_charge_pump():
    p = SimPanel()
    p.writeto(ADDR, bytes([0x00, 0xA1, 0xC8, 0xAF]))
    p.writeto(ADDR, b"\x40\x01")
    assert lit(p) == []
    p.writeto(ADDR, bytes([0x00, 0x8D, 0x14]))
    assert lit(p) == [(0, 0)]


def test_horizontal_mode_fills_window_and_wraps():
    p = fresh()
    # window columns 10..11, pages 2..3: 4 bytes fill it, the 5th wraps to the start
    p.writeto(ADDR, bytes([0x00, 0x21, 10, 11, 0x22, 2, 3]))
    p.writeto(ADDR, bytes([0x40, 0x01, 0x02, 0x04, 0x08, 0x80]))
    assert p.ram[2 * 128 + 10] == 0x80   # overwritten by the wrapped byte
    assert p.ram[2 * 128 + 11] == 0x02
    assert p.ram[3 * 128 + 10] == 0x04
    assert p.ram[3 * 128 + 11] == 0x08
    assert (p.col, p.page) == (11, 2)
    assert (10, 23) in lit(p) and (11, 17) in lit(p)


def test_vertical_mode_walks_down_pages_first():
    p = fresh()
    p.writeto(ADDR, bytes([0x00, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1]))
    p.writeto(ADDR, bytes([0x40, 1, 2, 3, 4]))
    assert p.ram[0] == 1 and p.ram[128] == 2 and p.ram[1] == 3 and p.ram[129] == 4


def test_page_mode_addresses_and_wraps_within_page():
    p = fresh()
    p.writeto(ADDR, bytes([0x00, 0x20, 0x02, 0xB5, 0x0E, 0x17]))   # page 5, column 0x7E
    assert (p.page, p.col) == (5, 126)
    p.writeto(ADDR, bytes([0x40, 0xAA, 0xBB, 0xCC]))
    # AA, BB fill columns 126, 127; CC wraps to the page-mode start column
    # (126) on the same page instead of moving on to page 6
    assert p.ram[5 * 128 + 127] == 0xBB
    assert p.ram[5 * 128 + 126] == 0xCC and p.page == 5
    assert p.ram[6 * 128] == 0


def test_single_byte_control_mode_and_split_arguments():
    p = SimPanel()
    # Co=1 pairs, arguments in separate transactions (as some drivers send them)
    for b in (0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8, 0xAF, 0x81):
        p.writeto(ADDR, bytes([0x80, b]))
    p.writeto(ADDR, bytes([0x80, 0x33]))
    assert p.contrast == 0x33 and p.charge_pump and p.mode == 0 and p.on
    p.writeto(ADDR, bytes([0x80, 0x21, 0x80, 5, 0x80, 5, 0x80, 0x22, 0x80, 0, 0x80, 0, 0xC0, 0xFF]))
    assert p.ram[5] == 0xFF
    assert p.unknown == []


def test_writevto_is_one_transaction():
    p = fresh()
    p.reset_counters()
    n = p.writevto(ADDR, (b"\x40", bytes([0x81] * 4)))
    assert n == 5 and p.transactions == 1 and p.data_bytes == 4 and p.bytes_in == 5
    assert p.ram[0:4] == bytearray([0x81] * 4)


def test_every_common_command_argument_is_consumed():
    p = SimPanel()
    stream = [0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14,
              0x20, 0x00, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40,
              0x26, 0x00, 0x00, 0x00, 0x07, 0x00, 0xFF, 0x29, 0, 0, 0, 7, 1, 0xA3, 0, 64,
              0x2E, 0x23, 0x00, 0xD6, 0x00, 0xAD, 0x30, 0xE3, 0xA4, 0xA6, 0xAF]
    p.writeto(ADDR, bytes(stream))
    assert p.unknown == []
    assert p.on and p.contrast == 0xCF and p.precharge == 0xF1 and p.vcomh == 0x40
    assert p.scrolling is False and p.start_line == 0 and p.clock == 0x80
    p.writeto(ADDR, b"\x40\x01")
    assert lit(p) == [(0, 0)]


def test_unknown_command_is_recorded():
    p = SimPanel()
    p.writeto(ADDR, bytes([0x00, 0xFE]))
    assert p.unknown == [0xFE]


def test_orientation_remap_and_com_direction():
    p = fresh()
    p.writeto(ADDR, b"\x40\x01")         # RAM column 0, row 0
    assert lit(p) == [(0, 0)]
    p.writeto(ADDR, bytes([0x00, 0xA0]))  # segment remap off: mirrored
    assert lit(p) == [(127, 0)]
    p.writeto(ADDR, bytes([0x00, 0xC0]))  # normal COM scan: upside down too
    assert lit(p) == [(127, 63)]
    p.writeto(ADDR, bytes([0x00, 0xA1]))
    assert lit(p) == [(0, 63)]


def test_start_line_and_offset_scroll_vertically():
    p = fresh()
    p.writeto(ADDR, bytes([0x00, 0x21, 0, 127, 0x22, 1, 1]))
    p.writeto(ADDR, b"\x40\x01")          # RAM row 8
    assert lit(p) == [(0, 8)]
    p.writeto(ADDR, bytes([0x00, 0x40 | 3]))   # start line 3: row 8 moves up to 5
    assert lit(p) == [(0, 5)]
    p.writeto(ADDR, bytes([0x00, 0x40, 0xD3, 8]))   # offset 8: row 8 at the top
    assert lit(p) == [(0, 0)]


def test_inverse_entire_on_and_off():
    p = fresh()
    p.writeto(ADDR, b"\x40\x01")
    p.writeto(ADDR, bytes([0x00, 0xA7]))
    assert count(p) == 128 * 64 - 1 and p.pixel(0, 0) == 0
    p.writeto(ADDR, bytes([0x00, 0xA6, 0xA5]))
    assert count(p) == 128 * 64
    p.writeto(ADDR, bytes([0x00, 0xA4, 0xAE]))
    assert lit(p) == []
    p.writeto(ADDR, bytes([0x00, 0xAF]))
    assert lit(p) == [(0, 0)]


def test_multiplex_ratio_blanks_unscanned_rows():
    p = fresh()
    p.writeto(ADDR, bytes([0x40] + [0xFF] * 1024))
    p.writeto(ADDR, bytes([0x00, 0xA8, 31]))
    assert count(p) == 128 * 32
    assert p.pixel(5, 31) == 0 and p.pixel(5, 32) == 1


def test_scan_and_nack_at_high_frequency():
    p = SimPanel(present=(0x3C, 0x18), nack_above_hz=400000)
    p.set_freq(1000000)
    assert p.scan() == [0x18]
    e = raises(OSError, p.writeto, 0x3C, b"\x00\xaf")
    assert e.args[0] == 110   # ETIMEDOUT
    p.set_freq(400000)
    assert sorted(p.scan()) == [0x18, 0x3C]
    p.writeto(0x3C, b"\x00\xaf")
    assert p.on
    e = raises(OSError, p.writeto, 0x50, b"\x00")
    assert e.args[0] == 5     # EIO: nobody at that address


def test_rows_text_view():
    p = fresh()
    p.writeto(ADDR, bytes([0x40, 0x81]))
    r = p.rows()
    assert len(r) == 64 and len(r[0]) == 128
    assert r[0][0] == "#" and r[7][0] == "#" and r[1][0] == "." and r[0][1] == "."
    assert len(p.hex()) == 2048


def test_counters_count_bytes():
    p = SimPanel()
    p.writeto(ADDR, SETUP)
    p.writeto(ADDR, bytes([0x40] + [0] * 1024))
    assert p.bytes_in == len(SETUP) + 1025
    assert p.data_bytes == 1024
    assert p.cmd_bytes == len(SETUP) - 1
    assert p.transactions == 2


# ----- our driver against the simulated panel (MicroPython only: needs framebuf)

def _driver():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    from dicebox.hal.ssd1306 import SSD1306
    return SSD1306


def _wired(**kw):
    """A SimPanel with the driver on it (None, None without framebuf)."""
    SSD1306 = _driver()
    if SSD1306 is None:
        return None, None
    p = SimPanel(**kw)
    return p, SSD1306(p)


class NullBus:
    """Accepts writes without doing anything (to measure the driver alone)."""

    def __init__(self):
        self.calls = 0

    def writeto(self, addr, buf, stop=True):
        self.calls += 1
        return 0

    def writevto(self, addr, vec, stop=True):
        self.calls += 1
        return 0


def test_driver_init_is_one_transaction_and_shows_upright_pixels():
    p, d = _wired()
    if d is None:
        return
    assert p.transactions == 1 and p.unknown == []
    assert p.on and p.charge_pump and p.mode == 0
    d.fill(0)
    d.pixel(0, 0, 1)
    d.pixel(127, 63, 1)
    d.hline(10, 20, 5, 1)
    d.flush()
    assert lit(p) == [(0, 0), (10, 20), (11, 20), (12, 20), (13, 20), (14, 20), (127, 63)]


def test_driver_picture_matches_framebuffer():
    p, d = _wired()
    if d is None:
        return
    d.fill(0)
    d.text("Dicebox", 3, 5, 1)
    d.rect(0, 30, 50, 20, 1)
    d.fill_rect(60, 33, 7, 9, 1)
    d.line(0, 63, 127, 40, 1)
    d.flush()
    assert p.pixels() == d.buffer
    d.text("6", 100, 0, 1)
    d.flush()
    assert p.pixels() == d.buffer


def test_flush_sends_only_changed_columns():
    p, d = _wired()
    if d is None:
        return
    d.fill(0)
    full = d.flush()
    assert full == 7 + 1 + 1024
    p.reset_counters()
    assert d.flush() == 0                  # nothing changed: nothing sent
    assert p.bytes_in == 0
    d.pixel(5, 20, 1)                       # page 2, column 5 only
    n = d.flush()
    assert p.data_bytes == 1 and n == 7 + 1 + 1
    assert p.pixel(5, 20) == 1
    d.pixel(5, 21, 1)                       # same column and page: the window is reused
    p.reset_counters()
    assert d.flush() == 1 + 1 and p.transactions == 1
    assert p.pixel(5, 21) == 1
    d.pixel(0, 8, 1)                        # pages 1 and 3: one window each
    d.pixel(3, 31, 1)
    p.reset_counters()
    assert d.flush() == 2 * (7 + 1 + 1)
    assert p.data_bytes == 2
    assert p.pixels() == d.buffer
    d.fill_rect(2, 0, 124, 64, 1)           # most of every page: one full-width write
    p.reset_counters()
    assert d.flush() == 7 + 1 + 1024 and p.transactions == 2
    assert p.pixels() == d.buffer
    assert d.flushes == 5 and d.full_runs == 2


def test_flush_splits_a_page_at_a_wide_gap():
    p, d = _wired()
    if d is None:
        return
    d.fill(0)
    d.flush()
    d.fill_rect(0, 16, 4, 8, 1)             # page 2, columns 0..3 and 120..123
    d.fill_rect(120, 16, 4, 8, 1)
    p.reset_counters()
    assert d.flush() == 2 * (7 + 1 + 4)     # two windows, not 124 columns
    assert p.data_bytes == 8 and p.pixels() == d.buffer
    d.pixel(10, 16, 1)                      # a gap of 5 unchanged columns: not worth a window
    d.pixel(16, 16, 1)
    p.reset_counters()
    assert d.flush() == 7 + 1 + 7
    assert p.pixels() == d.buffer


def test_flush_after_bus_error_resends_everything():
    p, d = _wired(nack_above_hz=400000)
    if d is None:
        return
    d.flush()
    d.pixel(1, 1, 1)
    p.set_freq(1000000)
    raises(OSError, d.flush)
    p.set_freq(400000)
    assert d.flush() == 7 + 1 + 1024
    assert p.pixels() == d.buffer


def test_contrast_invert_power_flip():
    p, d = _wired()
    if d is None:
        return
    d.fill(0)
    d.pixel(0, 0, 1)
    d.flush()
    d.contrast(0x10)
    assert p.contrast == 0x10
    d.invert(True)
    assert p.inverse and p.pixel(0, 0) == 0 and p.pixel(1, 0) == 1
    d.invert(False)
    d.flip(True)
    assert p.pixel(127, 63) == 1 and p.pixel(0, 0) == 0
    d.flip(False)
    d.power(False)
    assert p.pixel(0, 0) == 0 and not p.on
    d.power(True)
    assert p.pixel(0, 0) == 1
    assert p.unknown == []


def test_flush_allocates_nothing():
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    bus = NullBus()
    d = SSD1306(bus)
    d.flush()
    for i in range(3):       # warm up
        d.pixel(i, i * 9 % 64, 1)
        d.flush()
        d.flush()
    sent = [0]

    def frames():
        total = 0
        for i in range(200):
            d.pixel(i & 127, (i * 7) & 63, i & 1)
            total += d.flush()
            total += d.flush()
            d.hline(3, (i * 5) & 63, 20 + (i & 63), i & 1)   # a long window: head and tail
            total += d.flush()
        sent[0] = total
    n = allocated_by(frames)
    assert sent[0] > 0
    assert n in (0, None), n


def test_board_opens_display_at_1mhz_or_falls_back_to_400khz():
    SSD1306 = _driver()
    if SSD1306 is None:
        return
    from dicebox.hal import board
    for limit, want in ((None, 1000000), (400000, 400000)):
        panel = SimPanel(nack_above_hz=limit)
        msgs = []

        def make_bus(freq, panel=panel):
            panel.set_freq(freq)
            return panel
        d, freq = board.open_display(make_bus, SSD1306, msgs.append)
        assert freq == want and d is not None
        assert panel.on and (len(msgs) > 0) == (limit is not None)
    # the I2C speed setting caps the bus
    panel = SimPanel()
    d, freq = board.open_display(lambda f: panel, SSD1306, max_freq=400000)
    assert freq == 400000 and d is not None
    # no panel at all
    bus = SimPanel(present=(0x18,))
    d, freq = board.open_display(lambda f: bus, SSD1306)
    assert d is None and freq == 0

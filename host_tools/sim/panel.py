"""A simulated SSD1306 128x64 OLED on a simulated I2C bus.

``SimPanel`` looks like a ``machine.I2C`` to a display driver (``writeto``,
``writevto``, ``scan``) and decodes what it receives the way the controller
does: a control byte first (bit 7 Co, bit 6 D/C#), then commands or data.
With Co = 0 the rest of the transaction is all commands (0x00) or all data
(0x40); with Co = 1 one byte follows and then another control byte.
Command arguments may arrive in later transactions (some drivers send every
byte in its own transaction), so the parser keeps its state between writes.

GDDRAM is 8 pages x 128 columns; the address pointer moves and wraps as in
the datasheet for horizontal, vertical and page addressing.

``pixels()`` gives the visible 128x64 picture in MONO_VLSB (the framebuf
layout: byte ``page * 128 + x``, bit ``y & 7``), honouring segment remap,
COM scan direction, start line, display offset, multiplex ratio, COM pin
configuration, entire-display-on, inverse, the charge pump and display off.
Orientation: on the usual 128x64 module the glass is mounted so that A1
(segment remap) and C8 (COM scan reversed) show GDDRAM upright, column 0 at
the left and page 0 at the top; that is the convention used here.

Runs under CPython and MicroPython (no framebuf needed).
"""
import errno

WIDTH = 128
HEIGHT = 64
PAGES = 8

# Number of argument bytes each multi-byte command takes.
_ARGS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address start, end
    0x22: 2,  # page address start, end
    0x23: 1,  # fade out / blinking
    0x26: 6,  # right horizontal scroll set-up
    0x27: 6,  # left horizontal scroll set-up
    0x29: 5,  # vertical and right horizontal scroll
    0x2A: 5,  # vertical and left horizontal scroll
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # internal IREF selection (newer SSD1306 revisions)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator frequency
    0xD6: 1,  # zoom in
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins hardware configuration
    0xDB: 1,  # VCOMH deselect level
}

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class SimPanel:
    def __init__(self, present=(0x3C,), nack_above_hz=None, addr=0x3C,
                 needs_charge_pump=True):
        self.present = tuple(present)
        self.addr = addr
        self.nack_above_hz = nack_above_hz
        self.needs_charge_pump = needs_charge_pump
        self.freq = 400000
        self.ram = bytearray(PAGES * WIDTH)
        self._out = bytearray(PAGES * WIDTH)
        # counters
        self.bytes_in = 0        # every byte addressed to the panel, control bytes too
        self.data_bytes = 0      # GDDRAM bytes written
        self.cmd_bytes = 0       # command and argument bytes
        self.transactions = 0    # writeto/writevto calls that reached the panel
        self.unknown = []        # command bytes the decoder did not know
        self.log = None          # set to a list to record decoded commands
        self.reset()

    # ----- chip state
    def reset(self):
        """Power-on reset values from the datasheet."""
        self.on = False
        self.contrast = 0x7F
        self.entire_on = False
        self.inverse = False
        self.mode = PAGE
        self.col_start = 0
        self.col_end = WIDTH - 1
        self.page_start = 0
        self.page_end = PAGES - 1
        self.col = 0
        self.page = 0
        self.page_mode_col = 0
        self.start_line = 0
        self.seg_remap = False
        self.com_reverse = False
        self.mux = 63
        self.offset = 0
        self.com_pins = 0x12
        self.clock = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.charge_pump = False
        self.scrolling = False
        self._cmd = -1       # command waiting for arguments, or -1
        self._args = []
        self._need = 0

    # ----- bus side
    def set_freq(self, hz):
        self.freq = hz

    def _failing(self):
        return self.nack_above_hz is not None and self.freq > self.nack_above_hz

    def scan(self):
        out = []
        for a in self.present:
            if a == self.addr and self._failing():
                continue
            out.append(a)
        return out

    def _check(self, addr):
        if addr not in self.present:
            raise OSError(errno.EIO)        # rp2 reports an address NACK as EIO
        if addr == self.addr and self._failing():
            raise OSError(errno.ETIMEDOUT)

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        if addr != self.addr:
            return len(buf)
        self.transactions += 1
        self._begin()
        self._feed(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._check(addr)
        if addr != self.addr:
            return sum(len(b) for b in vector)
        self.transactions += 1
        self._begin()
        n = 0
        for b in vector:
            self._feed(b)
            n += len(b)
        return n

    def readfrom(self, addr, n, stop=True):
        self._check(addr)
        # Status byte: bit 6 set when the display is off.
        return bytes([0 if self.on else 0x40] + [0] * (n - 1))

    # ----- protocol decoding
    def _begin(self):
        self._ctl = True     # next byte is a control byte
        self._single = False
        self._data = False

    def _feed(self, buf):
        n = len(buf)
        self.bytes_in += n
        i = 0
        while i < n:
            if self._ctl:
                c = buf[i]
                i += 1
                self._single = bool(c & 0x80)
                self._data = bool(c & 0x40)
                self._ctl = False
                continue
            if self._single:
                if self._data:
                    self._write_data(buf, i, i + 1)
                else:
                    self._command(buf[i])
                i += 1
                self._ctl = True
                continue
            if self._data:
                self._write_data(buf, i, n)
                return
            self._command(buf[i])
            i += 1

    def _command(self, c):
        self.cmd_bytes += 1
        if self._cmd >= 0:
            self._args.append(c)
            if len(self._args) == self._need:
                cmd = self._cmd
                self._cmd = -1
                self._run(cmd, self._args)
            return
        need = _ARGS.get(c, 0)
        if need:
            self._cmd = c
            self._args = []
            self._need = need
            return
        self._run(c, None)

    def _run(self, c, a):
        if self.log is not None:
            self.log.append((c, tuple(a) if a else ()))
        if a is not None:
            if c == 0x20:
                self.mode = a[0] & 3
                if self.mode == 3:
                    self.mode = PAGE  # invalid value: treat like page mode
            elif c == 0x21:
                self.col_start = a[0] & 0x7F
                self.col_end = a[1] & 0x7F
                self.col = self.col_start
            elif c == 0x22:
                self.page_start = a[0] & 7
                self.page_end = a[1] & 7
                self.page = self.page_start
            elif c == 0x81:
                self.contrast = a[0]
            elif c == 0x8D:
                self.charge_pump = bool(a[0] & 0x04)
            elif c == 0xA8:
                if a[0] & 0x3F >= 15:
                    self.mux = a[0] & 0x3F
            elif c == 0xD3:
                self.offset = a[0] & 0x3F
            elif c == 0xD5:
                self.clock = a[0]
            elif c == 0xD9:
                self.precharge = a[0]
            elif c == 0xDA:
                self.com_pins = a[0]
            elif c == 0xDB:
                self.vcomh = a[0]
            # scroll set-up, fade, zoom, vertical scroll area: accepted, not drawn
            return
        if c <= 0x0F:
            self.page_mode_col = (self.page_mode_col & 0xF0) | c
            self.col = self.page_mode_col
        elif c <= 0x1F:
            self.page_mode_col = ((c & 0x07) << 4) | (self.page_mode_col & 0x0F)
            self.col = self.page_mode_col
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xA4 or c == 0xA5:
            self.entire_on = c == 0xA5
        elif c == 0xA6 or c == 0xA7:
            self.inverse = c == 0xA7
        elif c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c == 0xC0 or c == 0xC8:
            self.com_reverse = c == 0xC8
        elif c == 0xE3:
            pass  # NOP
        else:
            self.unknown.append(c)

    def _write_data(self, buf, i, n):
        ram = self.ram
        self.data_bytes += n - i
        while i < n:
            mode = self.mode
            if mode == VERTICAL:
                ram[self.page * WIDTH + self.col] = buf[i]
                i += 1
                if self.page >= self.page_end:
                    self.page = self.page_start
                    if self.col >= self.col_end:
                        self.col = self.col_start
                    else:
                        self.col += 1
                else:
                    self.page += 1
                continue
            # horizontal and page mode: copy a run along the page
            end = self.col_end if mode == HORIZONTAL else WIDTH - 1
            if self.col > end:
                end = WIDTH - 1   # pointer outside the window: runs to the last column
            k = end - self.col + 1
            if k > n - i:
                k = n - i
            base = self.page * WIDTH + self.col
            ram[base:base + k] = buf[i:i + k]
            i += k
            self.col += k
            if self.col > end:
                if mode == HORIZONTAL:
                    self.col = self.col_start
                    if self.page >= self.page_end:
                        self.page = self.page_start
                    else:
                        self.page += 1
                else:
                    self.col = self.page_mode_col

    # ----- what the viewer sees
    def _lit(self):
        """False when the glass shows nothing at all."""
        return self.on and (self.charge_pump or not self.needs_charge_pump)

    def row_source(self, y):
        """GDDRAM row (0..63) shown on screen row y, or -1 for a dark row."""
        # The module drives screen row y from COM pin 63 - y.
        p = HEIGHT - 1 - y
        # COM pin configuration: the module is wired for the alternative
        # layout (0x12); sequential (0x02) interleaves the two halves.
        if not self.com_pins & 0x10:
            p = (p >> 1) + (32 if p & 1 else 0)
        if self.com_pins & 0x20:
            p = (p + 32) & 63   # left/right swap
        if p > self.mux:
            return -1
        # C0 scans COM0..COM[mux], C8 scans COM[mux]..COM0
        line = self.mux - p if self.com_reverse else p
        # the offset moves COM(offset) up to COM0; the start line picks the
        # GDDRAM row shown on the first scan line
        return (line + self.offset + self.start_line) & 63

    def pixels(self, out=None):
        """The visible image as 1024 bytes MONO_VLSB (into ``out`` if given).

        Without ``out`` the result is one buffer owned by the panel and
        overwritten by the next call (no allocation per frame): copy it to keep it.
        """
        if out is None:
            out = self._out
        if not self._lit():
            for i in range(len(out)):
                out[i] = 0
            return out
        if self.entire_on:
            for i in range(len(out)):
                out[i] = 0xFF
            return out
        ram = self.ram
        rows = [self.row_source(y) for y in range(HEIGHT)]
        identity = self.seg_remap and rows == list(range(HEIGHT))
        if identity:
            out[:] = ram
        else:
            for i in range(len(out)):
                out[i] = 0
            for y in range(HEIGHT):
                src = rows[y]
                if src < 0:
                    continue
                sbase = (src >> 3) * WIDTH
                sbit = 1 << (src & 7)
                dbase = (y >> 3) * WIDTH
                dbit = 1 << (y & 7)
                for x in range(WIDTH):
                    sx = x if self.seg_remap else WIDTH - 1 - x
                    if ram[sbase + sx] & sbit:
                        out[dbase + x] |= dbit
        if self.inverse:
            for y in range(HEIGHT):
                if rows[y] < 0:
                    continue   # unscanned rows stay dark
                dbase = (y >> 3) * WIDTH
                dbit = 1 << (y & 7)
                for x in range(WIDTH):
                    out[dbase + x] ^= dbit
        return out

    def pixel(self, x, y, img=None):
        if img is None:
            img = self.pixels()
        return (img[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def rows(self, on="#", off="."):
        """The visible image as 64 strings of 128 characters."""
        img = self.pixels()
        out = []
        for y in range(HEIGHT):
            base = (y >> 3) * WIDTH
            bit = 1 << (y & 7)
            out.append("".join(on if img[base + x] & bit else off for x in range(WIDTH)))
        return out

    def hex(self):
        img = self.pixels()
        return "".join("%02x" % b for b in img)

    def reset_counters(self):
        self.bytes_in = 0
        self.data_bytes = 0
        self.cmd_bytes = 0
        self.transactions = 0

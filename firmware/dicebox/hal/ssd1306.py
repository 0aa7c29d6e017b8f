"""SSD1306 OLED over I2C that sends only what changed.

The driver is a ``framebuf.FrameBuffer`` (MONO_VLSB, one byte = 8 vertical
pixels of one page). ``flush()`` compares the frame with a shadow copy of what
the panel already holds and finds, for each page, the first and last column
that changed. It then sends the cheaper of:

* one column window per changed page: a command transaction
  ``00 21 c0 c1 22 p p`` (horizontal addressing: column window c0..c1, page
  window p..p) and a data transaction ``40`` + the w = c1 - c0 + 1 bytes;
* one full-width write of the run of pages p0..p1 that covers every change
  (one window command, one data transaction of 128 bytes a page).

Cost, in bus bytes with the address byte of each transaction counted: a
column window is w + 10 (8 for the command transaction, 2 for the data
transaction's address and control bytes), a full-width run 128 * pages + 10.
A window command is skipped when the window is the one already set on the
panel: in horizontal addressing the pointer wraps back to the window's start
after exactly one window of data. Nothing is allocated per flush: a column
window's bytes are copied into a preallocated staging buffer and sent through
one of its preallocated memoryviews: one per length up to 16 bytes; a longer
window is its multiple of 16 (one view each) and the rest, copied to a small
tail buffer with a view per length, sent together in one transaction
(``writevto``), so 42 views stand for the 129 lengths. A full-width run is sent
straight from the frame buffer through a preallocated memoryview.

A full frame is 1 + 1024 bytes (plus 7 when the window changes); an unchanged
frame sends nothing; one changed pixel sends 7 + 1 + 1.
"""
import framebuf
import micropython
from micropython import const

_SET_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)   # | 1 = on
_NORMAL = const(0xA6)        # | 1 = inverse
_SEG_REMAP = const(0xA0)     # | 1 = column 127 is SEG0
_COM_DIR = const(0xC0)       # | 8 = scan COM[N-1]..COM0
_WIN_CMD = const(8)          # bus bytes of a window command: address + 7
_DATA_HEAD = const(2)        # bus bytes before the data: address + control byte
_STEP = const(16)            # a window over this is sent as 16k bytes + a tail

# The page compare and the window copy run every frame, so they are viper code.
# They are compiled on the board at import (the rp2 port has the native
# emitter) rather than by mpy-cross, so the module also compiles for any
# target, with no -march needed. A port without viper compiles the same source
# as plain bytecode, with ptr8 standing for the buffer itself. Neither
# allocates.
_SRC = """
#V
def _sync(buf, shadow, spans, width: int) -> int:
    # Copy buf into shadow; return a bit mask of the pages that differed and,
    # for each page p that differed, set spans[4p] and spans[4p + 1] to its
    # first and last changed column and spans[4p + 2], spans[4p + 3] to the
    # changed columns either side of its widest unchanged gap (both 0: no gap).
    b = ptr8(buf)
    s = ptr8(shadow)
    w = ptr8(spans)
    n = int(len(buf))
    mask = 0
    bit = 1
    i = 0
    p = 0
    while i < n:
        end = i + width
        first = -1
        last = 0
        big = 0
        glo = 0
        ghi = 0
        x = 0
        while i < end:
            v = b[i]
            if v != s[i]:
                s[i] = v
                if first < 0:
                    first = x
                elif x - last - 1 > big:
                    big = x - last - 1
                    glo = last
                    ghi = x
                last = x
            i += 1
            x += 1
        if first >= 0:
            mask |= bit
            w[p] = first
            w[p + 1] = last
            w[p + 2] = glo
            w[p + 3] = ghi
        bit <<= 1
        p += 4
    return mask

#V
def _copy(dst, src, off: int, n: int):
    # dst[1:1 + n] = src[off:off + n] without making a slice
    d = ptr8(dst)
    s = ptr8(src)
    i = 0
    while i < n:
        d[i + 1] = s[off + i]
        i += 1
"""


def _same(buf):
    return buf


def _compile(viper=True):
    """(_sync, _copy, True) compiled as viper, or the plain versions and False."""
    if viper:
        g = {"micropython": micropython}
        try:
            exec(_SRC.replace("#V", "@micropython.viper"), g)
            return g["_sync"], g["_copy"], True
        except Exception:  # no native emitter on this port
            pass
    g = {"ptr8": _same}
    exec(_SRC, g)
    return g["_sync"], g["_copy"], False


_sync, _copy, VIPER = _compile()


def window_cost(w, reuse=False):
    """Bus bytes of one window of w data bytes (address bytes included)."""
    return w + _DATA_HEAD + (0 if reuse else _WIN_CMD)


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False, flip=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = pages = height // 8
        n = pages * width
        self.buffer = bytearray(n)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shadow = bytearray(n)
        self._lohi = bytearray(4 * pages)  # changed columns per page, see _sync
        self._cmd = bytearray(3)          # 0x00 control byte + up to 2 command bytes
        self._win = bytearray((0x00, 0x21, 0, width - 1, 0x22, 0, pages - 1))
        self._vec = [b"\x40", None]
        mv = memoryview(self.buffer)
        # one memoryview per full-width page run p0..p1, made once
        spans = [None] * (pages * pages)
        for p0 in range(pages):
            for p1 in range(p0, pages):
                spans[p0 * pages + p1] = mv[p0 * width:(p1 + 1) * width]
        self._spans = spans
        # staging for one column window: 0x40 then up to one page of data,
        # with views made once: each width up to _STEP, each multiple of it,
        # and each length of the tail that follows a multiple
        self._stage = stage = bytearray(width + 1)
        stage[0] = 0x40
        sv = memoryview(stage)
        self._views = [sv[:k + 1] for k in range(_STEP + 1)]
        self._heads = [sv[:_STEP * q + 1] for q in range(width // _STEP + 1)]
        self._tail = bytearray(_STEP)   # _copy fills [1:]: the tail's first byte is unused
        tv = memoryview(self._tail)
        self._tails = [tv[1:r + 1] for r in range(_STEP)]
        self._pair = [None, None]       # a long window: head and tail, one transaction
        self._all = (1 << pages) - 1
        self._force = True    # panel RAM content unknown
        self._winkey = -1     # window last set on the panel (see _key)
        self.bytes_sent = 0   # every byte over the bus, control bytes included
        self.data_sent = 0    # GDDRAM bytes
        self.flushes = 0      # flushes that sent something
        self.windows = 0      # column windows sent
        self.full_runs = 0    # full-width page runs sent
        self._flipped = flip
        self.init_display()

    def init_display(self):
        h = self.height
        ext = self.external_vcc
        seq = bytes((
            0x00,                       # control: command stream
            _DISPLAY_OFF,
            0xD5, 0x80,                 # clock divide 1, oscillator default
            0xA8, h - 1,                # multiplex ratio
            0xD3, 0x00,                 # display offset 0
            0x40,                       # start line 0
            0x8D, 0x10 if ext else 0x14,  # charge pump
            0x20, 0x00,                 # horizontal addressing
            _SEG_REMAP | (0 if self._flipped else 1),
            _COM_DIR | (0 if self._flipped else 8),
            0xDA, 0x02 if (self.width == 128 and h == 32) else 0x12,
            _SET_CONTRAST, 0x9F if ext else 0xCF,
            0xD9, 0x22 if ext else 0xF1,  # pre-charge
            0xDB, 0x30,                 # VCOMH ~0.83 Vcc
            0x2E,                       # no scrolling
            0xA4,                       # show RAM
            _NORMAL,
            _DISPLAY_OFF | 1,
        ))
        self.i2c.writeto(self.addr, seq)
        self.bytes_sent += len(seq)
        self._force = True
        self._winkey = -1

    def _send_cmd(self, a, b=-1):
        c = self._cmd
        c[1] = a
        if b < 0:
            self.i2c.writeto(self.addr, memoryview(c)[:2])
            self.bytes_sent += 2
        else:
            c[2] = b
            self.i2c.writeto(self.addr, c)
            self.bytes_sent += 3

    def contrast(self, v):
        self._send_cmd(_SET_CONTRAST, v & 0xFF)

    def invert(self, on):
        self._send_cmd(_NORMAL | (1 if on else 0))

    def power(self, on):
        self._send_cmd(_DISPLAY_OFF | (1 if on else 0))

    def flip(self, on):
        """Rotate the picture by 180 degrees (panel mounted upside down)."""
        self._flipped = bool(on)
        self._send_cmd(_SEG_REMAP | (0 if on else 1), _COM_DIR | (0 if on else 8))

    def invalidate(self):
        """Send the whole frame on the next flush (e.g. after the panel lost power)."""
        self._force = True
        self._winkey = -1

    def _set_window(self, c0, c1, p0, p1):
        """Send the window command unless that window is already set; return
        the bytes sent (0 or 7)."""
        key = c0 | (c1 << 7) | (p0 << 14) | (p1 << 17)
        if key == self._winkey:
            return 0
        w = self._win
        w[2] = c0
        w[3] = c1
        w[5] = p0
        w[6] = p1
        self._winkey = -1          # unknown until the write went through
        self.i2c.writeto(self.addr, w)
        self._winkey = key
        return 7

    def _window(self, p, c0, c1):
        """Send columns c0..c1 of page p as one column window; return the bytes."""
        n = c1 - c0 + 1
        sent = self._set_window(c0, c1, p, p)
        off = p * self.width + c0
        if n <= _STEP:
            _copy(self._stage, self.buffer, off, n)
            self.i2c.writeto(self.addr, self._views[n])
        else:
            r = n % _STEP
            _copy(self._stage, self.buffer, off, n - r)
            if r:
                _copy(self._tail, self.buffer, off + n - r, r)
                v = self._pair
                v[0] = self._heads[n // _STEP]
                v[1] = self._tails[r]
                self.i2c.writevto(self.addr, v)
            else:
                self.i2c.writeto(self.addr, self._heads[n // _STEP])
        self.windows += 1
        return sent + n + 1

    def flush(self):
        """Send what changed since the last flush; return the bytes sent
        (control bytes included, address bytes not)."""
        mask = _sync(self.buffer, self._shadow, self._lohi, self.width)
        pages = self.pages
        width = self.width
        lohi = self._lohi
        if self._force:
            # every page, whole (lohi is only set for pages that differed)
            mask = self._all
            self._force = False
            p = 0
            while p < pages:
                lohi[4 * p] = 0
                lohi[4 * p + 1] = width - 1
                lohi[4 * p + 2] = 0
                lohi[4 * p + 3] = 0
                p += 1
        if not mask:
            return 0
        # cost of column windows (one per changed page, two when splitting
        # the page at its widest unchanged gap is cheaper) vs one full-width run
        per = 0
        nwin = 0
        p0 = -1
        p1 = 0
        p = 0
        while p < pages:
            if (mask >> p) & 1:
                if p0 < 0:
                    p0 = p
                p1 = p
                q = 4 * p
                gap = lohi[q + 3] - lohi[q + 2] - 1
                if gap > _DATA_HEAD + _WIN_CMD:
                    per += lohi[q + 1] - lohi[q] + 1 - gap + 2 * (_DATA_HEAD + _WIN_CMD)
                    nwin += 2
                else:
                    per += lohi[q + 1] - lohi[q] + 1 + _DATA_HEAD + _WIN_CMD
                    nwin += 1
            p += 1
        if nwin == 1:
            c0 = lohi[4 * p0]
            c1 = lohi[4 * p0 + 1]
            if (c0 | (c1 << 7) | (p0 << 14) | (p0 << 17)) == self._winkey:
                per -= _WIN_CMD
        last = width - 1
        run = (p1 - p0 + 1) * width + _DATA_HEAD
        if (last << 7) | (p0 << 14) | (p1 << 17) != self._winkey:
            run += _WIN_CMD
        sent = 0
        data = 0
        try:
            if run <= per:
                sent = self._set_window(0, last, p0, p1)
                self._vec[1] = self._spans[p0 * pages + p1]
                self.i2c.writevto(self.addr, self._vec)
                data = (p1 - p0 + 1) * width
                sent += data + 1
                self.full_runs += 1
            else:
                p = p0
                while p <= p1:
                    if (mask >> p) & 1:
                        q = 4 * p
                        c0 = lohi[q]
                        c1 = lohi[q + 1]
                        g0 = lohi[q + 2]
                        g1 = lohi[q + 3]
                        if g1 - g0 - 1 > _DATA_HEAD + _WIN_CMD:
                            sent += self._window(p, c0, g0) + self._window(p, g1, c1)
                            data += g0 - c0 + c1 - g1 + 2
                        else:
                            sent += self._window(p, c0, c1)
                            data += c1 - c0 + 1
                    p += 1
        except OSError:
            # the panel may hold anything now: resend everything next time
            self._force = True
            self._winkey = -1
            raise
        self.data_sent += data
        self.bytes_sent += sent
        self.flushes += 1
        return sent

    show = flush

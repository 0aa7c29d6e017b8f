"""SSD1306 OLED over I2C that sends only what changed.

The driver is a ``framebuf.FrameBuffer`` (MONO_VLSB, one byte = 8 vertical
pixels of one page). ``flush()`` compares the frame with a shadow copy of what
the panel already holds, page by page, and sends the smallest run of pages
that covers every change: one command transaction setting the column and page
window (skipped when the window is the same as last time, because in
horizontal addressing mode the pointer wraps back to the window's start after
exactly one window of data) and one data transaction
(``writevto`` of a preallocated 0x40 control byte and a preallocated
memoryview of the page run). Nothing is allocated per flush.

A full frame is 1 + 1024 bytes (plus 7 when the window changes); an unchanged
frame sends nothing; a change within one page sends 1 + 128 (+ 7).
"""
import framebuf
import micropython
from micropython import const

_SET_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)   # | 1 = on
_NORMAL = const(0xA6)        # | 1 = inverse
_SEG_REMAP = const(0xA0)     # | 1 = column 127 is SEG0
_COM_DIR = const(0xC0)       # | 8 = scan COM[N-1]..COM0

# The page compare runs every frame, so it is viper code. It is compiled on the
# board at import (the rp2 port has the native emitter) rather than by mpy-cross,
# so the module also compiles for any target, with no -march needed. A port
# without viper compiles the same source as plain bytecode, with ptr8 standing
# for the buffer itself. Neither allocates.
_SYNC = """
def _sync(buf, shadow, n: int, width: int) -> int:
    # Copy buf into shadow; return a bit mask of the pages that differed.
    b = ptr8(buf)
    s = ptr8(shadow)
    mask = 0
    bit = 1
    i = 0
    while i < n:
        end = i + width
        changed = 0
        while i < end:
            v = b[i]
            if v != s[i]:
                s[i] = v
                changed = 1
            i += 1
        if changed:
            mask |= bit
        bit <<= 1
    return mask
"""


def _same(buf):
    return buf


def _compile_sync(viper=True):
    if viper:
        g = {"micropython": micropython}
        try:
            exec("@micropython.viper" + _SYNC, g)
            return g["_sync"], True
        except Exception:  # no native emitter on this port
            pass
    g = {"ptr8": _same}
    exec(_SYNC, g)
    return g["_sync"], False


_sync, VIPER = _compile_sync()


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
        self._cmd = bytearray(3)          # 0x00 control byte + up to 2 command bytes
        self._win = bytearray((0x00, 0x21, 0, width - 1, 0x22, 0, pages - 1))
        self._vec = [b"\x40", None]
        mv = memoryview(self.buffer)
        # one memoryview per page run p0..p1, made once
        spans = [None] * (pages * pages)
        for p0 in range(pages):
            for p1 in range(p0, pages):
                spans[p0 * pages + p1] = mv[p0 * width:(p1 + 1) * width]
        self._spans = spans
        self._all = (1 << pages) - 1
        self._force = True    # panel RAM content unknown
        self._winkey = -1     # window last set on the panel, p0 * pages + p1
        self.bytes_sent = 0   # every byte over the bus, control bytes included
        self.data_sent = 0    # GDDRAM bytes
        self.flushes = 0      # flushes that sent something
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

    def flush(self):
        """Send the pages changed since the last flush; return the bytes sent."""
        mask = _sync(self.buffer, self._shadow, len(self.buffer), self.width)
        if self._force:
            mask = self._all
            self._force = False
        if not mask:
            return 0
        pages = self.pages
        p0 = 0
        while not (mask >> p0) & 1:
            p0 += 1
        p1 = pages - 1
        while not (mask >> p1) & 1:
            p1 -= 1
        key = p0 * pages + p1
        sent = 0
        try:
            if key != self._winkey:
                w = self._win
                w[5] = p0
                w[6] = p1
                self.i2c.writeto(self.addr, w)
                sent = 7
                self._winkey = key
            self._vec[1] = self._spans[key]
            self.i2c.writevto(self.addr, self._vec)
        except OSError:
            # the panel may hold anything now: resend everything next time
            self._force = True
            self._winkey = -1
            raise
        n = (p1 - p0 + 1) * self.width
        sent += n + 1
        self.data_sent += n
        self.bytes_sent += sent
        self.flushes += 1
        return sent

    show = flush

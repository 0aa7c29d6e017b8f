"""Two independent SSD1306 drivers must light the same pixels on the simulated panel.

Adafruit's CircuitPython driver runs here on CPython over a fake busio bus; our
driver runs in the MicroPython unix port (the same C framebuf as the device).
Both talk to SimPanel, whose decoded picture must agree between the two and with
a pixel set computed here without any framebuf.
"""
import json
import os
import subprocess

import adafruit_ssd1306
from sim.panel import SimPanel

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Shapes both libraries draw the same way: (op, args...)
OPS = [
    ("fill", 0),
    ("rect", 0, 0, 128, 64, 1),        # frame
    ("fill_rect", 10, 10, 20, 12, 1),
    ("rect", 40, 5, 30, 30, 1),
    ("hline", 5, 50, 100, 1),
    ("vline", 120, 2, 60, 1),
    ("fill_rect", 14, 13, 5, 5, 0),     # a hole
    ("pixel", 127, 63, 0),
]
for _y in range(40, 56):                # 16x16 checker, 2-pixel squares
    for _x in range(80, 96):
        if ((_x >> 1) + (_y >> 1)) & 1:
            OPS.append(("pixel", _x, _y, 1))

SECOND = [("fill_rect", 60, 20, 6, 6, 1), ("pixel", 0, 0, 0)]   # a later partial update


def expected(ops):
    on = set()

    def put(x, y, c):
        if 0 <= x < 128 and 0 <= y < 64:
            if c:
                on.add((x, y))
            else:
                on.discard((x, y))

    for op in ops:
        name, a = op[0], op[1:]
        if name == "fill":
            on.clear()
            if a[0]:
                on.update((x, y) for x in range(128) for y in range(64))
        elif name == "pixel":
            put(*a)
        elif name == "fill_rect":
            x, y, w, h, c = a
            for i in range(x, x + w):
                for j in range(y, y + h):
                    put(i, j, c)
        elif name == "rect":
            x, y, w, h, c = a
            for i in range(x, x + w):
                put(i, y, c)
                put(i, y + h - 1, c)
            for j in range(y, y + h):
                put(x, j, c)
                put(x + w - 1, j, c)
        elif name == "hline":
            x, y, w, c = a
            for i in range(x, x + w):
                put(i, y, c)
        elif name == "vline":
            x, y, h, c = a
            for j in range(y, y + h):
                put(x, j, c)
    return on


def decode(hexstr):
    img = bytes.fromhex(hexstr)
    return {(x, y) for y in range(64) for x in range(128) if img[(y >> 3) * 128 + x] >> (y & 7) & 1}


class FakeBusio:
    """What adafruit_bus_device expects of a busio.I2C, over a SimPanel."""

    def __init__(self, panel):
        self.panel = panel

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, addr, buf, *, start=0, end=None):
        self.panel.writeto(addr, bytes(buf[start:end]))

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        for i in range(start, len(buf) if end is None else end):
            buf[i] = 0

    def writeto_then_readfrom(self, addr, out, inp, **kw):
        self.writeto(addr, out)
        self.readfrom_into(addr, inp)


def apply(fb, ops):
    for op in ops:
        name, a = op[0], op[1:]
        if name == "rect":
            fb.rect(*a)
        else:
            getattr(fb, name)(*a)


def adafruit_picture():
    panel = SimPanel()
    disp = adafruit_ssd1306.SSD1306_I2C(128, 64, FakeBusio(panel))
    apply(disp, OPS)
    disp.show()
    apply(disp, SECOND)
    disp.show()
    assert panel.unknown == []
    return panel.hex()


MPY_SCRIPT = r"""
import sys, json, framebuf
sys.path.insert(0, %(fw)r)
sys.path.append(%(ht)r)
from sim.panel import SimPanel
from dicebox.hal.ssd1306 import SSD1306
ops, second, text = json.loads(sys.stdin.read())
def apply(fb, ops):
    for op in ops:
        getattr(fb, op[0])(*op[1:])
panel = SimPanel()
d = SSD1306(panel)
apply(d, ops)
d.flush()
apply(d, second)
print(d.flush())
print(panel.hex())
# text through the driver vs the same text in a plain FrameBuffer
apply(d, text)
d.flush()
rbuf = bytearray(1024)
ref = framebuf.FrameBuffer(rbuf, 128, 64, framebuf.MONO_VLSB)
apply(ref, ops + second + text)
print(panel.hex())
print("".join("%%02x" %% b for b in rbuf))
print(panel.unknown)
"""

TEXT = [("fill_rect", 0, 0, 128, 9, 0), ("text", "Roll 3d6 = 11", 2, 1, 1),
        ("line", 0, 63, 127, 30, 1), ("ellipse", 64, 40, 10, 6, 1)]


def our_picture():
    script = MPY_SCRIPT % {"fw": os.path.join(ROOT, "firmware"), "ht": upy.TOOLS}
    p = subprocess.run(upy.argv("-c", script), input=json.dumps([OPS, SECOND, TEXT]),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr + p.stdout
    return p.stdout.split("\n")


def test_both_drivers_decode_to_the_expected_picture():
    want = expected(OPS + SECOND)
    assert len(want) > 500
    ada = adafruit_picture()
    lines = our_picture()
    ours = lines[1]
    assert decode(ada) == want
    assert decode(ours) == want
    assert ours == ada
    # the second flush only sent the columns it touched: page 0 column 0,
    # pages 2 and 3 columns 60..65, each as its own window
    assert int(lines[0]) == (7 + 1 + 1) + 2 * (7 + 1 + 6)


def test_text_and_lines_through_our_driver_match_framebuf():
    lines = our_picture()
    panel_hex, ref_hex, unknown = lines[2], lines[3], lines[4]
    assert unknown == "[]"
    assert panel_hex == ref_hex
    assert len(decode(panel_hex) - expected(OPS + SECOND)) > 40    # the text really is there


# ----- an independent decoder of our driver's bytes (no SimPanel code)

TRACE_SCRIPT = r"""
import sys, json, framebuf
sys.path.insert(0, %(fw)r)
from dicebox.core.rng import SeededSource
from dicebox.hal.ssd1306 import SSD1306
class Trace:
    def __init__(self):
        self.out = []
    def writeto(self, addr, buf, stop=True):
        self.out.append(bytes(buf).hex())
    def writevto(self, addr, vec, stop=True):
        self.out.append("".join(bytes(b).hex() for b in vec))
src = SeededSource(int(sys.stdin.read()))
def rnd(n):
    return src._next() %% n
bus = Trace()
d = SSD1306(bus)
n = 0
for f in range(40):
    for _ in range(1 + rnd(3)):
        k = rnd(5)
        if k == 0:
            d.pixel(rnd(128), rnd(64), rnd(2))
        elif k == 1:
            d.fill_rect(rnd(128), rnd(64), 1 + rnd(50), 1 + rnd(30), rnd(2))
        elif k == 2:
            d.text("%%d" %% rnd(100), rnd(128), rnd(64), 1)
        elif k == 3:
            d.line(rnd(128), rnd(64), rnd(128), rnd(64), 1)
        else:
            d.fill(rnd(2))
    d.flush()
    print(json.dumps([bus.out[n:], bytes(d.buffer).hex()]))
    n = len(bus.out)
"""


class Decoder:
    """SSD1306 GDDRAM writes after the datasheet (section 10.1.3, horizontal
    addressing mode with the 21h/22h window), written apart from SimPanel."""

    def __init__(self):
        self.ram = bytearray(1024)
        self.c0, self.c1, self.p0, self.p1 = 0, 127, 0, 7
        self.col, self.page = 0, 0
        self.horizontal = False

    def transaction(self, b):
        ctl, rest = b[0], b[1:]
        assert ctl in (0x00, 0x40), "driver uses Co = 0 streams only"
        if ctl == 0x40:
            for v in rest:
                self.ram[self.page * 128 + self.col] = v
                if self.col == self.c1:
                    self.col = self.c0
                    self.page = self.p0 if self.page == self.p1 else self.page + 1
                else:
                    self.col += 1
            return
        i = 0
        while i < len(rest):
            c = rest[i]
            if c == 0x20:
                self.horizontal = rest[i + 1] == 0
                i += 2
            elif c == 0x21:
                self.c0, self.c1 = rest[i + 1], rest[i + 2]
                self.col = self.c0
                i += 3
            elif c == 0x22:
                self.p0, self.p1 = rest[i + 1], rest[i + 2]
                self.page = self.p0
                i += 3
            elif c in (0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB):
                i += 2
            else:
                i += 1


def test_independent_decoder_follows_the_column_windows():
    script = TRACE_SCRIPT % {"fw": os.path.join(ROOT, "firmware")}
    windows = 0
    for seed in (11, 22, 33, 44):
        p = subprocess.run(upy.argv("-c", script), input=str(seed * 2654435761 & 0xFFFFFFFF),
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr + p.stdout
        dec = Decoder()
        frames = [json.loads(line) for line in p.stdout.splitlines()]
        assert len(frames) == 40
        for k, (trans, want) in enumerate(frames):
            for t in trans:
                dec.transaction(bytes.fromhex(t))
                if t.startswith("0021") and len(t) == 14 and t[4:8] != "007f":
                    windows += 1     # a window narrower than the page
            assert dec.horizontal
            assert dec.ram.hex() == want, (seed, k)
    assert windows > 0

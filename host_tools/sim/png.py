"""Minimal 1-bit PNG writer (stored deflate blocks), for MicroPython and CPython.

``write_png(path, pixels, width, height, scale)`` where ``pixels(x, y)`` is
truthy for a lit pixel. Lit pixels are white on black, like the OLED.
"""
import struct

try:
    from binascii import crc32
except ImportError:  # pragma: no cover
    from zlib import crc32


def _adler32(data):
    a, b = 1, 0
    for i in range(0, len(data), 4096):
        for byte in data[i:i + 4096]:
            a += byte
            b += a
        a %= 65521
        b %= 65521
    return (b << 16) | a


def _chunk(kind, body):
    c = crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", c)


def encode(rows_bits, width, height):
    """rows_bits: list of bytearrays, each a packed 1-bit row (MSB first)."""
    raw = bytearray()
    for r in rows_bits:
        raw.append(0)  # filter: none
        raw.extend(r)
    z = bytearray(b"\x78\x01")
    n = len(raw)
    pos = 0
    while True:
        blk = raw[pos:pos + 65535]
        pos += len(blk)
        last = 1 if pos >= n else 0
        z.append(last)
        z.extend(struct.pack("<HH", len(blk), len(blk) ^ 0xFFFF))
        z.extend(blk)
        if last:
            break
    z.extend(struct.pack(">I", _adler32(raw)))
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", bytes(z)) + _chunk(b"IEND", b"")


def vlsb_rows(buf, width=128, height=64, scale=1):
    """Packed 1-bit rows from a MONO_VLSB buffer, each pixel scale x scale."""
    w = width * scale
    rows = []
    for y in range(height):
        row = bytearray((w + 7) // 8)
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        for x in range(width):
            if buf[base + x] & bit:
                for k in range(scale):
                    X = x * scale + k
                    row[X >> 3] |= 0x80 >> (X & 7)
        for _ in range(scale):
            rows.append(row)
    return rows


def write_vlsb(path, buf, width=128, height=64, scale=1):
    data = encode(vlsb_rows(buf, width, height, scale), width * scale, height * scale)
    with open(path, "wb") as f:
        f.write(data)

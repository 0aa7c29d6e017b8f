"""Dice faces: pips for d6 (and d2/d4 up to their sides), numerals for the rest.

``draw_die(fb, x, y, size, value, sides=6, held=False, style=0)``
sizes are 12, 18 or 28 pixels (any size from 9 up works). ``held`` draws the die
inverted (filled, dark pips). ``style`` marks dice of different colours on the
monochrome panel: OUTLINE (plain), DOUBLE (2-pixel border), DOTTED (dotted
border), HATCH (hatched corners), SOLID (filled like held; held then outlines).
"""
from micropython import const

OUTLINE = const(0)
DOUBLE = const(1)
DOTTED = const(2)
HATCH = const(3)
SOLID = const(4)

# 3x5 digits, one byte per row (low 3 bits, bit 2 = left column).
_DIGITS = (
    b"\x07\x05\x05\x05\x07", b"\x02\x06\x02\x02\x07", b"\x07\x01\x07\x04\x07",
    b"\x07\x01\x03\x01\x07", b"\x05\x05\x07\x01\x01", b"\x07\x04\x07\x01\x07",
    b"\x07\x04\x07\x05\x07", b"\x07\x01\x02\x02\x02", b"\x07\x05\x07\x05\x07",
    b"\x07\x05\x07\x01\x07",
)

# Pip layout on a 3x3 grid (column, row) for faces 1..6.
_PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def digits(fb, n, x, y, scale, c, gap=None):
    """Draw non-negative int ``n`` with the 3x5 font at (x, y)."""
    s = str(n)
    if gap is None:
        gap = scale
    for ch in s:
        rows = _DIGITS[ord(ch) - 48]
        for r in range(5):
            bits = rows[r]
            for col in range(3):
                if bits & (4 >> col):
                    fb.fill_rect(x + col * scale, y + r * scale, scale, scale, c)
        x += 3 * scale + gap


def digits_width(n, scale, gap=None):
    k = len(str(n))
    if gap is None:
        gap = scale
    return k * 3 * scale + (k - 1) * gap


def _numeral(fb, x, y, size, value, c):
    inner = size - 4
    scale = 4
    while scale > 1 and (digits_width(value, scale) > inner or 5 * scale > inner):
        scale -= 1
    gap = scale
    if digits_width(value, scale, gap) > inner:
        gap = 0
    w = digits_width(value, scale, gap)
    digits(fb, value, x + (size - w) // 2, y + (size - 5 * scale) // 2, scale, c, gap)


def draw_die(fb, x, y, size, value, sides=6, held=False, style=OUTLINE):
    solid = held != (style == SOLID)
    bg = 1 if solid else 0
    fg = 0 if solid else 1
    fb.fill_rect(x, y, size, size, bg)
    fb.rect(x, y, size, size, 1)
    # rounded corners
    fb.pixel(x, y, 0)
    fb.pixel(x + size - 1, y, 0)
    fb.pixel(x, y + size - 1, 0)
    fb.pixel(x + size - 1, y + size - 1, 0)
    if style == DOUBLE:  # a 2-pixel border
        fb.rect(x + 1, y + 1, size - 2, size - 2, 1 if not solid else 0)
    elif style == DOTTED:
        for i in range(1, size - 1, 2):
            fb.pixel(x + i, y, 0)
            fb.pixel(x + i, y + size - 1, 0)
            fb.pixel(x, y + i, 0)
            fb.pixel(x + size - 1, y + i, 0)
    elif style == HATCH:
        k = size // 4
        for i in range(k):
            fb.line(x + 1, y + 1 + i * 2, x + 1 + i * 2, y + 1, fg)
            fb.line(x + size - 2 - i * 2, y + size - 2, x + size - 2, y + size - 2 - i * 2, fg)
    if sides <= 6 and 1 <= value <= 6:
        p = 2 if size < 16 else 4
        if size & 1:
            p -= 1  # same parity as the die: the pip block sits centred
        step = (size - 2 * (size // 4)) // 2
        s0 = (size - 2 * step - p) // 2
        for cx, cy in _PIPS[value]:
            fb.fill_rect(x + s0 + cx * step, y + s0 + cy * step, p, p, fg)
    else:
        _numeral(fb, x, y, size, value, fg)

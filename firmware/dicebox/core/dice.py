"""Dice faces: pips for d6 (and d2/d4 up to their sides), numerals for the rest.

``draw_die(fb, x, y, size, value, sides=6, held=False, style=0)``
sizes are 12, 18 or 28 pixels (any size from 9 up works). ``held`` draws the die
inverted (filled, dark pips). ``style`` marks dice of different colours on the
monochrome panel: OUTLINE (plain), DOUBLE (the yellow die: a tab in the middle
of the top and bottom edges), HATCH (the red die: the border broken in the
middle of every side, corner brackets left), DOTTED (dotted border), SOLID
(filled like held; held then outlines).

Why the marks sit where they do: a colour mark must never touch a pip, or the
pips stop reading at a glance (a thick border merged with the corner pips of a
12-pixel die, so a 4 read as a plus; hatched corners swallowed them, so a 3
read as a 1). No face has a pip in the middle of the top or bottom row of the
3x3 grid, so that column is free above and below the centre pip; and the
border itself is outside every pip's one-pixel surround. The marks use only
those places, so each pip and the ring around it are drawn exactly as on a
white die (tests/portable/test_dairyman_dice.py checks every face, size and
style).
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
    if style == DOUBLE:  # tabs in the middle of the top and bottom edges
        tw = 2 + (size & 1)
        th = max(1, size // 8)
        tx = x + (size - tw) // 2
        fb.fill_rect(tx, y + 1, tw, th, fg)
        fb.fill_rect(tx, y + size - 1 - th, tw, th, fg)
    elif style == DOTTED:
        for i in range(1, size - 1, 2):
            fb.pixel(x + i, y, 0)
            fb.pixel(x + i, y + size - 1, 0)
            fb.pixel(x, y + i, 0)
            fb.pixel(x + size - 1, y + i, 0)
    elif style == HATCH:  # corner brackets: each side broken in its middle third
        a = size // 3
        b = size - 2 * a
        fb.fill_rect(x + a, y, b, 1, 0)
        fb.fill_rect(x + a, y + size - 1, b, 1, 0)
        fb.fill_rect(x, y + a, 1, b, 0)
        fb.fill_rect(x + size - 1, y + a, 1, b, 0)
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

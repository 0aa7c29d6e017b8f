"""Dice colours on the monochrome panel: every pip of every face stays readable.

The yellow and red marks of core/dice.py must never touch a pip: for each
colour, face, size and held state, every pip pixel is set in the pip colour and
the one-pixel ring around each pip is exactly as on a white die (clear)."""
from dicebox.core import dice
from console import TextFB

STYLES = (dice.DOUBLE, dice.HATCH, dice.DOTTED)


def pips(size, value):
    """(x, y, w) of each pip square, as draw_die places them."""
    p = 2 if size < 16 else 4
    if size & 1:
        p -= 1
    step = (size - 2 * (size // 4)) // 2
    s0 = (size - 2 * step - p) // 2
    return [(s0 + cx * step, s0 + cy * step, p) for cx, cy in dice._PIPS[value]]


def grab(size, value, held, style):
    fb = TextFB()
    dice.draw_die(fb, 0, 0, size, value, 6, held, style)
    return fb


def test_every_pip_and_its_surround_as_on_a_white_die():
    for size in (12, 18, 28):
        for held in (False, True):
            fg = 0 if held else 1
            for value in range(1, 7):
                white = grab(size, value, held, dice.OUTLINE)
                for style in STYLES:
                    fb = grab(size, value, held, style)
                    for px, py, p in pips(size, value):
                        for y in range(py - 1, py + p + 1):
                            for x in range(px - 1, px + p + 1):
                                inside = px <= x < px + p and py <= y < py + p
                                want = fg if inside else 1 - fg
                                assert white.pixel(x, y) == want, (size, value, x, y)
                                assert fb.pixel(x, y) == want, (size, held, value, style, x, y)


def test_colours_differ_from_white_and_from_each_other():
    for size in (12, 18):
        for held in (False, True):
            for value in range(1, 7):
                seen = [bytes(grab(size, value, held, dice.OUTLINE).px)]
                for style in STYLES:
                    b = bytes(grab(size, value, held, style).px)
                    assert b not in seen, (size, held, value, style)
                    seen.append(b)

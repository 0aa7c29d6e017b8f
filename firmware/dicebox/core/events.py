"""Input events as small ints (no allocation): ``kind << 4 | button``."""
from micropython import const

# Buttons: bit numbers in the button mask.
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
NBUTTONS = const(6)
NAMES = ("Up", "Down", "Left", "Right", "A", "B")

# Event kinds.
PRESS = const(1)
RELEASE = const(2)
LONG = const(3)     # held ~1 s (sent once, while still held)
REPEAT = const(4)   # auto-repeat while Up/Down is held
SHAKE = const(5)    # shake started (button field 0)
SETTLED = const(6)  # shake settled (button field 0)


def make(kind, button=0):
    return (kind << 4) | button


def kind(ev):
    return ev >> 4


def button(ev):
    return ev & 15

"""Millisecond tick arithmetic that survives the counter wrapping.

On the RP2040 ``time.ticks_ms()`` counts modulo 2**30 (about 12.4 days), so
``now - then`` and ``now >= deadline`` go wrong once it wraps. Every comparison
of two tick values in apps and games goes through ``diff`` and every deadline
through ``add``. The arithmetic is our own, modulo the device's period, so it
agrees with the chip on every runtime: the unix port's ``time.ticks_diff``
works modulo 2**62 and CPython has none, and a stand-in clock that wraps at
2**30 (the tests' and simulator's) must be judged the same way as the chip's.

``diff(a, b)`` is ``a - b`` as a signed value in [-2**29, 2**29): positive when
``a`` is later. ``add(t, ms)`` is the tick value ``ms`` after ``t``.
"""
from micropython import const

PERIOD = const(0x40000000)  # 2**30
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def diff(a, b):
    return ((a - b + _HALF) & _MASK) - _HALF


def add(t, ms):
    return (t + ms) & _MASK


class Pace:
    """30 frames a second without drift: 33 ms frames with one more ms on 10 of
    every 30 (1,000 ms a second). ``next()`` is the next frame's length; the
    App's loop and every driver that steps it (simulator, benchmarks, the
    browser page) take their frames from here."""

    def __init__(self):
        self.rem = 0

    def next(self):
        self.rem += 10
        if self.rem >= 30:
            self.rem -= 30
            return 34
        return 33


def since(now, then):
    """Milliseconds from ``then`` to ``now`` (never negative)."""
    d = ((now - then + _HALF) & _MASK) - _HALF
    return d if d > 0 else 0

"""Unbiased dice from entropy bytes.

``randbelow(n)`` maps entropy to 0..n-1 by rejection sampling: it reads k bytes
(k = 1 for n <= 256, 2 for n <= 65536) as an integer b, rejects b >= limit where
limit is the largest multiple of n not above 256**k, and returns b % n. Every
outcome is then backed by exactly limit/n byte patterns, so no face is favoured.
"""

import os


class RollRefused(Exception):
    """A roll the dice source refuses (its health test failed), with the reason."""


def limit_for(n, nbytes):
    space = 1 << (8 * nbytes)
    return space - (space % n)


def map_bytes(value, n, nbytes):
    """One sampling step: the face for entropy ``value`` or None (rejected)."""
    lim = limit_for(n, nbytes)
    if value >= lim:
        return None
    return value % n


class Rng:
    """randbelow/roll over a byte source with a ``bytes(k)`` method."""

    def __init__(self, source):
        self.source = source
        self.draws = 0  # entropy draws consumed, for tests and stats

    def randbelow(self, n):
        if n < 1 or n > 65536:
            raise ValueError("n out of range")
        if n == 1:
            return 0
        nb = 1 if n <= 256 else 2
        lim = limit_for(n, nb)
        src = self.source
        while True:
            b = src.bytes(nb)
            self.draws += 1
            v = b[0] if nb == 1 else (b[0] << 8) | b[1]
            if v < lim:
                return v % n

    def roll(self, sides):
        return self.randbelow(sides) + 1

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


class UrandomSource:
    """Device entropy (os.urandom), read in blocks to save calls."""

    def __init__(self, block=32):
        self.block = block
        self.buf = b""
        self.pos = 0
        self.stir = 0

    def mix(self, value):
        # Stir in e.g. the microsecond timing of a shake. XOR into the next bytes
        # cannot make a uniform source less uniform.
        self.stir = (self.stir * 31 + (value & 0xFF)) & 0xFF

    def fill(self, n):
        """``n`` fresh bytes of the source (another source overrides this)."""
        return os.urandom(n)

    def bytes(self, k):
        if self.pos + k > len(self.buf):
            self.buf = self.fill(self.block)
            self.pos = 0
        out = self.buf[self.pos:self.pos + k]
        self.pos += k
        if self.stir:
            out = bytes([out[0] ^ self.stir]) + out[1:]
        return out


class SeededSource:
    """Deterministic xorshift32 bytes, for tests, replays and bots' simulations."""

    def __init__(self, seed=1):
        self.s = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def _next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def bytes(self, k):
        return bytes([self._next() >> 24 for _ in range(k)])


class ScriptedSource:
    """Plays back given byte values (tests)."""

    def __init__(self, values):
        self.values = list(values)
        self.i = 0

    def bytes(self, k):
        out = bytes(self.values[self.i:self.i + k])
        if len(out) < k:
            raise ValueError("script ran out")
        self.i += k
        return out


def seeded(seed=1):
    return Rng(SeededSource(seed))


def device():
    return Rng(UrandomSource())

"""Device entropy: os.urandom for the dice, the raw ROSC bit for the health test.

The RP2040 has no TRNG block. Its ring oscillator exposes one noisy bit in the
ROSC RANDOMBIT register (ROSC base 0x40060000, offset 0x1C, bit 0). MicroPython
1.28 builds ``os.urandom`` on the SDK's pico_rand, which mixes that bit with
other sources; the dice read ``os.urandom``. At start-up we run the SP 800-90B
repetition count and adaptive proportion tests over raw RANDOMBIT reads so a
dead or stuck oscillator is reported ("refuses to roll") instead of ignored.
"""
from micropython import const

from dicebox.core import health
from dicebox.core.rng import UrandomSource

_ROSC_BASE = const(0x40060000)
_RANDOMBIT = const(0x1C)


def rosc_bit():
    from machine import mem32
    return mem32[_ROSC_BASE + _RANDOMBIT] & 1


def _reader():
    from machine import mem32
    addr = _ROSC_BASE + _RANDOMBIT

    def read():
        return mem32[addr] & 1
    return read


class Entropy(UrandomSource):
    """Byte source (``bytes(k)``, ``mix(v)``) with the start-up test result."""

    def __init__(self, read_bit=None, nbits=4096, h_percent=health.H_DEFAULT):
        super().__init__()
        self.entropy_ok = False
        self.entropy_msg = "not tested"
        try:
            if read_bit is None:
                read_bit = _reader()
            self.entropy_ok, self.entropy_msg = health.check(read_bit, nbits, h_percent)
        except Exception as e:   # no ROSC register (not an RP2040): say so
            self.entropy_msg = "entropy test not run: %r" % (e,)

    @property
    def ok(self):
        return self.entropy_ok

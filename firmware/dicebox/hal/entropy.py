"""Device entropy: os.urandom for the dice, the raw ROSC bit for the health tests.

The RP2040 has no TRNG block. Its ring oscillator exposes one noisy bit in the
ROSC RANDOMBIT register (ROSC base 0x40060000, offset 0x1C, bit 0). MicroPython
1.28 builds ``os.urandom`` on the SDK's pico_rand, which mixes that bit with
other sources; the dice read ``os.urandom``. We run the SP 800-90B repetition
count and adaptive proportion tests over raw RANDOMBIT reads so a dead or stuck
oscillator is reported ("refuses to roll") instead of ignored:

* at start-up over ``health.STARTUP_BITS`` = 1,024 bits (one APT window);
* continuously afterwards: ``health_step(n)`` tests n more raw bits, and the
  app's frame loop calls it in frames with nothing to draw. The tests carry
  their state from step to step, so a run or a window spans many frames.

A failure at any time makes ``bytes()`` raise the app's ``RollRefused`` with
the failure's message, so every roll from then on is refused and says why.

Reads in a Python loop are spaced well over the 10 us the SDK's pico_rand
leaves between ROSC samples (``PICO_RAND_MIN_ROSC_BIT_SAMPLE_TIME_US``): read
faster, the bit repeats the oscillator's period.
"""
import sys

from micropython import const

from dicebox.core import health
from dicebox.core.rng import RollRefused, UrandomSource

_ROSC_BASE = const(0x40060000)
_RANDOMBIT = const(0x1C)
STEP_BITS = const(16)    # raw bits tested per idle frame by default


def rosc_bit():
    from machine import mem32
    return mem32[_ROSC_BASE + _RANDOMBIT] & 1


def _register():
    """(mem, addr) of the raw bit: ``mem[addr] & 1``."""
    from machine import mem32
    return mem32, _ROSC_BASE + _RANDOMBIT


def refused():
    """The exception class the app catches for a refused roll."""
    app = sys.modules.get("dicebox.core.app")
    return getattr(app, "RollRefused", RollRefused) if app is not None else RollRefused


class Entropy(UrandomSource):
    """Byte source (``bytes(k)``, ``mix(v)``) with continuous health tests."""

    def __init__(self, read_bit=None, nbits=health.STARTUP_BITS, h_percent=health.H_DEFAULT):
        """``read_bit``: a function giving one raw bit (tests), or None for
        the ROSC register."""
        super().__init__()
        self.entropy_ok = False
        self.entropy_msg = "not tested"
        self.test = health.HealthTest(h_percent)
        self._mem = None
        self._addr = 0
        self.startup_bits = 0
        try:
            if read_bit is None:
                mem, addr = _register()
            else:
                mem, addr = health.Calls(read_bit), 0
            self.test.run_mem(mem, addr, nbits)
            self._mem = mem
            self._addr = addr
            self.startup_bits = self.test.bits
            self.entropy_ok = self.test.ok
            self.entropy_msg = self.test.msg
        except Exception as e:   # no ROSC register (not an RP2040): say so
            self.entropy_msg = "entropy test not run: %r" % (e,)

    @property
    def ok(self):
        return self.entropy_ok

    def health_step(self, n_bits=STEP_BITS):
        """Test n_bits more raw bits (call it in idle frames); return ok.

        Costs about n_bits raw reads and a few operations each; allocates
        nothing while the source is healthy. After a failure it does nothing
        more and every ``bytes()`` call refuses."""
        if not self.entropy_ok or self._mem is None:
            return self.entropy_ok
        try:
            ok = self.test.run_mem(self._mem, self._addr, n_bits)
        except Exception as e:   # the register read itself failed
            self.test.ok = ok = False
            self.test.msg = "entropy source unreadable: %r" % (e,)
        if not ok:
            self.entropy_ok = False
            self.entropy_msg = self.test.msg
        return ok

    def bytes(self, k):
        if not self.entropy_ok:
            raise refused()(self.entropy_msg)
        return UrandomSource.bytes(self, k)

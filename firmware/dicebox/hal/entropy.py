"""Device entropy: os.urandom for the dice, the raw ROSC bit for the health tests.

The RP2040 has no TRNG block. Its ring oscillator exposes one noisy bit in the
ROSC RANDOMBIT register (ROSC base 0x40060000, offset 0x1C, bit 0). MicroPython
1.28 builds ``os.urandom`` on the SDK's pico_rand, which mixes that bit with
other sources; the dice read ``os.urandom``. The health tests of
core/health.py (repetition count, adaptive proportion both ways, lag 16) run
over raw RANDOMBIT reads so a dead, stuck, biased or looping oscillator is
reported ("refuses to roll") instead of ignored:

* at start-up over ``health.STARTUP_BITS`` = 1,024 bits (a window of its own);
* continuously afterwards, ``STEP_BITS`` = 32 bits at a time: the app's frame
  loop calls ``health_step()`` in frames with nothing to draw, and ``bytes()``
  calls it itself once ``FRESH_BYTES`` = 128 bytes of dice have been drawn
  since the last step, so long work that rolls (the fairness run, a burst
  of rolls, a frame of many dice) is tested as it goes: no more than 128
  bytes (about 120 d6) are ever drawn on bits tested longer ago. It also
  steps first, over ``STALE_BITS`` = 96 bits (enough for a stuck run),
  when the last step is over ``STALE_MS`` = 1 s old (a roll after a long
  stretch of busy frames: bots, animations), once the app has given it a
  clock (``self.clock``, set to ``hw.ticks_ms``). The tests
  carry their state from step to step: a run or a window spans many steps.

An alarm of the continuous tests is not yet a refusal (a healthy source
raises one in about 13,700 hours, core/health.py): the dice stop, a fresh
start-up sample of 1,024 bits is tested at once, and the dice carry on only
if it passes. A second alarm within ``REPEAT_BITS`` = 2**22 tested bits of
the first (over an hour of idle testing; a healthy source: about 3e-9 per
hour) or a failed fresh sample refuses: ``bytes()`` raises the app's
``RollRefused`` with the reason. After a failed fresh sample (or a failed
start-up test at boot) each roll tries another ("A on the table tries
again"), so a source that recovers rolls again; after a second alarm, or an unreadable register, the refusal
lasts until power-off. Every alarm and its
outcome is written to the device log (``self.log``, set by the app to
``hw.log``).

Cost on the chip (``host_tools/benches/health_cost.py``): the bits are read 16 in a
row and judged a word at a time, about 2.5x less work a bit than the
bit-at-a-time loop of a60eda7, whose 16-bit step measured 1.6 ms on the chip
(the start-up test 74 ms). On the unix port (a loaded host) a 32-bit step
takes 11-12 us where that loop's 16-bit step took 11-12 us: calibrated on that
loop (90-150x here), the 32-bit step is about 1.6 ms on the chip and the
start-up test about 30-35 ms; with DESIGN.md's compute factor of about 300x
applied to the same figures, 3.3-3.6 ms and 90-100 ms (an upper estimate).
An idle frame's health work stays within a few ms either way. The 16 reads
of a word are 9 bytecodes apart, some 20 us on the chip (the old loop's
~28 bytecodes a bit took 72 us), over the 10 us the SDK's pico_rand leaves
between ROSC samples (``PICO_RAND_MIN_ROSC_BIT_SAMPLE_TIME_US``): read
faster, the bit repeats the oscillator's period.
"""

from micropython import const

from dicebox.core import health
from dicebox.core.rng import RollRefused, UrandomSource

_ROSC_BASE = const(0x40060000)
_RANDOMBIT = const(0x1C)
STEP_BITS = const(32)        # raw bits tested per step (an idle frame, 128 bytes drawn)
FRESH_BYTES = const(128)     # dice bytes drawn at most between two steps
REPEAT_BITS = const(4194304)  # 2**22: a second alarm this soon refuses
STALE_MS = const(1000)       # a roll after a step older than this steps first,
STALE_BITS = const(96)       # over this many bits (more than the RCT cutoff of 77)
_TICKS = const(0x3FFFFFFF)   # ticks_ms counts modulo 2**30 (core/ticks.py)


def rosc_bit():
    from machine import mem32
    return mem32[_ROSC_BASE + _RANDOMBIT] & 1


def _register():
    """(mem, addr) of the raw bit: ``mem[addr] & 1``."""
    from machine import mem32
    return mem32, _ROSC_BASE + _RANDOMBIT


class Entropy(UrandomSource):
    """Byte source (``bytes(k)``, ``mix(v)``) with continuous health tests."""

    def __init__(self, read_bit=None, nbits=health.STARTUP_BITS, h_percent=health.H_DEFAULT):
        """``read_bit``: a function giving one raw bit (tests), or None for
        the ROSC register."""
        super().__init__()
        self.entropy_ok = False
        self.entropy_msg = "not tested"
        self.log = None          # the app sets hw.log: alarms are logged
        self.clock = None        # the app sets hw.ticks_ms: stale tests are renewed
        self.stepped_at = 0      # clock() at the last step
        self.startup = health.HealthTest(h_percent, health.STARTUP_BITS)
        self.test = health.HealthTest(h_percent, health.WINDOW)
        self.nbits = nbits
        self._mem = None
        self._addr = 0
        self.startup_bits = 0
        self.alarms = 0          # continuous-test alarms
        self.retests = 0         # fresh start-up samples after an alarm
        self.since_alarm = REPEAT_BITS   # tested bits since the last alarm (saturates)
        self.steps = 0           # continuous steps run
        self.roll_steps = 0      # of them, run by bytes() (work that rolls)
        self.fresh = FRESH_BYTES
        self.retry = False       # a roll may test a fresh sample again (see bytes())
        try:
            if read_bit is None:
                mem, addr = _register()
            else:
                mem, addr = health.Calls(read_bit), 0
            self._mem = mem
            self._addr = addr
            ok = self._sample()
            self.startup_bits = self.startup.bits
            self.entropy_ok = ok
            self.entropy_msg = self.startup.msg
            self.retry = not ok      # a failed start-up test is tried again on a roll
        except Exception as e:   # no ROSC register (not an RP2040): say so
            self._mem = None
            self.entropy_msg = "entropy test not run: %r" % (e,)

    @property
    def ok(self):
        return self.entropy_ok

    def _sample(self):
        """A fresh start-up test; True if it passed (the continuous tests
        then start over)."""
        t = self.startup
        t.reset()
        t.run_mem(self._mem, self._addr, self.nbits)
        if t.ok:
            self.test.reset()
        return t.ok

    def _say(self, text):
        if self.log is not None:
            try:
                self.log("dice: " + text)
            except Exception:
                pass

    def _alarm(self):
        """The continuous tests failed: stop, test a fresh sample, go on if it passes."""
        why = self.test.msg
        self.alarms += 1
        if self.since_alarm < REPEAT_BITS:
            self._refuse("%s (again, %d bits after the last alarm)" % (why, self.since_alarm))
            self._say("health alarm (%s) soon after another: rolls refused" % why)
            return False
        self.since_alarm = 0
        self.retests += 1
        try:
            ok = self._sample()
        except Exception as e:
            ok = False
            self.startup.msg = "entropy source unreadable: %r" % (e,)
        if ok:
            self._say("health alarm (%s); a fresh sample of %d bits passed: rolls go on" % (
                why, self.nbits))
            return True
        self._refuse(self.startup.msg)
        self.retry = True
        self._say("health alarm (%s); the fresh sample failed too (%s): rolls refused" % (
            why, self.startup.msg))
        return False

    def _refuse(self, msg):
        self.entropy_ok = False
        self.entropy_msg = msg
        self.retry = False

    def _retry(self):
        """A roll after a failed fresh sample ("A on the table tries again"):
        another fresh sample; the dice go on if it passes. A source that is
        still stuck fails it again and the roll is refused with the reason; a
        second alarm within REPEAT_BITS still refuses for good."""
        try:
            ok = self._sample()
        except Exception:
            ok = False
        self.retests += 1
        if ok:
            self.entropy_ok = True
            self.entropy_msg = "ok"
            self.retry = False
            self.fresh = FRESH_BYTES
            self._say("a fresh sample on a roll passed: rolls go on")
        else:
            self.entropy_msg = self.startup.msg
        return ok

    def health_step(self, n_bits=STEP_BITS):
        """Test n_bits more raw bits (call it in idle frames); return ok.

        Costs about n_bits raw reads and a few operations each; allocates
        nothing while the source is healthy. An alarm tests a fresh start-up
        sample at once (another 1,024 reads); after a refusal it does nothing
        more and every ``bytes()`` call refuses."""
        if not self.entropy_ok or self._mem is None:
            return self.entropy_ok
        self.fresh = FRESH_BYTES
        self.steps += 1
        if self.clock is not None:
            self.stepped_at = self.clock()
        try:
            ok = self.test.run_mem(self._mem, self._addr, n_bits)
        except Exception as e:   # the register read itself failed
            self._refuse("entropy source unreadable: %r" % (e,))
            self._say(self.entropy_msg)
            return False
        if self.since_alarm < REPEAT_BITS:
            self.since_alarm += n_bits
        if ok:
            return True
        return self._alarm()

    def bytes(self, k):
        if self.entropy_ok:
            self.fresh -= k
            if self.fresh < 0:           # long work that rolls: test as it goes
                self.roll_steps += 1
                self.health_step()
            elif self.clock is not None and (self.clock() - self.stepped_at) & _TICKS > STALE_MS:
                # a stale test (the ms since the last step, modulo the chip's
                # tick period: ticks.diff inline, no call per roll): enough
                # bits for a stuck run first
                self.roll_steps += 1
                self.health_step(STALE_BITS)
        if not self.entropy_ok and not (self.retry and self._retry()):
            raise RollRefused(self.entropy_msg)
        return self.draw(k)

    # k dice bytes once the tests have passed: os.urandom, buffered and
    # stirred (another edition's source overrides ``draw`` or ``fill``); the
    # method itself, not a call to it, so a roll costs no extra call
    draw = UrandomSource.bytes

"""Health tests of a raw entropy bit (after NIST SP 800-90B sections 4.3-4.4).

Three tests run over one continuous stream of raw bits:

* Repetition count test (RCT, 4.4.1): a run of ``C_rct = 1 + ceil(A / H)``
  identical bits fails (a stuck source); A = ``RCT_ALPHA_LOG2``.
* Adaptive proportion test (APT, 4.4.2), both ways: in a window of W bits,
  either value occurring ``C`` times or more fails (a biased source).
  Counting both values (not only the window's first bit, as the standard
  does) closes the standard's gap for a binary source: a window whose first
  bit is the rare value used to pass whatever the bias.
* Lag test: in the same window, the bits equal to the bit 16 before them
  (or the bits differing from it) reaching ``C`` fails. A source with a
  period that divides 16 (2, 4, 8, 16: ``0101``, ``0011``...) matches
  every time and is caught; the APT and RCT never see it.

The claim. H = 0.5 bit of min-entropy per raw bit, *given all earlier
bits*: no bit is predictable with probability above p = 2**-H = 0.7071,
whatever came before. The RP2040's ring-oscillator bit is biased and
correlated; the tests are there to catch a dead, stuck, biased or looping
oscillator, not to certify it. The dice never use the raw bit directly:
they use ``os.urandom``.

False alarms, per hour of use, not per test. For every source that meets
the claim, bias or correlation alike:

* RCT: an alarm needs C_rct - 1 bits equal to the one before them, each
  with probability <= p: <= 2**-(H (C_rct - 1)) = 2**-38 per bit.
* APT and lag test: each bit is the counted value (or equals the bit 16
  before it) with probability <= p given the past, so the count is
  stochastically below Binomial(W, p): per window and per side at most the
  binomial tail, and C is the smallest count with that tail <= alpha.

Budget (``RATE_BITS_PER_HOUR``): the app tests 32 bits per idle frame
(30 frames a second: 960 bits/s), 32 per 128 bytes of dice drawn (the
fairness run: about 780 bits/s, in frames that are not idle) and 96 before
a roll when the last test is over a second old (at most 96 bits/s). A frame
is idle or not, so however they mix that is at most 960 + 96 bits/s; the
design rate is 2,000 bits/s, = 7.2e6 bits per hour:

  RCT:  7.2e6 bits/h x 2**-38                               = 2.6e-5 per hour
  APT:  7.2e6 / 4096 = 1758 windows/h x 2 sides x 6.7e-9 (the
        exact tail at the cutoff, <= 2**-27)                  = 2.3e-5 per hour
  lag:  the same                                            = 2.3e-5 per hour
  all three                                                 = 7.3e-5 per hour,

one false alarm in 13,700 hours of continuous use (target: at most one in
10,000; tests/host/test_health_cutoffs.py prints and asserts it). An
alarm is not yet a refusal: the dice stop, a fresh start-up sample is
tested, and they carry on if it passes (hal/entropy.py).

Start-up (4.3): ``STARTUP_BITS`` = 1,024 bits, one window of its own with
alpha = 2**-22 per side and test (APT and lag, two sides each: <= 2**-20 a
sample; RCT 1024 x 2**-38 more). The start-up test refuses a source with
p = 0.85 (mean 870 of 1,024, cutoff 797: 6.3 sd) practically always; the
continuous window of 4,096 bits catches p = 0.75 (mean 3,072, cutoff 3,060)
in two windows of three.

The cutoffs are exact binomial quantiles computed on the host (see
tests/host/test_health_cutoffs.py) and written here because the device has
no big-number binomial. The tests judge at the end of each ``run_mem`` call
and of each window, so a failure is seen at most one step of bits late.
"""
from micropython import const

RCT_ALPHA_LOG2 = const(38)       # per bit
WINDOW_ALPHA_LOG2 = const(27)    # per continuous window, test and side
STARTUP_ALPHA_LOG2 = const(22)   # per start-up window, test and side
RATE_BITS_PER_HOUR = const(7200000)   # design rate: 2,000 raw bits a second
WINDOW = const(4096)             # continuous window (bits)
STARTUP_BITS = const(1024)       # SP 800-90B 4.3: at least 1,024 samples at start-up
APT_WINDOW = STARTUP_BITS        # the start-up window (SP 800-90B's W for a binary source)
LAG = const(16)                  # the lag test's distance (bits)
# min-entropy per bit in hundredths -> cutoff (APT and lag test)
STARTUP_CUTOFF = {50: 797, 80: 668, 100: 593}     # W = 1024, alpha 2^-22
WINDOW_CUTOFF = {50: 3060, 80: 2532, 100: 2230}   # W = 4096, alpha 2^-27
H_DEFAULT = const(50)
_BITS_CAP = const(0x3FF00000)   # ``bits`` stops counting here (weeks of idle)
# ones in a byte
_POP = (
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
    b"\x04\x05\x05\x06\x05\x06\x06\x07\x05\x06\x06\x07\x06\x07\x07\x08"
)

# leading zero bits of a byte (8 for 0)
_LZ = (
    b"\x08\x07\x06\x06\x05\x05\x05\x05\x04\x04\x04\x04\x04\x04\x04\x04"
    b"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
)


def rct_cutoff(h_percent, alpha_log2=RCT_ALPHA_LOG2):
    """1 + ceil(A / H) with H = h_percent / 100, in integers."""
    return 1 + (alpha_log2 * 100 + h_percent - 1) // h_percent


class HealthTest:
    """The three tests over one stream; ``window`` is STARTUP_BITS (the
    start-up test) or WINDOW (continuous use)."""

    def __init__(self, h_percent=H_DEFAULT, window=STARTUP_BITS):
        table = STARTUP_CUTOFF if window == STARTUP_BITS else WINDOW_CUTOFF
        if window not in (STARTUP_BITS, WINDOW) or h_percent not in table:
            raise ValueError("no cutoff for H=%d/100, W=%d" % (h_percent, window))
        self.h_percent = h_percent
        self.window = window
        self.rct_c = rct_cutoff(h_percent)
        self.apt_c = table[h_percent]
        if self.rct_c <= 16:     # runs inside a word are not measured
            raise ValueError("RCT cutoff too low")
        self.reset()

    def reset(self):
        self.ok = True
        self.msg = "ok"
        self.why = ""       # "stuck", "biased", "pattern" after a failure
        self.bits = 0
        self._last = -1
        self._run = 0
        self._h = 0         # the last 16 bits (the previous word), oldest highest
        self._fw = 0        # feed(): bits waiting for a whole word
        self._fn = 0
        self._ones = 0      # ones in the window so far
        self._mis = 0       # bits differing from the bit LAG before, in the window
        self._i = 0         # position in the window
        self.longest_run = 0
        self.max_count = 0  # the most of one value in a window
        self.max_match = 0  # the most lag matches (or mismatches) in a window
        self.windows = 0    # windows completed

    def feed(self, bit):
        """Test one bit; returns False once a test has failed. The tests take
        whole words: a word's verdict comes with its 16th bit."""
        self._fw = (self._fw << 1) | (bit & 1)
        self._fn += 1
        if self._fn < 16:
            return self.ok
        w = _Word(self._fw)
        self._fw = 0
        self._fn = 0
        return self.run_mem(w, 0, 16)

    def run(self, read_bit, n=STARTUP_BITS):
        """Test n bits of read_bit(); return ok."""
        return self.run_mem(Calls(read_bit), 0, n)

    def run_mem(self, mem, addr, n):
        """Test n bits read as ``mem[addr] & 1`` (on the chip ``mem`` is
        ``machine.mem32`` and ``addr`` the ROSC RANDOMBIT register); return
        ok. n is rounded up to whole 16-bit words. Stops at the first window
        end or call end that fails.

        The bit loop keeps to locals and does the least per bit (no Python
        call, no allocation); the verdict is taken at the end of each window
        and of the call."""
        n = (n + 15) & ~15
        while n > 0 and self.ok:
            m = self.window - self._i
            if m > n:
                m = n
            self._chunk(mem, addr, m)
            n -= m
            self._judge()
            if self._i >= self.window:
                self._i = 0
                self._ones = 0
                self._mis = 0
                self.windows += 1
        return self.ok

    def _chunk(self, mem, addr, n):
        """n bits, a multiple of 16, read as 16-bit words (first bit highest)."""
        last = self._last
        run = self._run
        longest = self.longest_run
        ones = self._ones
        mis = self._mis
        prev = self._h
        pop = _POP
        nw = n >> 4
        j = 0
        while j < nw:
            j += 1
            # 16 reads in a row: no loop between them, still some 20 us
            # apart on the chip (a few bytecodes each)
            w = mem[addr] & 1
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            w = (w << 1) | (mem[addr] & 1)
            ones += pop[w >> 8] + pop[w & 255]
            x = w ^ prev                 # lag 16: the previous word
            mis += pop[x >> 8] + pop[x & 255]
            prev = w
            if w == 0 or w == 0xFFFF:    # the whole word one run
                if (w & 1) != last:
                    if run > longest:
                        longest = run
                    run = 0
                    last = w & 1
                run += 16
                continue
            # a run ends in this word: its leading bits end the current run;
            # runs inside the word are shorter than 16 (and than any cutoff)
            y = w ^ 0xFFFF if w >> 15 else w
            if (w >> 15) != last:
                if run > longest:
                    longest = run
                run = 0
            hi = y >> 8
            run += _LZ[hi] if hi else 8 + _LZ[y & 255]
            if run > longest:
                longest = run
            last = w & 1
            y = w ^ 0xFFFF if last else w
            y &= -y                      # its lowest set bit: the trailing run ends there
            run = 7 - _LZ[y] if y < 256 else 15 - _LZ[y >> 8]
        if self.bits < _BITS_CAP:    # a count for tests and stats: stays a small int
            self.bits += n
        self._i += n
        self._last = last
        self._run = run
        self.longest_run = run if run > longest else longest
        self._ones = ones
        self._mis = mis
        self._h = prev

    def _judge(self):
        c = self.apt_c
        i = self._i
        ones = self._ones
        big = ones if ones > i - ones else i - ones
        if big > self.max_count:
            self.max_count = big
        mis = self._mis
        lag = mis if mis > i - mis else i - mis
        if lag > self.max_match:
            self.max_match = lag
        if self.longest_run >= self.rct_c:
            self._fail("stuck", "entropy source stuck: %d equal bits in a row (RCT cutoff %d)" % (
                self.longest_run, self.rct_c))
        elif big >= c:
            self._fail("biased", "entropy source biased: %d of %d bits equal (APT cutoff %d)" % (
                big, self.window, c))
        elif lag >= c:
            self._fail("pattern", "entropy source repeats: %d of %d bits %s the bit %d before "
                       "(lag cutoff %d)" % (lag, self.window, "equal to" if lag == i - mis
                                            else "unlike", LAG, c))

    def _fail(self, why, msg):
        self.ok = False
        self.why = why
        self.msg = msg


class Calls:
    """``mem[addr]`` for a bit function: ``Calls(f)[any]`` is ``f()``."""

    def __init__(self, f):
        self.f = f

    def __getitem__(self, addr):
        return self.f()


class _Word:
    """The bits of a 16-bit word, highest first, as ``mem[any]`` reads."""

    def __init__(self, w):
        self.w = w
        self.k = 16

    def __getitem__(self, addr):
        self.k -= 1
        return self.w >> self.k


def check(read_bit, n=STARTUP_BITS, h_percent=H_DEFAULT):
    """(ok, message) for n bits of read_bit() (the start-up test)."""
    t = HealthTest(h_percent)
    t.run(read_bit, n)
    return t.ok, t.msg

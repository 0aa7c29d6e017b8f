"""Health tests of a raw entropy bit (NIST SP 800-90B section 4.4).

Both tests are the standard's continuous health tests:

* Repetition count test (RCT): a run of ``C = 1 + ceil(20 / H)`` identical
  bits fails (a stuck source).
* Adaptive proportion test (APT): in each window of W = 1024 bits (the
  standard's window for a binary source), the first bit's value occurring
  ``C_apt`` times or more fails (a heavily biased source), with
  ``C_apt = 1 + CRITBINOM(1024, 2**-H, 1 - 2**-20)``.

The start-up test (SP 800-90B 4.3) runs them over ``STARTUP_BITS`` = 1,024
consecutive samples, which is one whole APT window; after that the same
``HealthTest`` keeps running on a few raw bits at a time, taken while the
console is idle, so a source that fails later is caught too. A run or a
window may span many such steps: the tests see one continuous stream.

H is the min-entropy per bit we claim for the source and alpha = 2**-20 the
false-alarm probability per test. We claim little, H = 0.5 bit per raw bit,
because the RP2040's ring-oscillator bit is known to be biased and
correlated; the tests are there to catch a dead or stuck oscillator, not to
certify it. The dice never use the raw bit directly: they use ``os.urandom``.

The APT cutoffs are exact binomial quantiles computed on the host (see
tests/host/test_health_cutoffs.py) and written here because the device has
no big-number binomial.
"""
from micropython import const

ALPHA_LOG2 = const(20)
APT_WINDOW = const(1024)     # SP 800-90B 4.4.2: W = 1024 for binary sources
STARTUP_BITS = const(1024)   # SP 800-90B 4.3: at least 1,024 samples at start-up
# min-entropy per bit in hundredths -> APT cutoff for W = 1024, alpha = 2^-20
APT_CUTOFF = {50: 793, 80: 664, 100: 589}
H_DEFAULT = const(50)


def rct_cutoff(h_percent):
    """1 + ceil(20 / H) with H = h_percent / 100, in integers."""
    return 1 + (ALPHA_LOG2 * 100 + h_percent - 1) // h_percent


class HealthTest:
    def __init__(self, h_percent=H_DEFAULT):
        if h_percent not in APT_CUTOFF:
            raise ValueError("no APT cutoff for H=%d/100" % h_percent)
        self.h_percent = h_percent
        self.rct_c = rct_cutoff(h_percent)
        self.apt_c = APT_CUTOFF[h_percent]
        self.reset()

    def reset(self):
        self.ok = True
        self.msg = "ok"
        self.bits = 0
        self._last = -1
        self._run = 0
        self._a = -1        # the APT window's reference value
        self._b = 0         # its count in the window
        self._i = 0         # position in the window
        self.longest_run = 0
        self.max_count = 0
        self.windows = 0    # APT windows completed

    def _fail_rct(self):
        self.ok = False
        self.msg = "entropy source stuck: %d equal bits in a row (RCT cutoff %d)" % (
            self._run, self.rct_c)

    def _fail_apt(self):
        self.ok = False
        self.msg = "entropy source biased: %d of %d bits equal (APT cutoff %d)" % (
            self._b, APT_WINDOW, self.apt_c)

    def feed(self, bit):
        """Test one bit; returns False once either test has failed."""
        bit &= 1
        self.bits += 1
        # repetition count
        if bit == self._last:
            self._run += 1
            if self._run > self.longest_run:
                self.longest_run = self._run
            if self._run >= self.rct_c and self.ok:
                self._fail_rct()
        else:
            self._last = bit
            self._run = 1
        # adaptive proportion
        if self._i == 0:
            self._a = bit
            self._b = 1
        elif bit == self._a:
            self._b += 1
            if self._b > self.max_count:
                self.max_count = self._b
            if self._b >= self.apt_c and self.ok:
                self._fail_apt()
        self._i += 1
        if self._i >= APT_WINDOW:
            self._i = 0
            self.windows += 1
        return self.ok

    def run(self, read_bit, n=STARTUP_BITS):
        """Test n bits of read_bit(); return ok. Stops at the first failure."""
        return self.run_mem(Calls(read_bit), 0, n)

    def run_mem(self, mem, addr, n):
        """Test n bits read as ``mem[addr] & 1`` (on the chip ``mem`` is
        ``machine.mem32`` and ``addr`` the ROSC RANDOMBIT register); return ok.
        Stops at the first failure.

        The same tests as ``feed``, in one loop over locals: this is the
        start-up test on the device and the idle-frame step, so it is kept
        cheap (no Python call per bit, no allocation)."""
        if not self.ok:
            return False
        last = self._last
        run = self._run
        a = self._a
        b = self._b
        i = self._i
        rct_c = self.rct_c
        apt_c = self.apt_c
        longest = self.longest_run
        fail = 0
        k = 0
        while k < n:
            bit = mem[addr] & 1
            k += 1
            if bit == last:
                run += 1
                if run >= rct_c:
                    fail = 1
            else:
                if run > longest:     # a run ends: only here, to keep the loop short
                    longest = run
                last = bit
                run = 1
            if i == 0:
                a = bit
                b = 1
            elif bit == a:
                b += 1
                if b >= apt_c and not fail:
                    fail = 2
            i += 1
            if i >= APT_WINDOW:
                # b only grows within a window: its largest value is its last
                if b > self.max_count:
                    self.max_count = b
                i = 0
                self.windows += 1
            if fail:
                break
        self.bits += k
        self._last = last
        self._run = run
        self._a = a
        self._b = b
        self._i = i
        self.longest_run = run if run > longest else longest
        if b > self.max_count:
            self.max_count = b
        if fail == 1:
            self._fail_rct()
        elif fail == 2:
            self._fail_apt()
        return self.ok


class Calls:
    """``mem[addr]`` for a bit function: ``Calls(f)[any]`` is ``f()``."""

    def __init__(self, f):
        self.f = f

    def __getitem__(self, addr):
        return self.f()


def check(read_bit, n=STARTUP_BITS, h_percent=H_DEFAULT):
    """(ok, message) for n bits of read_bit()."""
    t = HealthTest(h_percent)
    t.run(read_bit, n)
    return t.ok, t.msg

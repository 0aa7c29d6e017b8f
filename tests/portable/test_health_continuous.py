"""The entropy object's start-up test (1,024 raw bits) and its continuous
health tests in idle frames: a source that fails after boot is caught within
a bounded number of steps and every roll is refused from then on."""
import sys

from check import raises
from dicebox.core import health
from dicebox.core.rng import Rng, RollRefused
from dicebox.hal import entropy as ent
from dicebox.hal.entropy import Entropy


class Source:
    """Raw bits: xorshift32 until ``fail_at`` reads, then ``mode`` (stuck value
or 'biased' 82% ones). Counts its reads."""

    def __init__(self, seed=7, fail_at=-1, mode=1):
        self.s = seed
        self.n = 0
        self.fail_at = fail_at
        self.mode = mode

    def _next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def __call__(self):
        self.n += 1
        s = self._next()
        if 0 <= self.fail_at < self.n:
            if self.mode == "biased":
                return 1 if (s >> 8) % 100 < 82 else 0
            return self.mode
        return s >> 31


def test_startup_test_reads_at_least_1024_bits_and_passes():
    src = Source()
    e = Entropy(src)
    assert e.ok and e.entropy_msg == "ok"
    assert src.n == e.startup_bits == health.STARTUP_BITS >= 1024
    assert e.test.windows == 1


def test_startup_failure_refuses_from_the_start():
    e = Entropy(Source(fail_at=0, mode=0))
    assert not e.ok and "stuck" in e.entropy_msg
    assert not e.health_step()
    r = raises(RollRefused, Rng(e).roll, 6)
    assert "stuck" in str(r)


def test_good_source_keeps_passing_in_idle_steps():
    e = Entropy(Source(3))
    for _ in range(3000):         # 48,000 bits, 47 more APT windows
        assert e.health_step(16)
    assert e.test.bits == 1024 + 48000
    assert e.test.windows == 47    # 49,024 bits
    assert 1 <= Rng(e).roll(6) <= 6


def _steps_to_catch(src, step):
    e = Entropy(src)
    assert e.ok
    steps = 0
    while e.health_step(step):
        steps += 1
        assert steps < 100000
    return e, steps + 1


def test_stuck_after_boot_is_caught_within_a_few_idle_steps():
    for value in (0, 1):
        for after in (0, 5, 700, 5000):
            src = Source(11, fail_at=1024 + after, mode=value)
            e, steps = _steps_to_catch(src, 16)
            # the run is caught at its 41st equal bit: at most (after + 41)
            # bits later, i.e. within ceil((after + 41) / 16) steps
            assert steps <= (after + 41 + 15) // 16, (value, after, steps)
            assert not e.ok and "stuck" in e.entropy_msg
            r = raises(RollRefused, Rng(e).roll, 6)
            assert "stuck" in str(r) and "41" in str(r)
            # and it stays refused
            assert not e.health_step(16)
            raises(RollRefused, e.bytes, 1)
    print("stuck source caught within %d idle steps of 16 bits" % ((41 + 15) // 16))


def test_biased_after_boot_is_caught_within_three_windows():
    apt = 0
    for after in (0, 300, 1023, 4000):
        src = Source(13, fail_at=1024 + after, mode="biased")
        e, steps = _steps_to_catch(src, 16)
        # the window the change falls in may not reach the cutoff, and a
        # whole window after it misses when its first bit is the rare value
        # (about 1 in 5 here): these runs need at most three windows of bits
        assert steps * 16 <= after + 3 * health.APT_WINDOW, (after, steps)
        assert not e.ok and ("biased" in e.entropy_msg or "stuck" in e.entropy_msg)
        raises(RollRefused, Rng(e).randbelow, 6)
        apt += "APT" in e.entropy_msg
    assert apt >= 2


def test_unreadable_source_refuses():
    n = [0]

    def read():
        n[0] += 1
        if n[0] > 1100:
            raise OSError(5)
        return n[0] & 1 if n[0] & 4 else 1
    e = Entropy(read)
    assert e.ok
    while e.health_step(16):
        pass
    assert not e.ok and "unreadable" in e.entropy_msg
    raises(RollRefused, e.bytes, 2)


def test_no_rosc_register_means_no_rolls_and_no_steps():
    def broken():
        raise ImportError("no module named 'machine'")
    e = Entropy(broken)
    assert not e.ok and "not run" in e.entropy_msg
    assert e.health_step() is False
    raises(RollRefused, e.bytes, 1)


def test_refusal_is_the_apps_roll_refused():
    class FakeApp:
        class RollRefused(Exception):
            pass
    key = "dicebox.core.app"
    old = sys.modules.get(key)
    sys.modules[key] = FakeApp
    try:
        e = Entropy(Source(fail_at=1500, mode=0))
        while e.health_step(16):
            pass
        raises(FakeApp.RollRefused, e.bytes, 1)
    finally:
        if old is None:
            del sys.modules[key]
        else:
            sys.modules[key] = old
    assert ent.refused() is (getattr(old, "RollRefused") if old is not None else RollRefused)


def test_health_step_allocates_nothing():
    try:
        import gc
        gc.mem_alloc
    except (ImportError, AttributeError):
        return    # CPython: no allocation counter
    import micropython  # noqa: F401
    e = Entropy(Source(17))
    e.health_step(16)
    gc.collect()
    gc.disable()
    try:
        a0 = gc.mem_alloc()
        i = 0
        while i < 200:
            e.health_step(16)
            i += 1
        a1 = gc.mem_alloc()
    finally:
        gc.enable()
    assert e.ok
    assert a1 - a0 == 0, a1 - a0


def test_the_app_refuses_a_roll_after_a_later_failure():
    # the app's frame loop calling health_step in idle frames, played through
    from dicebox.core import events as E
    from dicebox.core import storage, ui
    from dicebox.core.app import App
    from fakehw import FakeHW

    class Roller(ui.Screen):
        def __init__(self, app):
            ui.Screen.__init__(self, app)
            self.rolled = []

        def event(self, ev):
            if ui.is_press(ev, E.A):
                self.rolled.append(self.app.rng.roll(6))

        def draw(self, fb):
            fb.fill(0)

    hw = FakeHW()
    hw.entropy = Entropy(Source(5, fail_at=1024 + 3000, mode=1))
    app = App(hw, storage.MemoryStore(), Roller)
    app.home()

    def frames(n, press=False):
        for i in range(n):
            hw.mask = (1 << E.A) if press and i < 3 else 0
            app.frame(hw.ticks_ms())
            hw.entropy.health_step(16)      # the wiring asked of core/app.py
            hw.sleep_ms(33)
    frames(2)
    frames(6, press=True)
    assert len(app.top().rolled) == 1
    frames(200)                              # 3,200 raw bits: the source went stuck
    assert not hw.entropy.ok
    frames(6, press=True)
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Cannot roll", top
    assert "stuck" in " ".join(top.lines)

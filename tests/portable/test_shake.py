import math

from dicebox.core import events, shake
from dicebox.core.app import NoShake
from dicebox.core.shake import ShakeDetector, SwitchShake
from check import allocated_by

SHAKE = events.make(events.SHAKE)
SETTLED = events.make(events.SETTLED)
DT = 33   # one sample a frame


class Noise:
    def __init__(self, seed=7):
        self.s = seed

    def __call__(self, amp):
        # small LCG, portable and deterministic
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % (2 * amp + 1) - amp


def feed(det, samples, t0=0):
    """samples: list of (x, y, z). Returns [(t, event)], and the states seen."""
    out = []
    states = set()
    t = t0
    for x, y, z in samples:
        e = det.update(x, y, z, t)
        if e:
            out.append((t, e))
        states.add(det.state)
        t += DT
    return out, states


def rest(n, noise, amp=30):
    return [(noise(amp), noise(amp), 1000 + noise(amp)) for _ in range(n)]


def oscillate(n, amp, hz, axis=0, noise=None):
    out = []
    for i in range(n):
        v = int(amp * math.sin(2 * math.pi * hz * i * DT / 1000.0))
        a = [0, 0, 1000]
        a[axis] += v
        if noise:
            a = [c + noise(20) for c in a]
        out.append((a[0], a[1], a[2]))
    return out


def pick_up(noise):
    # lift (z up to 1.35 g and back) while tilting 30 degrees about y, over ~0.8 s
    out = []
    for i in range(24):
        f = i / 23.0
        lift = int(350 * math.sin(math.pi * f) if f < 0.5 else -200 * math.sin(math.pi * f))
        ang = math.pi / 6 * f
        x = int(1000 * math.sin(ang))
        z = int(1000 * math.cos(ang)) + lift
        out.append((x + noise(30), noise(30), z + noise(30)))
    for _ in range(30):
        out.append((500 + noise(30), noise(30), 866 + noise(30)))
    return out


def test_at_rest_with_noise_nothing_happens():
    n = Noise()
    det = ShakeDetector()
    out, states = feed(det, rest(300, n), t0=1000)
    assert out == []
    assert states == {shake.STILL}


def test_picking_up_is_handling_not_a_shake():
    n = Noise(3)
    det = ShakeDetector()
    out, states = feed(det, rest(30, n) + pick_up(n), t0=1000)
    assert out == []
    assert shake.HANDLING in states
    assert det.state == shake.STILL   # at rest again, tilted


def test_vigorous_shake_gives_one_shake_then_one_settled():
    n = Noise(5)
    det = ShakeDetector()
    trace = rest(30, n) + oscillate(45, 2500, 4, axis=0, noise=n) + rest(60, n)
    out, _ = feed(det, trace, t0=0)
    assert [e for t, e in out] == [SHAKE, SETTLED]
    start = 30 * DT
    stop = 75 * DT
    assert start <= out[0][0] <= start + 300          # detected within 300 ms
    assert stop + 250 <= out[1][0] <= stop + 500       # settles ~300 ms after it stops
    assert det.state == shake.STILL and det.shakes == 1


def test_shake_along_any_axis():
    for axis in (0, 1, 2):
        det = ShakeDetector()
        out, _ = feed(det, oscillate(45, 2200, 5, axis=axis) + rest(40, Noise()))
        assert [e for t, e in out] == [SHAKE, SETTLED], axis


def test_pauses_inside_a_shake_do_not_split_it():
    n = Noise(9)
    det = ShakeDetector()
    trace = oscillate(20, 2500, 4, noise=n) + rest(5, n) + oscillate(20, 2500, 4, noise=n) + rest(40, n)
    out, _ = feed(det, trace)
    assert [e for t, e in out] == [SHAKE, SETTLED]


def test_sensitivity_changes_the_outcome():
    moderate = oscillate(60, 700, 3, axis=2) + rest(40, Noise())
    results = {}
    for s in (1, 3, 5):
        det = ShakeDetector(sensitivity=s)
        out, _ = feed(det, moderate)
        results[s] = [e for t, e in out]
    assert results[1] == [] and results[3] == []
    assert results[5] == [SHAKE, SETTLED]
    # and a hard shake is still a shake at the lowest sensitivity
    det = ShakeDetector(sensitivity=1)
    out, _ = feed(det, oscillate(45, 3000, 5) + rest(40, Noise()))
    assert [e for t, e in out] == [SHAKE, SETTLED]


def test_sensitivity_can_change_while_running():
    det = ShakeDetector(sensitivity=1)
    moderate = oscillate(60, 700, 3, axis=2)
    out, _ = feed(det, moderate)
    assert out == []
    det.sensitivity = 5
    out, _ = feed(det, moderate, t0=5000)
    assert out and out[0][1] == SHAKE


class FakeAccel:
    def __init__(self, samples):
        self.samples = samples
        self.i = 0

    def read_into(self, arr):
        if self.i >= len(self.samples):
            return False
        arr[0], arr[1], arr[2] = self.samples[self.i]
        self.i += 1
        return True


def test_poll_reads_the_source():
    det = ShakeDetector(source=FakeAccel(oscillate(45, 2500, 4) + rest(40, Noise())))
    got = []
    for k in range(100):
        e = det.poll(k * DT)
        if e:
            got.append(e)
    assert got == [SHAKE, SETTLED]
    assert det.poll(10000) == 0           # no new sample, nothing happens


def test_switch_counts_edges_in_a_window():
    sw = SwitchShake()
    t = 0
    got = []
    # at rest: no edges
    for _ in range(30):
        e = sw.update(0, t)
        assert e == 0
        t += DT
    assert sw.state == shake.STILL
    # picked up: a couple of edges
    sw.update(1, t)
    t += DT
    sw.update(1, t + 200)
    t += 300
    assert sw.state == shake.HANDLING
    for _ in range(40):
        e = sw.update(0, t)
        assert e == 0
        t += DT
    # shaking: 2 edges a frame for a second
    for _ in range(30):
        e = sw.update(2, t)
        if e:
            got.append((t, e))
        t += DT
    for _ in range(30):
        e = sw.update(0, t)
        if e:
            got.append((t, e))
        t += DT
    assert [e for _, e in got] == [SHAKE, SETTLED]
    assert sw.state == shake.STILL


def test_switch_sensitivity():
    # 4 edges spread over 300 ms: a shake only at high sensitivity
    def run(s):
        sw = SwitchShake(sensitivity=s)
        got = []
        t = 1000
        for k in range(10):
            e = sw.update(1 if k < 4 else 0, t)
            if e:
                got.append(e)
            t += 100
        for _ in range(10):
            e = sw.update(0, t)
            if e:
                got.append(e)
            t += 100
        return got
    assert run(3) == []
    assert run(4) == [SHAKE, SETTLED]


def test_no_sensor():
    ns = NoShake()
    assert ns.kind == "none" and ns.poll(123) == 0 and ns.sensitivity == 3
    assert ShakeDetector.kind == "lis3dh" and SwitchShake.kind == "switch"


def test_update_allocates_nothing_under_micropython():
    trace = oscillate(40, 2500, 4) + rest(40, Noise())
    det = ShakeDetector(source=FakeAccel(trace))
    det.poll(0)

    def polls():
        for k in range(1, 79):
            det.poll(k * DT)
    n = allocated_by(polls)
    assert det.shakes == 1
    assert n in (0, None), n


def test_on_shake_hook_called_once_per_shake():
    seen = []
    det = ShakeDetector()
    det.on_shake = seen.append
    feed(det, oscillate(45, 2500, 4) + rest(40, Noise()) + oscillate(45, 2500, 4) + rest(40, Noise()))
    assert len(seen) == 2 and det.shakes == 2
    sw = SwitchShake()
    sw.on_shake = seen.append
    for k in range(20):
        sw.update(3, 1000 + k * DT)
    assert len(seen) == 3

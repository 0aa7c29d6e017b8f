"""The simulator's dice source runs the device's health tests (hal/entropy.py)
over its own raw bits; a seeded run keeps the seeded dice exactly.
(MicroPython only: the simulator draws with framebuf.)"""

from simload import sim_module

from check import raises


def _simhw():
    return sim_module("simhw")


def test_the_simulator_tests_its_dice_source():
    simhw = _simhw()
    if simhw is None:
        return
    from dicebox.core import memstore
    from dicebox.core.app import App
    from dicebox.hal.entropy import Entropy
    from dicebox.apps import menu
    for seed in (None, 1):
        hw = simhw.SimHW(simhw.VirtualClock(), "/tmp", seed)
        e = hw.entropy
        assert isinstance(e, Entropy) and hw.entropy_ok and e.startup_bits == 1024
        app = App(hw, memstore.MemoryStore(), menu.home)
        app.home()
        for _ in range(60):
            app.frame(hw.ticks_ms())
            hw.sleep_ms(33)
        assert e.steps >= 50 and e.test.bits >= 50 * 32 and e.ok


def test_seeded_dice_are_the_seeded_source_s():
    simhw = _simhw()
    if simhw is None:
        return
    from dicebox.core import rng
    hw = simhw.SimHW(simhw.VirtualClock(), "/tmp", 7)
    a = rng.Rng(hw.entropy)
    b = rng.seeded(7)
    assert [a.roll(6) for _ in range(2000)] == [b.roll(6) for _ in range(2000)]
    assert hw.entropy.roll_steps > 0     # tested as they were drawn


def test_a_stuck_source_in_the_simulator_is_refused():
    simhw = _simhw()
    if simhw is None:
        return
    from dicebox.core import rng
    n = [0]
    good = simhw.SeededBits(3)

    def bits():
        n[0] += 1
        return 1 if n[0] > 2000 else good()
    e = simhw.SimEntropy(5, read_bit=bits)
    assert e.ok
    while e.health_step():
        pass
    assert not e.ok and "stuck" in e.entropy_msg
    raises(rng.RollRefused, rng.Rng(e).roll, 6)

from check import raises
from dicebox.core.hourglass import Hourglass


def test_starts_full_and_still():
    h = Hourglass(180000, now=1000)
    assert h.left(99999) == 180000
    assert h.elapsed(5000) == 0
    assert not h.done(10 ** 6)


def test_runs_one_ms_per_ms_and_stops_at_zero():
    h = Hourglass(10000)
    h.start(500)
    assert h.left(500) == 10000
    assert h.left(3500) == 7000
    assert h.elapsed(3500) == 3000
    assert h.left(10500) == 0 and h.done(10500)
    assert h.left(99999) == 0


def test_flip_swaps_left_and_run():
    h = Hourglass(60000)
    h.start(0)
    h.flip(15000)          # 45 s left, 15 s run -> 15 s left
    assert h.left(15000) == 15000
    assert h.left(20000) == 10000
    h.flip(20000)          # 10 s left -> 50 s left
    assert h.left(20000) == 50000
    assert h.elapsed(20000) == 10000


def test_flip_when_empty_restarts_full_and_flip_twice_is_identity():
    h = Hourglass(30000)
    h.start(0)
    h.flip(40000)
    assert h.left(40000) == 30000
    h.flip(41000)
    h.flip(41000)
    assert h.left(41000) == 29000


def test_pause_holds_the_sand():
    h = Hourglass(30000)
    h.start(0)
    h.pause(10000)
    assert h.left(50000) == 20000
    h.start(60000)
    assert h.left(65000) == 15000


def test_flip_while_paused_swaps_without_running():
    h = Hourglass(30000)
    h.start(0)
    h.pause(10000)
    h.flip(20000)
    assert h.left(90000) == 10000 and not h.running


def test_add_and_take_sand():
    h = Hourglass(30000)
    h.start(0)
    h.add(10000, 5000)
    assert h.left(10000) == 25000
    h.add(12000, -99999)
    assert h.left(12000) == 0
    h.flip(12000)
    assert h.left(12000) == 30000


def test_flip_never_goes_negative_after_extra_sand():
    h = Hourglass(10000)
    h.add(0, 5000)
    h.flip(0)
    assert h.left(0) == 0


def test_reset():
    h = Hourglass(30000)
    h.start(0)
    h.reset(5000, 60000)
    assert h.total == 60000 and h.left(99999) == 60000 and not h.running
    h.start(0)
    h.reset(1000)
    assert h.total == 60000 and h.left(1000) == 60000


def test_round_trip_running_and_paused_restore():
    h = Hourglass(60000)
    h.start(0)
    d = h.to_dict(20000)
    assert d == {"total": 60000, "left": 40000, "running": True}
    h2 = Hourglass.from_dict(d, 500000)
    assert h2.left(501000) == 39000
    h3 = Hourglass.from_dict(d, 500000, paused=True)
    assert h3.left(900000) == 40000 and not h3.running


def test_from_dict_rejects_damage():
    raises(ValueError, Hourglass.from_dict, {"total": "x", "left": 1, "running": False}, 0)
    raises(ValueError, Hourglass.from_dict, {"total": 100, "left": -1, "running": False}, 0)
    raises(KeyError, Hourglass.from_dict, {"total": 100}, 0)

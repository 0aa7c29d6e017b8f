from dicebox.core import battery_curve as bc


def test_curve_end_points_and_clamping():
    assert bc.percent(4250) == 100
    assert bc.percent(4200) == 100
    assert bc.percent(3300) == 0
    assert bc.percent(3000) == 0
    assert bc.percent(0) == 0


def test_curve_points_are_exact_and_monotonic():
    assert len(bc.CURVE_MV) == 21          # 100, 95 ... 0 percent
    for i, mv in enumerate(bc.CURVE_MV):
        assert bc.percent(mv) == 100 - 5 * i, mv
    last = -1
    for mv in range(3200, 4300, 5):
        p = bc.percent(mv)
        assert 0 <= p <= 100
        assert p >= last, mv
        last = p


def test_interpolates_between_points():
    # halfway between 3690 (10 %) and 3710 (15 %)
    assert bc.percent(3700) in (12, 13)
    assert 45 <= bc.percent(3830) <= 50
    assert bc.percent(3750) == 25


def test_adc_scaling_of_vsys_over_three():
    assert bc.adc_to_mv(0) == 0
    assert bc.adc_to_mv(65535) == 9900
    # 4.2 V at VSYS -> 1.4 V at the pin -> 1.4 / 3.3 * 65535
    raw = 1400 * 65535 // 3300
    assert abs(bc.adc_to_mv(raw) - 4200) <= 1


def test_gauge_smooths_and_low_flag_has_hysteresis():
    g = bc.Gauge()
    g.update(3800)
    assert g.mv == 3800 and not g.low
    for _ in range(100):
        g.update(3550)
    assert g.low and abs(g.mv - 3550) < 10
    # a reading just above the low level does not clear the warning
    for _ in range(100):
        g.update(3650)
    assert g.low
    for _ in range(100):
        g.update(3750)
    assert not g.low
    for _ in range(100):
        g.update(3350)
    assert g.critical and g.percent() <= 1


def test_gauge_ignores_one_noisy_reading():
    g = bc.Gauge()
    for _ in range(20):
        g.update(3900)
    g.update(3300)        # one bad sample
    assert g.mv > 3800 and not g.low

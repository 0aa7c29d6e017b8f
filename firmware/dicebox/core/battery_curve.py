"""LiPo voltage -> charge estimate, and the Pico's VSYS/3 ADC scaling (portable).

The curve is the usual resting-voltage curve of a single 3.7 V LiPo cell at a
light load (the console draws ~30 mA from a 1000 mAh cell, C/30, so the sag is
a few tens of mV). It is an estimate: good to ~10 %, best read as bars.
"""
from micropython import const

# (millivolts, percent), from full to empty
CURVE = (
    (4200, 100), (4150, 95), (4110, 90), (4080, 85), (4020, 80), (3980, 75),
    (3950, 70), (3910, 65), (3870, 60), (3850, 55), (3840, 50), (3820, 45),
    (3800, 40), (3790, 35), (3770, 30), (3750, 25), (3730, 20), (3710, 15),
    (3690, 10), (3610, 5), (3300, 0),
)
LOW_MV = const(3600)        # warn: about 5 % left
LOW_CLEAR_MV = const(3700)  # hysteresis: the warning clears above this
CRITICAL_MV = const(3400)   # save and sleep
USB_MV = const(4400)        # VSYS above this: powered from USB, not the cell


def percent(mv):
    """Charge estimate 0..100 for a cell voltage in millivolts (linear between points)."""
    if mv >= CURVE[0][0]:
        return 100
    for i in range(1, len(CURVE)):
        v1, p1 = CURVE[i]
        if mv >= v1:
            v0, p0 = CURVE[i - 1]
            return p1 + ((mv - v1) * (p0 - p1) + (v0 - v1) // 2) // (v0 - v1)
    return 0


def adc_to_mv(raw_u16, vref_mv=3300, divider=3):
    """``ADC.read_u16()`` of VSYS/3 -> VSYS in millivolts."""
    return (raw_u16 * vref_mv * divider + 32767) // 65535


class Gauge:
    """Smoothed voltage with a low-battery flag that does not flicker."""

    def __init__(self):
        self.mv = 0
        self.low = False
        self.critical = False

    def update(self, mv):
        if self.mv == 0:
            self.mv = mv
        else:
            self.mv += (mv - self.mv) // 8 if mv < self.mv else (mv - self.mv + 7) // 8
        v = self.mv
        if self.low:
            if v >= LOW_CLEAR_MV:
                self.low = False
        elif v < LOW_MV:
            self.low = True
        self.critical = v < CRITICAL_MV
        return v

    def percent(self):
        return percent(self.mv)


class FixedCell:
    """A cell at a fixed voltage (integer millivolts: reading it allocates
    nothing): the battery of the simulator and of the browser's tests."""

    def __init__(self, mv=3920):
        self.mv = mv

    def volts(self):
        return self.mv / 1000

    def percent(self):
        return percent(self.mv)

    def charging(self):
        return False

    def low(self):
        return self.mv < LOW_MV

"""LiPo voltage -> charge estimate, and the Pico's VSYS/3 ADC scaling (portable).

The curve is the usual resting-voltage curve of a single 3.7 V LiPo cell at a
light load (the console draws ~30 mA from a 1000 mAh cell, C/30, so the sag is
a few tens of mV). It is an estimate: good to ~10 %, best read as bars.
"""
from micropython import const

# the cell's millivolts at 100, 95, 90 ... 5, 0 percent (a point every 5 %),
# from full to empty: one tuple of small ints (on the chip a tuple of pairs
# would be 22 heap objects, this is one)
CURVE_MV = (
    4200, 4150, 4110, 4080, 4020, 3980, 3950, 3910, 3870, 3850, 3840,
    3820, 3800, 3790, 3770, 3750, 3730, 3710, 3690, 3610, 3300,
)
_STEP_PCT = const(5)        # percent between two points of CURVE_MV
LOW_MV = const(3600)        # warn: about 5 % left
LOW_CLEAR_MV = const(3700)  # hysteresis: the warning clears above this
CRITICAL_MV = const(3400)   # save and sleep
USB_MV = const(4400)        # VSYS above this: powered from USB, not the cell


def percent(mv):
    """Charge estimate 0..100 for a cell voltage in millivolts (linear between points)."""
    if mv >= CURVE_MV[0]:
        return 100
    for i in range(1, len(CURVE_MV)):
        v1 = CURVE_MV[i]
        if mv >= v1:
            v0 = CURVE_MV[i - 1]
            p1 = 100 - _STEP_PCT * i
            return p1 + ((mv - v1) * _STEP_PCT + (v0 - v1) // 2) // (v0 - v1)
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

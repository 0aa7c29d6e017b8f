"""Battery: VSYS/3 on ADC3 (GP29), USB presence on GP24.

A reading no cell can give (below ``MIN_MV`` or, on battery, above
``MAX_CELL_MV``: a loose wire, a floating pin) is not fed into the smoothed
gauge: ``volts()`` reports it as read, and ``percent()`` says None (unknown)
rather than a made-up charge.
"""
from micropython import const

from dicebox.core import battery_curve
from dicebox.hal import board

MIN_MV = const(2500)        # the Pico browns out well before a cell reads this
MAX_CELL_MV = const(4500)   # a full LiPo is 4.2 V


class Battery:
    def __init__(self, adc=None, vbus=None, smps=None, samples=8):
        if adc is None:
            from machine import ADC, Pin
            adc = ADC(Pin(board.VSYS_ADC))
            vbus = Pin(board.VBUS_SENSE, Pin.IN)
            smps = Pin(board.SMPS_MODE, Pin.OUT, value=0)
        self.adc = adc
        self.vbus = vbus
        self.smps = smps
        self.samples = samples
        self.gauge = battery_curve.Gauge()
        self._last_pct = 100
        self._usb = False
        self.bad = False

    def millivolts(self):
        """VSYS now, averaged over a few readings, smoothed over calls (a
        reading that cannot be true is returned as read, not smoothed in)."""
        if self.smps is not None:
            self.smps.value(1)      # SMPS in PWM mode: less ripple on VSYS
        total = 0
        try:
            for _ in range(self.samples):
                total += self.adc.read_u16()
        finally:
            if self.smps is not None:
                self.smps.value(0)
        mv = battery_curve.adc_to_mv(total // self.samples)
        self.bad = mv < MIN_MV or (mv > MAX_CELL_MV and not self._on_usb())
        if self.bad:
            return mv
        return self.gauge.update(mv)

    def _on_usb(self):
        return self.vbus is not None and bool(self.vbus.value())

    def volts(self):
        return self.millivolts() / 1000

    def charging(self):
        """True while USB power is present (the charger is then running)."""
        if self.vbus is not None:
            return bool(self.vbus.value())
        return self.gauge.mv >= battery_curve.USB_MV

    def percent(self):
        """Charge estimate 0..100, or None when the reading cannot be true.
        On USB, VSYS is the USB voltage, not the cell's: the last estimate
        made on battery is returned (100 if none)."""
        if self.charging():
            self._usb = True
            return self._last_pct
        if self._usb:               # just unplugged: forget the USB voltage
            self._usb = False
            self.gauge.mv = 0
        self.millivolts()
        if self.bad:
            return None
        self._last_pct = self.gauge.percent()
        return self._last_pct

    def low(self):
        return self.gauge.low and not self.bad and not self.charging()

"""Battery: VSYS/3 on ADC3 (GP29), USB presence on GP24."""
from dicebox.core import battery_curve
from dicebox.hal import board


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

    def millivolts(self):
        """VSYS now, averaged over a few readings, smoothed over calls."""
        if self.smps is not None:
            self.smps.value(1)      # SMPS in PWM mode: less ripple on VSYS
        total = 0
        for _ in range(self.samples):
            total += self.adc.read_u16()
        if self.smps is not None:
            self.smps.value(0)
        return self.gauge.update(battery_curve.adc_to_mv(total // self.samples))

    def volts(self):
        return self.millivolts() / 1000

    def charging(self):
        """True while USB power is present (the charger is then running)."""
        if self.vbus is not None:
            return bool(self.vbus.value())
        return self.gauge.mv >= battery_curve.USB_MV

    def percent(self):
        """Charge estimate 0..100. On USB, VSYS is the USB voltage, not the
        cell's: the last estimate made on battery is returned (100 if none)."""
        if self.charging():
            self._usb = True
            return self._last_pct
        if self._usb:               # just unplugged: forget the USB voltage
            self._usb = False
            self.gauge.mv = 0
        self.millivolts()
        self._last_pct = self.gauge.percent()
        return self._last_pct

    def low(self):
        return self.gauge.low and not self.charging()

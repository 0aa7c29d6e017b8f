"""Dimming, display off + lightsleep, and the watchdog.

The RP2040 watchdog allows at most 8388 ms and, once started, cannot be
stopped. ``lightsleep(ms)`` therefore sleeps in chunks of ``chunk_ms``
(100 ms), feeding the watchdog after each, and returns early as soon as
``wake_check()`` reports a button or a shake. On the rp2 port
``machine.lightsleep(n)`` stops the PLLs and waits for a timer alarm, so the
chunk length is also the longest wake-up delay.
"""
from micropython import const

WDT_MS = const(5000)
CHUNK_MS = const(100)
DIM_CONTRAST = const(0x04)


class Power:
    def __init__(self, display=None, wake_check=None, chunk_ms=CHUNK_MS, machine_mod=None):
        self.display = display
        self.wake_check = wake_check
        self.chunk_ms = chunk_ms
        self.wdt = None
        self.contrast = 0xCF
        self.dimmed = False
        self._m = machine_mod

    def _machine(self):
        if self._m is None:
            import machine
            self._m = machine
        return self._m

    def start_watchdog(self, timeout_ms=WDT_MS):
        if self.wdt is None:
            self.wdt = self._machine().WDT(timeout=timeout_ms)
        return self.wdt

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def dim(self, on):
        if self.display is None or on == self.dimmed:
            return
        self.dimmed = on
        self.display.contrast(DIM_CONTRAST if on else self.contrast)

    def set_contrast(self, v):
        self.contrast = v
        if self.display is not None and not self.dimmed:
            self.display.contrast(v)

    def screen(self, on):
        if self.display is not None:
            self.display.power(on)

    def lightsleep(self, ms=0):
        """Sleep up to ms (0: until woken); True if woken by input.

        The display is already off. Without a ``wake_check`` a 0 ms sleep
        returns after one chunk rather than never.
        """
        m = self._machine()
        forever = ms <= 0
        left = ms
        while forever or left > 0:
            n = self.chunk_ms if (forever or left > self.chunk_ms) else left
            m.lightsleep(n)
            left -= n
            self.feed()
            if self.wake_check is None:
                if forever:
                    return False
            elif self.wake_check():
                return True
        return False

"""Passive piezo on a PWM pin, with a non-blocking tone queue.

``tone(freq_hz, ms)`` queues a note (``freq_hz`` 0 is a rest); ``tick(now)``
is called every frame and starts the next note when the current one is over.
``muted`` silences everything (queued notes are dropped). The queue is a
preallocated ring; nothing is allocated per call.
"""
from micropython import const

from dicebox.core.ticks import add as ticks_add
from dicebox.core.ticks import diff as ticks_diff

_QUEUE = const(16)
_DUTY = const(32768)   # 50 %: loudest for a piezo


class Buzzer:
    def __init__(self, pin=None, pwm=None, queue=_QUEUE):
        if pwm is None:
            from machine import PWM, Pin

            from dicebox.hal import board
            pwm = PWM(Pin(board.PIEZO if pin is None else pin))
        self.pwm = pwm
        self.muted = False
        self._freq = [0] * queue
        self._ms = [0] * queue
        self._head = 0
        self._n = 0
        self._playing = False
        self._until = 0
        self._silence()

    def _silence(self):
        self.pwm.duty_u16(0)

    def tone(self, freq_hz, ms):
        """Queue a tone; returns False if muted or the queue is full."""
        if self.muted or self._n >= len(self._freq):
            return False
        i = (self._head + self._n) % len(self._freq)
        self._freq[i] = freq_hz
        self._ms[i] = ms
        self._n += 1
        return True

    def busy(self):
        return self._playing or self._n > 0

    def stop(self):
        self._n = 0
        self._playing = False
        self._silence()

    def tick(self, now):
        if self.muted:
            if self._playing or self._n:
                self.stop()
            return
        if self._playing and ticks_diff(now, self._until) < 0:
            return
        if not self._n:
            if self._playing:
                self._playing = False
                self._silence()
            return
        i = self._head
        f = self._freq[i]
        self._head = (i + 1) % len(self._freq)
        self._n -= 1
        if f > 0:
            self.pwm.freq(f)
            self.pwm.duty_u16(_DUTY)
        else:
            self._silence()
        self._playing = True
        self._until = ticks_add(now, self._ms[i])

    def deinit(self):
        self.stop()
        try:
            self.pwm.deinit()
        except AttributeError:
            pass

"""Buttons: debounce, press/release, long press, auto-repeat, stuck detection.

``Buttons.poll(raw, now, latched=0)`` is called once a frame with the mask of
buttons down now (bit n = ``events.UP`` .. ``events.B``), the millisecond
clock and, optionally, the mask of presses the hal latched by pin interrupt
since the last poll. Events go into a preallocated ring; ``next()`` returns
them one at a time and 0 when there are none. Nothing is allocated per poll.

Debounce (chosen for latency): a change is accepted on the first poll that
sees it, as long as the button's last accepted change is at least
``DEBOUNCE_MS`` (25 ms) old; changes seen sooner are ignored and the pin is
looked at again on a later poll. Contact bounce lasts a few ms, so the first
edge of a press or release is the real one and the bounce after it falls in
the 25 ms lock-out. Requiring the new level to be stable for 25 ms before
accepting it would add a whole 33 ms frame of latency to every press, and
"button to pixels" must stay within one frame.

Long press: ``LONG`` once, ``LONG_MS`` (1000 ms) after the press, while held.
Repeat: buttons in ``repeat_mask`` (Up and Down) send ``REPEAT`` after
``REPEAT_DELAY_MS`` (400 ms) and then every ``REPEAT_MS`` (120 ms); a late
poll sends one REPEAT, not a burst.

Latched presses: ``latched`` has a bit for every button pressed (a falling
edge seen by the pin interrupt) since the last poll, whatever the pin reads
now. So a tap that starts and ends while the loop sleeps becomes PRESS and
RELEASE in the same poll, and a second tap of a button that was down at the
last poll (released and pressed again during one long frame) is not lost:
down then up with a latch is RELEASE, PRESS, RELEASE; down and down again
with a latch is RELEASE, PRESS, unless the press was taken from the pin level
without its latch bit (the interrupt ran just after that poll): that late bit
is the same press and adds nothing.

Stuck buttons: a button already down at the first poll is ignored until it has
been seen up (no PRESS/LONG/REPEAT storm for a button shorted or held at boot).
Any button held for ``STUCK_MS`` (10 s) is set in ``stuck`` and stops
repeating; it leaves ``stuck`` when released.
"""
from micropython import const

from dicebox.core import events

from dicebox.core.ticks import add as ticks_add
from dicebox.core.ticks import diff as ticks_diff

DEBOUNCE_MS = const(25)
LONG_MS = const(1000)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
STUCK_MS = const(10000)

_N = events.NBUTTONS
_PRESS = events.PRESS << 4
_RELEASE = events.RELEASE << 4
_LONG = events.LONG << 4
_REPEAT = events.REPEAT << 4


class Buttons:
    def __init__(self, repeat_mask=(1 << events.UP) | (1 << events.DOWN), queue=32,
                 debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS, repeat_delay_ms=REPEAT_DELAY_MS,
                 repeat_ms=REPEAT_MS, stuck_ms=STUCK_MS):
        self.repeat_mask = repeat_mask
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.stuck_ms = stuck_ms
        self.down = 0          # debounced mask
        self.pressed = 0       # pressed during the last poll (justPressed)
        self.released = 0      # released during the last poll
        self.ignored = 0       # down since boot: ignored until released
        self.stuck = 0         # held longer than stuck_ms
        self._long_sent = 0
        self._unlatched = 0    # down, and the press came without its latch bit
        self._changed = [0] * _N   # time of the last accepted change
        self._next_rep = [0] * _N  # time of the next REPEAT
        self._first = True
        self._q = bytearray(queue)
        self._head = 0
        self._tail = 0
        self._count = 0
        self.dropped = 0

    # ----- event ring
    def _put(self, ev):
        if self._count >= len(self._q):
            self.dropped += 1
            return
        self._q[self._tail] = ev
        self._tail += 1
        if self._tail >= len(self._q):
            self._tail = 0
        self._count += 1

    def next(self):
        """The oldest pending event, or 0 when there is none."""
        if not self._count:
            return 0
        ev = self._q[self._head]
        self._head += 1
        if self._head >= len(self._q):
            self._head = 0
        self._count -= 1
        return ev

    def pending(self):
        return self._count

    def clear(self):
        self._head = self._tail = self._count = 0

    # ----- polling
    def poll(self, raw, now, latched=0):
        self.pressed = 0
        self.released = 0
        if self._first:
            self._first = False
            self.ignored = raw
            self.down = raw
            for b in range(_N):
                self._changed[b] = now
            return
        changed = self._changed
        down = self.down
        for b in range(_N):
            bit = 1 << b
            is_down = raw & bit
            was_down = down & bit
            if (is_down != 0) != (was_down != 0):
                if ticks_diff(now, changed[b]) < self.debounce_ms:
                    continue
                changed[b] = now
                if is_down:
                    down |= bit
                    if latched & bit:
                        self._unlatched &= ~bit
                    else:
                        self._unlatched |= bit
                    self._on_press(b, bit, now)
                else:
                    down &= ~bit
                    self._on_release(b, bit)
                    if latched & bit:
                        # released, tapped again and released inside one frame
                        self._on_press(b, bit, now)
                        self._on_release(b, bit)
                continue
            if was_down and latched & bit and ticks_diff(now, changed[b]) >= self.debounce_ms:
                if self._unlatched & bit:
                    # the latch of the press already taken from the pin level
                    # (its interrupt ran just after that poll): nothing new
                    self._unlatched &= ~bit
                else:
                    # released and pressed again since the last poll: still down
                    changed[b] = now
                    self._on_release(b, bit)
                    self._on_press(b, bit, now)
                    continue
            if was_down:
                if ticks_diff(now, changed[b]) >= self.stuck_ms:
                    self.stuck |= bit
                elif not self.ignored & bit:
                    self._held(b, bit, now)
            elif latched & bit and ticks_diff(now, changed[b]) >= self.debounce_ms:
                # pressed and released while we were not looking
                changed[b] = now
                self.pressed |= bit
                self.released |= bit
                self._put(_PRESS | b)
                self._put(_RELEASE | b)
        self.down = down

    def _on_press(self, b, bit, now):
        self.pressed |= bit
        self._long_sent &= ~bit
        self._next_rep[b] = ticks_add(now, self.repeat_delay_ms)
        self._put(_PRESS | b)

    def _on_release(self, b, bit):
        self.stuck &= ~bit
        if self.ignored & bit:
            self.ignored &= ~bit
            return
        self.released |= bit
        self._put(_RELEASE | b)

    def _held(self, b, bit, now):
        held = ticks_diff(now, self._changed[b])
        if held >= self.long_ms and not self._long_sent & bit:
            self._long_sent |= bit
            self._put(_LONG | b)
        if self.repeat_mask & bit and ticks_diff(now, self._next_rep[b]) >= 0:
            self._put(_REPEAT | b)
            nxt = ticks_add(self._next_rep[b], self.repeat_ms)
            if ticks_diff(now, nxt) >= 0:
                nxt = ticks_add(now, self.repeat_ms)   # late poll: one REPEAT, then carry on
            self._next_rep[b] = nxt

    def held_ms(self, b, now):
        """How long button b has been down (0 if up)."""
        if not self.down & (1 << b):
            return 0
        return ticks_diff(now, self._changed[b])

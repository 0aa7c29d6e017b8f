"""Board-game timers as pure models: a sand timer and a turn clock for 2 to 6 players.

Every method takes ``now`` (ms) from the caller; nothing here reads a clock.

SandTimer wraps core.hourglass.Hourglass. It starts READY with all sand on top;
the first ``flip`` starts it as is, later flips swap the sand that has run with
the sand that is left (turning a real hourglass over) and set it running.
``pause`` stops the sand, ``resume`` lets it run again. When the sand is out,
``update`` reports it once and raises ``alarm`` until ``ack``.

TurnClock keeps one time bank per player. ``pass_turn`` ends the current turn:
the player gets the increment (if any) and the next player still on time is on
the clock. A player whose bank reaches zero is flagged: the clock stops with
``alarm`` set. With policy CONTINUE a pass then skips every flagged player until
fewer than two players have time left; with policy STOP the clock is over.

Saving: ``to_dict(now)`` holds the time left at ``now``. ``from_dict(d, now)``
always resumes PAUSED at that value: the time the device was off is not charged
to anyone, and the players press a button to go on.
"""
from dicebox.core.hourglass import Hourglass

READY = 0
RUNNING = 1
PAUSED = 2
DONE = 3      # sand timer: sand out
FLAGGED = 4   # turn clock: the player on the clock ran out, waiting for a pass
OVER = 5      # turn clock: stopped for good (reset to play again)
STATE_NAMES = ("ready", "running", "paused", "done", "flagged", "over")

CONTINUE = 0
STOP = 1

SAND_DEFAULT = 180000
SAND_MIN = 5000
SAND_MAX = 5999000    # 99:59
CLOCK_MAX = 35999000  # 9:59:59 per player
INC_MAX = 600000


class TimerError(ValueError):
    """A request the timer cannot honour; ``str(e)`` is a short reason."""


def _ms(x, lo, hi, what):
    if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
        raise TimerError("bad " + what)
    return x


def clock_text(ms):
    """m:ss (or h:mm:ss), rounded up so 0:00 shows only when time is out."""
    s = (ms + 999) // 1000
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


class SandTimer:
    def __init__(self, total=SAND_DEFAULT, now=0):
        _ms(total, SAND_MIN, SAND_MAX, "time")
        self.glass = Hourglass(total, now)
        self.started = False
        self.alarm = False
        self.flips = 0

    def total(self):
        return self.glass.total

    def left(self, now):
        return self.glass.left(now)

    def ran(self, now):
        return self.glass.elapsed(now)

    def state(self, now):
        g = self.glass
        if not self.started:
            return READY
        if g.left(now) == 0:
            return DONE
        return RUNNING if g.running else PAUSED

    def running(self, now):
        return self.state(now) == RUNNING

    def set_total(self, total, now):
        """New length; puts all the sand back on top, READY."""
        _ms(total, SAND_MIN, SAND_MAX, "time")
        self.glass.reset(now, total)
        self.started = False
        self.alarm = False

    def reset(self, now):
        self.set_total(self.glass.total, now)

    def flip(self, now):
        g = self.glass
        if self.started:
            g.flip(now)
            self.flips += 1
        self.started = True
        self.alarm = False
        g.start(now)

    def pause(self, now):
        if self.state(now) == RUNNING:
            self.glass.pause(now)

    def resume(self, now):
        if self.state(now) == PAUSED:
            self.glass.start(now)

    def toggle_pause(self, now):
        s = self.state(now)
        if s == RUNNING:
            self.pause(now)
        elif s == PAUSED:
            self.resume(now)
        elif s == READY:
            self.flip(now)

    def update(self, now):
        """Call often. True exactly once, when the sand runs out (alarm goes on)."""
        g = self.glass
        if self.started and g.running and g.left(now) == 0:
            g.pause(now)  # settle at 0 so a later flip starts from a full top
            self.alarm = True
            return True
        return False

    def ack(self):
        self.alarm = False

    def fill(self, now, scale):
        """Sand on top as an int 0..scale (drawing)."""
        g = self.glass
        return g.left(now) * scale // g.total

    def to_dict(self, now):
        d = self.glass.to_dict(now)
        d["started"] = 1 if self.started else 0
        d["alarm"] = 1 if self.alarm else 0
        d["flips"] = self.flips
        return d

    @classmethod
    def from_dict(cls, d, now):
        t = cls(_ms(d["total"], SAND_MIN, SAND_MAX, "time"), now)
        g = Hourglass.from_dict(d, now, paused=True)
        if g.top > g.total:
            raise TimerError("bad time")
        t.glass = g
        t.started = bool(d.get("started", 1))
        t.alarm = bool(d.get("alarm", 0))
        t.flips = _ms(d.get("flips", 0), 0, 1 << 29, "flips")
        return t


class TurnClock:
    def __init__(self, players=2, base=600000, inc=0, policy=CONTINUE):
        self.n = _ms(players, 2, 6, "players")
        self.base = _ms(base, 1000, CLOCK_MAX, "time")
        self.inc = _ms(inc, 0, INC_MAX, "increment")
        if policy not in (CONTINUE, STOP):
            raise TimerError("bad policy")
        self.policy = policy
        self.reset(0)

    def reset(self, now):
        n = self.n
        self.bank = [self.base] * n  # ms left at `since` (current) / now (others)
        self.flagged = [False] * n
        self.turns = [0] * n         # turns each player has completed
        self.cur = 0
        self.since = now
        self.running = False
        self.started = False
        self.over = False
        self.alarm = False

    def left(self, i, now):
        t = self.bank[i]
        if self.running and i == self.cur:
            t -= now - self.since
        return t if t > 0 else 0

    def state(self, now):
        if self.over:
            return OVER
        if not self.started:
            return READY
        if self.flagged[self.cur]:
            return FLAGGED
        return RUNNING if self.running else PAUSED

    def active(self):
        """Players still on time."""
        n = 0
        for f in self.flagged:
            if not f:
                n += 1
        return n

    def _settle(self, now):
        self.bank[self.cur] = self.left(self.cur, now)
        self.since = now

    def _next(self):
        n = self.n
        i = self.cur
        for _ in range(n):
            i = (i + 1) % n
            if not self.flagged[i]:
                return i
        return self.cur

    def start(self, now, first=0):
        if self.started:
            raise TimerError("already started")
        self.cur = _ms(first, 0, self.n - 1, "player")
        self.started = True
        self.running = True
        self.since = now

    def set_first(self, i):
        """Choose who starts (before the clock has started)."""
        if self.started:
            raise TimerError("already started")
        self.cur = _ms(i, 0, self.n - 1, "player")

    def pass_turn(self, now):
        """End the current turn and start the next player's clock."""
        if self.over:
            raise TimerError("clock is over")
        if not self.started:
            self.start(now, self.cur)
            return self.cur
        if self.update(now) and self.over:
            return self.cur
        self._settle(now)
        c = self.cur
        if not self.flagged[c]:
            self.bank[c] += self.inc
            self.turns[c] += 1
        self.cur = self._next()
        self.alarm = False
        self.running = True
        self.since = now
        return self.cur

    def pause(self, now):
        if self.state(now) == RUNNING:
            self._settle(now)
            self.running = False

    def resume(self, now):
        if self.state(now) == PAUSED:
            self.since = now
            self.running = True

    def toggle_pause(self, now):
        s = self.state(now)
        if s == RUNNING:
            self.pause(now)
        elif s == PAUSED:
            self.resume(now)

    def update(self, now):
        """Call often. True once when the player on the clock runs out."""
        if not self.running or self.left(self.cur, now) > 0:
            return False
        self._settle(now)
        self.running = False
        self.flagged[self.cur] = True
        self.alarm = True
        if self.policy == STOP or self.active() < 2:
            self.over = True
        return True

    def ack(self):
        self.alarm = False

    def to_dict(self, now):
        return {"n": self.n, "base": self.base, "inc": self.inc, "policy": self.policy,
                "bank": [self.left(i, now) for i in range(self.n)],
                "flagged": [1 if f else 0 for f in self.flagged],
                "turns": list(self.turns), "cur": self.cur,
                "started": 1 if self.started else 0, "over": 1 if self.over else 0,
                "alarm": 1 if self.alarm else 0}

    @classmethod
    def from_dict(cls, d, now):
        c = cls(d["n"], d["base"], d["inc"], d["policy"])
        n = c.n
        bank = d["bank"]
        flagged = d["flagged"]
        turns = d["turns"]
        if len(bank) != n or len(flagged) != n or len(turns) != n:
            raise TimerError("bad clock")
        for i in range(n):
            c.bank[i] = _ms(bank[i], 0, CLOCK_MAX + INC_MAX * 1000, "time")
            c.flagged[i] = bool(flagged[i])
            c.turns[i] = _ms(turns[i], 0, 1 << 29, "turns")
        c.cur = _ms(d["cur"], 0, n - 1, "player")
        c.started = bool(d["started"])
        c.over = bool(d["over"])
        c.alarm = bool(d.get("alarm", 0))
        c.since = now
        c.running = False  # resume paused: time while off is not charged
        return c

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
to anyone, and the players press a button to go on. ``from_dict`` and
``check_record`` are also the checkers of the timer's file: they refuse
(``TimerError``, a ``BadData`` with a reason in plain words) wrong types,
times out of range, lists of the wrong length and states that cannot happen.

``now`` is a tick value that wraps (modulo 2**30 on the chip): every
difference goes through core.ticks. The sand timer gives its Hourglass times
counted from its own zero (``epoch``, moved to ``now`` at every change), so the
glass only ever sees small numbers that do not wrap.
"""
from dicebox.core import ticks
from dicebox.core.hourglass import Hourglass
from dicebox.core.valid import BadData

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


MODES = ("", "sand", "turn")    # which timer screen was open when saved
DEFAULT_CFG = {"sand": SAND_DEFAULT, "players": 2, "base": 600000, "inc": 0,
               "policy": CONTINUE}
_CFG_RANGE = {"sand": (SAND_MIN, SAND_MAX), "players": (2, 6), "base": (1000, CLOCK_MAX),
              "inc": (0, INC_MAX), "policy": (CONTINUE, STOP)}
BANK_MAX = CLOCK_MAX + INC_MAX * 1000


class TimerError(BadData):
    """A request the timer cannot honour, or a saved timer that is not valid;
    ``str(e)`` is a short reason in plain words."""


def _ms(x, lo, hi, what):
    if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
        raise TimerError("%s out of range" % what)
    return x


def _flag(d, key, what, default=None):
    """A saved 0/1 (or true/false) value of ``d[key]`` as a bool."""
    x = d.get(key, default)
    if x not in (0, 1):  # True == 1 and False == 0 pass too
        raise TimerError("%s is not yes/no" % what)
    return bool(x)


def _rec(d, what):
    if not isinstance(d, dict):
        raise TimerError("%s is not a record" % what)
    return d


def check_config(c):
    """The timer settings, every key present and in range, or TimerError."""
    _rec(c, "timer settings")
    out = {}
    for k in DEFAULT_CFG:
        lo, hi = _CFG_RANGE[k]
        out[k] = _ms(c.get(k), lo, hi, "timer setting " + k)
    return out


def check_record(d, now):
    """The whole timer file checked: ``{"cfg", "mode", "sand", "turn"}`` with
    ``sand`` a SandTimer and ``turn`` a TurnClock (or None when not saved),
    both resumed paused at ``now``. Raises TimerError."""
    _rec(d, "timer file")
    out = {"cfg": check_config(d.get("cfg")), "mode": d.get("mode", "")}
    if out["mode"] not in MODES:
        raise TimerError("open screen unknown")
    sand = d.get("sand")
    out["sand"] = SandTimer.from_dict(sand, now) if sand is not None else None
    turn = d.get("turn")
    out["turn"] = TurnClock.from_dict(turn, now) if turn is not None else None
    return out


def clock_text(ms):
    """m:ss (or h:mm:ss), rounded up so 0:00 shows only when time is out."""
    s = (ms + 999) // 1000
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


def _toggle(t, now):
    """Pause timer ``t`` if it runs, resume it if it is paused; the state it
    was in."""
    s = t.state(now)
    if s == RUNNING:
        t.pause(now)
    elif s == PAUSED:
        t.resume(now)
    return s


class SandTimer:
    def __init__(self, total=SAND_DEFAULT, now=0):
        _ms(total, SAND_MIN, SAND_MAX, "sand time")
        self.epoch = now          # the glass's zero, as a tick value
        self.glass = Hourglass(total, 0)
        self.started = False
        self.alarm = False
        self.flips = 0

    def _t(self, now):
        """``now`` on the glass's own clock (ms since ``epoch``, wrap-safe)."""
        return ticks.diff(now, self.epoch)

    def _rebase(self, now):
        """Move the glass's zero to ``now`` (before every change) and return
        ``now`` on its clock, 0: its times stay small and never wrap."""
        self.glass.since -= ticks.diff(now, self.epoch)
        self.epoch = now
        return 0

    def total(self):
        return self.glass.total

    def left(self, now):
        return self.glass.left(self._t(now))

    def ran(self, now):
        return self.glass.elapsed(self._t(now))

    def state(self, now):
        g = self.glass
        if not self.started:
            return READY
        if g.left(self._t(now)) == 0:
            return DONE
        return RUNNING if g.running else PAUSED

    def running(self, now):
        return self.state(now) == RUNNING

    def set_total(self, total, now):
        """New length; puts all the sand back on top, READY."""
        _ms(total, SAND_MIN, SAND_MAX, "sand time")
        self.glass.reset(self._rebase(now), total)
        self.started = False
        self.alarm = False

    def reset(self, now):
        self.set_total(self.glass.total, now)

    def flip(self, now):
        g = self.glass
        t = self._rebase(now)
        if self.started:
            g.flip(t)
            self.flips += 1
        self.started = True
        self.alarm = False
        g.start(t)

    def pause(self, now):
        if self.state(now) == RUNNING:
            self.glass.pause(self._rebase(now))

    def resume(self, now):
        if self.state(now) == PAUSED:
            self.glass.start(self._rebase(now))

    def toggle_pause(self, now):
        if _toggle(self, now) == READY:
            self.flip(now)

    def update(self, now):
        """Call often. True exactly once, when the sand runs out (alarm goes on)."""
        g = self.glass
        if self.started and g.running and g.left(self._t(now)) == 0:
            g.pause(self._rebase(now))  # settle at 0 so a later flip starts from a full top
            self.alarm = True
            return True
        return False

    def ack(self):
        self.alarm = False

    def fill(self, now, scale):
        """Sand on top as an int 0..scale (drawing)."""
        g = self.glass
        return g.left(self._t(now)) * scale // g.total

    def to_dict(self, now):
        d = self.glass.to_dict(self._t(now))
        d["started"] = 1 if self.started else 0
        d["alarm"] = 1 if self.alarm else 0
        d["flips"] = self.flips
        return d

    @classmethod
    def from_dict(cls, d, now):
        """A saved sand timer, paused at its saved sand; or TimerError."""
        _rec(d, "hourglass")
        total = _ms(d.get("total"), SAND_MIN, SAND_MAX, "sand time")
        left = _ms(d.get("left"), 0, total, "sand left")
        running = _flag(d, "running", "hourglass running")
        t = cls(total, now)
        t.glass = Hourglass.from_dict({"total": total, "left": left, "running": running},
                                      0, paused=True)
        t.started = _flag(d, "started", "hourglass started", 1)
        t.alarm = _flag(d, "alarm", "hourglass alarm", 0)
        t.flips = _ms(d.get("flips", 0), 0, 1 << 29, "flips")
        if not t.started and (left != total or t.alarm):
            raise TimerError("hourglass not started but run")
        return t


class TurnClock:
    def __init__(self, players=2, base=600000, inc=0, policy=CONTINUE):
        self.n = _ms(players, 2, 6, "players")
        self.base = _ms(base, 1000, CLOCK_MAX, "clock time")
        self.inc = _ms(inc, 0, INC_MAX, "bonus time")
        if isinstance(policy, bool) or policy not in (CONTINUE, STOP):
            raise TimerError("clock policy unknown")
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
            t -= ticks.since(now, self.since)
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
        _toggle(self, now)

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
        """A saved turn clock, paused; or TimerError when a count, a time or
        the clock's own rules are broken."""
        _rec(d, "turn clock")
        c = cls(d.get("n"), d.get("base"), d.get("inc"), d.get("policy"))
        n = c.n
        bank = d.get("bank")
        flagged = d.get("flagged")
        turns = d.get("turns")
        for x, what in ((bank, "times"), (flagged, "flags"), (turns, "turns")):
            if not isinstance(x, list) or len(x) != n:
                raise TimerError("clock %s do not match the players" % what)
        for i in range(n):
            c.bank[i] = _ms(bank[i], 0, BANK_MAX, "clock time")
            if flagged[i] not in (0, 1):
                raise TimerError("clock flags are not yes/no")
            c.flagged[i] = bool(flagged[i])
            c.turns[i] = _ms(turns[i], 0, 1 << 29, "turns")
            if c.flagged[i] and c.bank[i]:
                raise TimerError("a player out of time has time left")
        c.cur = _ms(d.get("cur"), 0, n - 1, "player on the clock")
        c.started = _flag(d, "started", "clock started")
        c.over = _flag(d, "over", "clock over")
        c.alarm = _flag(d, "alarm", "clock alarm", 0)
        if not c.started:
            for i in range(n):
                if c.bank[i] != c.base or c.turns[i]:
                    c.over = True
            if c.over or c.alarm or c.active() < n:
                raise TimerError("clock not started but run")
        if not c.over and (c.active() < 2 or (c.policy == STOP and c.active() < n)):
            raise TimerError("clock should be over")
        c.since = now
        c.running = False  # resume paused: time while off is not charged
        return c

"""Timer screens: the timer menu, the sand hourglass and the turn clock.

Hourglass: A or a shake flips it (the first press starts it), Up pauses and
resumes, Left/Right change the length by whole minutes while it has not started, B
pauses it and goes back. At zero the alarm beeps and the screen flashes until
a button is pressed (a shake acknowledges and flips at once).

Turn clock: Left/Right choose who starts, A passes the turn (the first press
starts the clock), Up pauses, B pauses and goes back. When the clock is over,
A offers to start again. A player who runs out is shown as OUT; A passes on.

While a timer runs (or its alarm is on) ``app.keep_awake`` is True. The state is
saved with ``app.store`` on every change (a key press: start, flip, pause, a
turn passed) and when a timer runs out, never between presses while the sand
falls (a save stalls the chip for up to 160 ms); after a power cut the timer
comes back paused at the last saved value (see timer_model).
The file is checked on load (``timer_model.check_record``); a damaged one is set
aside and the player told on the timer's menu, and the defaults are used. A
failed save (full storage) changes nothing on screen: the timers run on from
memory and the app shows one notice. Times are tick values compared through
core.ticks (the counter wraps). The Controls page (timer menu) lists every key.
"""
from micropython import const

from dicebox.apps import timer_model as tm
from dicebox.core import events as E
from dicebox.core import ticks, ui

STORE = "timer"
_BEEP_MS = const(600)      # alarm beep period
_BEEP_FOR = const(20000)   # the alarm beeps this long, then only flashes
_FLASH_MS = const(300)

# Hourglass drawing: bulbs are triangles meeting at the neck.
_GX = const(30)      # glass centre x
_HALF = const(27)    # half width of a bulb at its wide end
_TOP0 = const(2)     # first row of the top bulb
_BH = const(30)      # rows in a bulb
GLASS_ROWS = _BH
_NECK = const(31)    # last row of the top bulb (_TOP0 + _BH - 1); the bottom one starts 2 below


def isqrt(n):
    """Integer square root of a small non-negative int (no floats: no allocation)."""
    if n <= 0:
        return 0
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


DEFAULT_CFG = tm.DEFAULT_CFG

CONTROLS = """TIMER MENU
Up/Down: choose
(hold: faster)
Left/Right:
change a value
A: open or pick
B: home

HOURGLASS
A/shake: start,
then flip it
Up: pause/go on
Left/Right:
-/+ a minute
(not started)
Down: refill
(when run out)
B: pause, back

LENGTH PICKER
Up/Down: 5 s
Left/Right:
whole minutes
A: ok B: cancel

TURN CLOCK
Left/Right:
who starts
(before start)
A: start, then
end your turn
Up: pause/go on
B: pause, back
Clock over:
A: start again

ALARM
Any key stops
the beeping.
Shake (glass):
flip at once.
A (clock):
pass on.

QUESTIONS
A: yes  B: no
No long presses
anywhere here."""


class Timers:
    """What the timer app keeps: config, the sand timer, the turn clock, the open screen."""

    def __init__(self, app):
        self.app = app
        now = app.now()
        d = app.store.load(STORE, None, check=lambda d: tm.check_record(d, now))
        if d is None:
            d = {"cfg": dict(DEFAULT_CFG), "mode": "", "sand": None, "turn": None}
        self.cfg = d["cfg"]
        self.sand = d["sand"]
        self.clock = d["turn"]
        if self.sand is None:
            self.sand = self.new_sand(now)
        if self.clock is None:
            self.clock = self.new_clock()
        self.mode = d["mode"]
        self.saved_at = now

    def new_sand(self, now):
        try:
            return tm.SandTimer(self.cfg["sand"], now)
        except tm.TimerError:
            self.cfg["sand"] = tm.SAND_DEFAULT
            return tm.SandTimer(tm.SAND_DEFAULT, now)

    def new_clock(self):
        c = self.cfg
        try:
            return tm.TurnClock(c["players"], c["base"], c["inc"], c["policy"])
        except tm.TimerError:
            for k in DEFAULT_CFG:
                c[k] = DEFAULT_CFG[k]
            return tm.TurnClock()

    def save(self, now):
        self.app.store.save(STORE, {"cfg": self.cfg, "mode": self.mode,
                                    "sand": self.sand.to_dict(now),
                                    "turn": self.clock.to_dict(now)})
        self.saved_at = now


def minute_step(s, right, lo, hi):
    """``s`` seconds moved to the whole minute after (``right``) or before it
    (3:00 -> 4:00, 3:25 -> 3:00), kept within ``lo``..``hi``: Left/Right on
    every hourglass length (the menu's line, its picker, the glass itself)."""
    v = (s // 60 + 1) * 60 if right else ((s + 59) // 60 - 1) * 60
    return min(max(v, lo), hi)


class MinutePicker(ui.NumberPicker):
    """The hourglass length in seconds: Up/Down +-5 s, Left/Right the whole
    minute after or before (3:00 -> 4:00, 3:25 -> 3:00), A accepts, B cancels."""

    def event(self, ev):
        right = ui.is_step(ev, E.RIGHT)
        if right or ui.is_step(ev, E.LEFT):
            v = minute_step(self.value, right, self.lo, self.hi)
            if v != self.value:
                self.value = v
                self.dirty = True
            return
        ui.NumberPicker.event(self, ev)


class TimerMenu(ui.Menu):
    def __init__(self, app, timers):
        self.t = timers
        cfg = timers.cfg

        def sand_adj(d):
            self.set_sand(1000 * minute_step(cfg["sand"] // 1000, d > 0, tm.SAND_MIN // 1000,
                                             tm.SAND_MAX // 1000))

        def sand_pick():
            app.push(MinutePicker(app, "Hourglass", cfg["sand"] // 1000, tm.SAND_MIN // 1000,
                                  tm.SAND_MAX // 1000, 5, lambda s: self.set_sand(s * 1000),
                                  lambda v: tm.clock_text(v * 1000)))

        def players_adj(d):
            self.set_cfg("players", max(2, min(6, cfg["players"] + d)))

        def base_adj(d):
            self.set_cfg("base", max(60000, min(tm.CLOCK_MAX, cfg["base"] + 60000 * d)))

        def base_pick():
            app.push(ui.NumberPicker(app, "Minutes each", cfg["base"] // 60000, 1,
                                     tm.CLOCK_MAX // 60000, 1,
                                     lambda m: self.set_cfg("base", m * 60000)))

        def players_pick():
            app.push(ui.NumberPicker(app, "Players", cfg["players"], 2, 6, 1,
                                     lambda n: self.set_cfg("players", n)))

        def inc_adj(d):
            self.set_cfg("inc", max(0, min(tm.INC_MAX, cfg["inc"] + 5000 * d)))

        def inc_pick():
            app.push(ui.NumberPicker(app, "Bonus seconds", cfg["inc"] // 1000, 0,
                                     tm.INC_MAX // 1000, 5,
                                     lambda v: self.set_cfg("inc", v * 1000)))

        def policy(d=0):
            self.set_cfg("policy", tm.STOP if cfg["policy"] == tm.CONTINUE else tm.CONTINUE)

        def policy_pick():      # A names both choices: it never flips the value unseen
            def put(p):
                app.pop()
                if cfg["policy"] != p:
                    self.set_cfg("policy", p)
            app.push(ui.Menu(app, "Time runs out", [
                ("Stop the clock", lambda: put(tm.STOP)),
                ("Others go on", lambda: put(tm.CONTINUE))]))

        items = [
            ("Hourglass", self.open_sand),
            (lambda: "  length %s" % tm.clock_text(cfg["sand"]), sand_pick, sand_adj),
            ("Turn clock", self.open_clock),
            (lambda: "  players %d" % cfg["players"], players_pick, players_adj),
            (lambda: "  each %s" % tm.clock_text(cfg["base"]), base_pick, base_adj),
            (lambda: "  bonus +%ds" % (cfg["inc"] // 1000), inc_pick, inc_adj),
            (lambda: "  out: %s" % ("stop" if cfg["policy"] == tm.STOP else "go on"),
             policy_pick, policy),
            ("Reset clock", lambda: app.push(ui.Confirm(app, "Reset the turn clock?",
                                                        self.reset_clock))),
            ("Controls", lambda: app.push(ui.TextPage(app, "Controls", CONTROLS))),
        ]
        ui.Menu.__init__(self, app, "Timer", items)

    def enter(self):
        ui.Menu.enter(self)
        self.app.keep_awake = False

    def set_sand(self, ms):
        ms = max(tm.SAND_MIN, min(tm.SAND_MAX, ms))
        now = self.app.now()
        self.t.cfg["sand"] = ms
        self.t.sand.set_total(ms, now)
        self.t.save(now)
        self.dirty = True

    def set_cfg(self, key, value):
        t = self.t
        if t.cfg[key] == value:
            return
        c = t.clock
        if c.started and not c.over:
            def yes():
                t.cfg[key] = value
                self.reset_clock()
            self.app.push(ui.Confirm(self.app, "A game is on the clock. Reset it?", yes))
            return
        t.cfg[key] = value
        self.reset_clock()

    def reset_clock(self):
        now = self.app.now()
        self.t.clock = self.t.new_clock()
        self.t.save(now)
        self.dirty = True

    def open_sand(self):
        self.app.push(SandScreen(self.app, self.t))

    def open_clock(self):
        self.app.push(ClockScreen(self.app, self.t))


class _TimerScreen(ui.Screen):
    """Shared: keep-awake, saves on changes, alarm beeps and flashing."""

    MODE = ""

    def __init__(self, app, timers):
        ui.Screen.__init__(self, app)
        self.t = timers
        self.alarm_t0 = 0
        self.next_beep = 0
        self.flash = False
        self.shown = -1   # last drawn value key; redraw when it changes

    def model(self):
        return None

    def enter(self):
        ui.Screen.enter(self)
        now = self.app.now()
        self.t.mode = self.MODE
        self.t.save(now)
        self.alarm_t0 = now
        self.next_beep = now

    def leave(self):
        now = self.app.now()
        m = self.model()
        m.pause(now)
        m.ack()
        self.t.mode = ""
        self.t.save(now)
        self.app.keep_awake = False
        self.app.pop()

    def changed(self, now):
        self.t.save(now)
        self.dirty = True

    def alarm_tick(self, now, m):
        if not m.alarm:
            if self.flash:
                self.flash = False
                self.dirty = True
            return
        on = ticks.since(now, self.alarm_t0)
        if ticks.diff(now, self.next_beep) >= 0 and on < _BEEP_FOR:
            self.app.beep(2200, 180)
            self.next_beep = ticks.add(now, _BEEP_MS)
        f = (on // _FLASH_MS) & 1 == 0
        if f != self.flash:
            self.flash = f
            self.dirty = True

    def run_model(self, now):
        """Advance the model: alarm (and a save) when it runs out, keep awake
        while it runs, beep and flash. Returns its state."""
        m = self.model()
        if m.update(now):
            self.start_alarm(now)
            self.t.save(now)
        st = m.state(now)
        self.app.keep_awake = st == tm.RUNNING or m.alarm
        self.alarm_tick(now, m)
        return st

    def start_alarm(self, now):
        self.alarm_t0 = now
        self.next_beep = now
        # a dimmed panel would hide the flashing: brighten it like a button would
        wake = getattr(self.app, "wake", None)
        if wake:
            wake(now)


class SandScreen(_TimerScreen):
    MODE = "sand"

    def model(self):
        return self.t.sand

    def event(self, ev):
        s = self.t.sand
        now = self.app.now()
        k = E.kind(ev)
        if k == E.SHAKE:
            s.flip(now)
            self.changed(now)
            return
        if k != E.PRESS:
            return
        b = E.button(ev)
        if s.alarm:
            s.ack()              # the first press only silences the alarm
            self.changed(now)
            return
        if b == E.A:
            s.flip(now)
        elif b == E.UP:
            s.toggle_pause(now)
        elif b == E.B:
            self.leave()
            return
        elif (b == E.LEFT or b == E.RIGHT) and s.state(now) == tm.READY:
            ms = 1000 * minute_step(s.total() // 1000, b == E.RIGHT, tm.SAND_MIN // 1000,
                                    tm.SAND_MAX // 1000)
            s.set_total(ms, now)
            self.t.cfg["sand"] = ms
        elif b == E.DOWN and s.state(now) == tm.DONE:
            s.reset(now)
        else:
            return
        self.changed(now)

    def tick(self, now):
        s = self.t.sand
        st = self.run_model(now)
        # redraw when the seconds shown, the sand rows or the stream phase change
        left = s.left(now)
        key = ((left + 999) // 1000) * 64 + self.level(left) * 2
        if st == tm.RUNNING:
            key += (s.ran(now) // 200) & 1
        if key != self.shown:
            self.shown = key
            self.dirty = True

    def level(self, left):
        """Rows of sand in the top bulb (= empty rows at the top of the bottom bulb)."""
        tot = self.t.sand.total()
        return isqrt(left * _BH * _BH // tot) if tot else 0  # 0.._BH

    def draw(self, fb):
        s = self.t.sand
        now = self.app.now()
        fg = 0 if self.flash else 1
        fb.fill(1 - fg)
        left = s.left(now)
        h = self.level(left)
        draw_glass(fb, h, s.state(now) == tm.RUNNING and h > 0, (s.ran(now) // 200) & 1, fg)
        txt = tm.clock_text(left)
        x = 60 + (68 - 16 * len(txt)) // 2 if len(txt) <= 4 else 60
        ui.big_text(fb, txt, max(60, x), 20, fg)
        st = s.state(now)
        word = ("A:start", "", "paused", "TIME!", "", "")[st]
        if s.alarm:
            word = "TIME!"
        if word:
            fb.text(word, 64 + (64 - 8 * len(word)) // 2, 44, fg)
        if st == tm.READY:
            fb.text("</>:time", 64, 56, fg)
        elif st == tm.RUNNING:
            fb.text("A:flip", 72, 56, fg)
        elif st == tm.PAUSED:
            fb.text("Up:go on", 64, 56, fg)    # (A would flip it: the sand run and left swap)
        elif st == tm.DONE and not s.alarm:
            fb.text("A:again", 68, 56, fg)


def draw_glass(fb, h, stream, phase, fg):
    """The glass: two triangles touching at the neck; h rows of sand at the neck
    in the top bulb and the bottom bulb full except its h rows nearest the neck."""
    gx = _GX
    top0 = _TOP0
    neck = _NECK
    bot0 = neck + 2
    bh = _BH
    fb.hline(gx - _HALF - 2, top0 - 2, 2 * _HALF + 5, fg)
    fb.hline(gx - _HALF - 2, bot0 + bh, 2 * _HALF + 5, fg)
    for r in range(bh):
        # top bulb: row r from the top, wide at r = 0
        w = (bh - 1 - r) * _HALF // (bh - 1) + 1
        y = top0 + r
        fb.pixel(gx - w - 1, y, fg)
        fb.pixel(gx + w + 1, y, fg)
        if r >= bh - h:
            fb.hline(gx - w, y, 2 * w + 1, fg)
        # bottom bulb: row r from the neck, wide at r = bh - 1
        w2 = r * _HALF // (bh - 1) + 1
        y2 = bot0 + r
        fb.pixel(gx - w2 - 1, y2, fg)
        fb.pixel(gx + w2 + 1, y2, fg)
        if r >= h:
            fb.hline(gx - w2, y2, 2 * w2 + 1, fg)
    if stream:
        for y in range(bot0 - 1 + phase, bot0 + h, 2):
            fb.pixel(gx, y, fg)


def slot_time(ms):
    s = (ms + 999) // 1000
    if s >= 3600:
        return "%dh%02d" % (s // 3600, s // 60 % 60)
    return "%d:%02d" % (s // 60, s % 60)


class ClockScreen(_TimerScreen):
    MODE = "turn"

    def model(self):
        return self.t.clock

    def event(self, ev):
        c = self.t.clock
        now = self.app.now()
        if E.kind(ev) != E.PRESS:
            return
        b = E.button(ev)
        if b == E.A:
            if c.state(now) == tm.OVER:
                if c.alarm:
                    c.ack()
                else:
                    self.app.push(ui.Confirm(self.app, "Start the clock again?", self.again))
                    return
            else:
                c.pass_turn(now)
                self.app.beep(1400, 15)
        elif c.alarm and b != E.B:
            c.ack()
        elif (b == E.LEFT or b == E.RIGHT) and c.state(now) == tm.READY:
            c.set_first((c.cur + (1 if b == E.RIGHT else -1)) % c.n)
        elif b == E.UP:
            c.toggle_pause(now)
        elif b == E.B:
            self.leave()
            return
        else:
            return
        self.changed(now)

    def again(self):
        now = self.app.now()
        self.t.clock = self.t.new_clock()
        self.changed(now)

    def tick(self, now):
        c = self.t.clock
        self.run_model(now)
        key = (c.left(c.cur, now) + 999) // 1000 * 8 + c.cur
        if key != self.shown:
            self.shown = key
            self.dirty = True

    def draw(self, fb):
        c = self.t.clock
        now = self.app.now()
        fg = 0 if self.flash else 1
        fb.fill(1 - fg)
        st = c.state(now)
        word = ("A:start", "", "paused", "", "OUT!", "over")[st]
        ui.big_text(fb, "P%d" % (c.cur + 1), 0, 2, fg)
        if st == tm.PAUSED:
            # how to go on: A would pass the turn to the next player
            fb.text(word, ui.W - 8 * len(word), 1, fg)
            fb.text("Up:go on", ui.W - 64, 11, fg)
        elif word:
            fb.text(word, ui.W - 8 * len(word), 6, fg)
        txt = tm.clock_text(c.left(c.cur, now))
        ui.big_text(fb, txt, (ui.W - 16 * len(txt)) // 2, 20, fg)
        for i in range(c.n):
            x = 0 if i % 2 == 0 else 64
            y = 39 + (i // 2) * 9
            if c.flagged[i]:
                t = "%d OUT" % (i + 1)
            else:
                t = "%d %s" % (i + 1, slot_time(c.left(i, now)))
            if i == c.cur and st != tm.OVER:
                fb.fill_rect(x, y - 1, 8 * len(t) + 2, 9, fg)
                fb.text(t, x + 1, y, 1 - fg)
            else:
                fb.text(t, x + 1, y, fg)
            if c.flagged[i]:
                fb.hline(x, y + 3, 8 * len(t) + 2, fg if i != c.cur else 1 - fg)


def start(app):
    t = Timers(app)
    menu = TimerMenu(app, t)
    app.push(menu)
    probs = app.store.take_problems(STORE)
    if probs:
        why = "; ".join(p.split(": ", 1)[-1] for p in probs)
        kept = all(p.endswith("set aside") for p in probs)   # not removed, not stuck
        app.message("Timer", "The saved timers could not be used (%s). Defaults are "
                    "used%s." % (why, "; the old file is kept as .bad" if kept else ""))
        return
    # After a power cut the open timer comes back (paused) on its own screen.
    if t.mode == "sand":
        menu.open_sand()
    elif t.mode == "turn":
        menu.open_clock()

"""Soak: the real App in the headless simulator, driven by random input.

Run under the MicroPython unix port with the `make sim` heap cap:

  .venv/bin/python host_tools/upy.py host_tools/testing/soak.py soak SEED EVENTS DATA_DIR
  .venv/bin/python host_tools/upy.py host_tools/testing/soak.py roller-taps ROUNDS DATA_DIR

``soak``: EVENTS random button events (taps, mashing, long holds, held Up /
Down that auto-repeat) and shakes, on a virtual clock, over every app and
game: every so often the driver goes home the way a player does (B, and A on
a "quit?" question) and opens the next entry of the home menu, so every
entry and the menus between them are visited. Recorded: any exception out of
a frame, anything written to error.log (``hw.log``), any error screen, the
longest frame in simulated time (a frame that blocks in ``sleep_ms``) and in
host time, and the free heap after ``gc.collect()`` each time the home menu
is reached. The last line is ``RESULT {json}``; failures are printed above it
with the event trail that led there (replay: same seed).

``roller-taps``: the reproduction of the simulator's MemoryError (open the
roller, then ROUNDS x (press A, wait 900 ms)), through the terminal front end
with its rendering (to nowhere); free heap every 10 rounds.
"""
import gc
import json
import sys
import time

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, HERE + "/../sim")
try:
    import os as _os
    _FW = _os.getenv("DICEBOX_FIRMWARE")  # another checkout's firmware/ (bisecting a failure)
except (ImportError, AttributeError):
    _FW = None
sys.path.insert(0, _FW or HERE + "/../../firmware")

from dicebox.core import events as E  # noqa: E402
from dicebox.core import rng  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from hostplay import Player  # noqa: E402
from dicebox.apps import menu  # noqa: E402
import simhw  # noqa: E402

MAX_FRAME_MS = 1000     # simulated time one frame may take (a screen that sleeps inside a frame)
# The simulated clock stands still while a frame computes, so a frame's own work
# is judged by the host's clock: one frame of 1 s here is 100-200 s on the chip
# (DESIGN.md section 4), so this catches hangs and runaway work, not stutter
# (stutter is make bench's job).
MAX_HOST_FRAME_MS = 1000
HEAP_DROP = 12 * 1024   # the best free heap at home (first half vs last half) may not fall more
MAX_FAILS = 8           # stop collecting after this many (the first ones matter)
NAV_EVERY = (60, 200)   # random events between two visits of the home menu's next entry


class Rand(rng.SeededSource):
    """The firmware's xorshift32 (the same numbers on every port), drawn as
    small ints without allocating."""

    def __init__(self, seed):
        rng.SeededSource.__init__(self, (seed * 2654435761 + 12345) & 0xFFFFFFFF)

    def next(self):
        return self._next()

    def below(self, n):
        return self.next() % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


def _trace(e):
    import io
    buf = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, buf)
    else:
        import traceback
        traceback.print_exception(e, file=buf)
    return buf.getvalue()


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2] if s else 0


class Soak(Player):
    def __init__(self, seed, data):
        simhw.empty_dir(data)
        self.seed = seed
        self.rand = Rand(seed)
        # odd seeds start a minute before the tick counter wraps, as a console
        # that has been on for 12.4 days does
        self.clock = simhw.VirtualClock((1 << 30) - 60000 if seed % 2 else 0)
        self.hw = hw = simhw.SimHW(self.clock, data, seed)
        self.logged = []
        hw.log = self._log
        self.app = App(hw, storage.Store(data), menu.home)
        self.events = 0
        self.frames = 0
        self.pace = simhw.Pace()
        self.worst_sim = 0
        self.worst_host_us = 0
        self.worst_where = ""
        self.fails = []
        self.trail = []          # the last events, for the report
        self.homes = 0
        self.heap = []           # free heap at each arrival at the home menu
        self.at_home = False
        self.forced_homes = 0
        self.stuck_at = []       # screen stacks B and A could not leave
        self.visits = {}
        self.steady_from = None  # index into heap once every entry was opened
        self.entry = 0
        self.screens = {}
        self.app.home()

    def _log(self, text):
        if len(self.logged) < 20:
            self.logged.append(text[:1500])

    # ----- bookkeeping
    def fail(self, what, detail=""):
        if len(self.fails) < MAX_FAILS:
            self.fails.append({"seed": self.seed, "event": self.events, "what": what,
                               "detail": detail[:2500], "trail": self.trail[-12:]})

    def note(self, text):
        self.trail.append("%d:%s@%s" % (self.events, text, self.top_name()))
        if len(self.trail) > 24:
            self.trail.pop(0)

    def frame(self):
        app = self.app
        hw = self.hw
        t0 = self.clock.t
        h0 = time.ticks_us()
        raised = False
        try:
            app.frame(hw.ticks_ms())
        except Exception as e:  # App.run would show the error screen; here it is a failure
            raised = True
            self.fail("exception", _trace(e))
            try:
                app.fail(e)  # logs it and shows the error screen, as on the device
            except Exception:
                app.stack = []
        host = time.ticks_diff(time.ticks_us(), h0)
        sim = self.clock.t - t0
        name = self.top_name()
        if sim > self.worst_sim:
            self.worst_sim = sim
        if host > self.worst_host_us:
            self.worst_host_us = host
            self.worst_where = name
        if sim > MAX_FRAME_MS:
            self.fail("frame took %d ms of simulated time" % sim, name)
        if host > MAX_HOST_FRAME_MS * 1000:
            self.fail("frame took %d ms of host time" % (host // 1000), name)
        self.frames += 1
        self.screens[name] = self.screens.get(name, 0) + 1
        if self.logged:
            if not raised:
                self.fail("hw.log", self.logged[0])
            self.logged = []
        if name == "ErrorScreen":
            if not raised:
                self.fail("error screen", " ".join(getattr(app.top(), "lines", ())))
            app.home()
            name = self.top_name()
        home = name == "Home" and len(app.stack) == 1
        if home and not self.at_home:
            self.homes += 1
            gc.collect()
            self.heap.append(gc.mem_free())
        self.at_home = home
        hw.sleep_ms(self.pace.next())

    # ----- random input
    def random_event(self):
        r = self.rand
        k = r.below(100)
        b = (E.A, E.A, E.A, E.B, E.UP, E.DOWN, E.LEFT, E.RIGHT)[r.below(8)]
        if k < 55:
            self.note("tap %s" % E.NAMES[b])
            self.tap(b, r.between(35, 200), r.between(30, 400))
        elif k < 65:  # mashing: taps faster than a frame or two
            n = r.between(2, 6)
            self.note("mash %s x%d" % (E.NAMES[b], n))
            for _ in range(n):
                self.tap(b, r.between(20, 60), r.between(20, 60))
        elif k < 73:
            self.note("long %s" % E.NAMES[b])
            self.tap(b, r.between(1050, 1800), 100)
        elif k < 83:
            b = E.UP if r.below(2) else E.DOWN
            self.note("repeat %s" % E.NAMES[b])
            self.tap(b, r.between(450, 1500), 100)
        elif k < 91:
            ms = r.between(300, 1200)
            self.note("shake %d" % ms)
            self.hw.shake.shake(self.clock.t, ms)
            self.run_ms(ms + r.between(100, 900))
        elif k < 99:
            self.note("wait")
            self.run_ms(r.between(50, 2500))
        else:
            self.note("idle")
            self.run_ms(r.between(31000, 40000))  # dims the screen
        self.events += 1

    def _leave_item(self):
        """Index of a menu entry that leaves (Save and quit, Leave ...), or -1."""
        top = self.app.top()
        items = getattr(top, "items", None)
        if not isinstance(items, list) or not hasattr(top, "sel"):
            return -1
        for i in range(len(items)):
            try:
                lab = items[i][0]
                lab = lab() if callable(lab) else lab
            except Exception:
                continue
            low = str(lab).lower()
            if "quit" in low or low.startswith("leave") or low == "home" or low.startswith("skip"):
                return i
        return -1

    def go_home(self):
        """Back to the home menu as a player gets there: B; in a menu with a
        way out (Save and quit, Leave roller, Skip the lesson) that entry; A on
        a question; on a lesson's box, hold B for the lesson's menu (as its
        first box says: a short B there only goes on to the next box)."""
        app = self.app
        for i in range(30):
            if self.top_name() == "Home" and len(app.stack) == 1:
                return True
            j = self._leave_item()
            if j >= 0:
                top = app.top()
                self.note("leave via %d" % j)
                for _ in range(12):
                    if app.top() is not top or top.sel == j:
                        break
                    self.tap(E.DOWN if top.sel < j else E.UP, 50, 60)
                    self.events += 1
                top = None  # holding the game's menu would keep the whole game alive at home
                b = E.A
            elif self.top_name() == "Box":
                self.note("home hold B")
                self.tap(E.B, 1200, 200)
                self.events += 1
                continue
            elif self.top_name() in ("Confirm", "Message", "ErrorScreen", "TextPage") or i % 4 == 3:
                b = E.A if self.top_name() == "Confirm" or i % 4 == 3 else E.B
            else:
                b = E.B
            self.note("home %s" % E.NAMES[b])
            self.tap(b, 60, 200)
            self.events += 1
        if self.top_name() == "Home" and len(app.stack) == 1:
            return True
        self.forced_homes += 1
        self.note("forced home")
        if len(self.stuck_at) < 8:
            self.stuck_at.append(" > ".join(type(s).__name__ for s in app.stack))
        app.home()
        self.run_ms(100)
        return False

    def open_next(self):
        self.go_home()
        home = self.app.top()
        n = len(home.items)
        i = self.entry % n
        self.entry += 1
        while home.sel != i:
            self.tap(E.DOWN, 50, 60)
            self.events += 1
            if self.top() is not home:
                return
        label = home.items[i][0]
        label = label() if callable(label) else label
        self.visits[label] = self.visits.get(label, 0) + 1
        if self.steady_from is None and len(self.visits) == n:
            # every entry has been opened once: its modules' names (qstrs) are
            # interned for good, on the chip as here; the trend is judged after
            self.steady_from = len(self.heap)
        self.note("open %s" % label)
        self.tap(E.A, 60, 300)
        self.events += 1

    def top(self):
        return self.app.top()

    def run(self, events):
        self.run_ms(150)
        nxt = 0
        while self.events < events and len(self.fails) < MAX_FAILS:
            if self.events >= nxt:
                self.open_next()
                nxt = self.events + self.rand.between(NAV_EVERY[0], NAV_EVERY[1])
            self.random_event()
        self.go_home()
        self.run_ms(200)
        return self.result()

    def result(self):
        h = self.heap
        # after the first visit of every entry (first imports intern their
        # names for good, caches fill): what is left should not trend down
        start = self.steady_from if self.steady_from is not None else 7
        h2 = h[start:] if len(h) > start + 3 else h
        half = max(1, len(h2) // 2)
        third = max(1, len(h2) // 3)
        ceiling_drop = max(h2[:half]) - max(h2[-half:]) if h2 else 0
        median_drop = median(h2[:third]) - median(h2[-third:]) if h2 else 0
        # every arrival home, not just the best: nothing of a game left behind
        spread = max(h2) - min(h2) if h2 else 0
        return {"seed": self.seed, "events": self.events, "frames": self.frames,
                "sim_ms": self.clock.t, "homes": self.homes, "forced_homes": self.forced_homes,
                "stuck_at": self.stuck_at, "heap": h[:6] + h[-6:], "steady_from": self.steady_from,
                "visits": self.visits, "worst_frame_sim_ms": self.worst_sim,
                "worst_frame_host_ms": self.worst_host_us // 1000, "worst_frame_screen": self.worst_where,
                "heap_first": h[0] if h else 0, "heap_last": h[-1] if h else 0,
                "heap_min": min(h) if h else 0, "heap_max": max(h) if h else 0,
                "heap_ceiling_drop": ceiling_drop, "heap_median_drop": median_drop,
                "heap_spread": spread,
                "heap_trend_ok": ceiling_drop <= HEAP_DROP and spread <= HEAP_DROP, "fails": self.fails}


def roller_taps(rounds, data):
    """open the roller, then rounds x (press A, wait 900 ms), through the
    terminal front end (rendered to nowhere): free heap every 10 rounds."""
    import run
    simhw.empty_dir(data)
    clock = simhw.VirtualClock()
    hw = simhw.SimHW(clock, data, 1)
    app = App(hw, storage.Store(data), menu.home)
    written = [0]

    def sink(s):
        written[0] += len(s)
    term = run.Terminal(hw, app, 140, 45, write=sink)
    app.home()
    fails = []

    def run_ms(ms):
        end = clock.t + ms
        while clock.t < end:
            term.step(clock.t)
            if type(app.top()).__name__ == "ErrorScreen":
                fails.append(" ".join(getattr(app.top(), "lines", ())))
                app.home()
            clock.t += 33

    def key(k, after):
        term.key(k, clock.t)
        run_ms(after)
    run_ms(200)
    key("z", 400)   # the roller is the first entry
    heap = []
    top = type(app.top()).__name__
    for i in range(rounds):
        key("z", 900)
        if i % 10 == 0:
            gc.collect()
            heap.append(gc.mem_free())
    third = max(1, len(heap) // 3)
    return {"rounds": rounds, "screen": top, "heap": heap,
            "heap_drop_median": median(heap[1:1 + third]) - median(heap[-third:]),
            "tones_played": hw.buzzer.played, "tone_log": len(hw.buzzer.log),
            "tone_queue": len(hw.buzzer.queue), "redraws": term.redraws, "bytes_out": written[0],
            "fails": fails}


def main(argv):
    mode = argv[1]
    if mode == "soak":
        res = Soak(int(argv[2]), argv[4]).run(int(argv[3]))
    elif mode == "roller-taps":
        res = roller_taps(int(argv[2]), argv[3])
    else:
        raise SystemExit("modes: soak SEED EVENTS DIR | roller-taps ROUNDS DIR")
    print("RESULT " + json.dumps(res))


if __name__ == "__main__":
    main(sys.argv)

"""Scene runner for the device-time benchmark, run under the MicroPython unix port.

  .venv/bin/python host_tools/upy.py host_tools/benches/bench_frames.py [--fw DIR]
        [--heap] [--tiny] [--only NAME,NAME]

Drives the real App headless (the simulated panel through the real SSD1306
driver, a virtual clock, a seeded entropy source, a real Store on littlefs
as the chip mounts it, over a block device that counts erases and page
programs: host_tools/benches/bench_lfs.py) through each scene and records, for
every frame of the scene: the unix-port microseconds ``app.frame`` took
(minus the host time of the simulated panel and of the Python block device,
which the chip spends in silicon and flash: bus and flash time are added
apart), the bytes the driver's ``flush`` returned, the saves taken, whether
the heap was collected in the frame, the drawing time, whether that
collection was the console's own in a still frame (``App.collect_if_low``:
the tables give it a frame where nothing moves) rather than the
allocator's, the saves' own code time (Store.save's, and storage.encode's
for a record a table encodes a frame before its write), and the flash erases and 256 B pages
the frame's saves made, the modules it imported (a table brings in its
bot in its first frames: core/table.Table.load_next), and the time of
its bot's slice (bench_parts.py: the bot's factor applies to that part
alone). A game's scene also
names the frame that opened its table (``opening``: the new game built and
its first picture drawn, as Start on the new-game page does; bench.py judges
it with the launches). One line a scene: ``SCENE {json}``. ``--heap``: also
the live heap peak (``live()``: the C stack wiped, ``gc.collect()``, then
``gc.mem_alloc()``, every few frames, which changes the frame times: bench.py
runs it as a separate pass) and ``heap_start``, the live heap when the scene
starts (every module it needs loaded, no play yet: the heap model counts
modules and play data apart), and the interpreter's names when the scene ends
(micropython.qstr_info()'s line before the scene's, less the ones interned
before the firmware's first import: ``qstr pool:`` then ``QBASE``; the heap
model counts names apart too). ``--sim DIR``: the simulator to drive the
firmware with (another tree's host_tools/sim: bench.py runs the tree the chip
audit measured with its own simulator). ``--tiny``: a few frames a scene (the tests).
Every run times the reference loop (device_factors.ref_loop) at its start and
its end: one line ``REF us``, the faster (bench.py judges the host's load by it).

The runs are deterministic (virtual clock, seeded dice), so the frames of two
runs line up one for one and bench.py keeps the fastest time of each frame.
bench.py turns the records into device time (host_tools/benches/device_factors.py).
"""
import gc
import os
import json
from array import array
import sys
import time

HEAP = "--heap" in sys.argv


def names():
    """The interpreter's names (qstr pools) so far: micropython.qstr_info()
    prints one line (``qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=..``)
    that bench.py reads (the heap model counts names apart)."""
    import micropython
    micropython.qstr_info()


if HEAP:      # the names of this script, before any firmware: the baseline
    names()
    print("QBASE")

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, sys.argv[sys.argv.index("--sim") + 1] if "--sim" in sys.argv else HERE + "/../sim")
sys.path.insert(0, HERE)
FW = sys.argv[sys.argv.index("--fw") + 1] if "--fw" in sys.argv else HERE + "/../../firmware"
sys.path.insert(0, FW)

from dicebox.core import events as E  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
try:
    from dicebox.apps import home  # noqa: E402
    from dicebox.core.modules import load  # noqa: E402
    # the home menu's entries, read once: the harness holds no reference to
    # apps/menu.py, which a game's play does not keep (the chip's main.py neither)
    ENTRIES = load("dicebox.apps.menu").ENTRIES
except ImportError:     # the audited tree (a60eda7): its home menu stays loaded
    from dicebox.apps import menu as _menu  # noqa: E402
    home = _menu.home
    ENTRIES = _menu.ENTRIES

    def load(name):
        return _menu
import simhw  # noqa: E402

# the benchmark's own tools (the models, the counting flash device) are not on
# the chip: their bytes are taken off the heap figures, like the records'
gc.collect()
_a0 = gc.mem_alloc()
import device_factors as DF  # noqa: E402
import bench_parts  # noqa: E402

try:
    import bench_lfs  # noqa: E402
    FLASH = hasattr(os, "VfsLfs2")
    if FLASH:
        bench_lfs.device()
except ImportError:
    FLASH = False
gc.collect()
TOOL_BYTES = gc.mem_alloc() - _a0

TINY = "--tiny" in sys.argv
_ENCODE = getattr(storage, "encode", None)   # each Runner times it as save code (Runner.wrap;
                                             # the audited tree has none)
HEAP_EVERY = 10
# the records live on the counted littlefs, as on the chip (the host's own
# filesystem when this port has no littlefs: then no flash is counted)
DATA = "/flash/data" if FLASH else "/tmp/dicebox_bench_frames"
MAX_FRAMES = 1600     # per scene; the records are preallocated (no growth mid-scene)
# one set of records for every scene, made before the first App: its bytes are
# taken off the heap figures (they are the benchmark's, not the firmware's)
_US = array("i", bytearray(4 * MAX_FRAMES))
_NB = array("i", bytearray(4 * MAX_FRAMES))
_NS = array("i", bytearray(4 * MAX_FRAMES))
_GC = array("i", bytearray(4 * MAX_FRAMES))   # 1: the heap was collected in the frame
_UI = array("i", bytearray(4 * MAX_FRAMES))   # us of it drawing and flushing (the UI factor)
_SC = array("i", bytearray(4 * MAX_FRAMES))   # collections App.collect_if_low made in the frame
_SV = array("i", bytearray(4 * MAX_FRAMES))   # us of it in Store.save's code and storage.encode (the UI factor)
_ER = array("i", bytearray(4 * MAX_FRAMES))   # flash erases its saves made
_PG = array("i", bytearray(4 * MAX_FRAMES))   # flash 256 B pages its saves programmed
_LD = array("i", bytearray(4 * MAX_FRAMES))   # modules it imported (a table's bot: Table.load_next)
# the parts timed apart (bench_parts.py), for the timing runs only: a heap run
# leaves the firmware the heap it had before they were timed
_BT = None if HEAP else array("i", bytearray(4 * MAX_FRAMES))   # us of it in a bot's slice
_CG = None if HEAP else array("i", bytearray(4 * MAX_FRAMES))   # us of it in the console's collections
RECORDS_BYTES = (10 if HEAP else 12) * 4 * MAX_FRAMES + TOOL_BYTES



def _wipe(n):
    """Calls ``n`` deep with empty locals: the C stack below the caller is
    overwritten, so words left there by earlier, deeper calls (a bot's
    search, the import of a page since dropped) no longer look like pointers
    to the conservative collector."""
    a = b = c = d = e = f = g = h = None
    if n:
        _wipe(n - 1)
    return a or b or c or d or e or f or g or h


def live():
    """The live heap in bytes: the stack wiped, then a full collection."""
    _wipe(48)
    gc.collect()
    return gc.mem_alloc()


def scene_done():
    """After a scene: the modules its console imported let go, as its home
    menu would (the next scene boots afresh, and two games' code at once ran
    this harness out of the make-sim heap), then the live heap."""
    load("dicebox.apps.menu").purge()
    return live()


def _at_table():
    """The modules the games' tables import in their first frames (each
    package's ``AT_TABLE``: core/table.Table.load_next) and a replay's own
    imports, watched frame by frame: a frame that imports one is judged as
    a load (against the launch target)."""
    out = []
    for e in ENTRIES:
        if ".games." in e[1]:
            try:
                mod = __import__(e[1], None, None, ["AT_TABLE"])
            except ImportError:
                continue
            out += list(getattr(mod, "AT_TABLE", ()))   # (an older tree has none)
            # and what a replay opens a module a frame: the game's rules with
            # its log codec, the table's picture with the still
            out += [e[1] + ".logcodec", e[1] + ".still"]
            # read, then let go: the console has not opened it
            del sys.modules[e[1]]
            parent, leaf = e[1].rsplit(".", 1)
            if hasattr(sys.modules.get(parent), leaf):
                delattr(sys.modules[parent], leaf)
    return tuple(out)


AT_TABLE = _at_table()


def _loaded(watch=None):
    n = 0
    for m in watch or AT_TABLE:
        if m in sys.modules:
            n += 1
    return n


def _empty(path):
    """Empty a data folder with what every tree's simulator has (ensure_dir):
    the bench also drives the audited tree with its own simulator (--sim)."""
    import os
    simhw.ensure_dir(path)
    for f in os.listdir(path):
        try:
            os.remove(path + "/" + f)
        except OSError:
            pass


class Runner:
    """The App with its flush and its saves counted, a frame at a time."""

    def __init__(self, seed=3, data=DATA):
        self.flash = bench_lfs.mount() if FLASH else None
        _empty(data)
        self.clock = simhw.VirtualClock()
        self.hw = hw = simhw.SimHW(self.clock, data, seed=seed)
        self.app = App(hw, storage.Store(data), home)
        self.pace = simhw.Pace()
        self.fb_bytes = 0
        self.saves = 0
        self.save_us = 0      # host time in Store.save's own code (the flash's is taken off)
                              # and in storage.encode made ahead of a save
        self.in_save = False
        self.rec = False      # recording a scene
        self.watch = AT_TABLE  # the modules whose import marks a frame as a load
        self.n = 0            # frames recorded
        self.us = _US
        self.nb = _NB
        self.ns = _NS
        self.gcs = _GC
        self.uis = _UI
        self.scs = _SC
        self.svs = _SV
        self.ers = _ER
        self.pgs = _PG
        self.lds = _LD
        self.bts = _BT
        self.bot_us = 0
        self.cgs = _CG
        self.gc_us = 0
        self.opening = []     # frames that opened a game's table (in_frame)
        self.panel_us = 0
        self.start_live = 0
        self.ui_us = 0
        self.draws_timed = 0  # drawings timed as UI work (tests)
        self.peak = 0
        self.nframe = 0
        self.wrap()
        if not HEAP:
            bench_parts.time_collections(App)
        self.app.home()
        # the firmware's names go in first, a piece an idle frame after boot
        # (core/app.py); the scenes start once they are in, as a person takes
        # a second to choose
        for _ in range(100):
            if getattr(self.app, "names", None) is None:
                break
            self.frame()

    def wrap(self):
        disp = self.hw.display
        flush = disp.flush
        store = self.app.store
        save = store.save

        def counted_flush():
            t0 = time.ticks_us()
            n = flush()
            self.ui_us += time.ticks_diff(time.ticks_us(), t0)
            self.fb_bytes += n or 0
            return n

        def counted_save(*a, **k):
            f0 = self.flash.us if self.flash else 0
            t0 = time.ticks_us()
            self.in_save = True
            try:
                return save(*a, **k)
            finally:
                self.in_save = False
                self.saves += 1
                dt = time.ticks_diff(time.ticks_us(), t0)
                self.save_us += dt - ((self.flash.us if self.flash else 0) - f0)

        encode = _ENCODE

        def counted_encode(*a, **k):
            # a record's text made ahead of its save (storage.Encoded, a
            # table's save spread over two frames): the save's own code too
            if self.in_save:
                return encode(*a, **k)
            t0 = time.ticks_us()
            try:
                return encode(*a, **k)
            finally:
                self.save_us += time.ticks_diff(time.ticks_us(), t0)
        disp.flush = counted_flush
        store.save = counted_save
        if encode is not None:
            storage.encode = counted_encode
        # the simulated panel decodes every byte in Python: on the device that is
        # the panel's own silicon, and the bus time is added apart (9 clocks a
        # byte), so its time is taken off the frame like the saves' time
        panel = self.hw.panel
        for name in ("writeto", "writevto"):
            bench_parts.time_panel(self, panel, name)

    def _time_draw(self):
        """Time the drawing of the top screen and of any screen pushed during
        the frame (a menu a key opens, a page the table shows): the screens
        whose draw is timed, to put back after the frame."""
        app = self.app
        timed = []
        top = app.top()
        if top is not None:
            timed.append(bench_parts.time_draw(self, top))

        def push(screen):
            if screen not in timed:
                timed.append(bench_parts.time_draw(self, screen))
            App.push(app, screen)
        app.push = push
        return timed

    def frame(self):
        self.fb_bytes = 0
        self.saves = 0
        self.save_us = 0
        self.panel_us = 0
        self.ui_us = 0
        fl = self.flash
        if fl:
            e0 = fl.erases
            p0 = fl.pages
            f0 = fl.us
        timed = self._time_draw()
        if not HEAP:              # a heap run times no parts: its wrappers would hold code
            bench_parts.time_bots()
        bench_parts.BOT[0] = self
        self.bot_us = 0
        self.gc_us = 0
        c0 = self.app.collections
        m0 = _loaded(self.watch)
        a0 = gc.mem_alloc()
        t0 = time.ticks_us()
        self.app.frame(self.hw.ticks_ms())
        us = time.ticks_diff(time.ticks_us(), t0) - self.panel_us - (fl.us - f0 if fl else 0)
        bench_parts.BOT[0] = None
        sched = self.app.collections - c0
        del self.app.push         # the class's own push again
        for sc in timed:
            try:
                del sc.draw       # the class's own draw again
            except AttributeError:
                pass
        ui = self.ui_us - self.panel_us   # the panel's decoding ran inside the flush
        collected = 1 if gc.mem_alloc() < a0 else 0   # less in use than before: a collection ran
        if self.rec and self.n < MAX_FRAMES:
            i = self.n
            bench_parts.record(self, i, us, collected, ui, sched, fl.erases - e0 if fl else 0,
                               fl.pages - p0 if fl else 0, max(0, _loaded(self.watch) - m0))
            self.n = i + 1
            if HEAP and self.lds[i]:
                # a module came in (the table's bot): its bytes are code, as
                # the scene's start counts them, not play data
                a = live()
                self.start_live = max(self.start_live, a)
                self.peak = max(self.peak, a)
            if HEAP and self.nframe % HEAP_EVERY == 0:
                a = live()
                if a > self.peak:
                    self.peak = a
        self.nframe += 1
        self.hw.sleep_ms(self.pace.next())

    def frames(self, n):
        for _ in range(n):
            self.frame()

    def in_frame(self, fn, opening=False):
        """Run fn inside the next frame (where a press would run it: its saves
        and its drawing count in that frame), in place of the top screen's tick.
        ``opening``: fn opens a game's table (the scene names the frame)."""
        top = self.app.top()
        if opening and self.rec:
            self.opening.append(self.n)

        def once(now):
            del top.tick         # the class's own tick again
            fn()
        top.tick = once
        self.frame()

    def tap(self, b, down=2, up=2):
        self.hw.mask |= 1 << b
        self.frames(down)
        self.hw.mask &= ~(1 << b)
        self.frames(up)

    def start(self):
        gc.collect()
        self.peak = self.start_live = live() if HEAP else 0
        self.n = 0
        self.opening = []
        self.writes0 = self.app.store.writes
        self.sent0 = self.hw.display.bytes_sent
        self.rec = True

    def stop(self, name, factor, extra=None):
        self.rec = False
        if HEAP:
            self.peak = max(self.peak, live())
        peak = self.peak - RECORDS_BYTES if self.peak else 0
        start = self.start_live - RECORDS_BYTES if self.start_live else 0
        out = {"scene": name, "factor": factor, "heap_peak": peak, "heap_start": start,
               "flash": bool(self.flash),
               "screen": type(self.app.top()).__name__, "nframes": self.n,
               "store_writes": self.app.store.writes - self.writes0,
               "opening": self.opening,
               "bytes_sent": self.hw.display.bytes_sent - self.sent0}
        if extra:
            out.update(extra)
        if HEAP:
            names()       # one "qstr pool:" line, read with this scene
        bench_parts.print_frames(self)   # "F" lines, before their scene's line
        print("SCENE " + json.dumps(out))

    def home(self):
        self.app.home()
        self.frames(3)

    def loaded(self, most=120):
        """Frames until the Loading page is gone (a game's names and modules
        come in a piece a frame: apps/menu.Loading)."""
        for _ in range(most):
            if type(self.app.top()).__name__ != "Loading":
                return
            self.frame()

    def open_entry(self, i):
        """From the home menu, move to entry i (not recorded) and return; the
        caller presses A."""
        self.home()
        top = self.app.top()
        for _ in range(len(ENTRIES) + 2):
            if top.sel == i:
                break
            self.tap(E.DOWN if top.sel < i else E.UP)


def n(full, tiny):
    return tiny if TINY else full


# ---- scenes ---------------------------------------------------------------------
def scene_menu(r):
    r.home()
    r.start()
    k = len(ENTRIES)
    for _ in range(k - 1 if not TINY else 2):
        r.tap(E.DOWN)
    for _ in range(k - 1 if not TINY else 2):
        r.tap(E.UP)
    r.stop("home menu", "ui")


def _roller(r):
    r.open_entry(0)
    r.tap(E.A)
    r.frames(10)
    return r.app.top()


def scene_roller(r, dice):
    roll = _roller(r)
    if dice == 12:
        roll.r.set_groups([[6, 6, ""], [6, 6, ""]])
        roll.relayout()
        roll.dirty = True
        r.frames(10)
    r.start()
    r.hw.shake.shake(r.hw.ticks_ms(), 300)
    r.frames(n(75, 12))
    r.stop("roller %dd6" % dice, "ui", {"dice": dice})


def scene_hourglass(r):
    r.open_entry(1)
    r.tap(E.A)      # Timer
    r.tap(E.A)      # Hourglass
    r.start()
    r.tap(E.A)      # start the sand
    r.frames(n(300, 12))
    r.stop("hourglass", "ui")


def _launch(r, label):
    """Open a game from the home menu as a player does (its modules load one
    a frame, its bot's too), not recorded."""
    r.open_entry([e[0] for e in ENTRIES].index(label))
    r.tap(E.A)
    r.loaded()
    r.frames(2)


def _dairyman_table(r):
    """Opens Dairyman with four Expert bots (the longest thinking). Its own
    call: the values a setup leaves in its frame's value stack (the new-game
    page) die with that frame, rather than stay in the scene's frame and keep
    the page's module alive for the collector for the whole scene."""
    _launch(r, "Dairyman")
    r.app.top().new()                 # the start menu's new-game page
    ng = r.app.top()
    ng.n = 4
    ng.seats = [4, 4, 4, 4]
    r.start()
    r.in_frame(ng.start, True)


def scene_dairyman(r):
    _dairyman_table(r)
    r.frames(n(1500, 60))
    r.stop("Dairyman, 4 Expert bots", "dairyman")


def _mildred_table(r):
    """Opens Mildred with two Expert bots (own call: see ``_dairyman_table``)."""
    _launch(r, "Mildred's List")
    st = r.app.top()
    r.start()
    r.in_frame(st.new((4, 4)), True)  # two Expert bots


def scene_mildred(r):
    _mildred_table(r)
    r.frames(n(1500, 60))
    r.stop("Mildred, 2 Expert bots", "mildred")


def _milestones_table(r):
    """Opens Milestones: one person and four Expert teammates (own call: see
    ``_dairyman_table``)."""
    _launch(r, "Milestones")
    top = r.app.top()
    if hasattr(top, "new_game"):
        top.new_game(humans=1, bots=4, level=3)   # Expert teammates
        go = r.app.top().start
    else:           # the audited tree (a60eda7): its setup page's own config
        from dicebox.games.milestones import menus
        sm = menus.SetupMenu(r.app)
        sm.cfg.update({"humans": 1, "bots": 4, "level": 3})
        r.app.push(sm)
        go = sm._go
    r.start()
    r.in_frame(go, True)


def scene_milestones(r):
    _milestones_table(r)
    # the one person plays simply, as a player would: picks the offered first
    # pile, and a second after the dice come to them marks the die under the
    # cursor (A) and shakes to reroll it (a reroll needs a marked die)
    mine = -1
    for _ in range(n(1500, 60)):
        top = r.app.top()
        if type(top).__name__ == "PilePicker":
            r.tap(E.A, 1, 1)
            continue
        if type(top).__name__ == "Table":       # the game's table (the audited tree's too)
            st = top.st
            if top.done:
                break
            if st.turn == 0 and st.setup >= st.n and not st.over:
                if mine < 0:
                    mine = r.clock.t
                elif r.clock.t - mine > 1000:
                    if st.dice is not None and not top.sel:
                        r.tap(E.A, 1, 1)
                        continue
                    r.hw.shake.shake(r.hw.ticks_ms(), 300)
                    mine = -1
            else:
                mine = -1
        r.frame()
    r.stop("Milestones, 1 person + 4 Expert bots", "milestones")


# a launch loads modules one a frame (the bot's too): import work, not a bot's
# thinking, so every launch takes the drawing factor
LAUNCH_FACTOR = {}


def scene_launch(r, i):
    label = ENTRIES[i][0]
    r.open_entry(i)
    gc.collect()
    r.start()
    r.tap(E.A, 2, 2)
    r.loaded()                  # a game's names and modules load a piece a frame (apps/menu.Loading)
    r.frames(2)
    r.stop("launch " + label, LAUNCH_FACTOR.get(label, "ui"), {"launch": True})


HOME_FROM = (("Dairyman", _dairyman_table), ("Mildred", _mildred_table),
             ("Milestones", _milestones_table))


def scene_home(r, i):
    """Coming home after a game: its table with bots for 60 frames, then
    left as a player leaves it (the game menu's Leave: a save, and the table
    off the stack), and B on the game's start menu when the table came back
    to one: the frames that let the game go and make the home menu again
    (App.home: its module imported anew), judged as a launch is."""
    label, table = HOME_FROM[i]
    table(r)
    for _ in range(n(60, 20)):
        if type(r.app.top()).__name__ == "PilePicker":
            r.tap(E.A, 1, 1)    # Milestones: the offered first pile
        else:
            r.frame()
    gc.collect()
    r.start()
    r.in_frame(r.app.top().leave)
    for _ in range(20):         # the way back, a step a frame (core/leaving.py)
        if type(r.app.top()).__name__ != "Leaving":
            break
        r.frame()
    r.frames(2)
    if type(r.app.top()).__name__ != "Home":
        r.tap(E.B, 1, 1)        # B on the start menu: home
        r.frames(2)
    r.stop("home from " + label, "launch", {"launch": True})


SCENES = (
    ("menu", scene_menu),
    ("roller2", lambda r: scene_roller(r, 2)),
    ("roller12", lambda r: scene_roller(r, 12)),
    ("hourglass", scene_hourglass),
    ("dairyman", scene_dairyman),
    ("mildred", scene_mildred),
    ("milestones", scene_milestones),
    ("launch", None),
    ("home", None),
    ("replay", None),
)


def _replay_scene(title):
    # in a module of its own, imported for these scenes only: this harness's
    # own code is in the heap the other scenes measure
    import bench_replay
    _scene("replay " + title, lambda r: bench_replay.scene(r, title, n(40, 6), n(5, 2), n(6, 2)))


def _launch_scene(i):
    r = Runner()
    r.frames(3)
    scene_launch(r, i)


def _home_scene(i):
    _scene("home from " + HOME_FROM[i][0], lambda r: scene_home(r, i))


def _scene(key, fn):
    """One scene from a fresh boot and an empty data dir, in a call of its own:
    when it returns, nothing of this scene's App is left in a frame's value
    stack (main's own would keep the last Runner alive for the collector, and
    the next scene's heap figure would carry the whole previous console)."""
    r = Runner()
    r.frames(3)
    try:
        fn(r)
    except Exception as e:  # a scene the firmware no longer supports: say so
        print("SCENE " + json.dumps({"scene": key, "error": "%s: %s" % (type(e).__name__, e)}))


def main():
    ref = DF.ref_us()
    only = None
    if "--only" in sys.argv:
        only = sys.argv[sys.argv.index("--only") + 1].split(",")
    for key, fn in SCENES:
        if only and key not in only:
            continue
        if key == "launch":
            for i in range(len(ENTRIES)):
                _launch_scene(i)
                scene_done()
            continue
        if key == "home":
            for i in range(len(HOME_FROM)):
                _home_scene(i)
                scene_done()
            continue
        if key == "replay":
            for title in ("dairyman", "mildred", "milestones"):
                _replay_scene(title)
                scene_done()
            continue
        _scene(key, fn)
        scene_done()
    print("REF %d" % min(ref, DF.ref_us()))
    print("DONE")


if __name__ == "__main__":
    main()

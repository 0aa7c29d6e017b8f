"""Where the chip's heap goes, module by module, by the calibrated heap model.

  .venv/bin/python host_tools/benches/heap_map.py [dairyman mildred milestones] [--fw DIR] [--frames N]

Builds the firmware with mpy-cross as the board runs it (host_tools/build.py),
then, for each game, runs this same file under the MicroPython unix port with
the device's heap cap (``upy.HEAP``): the real App boots headless (the
simulated panel, a virtual clock, seeded dice, a Store in a scratch folder),
interns the console's names in its first idle frames, then the game's own (as
its Loading page would first), opens the game from the home menu as a player
does (apps/menu.Loading imports its modules one a frame), starts a game with
bots (the table brings in its bot: AT_TABLE) and plays it for a few hundred
frames.

Every import goes through a hook on ``builtins.__import__`` that takes
``gc.mem_alloc()`` after a full collection before and after it: a module's own
bytes are what its import added less what the imports it made added (its
bytecode, constants, classes and globals; its names are already interned).
The play data is the largest live heap while playing less the live heap when
play started.

Chip figures by the model of host_tools/benches/device_factors.py: modules x 0.62,
play data x 0.5; the names (the console's, interned at boot, and the game's
own, interned as it opens) apart: their characters count 1:1 and the rest
(the pools' entries: 11 bytes each here, 6 on the chip) x 6/11.
Sorted by size, biggest first, with the running total.
"""
import gc
import sys

MICRO = sys.implementation.name == "micropython"
HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."


def _arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


# ---- under MicroPython: the measurement ------------------------------------------------
MAX_MODS = 160


def _wipe(n):
    """Calls ``n`` deep with empty locals: words left on the C stack by deeper
    calls no longer look like pointers to the conservative collector."""
    a = b = c = d = None
    if n:
        _wipe(n - 1)
    return a or b or c or d


def _live():
    _wipe(48)
    gc.collect()
    return gc.mem_alloc()


class Hook:
    """Records, for every import that adds modules to ``sys.modules``, the
    live bytes it added (inclusive) and the bytes of the imports made inside
    it, in slots allocated up front (the records add nothing while measuring)."""

    def __init__(self):
        import builtins
        self.names = [None] * MAX_MODS
        self.incl = [0] * MAX_MODS
        self.inner = [0] * MAX_MODS
        self.n = 0
        self.depth_bytes = [0] * 32     # bytes of completed inner imports, per depth
        self.depth = 0
        self.orig = builtins.__import__
        self.on = False
        builtins.__import__ = self.imp

    def imp(self, name, *args):
        if not self.on:
            return self.orig(name, *args)
        mods = sys.modules
        before = list(mods)     # live through a0 and a1: not in the difference
        d = self.depth
        self.depth = d + 1
        self.depth_bytes[d + 1] = 0
        a0 = _live()
        try:
            return self.orig(name, *args)
        finally:
            self.depth = d
            if len(mods) > len(before) and self.n < MAX_MODS:
                a1 = _live()
                got = a1 - a0
                new = [m for m in mods if m not in before and not self._seen(m)]
                i = self.n
                self.names[i] = "+".join(new) if new else name
                self.incl[i] = got
                self.inner[i] = self.depth_bytes[d + 1]
                self.n = i + 1
                self.depth_bytes[d] += got

    def _seen(self, m):
        for i in range(self.n):
            if m in self.names[i].split("+"):
                return True
        return False

    def dump(self, stage):
        import json
        for i in range(self.n):
            print("MOD " + json.dumps([stage, self.names[i], self.incl[i] - self.inner[i]]))


def _setup_game(app, game):
    """A game with bots on the table (as the frame bench starts them)."""
    if game == "dairyman":
        app.top().new()             # the start menu's new-game page
        ng = app.top()
        ng.n = 4
        ng.seats = [4, 4, 4, 4]     # four Expert bots
        return ng.start
    if game == "mildred":
        return app.top().new((4, 4))   # two Expert bots
    app.top().new_game(humans=1, bots=4, level=3)   # one person, four Expert bots
    sm = app.top()
    return sm.start


LABEL = {"dairyman": "Dairyman", "mildred": "Mildred's List", "milestones": "Milestones"}


def measure(fw, game, frames):
    import json
    sys.path.insert(0, HERE + "/../sim")
    sys.path.insert(0, fw)
    gc.collect()
    hook = Hook()
    gc.collect()
    a0 = _live()
    hook.on = True
    import simhw
    from dicebox.core import storage
    from dicebox.core import events as E
    from dicebox.core.app import App
    from dicebox.apps import home, menu
    entries = [e[0] for e in menu.ENTRIES]
    menu = None     # held by nothing here: a game's play does not keep it (main.py neither)
    hook.on = False
    data = "/tmp/dicebox_heap_map"
    simhw.ensure_dir(data)
    import os
    for f in os.listdir(data):
        os.remove(data + "/" + f)
    clock = simhw.VirtualClock()
    hw = simhw.SimHW(clock, data, seed=3)
    pace = simhw.Pace()
    app = App(hw, storage.Store(data), home)
    app.home()

    def frame(k=1):
        for _ in range(k):
            app.frame(hw.ticks_ms())
            hw.sleep_ms(pace.next())

    def tap(b):
        hw.mask |= 1 << b
        frame(2)
        hw.mask &= ~(1 << b)
        frame(2)

    a1 = _live()
    # the names: interned in the first idle frames (their modules dropped after)
    frame(70)
    a2 = _live()
    hook.dump("console")
    hook.n = 0
    print("STAGE " + json.dumps(["console", a1 - a0]))
    print("STAGE " + json.dumps(["names", a2 - a1]))
    # the game's own names, as its Loading page interns them first (which then
    # finds them in)
    while app.intern_names("dicebox.games." + game):
        pass
    a2b = _live()
    print("STAGE " + json.dumps(["game names", a2b - a2]))
    a2 = a2b
    # open the game from the home menu, its modules one a frame
    i = entries.index(LABEL[game])
    top = app.top()
    while top.sel != i:
        tap(E.DOWN)
    hook.on = True
    tap(E.A)
    for _ in range(120):     # its names and modules, a piece a frame
        if type(app.top()).__name__ != "Loading":
            break
        frame(1)
    frame(2)
    go = _setup_game(app, game)
    a3 = _live()
    print("STAGE " + json.dumps(["game", a3 - a2]))
    # play: the table's own objects, the bots' thinking, the log
    top = app.top()

    def once(now):
        del top.tick
        go()
    top.tick = once
    frame(1)
    go = top = None
    frame(20)           # the table brings in its bot (AT_TABLE, Table.load_next)
    hook.on = False
    hook.dump("game")
    start = _live()
    peak = start
    for k in range(frames):
        if type(app.top()).__name__ == "PilePicker":
            tap(E.A)    # Milestones' person takes the pile offered
            continue
        frame(1)
        if k % 10 == 0:
            a = _live()
            peak = a if a > peak else peak
    peak = max(peak, _live())
    print("STAGE " + json.dumps(["start", start - a0]))
    print("STAGE " + json.dumps(["play", peak - start]))
    print("LOADED " + json.dumps([m for m in sys.modules]))
    print("TOP " + json.dumps(type(app.top()).__name__))
    import micropython
    micropython.qstr_info()     # "qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=.., ..."
    print("DONE")


# ---- under CPython: build, run, report ---------------------------------------------------
def names_chars(fw):
    """{group: (characters with each name's terminating byte, how many)} of the
    names the tree's pieces intern (host_tools/build.py's groups: None the
    console's, a game's name its own less the console's)."""
    import os
    import build
    rows = []
    for dirpath, _, files in os.walk(fw):
        for f in files:
            if f.endswith(".mpy") and not f.startswith("names_"):
                rows.append((os.path.relpath(os.path.join(dirpath, f), fw)[:-4] + ".py", 0, 0))
    return dict((g, (sum(len(s.encode()) + 1 for s in names), len(names)))
                for g, (names, _) in build.name_groups(fw, rows).items())


def run(fw, game, frames):
    import json
    import os
    import subprocess
    import upy
    me = os.path.abspath(__file__)
    p = subprocess.run(upy.argv(me, "--mpy", "--fw", fw, "--game", game, "--frames", frames),
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0 or "DONE" not in p.stdout:
        raise RuntimeError(p.stdout[-2000:] + p.stderr[-2000:])
    mods, stages, top, loaded = [], {}, None, []
    for line in p.stdout.splitlines():
        if line.startswith("MOD "):
            mods.append(json.loads(line[4:]))
        elif line.startswith("STAGE "):
            k, v = json.loads(line[6:])
            stages[k] = v
        elif line.startswith("TOP "):
            top = json.loads(line[4:])
        elif line.startswith("LOADED "):
            loaded = json.loads(line[7:])
        elif line.startswith("qstr pool:"):
            stages["qstr"] = line
    return mods, stages, loaded, top


def short(name):
    return "+".join(m.replace("dicebox.", "") for m in name.split("+"))


# modules the simulator loads that the chip does not
HOST_ONLY = ("dicebox.core.seedbits",)


def on_chip(name):
    first = name.split("+")[0]
    return first.startswith("dicebox") and first not in HOST_ONLY


def report(game, mods, stages, chars, loaded, top):
    """Print the map; returns the chip total (bytes) of what is live in play."""
    import device_factors as DF
    rows = []
    dropped = []
    host = 0
    for stage, name, b in mods:
        if ".names_" in name:
            continue            # a piece of names: interned, then let go (counted below)
        if not on_chip(name):
            host += b
            continue
        label = "%s %s" % ("  " if stage == "console" else "* ", short(name))
        if name.split("+")[0] not in loaded:
            dropped.append((b, label))
            continue
        rows.append((b, b * DF.HEAP_MODULES, label))
    nb = 0
    for key, group, label in (("names", None, "  (the console's names, interned at boot: %d B of characters)"),
                              ("game names", game, "* (the game's own names, as it opens: %d B of characters)")):
        b = stages[key]
        c = min(chars[group][0], b)
        rows.append((b, c + (b - c) * 6.0 / 11, label % c))
        nb += b
    objs = stages["start"] - nb - host - sum(r[0] for r in rows if "names" not in r[2])
    rows.append((objs, max(0, objs) * DF.HEAP_DATA,
                 "* (objects when play starts: the console's, the table's, the bots')"))
    rows.append((stages["play"], max(0, stages["play"]) * DF.HEAP_DATA,
                 "* (play data: the peak while playing less the start)"))
    rows.sort(key=lambda r: -r[1])
    print("\n==== %s: live heap in play by module, biggest first (the top screen: %s)" % (game, top))
    print("%8s %8s %8s  %s" % ("host B", "chip KB", "total",
                               "module (* the game's; the rest the console's)"))
    tot = 0.0
    for b, chip, label in rows:
        tot += chip
        print("%8d %8.1f %8.1f  %s" % (b, chip / 1024.0, tot / 1024.0, label))
    print("chip total in play %.1f KB: modules x %.2f, objects and play data x %.2f, names: "
          "characters 1:1, the rest (pool entries) x 6/11" % (
              tot / 1024.0, DF.HEAP_MODULES, DF.HEAP_DATA))
    print("(a map, not the budget's figure: the session's peak, which `bench.py` checks against "
          "%d KB, comes as play starts, with the start pages still live, and counts all of it "
          "at x %.2f)" % (DF.HEAP_LIVE_MAX_KB, DF.HEAP_MODULES))
    if dropped:
        print("loaded for the start pages, dropped before play (not in the total): " + ", ".join(
            "%s %d B" % (label.strip(" *"), b) for b, label in sorted(dropped, reverse=True)))
    print("host-only modules of the simulator (not in the total): %d B" % host)
    print("names at the end (the simulator's among them): " + stages.get("qstr", "?"))
    return tot


def main(argv):
    import os
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import upy
    upy.on_path()
    import build
    games = [g for g in ("dairyman", "mildred", "milestones") if g in argv] or \
        ["dairyman", "mildred", "milestones"]
    frames = int(_arg("--frames", "400"))
    fw = _arg("--fw", None)
    if fw is None:
        fw = tempfile.mkdtemp(prefix="dicebox_heap_map_")
        errors, _ = build.build(fw, quiet=True)
        if errors:
            print("mpy-cross:", errors)
            return 1
    chars = names_chars(fw)
    print("firmware %s: names (characters) %s" % (fw, ", ".join(
        "%s %d (%d B)" % (g or "console", n, c) for g, (c, n) in sorted(chars.items(), key=lambda x: x[0] or ""))))
    for g in games:
        mods, stages, loaded, top = run(fw, g, frames)
        report(g, mods, stages, chars, loaded, top)
    return 0


if __name__ == "__main__":
    if MICRO and "--mpy" in sys.argv:
        measure(_arg("--fw", HERE + "/../../firmware"), _arg("--game", "dairyman"),
                int(_arg("--frames", "400")))
    else:
        sys.exit(main(sys.argv[1:]))

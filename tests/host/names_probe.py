"""Run by test_names.py under the MicroPython unix port (argv: firmware tree,
data folder): boot the console as `make sim` does, let it intern the
console's names in its idle frames, then import every module of the console;
then for each game intern its own names as its Loading page does and import
every module of the game; print what the qstr pools held at each step."""
import gc
import micropython
import os
import sys

FW = sys.argv[1]
DATA = sys.argv[2]
HERE = sys.argv[0].rsplit("/", 1)[0]
sys.path.insert(0, HERE + "/../../host_tools/sim")
sys.path.insert(0, FW)

import simhw  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from dicebox.apps import menu  # noqa: E402


def modules(root, pkg):
    out = []
    for name in sorted(os.listdir(root + "/" + pkg.replace(".", "/"))):
        if name.endswith(".mpy"):
            mod = name[:-4]
            if not mod.startswith("names_"):
                out.append(pkg if mod == "__init__" else pkg + "." + mod)
        elif "." not in name:
            out += modules(root, pkg + "." + name)
    return out


def pools(label):
    print("POOLS " + label)
    micropython.qstr_info()


clock = simhw.VirtualClock()
simhw.ensure_dir(DATA)
hw = simhw.SimHW(clock, DATA, 1)
app = App(hw, storage.Store(DATA), menu.home)
app.home()
pools("boot")
frames = 0
while app.names is not None and frames < 200:
    app.frame(hw.ticks_ms())
    hw.sleep_ms(33)
    frames += 1
print("FRAMES %d" % frames)
gc.collect()
pools("interned")
failed = []


def import_all(names):
    for name in names:
        try:
            __import__(name)
        except ImportError as e:
            failed.append("%s: %s" % (name, e))
        menu.purge()    # one at a time: together they do not fit
        if "-v" in sys.argv:
            print(name)
            micropython.qstr_info()


GAMES = ("dairyman", "mildred", "milestones")
# the modules whose names the build does not intern ahead (build.NOT_AHEAD, given
# by the test after the tree: "dicebox/core/gamelog.py" ...)
LATER = [a[:-3].replace("/", ".") for a in sys.argv[3:] if a.endswith(".py")]
every = [m for m in modules(FW, "dicebox") if m not in LATER]
import_all([m for m in every if m.split(".")[1:2] != ["games"] or m == "dicebox.games"])
pools("imported")
for g in GAMES:
    pkg = "dicebox.games." + g
    k = 0
    while app.intern_names(pkg):
        k += 1
    print("PIECES %s %d" % (g, k))
    gc.collect()
    pools(g + " interned")
    import_all([m for m in every if m == pkg or m.startswith(pkg + ".")])
    pools(g + " imported")
print("FAILED %r" % failed)
micropython.mem_info()

# a game opened at once after boot: its Loading page interns the names first
app2 = App(hw, storage.Store(DATA), menu.home)
app2.home()
home = app2.top()
labels = [e[0] for e in menu.ENTRIES]
home.items[labels.index("Dairyman")][1]()
frames = 0
while type(app2.top()).__name__ == "Loading" and frames < 200:
    app2.frame(hw.ticks_ms())
    hw.sleep_ms(33)
    frames += 1
print("LAUNCH %d %s %r %r" % (frames, type(app2.top()).__name__, app2.names,
                              app2.game_names.get("dicebox.games.dairyman", 0)))

"""Damaged files: every kind of file the console writes, mutated, read back
through the real App and the screen that reads it.

Run under the MicroPython unix port with the `make sim` heap cap (the same
firmware, paths and file layout as the simulator):

  .venv/bin/micropython -X heapsize=240wK host_tools/mutate.py KIND COUNT SEED START DATA_DIR

First every file is made by playing (settings, roller state with its history,
a roller preset, timer, a game of each title saved mid-way; the Milestones
high-score table through its own writer), so the data folder holds one real
file of each kind. Then for each case i >= START: the folder is put back as it
was, the KIND file is replaced by mutation i (truncations, bit flips, wrong
types, missing and extra keys, out-of-range, huge and negative numbers, deep
nesting, empty, non-UTF-8, a 1 MB file, and in-range edits: a number moved
to a neighbour, a roller set beyond its named set's limits such as a group
of 7 Milestones dice), the App boots and the screen that reads the file is
opened (the roller's screen also rolls its dice once). A case passes when nothing raised, no error screen
showed and nothing went to error.log; the file was either used (still there)
or set aside as ``.bad`` with its problem taken by a screen to show; and every
other file is byte-identical. Each case prints ``CASE i label`` first (a hang
is found by the caller's timeout) and ``DONE i outcome`` after; the last line
is ``RESULT {json}``.
"""
import gc
import json
import os
import sys

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, HERE)
import soak  # noqa: E402  (puts sim/ and firmware/ on the path)
from dicebox.core import events as E  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from dicebox.apps import menu  # noqa: E402
import simhw  # noqa: E402

# kind: (record name, screens that read it)
KINDS = {
    "settings": "settings",
    "roller": "roller",
    "roller_history": "roller",        # the history lives in the roller's record
    "roller_presets": "roller_presets",
    "timer": "timer",
    "dairyman": "dairyman",
    "mildred": "mildred",
    "milestones_game": "milestones_game",
    "milestones_high": "milestones_high",
}

FOCUS = {"roller_history": "history"}   # mutate only this part of the record's data


class ScriptError(Exception):
    pass


# ---------------------------------------------------------------- mutations
_ODD = ("x", "", [], {}, None, True, False, 1.5, -1, 0, 7, 9, 99, 255, 65536, 2 ** 31,
        -2 ** 31, 10 ** 12, -(10 ** 12), 10 ** 30, [0], [99], [-1], {"a": 1}, "9" * 40,
        "\u00e9\u2603", [[[]]])


def _paths(x, path, out):
    out.append(path)
    if isinstance(x, dict):
        for k in x:
            _paths(x[k], path + [k], out)
    elif isinstance(x, list):
        for i in range(len(x)):
            _paths(x[i], path + [i], out)


def _get(x, path):
    for p in path:
        x = x[p]
    return x


def _set(root, path, value):
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _deep(n, inner="0"):
    return "[" * n + inner + "]" * n


# a set of dice whose every number is in range but whose set cannot hold it
# (the roller's named sets: 6 Milestones dice, 7 white, 1 yellow, 4 red, all d6)
_GROUPS = ([[7, 6, "ms"]], [[4, 6, "ms"], [3, 6, "ms"]], [[6, 8, "ms"]], [[9, 6, "ms"]],
           [[7, 6, "W"], [2, 6, "Y"]], [[5, 6, "R"]], [[8, 6, "W"]], [[6, 6, "ms"], [6, 6, ""]],
           [[6, 6, "ms"]], [[7, 6, "W"], [1, 6, "Y"], [4, 6, "R"]])


def _in_range(data, paths, path, where, rand, i=0):
    """An edit a player's own console could almost have written: a group of
    dice beyond its set's limits (a group of 7 Milestones dice), or a number
    moved to a neighbour or a small value. Changes ``data`` in place."""
    groups = [p for p in paths if p and p[-1] == "groups"]
    if groups and (i // 10) % 2 == 0:    # every other in-range case: each set in turn
        g = groups[rand.below(len(groups))]
        v = _GROUPS[(i // 20 - 1) % len(_GROUPS)]   # the first at case 20
        _set(data, g, [list(x) for x in v])
        rec = _get(data, g[:-1])
        if isinstance(rec, dict) and "values" in rec:   # the roller: dice unrolled, as an edit leaves them
            n = sum(x[0] for x in v)
            rec["values"] = [0] * n
            rec["held"] = [0] * n
            rec["keep"] = ["", 0]
        return "data%s = %s (in range)" % ("".join("[%r]" % p for p in g), json.dumps(v))
    ints = [p for p in paths if p and type(_get(data, p)) is int]
    if not ints:
        return where + ": no number to edit (in range)"
    p = ints[rand.below(len(ints))]
    t = _get(data, p)
    v = (t + 1, t - 1, 0, 1, 6, 7, 12)[rand.below(7)]
    _set(data, p, v)
    return "data%s = %d (in range)" % ("".join("[%r]" % x for x in p), v)


def mutate(text, i, rand, focus=None):
    """Mutation i of a record's JSON text: (label, bytes) or (label, None) for
    the 1 MB file (written in pieces)."""
    raw = text.encode() if isinstance(text, str) else text
    fixed = (
        ("empty", b""),
        ("one MB", None),
        ("not JSON", b"hello"),
        ("null", b"null"),
        ("a list", b"[]"),
        ("a number", b"42"),
        ("deep nesting", _deep(1000).encode()),
        ("deep dicts", ('{"a":' * 600 + "0" + "}" * 600).encode()),
        ("non-UTF-8", b"\xff\xfe\x80" + raw[3:]),
        ("NUL bytes", raw[: len(raw) // 2] + b"\x00\x00" + raw[len(raw) // 2:]),
        ("BOM", b"\xef\xbb\xbf" + raw),
    )
    if i < len(fixed):
        return fixed[i]
    rec = json.loads(raw)
    k = (i - len(fixed)) % 10
    if k == 0:
        n = rand.below(len(raw))
        return "truncated at %d" % n, raw[:n]
    if k == 1:
        b = bytearray(raw)
        flips = 1 + rand.below(3)
        for _ in range(flips):
            j = rand.below(len(b))
            b[j] ^= 1 << rand.below(8)
        return "%d bit flips" % flips, bytes(b)
    paths = []
    if focus and isinstance(rec.get("data"), dict) and focus in rec["data"]:
        _paths(rec["data"][focus], [focus], paths)   # e.g. the roller's history only
    else:
        _paths(rec["data"], [], paths)
    path = paths[rand.below(len(paths))]
    where = "data" + "".join("[%r]" % p for p in path)
    data = rec["data"]
    if k in (2, 3, 4):
        v = _ODD[rand.below(len(_ODD))]
        rec["data"] = _set(data, path, v)
        label = "%s = %s" % (where, json.dumps(v)[:30])
    elif k == 5:
        target = _get(data, path)
        if isinstance(target, dict) and target:
            keys = list(target)
            key = keys[rand.below(len(keys))]
            del target[key]
            label = "%s: key %r missing" % (where, key)
        elif isinstance(target, list) and target:
            j = rand.below(len(target))
            target.pop(j)
            label = "%s: item %d missing" % (where, j)
        else:
            rec["data"] = _set(data, path, [target, target])
            label = "%s doubled into a list" % where
    elif k == 6:
        target = _get(data, path)
        if isinstance(target, dict):
            target["extra%d" % rand.below(100)] = _ODD[rand.below(len(_ODD))]
            label = "%s: extra key" % where
        elif isinstance(target, list):
            extra = target[0] if target else 1
            for _ in range(1 + rand.below(40)):
                target.append(extra)
            label = "%s: longer list" % where
        else:
            rec["data"] = _set(data, path, {"v": target})
            label = "%s wrapped in a dict" % where
    elif k == 9:
        label = _in_range(data, paths, path, where, rand, i)
    elif k == 7:
        target = _get(data, path)
        if type(target) is int:
            v = (-target - 1, target + 1, target * 1000 + 7, -(2 ** 40), 2 ** 62)[rand.below(5)]
        else:
            v = (-1, -5, 2 ** 40, 123456789)[rand.below(4)]
        rec["data"] = _set(data, path, v)
        label = "%s = %d" % (where, v)
    else:
        env = ("fmt", "name", "v", "data")[rand.below(4)]
        v = (None, 2, "other", [], 0)[rand.below(5)]
        if rand.below(3) == 0:
            del rec[env]
            label = "envelope: %s missing" % env
        else:
            rec[env] = v
            label = "envelope: %s = %s" % (env, json.dumps(v))
    return label, json.dumps(rec).encode()


# ---------------------------------------------------------------- the console
class Session:
    """One boot of the real App on a data folder, driven by label-level steps."""

    def __init__(self, data, seed=1):
        self.data = data
        self.clock = simhw.VirtualClock()
        self.hw = simhw.SimHW(self.clock, data, seed)
        self.logged = []
        self.hw.log = self._log
        self.errors = []
        self.store = storage.Store(data)
        self.taken = []
        take = self.store.take_problems

        def spy(name=None):
            got = take(name)
            for p in got:
                self.taken.append(p)
            return got
        self.store.take_problems = spy
        self.app = App(self.hw, self.store, menu.home)
        self.frames = 0
        self.app.home()
        self.run_ms(150)

    def _log(self, text):
        if len(self.logged) < 4:
            self.logged.append(text[:1500])

    def top_name(self):
        t = self.app.top()
        return type(t).__name__ if t is not None else "None"

    def frame(self):
        app = self.app
        try:
            app.frame(self.clock.t)
        except Exception as e:
            self.errors.append(soak._trace(e)[-1500:])
            try:
                app.fail(e)
            except Exception:
                app.stack = []
        if self.top_name() == "ErrorScreen":
            if not self.errors:
                self.errors.append(" ".join(getattr(app.top(), "lines", ())))
            app.home()
        self.frames += 1
        self.clock.t += 33

    def run_ms(self, ms):
        end = self.clock.t + ms
        while self.clock.t < end:
            self.frame()

    def tap(self, b, down=60, up=120):
        self.hw.mask |= 1 << b
        self.run_ms(down)
        self.hw.mask &= ~(1 << b)
        self.run_ms(up)

    def labels(self):
        top = self.app.top()
        items = getattr(top, "items", None)
        out = []
        if isinstance(items, list):
            for it in items:
                lab = it[0]
                try:
                    lab = lab() if callable(lab) else lab
                except Exception:
                    lab = "?"
                out.append(str(lab))
        return out

    def has(self, *texts):
        labs = [x.lower() for x in self.labels()]
        for t in texts:
            for x in labs:
                if t.lower() in x:
                    return True
        return False

    def pick(self, *texts):
        """Move the cursor to the first entry whose label holds one of texts, press A."""
        labs = [x.lower() for x in self.labels()]
        j = -1
        for t in texts:
            for i in range(len(labs)):
                if t.lower() in labs[i]:
                    j = i
                    break
            if j >= 0:
                break
        if j < 0:
            raise ScriptError("no %s in %s %s" % ("/".join(texts), self.top_name(), labs))
        top = self.app.top()
        for _ in range(40):
            if self.app.top() is not top or top.sel == j:
                break
            self.tap(E.DOWN if top.sel < j else E.UP, 40, 60)
        self.tap(E.A, 60, 250)

    def dismiss(self):
        """Close messages (problems shown, notices) until a menu or a game shows."""
        for _ in range(8):
            if self.top_name() not in ("Message", "TextPage"):
                return
            self.tap(E.A, 60, 150)

    def home(self):
        for i in range(30):
            if self.top_name() == "Home" and len(self.app.stack) == 1:
                return True
            if self.has("save and quit", "leave roller"):
                self.pick("save and quit", "leave roller")
                continue
            b = (E.B, E.B, E.UP, E.A)[i % 4]   # B; Up or A where B does not leave
            self.tap(E.A if self.top_name() == "Confirm" else b, 60, 200)
        raise ScriptError("cannot get home from %s" % self.top_name())

    AVOID = ("quit", "leave", "new game", "how to", "controls", "rules", "rulings", "moves",
             "scores", "tiles", "help", "what is", "back to", "log")

    def play(self, n, rand):
        """n random-ish moves at a game table: A mostly, shakes, arrows; in a
        menu a random entry that plays (never one that leaves or only shows
        help), else B."""
        for _ in range(n):
            name = self.top_name()
            if name in ("Message", "TextPage"):
                self.tap(E.A, 60, 150)
                continue
            if name == "Home":
                return
            labs = self.labels()
            if labs:
                ok = [lab for lab in labs if not any(w in lab.lower() for w in self.AVOID)]
                if ok and rand.below(5):
                    self.pick(ok[rand.below(len(ok))])
                else:
                    self.tap(E.B, 60, 200)
                continue
            k = rand.below(12)
            if k < 6:
                self.tap(E.A, 60, 300)
            elif k < 8:
                self.hw.shake.shake(self.clock.t, 800)
                self.run_ms(1400)
            elif k < 11:
                self.tap((E.UP, E.LEFT, E.RIGHT)[rand.below(3)], 60, 150)
            else:
                self.run_ms(1500)


# ---------------------------------------------------------------- making the files
def _milestones_high(s):
    from dicebox.games.milestones import screens as M

    class Done:
        def __init__(self, n, score):
            self.n = n
            self._score = score

        def score(self):
            return self._score
    if not hasattr(M, "record_high"):
        return  # older firmware: no high-score writer to call
    cfg = M.new_config()
    for gid, n, pts in ((101, 3, 42), (102, 3, 57), (103, 2, 12)):
        c = dict(cfg)
        c["gid"] = gid
        M.record_high(s.store, Done(n, pts), c)


def produce(data):
    """Every file, made by playing; returns {file name: bytes}."""
    soak._empty_dir(data)
    rand = soak.Rand(7)
    s = Session(data)
    s.pick("settings")
    s.pick("sound")        # toggled: the settings file is written
    s.pick("sound")
    s.home()
    s.pick("roller")
    for _ in range(3):
        s.tap(E.A, 60, 1500)
    s.tap(E.B, 60, 300)
    s.pick("presets")
    s.dismiss()
    s.pick("save current")
    s.home()
    s.pick("timer")
    s.dismiss()
    s.tap(E.RIGHT, 60, 200)     # players + 1 on the first entry: saved
    s.tap(E.DOWN, 60, 100)
    s.tap(E.RIGHT, 60, 200)
    s.home()
    for title, start in (("dairyman", ("new game", "start")), ("mildred", ("new game", "start")),
                         ("milestones", ("new game", "start"))):
        s.pick(title[:6])
        s.dismiss()
        for step in start:
            if s.has(step):
                s.pick(step)
        s.play(14, rand)
        s.home()
    _milestones_high(s)
    if s.errors:
        raise ScriptError("making the files failed: " + s.errors[0])
    files = {}
    for f in os.listdir(data):
        with open(data + "/" + f, "rb") as fh:
            files[f] = fh.read()
    return files


def read_back(s, kind):
    """Open the screen(s) that read kind's file."""
    if kind == "settings":   # read at boot; the Settings page shows them
        s.run_ms(500)
        s.dismiss()
        s.pick("settings")
        s.run_ms(300)
        s.dismiss()
        return
    if kind in ("roller", "roller_history", "roller_presets"):
        s.pick("roller")
        s.dismiss()
        s.run_ms(300)
        if kind != "roller_presets":    # a roll of the dice the file holds (presets: roller.json stays)
            s.tap(E.A, 60, 1500)
        s.tap(E.B, 60, 300)
        s.dismiss()
        s.pick("presets" if kind == "roller_presets" else "history")
        s.run_ms(300)
        s.dismiss()
        return
    if kind == "timer":
        s.pick("timer")
        s.run_ms(300)
        s.dismiss()
        s.pick("turn clock")
        s.run_ms(500)
        return
    if kind == "milestones_high":
        s.pick("milestones")
        s.run_ms(500)           # its modules load one a frame behind a Loading page
        s.dismiss()
        s.pick("high scores")
        s.run_ms(300)
        return
    s.pick(kind[:6])
    s.run_ms(300)
    s.dismiss()
    if s.has("resume"):
        s.pick("resume")
        s.run_ms(3000)
        s.dismiss()
        s.run_ms(1000)


def write_file(path, body):
    with open(path, "wb") as f:
        if body is None:  # the 1 MB file, in pieces (the heap is the device's)
            piece = b'{"fmt": 1, "data": "' + b"x" * 4000
            f.write(piece)
            for _ in range(256):
                f.write(b"y" * 4096)
            f.write(b'"}')
        else:
            f.write(body)


def restore(data, files):
    for f in os.listdir(data):
        os.remove(data + "/" + f)
    for f in files:
        with open(data + "/" + f, "wb") as fh:
            fh.write(files[f])


def snapshot(data, skip=None):
    """{file: bytes}; files of record ``skip`` only listed (b"")."""
    out = {}
    for f in os.listdir(data):
        if skip is not None and f.startswith(skip + "."):
            out[f] = b""
            continue
        with open(data + "/" + f, "rb") as fh:
            out[f] = fh.read()
    return out


def run_case(data, files, kind, i, rand):
    name = KINDS[kind]
    fn = name + ".json"
    label, body = mutate(files[fn], i, rand, FOCUS.get(kind))
    print("CASE %d %s" % (i, label))
    restore(data, files)
    write_file(data + "/" + fn, body)
    body = None
    gc.collect()
    try:
        s = Session(data, seed=i + 1)
        read_back(s, kind)
        # the problem must be taken by the screen that reads the file, before home
        taken = [p for p in s.taken if p.startswith(name + ":")]
        s.home()
    except ScriptError as e:
        return label, "script", str(e)
    except Exception as e:  # out of App() itself (boot), or the harness ran out of heap
        return label, "crash", "outside a frame: " + soak._trace(e)[-1200:]
    if s.errors or s.logged:
        return label, "crash", (s.errors or s.logged)[0]
    after = snapshot(data, name)
    for f in files:
        if f.startswith(name + "."):
            continue
        if after.get(f) != files[f]:
            return label, "other file changed", f
    for f in after:
        if f not in files and not f.startswith(name + "."):
            return label, "other file changed", "new " + f
    if (name + ".bad") in after:
        if not taken:
            return label, "set aside silently", "no problem shown by the screen"
        return label, "set aside", taken[0][:120]
    if (name + ".json") in after:
        return label, "loaded", ""
    return label, "removed", "neither kept nor set aside"


# ---------------------------------------------------------------- power cuts
class PowerCut(BaseException):
    """The power goes: not an Exception, so nothing in the firmware catches it."""


class _CutFile:
    def __init__(self, f, fs):
        self.f = f
        self.fs = fs

    def write(self, text):
        if self.fs.op("write"):
            self.f.write(text[: len(text) // 2])  # half of it reached the flash
            self.f.close()
            raise PowerCut()
        return self.f.write(text)

    def read(self, *a):
        return self.f.read(*a)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()
        return False


def digest(path):
    """sha256 of a file (the power-cut test compares saves without keeping them)."""
    import hashlib
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).digest()
    except OSError:
        return None


class CutFS:
    """Stands between core.storage and the filesystem: counts every storage
    operation (open for writing, write, rename, remove) and cuts the power at
    the k-th (before it happens; a write gets half its bytes out first).
    Records what each rename put in place, by record name."""

    def __init__(self, root, cut_at=0):
        import os
        self.os = os
        self.root = root
        self.cut_at = cut_at
        self.ops = 0
        self.log = []       # the last three operations
        self.at_cut = ""
        self.kinds = set()
        self.renames = []   # (record name, digest of the text) of every completed rename, in order
        self.screen = ""

    def op(self, what):
        self.ops += 1
        self.log.append(what)
        self.kinds.add(what.split(" ")[0])
        if len(self.log) > 3:
            self.log.pop(0)
        if self.cut_at and self.ops == self.cut_at:
            self.at_cut = what
            return True
        return False

    # the os functions storage uses
    def stat(self, p):
        return self.os.stat(p)

    def mkdir(self, p):
        return self.os.mkdir(p)

    def listdir(self, *a):
        return self.os.listdir(*a)

    def rename(self, a, b):
        if self.op("rename " + b.rsplit("/", 1)[-1]):
            raise PowerCut()
        self.os.rename(a, b)
        name = b.rsplit("/", 1)[-1]
        if name.endswith(".json"):
            self.renames.append((name[:-5], digest(b)))

    def remove(self, p):
        name = p.rsplit("/", 1)[-1]
        if self.op("remove " + name):
            raise PowerCut()
        self.os.remove(p)   # raises OSError when there was none: nothing recorded then
        if name.endswith(".json"):
            self.renames.append((name[:-5], None))   # a finished game's save removed

    def open(self, path, mode="r", *a):
        if "w" in mode or "a" in mode:
            if self.op("open " + path.rsplit("/", 1)[-1]):
                raise PowerCut()
            return _CutFile(open(path, mode, *a), self)
        return open(path, mode, *a)


GAMES = {  # title on the home menu, entries picked to start a game, save record, result record
    "dairyman": ("Dairyman", ("new game", "p1:", "start"), "dairyman", None),   # P1 made a bot too
    "mildred": ("Mildred", ("new game", "start"), "mildred", "records"),   # P1 a person: the result is recorded
    "milestones": ("Milestones", ("new game", "start"), "milestones_game", "milestones_high"),
}


def powercut_game(game, moves, seed, data, cut_at, fs_log=False):
    """Play ``moves`` scripted moves of ``game`` on a fresh folder, the power
    cut at storage operation ``cut_at`` (0: never). Returns the CutFS and
    whether the cut happened."""
    from dicebox.core import storage as st
    soak._empty_dir(data)
    fs = CutFS(data, cut_at)
    real_os = st.os
    st.os = fs
    st.open = fs.open
    cut = False
    s = None
    try:
        s = Session(data, seed)
        s.hw.ticks_us = lambda: s.clock.t * 1000 + 7   # shakes stir the dice: keep it repeatable
        title, start, rec, high = GAMES[game]
        s.pick(title.lower()[:6])
        s.dismiss()
        for step in start:
            if s.has(step):
                s.pick(step)
        s.play(moves, soak.Rand(seed))
    except PowerCut:
        cut = True
    finally:
        st.os = real_os
        try:
            del st.open
        except (AttributeError, KeyError):
            st.open = open
    if s is not None:
        fs.screen = "%s %s %s" % (s.top_name(), s.labels()[:4], s.errors[:1])
    return fs, cut


def powercut(game, moves, seed, data):
    """Cut the power at every storage operation of a scripted game; after each
    cut boot again on the files as they are (a .tmp left too), and the game's
    save must be the last completed one or the one before, and Resume must work."""
    rec = GAMES[game][2]
    ref, _ = powercut_game(game, moves, seed, data, 0)
    saves = [t for (n, t) in ref.renames if n == rec]
    total = ref.ops
    missed = 0
    fails = []
    outcomes = {}
    nfail = [0]

    class Fails:
        def append(self, entry):
            nfail[0] += 1
            if len(fails) < 12:
                fails.append(entry)
    bad = Fails()
    for k in range(1, total + 1):
        fs, cut = powercut_game(game, moves, seed, data, k)
        if not cut:
            # the replay took another path (the unix port's heap layout can
            # change the order of a set of objects) and ended before operation k
            missed += 1
            continue
        # judged against this run's own completed saves
        done = [t for (n, t) in fs.renames if n == rec]
        j = len(done)
        now = digest(data + "/" + rec + ".json")
        left_tmp = False
        try:
            import os
            os.stat(data + "/" + rec + ".tmp")
            left_tmp = True
        except OSError:
            pass
        what = fs.at_cut
        if j and done[-1] is None and now is None:
            # the game was over and its save removed: its result must be kept
            high = GAMES[game][3]
            ok = high is None or digest(data + "/" + high + ".json") is not None
            kind = "finished, result kept" if ok else "finished, result lost"
        elif j == 0:
            ok = now is None
            kind = "before the first save" if now is None else "first save"
        elif now == done[-1]:
            ok, kind = True, "last"
        elif j >= 2 and now == done[-2]:
            ok, kind = True, "one before"
        else:
            ok, kind = False, "lost" if now is None else "other state"
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if not ok:
            bad.append({"cut": k, "op": what, "saves_done": j, "tmp_left": left_tmp,
                          "why": "after the restart the save is %s" % kind})
            continue
        # boot again and resume
        s = Session(data, seed + k)
        try:
            s.pick(GAMES[game][0].lower()[:6])
            s.run_ms(300)
            s.dismiss()
            if now is not None and kind != "finished, result kept":
                if not s.has("resume"):
                    bad.append({"cut": k, "op": what, "why": "no Resume offered: %s" % s.labels()})
                    continue
                s.pick("resume")
                s.run_ms(1500)
                s.dismiss()
                if s.top_name() in ("Home", "Start", "StartMenu"):
                    bad.append({"cut": k, "op": what, "why": "Resume did not open the game (%s)"
                                  % s.top_name()})
        except ScriptError as e:
            bad.append({"cut": k, "op": what, "why": "script: %s" % e})
        if s.errors or s.logged:
            bad.append({"cut": k, "op": what, "why": "crash after the restart: %s"
                          % (s.errors or s.logged)[0][-600:]})
    return {"game": game, "moves": moves, "seed": seed, "ops": total, "saves": len(saves),
            "cuts": total - missed, "not_reached": missed, "outcomes": outcomes, "fails": fails, "failed": nfail[0],
            "op_kinds": sorted(ref.kinds)}


def main(argv):
    if argv[1] == "powercut":
        gc.collect()
        res = powercut(argv[2], int(argv[3]), int(argv[4]), argv[5])
        print("RESULT " + json.dumps(res))
        return
    kind = argv[1]
    count = int(argv[2])
    seed = int(argv[3])
    start = int(argv[4])
    data = argv[5]
    if kind not in KINDS:
        raise SystemExit("kinds: " + " ".join(KINDS))
    files = produce(data)
    fn = KINDS[kind] + ".json"
    if fn not in files:
        print("RESULT " + json.dumps({"kind": kind, "error": "no %s was written by playing" % fn,
                                      "files": sorted(files)}))
        return
    print("FILES " + " ".join("%s:%d" % (f, len(files[f])) for f in sorted(files)))
    rand = soak.Rand(seed * 1000 + start)
    counts = {}
    bad = []
    for i in range(start, count):
        label, outcome, detail = run_case(data, files, kind, i, rand)
        counts[outcome] = counts.get(outcome, 0) + 1
        print("DONE %d %s" % (i, outcome))
        if outcome not in ("loaded", "set aside", "removed") and len(bad) < 12:
            bad.append({"case": i, "label": label, "outcome": outcome, "detail": detail[-700:]})
    print("RESULT " + json.dumps({"kind": kind, "start": start, "count": count, "counts": counts,
                                  "bad": bad}))


if __name__ == "__main__":
    main(sys.argv)

"""Damaged files: every kind of file the console writes, mutated, read back
through the real App and the screen that reads it.

Run under the MicroPython unix port with the `make sim` heap cap (the same
firmware, paths and file layout as the simulator):

  .venv/bin/python host_tools/upy.py host_tools/testing/mutate.py KIND COUNT SEED START DATA_DIR

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
from hostplay import Player  # noqa: E402
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
    packed = isinstance(rec, list)  # today's envelope: [format, name, version, packed data]
    if packed:
        rec = {"fmt": rec[0], "name": rec[1], "v": rec[2], "data": storage.unpack(rec[3])}
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
    return label, _text(rec, packed)


def _text(rec, packed):
    """The file's text of a mutated record, in the envelope it came in (the
    data packed again as the store packs it, so a change reaches the checks)."""
    if not packed:
        return json.dumps(rec).encode()
    out = [rec[k] for k in ("fmt", "name", "v") if k in rec]
    if "data" in rec:
        try:
            out.append(storage.pack(rec["data"]))
        except Exception:       # a value the store would never write: as it is
            out.append(rec["data"])
    return json.dumps(out, separators=(",", ":")).encode()


# ---------------------------------------------------------------- the console
class Session(Player):
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
        for _ in range(100):        # the names go in first (core/app.py), as a
            if self.app.names is None:   # person takes a second to choose
                break
            self.run_ms(33)

    def _log(self, text):
        if len(self.logged) < 4:
            self.logged.append(text[:1500])

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
        """Close messages (problems shown, notices) until a menu or a game shows
        (a game's Loading page first runs to its end: keys pressed on it go to
        the game's start menu)."""
        for _ in range(100):
            if self.top_name() != "Loading":
                break
            self.run_ms(100)
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
    from dicebox.games.milestones import table as MS_table
    from dicebox.games.milestones import pages as MS_pages

    class Done:
        def __init__(self, n, score):
            self.n = n
            self._score = score

        def score(self):
            return self._score
    if not hasattr(MS_pages, "record_high"):
        return  # older firmware: no high-score writer to call
    cfg = MS_table.new_config()
    for gid, n, pts in ((101, 3, 42), (102, 3, 57), (103, 2, 12)):
        c = dict(cfg)
        c["gid"] = gid
        MS_pages.record_high(s.store, Done(n, pts), c)
    from dicebox.apps import menu
    menu.purge()            # as the home menu does: the game's modules go again


def produce(data):
    """Every file, made by playing; returns {file name: bytes}."""
    simhw.empty_dir(data)
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


def own(f, name):
    """File ``f`` is record ``name``'s: its own (``name.json``, ``.bad``...) or,
    for a game's save, the records of its log's steps (``name_l0.json``...,
    core/steplog.py), which a resumed game writes ahead of its save."""
    return f.startswith(name + ".") or f.startswith(name + "_l")


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
        if own(f, name):
            continue
        if after.get(f) != files[f]:
            return label, "other file changed", f
    for f in after:
        if f not in files and not own(f, name):
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
    def __init__(self, f, fs, name):
        self.f = f
        self.fs = fs
        self.name = name
        self.sofar = None   # what was written to it so far

    def write(self, text):
        half = text[: len(text) // 2]
        left = half if self.sofar is None else self.sofar + half
        self.sofar = text if self.sofar is None else self.sofar + text
        if self.fs.op("write " + self.name, (self.name, left)):
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
    Records what each rename put in place, by record name.

    With ``snaps`` (a folder) it cuts nothing and instead keeps, before every
    operation k, the files as a cut at k leaves them (``snaps/k``: the folder
    as it is, and the file being written holding what was written to it
    before plus half of this write), with the operation, the save points then
    in flight and the renames completed: one game then yields every cut."""

    def __init__(self, root, cut_at=0, snaps=None):
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
        self.writing = ""
        self.ended = False  # the game reached its end page
        self.snaps = snaps
        self.whats = []     # with snaps, per operation: what it was,
        self.points = []    # ... the save points in flight (Points.now),
        self.done_at = []   # ... and how many renames had completed

    def op(self, what, partial=None):
        self.ops += 1
        if self.snaps is not None:
            self.snapshot(self.ops, partial)
            self.whats.append(what)
            self.points.append(Points.now)
            self.done_at.append(len(self.renames))
        self.log.append(what)
        self.kinds.add(what.split(" ")[0])
        if len(self.log) > 3:
            self.log.pop(0)
        if self.cut_at and self.ops == self.cut_at:
            self.at_cut = what
            return True
        return False

    def snapshot(self, k, partial):
        d = "%s/%d" % (self.snaps, k)
        self.os.mkdir(d)
        for f in self.os.listdir(self.root):
            with open(self.root + "/" + f, "rb") as src:
                body = src.read()
            write_file(d + "/" + f, body)
        if partial is not None:
            body = partial[1]
            write_file(d + "/" + partial[0], body.encode() if isinstance(body, str) else body)

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
            self.writing = path.rsplit("/", 1)[-1]   # the file the next writes go to
            if self.op("open " + path.rsplit("/", 1)[-1]):
                raise PowerCut()
            return _CutFile(open(path, mode, *a), self, self.writing)
        return open(path, mode, *a)


GAMES = {  # title on the home menu, entries picked to start a game (or a line and the Left
    # presses that set it), save record, records key, high scores
    "dairyman": ("Dairyman", ("new game", "start"), "dairyman", "Dairyman", None),
    "mildred": ("Mildred", ("new game", "start"), "mildred", "Mildred", None),
    "milestones": ("Milestones", ("new game", "start"), "milestones_game", "milestones",
                   "milestones_high"),
}   # each: P1 a person against bots (Dairyman's P2 Strong, as the new-game page offers), so the end is recorded


class Points:
    """The save points a table asked for (``want_save``) since its last save:
    at a cut, more than one means two moves were to share one save."""
    now = 0
    at_cut = 0
    patched = False


def watch_saves():
    from dicebox.core import table as T
    if Points.patched:
        return
    Points.patched = True
    want, save = T.Table.want_save, T.Table.save_now

    def want_save(self):
        Points.now += 1
        want(self)

    def save_now(self):
        got = save(self)            # a cut inside: the count stays, it is the save in flight
        Points.now = 0
        return got
    T.Table.want_save = want_save
    T.Table.save_now = save_now


def decide(t, rng):
    """A person's move at a turn-based table: what the Beginner bot would play
    (in Dairyman the Strong bot's: two Beginners can fail and reset the
    display for hundreds of turns, longer than the driver's half hour)."""
    level = 2 if "dairyman" in type(t).__module__ else 0
    for a in t.bot_module().think(t.s.clone(), rng, level):
        if a is not None:
            return a
    raise ScriptError("the bot gave no move")


def drive(s, rng, minutes):
    """Play the game on top to its end page. At a turn-based table (Dairyman,
    Mildred) the person plays the Beginner bot's move through the table's
    ``play`` (what its keys call) in the first frame the table takes it, so a
    move right after a bot's turn is played as early as a key can; A rolls the
    person's dice, and A skips the bots' pacing (they play a step a frame). In
    Milestones the person shakes for the first roll and then watches, a frame
    every half second: the bots claim and the sand runs out. Messages and
    recaps are read (A), a pile picker takes A. True once the end page shows."""
    from dicebox.core import table as T
    end = s.clock.t + minutes * 60000
    while s.clock.t < end:
        top = s.app.top()
        name = s.top_name()
        if name in ("EndPage", "Result"):
            return True
        if name in ("Home", "None"):
            return False
        if not isinstance(top, T.Table):
            s.tap(E.A, 40, 80)
            continue
        if not hasattr(top, "st") and top.cover < 0:
            if top.human_rolls():
                s.tap(E.A, 40, 40)
                continue
            if top.my_turn() and top.refused is None:
                top.play(decide(top, rng))
            elif top.bots_play() and not top.fast and top.thought is None:
                s.tap(E.A, 33, 0)        # A skips the bots' pacing to the person's turn
                continue
        elif top.cover >= 0:
            s.tap(E.A, 40, 40)
            continue
        elif hasattr(top, "st"):
            st = top.st
            if not st.started and st.setup >= st.n and not top.pending_save:
                s.hw.shake.shake(s.clock.t, 800)    # the person's first roll starts the sand
                s.run_ms(1400)
                continue
            s.clock.t += 467             # Milestones: a frame each 0.5 s while the sand runs out
        s.frame()
    return False


def start_game(s, game):
    title, start = GAMES[game][0], GAMES[game][1]
    s.pick(title.lower()[:6])
    s.dismiss()
    for step in start:
        if isinstance(step, tuple):       # a setup line: Up/Down to it, Left/Right set its value
            top = s.app.top()
            labs = [x.lower() for x in s.labels()]
            j = [i for i in range(len(labs)) if labs[i].startswith(step[0])][0]
            for _ in range(40):
                if top.sel == j:
                    break
                s.tap(E.DOWN if top.sel < j else E.UP, 40, 60)
            for _ in range(step[1]):
                s.tap(E.LEFT, 40, 60)
        elif s.has(step):
            s.pick(step)


def powercut_game(game, minutes, seed, data, cut_at, snaps=None):
    """Play a game of ``game`` to its end on a fresh folder (``drive``), the
    power cut at storage operation ``cut_at`` (0: never; with ``snaps``, the
    files every cut would leave are kept there instead). Returns the CutFS
    and whether the cut happened."""
    from dicebox.core import storage as st
    from dicebox.core.rng import Rng, SeededSource
    simhw.empty_dir(data)
    watch_saves()
    Points.now = 0
    fs = CutFS(data, cut_at, snaps)
    real_os = st.os
    st.os = fs
    st.open = fs.open
    cut = False
    s = None
    ended = False
    try:
        s = Session(data, seed)
        s.hw.ticks_us = lambda: s.clock.t * 1000 + 7   # shakes stir the dice: keep it repeatable
        start_game(s, game)
        ended = drive(s, Rng(SeededSource(seed * 7919 + 1)), minutes)
    except PowerCut:
        cut = True
        Points.at_cut = Points.now
    finally:
        st.os = real_os
        try:
            del st.open
        except (AttributeError, KeyError):
            st.open = open
    if s is not None:
        fs.screen = "%s %s %s" % (s.top_name(), s.labels()[:4], s.errors[:1])
        fs.ended = ended
    return fs, cut


def counted(data, game):
    """How many times the records and the high scores count a game of ``game``."""
    store = storage.Store(data)
    rows = (store.load("records", None) or {}).get(GAMES[game][3]) or []
    n = 0
    for r in rows:
        n += sum(r)
    high = GAMES[game][4]
    h = None
    if high is not None:
        h = 0
        t = store.load(high, None) or {}
        for k in t:
            if not k.startswith("#"):
                h += len(t[k])
    return n, h


def committed(data):
    """The records in ``data`` (every .json file and its digest), the files
    left half-written (.tmp, .tm1) aside."""
    out = []
    for f in sorted(os.listdir(data)):
        if f.endswith(".json"):
            out.append((f, digest(data + "/" + f)))
    return tuple(out)


def _copy_dir(src, dst):
    simhw.empty_dir(dst)
    for f in os.listdir(src):
        with open(src + "/" + f, "rb") as g:
            write_file(dst + "/" + f, g.read())


def _rm_dir(d):
    simhw.empty_dir(d)
    os.rmdir(d)


def powercut(game, minutes, seed, data):
    """Cut the power at every storage operation of a game played to its end
    (one game, the files each cut leaves kept as it goes: ``CutFS`` with
    snaps); for each cut boot again on those files (a .tmp left too): the
    game's save must be the last completed one or the one before, the save in
    flight must carry one move at most, Resume must work, and the resumed game
    played to its end must be counted exactly once in the records (and the
    high scores)."""
    from dicebox.core.rng import Rng, SeededSource
    rec = GAMES[game][2]
    snaps = data + "_cuts"
    simhw.empty_dir(snaps)
    for f in os.listdir(snaps):
        _rm_dir(snaps + "/" + f)
    ref, _ = powercut_game(game, minutes, seed, data, 0, snaps)
    ref_count = counted(data, game)
    saves = [t for (n, t) in ref.renames if n == rec]
    total = ref.ops
    last_save = 0
    for k in range(total):
        if ref.whats[k] == "rename %s.json" % rec:
            last_save = k + 1
    fails = []
    outcomes = {}
    nfail = [0]
    end_cuts = [0]
    most = [0]
    played = {}         # the committed files of the cuts played to the end -> the cut
    repeats = [0]

    class Fails:
        def append(self, entry):
            nfail[0] += 1
            if len(fails) < 12:
                fails.append(entry)
    bad = Fails()
    for k in range(1, total + 1):
        snap = "%s/%d" % (snaps, k)
        _copy_dir(snap, data)
        _rm_dir(snap)
        done = [t for (n, t) in ref.renames[:ref.done_at[k - 1]] if n == rec]
        j = len(done)
        what = ref.whats[k - 1]
        flight = ref.points[k - 1]
        now = digest(data + "/" + rec + ".json")
        most[0] = max(most[0], flight)
        if flight > 1:
            bad.append({"cut": k, "op": what, "why": "%d moves were to share the save in flight"
                        % flight})
        if j and done[-1] is None and now is None:
            kind = "finished"
        elif j == 0:
            kind = "before the first save" if now is None else "first save"
        elif now == done[-1]:
            kind = "last"
        elif j >= 2 and now == done[-2]:
            kind = "one before"
        else:
            kind = "lost" if now is None else "other state"
        if k > last_save:
            end_cuts[0] += 1           # after the game's last save: the end of the game
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if kind in ("lost", "other state"):
            bad.append({"cut": k, "op": what, "saves_done": j,
                        "why": "after the restart the save is %s" % kind})
            continue
        # boot again, resume, play to the end: counted once. A cut that left the
        # same records as an earlier one (the open, write and rename of one
        # save leave the same .json files; only the .tmp differs) is booted
        # and resumed but not played to the end again: those files were.
        key = committed(data)
        again = key in played
        if again:
            repeats[0] += 1
        else:
            played[key] = k
        s = Session(data, seed + k)
        try:
            s.pick(GAMES[game][0].lower()[:6])
            s.run_ms(300)
            s.dismiss()
            if now is not None:
                if not s.has("resume"):
                    bad.append({"cut": k, "op": what, "why": "no Resume offered: %s" % s.labels()})
                    continue
                s.pick("resume")
                s.run_ms(300)
                if s.top_name() in ("Home", "Start", "StartMenu"):
                    bad.append({"cut": k, "op": what, "why": "Resume did not open the game (%s)"
                                % s.top_name()})
                    continue
                if not again and not drive(s, Rng(SeededSource(seed * 31 + k)), minutes):
                    bad.append({"cut": k, "op": what, "why": "the resumed game did not end (%s)"
                                % s.top_name()})
                    continue
        except ScriptError as e:
            bad.append({"cut": k, "op": what, "why": "script: %s" % e})
        if s.errors or s.logged:
            bad.append({"cut": k, "op": what, "why": "crash after the restart: %s"
                        % (s.errors or s.logged)[0][-600:]})
        if again:
            continue
        want = ref_count if (j or now is not None) else (0, None if ref_count[1] is None else 0)
        got = counted(data, game)
        if got != want:
            bad.append({"cut": k, "op": what, "why": "counted %s (records, high scores), not %s"
                        % (list(got), list(want))})
    _rm_dir(snaps)
    return {"game": game, "minutes": minutes, "seed": seed, "ops": total, "saves": len(saves),
            "ended": ref.ended, "counted": ref_count, "end_cuts": end_cuts[0],
            "most_in_flight": most[0], "cuts": total, "played_to_end": total - repeats[0],
            "not_reached": 0, "outcomes": outcomes,
            "fails": fails, "failed": nfail[0], "op_kinds": sorted(ref.kinds)}


def main(argv):
    if argv[1] == "powercut":
        gc.collect()
        res = powercut(argv[2], int(argv[3]), int(argv[4]), argv[5])   # game minutes seed folder
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

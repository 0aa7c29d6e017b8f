"""What a save costs in flash, and what a power cut leaves, on littlefs itself.

Run under the MicroPython unix port (its own ``VfsLfs2``, the littlefs the
board's rp2 port mounts, with ``progsize=256`` as rp2 mounts it: a 1,024 B
cache, 4,096 B blocks, files up to 512 B inline):

  .venv/bin/micropython -X heapsize=64M host_tools/benches/bench_flash.py bench
  .venv/bin/micropython -X heapsize=64M host_tools/benches/bench_flash.py cuts [SEED [PER_GAME [SMALL]]]
  .venv/bin/micropython -X heapsize=64M host_tools/benches/bench_flash.py sizes [SEED]

The workload is the console's own records: a full game of each title played
by bots at the rules level at its largest table (Dairyman 4 seats, Mildred 2,
Milestones 5 with three mandatory cards and the hourglass), saved after every
action as ``core.table.save_table`` saves it (state, seats, kinds, the move
log of ``core.movelog``, the options), and the small records (settings, the
records of all three titles, Milestones' high scores, the roller with 20
rolls of history, 8 roller presets, the timer), each saved 40 times.

``bench``: the records written through ``core.storage.Store`` on a counting
block device (352 blocks: the Pico's 1.4 MB filesystem), in place (as on the
board) and through a temporary file and a rename (as before, and as on FAT
and the host): erases and 256 B pages per save for each record kind, and the
flash time per save by the model 45 ms per 4 KB erase and 0.7 ms per page
(the W25Q16JV's typical figures; an erase can take up to 400 ms).

``cuts``: the same saves in place on a device that loses the power at every
program and every erase, once before it begins and once torn (a program that
writes only the first half of its bytes, an erase that clears only the first
half of its block). After each cut the image is mounted again, every record
is read through ``Store.load``, and must be the old record or the new one
(for the record in flight; every other record as it was), never neither and
never a file the store has to set aside; then one more save must succeed on
the remounted image. ``RESULT {json}`` counts the cut points, records lost
and unusable files. PER_GAME keeps the first saves of each game (and its last);
SMALL is how often each small record is saved.

``sizes``: the largest file of each record kind, in bytes (the inline limit
is 512; ``storage.INLINE`` the budget).
"""
import gc
import json
import sys

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
try:
    import os as _os
    _FW = _os.getenv("DICEBOX_FIRMWARE")
except (ImportError, AttributeError):
    _FW = None
sys.path.insert(0, _FW or HERE + "/../../firmware")
sys.path.append(HERE + "/..")      # host_tools/

import vfs  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core import rng as R  # noqa: E402
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance  # noqa: E402
from dicebox.core.movelog import MoveLog  # noqa: E402
import milestones_games  # noqa: E402

BLOCK = 4096
PAGE = 256
ERASE_MS = 45.0
PAGE_MS = 0.7
BLOCKS = 352           # the Pico's filesystem: 2 MB less the firmware's 640 KB
CUT_BLOCKS = 64        # the power-cut run: a smaller image to copy at every cut
SMALL_SAVES = 40


class PowerCut(BaseException):
    pass


class Flash:
    """A NOR flash as littlefs sees it through MicroPython's block protocol:
    ``readblocks``/``writeblocks`` with an offset, erase by ``ioctl(6)``.
    Counts erases, programs and pages; ``cut`` (a callable) is asked before
    every program and erase and may stop it (``PowerCut``)."""

    def __init__(self, nblocks, image=None):
        self.n = nblocks
        if image is not None:
            self.buf = image
        else:
            self.buf = bytearray(nblocks * BLOCK)
            ff = b"\xff" * BLOCK
            for i in range(nblocks):
                self.buf[i * BLOCK:(i + 1) * BLOCK] = ff
        self.erases = 0
        self.progs = 0
        self.pages = 0
        self.cut = None

    def readblocks(self, block, buf, off=0):
        a = block * BLOCK + off
        buf[:] = self.buf[a:a + len(buf)]

    def writeblocks(self, block, buf, off=None):
        if off is None:       # the old protocol: a whole block, erased first
            self.ioctl(6, block)
            off = 0
        a = block * BLOCK + off
        if self.cut is not None:
            self.cut("prog", a, bytes(buf))
        self.buf[a:a + len(buf)] = buf
        self.progs += 1
        self.pages += (len(buf) + PAGE - 1) // PAGE

    def ioctl(self, op, arg):
        if op == 4:
            return self.n
        if op == 5:
            return BLOCK
        if op == 6:
            a = arg * BLOCK
            if self.cut is not None:
                self.cut("erase", a, None)
            self.buf[a:a + BLOCK] = b"\xff" * BLOCK
            self.erases += 1
            return 0
        return 0


def mount(dev, at, make=False):
    if make:
        vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    vfs.mount(fs, at)
    return fs


# ---- the workload: what the console saves -------------------------------------------
def _table_save(state, seats, log, opt):
    d = {"state": state.to_dict(), "seats": list(seats), "kinds": 2, "log": log.to_list()}
    if opt:
        d["opt"] = opt
    return d


def _turn_game(name, state, think, seats, seed, words):
    """Saves of a turn-based game played to its end by bots of ``seats``' levels."""
    rng = R.Rng(R.SeededSource(seed))
    log = MoveLog()
    opt = {"gid": 120000 + seed}
    out = []
    steps = 0
    while state.current_player() != TERMINAL and steps < 4000:
        steps += 1
        p = state.current_player()
        if p == CHANCE:
            got = resolve_chance(state, rng)
            w = words(state, got)
            if w:
                log.add(w)
        else:
            a = None
            for a in think(state.clone(), rng, seats[p] - 1):
                pass
            log.add(state.describe(a)[:120])
            state.apply(a)
        if state.current_player() != TERMINAL:
            out.append((name, _table_save(state, seats, log, opt)))
    return out


def dairyman(seed):
    from dicebox.games.dairyman import rules, bot
    s = rules.State(4)
    return _turn_game("dairyman", s, bot.think, [1, 2, 3, 3], seed, lambda st, got: None)


def mildred(seed):
    from dicebox.games.mildred import rules, bot
    s = rules.State()
    return _turn_game("mildred", s, bot.think, [1, 3], seed, lambda st, got: None)


def milestones(seed):
    """A five-seat game with every variant that adds to the save, bots on every
    seat, a save after every action as the table saves it."""
    from dicebox.games.milestones import rules, bot
    n = 5
    st = rules.State(n, mandatory=(0, 2, 4), hourglass_side=6)
    rng = R.Rng(R.SeededSource(seed))
    bots = [bot.Bot(i, 1) for i in range(n)]
    log = MoveLog()
    opt = {"gid": 210000 + seed, "humans": 1, "big": False, "level": 1, "must": [1, 1, 1],
           "aid": False, "hg": 6, "bots": n - 1}
    seats = [0] + [2] * (n - 1)
    out = []

    def saved(b, a, own):
        if not st.over:
            out.append(("milestones_game", _table_save(st, seats, log, opt)))

    look, turn = milestones_games.stepped(st, rng, bots, 500)
    for k, (b, a, own) in enumerate(milestones_games.play(st, rng, look, turn, played=saved)):
        if k >= 3000:
            break           # a game that does not end: its saves so far
        log.add(st.describe(a)[:120])
    return out


def small_records():
    """One record of each small kind at its largest as the console writes it."""
    from dicebox.core.settings_check import DEFAULTS
    from dicebox.apps import roller_model as rm
    recs = {}
    recs["settings"] = dict(DEFAULTS)
    rows = [[3, 2, 1], [4, 1, 0], [2, 5, 1], [1, 7, 0]]
    recs["records"] = {"Dairyman": rows, "Mildred": rows, "milestones": rows,
                       "#last": {"Dairyman": 120031, "Mildred": 120032, "milestones": 210033}}
    recs["milestones_high"] = {"%d-base" % k: [31, 27, 22, 18, 12] for k in range(1, 4)}
    recs["milestones_high"]["#last"] = 210033
    r = rm.Roller([[3, 6, ""], [2, 10, ""], [1, 20, ""]])    # a mixed set: 6 dice, 3 groups
    g = R.Rng(R.SeededSource(7))
    for _ in range(rm.HISTORY + 2):
        r.roll(g)
        r._remember()
    recs["roller"] = r.to_dict()
    lst = []
    for i in range(rm.MAX_PRESETS):
        lst.append({"keep": ["", 0], "groups": [[3, 6, ""], [2, 10, ""], [1, 20, ""]],
                    "name": ("Party set %d" % i)[:rm.NAME_MAX], "mod": i})
    recs["roller_presets"] = {"list": lst}
    n = 6       # the turn clock's most players
    recs["timer"] = {"turn": {"policy": 0, "cur": 3, "started": 1, "over": 0, "alarm": 0,
                              "bank": [512000, 498000, 600000, 33000, 120500, 599999],
                              "flagged": [0] * n, "turns": [12, 12, 11, 11, 11, 11], "inc": 5000,
                              "n": n, "base": 600000},
                     "sand": {"flips": 3, "total": 195000, "left": 112345, "alarm": 0,
                              "started": 1, "running": True},
                     "mode": "turn", "cfg": {"sand": 195000, "inc": 5000, "policy": 0,
                                            "base": 600000, "players": n}}
    return recs


def workload(seed=1, per_game=None, small_saves=SMALL_SAVES):
    """Every save, in order: the games' (the first ``per_game`` of each and its
    last, when given) with the small records' interleaved."""
    seq = []
    for g in (dairyman(seed), mildred(seed), milestones(seed)):
        seq.extend(g if per_game is None or len(g) <= per_game else g[:per_game - 1] + g[-1:])
    small = small_records()
    for k in range(small_saves):
        for name in small:
            seq.insert((len(seq) * (k + 1)) // (small_saves + 1), (name, small[name]))
    return seq


# ---- bench ---------------------------------------------------------------------------
def run_saves(seq, inplace, nblocks=BLOCKS):
    dev = Flash(nblocks)
    mount(dev, "/flash", make=True)
    try:
        st = storage.Store("/flash/data", inplace=inplace)
        per = {}
        for name, data in seq:
            e0, p0 = dev.erases, dev.pages
            ok = st.save(name, data, trim="log" if "log" in data else None)
            if not ok:
                raise RuntimeError("save failed: %s" % name)
            e, p = dev.erases - e0, dev.pages - p0
            row = per.setdefault(name, [0, 0, 0, 0.0])
            row[0] += 1
            row[1] += e
            row[2] += p
            row[3] = max(row[3], e * ERASE_MS + p * PAGE_MS)
    finally:
        vfs.umount("/flash")
    return per


def _kind(name):
    return "game saves" if name in ("dairyman", "mildred", "milestones_game") else "other records"


def bench(seed=1):
    seq = workload(seed)
    print("flash per save on littlefs (VfsLfs2, progsize 256, 4 KB blocks, %d blocks); "
          "model: %.0f ms per erase, %.1f ms per 256 B page" % (BLOCKS, ERASE_MS, PAGE_MS))
    res = {}
    for inplace in (True, False):
        per = run_saves(seq, inplace)
        how = "in place" if inplace else "tmp+rename"
        res[how] = per
        print("\n%s:" % how)
        print("  %-16s %6s %8s %8s %10s %10s" % ("record", "saves", "erases", "pages", "ms/save", "worst ms"))
        tot = {}
        for name in sorted(per):
            n, e, p, worst = per[name]
            print("  %-16s %6d %8.3f %8.2f %10.2f %10.1f" % (
                name, n, e / n, p / n, (e * ERASE_MS + p * PAGE_MS) / n, worst))
            t = tot.setdefault(_kind(name), [0, 0, 0])
            t[0] += n
            t[1] += e
            t[2] += p
        for k in sorted(tot):
            n, e, p = tot[k]
            print("  %-16s %6d %8.3f %8.2f %10.2f" % (k, n, e / n, p / n, (e * ERASE_MS + p * PAGE_MS) / n))
    return res


# ---- sizes ---------------------------------------------------------------------------
def sizes(seed=1):
    out = {}
    for name, data in workload(seed):
        text, dropped = storage.encode(name, data, 1, "log" if "log" in data else None)
        old = json.dumps({"fmt": 1, "name": name, "v": 1, "data": data})
        row = out.setdefault(name, [0, 0, 0, 99])
        row[0] = max(row[0], len(text))
        row[1] = max(row[1], len(old))
        row[2] += 1
        if "log" in data:
            row[3] = min(row[3], len(data["log"]) - dropped)
    return out


# ---- power cuts ----------------------------------------------------------------------
class Cutter:
    """Asked before every program and erase of the primary device: checks what
    a cut right then (not begun, and torn) would leave."""

    def __init__(self, dev):
        self.dev = dev
        self.want = {}          # name -> text of the last completed save (None: absent)
        self.flight = None      # (name, text) of the save under way
        self.points = 0
        self.lost = 0
        self.unusable = 0
        self.old = 0
        self.new = 0
        self.after_ok = 0
        self.fails = []
        self.busy = False

    def __call__(self, what, a, data):
        if self.busy or self.flight is None:
            return
        self.busy = True
        try:
            for torn in (False, True):
                img = bytearray(self.dev.buf)
                if torn:
                    if what == "prog":
                        h = len(data) // 2
                        img[a:a + h] = data[:h]
                    else:
                        h = BLOCK // 2
                        img[a:a + h] = b"\xff" * h
                self.check(img, "%s %s at %d" % ("torn" if torn else "before", what, a))
        finally:
            self.busy = False

    def check(self, img, where):
        self.points += 1
        dev = Flash(self.dev.n, img)
        try:
            mount(dev, "/cut")
        except OSError as e:
            self.unusable += 1
            self._fail(where, "the image does not mount (%s)" % e)
            return
        try:
            st = storage.Store("/cut/data")
            if not st.inplace:
                raise RuntimeError("the store did not see littlefs")
            fname, ftext = self.flight
            for name in self.want:
                got = _read(st, name)
                ok = [self.want[name]]
                if name == fname:
                    ok.append(ftext)
                if got not in ok:
                    self.lost += 1
                    self._fail(where, "%s holds neither the old nor the new record" % name)
                    continue
                if name == fname:
                    if got == ftext and ftext != self.want[name]:
                        self.new += 1
                    else:
                        self.old += 1
                if got is not None:
                    st.load(name, None)
                    if st.take_problems(name) or not st.exists(name):
                        self.unusable += 1
                        self._fail(where, "%s is not usable" % name)
            if st.save(fname, {"after": 1}):   # the filesystem takes writes again
                self.after_ok += 1
            else:
                self._fail(where, "no save after the cut")
        finally:
            vfs.umount("/cut")

    def _fail(self, where, why):
        if len(self.fails) < 10:
            self.fails.append(where + ": " + why)


def _read(st, name):
    """The text of record ``name`` on disk, or None when it is absent (or an
    empty file, which the in-place store counts as absent)."""
    try:
        with open(st.path(name)) as f:
            t = f.read()
    except OSError:
        return None
    return t if t else None


def cuts(seed=1, per_game=None, small_saves=SMALL_SAVES):
    seq = workload(seed, per_game, small_saves)
    dev = Flash(CUT_BLOCKS)
    mount(dev, "/flash", make=True)
    cut = Cutter(dev)
    saves = 0
    try:
        st = storage.Store("/flash/data")
        if not st.inplace:
            raise RuntimeError("the store did not see littlefs")
        for name, data in seq:
            trim = "log" if "log" in data else None
            text = storage.encode(name, data, 1, trim)[0]
            cut.want.setdefault(name, None)
            cut.flight = (name, text)
            dev.cut = cut
            ok = st.save(name, data, trim=trim)
            dev.cut = None
            cut.flight = None
            if not ok:
                raise RuntimeError("save failed: %s" % name)
            cut.want[name] = text
            saves += 1
            if saves % 50 == 0:
                gc.collect()
    finally:
        vfs.umount("/flash")
    return {"saves": saves, "cut_points": cut.points, "old": cut.old, "new": cut.new,
            "lost": cut.lost, "unusable": cut.unusable, "saved_after": cut.after_ok,
            "erases": dev.erases, "programs": dev.progs, "fails": cut.fails}


def main(argv):
    what = argv[1] if len(argv) > 1 else "bench"
    seed = int(argv[2]) if len(argv) > 2 else 1
    if what == "bench":
        bench(seed)
    elif what == "sizes":
        got = sizes(seed)
        print("largest file of each record (bytes; the inline limit is 512, the budget %d):" % storage.INLINE)
        for name in sorted(got):
            new, old, n, lines = got[name]
            print("  %-16s %5d  (format 1: %5d)  %d saves%s" % (
                name, new, old, n, "" if lines == 99 else ", at least %d log lines kept" % lines))
        print("RESULT " + json.dumps(got))
    elif what == "cuts":
        per = int(argv[3]) if len(argv) > 3 else None
        small = int(argv[4]) if len(argv) > 4 else SMALL_SAVES
        print("RESULT " + json.dumps(cuts(seed, per, small)))
    else:
        raise SystemExit("bench | sizes | cuts")


if __name__ == "__main__":
    main(sys.argv)

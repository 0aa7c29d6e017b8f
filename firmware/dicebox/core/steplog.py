"""The steps of a game in progress, as play makes them, in a small generic
form that needs no game's codec: what the table carries during play for the
log of a finished game (core/gamelogs.py turns it into the game's compact
log, core/gamelog.py's bytes, at the end).

A step is a byte, then its item: ``0xFF`` a chance step, its values count and
the values a byte each; else the acting seat + 1 (0: a clock action) and the
action as a tuple. An item: ``0x00..0x7F`` a whole number -64..63 (folded:
0, -1, 1, -2...), ``0xC0`` a larger one (folded, 7 bits a byte, low first),
``0x80 | n`` a tuple of ``n`` items, ``0xA0 | n`` a text of ``n`` bytes.

The steps go to flash at each save of the game, ahead of the save itself,
in records of ``CHUNK`` bytes (``<save>_l0``, ``<save>_l1``...; each small
enough for littlefs to keep inside its folder), each with the game's log id;
the save names the bytes it reaches (``opt["logn"]``), so a resume after a
cut between the two reads the steps up to its own state. Only the last
record's bytes stay in RAM. A step that cannot be written (a bug, never a
move) stops the log, never the game (``broken``).
"""
from micropython import const

CHUNK = const(200)       # bytes of steps in one record (400 hex digits: inline in littlefs)
CHANCE_STEP = const(0xFF)
CLOCK = "time"           # a real-time game's clock action: only the last of a run is kept


MAX_CHUNKS = const(160)  # records of one game's steps at most (32 KB: gamelog.MAX_BYTES)
LID = "logid"            # the record of the newest log id kept (core/gamelogs.py)
LID_MAX = 0x3FFFFFFF


def chunk_name(save, k):
    return "%s_l%d" % (save, k)


def _lid(x):
    if type(x) is not int or not 0 <= x <= LID_MAX:
        raise ValueError("a log id out of range")
    return x


def _chunk(d):
    if not isinstance(d, dict) or type(d.get("id")) is not int or not isinstance(d.get("h"), str):
        raise ValueError("not a record of a game's steps")
    if len(d["h"]) > 2 * CHUNK:
        raise ValueError("a record of steps too long")
    return d


def read_chunk(store, save, k, lid):
    """The bytes of steps record ``k`` of the log ``lid``, or None (missing,
    damaged, another game's)."""
    name = chunk_name(save, k)
    got = store.load(name, None, check=_chunk)
    store.take_problems(name)      # a damaged one is set aside: that game keeps no log
    if got is None or got["id"] != lid:
        return None
    try:
        return bytes.fromhex(got["h"])
    except ValueError:
        return None


def open_steps(store, save, opt):
    """The steps of the game whose options are ``opt``: a new game's (``opt``
    gets its log id, one above the newest kept: only one game of a title is
    in progress, so no game of its title was kept under it; the step records
    of an older game are removed), or a resumed game's up to its save
    (``opt["logn"]`` bytes). None when they cannot be read back: that game
    keeps no log."""
    n = opt.get("logn")
    if n is None:
        lid = (_lid(store.load(LID, 0, check=_lid)) + 1) & LID_MAX
        store.take_problems(LID)
        opt["lid"] = lid
        k = 0
        while k < MAX_CHUNKS and store.exists(chunk_name(save, k)):
            store.delete(chunk_name(save, k))
            k += 1
        return Steps(save, lid)
    lid = opt.get("lid")
    if type(n) is not int or not 0 <= n < MAX_CHUNKS * CHUNK or type(lid) is not int:
        return None
    if n == 0:
        return Steps(save, lid)
    done = n // CHUNK
    tail = read_chunk(store, save, done, lid)
    if tail is None or len(tail) < n - done * CHUNK:
        return None
    return Steps(save, lid, done, tail[:n - done * CHUNK])


def _item(buf, x):
    t = type(x)
    if t is int:
        z = x * 2 if x >= 0 else -x * 2 - 1
        if z < 0x80:
            buf.append(z)
            return
        buf.append(0xC0)
        while z >= 0x80:
            buf.append(0x80 | (z & 0x7F))
            z >>= 7
        buf.append(z)
    elif t is tuple or t is list:
        if len(x) > 31:
            raise ValueError("a step too long")
        buf.append(0x80 | len(x))
        for i in x:
            _item(buf, i)
    elif t is str:
        b = x.encode()
        if len(b) > 31:
            raise ValueError("a step too long")
        buf.append(0xA0 | len(b))
        buf.extend(b)
    else:
        raise ValueError("cannot log %r" % (x,))


class Steps:
    """``save``: the game's save name; ``lid``: the log's id (in each record);
    ``done``: full records already on flash; ``tail``: the bytes after them."""

    def __init__(self, save, lid, done=0, tail=b""):
        self.save = save
        self.lid = lid
        self.done = done
        self.buf = bytearray(tail)
        self.held = None         # a clock action not written yet
        self.broken = False
        self.fresh = True        # bytes added since the last write

    def size(self):
        return self.done * CHUNK + len(self.buf)

    def action(self, seat, a):
        """``a``, just applied for ``seat`` (None: a clock action)."""
        if a[0] == CLOCK:
            self.held = a
            return
        self.flush()
        self._put(seat + 1 if seat is not None else 0, a)

    def chance(self, values):
        """The chance outcome ``values``, just applied."""
        self.flush()
        if self.broken:
            return
        if len(values) > 255:
            self.broken = True
            return
        b = bytearray((CHANCE_STEP, len(values)))
        for v in values:
            if type(v) is not int or not 0 <= v <= 255:
                self.broken = True
                return
            b.append(v)
        self.buf.extend(b)
        self.fresh = True

    def flush(self):
        if self.held is not None:
            a = self.held
            self.held = None
            self._put(0, a)

    def _put(self, head, a):
        if self.broken:
            return
        b = bytearray((head,))
        try:
            _item(b, a)
        except ValueError:
            self.broken = True
            return
        self.buf.extend(b)
        self.fresh = True

    def write(self, store):
        """The steps not on flash yet, written (before the game's save): the
        bytes the log reaches, for ``opt["logn"]``, or -1 when it is broken
        (a failed write, a step that could not be logged)."""
        self.flush()
        if self.broken:
            return -1
        if not self.fresh or not self.size():
            return self.size()
        while True:
            last = len(self.buf) < CHUNK
            part = self.buf if last else self.buf[:CHUNK]
            if not store.save(chunk_name(self.save, self.done), {"id": self.lid, "h": part.hex()}):
                self.broken = True
                return -1
            if last:
                break
            self.buf = self.buf[CHUNK:]
            self.done += 1
        self.fresh = False
        return self.size()

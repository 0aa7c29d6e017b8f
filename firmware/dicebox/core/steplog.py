"""The steps of a game in progress, as play makes them, in a small generic
form that needs no game's codec: what the table carries during play for the
log of a finished game (core/gamelogs.py turns it into the game's compact
log, core/gamelog.py's bytes, at the end).

A step is a byte, then its item: ``0xFF`` a chance step and its values as a
tuple; else the acting seat + 1 (0: a clock action) and the action as a
tuple. An item: ``0x00..0x7F`` a whole number -64..63 (folded:
0, -1, 1, -2...), ``0xC0`` a larger one (folded, 7 bits a byte, low first),
``0x80 | n`` a tuple of ``n`` items, ``0xA0 | n`` a text of ``n`` bytes.

The steps go to flash at each save of the game, ahead of the save itself,
in records of ``CHUNK`` bytes (``<save>_l0``, ``<save>_l1``...; each small
enough for littlefs to keep inside its folder), each with the game's log id;
the save names the bytes it reaches (``opt["logn"]``), so a resume after a
cut between the two reads the steps up to its own state. Only the last
record's bytes stay in RAM. A step that cannot be written (a bug, never a
move) stops the log, never the game (``broken``). Starting or resuming a
log is ``tablepages.open_steps`` (the start pages' module: not carried in play).
"""
from micropython import const

CHUNK = const(200)       # bytes of steps in one record (400 hex digits: inline in littlefs)
CHANCE_STEP = const(0xFF)
CLOCK = "time"           # a real-time game's clock action: only the last of a run is kept


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
            raise ValueError
        buf.append(0x80 | len(x))
        for i in x:
            _item(buf, i)
    elif t is str:
        b = x.encode()
        if len(b) > 31:
            raise ValueError
        buf.append(0xA0 | len(b))
        buf.extend(b)
    else:
        raise ValueError


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
        self.fresh = False       # bytes added since the last write

    def add(self, seat, item):
        """A step just played: ``item`` the action of ``seat`` (None: a clock
        action), or for ``seat`` -1 (game.CHANCE) the chance outcome."""
        if seat is None and item[0] == CLOCK:
            self.held = item
            return
        self.flush()
        self._put(CHANCE_STEP if seat == -1 else (0 if seat is None else seat + 1), item)

    def flush(self):
        if self.held is not None:
            a = self.held
            self.held = None
            self._put(0, a)

    def _put(self, head, item):
        if self.broken:
            return
        b = bytearray((head,))
        try:
            _item(b, item)
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
        while self.fresh and not self.broken:
            last = len(self.buf) < CHUNK
            part = self.buf if last else self.buf[:CHUNK]
            if not store.save("%s_l%d" % (self.save, self.done), {"id": self.lid, "h": part.hex()}):
                self.broken = True
            elif last:
                self.fresh = False
            else:
                self.buf = self.buf[CHUNK:]
                self.done += 1
        return -1 if self.broken else self.done * CHUNK + len(self.buf)

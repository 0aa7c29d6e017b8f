"""A game's log: who sat at the table, the options of its new State and every
step (each applied action, each chance outcome) in order, packed into bytes
as it is played. Reading it back with every check and replaying it move by
move, forwards and back, is core/logreplay.py's (imported only for that).

    rec = Recorder("dairyman", kinds, st)      # st: the new State, before any step
    rec.action(seat, action)                  # after st.apply(action) succeeded
    rec.chance(values)                        # after st.apply_chance(values)
    blob = rec.encode()                       # bytes; rec.text(): base64url
    log = logreplay.decode(blob)              # BadData for anything damaged
                                              # (reading(blob): the same in slices)
    r = logreplay.Replay(log)                 # r.seek(i), r.forward(), r.back(),
                                              # r.said, r.who, r.jump(seat)
                                              # (r.seeking(i): in slices)

The bytes (docs/DEVELOPING.md, "The game log"):

    version (1), title (0 dairyman, 1 mildred, 2 milestones),
    seats n, n seat kinds (core/game.py: 0 a person, 1 + level a bot),
    the game's options (its logcodec.py), the steps, CRC-16 (2 bytes).

A step starts with a tag byte: ``0sssvvvv`` an action, ``sss`` its seat + 1
(0: no seat, a clock action), ``vvvv`` the verb's number in the game's codec,
then the verb's fields (the codec's); ``11nnnnnn`` ``n`` dice (each value
0..5, six faces), ``10nnnnnn r`` ``n`` chance values below ``r`` (7..255),
then the values packed in base ``r``, a few at a time (at most 24 bits a
group, each group in as few bytes as its largest number takes).

Each game's codec (``games/<g>/logcodec.py``) is imported only when a log is
recorded, read or replayed. Pure: no json, no os; during play the heap holds
this module, the codec and the recorder's bytes.
"""
from dicebox.core.game import tup
from dicebox.core.valid import BadData, need

VERSION = 1
TITLES = ("dairyman", "mildred", "milestones")   # the packages, by their number in a log
MAX_BYTES = 32768        # a longer log is damage (a long game takes a few KB)
MAX_KIND = 4             # 0 a person, 1..4 a bot of that level (game.LEVELS)
PART = 256               # a log's bytes are kept in parts of about this many (Recorder._add)
_GROUP = 1 << 24         # chance values are packed in groups below this
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"   # base64url
_B64A = B64.encode()


def codec_for(title):
    """The log codec module of the game named ``title`` (one of ``TITLES``)."""
    if title not in TITLES:
        raise ValueError("no such game: %s" % title)
    from dicebox.core.modules import load
    return load("dicebox.games.%s.logcodec" % title)


# ---- what a codec shares --------------------------------------------------------
def verb_number(verbs, a):
    """The number of action ``a``'s verb in a codec's ``verbs``; ValueError
    for any other verb (an action a log cannot hold: a bug, never a move)."""
    if a[0] not in verbs:
        raise ValueError("cannot log %r" % (a,))
    return verbs.index(a[0])


def no_options(st):
    """A game whose new State needs nothing but its seats."""
    return b""


def turn_actor(st, a):
    """A turn-based game: the seat to move made the move."""
    return st.current_player()


# ---- numbers into bytes and back ----------------------------------------------
def put_uint(buf, x):
    """``x`` (a whole number >= 0) as 7 bits a byte, low first, high bit: more."""
    if type(x) is not int or x < 0 or x >= 1 << 35:
        raise ValueError("cannot log %r" % (x,))
    while x >= 0x80:
        buf.append(0x80 | (x & 0x7F))
        x >>= 7
    buf.append(x)


def zig(x):
    """A signed whole number as an unsigned one: 0, -1, 1, -2 -> 0, 1, 2, 3."""
    if type(x) is not int:
        raise ValueError("cannot log %r" % (x,))
    return x * 2 if x >= 0 else -x * 2 - 1


def unzig(u):
    return u >> 1 if not u & 1 else -((u + 1) >> 1)


def put_sint(buf, x):
    put_uint(buf, zig(x))


def put_nibbles(buf, items):
    """Up to 15 numbers 0..15: the count, then the numbers, two to a byte."""
    n = len(items)
    if n > 15:
        raise ValueError("cannot log %d items" % n)
    h = [n]
    for x in items:
        if type(x) is not int or x < 0 or x > 15:
            raise ValueError("cannot log %r" % (x,))
        h.append(x)
    if len(h) & 1:
        h.append(0)
    for k in range(0, len(h), 2):
        buf.append(h[k] << 4 | h[k + 1])


def put_byte(buf, x):
    if type(x) is not int or x < 0 or x > 255:
        raise ValueError("cannot log %r" % (x,))
    buf.append(x)


def _group(r):
    """How many values below ``r`` are packed together (their product < 2**24)."""
    m = 1
    p = r
    while p * r <= _GROUP:
        p *= r
        m += 1
    return m


def _nbytes(top):
    n = 0
    while top:
        top >>= 8
        n += 1
    return n


def put_chance(buf, values):
    """A chance step: its tag, then the values (see the module's notes)."""
    n = len(values)
    if n > 63:
        raise ValueError("cannot log %d chance values" % n)
    hi = 0
    for v in values:
        if type(v) is not int or v < 0 or v > 254:
            raise ValueError("cannot log chance value %r" % (v,))
        if v > hi:
            hi = v
    if hi < 6:
        r = 6
        buf.append(0xC0 | n)
    else:
        r = hi + 1
        buf.append(0x80 | n)
        buf.append(r)
    m = _group(r)
    for i in range(0, n, m):
        part = values[i:i + m]
        x = 0
        for k in range(len(part) - 1, -1, -1):
            x = x * r + part[k]
        for _ in range(_nbytes(r ** len(part) - 1)):
            buf.append(x & 0xFF)
            x >>= 8


class Reader:
    """Reads a log's bytes from ``pos`` to ``end``; ``BadData`` past the end
    (the codecs read their fields with it; logreplay.py the chance steps)."""

    def __init__(self, data, pos, end):
        self.data = data
        self.pos = pos
        self.end = end

    def byte(self):
        if self.pos >= self.end:
            raise BadData("the log ends in the middle of a step")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def below(self, n, what):
        b = self.byte()
        need(b < n, "%s out of range" % what)
        return b

    def uint(self):
        x = 0
        s = 0
        while True:
            b = self.byte()
            x |= (b & 0x7F) << s
            if not b & 0x80:
                break
            s += 7
            need(s < 35, "a number too long")
        need(b or not s, "a number padded")
        return x

    def sint(self):
        return unzig(self.uint())

    def nibbles(self):
        b = self.byte()
        n = b >> 4
        out = [b & 15]
        while len(out) < n:
            b = self.byte()
            out.append(b >> 4)
            out.append(b & 15)
        if len(out) > n:
            need(out.pop() == 0, "a number list padded")
        return out

def crc16(data, n=None, crc=0xFFFF, start=0):
    """CRC-16 (CCITT polynomial 0x1021, from 0xFFFF) of ``data`` (its first
    ``n`` bytes), four bits at a time; or of its bytes ``start`` to ``n``
    going on from ``crc`` (a part of a long log a frame)."""
    for i in range(start, len(data) if n is None else n):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ _CRC[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ _CRC[(crc >> 12) ^ (b & 15)]
    return crc


_CRC = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
        0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def to_text(data):
    """Bytes as base64url without padding (safe in a URL's fragment)."""
    n = len(data)
    out = bytearray((4 * n + 2) // 3)
    o = 0
    for i in range(0, n, 3):
        x = data[i] << 16
        k = 2
        if i + 1 < n:
            x |= data[i + 1] << 8
            k = 3
        if i + 2 < n:
            x |= data[i + 2]
            k = 4
        for j in range(k):
            out[o] = _B64A[(x >> (18 - 6 * j)) & 63]
            o += 1
    return out.decode()


# ---- the recorder -------------------------------------------------------------
class Recorder:
    """A game's log as it is played: bytes appended at each step. ``title``
    is one of ``TITLES`` (any case), ``st`` the new State (before its first
    chance step), ``kinds`` the seats' kinds.
    A real-time game's clock actions ("time") that follow one another are
    kept as the last of them, written when another step comes (the rules
    make the same state from the last one alone)."""

    def __init__(self, title, kinds, st, _buf=None):
        title = title.lower()     # a table's GAME ("Dairyman") names its package
        self.title = title
        self.codec = c = codec_for(title)
        self.now = 0        # the last clock value written (a real-time game's)
        self.held = None    # a clock action not written yet
        self.parts = []     # the bytes written, in parts (``_add``); ``buf`` the last
        if _buf is not None:
            self.buf = _buf
            return
        n = len(kinds)
        lo, hi = c.SEATS
        if n < lo or n > hi:
            raise ValueError("%d seats" % n)
        buf = bytearray((VERSION, TITLES.index(title), n))
        for k in kinds:
            put_byte(buf, k)
            if k > MAX_KIND:
                raise ValueError("seat kind %r" % (k,))
        opts = c.options(st)
        start = len(buf)
        buf.extend(opts)
        fresh = c.make(n, Reader(buf, start, len(buf)))
        if fresh.to_dict() != st.to_dict():
            raise ValueError("a log starts with a new game")
        self.buf = buf

    def action(self, seat, action):
        """Log ``action``, just applied for ``seat`` (None for a clock action)."""
        a = tup(action)
        if a[0] == self.codec.COALESCE:
            self.held = a
            return
        self.flush()
        self._put(seat, a)

    def chance(self, values):
        """Log the chance outcome ``values`` just applied."""
        self.flush()
        b = bytearray()
        put_chance(b, list(values))
        self._add(b)

    def flush(self):
        if self.held is not None:
            a = self.held
            self.held = None
            self._put(None, a)

    def _put(self, seat, a):
        if seat is None:
            tag = 0
        elif type(seat) is int and 0 <= seat < 7:
            tag = (seat + 1) << 4
        else:
            raise ValueError("seat %r" % (seat,))
        b = bytearray()           # a move that cannot be logged leaves nothing half-written
        self.codec.put(b, tag, a, self)
        self._add(b)

    def _add(self, b):
        """``b`` written on. The bytes go in parts of about ``PART`` bytes
        (``parts``, then ``buf`` the one being filled), never one buffer
        grown step by step: on the chip a growing buffer is moved to a
        larger free block each time it outgrows its own, and among a game's
        end's many small objects no such block may be left."""
        buf = self.buf
        buf.extend(b)
        if len(buf) >= PART:
            self.parts.append(buf)
            self.buf = bytearray()

    def size(self):
        """The bytes the log takes so far (without its checksum)."""
        n = len(self.buf)
        for p in self.parts:
            n += len(p)
        return n

    def encode(self):
        """The log as bytes, checksum last (the held clock action written):
        made at once, at its whole size."""
        self.flush()
        n = self.size()
        out = bytearray(n + 2)
        i = 0
        for p in self.parts + [self.buf]:
            out[i:i + len(p)] = p
            i += len(p)
        c = crc16(out, n)
        out[n] = c >> 8
        out[n + 1] = c & 0xFF
        return bytes(out)

    def text(self):
        return to_text(self.encode())

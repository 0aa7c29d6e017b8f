"""A game's log: who sat at the table, the options of its new State and every
step (each applied action, each chance outcome) in order, packed into bytes;
read back with every check, and replayed move by move, forwards and back.

    rec = Recorder("dairyman", kinds, st)      # st: the new State, before any step
    rec.action(seat, action)                  # after st.apply(action) succeeded
    rec.chance(values)                        # after st.apply_chance(values)
    blob = rec.encode()                       # bytes; rec.text(): base64url
    log = decode(blob)                        # BadData for anything damaged
                                              # (reading(blob): the same in slices)
    r = Replay(log)                           # r.seek(i), r.forward(), r.back(),
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
recorded, read or replayed. Pure: no json, no os; the chip's heap sees only
the recorder's bytes during play.
"""
from dicebox.core.game import CHANCE, IllegalMove, tup
from dicebox.core.valid import BadData, need

VERSION = 1
TITLES = ("dairyman", "mildred", "milestones")   # the packages, by their number in a log
MAX_BYTES = 32768        # a longer log is damage (a long game takes a few KB)
MAX_KIND = 4             # 0 a person, 1..4 a bot of that level (game.LEVELS)
_GROUP = 1 << 24         # chance values are packed in groups below this
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64A = _B64.encode()


def codec_for(title):
    """The log codec module of the game named ``title`` (one of ``TITLES``)."""
    if title not in TITLES:
        raise ValueError("no such game: %s" % title)
    from dicebox.core.modules import load
    return load("dicebox.games.%s.logcodec" % title)


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
    """Reads a log's bytes from ``pos`` to ``end``; ``BadData`` past the end."""

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

    def chance(self, tag):
        n = tag & 0x3F
        if tag & 0x40:
            r = 6
        else:
            r = self.byte()
            need(r >= 7, "a chance step's base out of range")
        m = _group(r)
        out = []
        while len(out) < n:
            k = min(m, n - len(out))
            top = r ** k
            x = 0
            for i in range(_nbytes(top - 1)):
                x |= self.byte() << (8 * i)
            need(x < top, "chance values out of range")
            for _ in range(k):
                out.append(x % r)
                x //= r
        need(r == 6 or (out and max(out) == r - 1), "a chance step's base is not its own")
        return out


def crc16(data, n=None):
    """CRC-16 (CCITT polynomial 0x1021, from 0xFFFF) of ``data`` (its first
    ``n`` bytes), four bits at a time."""
    crc = 0xFFFF
    for i in range(len(data) if n is None else n):
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


def from_text(text):
    """The bytes of ``to_text``; ``BadData`` for any other text."""
    need(isinstance(text, str), "a log is text or bytes")
    n = len(text)
    need(n % 4 != 1 and n <= MAX_BYTES * 4 // 3 + 4, "not a game log")
    out = bytearray()
    x = 0
    bits = 0
    for c in text:
        v = _B64.find(c)
        need(v >= 0, "not a game log: a stray character")
        x = (x << 6) | v
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append((x >> bits) & 0xFF)
            x &= (1 << bits) - 1
    need(x == 0, "not a game log: stray bits at its end")
    return bytes(out)


# ---- the recorder -------------------------------------------------------------
class Recorder:
    """A game's log as it is played: bytes appended at each step. ``st`` is
    the new State (before its first chance step), ``kinds`` the seats' kinds.
    A real-time game's clock actions ("time") that follow one another are
    kept as the last of them, written when another step comes (the rules
    make the same state from the last one alone)."""

    def __init__(self, title, kinds, st, _buf=None):
        self.title = title
        self.codec = c = codec_for(title)
        self.now = 0        # the last clock value written (a real-time game's)
        self.held = None    # a clock action not written yet
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
        put_chance(self.buf, list(values))

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
        self.buf.extend(b)

    def size(self):
        """The bytes the log takes so far (without its checksum)."""
        return len(self.buf)

    def encode(self):
        """The log as bytes, checksum last (the held clock action written)."""
        self.flush()
        c = crc16(self.buf)
        return bytes(self.buf) + bytes((c >> 8, c & 0xFF))

    def text(self):
        return to_text(self.encode())

    @staticmethod
    def resume(blob, st):
        """The recorder of a game in progress whose log so far is ``blob``
        (``encode``'s bytes or ``text``) and whose state is now ``st``:
        ``BadData`` unless the log replays to exactly ``st``."""
        log, end = _decode(blob, False)
        need(end.to_dict() == st.to_dict(), "the log does not reach the saved game")
        rec = Recorder(log.title, log.kinds, None, bytearray(log.data[:log.end]))
        rec.now = getattr(end, "now", 0)
        return rec


# ---- reading a log back -------------------------------------------------------
class Log:
    """A log read back and checked (``decode``): ``title``, ``kinds``, ``n``
    steps; ``data`` its bytes (the checksum from ``end`` on), ``offsets[i]``
    where step ``i`` starts in them."""

    def __init__(self, title, kinds, data, opts, start, end):
        self.title = title
        self.codec = codec_for(title)
        self.kinds = kinds
        self.data = data
        self.end = end
        self.opts = opts          # (start, end) of the options in data
        self.start = start
        self.offsets = None
        self.n = 0

    def new_state(self):
        return self.codec.make(len(self.kinds), Reader(self.data, self.opts[0], self.opts[1]))

    def step(self, i, st):
        """Step ``i`` read against ``st`` (the state before it): ``(seat,
        item)``, ``seat`` CHANCE for a chance step (``item`` its values),
        else the acting seat (None: a clock action) and ``item`` the action."""
        end = self.offsets[i + 1] if i + 1 < self.n else self.end
        return read_step(self.codec, Reader(self.data, self.offsets[i], end), st)

    def seat_of(self, i):
        """Who made step ``i``: a seat, None (a clock action) or CHANCE."""
        t = self.data[self.offsets[i]]
        if t & 0x80:
            return CHANCE
        return (t >> 4) - 1 if t >> 4 else None


def read_step(codec, r, st):
    t = r.byte()
    if t & 0x80:
        return CHANCE, r.chance(t)
    s = t >> 4
    seat = s - 1 if s else None
    return seat, codec.get(r, t & 15, seat, st)


def play_step(codec, st, seat, item):
    """Play a step read back on ``st``; ``BadData`` when the rules refuse it."""
    try:
        if seat == CHANCE:
            need(st.current_player() == CHANCE, "a chance step where a move is due")
            st.apply_chance(item)
            return
        need(codec.actor(st, item) == seat, "a move by a seat not to move")
        st.apply(item)
    except IllegalMove as e:
        raise BadData("a step the rules refuse: %s" % e.reason)
    except (IndexError, KeyError, TypeError, ValueError) as e:
        if isinstance(e, BadData):
            raise
        raise BadData("a step the rules cannot play")


def decode(blob, finished=True):
    """The ``Log`` in ``blob`` (bytes, or the text ``Recorder.text`` gave),
    checked: its checksum, version, title, seats and options, every step
    read whole and played by the rules from a new game, which (with
    ``finished``) must be over after the last one. ``BadData`` (saying why)
    for anything else. ``reading`` does the same between frames."""
    return _decode(blob, finished)[0]


def reading(blob, finished=True, steps=32):
    """``decode`` in slices, as a bot thinks: a generator that yields None
    after every ``steps`` steps read and played, and the ``Log`` last (or
    raises ``BadData``). A screen steps it between frames and may drop it."""
    got = [None, None]
    for _ in _reading(blob, finished, steps, got):
        yield None
    yield got[0]


def _decode(blob, finished):
    """``decode``'s log and the state its last step left."""
    got = [None, None]
    for _ in _reading(blob, finished, 0, got):
        pass
    return got


def _reading(blob, finished, steps, got):
    if isinstance(blob, str):
        blob = from_text(blob)
    need(isinstance(blob, (bytes, bytearray)), "a log is text or bytes")
    n = len(blob)
    need(6 <= n <= MAX_BYTES, "not a game log: %d bytes" % n)
    data = blob if isinstance(blob, bytes) else bytes(blob)
    end = n - 2
    need(crc16(data, end) == (data[end] << 8 | data[end + 1]), "the log is damaged (its checksum)")
    need(data[0] == VERSION, "a log of another version (%d)" % data[0])
    need(data[1] < len(TITLES), "a log of an unknown game")
    title = TITLES[data[1]]
    codec = codec_for(title)
    ns = data[2]
    lo, hi = codec.SEATS
    need(lo <= ns <= hi and end >= 3 + ns, "seats out of range")
    kinds = []
    for k in data[3:3 + ns]:
        need(k <= MAX_KIND, "a seat kind out of range")
        kinds.append(k)
    r = Reader(data, 3 + ns, end)
    st = codec.make(ns, r)
    log = Log(title, kinds, data, (3 + ns, r.pos), r.pos, end)
    from array import array
    offs = array("H")
    while r.pos < r.end:
        offs.append(r.pos)
        seat, item = read_step(codec, r, st)
        play_step(codec, st, seat, item)
        if steps and len(offs) % steps == 0:
            yield
    log.offsets = offs
    log.n = len(offs)
    need(not finished or st.is_over(), "the log stops before the game's end")
    got[0] = log
    got[1] = st


# ---- replay -------------------------------------------------------------------
class Replay:
    """A decoded log played step by step. ``pos`` steps are played on
    ``state``; ``said`` is the last one in the game's own words (said from
    the state before it) and ``who`` its seat (None: a clock action,
    ``CHANCE``: a roll or a draw). Going back rebuilds from the nearest
    checkpoint (a copy of the state every ``every`` steps, kept as they are
    passed; by default a twelfth of the game's steps, at least 16, so at
    most a dozen copies). ``names``: Milestones' seat names for its words."""

    def __init__(self, log, every=None, names=None):
        self.log = log
        # a copy of the state every ``every`` steps: by default a dozen at most
        self.every = every or max(16, (log.n + 11) // 12)
        self.names = names
        st = log.new_state()
        self.marks = [st.clone()]
        self._at(0, st)

    def _at(self, i, st):
        self.pos = i
        self.state = st
        self.said = ""
        self.who = None

    def _step(self, words):
        log = self.log
        st = self.state
        seat, item = log.step(self.pos, st)
        if words:
            self.who = seat
            self.said = self.words(seat, item)
        play_step(log.codec, st, seat, item)
        self.pos += 1
        if self.pos % self.every == 0 and self.pos // self.every == len(self.marks):
            self.marks.append(st.clone())

    def words(self, seat, item):
        """The words of a step (``Log.step``'s) on the state before it."""
        st = self.state
        if seat == CHANCE:
            if self.names is not None:
                return st.describe_chance(item, self.names)
            return st.describe_chance(item)
        if self.names is not None:
            return st.describe(item, self.names)
        return st.describe(item)

    def seek(self, i):
        """The state after step ``i`` (0: the new game; clamped to the log)."""
        for _ in self.seeking(i, 0):
            pass
        return self.state

    def seeking(self, i, steps=16):
        """``seek`` in slices: a generator that yields None after every
        ``steps`` steps played on the way (0: none) and the state last.
        Dropped half way, ``pos`` and ``state`` agree (``said`` is empty)."""
        i = max(0, min(i, self.log.n))
        if i != self.pos:
            if i < self.pos or i - self.pos > self.every:
                k = min((i - 1) // self.every if i else 0, len(self.marks) - 1)
                if i < self.pos or k * self.every > self.pos:
                    self._at(k * self.every, self.marks[k].clone())
            if self.pos < i - 1:
                self.said = ""
                self.who = None
            n = 0
            while self.pos < i - 1:
                self._step(False)
                n += 1
                if steps and n % steps == 0:
                    yield None
            if self.pos < i:
                self._step(True)
        yield self.state

    def forward(self):
        """One step on; False at the end."""
        if self.pos >= self.log.n:
            return False
        self.seek(self.pos + 1)
        return True

    def back(self):
        """One step back; False at the start."""
        if self.pos <= 0:
            return False
        self.seek(self.pos - 1)
        return True

    def next_of(self, seat):
        """The number of the next step (from ``pos``) that ``seat`` makes, or -1."""
        log = self.log
        for j in range(self.pos, log.n):
            if log.seat_of(j) == seat:
                return j
        return -1

    def jump(self, seat):
        """On to just after the next step of ``seat`` (``said`` its words):
        False, and nothing changed, when it makes no more."""
        j = self.next_of(seat)
        if j < 0:
            return False
        self.seek(j + 1)
        return True

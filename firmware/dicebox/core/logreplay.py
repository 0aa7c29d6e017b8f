"""Reading a game log back (core/gamelog.py's bytes) with every check, and
replaying it step by step, forwards and back, in the game's own words:
imported only for that (a replay, a shared link, a game resumed with its log).

    log = decode(blob)          # bytes or text; valid.BadData for anything damaged
    r = Replay(log)             # r.seek(i), r.forward(), r.back(), r.jump(seat),
                                # r.state, r.said (the last step in words), r.who

``reading`` and ``Replay.seeking`` do the same in slices, as a bot thinks,
for a screen that must keep its frames short: a count of pieces a slice, or
a ``Share`` of the frame's time (a step's cost varies too much to count).
"""
import sys

from dicebox.core.game import CHANCE, IllegalMove
from dicebox.core.gamelog import (
    B64, MAX_BYTES, MAX_KIND, TITLES, VERSION, Reader, Recorder, _group, _nbytes, codec_for,
    crc16)
from dicebox.core import ticks as T
from dicebox.core.valid import BadData, need

LOAD = "load"   # what ``reading`` yields for a frame of the heap's before the game's rules come in

# what reading a game's log imports, a module a frame (leaves first), each
# after a frame given to the heap (``LOAD``): its rules and its log codec.
# Here, not in the game's package, which play carries; the replay's table:
# replaypage.STILL. tests/host/test_replay_manifest.py checks that each
# module brings in no other.
REPLAY = {
    "dairyman": ("dicebox.core.storage",
                 "dicebox.core.state_io",
                 "dicebox.games.dairyman.tiles",
                 "dicebox.games.dairyman.rules",
                 "dicebox.games.dairyman.logcodec"),
    "mildred": ("dicebox.core.state_io",
                "dicebox.games.mildred.board",
                "dicebox.games.mildred.cards",
                "dicebox.games.mildred.rewards",
                "dicebox.games.mildred.words",
                "dicebox.games.mildred.rules",
                "dicebox.games.mildred.logcodec"),
    "milestones": ("dicebox.core.dicesets",
                   "dicebox.core.hourglass",
                   "dicebox.core.state_io",
                   "dicebox.games.milestones.dice",
                   "dicebox.games.milestones.tasks",
                   "dicebox.games.milestones.deck",
                   "dicebox.games.milestones.rules",
                   "dicebox.games.milestones.logcodec"),
}

PART = 48       # characters of a log's text (or bytes of its checksum) read a piece:
                # about 0.5 us each under the unix port, some 9 ms a piece on the chip


def read_chance(rd, tag):
    """The values of the chance step tagged ``tag`` (gamelog.put_chance)."""
    n = tag & 0x3F
    if tag & 0x40:
        r = 6
    else:
        r = rd.byte()
        need(r >= 7, "a chance step's base out of range")
    m = _group(r)
    out = []
    while len(out) < n:
        k = min(m, n - len(out))
        top = r ** k
        x = 0
        for i in range(_nbytes(top - 1)):
            x |= rd.byte() << (8 * i)
        need(x < top, "chance values out of range")
        for _ in range(k):
            out.append(x % r)
            x //= r
    need(r == 6 or (out and max(out) == r - 1), "a chance step's base is not its own")
    return out


def from_text(text):
    """The bytes of ``to_text``; ``BadData`` for any other text."""
    _text_fits(text)
    out = bytearray()
    need(_b64(text, 0, len(text), out) == 0, "not a game log: stray bits at its end")
    return bytes(out)


def _text_fits(text):
    need(isinstance(text, str), "a log is text or bytes")
    n = len(text)
    need(n % 4 != 1 and n <= MAX_BYTES * 4 // 3 + 4, "not a game log")


def _b64(text, i, j, out):
    """Characters ``i`` to ``j`` of a log's text onto ``out`` (``i`` a
    multiple of 4: four characters are three whole bytes); the bits left."""
    x = 0
    bits = 0
    for k in range(i, j):
        v = B64.find(text[k])
        need(v >= 0, "not a game log: a stray character")
        x = (x << 6) | v
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append((x >> bits) & 0xFF)
            x &= (1 << bits) - 1
    return x


def resume(blob, st):
    """The recorder of a game in progress whose log so far is ``blob``
    (``Recorder.encode``'s bytes or ``text``) and whose state is now ``st``:
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
        return CHANCE, read_chance(r, t)
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
    after every ``steps`` steps read and played and after each ``PART`` of
    the text and of its checksum (or, ``steps`` a ``Share``, after
    any of these once the frame's share is full), and the ``Log`` last (or
    raises ``BadData``). Read in slices, the game's rules (``REPLAY``: the
    log codec and what it imports) come a module a frame,
    and the frame before each yields ``LOAD`` having done nothing: the
    screen collects the heap in it, so the allocator does not collect
    inside an import. A screen steps it between frames and may drop it."""
    got = [None, None]
    for x in _reading(blob, finished, steps, got):
        yield x
    yield got[0]


def _due(steps, n):
    """True: a slice ends after the ``n``-th piece (``steps``: a count, or a
    ``Share``; a part of the text or checksum, ``n`` 0, ends one with a count)."""
    if isinstance(steps, int):
        return n % steps == 0
    return steps.full()


def _decode(blob, finished):
    """``decode``'s log and the state its last step left."""
    got = [None, None]
    for _ in _reading(blob, finished, 0, got):
        pass
    return got


def _reading(blob, finished, steps, got):
    if isinstance(blob, str):
        # the text and its checksum a PART at a time when read in slices
        _text_fits(blob)
        out = bytearray()
        x = 0
        part = PART if steps else len(blob) + 4
        for i in range(0, len(blob), part):
            x = _b64(blob, i, min(i + part, len(blob)), out)
            if steps and _due(steps, 0):
                yield
        need(x == 0, "not a game log: stray bits at its end")
        blob = out
    need(isinstance(blob, (bytes, bytearray)), "a log is text or bytes")
    n = len(blob)
    need(6 <= n <= MAX_BYTES, "not a game log: %d bytes" % n)
    data = blob if isinstance(blob, bytes) else bytes(blob)
    blob = None
    end = n - 2
    crc = 0xFFFF
    part = PART if steps else end + 1
    for i in range(0, end, part):
        crc = crc16(data, min(i + part, end), crc, i)
        if steps and _due(steps, 0):
            yield
    need(crc == (data[end] << 8 | data[end + 1]), "the log is damaged (its checksum)")
    need(data[0] == VERSION, "a log of another version (%d)" % data[0])
    need(data[1] < len(TITLES), "a log of an unknown game")
    title = TITLES[data[1]]
    if steps:
        # the game's rules, a module a frame, each after a frame for the heap
        from dicebox.core.modules import load
        first = True
        for path in REPLAY[title]:
            if path not in sys.modules:
                if first:
                    first = False
                    yield None      # this frame's share ends
                yield LOAD          # a frame for the heap (the screen collects)
                load(path)
                yield None          # the import's frame
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
        if steps and _due(steps, len(offs)):
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
        ``steps`` steps played on the way (0: none; a ``Share``: once
        the frame's share is full) and the state last; the last step, said
        in words, has a slice of its own. Dropped half way, ``pos`` and
        ``state`` agree (``said`` is empty)."""
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
                if steps and _due(steps, n):
                    n = 0
                    yield None
            if steps and n:
                yield None          # the last step, in words, has a frame of its own
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


class Share:
    """A frame's share of time for a long piece of work that is not a bot's:
    the work asks ``full()`` after each piece and yields (ends the frame's
    share) when it says so; the page calls ``begin()`` at the start of every
    frame. Each frame does at least one piece; the share ends when the next
    piece, costing as much as the longest one so far in this frame, would
    not fit in it.

    ``clock``: a microsecond clock (``hw.ticks_us``); the share is ``US``
    microseconds of it, a part of a frame that leaves the rest of the 50 ms
    for a piece longer than those before it and for drawing (on the chip;
    a benchmark under the unix port sets ``US`` to the chip's share over
    its workload's factor, so that its frames model the chip's). No clock
    (the tests' stand-in console): ``every`` pieces a frame."""

    US = 20000

    def __init__(self, clock=None, every=4):
        self.clock = clock
        self.every = every
        self.t0 = self.prev = self.most = 0
        self.n = 0          # pieces done in this frame's share
        self.shares = 0     # frames' shares ended (what tests read)

    def begin(self):
        self.n = 0
        self.most = 0
        if self.clock is not None:
            self.t0 = self.prev = self.clock()

    def full(self):
        self.n += 1
        c = self.clock
        if c is None:
            done = self.n >= self.every
        else:
            now = c()
            piece = T.diff(now, self.prev)
            self.prev = now
            if piece > self.most:
                self.most = piece
            done = T.diff(now, self.t0) + self.most >= Share.US
        if done:
            self.shares += 1
        return done

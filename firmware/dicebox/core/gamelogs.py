"""The finished games kept for replay: at a game's end its steps
(core/steplog.py, on flash in the game's step records) become the game's
compact log (core/gamelog.py), checked by replaying it to exactly the state
the table ended on, and are kept: the last ``KEEP`` games of each title,
each in a record of its own (``logs_<title>_<slot>``: ``{"id": lid, "log":
text}``, the log as base64url, ``gamelog.to_text``, at most ``MAX_TEXT``
characters), listed in the title's record ``logs_<title>``: ``{"games":
[[lid, kinds, result, slot], ...]}``, oldest first (``result``: the
winners' seats, or Milestones' score, in a list). A game is kept once under
its log id (a power cut that brings the game back to its last move does not
keep it twice). Imported at a game's end and by the Replays page only, so
the end of a game reads the short list and writes one log.

Checked on load: the list's shape; a log's record, its shape and checksum
(a damaged record is set aside and said on the Replays page); a log is read
whole, every step played by the rules, when it is opened
(``logreplay.reading``).
"""
from micropython import const
from dicebox.core import gamelog, ui
from dicebox.core.game import CHANCE
from dicebox.core.logreplay import from_text, play_step
from dicebox.core.steplog import CHUNK
# (the step records' helpers are tablepages', imported where a game's end uses
# them: the list of kept games and their replays do not carry the table's
# pages, some 19 KB of the unix port's heap)
from dicebox.core.valid import BadData, need

KEEP = 5                 # games kept per title
SLICE_STEPS = const(5)   # steps read, played and packed a frame as a game's end keeps it
                         # (about 30 us of the unix port's time each: 50 ms of the chip's
                         # at its launch factor, x300, for a slice)
CHARS_A_STEP = const(19)  # a step's characters in the step records, about (the progress)
DELETES = const(4)       # step records removed a frame
COLLECT = 1              # what ``keeping`` yields before a large allocation: the next
                         # slice comes after a frame that collects the heap
MAX_TEXT = 8000          # characters of one log (6 KB of bytes: a long game takes 2 to 4)


def kept_name(title):
    return "logs_" + title.lower()


# ---- the steps, read back -------------------------------------------------------
def read_item(text, pos):
    """The item written at ``pos`` (steplog's ``repr``: whole numbers, None,
    quoted words, tuples and lists, read as tuples) and the position after
    it; ``BadData`` for anything else."""
    c = text[pos]
    if c == "(" or c == "[":
        close = ")" if c == "(" else "]"
        out = []
        pos += 1
        while True:
            if text[pos] == close:
                return tuple(out), pos + 1
            x, pos = read_item(text, pos)
            out.append(x)
            if text[pos] == ",":
                pos += 1
                if text[pos] == " ":
                    pos += 1
            else:
                need(text[pos] == close, "a list of the steps is damaged")
    if c == "'":
        end = text.index("'", pos + 1)
        return text[pos + 1:end], end + 1
    if text.startswith("None", pos):
        return None, pos + 4
    end = pos + 1 if c == "-" else pos
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    need(end > pos and text[end - 1] != "-", "a step is damaged")
    return int(text[pos:end]), end


def _step(text):
    """``(seat, item)`` of one step's text."""
    try:
        got, end = read_item(text, 0)
    except (IndexError, ValueError) as e:
        if isinstance(e, BadData):
            raise
        raise BadData("a step is damaged")
    need(end == len(text) and isinstance(got, tuple) and len(got) == 2, "a step is damaged")
    seat, item = got
    need(isinstance(item, tuple) and item, "a step is not an action")
    if seat == CHANCE:
        return CHANCE, list(item)
    need(seat is None or (type(seat) is int and 0 <= seat < 8), "a step of no seat")
    need(isinstance(item[0], str), "a step is not an action")
    return seat, item


def each_step(store, steps):
    """``(seat, item)`` of each step of ``steps`` (a ``steplog.Steps``), read
    a record at a time from flash, then from RAM: ``CHANCE`` and the values,
    or the acting seat (None: a clock action) and the action. ``BadData``
    when a record is missing or another game's, or the steps are damaged."""
    from dicebox.core.tablepages import read_chunk
    steps.flush()                 # a clock action held (the sand that ended the game)
    carry = ""
    for k in range(steps.done + 1):
        if k < steps.done:
            got = read_chunk(store, steps.save, k, steps.lid)
            need(got is not None and len(got) == CHUNK, "a record of the steps is missing")
        else:
            got = steps.text
        parts = (carry + got).split(";")
        carry = parts.pop()       # a step the next record goes on with
        for part in parts:
            yield _step(part)
    need(not carry, "the steps end in the middle of one")


def encoding(title, kinds, st, steps, out, per=SLICE_STEPS):
    """``encode`` a slice at a time: a generator that yields after every
    ``per`` steps played and packed; the log's bytes in ``out[0]`` at its
    end (``BadData`` as ``encode``)."""
    title = title.lower()
    c = gamelog.codec_for(title)
    head = bytearray((gamelog.VERSION, gamelog.TITLES.index(title), len(kinds)))
    for k in kinds:
        gamelog.put_byte(head, k)
    head.extend(c.options(st))     # the options the game started with stay as they were
    fresh = c.make(len(kinds), gamelog.Reader(head, 3 + len(kinds), len(head)))
    rec = gamelog.Recorder(title, kinds, None, head)
    n = 0
    try:
        for seat, item in steps:
            play_step(c, fresh, seat, item)
            if seat == CHANCE:
                rec.chance(item)
            else:
                rec.action(seat, item)
            n += 1
            if n % per == 0:
                yield
    except ValueError as e:
        if isinstance(e, BadData):
            raise
        raise BadData("a step the log cannot hold")
    need(fresh.is_over() and fresh.to_dict() == st.to_dict(), "the log does not reach the game's end")
    yield COLLECT                  # the whole log is made next: a collected heap first
    out[0] = rec.encode()


def encode(title, kinds, st, steps):
    """The game log (``gamelog``'s bytes) of the steps ``steps`` (``(seat,
    item)`` pairs) of a game of ``title`` whose seats are ``kinds`` and which
    ended on ``st``: each step is played by the rules on a new game as it is
    written, and ``BadData`` comes unless they reach exactly ``st``."""
    out = [None]
    for _ in encoding(title, kinds, st, steps, out, 1 << 30):
        pass
    return out[0]


# ---- the kept games -------------------------------------------------------------
def _check_index(d):
    need(isinstance(d, dict) and isinstance(d.get("games"), list), "not a record of games")
    games = d["games"]
    need(len(games) <= KEEP, "too many games")
    slots = []
    for g in games:
        need(isinstance(g, list) and len(g) == 4, "a kept game is not a row")
        lid, kinds, res, slot = g
        need(type(lid) is int and lid >= 0, "a log id out of range")
        for lst in (kinds, res):
            need(isinstance(lst, list) and 1 <= len(lst) <= 8, "seats are not a list")
            for k in lst:
                need(type(k) is int and 0 <= k <= 9999, "a seat or score out of range")
        need(type(slot) is int and 0 <= slot < KEEP and slot not in slots, "a slot out of range")
        slots.append(slot)
    return d


def _check_log(d):
    need(isinstance(d, dict) and type(d.get("id")) is int and isinstance(d.get("log"), str)
         and len(d["log"]) <= MAX_TEXT, "not a kept game")
    blob = from_text(d["log"])
    need(len(blob) >= 6, "a log too short")
    need(gamelog.crc16(blob, len(blob) - 2) == (blob[-2] << 8 | blob[-1]),
         "the log is damaged (its checksum)")
    return d


def load_kept(store, title):
    """The kept games of ``title``, oldest first, each ``[lid, kinds, result,
    slot]`` (``[]`` when none, or when the record was damaged: then set aside
    and noted under its name)."""
    return store.load(kept_name(title), {"games": []}, check=_check_index)["games"]


def load_log(store, title, game):
    """The log (text) of ``game`` (a row of ``load_kept``), or None when its
    record is missing, another game's, or damaged (then set aside and noted
    under its name, ``kept_name(title)`` + its slot)."""
    got = store.load("%s_%d" % (kept_name(title), game[3]), None, check=_check_log)
    if got is None or got["id"] != game[0]:
        return None
    return got["log"]


def keep_then(table, result, then):
    """At a game's end, before its records and before its save goes: the
    game kept as its log, once, with ``result`` (a list of small numbers:
    the winners, a score), a slice a frame (``Keeping``, over the table),
    and then ``then()`` (the rest of the end). A power cut meanwhile leaves
    the save: the game comes back one move before its end and is kept then
    (once: its log id). A MemoryError ends the keeping without the log."""
    steps = table.log_steps
    table.log_steps = None
    if steps is None or steps.broken:
        then()
        return
    from dicebox.core import tablepages  # noqa: F401 (the step records' helpers, in this frame)
    app = table.app
    out = [False]
    chars = steps.done * CHUNK + len(steps.text)
    app.push(Keeping(app, keeping(app.store, table.GAME, table.seats, table.s, steps,
                                  result, out), then, chars // CHARS_A_STEP // SLICE_STEPS + 4))


class Keeping(ui.Screen):
    """"Game over, keeping it for Replays": a game's end keeps its log a
    slice a frame (``keeping``: a few steps played and packed, a record
    written, a few step records removed), so no frame of the end holds the
    whole game's replay (a long Dairyman game is 1,300 steps: seconds on
    the chip, beyond the watchdog's 5). Its first frame collects the heap.
    Keys meanwhile are not the end page's."""

    def __init__(self, app, work, then, frames=1):
        ui.Screen.__init__(self, app)
        self.work = work
        self.then = then
        self.frames = frames      # about how many frames it takes (the progress)
        self.n = -1

    def event(self, ev):
        pass

    def tick(self, now):
        self.n += 1
        if self.n == 0:
            self.app.collect()           # a frame of its own, before the work
            return
        try:
            if next(self.work) == COLLECT:
                self.app.collect()        # before the next slice's large block
            if self.n % 6 == 0:
                self.dirty = True         # the figure moves on: it is working
            return
        except StopIteration:
            pass
        except MemoryError:
            self.app.log("no room to keep the game's log")
        self.work = None
        st = self.app.stack
        if st and st[-1] is self:
            st.pop()                      # the table under it, not entered again
        self.then()

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Game over")
        ui.text_center(fb, "Keeping it for", 22)
        ui.text_center(fb, "Replays: %d%%" % min(99, max(0, 100 * self.n // self.frames)), 34)


def keeping(store, title, kinds, st, steps, result, out, per=SLICE_STEPS):
    """``keep`` a slice at a time: a generator that yields after each slice
    of work (the list read; ``per`` steps played and packed; the log's
    record written; the list written; ``DELETES`` step records removed);
    True or False in ``out[0]`` as ``keep`` returns."""
    name = kept_name(title)
    games = load_kept(store, title)
    store.take_problems(name)     # a damaged list starts again (the Replays page said it)
    lid = steps.lid
    for g in games:
        if g[0] == lid:
            for _ in forgetting(store, steps):
                yield
            out[0] = True
            return
    yield
    got = [None]
    try:
        for x in encoding(title, kinds, st, each_step(store, steps), got, per):
            yield x
        yield COLLECT
        text = gamelog.to_text(got[0])
        got = None
    except BadData:
        text = None
    if text is None or len(text) > MAX_TEXT:
        for _ in forgetting(store, steps):
            yield
        return
    taken = [g[3] for g in games]
    slot = 0
    while slot in taken:
        slot += 1
    if slot >= KEEP:
        slot = games.pop(0)[3]    # the oldest game gives way
    yield COLLECT
    if not store.save("%s_%d" % (name, slot), {"id": lid, "log": text}):
        return
    yield
    games.append([lid, list(kinds), list(result), slot])
    if not store.save(name, {"games": games}):
        return
    from dicebox.core.tablepages import LOG_ID
    if store.load(LOG_ID, 0) != lid:
        store.save(LOG_ID, lid)   # the next game's id is above it (tablepages.open_steps)
    yield
    for _ in forgetting(store, steps):
        yield
    out[0] = True


def keep(store, title, kinds, st, steps, result):
    """The end of a game: its log kept (once: not again under the same log
    id), then its step records removed. The log goes into its own record
    first (the slot of the oldest kept game when all are taken), then the
    list names it, so a cut between the two leaves the list as it was (and
    the game, resumed, keeps its log then). True when it was kept or was
    already; False when the log could not be made (it is not kept, play is
    not touched) or a write failed. All at once (``keeping``: in slices)."""
    out = [False]
    for _ in keeping(store, title, kinds, st, steps, result, out, 1 << 30):
        pass
    return out[0]


def forgetting(store, steps):
    """``forget`` a few records a slice (a generator)."""
    from dicebox.core.tablepages import chunk_name
    for k in range(steps.done + 1):
        store.delete(chunk_name(steps.save, k))
        if k % DELETES == DELETES - 1:
            yield


def forget(store, steps):
    """A finished game's step records removed (its log is kept or cannot be)."""
    from dicebox.core.tablepages import chunk_name
    for k in range(steps.done + 1):
        store.delete(chunk_name(steps.save, k))

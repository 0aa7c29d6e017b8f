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
from dicebox.core import gamelog
from dicebox.core.game import CHANCE
from dicebox.core.logreplay import from_text, play_step
from dicebox.core.steplog import CHUNK
from dicebox.core.tablepages import LOG_ID, chunk_name, read_chunk
from dicebox.core.valid import BadData, need

KEEP = 5                 # games kept per title
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


def encode(title, kinds, st, steps):
    """The game log (``gamelog``'s bytes) of the steps ``steps`` (``(seat,
    item)`` pairs) of a game of ``title`` whose seats are ``kinds`` and which
    ended on ``st``: each step is played by the rules on a new game as it is
    written, and ``BadData`` comes unless they reach exactly ``st``."""
    title = title.lower()
    c = gamelog.codec_for(title)
    head = bytearray((gamelog.VERSION, gamelog.TITLES.index(title), len(kinds)))
    for k in kinds:
        gamelog.put_byte(head, k)
    head.extend(c.options(st))     # the options the game started with stay as they were
    fresh = c.make(len(kinds), gamelog.Reader(head, 3 + len(kinds), len(head)))
    rec = gamelog.Recorder(title, kinds, None, head)
    try:
        for seat, item in steps:
            play_step(c, fresh, seat, item)
            if seat == CHANCE:
                rec.chance(item)
            else:
                rec.action(seat, item)
    except ValueError as e:
        if isinstance(e, BadData):
            raise
        raise BadData("a step the log cannot hold")
    need(fresh.is_over() and fresh.to_dict() == st.to_dict(), "the log does not reach the game's end")
    return rec.encode()


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


def keep_log(table, result):
    """At a game's end, before the records: the game kept as its log, once,
    with ``result`` (a list of small numbers: the winners, a score). A
    MemoryError leaves the end as it was, without the log."""
    steps = table.log_steps
    table.log_steps = None
    if steps is not None and not steps.broken:
        app = table.app
        app.collect()
        try:
            keep(app.store, table.GAME, table.seats, table.s, steps, result)
        except MemoryError:
            app.log("%s: no room to keep the game's log" % table.GAME)


def keep(store, title, kinds, st, steps, result):
    """The end of a game: its log kept (once: not again under the same log
    id), then its step records removed. The log goes into its own record
    first (the slot of the oldest kept game when all are taken), then the
    list names it, so a cut between the two leaves the list as it was (and
    the game, resumed, keeps its log then). True when it was kept or was
    already; False when the log could not be made (it is not kept, play is
    not touched) or a write failed."""
    name = kept_name(title)
    games = load_kept(store, title)
    store.take_problems(name)     # a damaged list starts again (the Replays page said it)
    lid = steps.lid
    for g in games:
        if g[0] == lid:
            forget(store, steps)
            return True
    try:
        text = gamelog.to_text(encode(title, kinds, st, each_step(store, steps)))
    except BadData:
        forget(store, steps)
        return False
    if len(text) > MAX_TEXT:
        forget(store, steps)
        return False
    taken = [g[3] for g in games]
    slot = 0
    while slot in taken:
        slot += 1
    if slot >= KEEP:
        slot = games.pop(0)[3]    # the oldest game gives way
    if not store.save("%s_%d" % (name, slot), {"id": lid, "log": text}):
        return False
    games.append([lid, list(kinds), list(result), slot])
    if not store.save(name, {"games": games}):
        return False
    if store.load(LOG_ID, 0) != lid:
        store.save(LOG_ID, lid)   # the next game's id is above it (tablepages.open_steps)
    forget(store, steps)
    return True


def forget(store, steps):
    """A finished game's step records removed (its log is kept or cannot be)."""
    for k in range(steps.done + 1):
        store.delete(chunk_name(steps.save, k))

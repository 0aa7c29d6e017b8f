"""Settings and saves as versioned compact JSON, written atomically, checked on load.

Each record is a file ``<root>/<name>.json`` holding ``[2,"<name>",<schema
version>,<data>]`` with no spaces (the envelope of format 1,
``{"fmt": 1, "name": ..., "v": ..., "data": ...}``, is still read). The data
is written in a compact form (``pack``): a list of two or more ints 0..56 is
one string of characters (``"~"`` then ``chr(35 + i)`` each), a string that
starts with ``~`` gets a second one in front, and a game state made by a
registered ``state_io.Fields`` table (``TABLES``) is a list of its values in
the table's order (``["~!<tag>", version, value, ...]``, the keys the table
names left out). Loading undoes it (``unpack``), so callers see exactly the
data they saved. A record stays under ``INLINE`` bytes: littlefs keeps a
file of up to 512 bytes inside its folder's metadata, where rewriting it
costs a page or two of flash instead of a 4 KB erase. A caller whose data has
a list that may lose its oldest items (a game's move log) names it
(``save(..., trim="log")``): a record over ``INLINE`` keeps the newest items
that fit.

How a save is made atomic depends on the filesystem (``copy_on_write``):

* On littlefs (the board: rp2 mounts ``VfsLfs2``) the record is rewritten in
  place. littlefs is copy-on-write: a file's new contents become visible at
  ``close`` in one metadata commit, so a power cut leaves the old record or
  the new one. A record made for the first time is an empty file from its
  ``open`` until its ``close``: on littlefs an empty record file is what a cut
  there leaves, and it counts as no record (``exists`` False, ``load`` the
  default) until the next save fills it.
* Elsewhere (FAT, the host's POSIX files, the simulator) a save writes
  ``<name>.tmp`` and renames it over the old file, so a power cut leaves
  either the old or the new record, never half of one.

Loading is the one place every file the console reads is judged. "Valid JSON"
is not "valid": the caller passes ``check(data)``, which returns the data to
use (it may normalise it) or raises ``BadData`` with a reason in plain words
when a type, range, length or invariant is wrong. Whatever goes wrong — an
unreadable or oversized file, bad JSON, nesting deep enough to exhaust the
stack or the heap, another record's envelope, an unknown version, a failed
check — the file is moved aside to ``<name>.bad``, the problem is noted
once under the record's name, and ``default`` is used. Copies set aside
before are kept, not overwritten: the older ones move on to ``<name>.bad1``,
``<name>.bad2``; beyond ``store_faults.BAD_KEEP`` copies the oldest is dropped (each is at
most ``MAX_BYTES``: a bigger file cannot be a record and is removed, not
kept). The screen that owns the record takes its own problems
(``take_problems(name)``) and says so where the player looks; the home menu
shows the rest.

A damaged file that cannot be moved aside (the flash answers EIO to the
rename, every ``.bad`` name is taken by something that cannot be moved) is
said as such, once ("could not be set aside"), and from then on the record
is treated as absent for the session (``load`` gives the default, ``exists``
is False) so no screen offers it again; a successful ``save`` of the record
replaces the file and ends that.

Writing can fail too (a full filesystem, a worn flash): ``save`` then returns
False, keeps the old record, and raises one notice worded by the cause
("Storage full" only for ENOSPC; a storage error names its errno, a
temporary file in the way says so) that the app shows once; play goes on. A
``<name>.tmp`` that cannot be removed (a folder) does not fail every later
save: the write goes through ``<name>.tm1`` instead.

What only a damaged record or a failed write needs (setting a file aside,
the words of a failure) is in ``core/store_faults.py``, imported then: the
plain save and load of play do not carry it.
"""
import json
import os

from dicebox.core.modules import forget
from dicebox.core.valid import BadData, dict_of, need

FMT = 2            # the envelope [2, name, version, data]
OLD_FMT = 1        # {"fmt": 1, "name": ..., "v": ..., "data": ...}: still read
INLINE = 460       # bytes a record stays under (littlefs inlines up to 512 here)
SEP = (",", ":")
TABLES = {}        # save tag -> state_io.Fields (each table registers itself)
MAX_BYTES = 16384  # larger than any record we write; a bigger file is damage
EIO = 5
_FAULTS = "dicebox.core.store_faults"   # a damaged record, a failed write: imported then


# ---- the compact form of the data in a file ------------------------------------------
_LO = 35           # "#": ints 0..56 are the characters "#".."[" (no quote, no backslash)
_HI = 56


def _small_ints(x):
    if len(x) < 2:
        return False
    for i in x:
        if type(i) is not int or i < 0 or i > _HI:
            return False
    return True


def _table_of(d):
    """The registered Fields table whose every field (and "v") ``d`` holds."""
    if "v" not in d:
        return None
    for tag in TABLES:
        f = TABLES[tag]
        if len(d) > len(f.names):
            ok = True
            for n in f.names:
                if n not in d:
                    ok = False
                    break
            if ok:
                return f
    return None


def pack(x):
    """JSON-like data in the compact form a file holds (see the module's words);
    ``unpack(pack(x))`` equals ``x`` with tuples as lists."""
    t = type(x)
    if t is str:
        return "~" + x if x[:1] == "~" else x
    if t is list or t is tuple:
        if _small_ints(x):
            return "~" + bytes([_LO + i for i in x]).decode()
        return [pack(i) for i in x]
    if t is dict:
        f = _table_of(x)
        if f is None:
            r = {}
            for k in x:
                r[k] = pack(x[k])
            return r
        out = ["~!" + f.tag, x["v"]]
        for n in f.names:
            out.append(pack(x[n]))
        rest = None
        for k in x:
            if k != "v" and k not in f.names:
                if rest is None:
                    rest = {}
                rest[k] = pack(x[k])
        if rest is not None:
            out.append(rest)
        return out
    return x


def _fields(tag):
    """The Fields table saved under ``tag``: registered when its game's rules
    were imported (``dicebox.games.<tag>.rules``, imported here if not yet)."""
    f = TABLES.get(tag)
    if f is None and tag.isalpha() and tag.islower():
        try:
            __import__("dicebox.games.%s.rules" % tag)
        except ImportError:
            pass
        f = TABLES.get(tag)
    if f is None:
        raise BadData("a game state of an unknown kind (%s)" % tag[:12])
    return f


def unpack(x):
    """The data ``pack`` made ``x`` from; ``BadData`` for a form it cannot make."""
    t = type(x)
    if t is str:
        if x[:1] != "~":
            return x
        c = x[1:2]
        if c == "~":
            return x[1:]
        need(c != "!" and c != "", "a damaged packed value")
        out = [ord(ch) - _LO for ch in x[1:]]
        for i in out:
            need(0 <= i <= _HI, "a damaged packed list")
        return out
    if t is list:
        if x and type(x[0]) is str and x[0][:2] == "~!":
            f = _fields(x[0][2:])
            n = len(f.names)
            need(len(x) == n + 2 or len(x) == n + 3, "a game state with %d values" % (len(x) - 2))
            d = {"v": x[1]}
            for i in range(n):
                d[f.names[i]] = unpack(x[i + 2])
            if len(x) == n + 3:
                rest = dict_of(x[-1], "the rest of a game state")
                for k in rest:
                    need(k not in d, "a game state names %s twice" % k[:12])
                    d[k] = unpack(rest[k])
            return d
        return [unpack(i) for i in x]
    if t is dict:
        r = {}
        for k in x:
            r[k] = unpack(x[k])
        return r
    return x


EARLIER = "(earlier moves not kept)"   # heads a list of lines whose oldest were left out


def trimmed(lst, dropped):
    """``lst`` less its ``dropped`` oldest items; a list of lines (a move log)
    then starts with ``EARLIER``, so whoever reads it back is told."""
    rest = lst[dropped:]
    if dropped and lst and isinstance(lst[0], str):
        if rest and rest[0] == EARLIER:
            rest = rest[1:]
        rest = [EARLIER] + rest
    return rest


def kept_tail(kept, full):
    """True when ``kept`` is ``full`` or what ``trimmed`` keeps of it."""
    if kept == full:
        return True
    if not kept or kept[0] != EARLIER:
        return False
    n = len(kept) - 1
    return n < len(full) and full[len(full) - n:] == kept[1:]


def encode(name, data, version=1, trim=None):
    """``(text, dropped)``: the file's text of record ``name``, and how many of
    the oldest items of ``data[trim]`` (a list) were left out to keep it
    under ``INLINE`` bytes (the data itself is not changed; a list of lines
    kept short starts with ``EARLIER``).

    The rest of the record is packed and measured first, then the list's
    items from the newest back, each packed and measured alone, as long as
    they fit: a long move log costs only the lines that are kept, and the
    whole text is made once (a save frame's work on the chip)."""
    lst = data.get(trim) if trim is not None and type(data) is dict else None
    if type(lst) is not list or not lst or _table_of(data) is not None:
        return json.dumps([FMT, name, version, pack(data)], separators=SEP), 0
    body = {}
    for k in data:
        if k != trim:
            body[k] = pack(data[k])
    body[trim] = []
    room = INLINE - len(json.dumps([FMT, name, version, body], separators=SEP))
    sizes = []
    used = -1                           # n items take n - 1 commas
    k = len(lst)
    while k > 0:
        n = len(json.dumps(pack(lst[k - 1]), separators=SEP)) + 1
        if used + n > room:
            break
        used += n
        sizes.append(n)
        k -= 1
    if k and type(lst[0]) is str:       # the EARLIER line heads what is kept
        mark = len(json.dumps(EARLIER)) + 1
        while sizes and used + mark > room:
            used -= sizes.pop()
            k += 1
    while True:
        body[trim] = pack(trimmed(lst, k))
        text = json.dumps([FMT, name, version, body], separators=SEP)
        if len(text) <= INLINE or k >= len(lst):
            return text, k
        k += 1                          # (a form the sizes missed: one more out)


class Encoded:
    """A record's file text made ahead of its write (``encode``): a table's
    save spread over frames (core/table.py) makes it a frame before the
    write and hands it to ``save(name, Encoded(...))``, which writes the text
    as it is (the store's other arguments are then not used)."""

    def __init__(self, name, data, version=1, trim=None):
        self.text = encode(name, data, version, trim)[0]


def decode(name, text):
    """``(version, data)`` of a record's file text; ``BadData`` when it is not
    a record named ``name`` in today's envelope or format 1's. ValueError and
    RuntimeError (deep nesting) come through from the JSON parser."""
    rec = json.loads(text)
    if isinstance(rec, list):
        need(len(rec) == 4 and rec[0] == FMT and rec[1] == name, "not a Dicebox save")
        return rec[2], unpack(rec[3])
    need(isinstance(rec, dict) and rec.get("fmt") == OLD_FMT and rec.get("name") == name
         and "data" in rec, "not a Dicebox save")
    return rec.get("v"), rec["data"]      # format 1 data was never packed


def copy_on_write(path):
    """True when ``path`` lies on littlefs (``VfsLfs2``), whose close makes a
    file's new contents visible at once: a record there is rewritten in place.
    False on FAT, the host's files, or when the mounts cannot be listed."""
    try:
        import vfs
        mounts = vfs.mount()
    except Exception:  # CPython, an older port: the safe way
        return False
    best = -1
    fs = None
    for m in mounts:
        at = m[1]
        if at == "/" or path == at or path.startswith(at + "/"):
            if len(at) > best:
                best = len(at)
                fs = m[0]
    return type(fs).__name__ == "VfsLfs2"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class Problems:
    """The shared bookkeeping of both stores: problems per record, one notice."""

    def _note(self, name, why):
        msg = "%s: %s" % (name, why)
        for p in self.problems:
            if p == msg:
                return
        self.problems.append(msg)

    def take_problems(self, name=None):
        """All problems noted so far, or only those of record ``name``, removed."""
        if name is None:
            p = self.problems
            self.problems = []
            return p
        head = name + ":"
        mine = [p for p in self.problems if p.startswith(head)]
        self.problems = [p for p in self.problems if not p.startswith(head)]
        return mine

    def take_notice(self):
        n = self.notice
        self.notice = None
        return n

    def _write_failed(self, name, e=None):
        """Count a failed save of ``name``; one notice, worded by the cause
        (``e`` the OSError; None: the store is full, as a browser says)."""
        from dicebox.core.store_faults import write_failed
        write_failed(self, e)

    def _wrote(self):
        self.writes += 1
        self.full = False
        self.write_error = None

    def exists(self, name):
        return name not in self.ignored and self._exists(name)

    def load(self, name, default=None, version=1, check=None):
        """The saved data (as ``check`` returned it), or ``default`` when the
        record is missing or unusable (then set aside and noted), or was found
        unusable and could not be set aside earlier this session.

        A read the heap has no room for is not damage: the heap is
        collected and the record read again; when that fails too, the
        record is left as it is (noted) and ``default`` comes back."""
        try:
            return self._read(name, default, version, check)
        except MemoryError:
            pass
        import gc
        gc.collect()
        try:
            return self._read(name, default, version, check)
        except MemoryError:
            self._note(name, "no room to read it now; left as it is")
            return default

    def _checked(self, name, data, default, check):
        if check is None:
            return data
        try:
            return check(data)
        except MemoryError:
            raise                 # no room: not damage (``load``)
        except Exception as e:  # any other failure of a checker means the record is unusable
            from dicebox.core.store_faults import why
            self._set_aside(name, why(e))
            return default


class Store(Problems):
    def __init__(self, root, inplace=None):
        """``inplace``: rewrite records in place (True only where the
        filesystem's close is atomic: littlefs); None asks ``copy_on_write``."""
        self.root = root
        self.inplace = copy_on_write(root) if inplace is None else inplace
        self.problems = []  # "name: why", each noted once
        self.notice = None  # one message for the app to show now (a failed write)
        self.full = False   # a write failed for want of space and none has succeeded since
        self.write_error = None  # the cause of the last failed write ("full", "EIO"...), until one succeeds
        self.writes = 0
        self.failed_writes = 0
        self.ignored = []   # damaged records that could not be set aside: absent this session
        try:
            os.mkdir(root)
        except OSError:
            pass

    def path(self, name):
        return "%s/%s.json" % (self.root, name)

    def bad_path(self, name, k=0):
        """Where the ``k``-th newest copy set aside is kept (``.bad``, ``.bad1``...)."""
        return "%s/%s.bad%s" % (self.root, name, "%d" % k if k else "")

    def _move(self, src, dst):
        os.rename(src, dst)

    def _set_aside(self, name, why):
        """Move the damaged record aside (``store_faults.set_aside``) and note it."""
        from dicebox.core.store_faults import set_aside
        done = set_aside(self, name, why, _size(self.path(name)) > MAX_BYTES)
        forget(_FAULTS)     # a one-off: not kept live
        return done

    def _exists(self, name):
        if self.inplace:      # an empty file: a first save cut before its close
            return _size(self.path(name)) > 0
        return _exists(self.path(name))

    def _tmps(self, name):
        return ("%s/%s.tmp" % (self.root, name), "%s/%s.tm1" % (self.root, name))

    def _read(self, name, default, version, check):
        if name in self.ignored:
            return default
        for tmp in self._tmps(name):
            _remove(tmp)    # a write cut off before its rename
        p = self.path(name)
        size = _size(p)
        if size < 0 or (size == 0 and self.inplace):
            return default
        if size > MAX_BYTES:
            self._set_aside(name, "file too large (%d bytes)" % size)
            return default
        try:
            with open(p) as f:
                v, data = decode(name, f.read())
        except BadData as e:
            self._set_aside(name, str(e))
            return default
        except MemoryError:
            raise                 # no room: not damage (``load``)
        except Exception as e:  # OSError, ValueError, UnicodeError, RuntimeError (deep nesting)
            from dicebox.core.store_faults import unreadable
            self._set_aside(name, unreadable(e))
            return default
        if v != version:
            self._set_aside(name, "save version %s unknown" % (v,))
            return default
        return self._checked(name, data, default, check)

    def save(self, name, data, version=1, trim=None):
        """Write atomically; True on success. On failure the old record stays,
        the app gets one notice, and False comes back (play goes on).
        ``trim``: the key of a list in ``data`` whose oldest items may be left
        out to keep the record under ``INLINE`` bytes (``encode``).

        On littlefs the file is rewritten in place (one metadata commit at
        close: the old record or the new one). Elsewhere the text goes to
        ``.tmp``, renamed over the record; a ``.tmp`` that cannot be removed
        (a folder) is stepped round: the write goes through ``.tm1``.
        ``data`` may be an ``Encoded`` text made before: written as it is."""
        if isinstance(data, Encoded):
            text = data.text
        else:
            text = encode(name, data, version, trim)[0]
        if self.inplace:
            try:
                with open(self.path(name), "w") as f:
                    f.write(text)
            except OSError as e:  # littlefs commits nothing of a failed write
                self._write_failed(name, e)
                return False
            return self._saved(name)
        err = None
        for tmp in self._tmps(name):
            if _exists(tmp):
                _remove(tmp)
                if _exists(tmp):      # in the way (a folder): the other name
                    err = OSError(21)  # EISDIR
                    continue
            try:
                with open(tmp, "w") as f:
                    f.write(text)
                self._move(tmp, self.path(name))
            except OSError as e:
                _remove(tmp)
                err = e
                break
            err = None
            break
        if err is not None:
            self._write_failed(name, err)
            return False
        return self._saved(name)

    def _saved(self, name):
        self._wrote()
        if name in self.ignored:      # the damaged file is replaced
            self.ignored.remove(name)
        return True

    def delete(self, name):
        _remove(self.path(name))
        if name in self.ignored and not _exists(self.path(name)):
            self.ignored.remove(name)

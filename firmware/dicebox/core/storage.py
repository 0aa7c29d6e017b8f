"""Settings and saves as versioned JSON, written atomically, checked on load.

Each record is a file ``<root>/<name>.json`` holding
``{"fmt": 1, "name": <name>, "v": <schema version>, "data": {...}}``.
A save writes ``<name>.tmp`` and renames it over the old file (littlefs and
POSIX both rename atomically), so a power cut leaves either the old or the new
record, never half of one.

Loading is the one place every file the console reads is judged. "Valid JSON"
is not "valid": the caller passes ``check(data)``, which returns the data to
use (it may normalise it) or raises ``BadData`` with a reason in plain words
when a type, range, length or invariant is wrong. Whatever goes wrong — an
unreadable or oversized file, bad JSON, nesting deep enough to exhaust the
stack or the heap, another record's envelope, an unknown version, a failed
check — the file is moved aside to ``<name>.bad``, the problem is noted
once under the record's name, and ``default`` is used. Copies set aside
before are kept, not overwritten: the older ones move on to ``<name>.bad1``,
``<name>.bad2``; beyond ``BAD_KEEP`` copies the oldest is dropped (each is at
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
"""
import json
import os

FMT = 1
MAX_BYTES = 16384  # larger than any record we write; a bigger file is damage
BAD_KEEP = 3       # copies set aside per record: <name>.bad (newest), .bad1, .bad2
ENOSPC = 28
EIO = 5


class BadData(ValueError):
    """A record that parses but is not a valid one. ``str(e)`` says why."""


def need(cond, why):
    """Raise ``BadData(why)`` unless ``cond``: the checkers' one building block."""
    if not cond:
        raise BadData(why)


def int_in(x, lo, hi, what):
    """``x`` if it is an int (not a bool) in ``lo..hi``, else ``BadData``."""
    if type(x) is not int or x < lo or x > hi:
        raise BadData("%s out of range" % what)
    return x


def list_of(x, what, n=None, lo=0, hi=None):
    """``x`` if it is a list (of length ``n``, or ``lo..hi`` items), else ``BadData``."""
    if not isinstance(x, list):
        raise BadData("%s is not a list" % what)
    k = len(x)
    if n is not None and k != n:
        raise BadData("%s has %d items, not %d" % (what, k, n))
    if k < lo or (hi is not None and k > hi):
        raise BadData("%s has %d items" % (what, k))
    return x


def dict_of(x, what):
    if not isinstance(x, dict):
        raise BadData("%s is not a record" % what)
    return x


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


def _why(e):
    if isinstance(e, BadData):
        return str(e)
    return type(e).__name__


def _errno(e):
    a = getattr(e, "args", None)
    return a[0] if a and type(a[0]) is int else 0


def errno_name(e):
    """``EIO``, ``ENOSPC``... of an OSError, or its number, or its type."""
    n = _errno(e)
    if not n:
        return type(e).__name__
    try:
        import errno
        return errno.errorcode[n]
    except Exception:  # no table on this port
        return "error %d" % n


_CAUSES = {
    "EIO": "the storage did not answer",
    "EISDIR": "a folder is in the way of the save",
    "EROFS": "the storage is read-only",
    "ENOENT": "the data folder is missing",
}


def write_notice(why):
    """The one notice of a failed save, worded by its cause."""
    if why == "full":
        return "Storage full: not saved. Play goes on; your last save is kept."
    cause = _CAUSES.get(why)
    return "Storage error (%s%s): not saved. Play goes on; your last save is kept." % (
        cause + ", " if cause else "", why)


class _Problems:
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
        self.failed_writes += 1
        why = "full" if e is None or _errno(e) == ENOSPC else errno_name(e)
        if why == "full":
            self.full = True
        if self.write_error != why:
            self.write_error = why
            self.notice = write_notice(why)

    def _wrote(self):
        self.writes += 1
        self.full = False
        self.write_error = None

    def exists(self, name):
        return name not in self.ignored and self._exists(name)

    def _checked(self, name, data, default, check):
        if check is None:
            return data
        try:
            return check(data)
        except Exception as e:  # any failure of a checker means the record is unusable
            self._set_aside(name, _why(e))
            return default

    def _aside_failed(self, name, why, e):
        """A damaged record that stays where it is: said once, then absent."""
        self._note(name, "%s; could not be set aside (%s), so it is ignored until "
                   "the console restarts" % (why, e))
        if name not in self.ignored:
            self.ignored.append(name)


class Store(_Problems):
    def __init__(self, root):
        self.root = root
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
        """Move the damaged record aside as the newest ``.bad`` copy (older
        copies move on, the oldest beyond BAD_KEEP is dropped), and note it:
        truthfully, also when the move fails."""
        src = self.path(name)
        if _size(src) > MAX_BYTES:     # not a record, and too big to keep
            try:
                os.remove(src)
            except OSError as e:
                self._aside_failed(name, why, errno_name(e))
                return False
            self._note(name, "%s, removed" % why)
            return True
        slots = [self.bad_path(name, k) for k in range(BAD_KEEP)]
        full = True
        for x in slots:
            full = full and _exists(x)
        if full:
            _remove(slots[-1])          # the oldest copy goes only to make room
        for k in range(BAD_KEEP - 2, -1, -1):   # make room at .bad, keeping the order
            if _exists(slots[k]) and not _exists(slots[k + 1]):
                try:
                    self._move(slots[k], slots[k + 1])
                except OSError:
                    pass
        err = "every .bad name is taken"
        for dst in slots:
            if _exists(dst):
                continue
            try:
                self._move(src, dst)
            except OSError as e:
                err = errno_name(e)
                break
            self._note(name, "%s, set aside" % why)
            return True
        self._aside_failed(name, why, err)
        return False

    def _exists(self, name):
        return _exists(self.path(name))

    def _tmps(self, name):
        return ("%s/%s.tmp" % (self.root, name), "%s/%s.tm1" % (self.root, name))

    def load(self, name, default=None, version=1, check=None):
        """The saved data (as ``check`` returned it), or ``default`` when the
        record is missing or unusable (then set aside and noted), or was found
        unusable and could not be set aside earlier this session."""
        if name in self.ignored:
            return default
        for tmp in self._tmps(name):
            _remove(tmp)    # a write cut off before its rename
        p = self.path(name)
        if not _exists(p):
            return default
        size = _size(p)
        if size > MAX_BYTES:
            self._set_aside(name, "file too large (%d bytes)" % size)
            return default
        try:
            with open(p) as f:
                rec = json.loads(f.read())
        except Exception as e:  # OSError, ValueError, UnicodeError, RuntimeError (deep nesting), MemoryError
            self._set_aside(name, "unreadable (%s)" % (
                errno_name(e) if isinstance(e, OSError) else type(e).__name__))
            return default
        if (not isinstance(rec, dict) or rec.get("fmt") != FMT or rec.get("name") != name
                or "data" not in rec):
            self._set_aside(name, "not a Dicebox save")
            return default
        if rec.get("v") != version:
            self._set_aside(name, "save version %s unknown" % (rec.get("v"),))
            return default
        return self._checked(name, rec["data"], default, check)

    def save(self, name, data, version=1):
        """Write atomically; True on success. On failure the old record stays,
        the app gets one notice, and False comes back (play goes on). A
        ``.tmp`` that cannot be removed (a folder) is stepped round: the write
        goes through ``.tm1``."""
        text = json.dumps({"fmt": FMT, "name": name, "v": version, "data": data})
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
        self._wrote()
        if name in self.ignored:      # the damaged file is replaced
            self.ignored.remove(name)
        return True

    def delete(self, name):
        _remove(self.path(name))
        if name in self.ignored and not _exists(self.path(name)):
            self.ignored.remove(name)


class MemoryStore(_Problems):
    """Same API kept in RAM (tests, and the device when the filesystem fails).

    ``fail_writes`` makes every save fail, as a full filesystem does (or
    raises that OSError's cause); ``stuck`` ("EIO") makes setting a record
    aside fail, as a rename on a worn flash does."""

    def __init__(self):
        self.records = {}
        self.problems = []
        self.notice = None
        self.full = False
        self.write_error = None
        self.fail_writes = False   # True (full) or an OSError to raise on every save
        self.writes = 0
        self.failed_writes = 0
        self.set_aside = {}
        self.ignored = []
        self.stuck = None          # e.g. "EIO": setting aside fails, as on a worn flash

    def _set_aside(self, name, why):
        if self.stuck:
            self._aside_failed(name, why, self.stuck)
            return False
        self._note(name, "%s, set aside" % why)
        rec = self.records.pop(name, None)
        if rec is not None:
            self.set_aside[name] = rec
        return True

    def load(self, name, default=None, version=1, check=None):
        if name in self.ignored:
            return default
        rec = self.records.get(name)
        if rec is None:
            return default
        if rec[0] != version:
            self._set_aside(name, "save version %s unknown" % (rec[0],))
            return default
        try:
            data = json.loads(rec[1])
        except Exception as e:
            self._set_aside(name, "unreadable (%s)" % type(e).__name__)
            return default
        return self._checked(name, data, default, check)

    def save(self, name, data, version=1):
        if self.fail_writes:
            f = self.fail_writes
            self._write_failed(name, f if isinstance(f, OSError) else None)
            return False
        self.records[name] = (version, json.dumps(data))
        self._wrote()
        if name in self.ignored:
            self.ignored.remove(name)
        return True

    def delete(self, name):
        self.records.pop(name, None)
        if name in self.ignored:
            self.ignored.remove(name)

    def _exists(self, name):
        return name in self.records

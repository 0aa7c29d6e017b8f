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
check — the file is moved aside to ``<name>.bad`` (nothing is thrown away),
the problem is noted once under the record's name, and ``default`` is used.
The screen that owns the record takes its own problems
(``take_problems(name)``) and says so where the player looks; the home menu
shows the rest.

Writing can fail too (a full filesystem, a worn flash): ``save`` then returns
False, keeps the old record, and raises one notice ("storage full: not
saved") that the app shows once; play goes on.
"""
import json
import os

FMT = 1
MAX_BYTES = 16384  # larger than any record we write; a bigger file is damage


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

    def _write_failed(self, name):
        self.failed_writes += 1
        if not self.full:
            self.full = True
            self.notice = "Storage full: not saved. Play goes on; your last save is kept."

    def _checked(self, name, data, default, check):
        if check is None:
            return data
        try:
            return check(data)
        except Exception as e:  # any failure of a checker means the record is unusable
            self._set_aside(name, "%s, so it was set aside" % _why(e))
            return default


class Store(_Problems):
    def __init__(self, root):
        self.root = root
        self.problems = []  # "name: why", each noted once
        self.notice = None  # one message for the app to show now (a failed write)
        self.full = False   # a write failed and none has succeeded since
        self.writes = 0
        self.failed_writes = 0
        try:
            os.mkdir(root)
        except OSError:
            pass

    def path(self, name):
        return "%s/%s.json" % (self.root, name)

    def _set_aside(self, name, why):
        self._note(name, why)
        bad = "%s/%s.bad" % (self.root, name)
        _remove(bad)
        try:
            os.rename(self.path(name), bad)
        except OSError:
            pass

    def load(self, name, default=None, version=1, check=None):
        """The saved data (as ``check`` returned it), or ``default`` when the
        record is missing or unusable (then set aside and noted)."""
        _remove("%s/%s.tmp" % (self.root, name))  # a write cut off before its rename
        p = self.path(name)
        if not _exists(p):
            return default
        if _size(p) > MAX_BYTES:
            self._set_aside(name, "file too large, set aside")
            return default
        try:
            with open(p) as f:
                rec = json.loads(f.read())
        except Exception as e:  # OSError, ValueError, UnicodeError, RuntimeError (deep nesting), MemoryError
            self._set_aside(name, "unreadable (%s), set aside" % type(e).__name__)
            return default
        if (not isinstance(rec, dict) or rec.get("fmt") != FMT or rec.get("name") != name
                or "data" not in rec):
            self._set_aside(name, "not a Dicebox save, set aside")
            return default
        if rec.get("v") != version:
            self._set_aside(name, "save version %s unknown, set aside" % (rec.get("v"),))
            return default
        return self._checked(name, rec["data"], default, check)

    def save(self, name, data, version=1):
        """Write atomically; True on success. On failure the old record stays,
        the app gets one notice, and False comes back (play goes on)."""
        tmp = "%s/%s.tmp" % (self.root, name)
        try:
            text = json.dumps({"fmt": FMT, "name": name, "v": version, "data": data})
            with open(tmp, "w") as f:
                f.write(text)
            os.rename(tmp, self.path(name))
        except OSError:
            _remove(tmp)
            self._write_failed(name)
            return False
        self.writes += 1
        self.full = False
        return True

    def delete(self, name):
        _remove(self.path(name))

    def exists(self, name):
        return _exists(self.path(name))


class MemoryStore(_Problems):
    """Same API kept in RAM (tests, and the device when the filesystem fails).

    ``fail_writes`` makes every save fail, as a full filesystem does."""

    def __init__(self):
        self.records = {}
        self.problems = []
        self.notice = None
        self.full = False
        self.fail_writes = False
        self.writes = 0
        self.failed_writes = 0
        self.set_aside = {}

    def _set_aside(self, name, why):
        self._note(name, why)
        rec = self.records.pop(name, None)
        if rec is not None:
            self.set_aside[name] = rec

    def load(self, name, default=None, version=1, check=None):
        rec = self.records.get(name)
        if rec is None:
            return default
        if rec[0] != version:
            self._set_aside(name, "save version %s unknown, set aside" % (rec[0],))
            return default
        try:
            data = json.loads(rec[1])
        except Exception as e:
            self._set_aside(name, "unreadable (%s), set aside" % type(e).__name__)
            return default
        return self._checked(name, data, default, check)

    def save(self, name, data, version=1):
        if self.fail_writes:
            self._write_failed(name)
            return False
        self.records[name] = (version, json.dumps(data))
        self.writes += 1
        self.full = False
        return True

    def delete(self, name):
        self.records.pop(name, None)

    def exists(self, name):
        return name in self.records

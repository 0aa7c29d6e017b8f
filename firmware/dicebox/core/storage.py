"""Settings and saves as versioned JSON, written atomically.

Each record is a file ``<root>/<name>.json`` holding
``{"fmt": 1, "name": <name>, "v": <schema version>, "data": {...}}``.
A save writes ``<name>.tmp`` and renames it over the old file (littlefs and
POSIX both rename atomically), so a power cut leaves either the old or the new
record, never half of one. A file that cannot be read, is not JSON, belongs to
another record or carries an unknown version is reported once, moved aside to
``<name>.bad`` (nothing is thrown away) and the defaults are used.
"""
import json
import os

FMT = 1


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class Store:
    def __init__(self, root):
        self.root = root
        self.problems = []  # human messages, each reported once (the app shows them)
        self.writes = 0
        try:
            os.mkdir(root)
        except OSError:
            pass

    def path(self, name):
        return "%s/%s.json" % (self.root, name)

    def _report(self, name, why):
        msg = "%s: %s" % (name, why)
        if msg not in self.problems:
            self.problems.append(msg)
        bad = "%s/%s.bad" % (self.root, name)
        _remove(bad)
        try:
            os.rename(self.path(name), bad)
        except OSError:
            pass

    def load(self, name, default=None, version=1):
        """The saved data, or ``default`` when missing or unusable."""
        _remove("%s/%s.tmp" % (self.root, name))  # a write cut off before its rename
        p = self.path(name)
        if not _exists(p):
            return default
        try:
            with open(p) as f:
                rec = json.load(f)
        except (OSError, ValueError) as e:
            self._report(name, "unreadable save (%s), defaults used" % (type(e).__name__,))
            return default
        if (not isinstance(rec, dict) or rec.get("fmt") != FMT or rec.get("name") != name
                or "data" not in rec):
            self._report(name, "not a Dicebox save, defaults used")
            return default
        if rec.get("v") != version:
            self._report(name, "save version %s unknown, defaults used" % (rec.get("v"),))
            return default
        return rec["data"]

    def save(self, name, data, version=1):
        tmp = "%s/%s.tmp" % (self.root, name)
        text = json.dumps({"fmt": FMT, "name": name, "v": version, "data": data})
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, self.path(name))
        self.writes += 1

    def delete(self, name):
        _remove(self.path(name))

    def exists(self, name):
        return _exists(self.path(name))

    def take_problems(self):
        p = self.problems
        self.problems = []
        return p


class MemoryStore:
    """Same API kept in RAM (tests, and the device when the filesystem fails)."""

    def __init__(self):
        self.records = {}
        self.problems = []
        self.writes = 0

    def load(self, name, default=None, version=1):
        rec = self.records.get(name)
        if rec is None or rec[0] != version:
            return default
        return json.loads(rec[1])

    def save(self, name, data, version=1):
        self.records[name] = (version, json.dumps(data))
        self.writes += 1

    def delete(self, name):
        self.records.pop(name, None)

    def exists(self, name):
        return name in self.records

    def take_problems(self):
        p = self.problems
        self.problems = []
        return p

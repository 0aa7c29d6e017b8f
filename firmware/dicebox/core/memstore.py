"""The store kept in RAM: the console's when its flash fails (main.py: it
runs on, saving nothing, and says so), and the tests'. The same API as
``storage.Store``; a module of its own, so that the console with a working
flash does not carry it."""
import json

from dicebox.core.storage import Encoded, Problems, decode, encode, trimmed
from dicebox.core.store_faults import aside_failed, unreadable


class MemoryStore(Problems):
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
            aside_failed(self, name, why, self.stuck)
            return False
        self._note(name, "%s, set aside" % why)
        rec = self.records.pop(name, None)
        if rec is not None:
            self.set_aside[name] = rec
        return True

    def _read(self, name, default, version, check):
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
        except MemoryError:
            raise                 # no room: not damage (``Problems.load``)
        except Exception as e:
            self._set_aside(name, unreadable(e))
            return default
        return self._checked(name, data, default, check)

    def save(self, name, data, version=1, trim=None):
        """As ``Store.save``; the text kept is plain JSON of the data (with
        ``trim``'s list shortened as a file's would be), for tests to read."""
        if self.fail_writes:
            f = self.fail_writes
            self._write_failed(name, f if isinstance(f, OSError) else None)
            return False
        if isinstance(data, Encoded):  # made ahead: what the file would hold
            version, data = decode(name, data.text)
        elif trim is not None:
            dropped = encode(name, data, version, trim)[1]
            if dropped:
                data = dict(data)
                data[trim] = trimmed(data[trim], dropped)
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

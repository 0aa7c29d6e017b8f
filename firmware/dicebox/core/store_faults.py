"""What the store does when a record is damaged or a write fails, imported
only then (``core/storage.py``, ``core/memstore.py``): setting a damaged file
aside as ``<name>.bad`` (older copies moving on to ``.bad1``, ``.bad2``), a
record that cannot be set aside, and the words of a failed read or save.
Play's plain save and load never need it; ``Store`` forgets it again after a
set-aside (a failed save keeps it until the home menu's purge, as a full
filesystem fails every save).
"""
import os

from dicebox.core.valid import BadData

BAD_KEEP = 3       # copies set aside per record: <name>.bad (newest), .bad1, .bad2
ENOSPC = 28


# _exists and _remove are storage.py's two small twins, written again here:
# storage imports this module only when a fault comes, and this module does
# not import storage back (no import cycle in the firmware).
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


def why(e):
    """A checker's failure in words: a ``BadData``'s reason, else its type."""
    if isinstance(e, BadData):
        return str(e)
    return type(e).__name__


def unreadable(e):
    """Why a record could not be read, in a player's words (the screen shows
    it): the cause of a read that failed, else what was wrong with the text."""
    if isinstance(e, OSError):
        return "unreadable (%s)" % errno_name(e)
    if isinstance(e, RuntimeError):
        return "unreadable (nested too deep)"
    return "unreadable (damaged or cut short)"   # bad JSON, cut short, not text


def write_notice(why):
    """The one notice of a failed save, worded by its cause."""
    if why == "full":
        return "Storage full: not saved. Play goes on; your last save is kept."
    cause = _CAUSES.get(why)
    return "Storage error (%s%s): not saved. Play goes on; your last save is kept." % (
        cause + ", " if cause else "", why)


def write_failed(store, e=None):
    """Count a failed save; one notice, worded by the cause (``e`` the
    OSError; None: the store is full, as a browser says)."""
    store.failed_writes += 1
    why = "full" if e is None or _errno(e) == ENOSPC else errno_name(e)
    if why == "full":
        store.full = True
    if store.write_error != why:
        store.write_error = why
        store.notice = write_notice(why)


def aside_failed(store, name, why, e):
    """A damaged record that stays where it is: said once, then absent."""
    store._note(name, "%s; could not be set aside (%s), so it is ignored until "
                "the console restarts" % (why, e))
    if name not in store.ignored:
        store.ignored.append(name)


def set_aside(store, name, why, too_big):
    """Move the damaged record of ``store`` (a ``storage.Store``) aside as the
    newest ``.bad`` copy (older copies move on, the oldest beyond BAD_KEEP is
    dropped), and note it: truthfully, also when the move fails. A file
    ``too_big`` to be a record is removed, not kept."""
    src = store.path(name)
    if too_big:
        try:
            os.remove(src)
        except OSError as e:
            aside_failed(store, name, why, errno_name(e))
            return False
        store._note(name, "%s, removed" % why)
        return True
    slots = [store.bad_path(name, k) for k in range(BAD_KEEP)]
    full = True
    for x in slots:
        full = full and _exists(x)
    if full:
        _remove(slots[-1])          # the oldest copy goes only to make room
    for k in range(BAD_KEEP - 2, -1, -1):   # make room at .bad, keeping the order
        if _exists(slots[k]) and not _exists(slots[k + 1]):
            try:
                store._move(slots[k], slots[k + 1])
            except OSError:
                pass
    err = "every .bad name is taken"
    for dst in slots:
        if _exists(dst):
            continue
        try:
            store._move(src, dst)
        except OSError as e:
            err = errno_name(e)
            break
        store._note(name, "%s, set aside" % why)
        return True
    aside_failed(store, name, why, err)
    return False

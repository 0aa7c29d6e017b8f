"""The checkers' tools: what every check of a record read back is made of.

A check (of the settings, a roller preset, a game's saved state) takes the data
a file gave and either returns it or raises ``BadData`` with a reason in plain
words, naming the first impossible value. "Valid JSON" is not "valid": these
test types, ranges and lengths; the invariants are the checker's own.

Pure and small on purpose: the rules modules import it without the storage
code (``json``, ``os``) that reads and writes the files (core/storage.py).
"""


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

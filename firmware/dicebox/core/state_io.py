"""One table per game of the state fields that are saved, cloned and loaded.

A game lists its saved attributes once::

    FIELDS = Fields(3, ("turn", "dice", "sc"), "pig")

and then ``to_dict`` is ``FIELDS.dump(self)``, ``clone`` is
``FIELDS.copy(self, object.__new__(State))`` and ``from_dict`` is
``FIELDS.load(object.__new__(State), d)`` followed by the game's own checks
(types, ranges, lengths, invariants). Make the blank State with
``object.__new__(State)`` (or an ``__init__`` flag that skips the set-up):
MicroPython has no ``State.__new__`` on a class of ours (AttributeError),
only ``object.__new__``. The attribute name IS the save key, so
the table is also the save format: renaming an attribute changes the format
and needs a new version number.

``load`` checks only that ``d`` is a record of this version with every field
present; it raises ``valid.BadData`` with a plain reason otherwise. It never
judges the values: that stays in the game, which knows its rules.

The third argument is the table's save tag (the game's package name, lower
case letters): a table with one is registered with ``core.storage``, whose
files hold such a state as a list of its values in the table's order
(``["~!pig", 3, turn, dice, sc]``) instead of a dict that spells every name
(a record then stays small enough for littlefs to keep it inline). Loading
turns it back into the same dict, so ``from_dict`` and its checks see what
``to_dict`` made; saves written as dicts (before) still load. The order of
the names is therefore part of the format too: a field added, removed or
moved needs a new version number.

Values are JSON-like data (dicts, lists, tuples, ints, strs, bools, None);
``deep`` copies them so a clone or a save never shares a list with the live
state. Tuples stay tuples, lists stay lists.
"""
from dicebox.core import storage
from dicebox.core.valid import BadData


def deep(x):
    """A deep copy of JSON-like data: dicts, lists and tuples are copied
    (tuples stay tuples); ints, strs, bools, floats and None are shared."""
    t = type(x)
    if t is list:
        return [deep(i) for i in x]
    if t is dict:
        r = {}
        for k in x:
            r[k] = deep(x[k])
        return r
    if t is tuple:
        return tuple([deep(i) for i in x])
    return x


class Fields:
    """One table of a state's saved fields: attribute name == save key."""

    def __init__(self, version, names, tag=None):
        self.version = version
        self.names = tuple(names)
        self.tag = tag
        if tag is not None:
            storage.TABLES[tag] = self   # files keep this state by position

    def dump(self, obj):
        """``{"v": version, name: deep copy of obj.name, ...}``."""
        d = {"v": self.version}
        for n in self.names:
            d[n] = deep(getattr(obj, n))
        return d

    def load(self, obj, d):
        """Set every field of ``obj`` from ``d`` (deep copies) and return
        ``obj``. Raises ``BadData`` unless ``d`` is a dict of this version
        holding every field. Values are not judged here."""
        if not isinstance(d, dict):
            raise BadData("not a record")
        v = d.get("v")
        if type(v) is not int or v != self.version:
            raise BadData("saved by another version")
        for n in self.names:
            if n not in d:
                raise BadData("%s missing" % n)
        for n in self.names:
            setattr(obj, n, deep(d[n]))
        return obj

    def copy(self, src, dst):
        """Deep-copy every field from ``src`` to ``dst``; returns ``dst``."""
        for n in self.names:
            setattr(dst, n, deep(getattr(src, n)))
        return dst

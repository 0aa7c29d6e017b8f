"""Places in a saved record's data (nested dicts and lists) for tests that
damage one: every path in it, a value put at a path, a copy with one
replaced."""


def places(d, prefix=(), sort=True):
    """Every path in ``d``, ``prefix`` first, parents before children
    (a dict's keys sorted, or with ``sort`` False in the dict's order)."""
    out = [prefix]
    if isinstance(d, dict):
        for k in (sorted(d) if sort else d):
            out += places(d[k], prefix + (k,), sort)
    elif isinstance(d, list):
        for i in range(len(d)):
            out += places(d[i], prefix + (i,), sort)
    return out


def set_at(d, path, value):
    """``value`` at ``path`` in ``d`` (changed in place); returns ``d``."""
    box = d
    for k in path[:-1]:
        box = box[k]
    box[path[-1]] = value
    return d


def replaced(d, path, val):
    """A copy of ``d`` with ``val`` at ``path`` (``d`` untouched)."""
    if not path:
        return val
    if isinstance(d, dict):
        d = dict(d)
    else:
        d = list(d)
    d[path[0]] = replaced(d[path[0]], path[1:], val)
    return d

"""Assertion helpers that work under CPython (pytest) and the MicroPython unix port."""


def raises(exc, fn, *args, **kw):
    """Call fn; assert it raises exc; return the exception."""
    try:
        fn(*args, **kw)
    except exc as e:
        return e
    raise AssertionError("expected %s from %s" % (exc.__name__, getattr(fn, "__name__", fn)))


def close(a, b, tol=1e-9):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def allocated_by(fn, *args):
    """Bytes allocated by fn(*args) under MicroPython (the collector off, so
    none is taken back meanwhile); None on CPython (no gc.mem_alloc), where
    fn still runs."""
    import gc
    if not hasattr(gc, "mem_alloc"):
        fn(*args)
        return None
    gc.collect()
    gc.disable()
    try:
        a = gc.mem_alloc()
        fn(*args)
        return gc.mem_alloc() - a
    finally:
        gc.enable()

"""The simulator's modules (host_tools/sim) for the tests that run them, on
either runner: the simulator's panel, and its framebuf-drawing modules where
there is a framebuf (MicroPython)."""
import sys

try:
    from sim.panel import SimPanel
except ImportError:
    for _p in list(sys.path):
        if _p.endswith("firmware"):
            sys.path.append(_p[:-len("firmware")] + "host_tools")
            break
    from sim.panel import SimPanel  # noqa: F401 (for the panel's tests)


def sim_module(name):
    """host_tools/sim/<name>.py imported, or None without framebuf."""
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sim = here + "/../../host_tools/sim"
    if sim not in sys.path:
        sys.path.insert(0, sim)
    return __import__(name)

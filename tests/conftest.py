import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable"), os.path.join(ROOT, "host_tools"),
          os.path.join(ROOT, "tests", "host")):     # tests/host/'s shared helpers (damaged.py)
    if p not in sys.path:
        sys.path.insert(0, p)
_shims = os.path.join(ROOT, "host_tools", "cpython_shims")
if _shims not in sys.path:
    sys.path.append(_shims)
import upy  # noqa: E402  (host_tools/upy.py: the unix port's command line and heap cap)

upy.on_path()     # host_tools/'s folders: tests import the tools by plain name

# Property tests explore new random cases on every local run; under CI (CI=true)
# they replay a fixed sequence, so a landing is judged on the same cases twice.
try:
    from hypothesis import settings as _hs

    _hs.register_profile("ci", derandomize=True, database=None)
    if os.environ.get("CI"):
        _hs.load_profile("ci")
except ImportError:
    pass

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable"), os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)
_shims = os.path.join(ROOT, "host_tools", "cpython_shims")
if _shims not in sys.path:
    sys.path.append(_shims)

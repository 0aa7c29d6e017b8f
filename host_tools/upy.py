"""The MicroPython unix port as every tool and test starts it, and the
device's heap cap, written here only.

    import upy
    subprocess.run(upy.argv(path, "--fw", fw), ...)        # a script
    subprocess.run(upy.argv("-c", source), ...)            # a program in a string
    subprocess.run(upy.argv(path, heap="64M"), ...)        # another cap, said where used

From the shell (``make sim``): ``python host_tools/upy.py SCRIPT [ARGS]`` becomes
the unix port on SCRIPT under the cap (the process is replaced: the terminal
stays the port's).

Also the places the tools share (the checkout, firmware/, the CPython stand-in
for the ``micropython`` module) and ``on_path``: host_tools/ and its folders on
sys.path, so a tool imports another by its plain name (``import build``,
``import device_factors``); ``cpython_path``: those, firmware/ and the stand-in,
for a tool that runs the firmware's modules under CPython.
"""
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(TOOLS, "cpython_shims")
MPY = os.path.join(ROOT, ".venv", "bin", "micropython")
VPY = os.path.join(ROOT, ".venv", "bin", "python")

# RP2040 MicroPython has about 240 KB free at the REPL; "w" counts the heap in
# words, so a 64-bit host gets room for the same number of objects.
HEAP = "240wK"

# host_tools/'s folders whose modules others import by plain name (sim/ is
# imported as the package ``sim``, or put on the path by the program run in it)
FOLDERS = ("benches", "studies", "testing", "web", "screenshots")


def folder(name):
    return os.path.join(TOOLS, name)


def on_path(*names):
    """host_tools/ and the folders ``names`` (default FOLDERS) first on sys.path."""
    for p in reversed([TOOLS] + [folder(n) for n in names or FOLDERS]):
        if p not in sys.path:
            sys.path.insert(0, p)


def cpython_path():
    """What a tool run under CPython imports: host_tools/ and its folders
    first (``on_path``), then firmware/, and the CPython stand-in for the
    ``micropython`` module last."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    on_path()
    if SHIMS not in sys.path:
        sys.path.append(SHIMS)


def argv(*args, heap=HEAP):
    """The unix port's command line: the cap (None: the port's own default),
    then ``args`` (a script and its arguments, or ``"-c", source``)."""
    return [MPY] + (["-X", "heapsize=" + heap] if heap else []) + [str(a) for a in args]


def main(args):
    if not args or args[0].startswith("-"):
        raise SystemExit("usage: python host_tools/upy.py SCRIPT [ARGS]   (the unix port, heap %s)" % HEAP)
    cmd = argv(*args)
    os.execv(cmd[0], cmd)


if __name__ == "__main__":
    main(sys.argv[1:])

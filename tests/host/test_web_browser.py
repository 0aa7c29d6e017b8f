"""The web edition in a real browser: headless Chromium (Debian's package),
driven by playwright-core (web/test/browser.mjs).

The page is built into a temporary folder and served on localhost. With the
simulator's dice seed, the browser plays host_tools/screenshots/web.txt up to the
Dairyman menu in real time through the page's own inputs (on-screen buttons
by pointer, keys, a stream of devicemotion events that rolls the dice, the
Shake button); every canvas picture must equal the simulator's golden. Then
the page is reloaded: the game saved in the browser's storage is offered
again ("Resume game"); and once more with the network off, from the
service worker's offline copy. The page's screenshot for the README is written to
build/web-browser.png (and to docs/web_browser.png with UPDATE_SHOTS=1).

A finished game's shared link (tests/host/shared_game.py) is opened too, its
replay stepped to the end with the page's keys (web/test/browser_shared.mjs):
each canvas must equal the simulator's panel for the same script, and "Share
link" must show the address that was opened.

Without a Chromium the tests are skipped, saying so; under CI (CI=true) a
missing Chromium is a failure (.ci/run installs it).
"""
import contextlib
import json
import os
import shutil
import subprocess
import tempfile

import pytest
from PIL import Image

import upy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden")
DRIVER = os.path.join(ROOT, "web", "test", "browser.mjs")
PLAYWRIGHT = os.path.join(ROOT, "web", "node_modules", "playwright-core")
CI = os.environ.get("CI") == "true"


def chromium():
    for c in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
              shutil.which("chromium-browser")):
        if c and os.path.exists(c):
            return c
    return None


def golden_bits(name):
    im = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    return "".join("1" if im.getpixel((x, y)) else "0" for y in range(64) for x in range(128))


def needed():
    """Chromium's path; skipped (failed under CI) when it, node or playwright-core is missing."""
    exe = chromium()
    if exe is None or shutil.which("node") is None or not os.path.isdir(PLAYWRIGHT):
        what = ("no Chromium found (apt-get install chromium)" if exe is None
                else "node or web/node_modules missing (make web)")
        if CI:
            pytest.fail("browser test cannot run under CI: " + what)
        pytest.skip("browser test not run: " + what)
    return exe


@contextlib.contextmanager
def served():
    """A fresh build of the page served on localhost: its address."""
    import web_build
    site = web_build.build_once()
    server = subprocess.Popen([os.path.join(ROOT, ".venv", "bin", "python"),
                               os.path.join(upy.folder("web"), "web_serve.py"),
                               "--dir", site, "--port", "0", "--quiet"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        assert "http://" in line, line
        yield line.split()[1]
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_web_page_in_headless_chromium():
    exe = needed()
    with served() as url:
        os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
        shot = os.path.join(ROOT, "build", "web-browser.png")
        fd, goldens = tempfile.mkstemp(prefix="dicebox_goldens_", suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump({n[:-4]: golden_bits(n[:-4]) for n in os.listdir(GOLDEN)
                       if n.startswith("web_") and n.endswith(".png")}, f)
        p = subprocess.run(["node", DRIVER, url, os.path.join(upy.folder("screenshots"), "web.txt"),
                            exe, shot, goldens], capture_output=True, text=True, timeout=120,
                           cwd=os.path.join(ROOT, "web"))
        assert p.returncode == 0, p.stderr[-3000:]
        r = json.loads(p.stdout)
    assert r["errors"] == []
    names = [s[0] for s in r["shots"]]
    assert names[:3] == ["web_menu", "web_roller", "web_2d6"]
    assert names[-3:] == ["reload_home", "reload_dairyman", "offline_home"]
    for name, expect, bits in r["shots"]:
        want = golden_bits(expect)
        diff = sum(a != b for a, b in zip(bits, want))
        assert diff == 0, "canvas at %s differs from golden %s in %d pixels" % (name, expect, diff)
    assert r["info"]["shake"] == "motion"     # the devicemotion events reached the shake detector
    assert "dicebox:dairyman.json" in r["storage_keys"]
    assert r["sw"] == "registered"
    if os.environ.get("UPDATE_SHOTS") == "1":
        shutil.copyfile(shot, os.path.join(ROOT, "docs", "web_browser.png"))
    st = r["stats"]
    print("browser: first frame %.0f ms after navigation (%.0f ms after a reload), "
          "page step %.2f ms a frame on average (max %.1f), %d frames"
          % (r["first_frame_ms"], r["reload_first_frame_ms"], st["stepMsTotal"] / st["frames"],
             st["stepMsMax"], st["frames"]))


def test_a_shared_link_in_headless_chromium_replays_as_the_simulator_and_shares_it_again():
    """A finished game's link (#g=TEXT, tests/host/shared_game.py) opened in
    the browser: its menu, its replay read and stepped to the end with the
    page's keys; each canvas equals the simulator's panel for the same script
    (the menus on the rows they share: the page has "Share link" too), and
    "Share link" shows the very address that was opened."""
    import shared_game
    exe = needed()
    text, _ = shared_game.game()
    link, script = shared_game.files()
    sim = shared_game.simulator()
    fd, expect = tempfile.mkstemp(prefix="dicebox_shared_expect_", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump({name: {"bits": sim[name], "rows": list(shared_game.COMPARED[name])}
                   for name in shared_game.SHOTS}, f)
    with served() as url:
        p = subprocess.run(["node", os.path.join(ROOT, "web", "test", "browser_shared.mjs"), url, link,
                            script, exe, expect], capture_output=True, text=True, timeout=150,
                           cwd=os.path.join(ROOT, "web"))
    assert p.returncode == 0, p.stderr[-3000:]
    r = json.loads(p.stdout)
    assert r["errors"] == [] and r["page_error"] is None
    late = [name for name, _, ms, met in r["shots"] if not met]
    assert late == [], "the canvas never showed the simulator's %s (waited %d ms)" % (
        late[0], r["shots"][-1][2])
    assert [s[0] for s in r["shots"]] == list(shared_game.SHOTS)
    page = {name: bits for name, bits, _, _ in r["shots"]}
    assert shared_game.differences(page, sim) == []
    # "Share link": the page shows the address it was opened at, the same text after #g=
    assert r["shared"] == url + "?seed=1#g=" + text
    assert r["share_field"] == r["shared"] and r["share_shown"]
    assert r["info"]["top"] == "Menu"
    print("browser, shared link: loaded in %.0f ms, played in %.0f ms (%d frames); "
          "waits for the pictures %s ms"
          % (r["load_ms"], r["play_ms"], r["frames"],
             ", ".join("%s %d" % (n, ms) for n, ms in r["waits"])))

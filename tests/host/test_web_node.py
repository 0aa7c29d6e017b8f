"""The web edition under Node: the firmware in MicroPython's WebAssembly port.

The build (host_tools/web/web_build.py) is run once; web/test/node_run.mjs loads
the port from it, writes the firmware into its filesystem as the page does,
and registers the same ``dicebox_js`` module the page registers. The scenes
of host_tools/screenshots/web.txt (boot to the home menu, 2d6, the first turn of
each game) must equal the simulator's goldens pixel for pixel, with the same
dice seed. Saves go to the page's storage and survive a reload; a damaged
entry is set aside as on the device; the crypto dice pass the health tests
and a stuck source is refused; Sound off silences the tones; an idle
console sleeps and the waking press is eaten, as on the device.
"""
import json
import os
import shutil
import subprocess

import pytest
from PIL import Image

import upy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NODE = shutil.which("node")
RUNNER = os.path.join(ROOT, "web", "test", "node_run.mjs")
RUNTIME = os.path.join(ROOT, "web", "node_modules", "@micropython",
                       "micropython-webassembly-pyscript", "micropython.wasm")
GOLDEN = os.path.join(ROOT, "tests", "golden")

pytestmark = pytest.mark.skipif(
    NODE is None or (not os.path.exists(RUNTIME) and os.environ.get("CI") != "true"),
    reason="node or web/node_modules missing: run `make web` (npm ci in web/)")

def build_dir():
    import web_build
    return web_build.build_once()


def node(*args):
    p = subprocess.run([NODE, RUNNER, build_dir()] + list(args), capture_output=True,
                       text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


_RUNS = {}


def storage_run():
    """The storage / dice / sound / sleep scenario of node_run.mjs, run once."""
    if "storage" not in _RUNS:
        _RUNS["storage"] = node("storage")
    return _RUNS["storage"]


def golden_bits(name):
    im = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    assert im.size == (128, 64)
    return [[1 if im.getpixel((x, y)) else 0 for x in range(128)] for y in range(64)]


def panel_bits(hexbuf):
    buf = bytes.fromhex(hexbuf)
    assert len(buf) == 1024
    return [[(buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]


def test_web_scenes_match_the_simulator_goldens():
    res = node("script", os.path.join(upy.folder("screenshots"), "web.txt"), "1")
    names = [n for n, _ in res["shots"]]
    assert names[0] == "web_menu" and "web_2d6" in names
    for game in ("web_dairyman", "web_milestones", "web_mildred"):
        assert game in names
    for name, hexbuf in res["shots"]:
        got = panel_bits(hexbuf)
        want = golden_bits(name)
        diff = sum(a != b for ra, rb in zip(got, want) for a, b in zip(ra, rb))
        assert diff == 0, "%s differs from its golden in %d pixels" % (name, diff)
    print("web scenes: %d shots, %d frames, load %.0f ms, run %.0f ms"
          % (len(names), res["frames"], res["load_ms"], res["run_ms"]))


def test_web_storage_reload_damage_and_dice():
    r = storage_run()
    # a roll is saved to the page's storage and is there after a reload
    assert r["keys_after_play"] == ["dicebox:roller.json"]
    assert r["same_after_reload"]
    # a damaged entry is set aside (kept as .bad), the roller starts afresh and says so
    assert "dicebox:roller.json" not in r["keys_after_damage"]
    assert "dicebox:roller.bad" in r["keys_after_damage"]
    assert r["bad_kept"] == '{"fmt": 1, "name": "roll'
    assert r["top_after_damage"] == "Message"
    # the browser's crypto source passes the start-up health tests and rolls
    assert r["info"]["dice"] == "crypto.getRandomValues"
    assert r["info"]["dice_ok"] is True
    assert r["crypto_roll"]["top"] == "RollScreen"
    # a stuck source fails them: the roll is refused with a message
    assert r["stuck_info"]["dice_ok"] is False
    assert r["stuck_roll"]["top"] == "Message"


def test_web_sound_setting_and_sleep():
    r = storage_run()
    # the roll's clicks reach Web Audio; with Sound off in Settings, none do
    assert r["tones_sound_on"] > 0
    assert r["muted_top"] == "RollScreen"
    settings = json.loads(r["muted_settings"])      # [format, name, version, data]
    assert settings[1] == "settings" and settings[3]["sound"] is False
    assert r["tones_sound_off"] == 0
    # idle for the sleep time: the page stops stepping the console (nothing to
    # paint); a press wakes it, turns the panel on and does nothing else
    assert r["asleep"] is True
    assert r["step_while_asleep"] is None
    assert r["woken"] is True
    assert r["after_wake_top"] == "Home"
    assert r["after_wake_on"] == "1"


def test_a_shared_link_opens_its_replay_as_the_simulator_does_and_can_be_shared_again():
    """A finished game's link (#g=TEXT) opened by the web edition: the
    shared game's menu, its replay stepped to the end; each panel equals the
    simulator's (the console under the unix port, the same link opened the
    same way; the menus differ by the page's "Share link": shared_game.py),
    and "Share link" hands the page the same text."""
    import shared_game
    text, _ = shared_game.game()
    link, script = shared_game.files()
    res = node("shared", link, script)
    assert res["shared"] == [text]                 # "Share link": the page got the game's text
    names = [s[0] for s in res["shots"]]
    assert names == list(shared_game.SHOTS)
    page = {name: shared_game.hex_bits(hexbuf) for name, hexbuf in res["shots"]}
    assert shared_game.differences(page, shared_game.simulator()) == []

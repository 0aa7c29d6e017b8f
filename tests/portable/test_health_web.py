"""The web edition's dice (web/webhw.py) under the unix port, with a stand-in
for the page's ``dicebox_js`` module: ``?seed=N`` is marked test dice
everywhere the page reads it and runs the same health tests; the page marks
the panel "TEST DICE" from its first moment and never hides it.
(MicroPython only: the display driver draws with framebuf.)"""
import sys


class _JS:
    """The page's side of webhw (what dicebox.js registers)."""

    def __init__(self):
        self.store = {}
        self.logged = []

    def random_hex(self, n):
        import binascii
        import os
        return binascii.hexlify(os.urandom(n)).decode()

    def store_keys(self):
        return "\n".join(self.store)

    def store_get(self, key):
        return self.store.get(key)

    def store_set(self, key, text):
        self.store[key] = text
        return True

    def store_remove(self, key):
        self.store.pop(key, None)

    def tone(self, f):
        pass

    def log(self, text):
        self.logged.append(text)


def _here():
    return __file__.rsplit("/", 1)[0] if "/" in __file__ else "."


def _webhw():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        return None
    # the browser's files: web/webhw.py and, beside it there, host_tools/sim's hosthw.py
    for d in (_here() + "/../../web", _here() + "/../../host_tools/sim"):
        if d not in sys.path:
            sys.path.insert(0, d)
    if "dicebox_js" not in sys.modules:
        sys.modules["dicebox_js"] = _JS()
    try:
        import os
        os.mkdir("/tmp/dicebox_web_health")
    except OSError:
        pass
    import webhw
    webhw.DATA = "/tmp/dicebox_web_health"
    return webhw


def test_seeded_web_dice_are_test_dice_with_health_tests():
    webhw = _webhw()
    if webhw is None:
        return
    import json
    from dicebox.core import rng
    from dicebox.hal.entropy import Entropy
    con = webhw.boot(json.dumps({"seed": 3, "virtual": True}))
    hw = con.hw
    assert isinstance(hw.entropy, Entropy) and hw.entropy.ok and hw.entropy.startup_bits == 1024
    info = json.loads(con.info())
    assert info["test_dice"] is True and "TEST DICE" in info["dice"] and "not random" in info["dice"]
    assert "TEST DICE" in con.source()
    con.run_ms(2000)
    assert hw.entropy.steps >= 50
    # the seeded dice are exactly the simulator's
    a = rng.Rng(hw.entropy)
    b = rng.seeded(3)
    assert [a.roll(6) for _ in range(500)] == [b.roll(6) for _ in range(500)]


def test_the_crypto_dice_are_not_test_dice():
    webhw = _webhw()
    if webhw is None:
        return
    import json
    con = webhw.boot(json.dumps({"virtual": True}))
    info = json.loads(con.info())
    assert info["test_dice"] is False and info["dice"] == "crypto.getRandomValues"
    assert info["dice_ok"] is True


def test_the_page_marks_the_panel_test_dice():
    # static: the banner sits in the bezel with the canvas, dicebox.js shows
    # it whenever ?seed is given, before the console boots, and nothing hides it
    web = _here() + "/../../web/"
    with open(web + "index.html") as f:
        html = f.read()
    with open(web + "dicebox.js") as f:
        js = f.read()
    bezel = html[html.index('<div id="bezel">'):html.index('<canvas id="screen"')]
    assert 'id="testdice"' in bezel
    show = js.index("testEl.hidden = false")
    assert js.index("if (seed !== null)") < show < js.index("webhw.boot(")
    assert "TEST DICE" in js[show - 200:show] and "not random" in js[show - 200:show]
    assert js.count("testEl.hidden") == 1

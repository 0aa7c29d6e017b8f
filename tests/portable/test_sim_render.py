"""The simulator's terminal picture shows every pixel, in both character modes.
MicroPython only (the simulator runs the firmware's framebuf driver)."""

from simload import sim_module


def _run():
    return sim_module("run")


def _pixel(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def _pattern():
    buf = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if (x * 7 + y * 13) % 5 < 2 or x == y:
                buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return buf


def _decodes_back(mode, cw, ch, bit):
    """``run._rows_<mode>`` of the pattern: rows of characters each showing a
    ``cw`` x ``ch`` block of pixels, ``bit(run, char, dx, dy)`` the pixel
    (dx, dy) of the block a character shows."""
    run = _run()
    if run is None:
        return
    buf = _pattern()
    rows = list(getattr(run, "_rows_" + mode)(buf))
    assert len(rows) == 64 // ch and all(len(r) == 128 // cw for r in rows)
    for r in range(len(rows)):
        for c in range(128 // cw):
            for dx in range(cw):
                for dy in range(ch):
                    got = bit(run, rows[r][c], dx, dy)
                    assert got == _pixel(buf, cw * c + dx, ch * r + dy), (mode, r, c, dx, dy)


def test_half_block_rows_decode_back_to_the_pixels():
    _decodes_back("half", 1, 2, lambda run, t, dx, dy: (run._HALF.index(t) >> (1 - dy)) & 1)


def test_quadrant_rows_decode_back_to_the_pixels():
    _decodes_back("quad", 2, 2, lambda run, t, dx, dy: (run._QUAD.index(t) >> (dx + 2 * dy)) & 1)


def _braille(run, t, dx, dy):
    code = ord(t) - 0x2800
    assert 0 <= code < 256
    return 1 if code & run._BRAILLE_BIT[dx][dy] else 0


def test_braille_rows_decode_back_to_the_pixels():
    _decodes_back("braille", 2, 4, _braille)


def test_rendering_is_picked_from_width_and_height():
    run = _run()
    if run is None:
        return
    assert run.need("half") == (130, 36)
    assert run.need("quad") == (66, 36)
    assert run.need("braille") == (66, 20)
    assert run.pick_mode(140, 45) == "half"
    assert run.pick_mode(130, 36) == "half"
    assert run.pick_mode(129, 36) == "quad"
    assert run.pick_mode(140, 35) == "braille"   # wide but short: the title bar is not cut
    assert run.pick_mode(80, 30) == "braille"
    assert run.pick_mode(80, 24) == "braille"
    assert run.pick_mode(66, 20) == "braille"
    assert run.pick_mode(65, 40) is None
    assert run.pick_mode(80, 19) is None
    assert run.pick_mode(0, 0) == "half"          # size unknown
    assert run.pick_mode(140, 45, ("quad", "braille")) == "quad"   # --narrow


class _Out:
    def __init__(self):
        self.text = []
        self.keep = True

    def __call__(self, s):
        if self.keep:
            self.text.append(s)

    def take(self):
        s = "".join(self.text)
        self.text = []
        return s


def _term(cols, rows):
    """The terminal front end on a plain 7-item menu (the console's own home
    menu is played by the soak test)."""
    run = _run()
    import simhw
    from dicebox.core import ui
    from dicebox.core import memstore
    from dicebox.core.app import App

    def home(app):
        return ui.Menu(app, "Test", [("Item %d" % i, lambda: None) for i in range(7)],
                       on_back=lambda: None)
    hw = simhw.SimHW(simhw.VirtualClock(), "/tmp", 1)
    app = App(hw, memstore.MemoryStore(), home)
    out = _Out()
    term = run.Terminal(hw, app, cols, rows, write=out)
    app.home()
    return run, hw, app, term, out


def _frames(hw, term, ms, keys=()):
    """Run frames for ms of virtual time; keys is a list of (at_ms, key)."""
    start = hw.ticks_ms()
    keys = list(keys)
    nxt = start
    for t in range(ms):
        now = start + t
        while keys and keys[0][0] <= t:
            term.key(keys.pop(0)[1], now)
        if now >= nxt:
            hw.clock.t = now
            term.step(now)
            nxt = now + 33
    hw.clock.t = start + ms


def test_terminal_too_small_says_so_and_recovers_on_resize():
    run = _run()
    if run is None:
        return
    run, hw, app, term, out = _term(50, 12)
    _frames(hw, term, 200)
    text = out.take()
    assert "terminal too small: need at least 66x20, have 50x12" in text.replace("\x1b[K\r\n", " ")
    assert max(len(x) for x in text.replace("\x1b[K", "").replace("\x1b[J", "").replace(
        "\x1b[H", "").replace("\x1b[2J", "").split("\r\n")) <= 50   # wrapped to the width
    assert "\u2588" not in text and "+---" not in text  # no cut panel drawn
    term.resize(80, 24)
    _frames(hw, term, 100)
    text = out.take()
    assert term.mode == "braille" and "+" + "-" * 64 + "+" in text
    assert "too small" not in text
    term.resize(140, 45)
    _frames(hw, term, 100)
    assert term.mode == "half" and "+" + "-" * 128 + "+" in out.take()


def _screen(text):
    """The lines a terminal shows of one picture (the last one written)."""
    text = text.split("\x1b[H")[-1]
    for code in ("\x1b[K", "\x1b[J", "\x1b[2J", "\x1b[0m", "\x1b[96m", "\x1b[36m", "\x1b[90m"):
        text = text.replace(code, "")
    return text.split("\r\n")


def test_an_80x24_terminal_shows_the_whole_panel_and_every_key():
    run = _run()
    if run is None:
        return
    for cols, rows in ((80, 24), (66, 20), (100, 30)):
        run, hw, app, term, out = _term(cols, rows)
        _frames(hw, term, 200)
        lines = _screen(out.take())
        assert term.mode == "braille", (cols, rows)
        assert len(lines) <= rows and max(len(x) for x in lines) <= cols, (cols, rows)
        assert lines[0] == lines[17] == "+" + "-" * 64 + "+"
        keys = lines[-1]
        for word in ("z", "x", "Z/X=hold", "shake", "q=quit"):
            assert word in keys, (cols, keys)
        if cols >= 80:       # room for the arrows, Enter and Backspace too
            assert keys == run._KEYS["half"], keys


def _watched_menu():
    """The terminal front end on the test menu, every event the menu gets
    recorded: (hw, term, the events seen)."""
    run, hw, app, term, out = _term(140, 45)
    out.keep = False
    _frames(hw, term, 200)
    menu = app.top()
    seen = []
    orig = menu.event

    def spy(ev):
        seen.append(ev)
        orig(ev)
    menu.event = spy
    return hw, term, seen


def test_fast_typing_every_key_is_one_press():
    run = _run()
    if run is None:
        return
    from dicebox.core import events as E
    from dicebox.core import ui
    hw, term, seen = _watched_menu()
    menu = term.app.top()
    start = menu.sel
    # 20 presses of the same key 30 ms apart (faster than a frame)
    _frames(hw, term, 2000, [(30 * i, "s") for i in range(20)])
    downs = [ev for ev in seen if ui.is_press(ev, E.DOWN)]
    assert len(downs) == 20, len(downs)
    assert menu.sel == (start + 20) % len(menu.items)
    assert not term.taps and term.dropped == 0
    # a burst of mixed keys keeps its order: down, down, up -> one step down
    before = menu.sel
    _frames(hw, term, 500, [(0, "s"), (1, "\x1b[B"), (2, "w")])
    assert menu.sel == (before + 1) % len(menu.items)


def test_hold_keys_still_give_a_long_press():
    run = _run()
    if run is None:
        return
    from dicebox.core import events as E
    hw, term, seen = _watched_menu()
    _frames(hw, term, 2000, [(0, "X")])
    assert E.make(E.LONG, E.B) in seen
    # a tap typed during the hold comes after it, as its own press
    seen[:] = []
    _frames(hw, term, 2000, [(0, "X"), (100, "x")])
    presses = [ev for ev in seen if ev == E.make(E.PRESS, E.B)]
    assert len(presses) == 2, seen


def test_a_key_typed_during_a_hold_waits_and_the_order_is_kept():
    """X (hold B) then Down 0.6 s later: the long press is whole, then the
    Down; x then X at once: the short B first, then the long one (a
    newcomer's game menu was lost when the next key came within a second)."""
    run = _run()
    if run is None:
        return
    from dicebox.core import events as E
    hw, term, seen = _watched_menu()
    _frames(hw, term, 3000, [(0, "X"), (600, "s")])
    kinds = [ev for ev in seen if ev in (E.make(E.LONG, E.B), E.make(E.PRESS, E.DOWN))]
    assert kinds == [E.make(E.LONG, E.B), E.make(E.PRESS, E.DOWN)], seen
    seen[:] = []
    _frames(hw, term, 3000, [(0, "x"), (5, "X"), (10, "s")])
    got = [ev for ev in seen if ev in (E.make(E.PRESS, E.B), E.make(E.LONG, E.B),
                                       E.make(E.PRESS, E.DOWN))]
    assert got == [E.make(E.PRESS, E.B), E.make(E.PRESS, E.B), E.make(E.LONG, E.B),
                   E.make(E.PRESS, E.DOWN)], seen
    assert not term.taps and not hw.mask


def test_sim_buzzer_and_error_log_stay_bounded():
    """What made `make sim` die of MemoryError: the buzzer kept every tone."""
    run = _run()
    if run is None:
        return
    import os
    import simhw
    bz = simhw.SimBuzzer()
    t = 0
    for i in range(2000):
        bz.tone(400 + i, 3)
        bz.tone(500 + i, 3)
        bz.tick(t)
        t += 33
    assert len(bz.queue) <= bz.QUEUE and len(bz.log) <= bz.RECENT
    assert bz.played == 2000 and bz.refused > 0
    bz.muted = True
    bz.tick(t)
    assert not bz.busy() and not bz.tone(440, 10)
    d = "/tmp/dicebox_test_sim_log"
    simhw.ensure_dir(d)
    for f in os.listdir(d):
        os.remove(d + "/" + f)
    hw = simhw.SimHW(simhw.VirtualClock(), d, 1)
    for i in range(200):
        hw.log("x" * 199 + "\n")
    assert os.stat(d + "/error.log")[6] <= hw.LOG_MAX + 200
    assert os.stat(d + "/error.old")[6] > 0

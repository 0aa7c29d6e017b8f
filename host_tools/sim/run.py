"""Dicebox simulator: the firmware under the MicroPython unix port.

Interactive (the default, `make sim`): the 128x64 panel drawn in the terminal
with half-block characters (two pixels a character cell, every pixel shown);
in a terminal narrower than 130 columns (`--cols N`, or `--narrow`) with
quadrant characters, four pixels a cell (66 columns).

  arrows / wasd   Up Down Left Right        z, Enter   A (ok)
  x, Backspace    B (back)                  Z, X       hold A / hold B (long press)
  space           shake                     q, Ctrl-C  quit

Headless: `run.py --script FILE --out DIR [--seed N] [--data DIR] [--scale K]` plays a
script on a virtual clock and writes PNG screenshots. Script lines:

  press BUTTON [N]     tap a button (up down left right a b) N times
  hold BUTTON MS       hold it down for MS milliseconds
  down BUTTON          press it and keep it down (a shot can be taken meanwhile)
  up BUTTON            let it go
  shake [MS]           shake the console
  wait MS              let time pass
  shot NAME [SCALE]    write DIR/NAME.png (SCALE x SCALE pixels a dot, default --scale)
  # comment
"""
import sys

HERE = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, HERE)
sys.path.insert(0, HERE + "/../../firmware")

import time  # noqa: E402

from dicebox.core import events as E  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from dicebox.apps import menu  # noqa: E402
import simhw  # noqa: E402
import png  # noqa: E402

BUTTONS = {"up": E.UP, "down": E.DOWN, "left": E.LEFT, "right": E.RIGHT, "a": E.A, "b": E.B}


def arg(name, default=None):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def make(clock, data, seed=None):
    simhw.ensure_dir(data)
    hw = simhw.SimHW(clock, data, seed)
    app = App(hw, storage.Store(data), menu.home)
    return hw, app


# ---------------------------------------------------------------- headless
class Headless:
    def __init__(self, hw, app, out):
        self.hw = hw
        self.app = app
        self.out = out
        self.rem = 0
        self.scale = 1
        self.shots = []
        app.home()
        self.run_ms(100)  # buttons already down at the first poll are ignored (stuck-at-boot guard)

    def frame(self):
        self.app.frame(self.hw.ticks_ms())
        step = 33
        self.rem += 10
        if self.rem >= 30:
            self.rem -= 30
            step = 34
        self.hw.sleep_ms(step)

    def run_ms(self, ms):
        end = self.hw.ticks_ms() + ms
        while self.hw.ticks_ms() < end:
            self.frame()

    def tap(self, b, down=100, up=100):
        self.hw.mask |= 1 << b
        self.run_ms(down)
        self.hw.mask &= ~(1 << b)
        self.run_ms(up)

    def command(self, line):
        words = line.split()
        if not words or words[0].startswith("#"):
            return
        cmd = words[0]
        if cmd == "press":
            for _ in range(int(words[2]) if len(words) > 2 else 1):
                self.tap(BUTTONS[words[1]])
        elif cmd == "hold":
            self.tap(BUTTONS[words[1]], int(words[2]))
        elif cmd == "down":
            self.hw.mask |= 1 << BUTTONS[words[1]]
            self.run_ms(100)
        elif cmd == "up":
            self.hw.mask &= ~(1 << BUTTONS[words[1]])
            self.run_ms(100)
        elif cmd == "shake":
            self.hw.shake.shake(self.hw.ticks_ms(), int(words[1]) if len(words) > 1 else 800)
            self.run_ms(int(words[1]) + 600 if len(words) > 1 else 1400)
        elif cmd == "wait":
            self.run_ms(int(words[1]))
        elif cmd == "shot":
            scale = int(words[2]) if len(words) > 2 else self.scale
            self.run_ms(40)
            path = "%s/%s.png" % (self.out, words[1])
            png.write_vlsb(path, self.hw.panel.pixels(), scale=scale)
            self.shots.append(path)
            print("shot", path)
        else:
            raise ValueError("unknown script command: " + line)


def headless(script, out, data, seed, scale=1):
    simhw.ensure_dir(out)
    hw, app = make(simhw.VirtualClock(), data, seed)
    h = Headless(hw, app, out)
    h.scale = scale
    with open(script) as f:
        lines = f.read().split("\n")
    for line in lines:
        h.command(line.strip())
    print("frames %d, draws %d, panel bytes %d" % (app.frames, app.draws, hw.panel.bytes_in))
    return h


# ---------------------------------------------------------------- terminal
_HALF = (" ", "\u2584", "\u2580", "\u2588")  # lower, upper, full half blocks


# 2x2 pixels a cell for narrow terminals: bit 1 upper left, 2 upper right,
# 4 lower left, 8 lower right.
_QUAD = (" ", "\u2598", "\u259d", "\u2580", "\u2596", "\u258c", "\u259e", "\u259b",
         "\u2597", "\u259a", "\u2590", "\u259c", "\u2584", "\u2599", "\u259f", "\u2588")


def _rows_half(buf):
    for r in range(32):
        y0 = 2 * r
        b0 = 1 << (y0 & 7)
        b1 = 1 << ((y0 + 1) & 7)
        base = (y0 >> 3) * 128
        yield "".join(_HALF[(2 if buf[base + x] & b0 else 0) | (1 if buf[base + x] & b1 else 0)]
                      for x in range(128))


def _rows_quad(buf):
    for r in range(32):
        y0 = 2 * r
        b0 = 1 << (y0 & 7)
        b1 = 1 << ((y0 + 1) & 7)
        base = (y0 >> 3) * 128
        line = []
        for x in range(0, 128, 2):
            a = buf[base + x]
            b = buf[base + x + 1]
            line.append(_QUAD[(1 if a & b0 else 0) | (2 if b & b0 else 0)
                              | (4 if a & b1 else 0) | (8 if b & b1 else 0)])
        yield "".join(line)


def render(buf, lit, status, narrow=False):
    """Every pixel of the panel: 1x2 pixels a character, or 2x2 when narrow."""
    out = ["\x1b[H"]
    col = "\x1b[96m" if lit == 2 else ("\x1b[36m" if lit == 1 else "\x1b[90m")
    w = 64 if narrow else 128
    out.append("+" + "-" * w + "+\r\n")
    for line in (_rows_quad(buf) if narrow else _rows_half(buf)):
        out.append("|" + col + line + "\x1b[0m|\r\n")
    out.append("+" + "-" * w + "+\r\n")
    out.append(status + "\x1b[K\r\n")
    if narrow:
        out.append("arrows/wasd  z=A  x=B  Z/X=hold  space=shake  q=quit\x1b[K")
    else:
        out.append("arrows/wasd move  z/Enter=A  x/Bksp=B  Z/X=hold A/B  space=shake  q=quit\x1b[K")
    sys.stdout.write("".join(out))


def interactive(data, narrow=False):
    import select
    import termios
    hw, app = make(simhw.RealClock(), data)
    stdin = sys.stdin
    fd = 0
    old = termios.tcgetattr(fd)
    termios.setraw(fd)
    poller = select.poll()
    poller.register(stdin, select.POLLIN)
    release = [None] * 6
    state = {"quit": False}

    def readkey(timeout):
        if not poller.poll(timeout):
            return None
        c = stdin.read(1)
        if c == "\x1b":
            if poller.poll(20):
                c2 = stdin.read(1)
                if c2 == "[" and poller.poll(20):
                    return "\x1b[" + stdin.read(1)
                return "\x1b" + c2
        return c

    keymap = {"\x1b[A": E.UP, "w": E.UP, "\x1b[B": E.DOWN, "s": E.DOWN, "\x1b[D": E.LEFT, "a": E.LEFT,
              "\x1b[C": E.RIGHT, "d": E.RIGHT, "z": E.A, "\r": E.A, "\n": E.A, "x": E.B, "\x7f": E.B,
              "\x08": E.B}
    holds = {"Z": E.A, "X": E.B}

    def handle(k, now):
        if k in ("q", "\x03"):
            state["quit"] = True
        elif k == " ":
            hw.shake.shake(now)
        elif k in keymap:
            b = keymap[k]
            hw.mask |= 1 << b
            hw.latched |= 1 << b
            release[b] = time.ticks_add(now, 130)
        elif k in holds:
            b = holds[k]
            hw.mask |= 1 << b
            release[b] = time.ticks_add(now, 1300)

    def on_sleep():
        render(bytearray(1024), 0, "asleep: any key wakes", narrow)
        while True:
            k = readkey(1000)
            if k is not None:
                handle(k, time.ticks_ms())
                return

    hw.on_sleep = on_sleep
    sys.stdout.write("\x1b[2J\x1b[?25l")
    last = None
    try:
        app.home()
        nxt = time.ticks_ms()
        while not state["quit"]:
            now = time.ticks_ms()
            while True:
                k = readkey(0)
                if k is None:
                    break
                handle(k, now)
            for b in range(6):
                if release[b] is not None and time.ticks_diff(now, release[b]) >= 0:
                    hw.mask &= ~(1 << b)
                    release[b] = None
            try:
                app.frame(now)
            except Exception as e:
                app.fail(e)
            pix = bytes(hw.panel.pixels())
            lit = 0 if app.asleep else (1 if app.dimmed else 2)
            snd = ("  \u266a %d Hz" % hw.buzzer.playing) if hw.buzzer.playing else ""
            status = "%s%s" % (("dimmed" if app.dimmed else ""), snd)
            key = (pix, lit, status)
            if key != last:
                render(pix, lit, status, narrow)
                last = key
            nxt = time.ticks_add(nxt, 33)
            wait = time.ticks_diff(nxt, time.ticks_ms())
            if wait > 0:
                time.sleep_ms(wait)
            else:
                nxt = time.ticks_ms()
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)
        sys.stdout.write("\x1b[0m\x1b[?25h\r\n")


def main():
    data = arg("--data", HERE + "/../../sim_data")
    script = arg("--script")
    if script:
        seed = arg("--seed")
        headless(script, arg("--out", "build/shots"), data, int(seed) if seed else 1,
                 int(arg("--scale", "1")))
    else:
        cols = int(arg("--cols", "0") or "0")
        interactive(data, narrow="--narrow" in sys.argv or 0 < cols < 130)


if __name__ == "__main__":
    main()

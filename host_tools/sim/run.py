"""Dicebox simulator: the firmware under the MicroPython unix port.

Interactive (the default, `make sim`): the 128x64 panel drawn in the terminal,
every pixel shown, in the most detailed rendering the terminal's size allows
(re-read twice a second, so resizing works):

  half     1x2 pixels a character (half blocks)    needs 130 x 36
  quad     2x2 pixels a character (quadrants)      needs  66 x 36
  braille  2x4 pixels a character (braille dots)   needs  66 x 20

Smaller than that, the screen says "terminal too small" (the console keeps
running). `--narrow` never uses the half blocks. Each key press is exactly one
button press, however fast you type (presses queue and are fed one a frame);
holding an arrow key repeats it at the terminal's key-repeat rate.

  arrows / wasd   Up Down Left Right        z, Enter   A (ok)
  x, Backspace    B (back)                  Z, X       hold A / hold B (long press)
  space           shake                     q, Ctrl-C  quit

Headless: `run.py --script FILE --out DIR [--seed N] [--data DIR] [--scale K] [--shared F]` plays a
script on a virtual clock and writes PNG screenshots. Script lines (played by sim/hostplay.py,
as the browser's tests play them too):

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
# `--fw DIR`: run that firmware tree instead of firmware/ (`make sim` passes the
# mpy-cross build, as on the device: compiling the sources inside the capped
# heap costs memory the chip never spends)
sys.path.insert(0, sys.argv[sys.argv.index("--fw") + 1] if "--fw" in sys.argv else HERE + "/../../firmware")

import time  # noqa: E402

from dicebox.core import events as E  # noqa: E402
from dicebox.core import storage  # noqa: E402
from dicebox.core import ui  # noqa: E402
from dicebox.core.app import App  # noqa: E402
from hostplay import BUTTONS, Player  # noqa: E402,F401 (BUTTONS: the tests tap by name)
from dicebox.apps import home  # noqa: E402  (the home menu as main.py makes it)
import simhw  # noqa: E402
import png  # noqa: E402


def arg(name, default=None):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def make(clock, data, seed=None):
    simhw.ensure_dir(data)
    hw = simhw.SimHW(clock, data, seed)
    app = App(hw, storage.Store(data), home)
    return hw, app


# ---------------------------------------------------------------- headless
class Headless(Player):
    def __init__(self, hw, app, out):
        self.hw = hw
        self.app = app
        self.out = out
        self.pace = simhw.Pace()
        self.scale = 1
        self.shots = []
        app.home()
        self.run_ms(100)  # buttons already down at the first poll are ignored (stuck-at-boot guard)

    def frame(self):
        self.app.frame(self.hw.ticks_ms())
        self.hw.sleep_ms(self.pace.next())

    def shot(self, words):
        scale = int(words[2]) if len(words) > 2 else self.scale
        path = "%s/%s.png" % (self.out, words[1])
        png.write_vlsb(path, self.hw.panel.pixels(), scale=scale)
        self.shots.append(path)
        print("shot", path)


def headless(script, out, data, seed, scale=1, shared=None):
    simhw.ensure_dir(out)
    hw, app = make(simhw.VirtualClock(), data, seed)
    h = Headless(hw, app, out)
    h.scale = scale
    if shared is not None:     # a shared game's text, as the browser opens a #g= link
        from dicebox.core import sharelink
        sharelink.open_link(app, shared)
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

# 2x4 pixels a cell (braille dots) for short terminals: dot bit of pixel (dx, dy).
_BRAILLE_BIT = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


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


def _rows_braille(buf):
    for r in range(16):
        y0 = 4 * r
        base = (y0 >> 3) * 128
        sh = y0 & 7  # 0 or 4: the four rows sit in one page byte
        line = []
        for x in range(0, 128, 2):
            a = buf[base + x] >> sh
            b = buf[base + x + 1] >> sh
            code = 0
            for dy in range(4):
                if a & (1 << dy):
                    code |= _BRAILLE_BIT[0][dy]
                if b & (1 << dy):
                    code |= _BRAILLE_BIT[1][dy]
            line.append(chr(0x2800 + code))
        yield "".join(line)


# name: (panel columns, panel rows, row generator). Each needs two more
# columns (the frame) and four more rows (frame, status, keys).
MODES = (
    ("half", 128, 32, _rows_half),      # 1x2 pixels a character: every pixel square-ish
    ("quad", 64, 32, _rows_quad),       # 2x2 pixels a character
    ("braille", 64, 16, _rows_braille),  # 2x4 pixels a character (braille dots)
)
_KEYS = {
    "half": "arrows/wasd move  z/Enter=A  x/Bksp=B  Z/X=hold A/B  space=shake  q=quit",
    "quad": "arrows/wasd  z=A  x=B  Z/X=hold  space=shake  q=quit",
    "braille": "wasd z=A x=B Z/X=hold spc=shake q=quit",
}


def keys_line(mode, cols=0):
    """The key help under the panel: the fullest that fits the terminal's
    width (an 80-column terminal shows the braille panel and every key), the
    mode's own when the width is unknown."""
    if cols > 0:
        for m in MODES:
            if len(_KEYS[m[0]]) < cols:
                return _KEYS[m[0]]
    return _KEYS[mode]


def need(mode):
    """(columns, rows) the terminal needs for a mode."""
    for m in MODES:
        if m[0] == mode:
            return m[1] + 2, m[2] + 4
    raise ValueError(mode)


def pick_mode(cols, rows, allowed=None):
    """The most detailed rendering that fits cols x rows, or None. Unknown
    sizes (0) fit anything."""
    for m in MODES:
        if allowed is not None and m[0] not in allowed:
            continue
        c, r = need(m[0])
        if (cols <= 0 or cols >= c) and (rows <= 0 or rows >= r):
            return m[0]
    return None


def smallest():
    return need(MODES[-1][0])


def too_small_text(cols, rows):
    c, r = smallest()
    return "terminal too small: need at least %dx%d, have %dx%d" % (c, r, cols, rows)


def wrap(text, width):
    """Lines of at most width characters: the console's own word wrap."""
    if width <= 0:
        return [text]
    return [line for line in ui.wrap(text, width) if line]


def render(buf, lit, status, mode="half", write=None, cols=0):
    """Every pixel of the panel in the given mode, written row by row (no big
    string is built per frame); the key help fitted to ``cols``."""
    if write is None:
        write = sys.stdout.write
    if mode is True:
        mode = "quad"
    elif not mode:
        mode = "half"
    w = 128
    gen = _rows_half
    for m in MODES:
        if m[0] == mode:
            w = m[1]
            gen = m[3]
    col = "\x1b[96m" if lit == 2 else ("\x1b[36m" if lit == 1 else "\x1b[90m")
    edge = "+" + "-" * w + "+\x1b[K\r\n"
    write("\x1b[H")
    write(edge)
    for line in gen(buf):
        write("|" + col + line + "\x1b[0m|\x1b[K\r\n")
    write(edge)
    write(status + "\x1b[K\r\n")
    write(keys_line(mode, cols) + "\x1b[K\x1b[J")


class Terminal:
    """The interactive front end without the tty: keys in, frames, pictures out.

    Every key press becomes exactly one button press: presses wait in a queue
    and are handed to the firmware through the hal's latch (a press and a
    release seen in one poll), at most one a frame and never sooner than the
    debounce allows, so fast typing is neither merged nor dropped. Z / X hold
    A / B down for HOLD_MS (a long press), in their place among the typed keys;
    keys typed during a hold wait for its release, in order; a repeat of the key
    (the terminal's auto-repeat) keeps it down. The rendering follows the terminal's size.
    """

    TAP_GAP_MS = 30    # > the firmware's 25 ms debounce
    HOLD_MS = 1300
    MAX_QUEUE = 64     # taps waiting (about two seconds of typing)
    KEYMAP = {"\x1b[A": E.UP, "\x1bOA": E.UP, "w": E.UP, "\x1b[B": E.DOWN, "\x1bOB": E.DOWN,
              "s": E.DOWN, "\x1b[D": E.LEFT, "\x1bOD": E.LEFT, "a": E.LEFT, "\x1b[C": E.RIGHT,
              "\x1bOC": E.RIGHT, "d": E.RIGHT, "z": E.A, "\r": E.A, "\n": E.A, "x": E.B,
              "\x7f": E.B, "\x08": E.B}
    HOLDS = {"Z": E.A, "X": E.B}

    def __init__(self, hw, app, cols=0, rows=0, write=None, allowed=None):
        self.hw = hw
        self.app = app
        self.write = write or sys.stdout.write
        self.allowed = allowed
        self.taps = []                 # buttons waiting to be pressed, oldest first
        self.last_tap = [None] * 6     # when each button was last handed over
        self.release = [None] * 6      # end of a Z / X hold
        self.quit = False
        self.dropped = 0
        self.cols = cols
        self.rows = rows
        self.mode = pick_mode(cols, rows, allowed)
        self.last_pix = bytearray(1024)
        self.last_lit = -1
        self.last_status = None
        self.last_size = None
        self.redraws = 0

    # ----- input
    def key(self, k, now):
        if k in ("q", "\x03"):
            self.quit = True
        elif k == " ":
            self.hw.shake.shake(now)
        elif k in self.KEYMAP:
            if len(self.taps) < self.MAX_QUEUE:
                self.taps.append(self.KEYMAP[k])
            else:
                self.dropped += 1
        elif k in self.HOLDS:
            b = self.HOLDS[k]
            if self.release[b] is not None and not self.taps:
                self.release[b] = time.ticks_add(now, self.HOLD_MS)   # auto-repeat: still down
            elif len(self.taps) < self.MAX_QUEUE:
                self.taps.append(-1 - b)   # a hold, in its place among the typed keys
            else:
                self.dropped += 1

    def feed_taps(self, now):
        """Release held keys that are due; hand the oldest waiting tap to the
        latch when its button is free (one a frame keeps the typed order)."""
        hw = self.hw
        for b in range(6):
            if self.release[b] is not None and time.ticks_diff(now, self.release[b]) >= 0:
                hw.mask &= ~(1 << b)
                self.release[b] = None
                self.last_tap[b] = now
        if not self.taps:
            return
        b = self.taps[0]
        if hw.mask:
            return  # a Z / X hold under way: every key waits for its release (a
            # button pressed during a long press would cut it short, and the
            # player typed the hold first)
        hold = b < 0
        if hold:
            b = -1 - b
        t = self.last_tap[b]
        if t is not None and time.ticks_diff(now, t) < self.TAP_GAP_MS:
            return
        self.taps.pop(0)
        if hold:
            hw.mask |= 1 << b
            self.release[b] = time.ticks_add(now, self.HOLD_MS)
            return
        hw.latched |= 1 << b
        self.last_tap[b] = now

    # ----- size
    def resize(self, cols, rows):
        if (cols, rows) == (self.cols, self.rows):
            return
        self.cols = cols
        self.rows = rows
        self.mode = pick_mode(cols, rows, self.allowed)
        self.last_size = None  # clear and draw again

    # ----- one frame
    def step(self, now):
        self.feed_taps(now)
        try:
            self.app.frame(now)
        except Exception as e:
            self.app.fail(e)
        self.show()

    def status(self):
        app = self.app
        hw = self.hw
        s = "dimmed" if app.dimmed else ""
        if hw.buzzer.playing:
            s += "  \u266a %d Hz" % hw.buzzer.playing
        return s

    def show(self, asleep_text=None):
        app = self.app
        size = (self.cols, self.rows, self.mode)
        if size != self.last_size:
            self.write("\x1b[2J")
            self.last_size = size
            self.last_lit = -1
        if self.mode is None:
            if self.last_lit != -2:
                self.write("\x1b[H" + "\x1b[K\r\n".join(wrap(too_small_text(self.cols, self.rows),
                                                             self.cols)) + "\x1b[K\x1b[J")
                self.last_lit = -2
            return
        if asleep_text is not None:
            pix = bytearray(1024)
            lit = 0
            status = asleep_text
        else:
            pix = self.hw.panel.pixels()
            lit = 0 if app.asleep else (1 if app.dimmed else 2)
            status = self.status()
        if lit == self.last_lit and status == self.last_status and pix == self.last_pix:
            return
        self.last_pix[:] = pix
        self.last_lit = lit
        self.last_status = status
        render(pix, lit, status, self.mode, self.write, self.cols)
        self.redraws += 1


class Tty:
    """Raw keys from stdin (escape sequences whole), and the terminal's size
    asked with a cursor-position report every SIZE_MS (MicroPython's unix
    port has neither ioctl nor SIGWINCH)."""

    SIZE_MS = 500

    def __init__(self):
        import select
        self.stdin = sys.stdin
        self.poller = select.poll()
        self.poller.register(self.stdin, select.POLLIN)
        self.size = None
        self.next_ask = None

    def _more(self, ms=20):
        return self.poller.poll(ms)

    def read(self, timeout):
        """One key (a character or a whole escape sequence) or None. A size
        report updates ``size`` and is not returned as a key."""
        if not self.poller.poll(timeout):
            return None
        c = self.stdin.read(1)
        if c != "\x1b" or not self._more():
            return c
        c2 = self.stdin.read(1)
        if c2 == "O" and self._more():
            return "\x1bO" + self.stdin.read(1)
        if c2 != "[":
            return "\x1b" + c2
        seq = ""
        while len(seq) < 16 and self._more():
            ch = self.stdin.read(1)
            if "@" <= ch <= "~":
                if ch == "R" and ";" in seq:
                    try:
                        r, c = seq.split(";")
                        self.size = (int(c), int(r))
                    except ValueError:
                        pass
                    return ""
                return "\x1b[" + seq + ch
            seq += ch
        return "\x1b[" + seq

    def ask_size(self, now):
        if self.next_ask is None or time.ticks_diff(now, self.next_ask) >= 0:
            self.next_ask = time.ticks_add(now, self.SIZE_MS)
            # save cursor, go as far down-right as allowed, report, restore
            sys.stdout.write("\x1b7\x1b[999;999H\x1b[6n\x1b8")


NO_TTY = ("make sim needs an interactive terminal; for scripted runs use "
          "host_tools/sim/run.py --script FILE --out DIR (see host_tools/screenshots/*.txt)")


def interactive(data, cols=0, rows=0, narrow=False):
    try:
        import termios
        fd = 0
        old = termios.tcgetattr(fd)
    except (OSError, ImportError):
        sys.stderr.write(NO_TTY + "\n")
        sys.exit(2)
    hw, app = make(simhw.RealClock(), data)
    term = Terminal(hw, app, cols, rows, allowed=("quad", "braille") if narrow else None)
    termios.setraw(fd)
    tty = Tty()

    def on_sleep():
        term.show("asleep: any key wakes")
        while not term.quit:
            k = tty.read(1000)
            if k:
                term.key(k, time.ticks_ms())
                return
            if tty.size is not None:
                term.resize(tty.size[0], tty.size[1])
                term.show("asleep: any key wakes")
            tty.ask_size(time.ticks_ms())

    hw.on_sleep = on_sleep
    sys.stdout.write("\x1b[2J\x1b[?25l")
    try:
        app.home()
        nxt = time.ticks_ms()
        while not term.quit:
            now = time.ticks_ms()
            while True:
                k = tty.read(0)
                if k is None:
                    break
                if k:
                    term.key(k, now)
            if tty.size is not None:
                term.resize(tty.size[0], tty.size[1])
            tty.ask_size(now)
            term.step(now)
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
        shared = arg("--shared")     # a file holding a shared game's text (the browser's #g=)
        if shared:
            with open(shared) as f:
                shared = f.read().strip()
        headless(script, arg("--out", "build/shots"), data, int(seed) if seed else 1,
                 int(arg("--scale", "1")), shared)
    else:
        interactive(data, int(arg("--cols", "0") or "0"), int(arg("--rows", "0") or "0"),
                    "--narrow" in sys.argv)


if __name__ == "__main__":
    main()

"""Playing the console headless on a host: the simulator's scripts
(host_tools/sim/run.py), the browser's tests (web/webhw.py), the soak and the
mutation tests (host_tools/testing). Imported only by those, never on the
board.

A player has ``hw`` (the host's hardware: ``mask``, ``ticks_ms``, ``shake``)
and ``app``, and its own ``frame()``: one frame of the App and the time it
takes; ``shot(words)`` takes a script's picture. The script lines
(``command``) are the simulator's: press, hold, down, up, shake, wait, shot
and # comments (host_tools/sim/run.py says what each does).
"""
from dicebox.core import events as E
from dicebox.core import ticks

BUTTONS = {"up": E.UP, "down": E.DOWN, "left": E.LEFT, "right": E.RIGHT, "a": E.A, "b": E.B}


class Player:
    def run_ms(self, ms):
        hw = self.hw
        end = ticks.add(hw.ticks_ms(), ms)
        while ticks.diff(hw.ticks_ms(), end) < 0:
            self.frame()

    def tap(self, b, down=100, up=100):
        hw = self.hw
        hw.mask |= 1 << b
        self.run_ms(down)
        hw.mask &= ~(1 << b)
        self.run_ms(up)

    def top_name(self):
        top = self.app.top()
        return type(top).__name__ if top is not None else "None"

    def command(self, line):
        """One script line."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return
        cmd = words[0]
        hw = self.hw
        if cmd == "press":
            for _ in range(int(words[2]) if len(words) > 2 else 1):
                self.tap(BUTTONS[words[1]])
        elif cmd == "hold":
            self.tap(BUTTONS[words[1]], int(words[2]))
        elif cmd == "down":
            hw.mask |= 1 << BUTTONS[words[1]]
            self.run_ms(100)
        elif cmd == "up":
            hw.mask &= ~(1 << BUTTONS[words[1]])
            self.run_ms(100)
        elif cmd == "shake":
            ms = int(words[1]) if len(words) > 1 else 800
            hw.shake.shake(hw.ticks_ms(), ms)
            self.run_ms(ms + 600)
        elif cmd == "wait":
            self.run_ms(int(words[1]))
        elif cmd == "shot":
            self.run_ms(40)
            self.shot(words)
        else:
            raise ValueError("unknown script command: " + line)

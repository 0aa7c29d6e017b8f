"""The dice roller as a pure model: a set of dice, holds, modifier, keep/drop, history.

A set is a list of groups ``[count, sides, tag]`` (e.g. ``[[2, 6, ""], [1, 8, ""]]``
for 2d6 + 1d8), expanded into one entry per die. ``tag`` names a die's colour or
role in a named set: ``"W"``/``"Y"``/``"R"`` for Dairyman's white, yellow and red
backorder dice, ``"ms"`` for Milestones dice (the game's own colour table, games/milestones/dice.py).

A die's value is 0 until it is first rolled. ``roll(rng)`` rerolls every die that
is not held; the rng is anything with ``roll(sides)`` (core.rng.Rng). Keep/drop
picks dice by value (ties: the earlier die wins), then the modifier is added.

Everything round-trips through plain JSON-able dicts: ``to_dict``/``from_dict``
for the whole roller (with history), ``preset``/``load_preset`` for a saved set.
The model reads no clock and draws no random numbers of its own.
"""
from dicebox.games.milestones.dice import FACE_COLOUR, LETTERS as COLOURS


STANDARD = (2, 4, 6, 8, 10, 12, 20, 100)
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_GROUP = 9     # dice in one group (the editor's "1 to 9 dice")
MAX_DICE = 12     # the whole set: Dairyman's 8 dice plus 4 red backorder dice
MAX_MOD = 99
HISTORY = 20

# Keep/drop modes: keep highest n, keep lowest n, drop lowest n, drop highest n.
MODES = ("", "kh", "kl", "dl", "dh")
MODE_NAMES = ("all", "keep high", "keep low", "drop low", "drop high")

# Milestones: the game's own dice table (one place for it): across the six dice
# each number meets each colour exactly once.

NAMED = ("Dairyman", "Milestones", "Auntie Mildred")


class RollerError(ValueError):
    """A request the roller cannot honour; ``str(e)`` is a short reason."""


def _int(x, lo, hi, what):
    if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
        raise RollerError("%s must be %d..%d" % (what, lo, hi))
    return x


def check_groups(groups):
    """Validate and normalise a group list (lists from JSON are fine)."""
    out = []
    total = 0
    for g in groups:
        if len(g) < 2:
            raise RollerError("bad dice group")
        count = _int(g[0], 1, MAX_GROUP, "dice")
        sides = _int(g[1], MIN_SIDES, MAX_SIDES, "sides")
        tag = g[2] if len(g) > 2 else ""
        if not isinstance(tag, str) or len(tag) > 2:
            raise RollerError("bad tag")
        total += count
        out.append([count, sides, tag])
    if not out:
        raise RollerError("no dice")
    if total > MAX_DICE:
        raise RollerError("at most %d dice" % MAX_DICE)
    return out


def dairyman(red=0):
    """Dairyman: 7 white and 1 yellow d6, plus 0..4 red backorder dice."""
    _int(red, 0, 4, "red dice")
    g = [[7, 6, "W"], [1, 6, "Y"]]
    if red:
        g.append([red, 6, "R"])
    return {"name": "Dairyman", "groups": g, "mod": 0, "keep": ["", 0]}


def named_set(name, red=0):
    if name == "Dairyman":
        return dairyman(red)
    if name == "Milestones":
        g = [[6, 6, "ms"]]
    elif name == "Auntie Mildred":
        g = [[9, 6, ""]]
    else:
        raise RollerError("no such set")
    return {"name": name, "groups": g, "mod": 0, "keep": ["", 0]}


def milestone_colour(i, face):
    """Colour index (into COLOURS) of face ``face`` (1..6) of Milestones die ``i``."""
    return FACE_COLOUR[i * 6 + face - 1]


def _entry_ok(e):
    if not isinstance(e, dict) or not isinstance(e.get("d"), str) or not isinstance(e.get("v"), list):
        return False
    t = e.get("t")
    return t is None or isinstance(t, int)


class Roller:
    def __init__(self, groups=None):
        self.name = ""
        self.mod = 0
        self.mode = ""
        self.keep_n = 0
        self.history = []  # oldest first: {"d": notation, "v": values, "t": total}
        self.set_groups(groups or [[2, 6, ""]])

    # ---- the set -------------------------------------------------------
    def set_groups(self, groups, name=""):
        self.groups = check_groups(groups)
        self.name = name
        sides = []
        tags = []
        pos = []  # position of the die inside its group (Milestones colours)
        for count, s, tag in self.groups:
            for j in range(count):
                sides.append(s)
                tags.append(tag)
                pos.append(j)
        self.sides = sides
        self.tags = tags
        self.pos = pos
        self.values = [0] * len(sides)
        self.held = [False] * len(sides)
        if self.mode:
            self.keep_n = min(self.keep_n, self._keep_max())

    def set_simple(self, count, sides):
        self.set_groups([[count, sides, ""]])

    def add_group(self, count, sides):
        self.set_groups(self.groups + [[count, sides, ""]])

    def remove_group(self, i):
        if len(self.groups) < 2:
            raise RollerError("keep one group")
        g = self.groups[:i] + self.groups[i + 1:]
        self.set_groups(g)

    def change_group(self, i, count, sides):
        g = [list(x) for x in self.groups]
        g[i][0] = count
        g[i][1] = sides
        self.set_groups(g, self.name)

    def count(self):
        return len(self.sides)

    def notation(self):
        """e.g. ``2d6+1d8+3 kh1``. Shortest form: groups of equal sides merge."""
        parts = []
        merged = []
        for count, s, tag in self.groups:
            if merged and merged[-1][1] == s:
                merged[-1][0] += count
            else:
                merged.append([count, s])
        for count, s in merged:
            parts.append("%dd%d" % (count, s))
        out = "+".join(parts)
        if self.mod > 0:
            out += "+%d" % self.mod
        elif self.mod < 0:
            out += "%d" % self.mod
        if self.mode:
            out += " %s%d" % (self.mode, self.keep_n)
        return out

    # ---- modifier and keep/drop ---------------------------------------
    def set_modifier(self, m):
        self.mod = _int(m, -MAX_MOD, MAX_MOD, "modifier")

    def _keep_max(self):
        n = len(self.sides)
        return n if self.mode in ("kh", "kl") else n - 1

    def set_keep(self, mode, n=0):
        if mode not in MODES:
            raise RollerError("bad keep mode")
        if mode == "":
            self.mode = ""
            self.keep_n = 0
            return
        lo = 1 if mode in ("kh", "kl") else 0
        old = self.mode
        self.mode = mode
        try:
            self.keep_n = _int(n, lo, self._keep_max(), "n")
        except RollerError:
            self.mode = old
            raise

    def advantage(self):
        """2d20 keep the higher."""
        self.set_groups([[2, 20, ""]])
        self.set_keep("kh", 1)

    def disadvantage(self):
        self.set_groups([[2, 20, ""]])
        self.set_keep("kl", 1)

    def kept(self):
        """A bool per die: does it count towards the total?"""
        n = len(self.values)
        if not self.mode:
            return [True] * n
        k = self.keep_n
        if self.mode in ("dl", "dh"):
            k = n - k
        k = max(0, min(n, k))
        high = self.mode in ("kh", "dl")
        vals = self.values
        order = list(range(n))
        # Insertion sort: highest first for "high" modes, else lowest first;
        # equal values keep their order so the earlier die is kept.
        for a in range(1, n):
            j = a
            while j > 0:
                x, y = vals[order[j - 1]], vals[order[j]]
                if (y > x) if high else (y < x):
                    order[j - 1], order[j] = order[j], order[j - 1]
                    j -= 1
                else:
                    break
        out = [False] * n
        for i in order[:k]:
            out[i] = True
        return out

    # ---- rolling and holds --------------------------------------------
    def rolled(self):
        return all(v > 0 for v in self.values)

    def roll(self, rng):
        """Reroll every die not held. Returns how many dice were rolled."""
        n = 0
        for i in range(len(self.sides)):
            if not self.held[i]:
                self.values[i] = rng.roll(self.sides[i])
                n += 1
        if n:
            self._remember()
        return n

    def total(self):
        if not self.rolled():
            return None
        t = self.mod
        keep = self.kept()
        for i in range(len(self.values)):
            if keep[i]:
                t += self.values[i]
        return t

    def hold(self, i, on=True):
        if not 0 <= i < len(self.values):
            raise RollerError("no such die")
        if on and self.values[i] == 0:
            raise RollerError("roll first")
        self.held[i] = bool(on)

    def toggle_hold(self, i):
        self.hold(i, not self.held[i])
        return self.held[i]

    def release_all(self):
        for i in range(len(self.held)):
            self.held[i] = False

    def all_held(self):
        return all(self.held)

    def colour(self, i):
        """Colour index for a Milestones die showing a face, else -1."""
        if self.tags[i] == "ms" and self.values[i]:
            return milestone_colour(self.pos[i], self.values[i])
        return -1

    def label(self, i):
        """A letter to show by die i: its colour, or '' for plain dice."""
        c = self.colour(i)
        if c >= 0:
            return COLOURS[c]
        t = self.tags[i]
        return t if t != "ms" else ""

    # ---- history -------------------------------------------------------
    def _remember(self):
        h = self.history
        h.append({"d": self.notation(), "v": list(self.values), "t": self.total()})
        if len(h) > HISTORY:
            del h[0:len(h) - HISTORY]

    def clear_history(self):
        self.history = []

    # ---- persistence ---------------------------------------------------
    def preset(self, name=None):
        return {"name": self.name if name is None else name,
                "groups": [list(g) for g in self.groups],
                "mod": self.mod, "keep": [self.mode, self.keep_n]}

    def load_preset(self, d):
        """Apply a preset dict; on a bad preset raise and leave the roller as it was."""
        groups = check_groups(d["groups"])
        mod = _int(d.get("mod", 0), -MAX_MOD, MAX_MOD, "modifier")
        keep = d.get("keep") or ["", 0]
        old = self.to_dict()
        try:
            self.set_groups(groups, d.get("name", ""))
            self.mod = mod
            self.set_keep(keep[0], keep[1])
        except Exception:
            self._restore(old)
            raise

    def to_dict(self):
        d = self.preset()
        d["values"] = list(self.values)
        d["held"] = [1 if h else 0 for h in self.held]
        d["history"] = [dict(e) for e in self.history]
        return d

    def _restore(self, d):
        self.set_groups(d["groups"], d.get("name", ""))
        self.mod = d.get("mod", 0)
        keep = d.get("keep") or ["", 0]
        self.mode, self.keep_n = keep[0], keep[1]
        vals = d.get("values")
        if vals and len(vals) == len(self.sides):
            for i in range(len(vals)):
                v = vals[i]
                if isinstance(v, int) and 0 <= v <= self.sides[i]:
                    self.values[i] = v
        held = d.get("held")
        if held and len(held) == len(self.sides):
            for i in range(len(held)):
                self.held[i] = bool(held[i]) and self.values[i] > 0
        hist = d.get("history")
        self.history = [e for e in hist if _entry_ok(e)][-HISTORY:] if isinstance(hist, list) else []

    @classmethod
    def from_dict(cls, d):
        """Rebuild a roller; a damaged dict raises RollerError (or KeyError)."""
        r = cls()
        r.load_preset(d)  # validates groups, modifier and keep
        r._restore(d)
        return r


def coin(rng):
    """0 heads, 1 tails."""
    return rng.randbelow(2)


def first_player(rng, players):
    """Who goes first among players 1..players (2 to 6)."""
    _int(players, 2, 6, "players")
    return rng.randbelow(players) + 1

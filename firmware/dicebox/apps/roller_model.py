"""The dice roller as a pure model: a set of dice, holds, modifier, keep/drop, history.

A set is a list of groups ``[count, sides, tag]`` (e.g. ``[[2, 6, ""], [1, 8, ""]]``
for 2d6 + 1d8), expanded into one entry per die. ``tag`` names a die's colour or
role in a named set: ``"W"``/``"Y"``/``"R"`` for Dairyman's white, yellow and red
backorder dice, ``"ms"`` for Milestones dice (their colour table is shared with the
game in core/dicesets.py). A tagged group is a d6 and its tag has the limits
of the game's own set (``TAG_MAX``: 7 white, 1 yellow, 4 red, 6 Milestones
dice, counted over the whole set): a file that breaks them is refused, and an
edit that takes a group beyond them (or to other sides) makes it plain dice.

A set keeps the name of a named set only while it is that set; any edit of
the dice, modifier or keep/drop names it by its dice (``title()``: "3d8+2").

A die's value is 0 until it is first rolled. ``roll(rng)`` rerolls every die that
is not held; the rng is anything with ``roll(sides)`` (core.rng.Rng). Keep/drop
picks dice by value (ties: the earlier die wins), then the modifier is added.

Everything round-trips through plain JSON-able dicts: ``to_dict``/``from_dict``
for the whole roller (with history), ``preset``/``load_preset`` for a saved set.
``from_dict``, ``check_preset`` and ``check_presets`` are also the checkers the
roller hands to ``Store.load``: they refuse (``RollerError``, a ``BadData``)
anything with a wrong type, range or length — dice counts, sides, modifier,
keep/drop beyond the dice, history entries that do not fit their dice.
The model reads no clock and draws no random numbers of its own.
"""
from dicebox.core.dicesets import FACE_COLOUR, LETTERS as COLOURS, NDICE
from dicebox.core.valid import BadData


STANDARD = (2, 4, 6, 8, 10, 12, 20, 100)
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_GROUP = 9     # dice in one group (the editor's "1 to 9 dice")
MAX_DICE = 12     # the whole set: Dairyman's 8 dice plus 4 red backorder dice
MAX_MOD = 99
HISTORY = 20
MAX_PRESETS = 8
PRESETS = "roller_presets"   # the presets' record
NAME_MAX = 24     # characters of a set's name kept

# Keep/drop modes: keep highest n, keep lowest n, drop lowest n, drop highest n.
MODES = ("", "kh", "kl", "dl", "dh")
MODE_NAMES = ("all", "keep high", "keep low", "drop low", "drop high")

NAMED = ("Dairyman", "Milestones", "Auntie Mildred")
# a tag's dice in the whole set: at most as many as its game has (all d6)
TAG_MAX = {"W": 7, "Y": 1, "R": 4, "ms": NDICE}


class RollerError(BadData):
    """A request the roller cannot honour, or a saved roller that is not valid;
    ``str(e)`` is a short reason in plain words. (A ``BadData``, so a checker
    raising it has the file set aside with that reason.)"""


def _int(x, lo, hi, what):
    if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
        raise RollerError("%s must be %d..%d" % (what, lo, hi))
    return x


def check_groups(groups):
    """Validate and normalise a group list (lists from JSON are fine)."""
    if not isinstance(groups, list):
        raise RollerError("dice groups are not a list")
    if len(groups) > MAX_DICE:
        raise RollerError("too many dice groups")
    out = []
    total = 0
    for g in groups:
        if not isinstance(g, list) or not 2 <= len(g) <= 3:
            raise RollerError("bad dice group")
        count = _int(g[0], 1, MAX_GROUP, "dice")
        sides = _int(g[1], MIN_SIDES, MAX_SIDES, "sides")
        tag = g[2] if len(g) > 2 else ""
        if tag != "" and tag not in TAG_MAX:
            raise RollerError("bad tag")
        total += count
        out.append([count, sides, tag])
    if not out:
        raise RollerError("no dice")
    if total > MAX_DICE:
        raise RollerError("at most %d dice" % MAX_DICE)
    for tag in TAG_MAX:
        if tag_count(out, tag) > TAG_MAX[tag]:
            raise RollerError("at most %d %s dice" % (TAG_MAX[tag], tag))
    for g in out:
        if g[2] and g[1] != 6:
            raise RollerError("%s dice are d6" % g[2])
    return out


def tag_count(groups, tag):
    n = 0
    for g in groups:
        if g[2] == tag:
            n += g[0]
    return n


def retag(groups):
    """The groups with every tag the set can no longer hold dropped: a tagged
    group that is not d6, or whose tag's dice exceed ``TAG_MAX`` (counted from
    the first group on), becomes plain dice."""
    seen = {}
    out = []
    for count, sides, tag in groups:
        if tag:
            n = seen.get(tag, 0) + count
            if sides != 6 or n > TAG_MAX.get(tag, 0):
                tag = ""
            else:
                seen[tag] = n
        out.append([count, sides, tag])
    return out


def cycle_sides(s, d):
    """The next standard die after (d = 1) or before (d = -1) a d``s``."""
    std = STANDARD
    if s in std:
        i = std.index(s) + d
    else:
        i = 0 if d > 0 else len(std) - 1
        while i < len(std) and std[i] < s and d > 0:
            i += 1
    return std[i % len(std)]


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
    """Colour index (into COLOURS) of face ``face`` (1..6) of Milestones die
    ``i`` (0..5), or -1 for any other die or face."""
    if not 0 <= i < NDICE or not 1 <= face <= 6:
        return -1
    return FACE_COLOUR[i * 6 + face - 1]


def is_named(name, groups, mod, mode):
    """Is this set exactly the named set ``name`` (any red dice for Dairyman)?"""
    if name not in NAMED or mod or mode:
        return False
    if name == "Dairyman":
        base = groups[:2] == [[7, 6, "W"], [1, 6, "Y"]]
        return base and (len(groups) == 2 or (len(groups) == 3 and groups[2][1:] == [6, "R"]))
    return groups == named_set(name)["groups"]


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def check_entry(e):
    """A history entry ``{"d": notation, "v": values, "t": total or None}``,
    normalised, or RollerError."""
    if not isinstance(e, dict):
        raise RollerError("a history entry is not a record")
    d = e.get("d")
    v = e.get("v")
    t = e.get("t")
    if not isinstance(d, str) or not d or len(d) > 64:
        raise RollerError("a history entry has no dice")
    if not isinstance(v, list) or not 1 <= len(v) <= MAX_DICE:
        raise RollerError("a history entry has no values")
    for x in v:
        _int(x, 1, MAX_SIDES, "a history value")
    if t is not None:
        _int(t, -MAX_MOD, MAX_DICE * MAX_SIDES + MAX_MOD, "a history total")
    return {"d": d, "v": list(v), "t": t}


def check_history(h):
    if not isinstance(h, list):
        raise RollerError("history is not a list")
    if len(h) > HISTORY:
        raise RollerError("history too long")
    return [check_entry(e) for e in h]


def _check_name(x):
    if not isinstance(x, str):
        raise RollerError("set name is not text")
    return x[:NAME_MAX]


def check_preset(d):
    """A saved set (name, groups, modifier, keep), normalised, or RollerError."""
    if not isinstance(d, dict):
        raise RollerError("a preset is not a record")
    r = Roller()
    r.load_preset(d)
    return r.preset()


def check_presets(d):
    """The presets record ``{"list": [preset, ...]}`` (at most MAX_PRESETS)."""
    if not isinstance(d, dict) or not isinstance(d.get("list"), list):
        raise RollerError("presets are not a list")
    lst = d["list"]
    if len(lst) > MAX_PRESETS:
        raise RollerError("more than %d presets" % MAX_PRESETS)
    return {"list": [check_preset(p) for p in lst]}


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
        pos = []  # which die of its tag it is (Milestones colours: die 0..5)
        seen = {}
        for count, s, tag in self.groups:
            k = seen.get(tag, 0)
            for j in range(count):
                sides.append(s)
                tags.append(tag)
                pos.append(k + j)
            seen[tag] = k + count
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
        """Group ``i`` with ``count`` dice of ``sides``; it keeps its tag only
        while the set can hold it (``retag``). The set is then named by its dice."""
        g = [list(x) for x in self.groups]
        g[i][0] = count
        g[i][1] = sides
        self.set_groups(retag(g))

    def count(self):
        return len(self.sides)

    def title(self):
        """The set's name while it is that named set, else its dice ("3d8+2")."""
        if is_named(self.name, self.groups, self.mod, self.mode):
            return self.name
        return self.notation()

    def short_title(self, width=16):
        """``title()`` when it fits ``width`` characters, else the dice counted
        ("12 dice+5 kh3"): a screen line or a preset name is never cut."""
        t = self.title()
        if len(t) <= width:
            return t
        t = "%d dice" % len(self.sides)
        if self.mod:
            t += "%+d" % self.mod
        if self.mode:
            t += " %s%d" % (self.mode, self.keep_n)
        return t

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
        m = _int(m, -MAX_MOD, MAX_MOD, "modifier")
        if m != self.mod:
            self.name = ""
        self.mod = m

    def _keep_max(self):
        n = len(self.sides)
        return n if self.mode in ("kh", "kl") else n - 1

    def set_keep(self, mode, n=0):
        if mode not in MODES:
            raise RollerError("bad keep mode")
        if mode == "":
            if self.mode:
                self.name = ""
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
        self.name = ""

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
        """Apply a preset dict; on a bad preset raise RollerError and leave the
        roller as it was."""
        if not isinstance(d, dict):
            raise RollerError("a preset is not a record")
        groups = check_groups(d.get("groups"))
        mod = _int(d.get("mod", 0), -MAX_MOD, MAX_MOD, "modifier")
        keep = d.get("keep", ["", 0])
        if not isinstance(keep, list) or len(keep) != 2 or keep[0] not in MODES:
            raise RollerError("bad keep/drop")
        name = _check_name(d.get("name", ""))
        old = self.to_dict()
        try:
            self.set_groups(groups)
            self.mod = mod
            self.set_keep(keep[0], keep[1])
        except Exception:
            self._restore(old)
            raise
        self.name = name

    def to_dict(self):
        d = self.preset()
        d["values"] = list(self.values)
        d["held"] = [1 if h else 0 for h in self.held]
        d["history"] = [dict(e) for e in self.history]
        return d

    def _restore(self, d):
        """Put back a state this roller wrote itself (``to_dict``)."""
        self.set_groups(d["groups"], d.get("name", ""))
        self.mod = d.get("mod", 0)
        keep = d.get("keep") or ["", 0]
        self.mode, self.keep_n = keep[0], keep[1]
        self.values = list(d["values"])
        self.held = [bool(h) for h in d["held"]]
        self.history = [dict(e) for e in d["history"]]

    @classmethod
    def from_dict(cls, d):
        """Rebuild a saved roller, or raise RollerError saying what is wrong.

        Also the checker of the roller's record (``Store.load(..., check=)``)."""
        if not isinstance(d, dict):
            raise RollerError("roller is not a record")
        r = cls()
        r.load_preset(d)  # validates groups, modifier, keep within the dice count
        n = r.count()
        vals = d.get("values", [0] * n)
        held = d.get("held", [0] * n)
        if not isinstance(vals, list) or len(vals) != n:
            raise RollerError("values do not match the dice")
        if not isinstance(held, list) or len(held) != n:
            raise RollerError("holds do not match the dice")
        for i in range(n):
            r.values[i] = _int(vals[i], 0, r.sides[i], "a die value")
            h = held[i]
            if h not in (0, 1) or (h and r.values[i] == 0):
                raise RollerError("bad hold")
            r.held[i] = bool(h)
        r.history = check_history(d.get("history", []))
        return r


def coin(rng):
    """0 heads, 1 tails."""
    return rng.randbelow(2)


def first_player(rng, players):
    """Who goes first among players 1..players (2 to 6)."""
    _int(players, 2, 6, "players")
    return rng.randbelow(players) + 1


def problems_text(app, name, what):
    """The problems noted for record ``name`` (taken), as one message, or ''."""
    probs = app.store.take_problems(name)
    if not probs:
        return ""
    why = "; ".join(p.split(": ", 1)[-1] for p in probs)
    kept = all(p.endswith("set aside") for p in probs)   # not removed, not stuck in place
    return "The saved %s could not be used (%s). Defaults are used%s." % (
        what, why, "; the old file is kept as .bad" if kept else "")

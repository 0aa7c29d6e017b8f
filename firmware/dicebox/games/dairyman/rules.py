"""Dairyman rules engine: a pure state machine (see core/game.py).

Actions (tuples; JSON lists are accepted too):

* ("lock", (i, j) or (i, j, k))  lock 2 or 3 unlocked dice totalling exactly 10
* ("reroll", (f, ...))           reroll every unlocked die except the frozen
                                 ones listed (one freeze token each)
* ("claim", (t, ...))            stop and claim these display tiles
* ("fail",)                      accept a failure (no set after a roll, or
                                 nothing claimable)
* ("flip", t)                    flip an owned tile, paying its requirement
* ("ice", t) / ("ice", t, i)     use a flipped ice cream tile (one die: index i)

Chance nodes: the opening shuffle of the 22 tiles, every dice roll, and the
shuffle of discards and display when the last backorder token is taken.
Rulings are listed in help.py and docs/games/dairyman.md; the numbers in
brackets in the comments below refer to them.

The State's fields, each the key it is saved under, are listed beside
``FIELDS`` in tiles.py. A save comes back through ``State.from_dict``: checks.py
(imported only then) refuses a damaged one with ``valid.BadData``.
"""
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.games.dairyman.tiles import VALUE, NEED, BACK, NTILES, CHEESE, ICE1, ICEANY
from dicebox.games.dairyman.tiles import (  # noqa: F401 (the dice's names, used as rules.X)
    FIELDS, FREE, MAXRED, RED, RESET, ROLL, SETUP, SPENT, SUPPLY, WHITE, YELLOW)


def barn_for(rolls):
    """Barn for sets locked after the ``rolls``-th roll of the turn [R1]."""
    if rolls <= 1:
        return 1
    if rolls <= 3:
        return 2
    return 3


def find_sets(vals, idx):
    """All (i, j[, k]) from indices ``idx`` whose values total 10."""
    out = []
    n = len(idx)
    for a in range(n):
        va = vals[idx[a]]
        for b in range(a + 1, n):
            vb = va + vals[idx[b]]
            if vb == 10:
                out.append((idx[a], idx[b]))
            elif vb < 10:
                for c in range(b + 1, n):
                    if vb + vals[idx[c]] == 10:
                        out.append((idx[a], idx[b], idx[c]))
    return out


# the sets of ten: two or three dice whose faces total 10, faces in order
SETS = ((4, 6), (5, 5), (1, 3, 6), (1, 4, 5), (2, 2, 6), (2, 3, 5), (2, 4, 4), (3, 3, 4))


def counts(vals):
    """How many dice show each face: ``c[1]..c[6]`` (``c[0]`` unused)."""
    c = [0] * 7
    for v in vals:
        c[v] += 1
    return c


def has_set(vals):
    """True if some 2 or 3 of the values total 10 [R1]."""
    return has_set_counts(counts(vals))


def has_set_counts(c):
    """True if the face counts ``c`` (``c[1]..c[6]``) hold a set of ten:
    one of ``SETS``, written out (the bot asks this in its inner loops)."""
    c1, c2, c3, c4, c5, c6 = c[1], c[2], c[3], c[4], c[5], c[6]
    return bool((c4 and c6) or c5 >= 2 or (c1 and c3 and c6) or (c1 and c4 and c5)
                or (c2 >= 2 and c6) or (c2 and c3 and c5) or (c2 and c4 >= 2)
                or (c3 >= 2 and c4))


class State:
    # ---- the game contract (core/game.py), in its order ---------------------
    def __init__(self, nplayers=2, _blank=False):
        if _blank:  # the fields are filled in by clone/from_dict (FIELDS)
            return
        if nplayers < 2 or nplayers > 4:
            raise ValueError("2 to 4 players")
        self.n = nplayers
        self.supply_total = SUPPLY[nplayers]
        self.stack = []
        self.display = []
        self.owned = [[] for _ in range(nplayers)]
        self.flipped = [0] * NTILES
        self.tokens = [0] * nplayers     # backorder tokens held
        self.freeze = [0] * nplayers     # freeze tokens held
        self.seat = 0
        self.dc = []      # dice colours
        self.dv = []      # dice values (0 = not rolled yet)
        self.dl = []      # dice locations
        self.sets = []    # [barn, i, j(, k)] locked this turn
        self.rolls = 0    # main rolls this turn (the first roll counts)
        self.need_lock = True
        self.used = []    # ice cream tiles used this turn
        self.pending = [SETUP]
        self.over = False
        self.turns = 0
        self.last = []    # what just happened, for screens: [verb, seat, ...]

    def current_player(self):
        if self.over:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return self.seat

    def is_over(self):
        """True once the game has ended (the one name every game uses)."""
        return self.over

    def legal_actions(self):
        if self.over or self.pending is not None:
            return []
        out = []
        p = self.seat
        free = self.free_dice()
        dv = self.dv
        dc = self.dc
        seen = []
        for st in find_sets(dv, free):
            key = sorted((dv[i], dc[i] == YELLOW) for i in st)
            if key not in seen:
                seen.append(key)
                out.append(("lock", st))
        if not self.need_lock:
            if free:
                nf = min(self.freeze[p], len(free) - 1)
                for fr in _freeze_choices(free, dv, dc, nf):
                    out.append(("reroll", fr))
            total = self.barn_total()
            for c in claims(self.display, total):
                out.append(("claim", c))
            if not self.can_claim():
                out.append(("fail",))
        elif not out:
            out.append(("fail",))
        for t in self.owned[p]:
            if not self.flipped[t] and self.flip_problem(t) is None:
                out.append(("flip", t))
        for t in self.owned[p]:
            if self.flipped[t] and BACK[t] != CHEESE and t not in self.used:
                b = BACK[t]
                if b == ICEANY:
                    seenv = []
                    for i in free:
                        k = (dv[i], dc[i] == YELLOW)
                        if k not in seenv:
                            seenv.append(k)
                            out.append(("ice", t, i))
                elif self.ice_dice(b):
                    out.append(("ice", t))
        return out

    def apply(self, action):
        """Play ``action`` for the acting seat: ``check`` it, then ``do`` it.
        An illegal action raises IllegalMove and changes nothing."""
        a = self.check(action)
        self.do(a)

    def do(self, action):
        """Play ``action`` unchecked (for search): only for an action ``apply``
        would accept, e.g. one ``legal_actions`` listed."""
        a = action
        verb = a[0]
        p = self.seat
        if verb == "lock":
            st = a[1]
            b = barn_for(self.rolls)
            for i in st:
                self.dl[i] = b
            self.sets.append([b] + list(st))
            self.need_lock = False
            self.last = ["lock", p, b]
        elif verb == "reroll":
            fr = a[1]
            roll = [i for i in self.free_dice() if i not in fr]
            self.freeze[p] -= len(fr)
            if self.rolls >= 3:          # this is the 3rd reroll or later [R2]
                self.freeze[p] += 1
            self.rolls += 1
            self.need_lock = True
            self.pending = [ROLL, roll]
            self.last = ["reroll", p, len(fr)]
        elif verb == "claim":
            c = a[1]
            for t in c:
                self.display.remove(t)
                self.owned[p].append(t)
            self.last = ["claim", p] + list(c)
            self.end_turn()
        elif verb == "fail":
            self._take_failure(p)
        elif verb == "flip":
            t = a[1]
            need = NEED[t]
            if need <= 6:
                self.dl[self.yellow()] = SPENT
            else:
                self.freeze[p] -= need - 10
            self.flipped[t] = 1
            self.last = ["flip", p, t]
        else:
            t = a[1]
            b = BACK[t]
            self.used.append(t)
            self.pending = [ROLL, [a[2]] if b == ICEANY else self.ice_dice(b)]
            self.last = ["ice", p, t]

    def chance_request(self):
        p = self.pending
        if p is None:
            return []
        if p[0] == SETUP:
            return list(range(NTILES, 1, -1))
        if p[0] == ROLL:
            return [6] * len(p[1])
        return list(range(len(p[1]), 1, -1))

    def apply_chance(self, values):
        p = self.pending
        if p is None:
            raise IllegalMove("nothing to roll")
        sizes = self.chance_request()
        values = list(values)
        if len(values) != len(sizes):
            raise IllegalMove("need %d numbers" % len(sizes))
        for v, s in zip(values, sizes):
            if not isinstance(v, int) or v < 0 or v >= s:
                raise IllegalMove("number out of range")
        if p[0] == SETUP:
            st = _shuffled(list(range(NTILES)), values)
            self.display = st[:3]
            self.stack = st[3:]
            self.pending = None
            self.start_turn(0)
        elif p[0] == ROLL:
            idx = p[1]
            for k in range(len(idx)):
                self.dv[idx[k]] = values[k] + 1
            self.pending = None
        else:
            self.stack.extend(_shuffled(list(p[1]), values))
            self.display = []
            for s in range(self.n):
                self.tokens[s] = 0
            self.pending = None
            self.end_turn()

    def describe(self, action):
        """The words for ``action`` by the acting seat, said from the state
        before it is applied ("P2 locked 4+6 in barn 1: 20"), for the move
        log, the bots' messages and the menus. Never raises: an action the
        rules would refuse is named as such."""
        who = "P%d" % (self.seat + 1)
        try:
            a = _shape(action)
        except IllegalMove:
            return "%s: not a move" % who
        v = a[0]
        dv = self.dv
        c = self.clone()
        try:
            c.apply(a)
        except IllegalMove as e:
            return "%s: %s not allowed (%s)" % (who, v, e.reason)
        try:
            if v == "lock":
                vals = [dv[i] for i in a[1]]
                b = barn_for(self.rolls)
                return "%s locked %s in barn %d: %d (barns %d)" % (
                    who, _plus(vals, [self.dc[i] for i in a[1]]), b,
                    self.barn_totals()[b - 1] + sum(vals), self.barn_total() + sum(vals))
            if v == "reroll":
                n = len(self.free_dice()) - len(a[1])
                txt = "%s rerolled %d" % (who, n)
                if a[1]:
                    txt += ", kept %s (%s)" % (
                        _plus([dv[i] for i in a[1]], [self.dc[i] for i in a[1]], " "),
                        _count(len(a[1]), "freeze token"))
                else:
                    txt += " die" if n == 1 else " dice"
                if self.rolls >= 3:
                    txt += ", +1 freeze token"
                return txt
            if v == "claim":
                pts = 0
                for t in a[1]:
                    pts += VALUE[t]
                txt = "%s claimed %s: +%d points (barns %d)" % (
                    who, "+".join(tile_name(t) for t in a[1]), pts, self.barn_total())
                return txt + ". " + self._turn_end_words(c)
            if v == "fail":
                txt = "%s had no %s: backorder -5 (has %d)" % (
                    who, "set" if self.need_lock else "claim", self.tokens[self.seat] + 1)
                if self.barn_total():
                    txt += "; barns lost (%d)" % self.barn_total()
                L = c.last
                if not L or L[0] != "reset":
                    return txt + ". " + self._turn_end_words(c)
                lost = ", ".join("P%d %s" % (L[k] + 1, tile_name(L[k + 1]))
                                 for k in range(2, len(L) - 1, 2))
                return txt + ". Reset! Lost: %s. Display too goes under stack" % (
                    lost or "no tile")
            if v == "flip":
                t = a[1]
                txt = "%s flipped %s (paid %s" % (who, tile_name(t), cost_text(t))
                if NEED[t] > 6:
                    txt += ", %d left" % c.freeze[self.seat]
                return txt + ")"
            if v == "ice":
                t = a[1]
                b = BACK[t]
                if b == ICEANY:
                    return "%s ice cream %s: rerolled a %d" % (who, tile_name(t), dv[a[2]])
                n = len(self.ice_dice(b))
                f = 1 if b == ICE1 else 2
                return "%s ice cream %s: rerolled %s" % (
                    who, tile_name(t), "a %d" % f if n == 1 else "%d %ds" % (n, f))
        except Exception:   # never let the words crash the log
            pass
        return "%s: %s" % (who, v)

    def describe_chance(self, values):
        """Words for a chance outcome before it is applied: a roll, a shuffle."""
        p = self.pending
        if p is None:
            return ""
        if p[0] == SETUP:
            c = self.clone()
            c.apply_chance(values)
            return "Tiles shuffled, display %s" % " ".join(tile_name(t) for t in c.display)
        if p[0] == ROLL:
            faces = [values[k] + 1 for k in range(len(p[1]))]
            cols = [self.dc[i] for i in p[1]]
            return "P%d rolled %s" % (self.seat + 1, _plus(faces, cols, " "))
        c = self.clone()
        c.apply_chance(values)
        txt = "Shuffled under the stack: %s. All backorder tokens back. Display: %s" % (
            " ".join(tile_name(t) for t in p[1]), " ".join(tile_name(t) for t in c.display))
        if c.over:
            txt += ". Display not full: game over"
        return txt

    def winners(self):
        keys = [self.rank_key(s) for s in range(self.n)]
        best = max(keys)
        return [s for s in range(self.n) if keys[s] == best]

    def to_dict(self):
        """The save: every field in FIELDS under its own name, with "v"."""
        return FIELDS.dump(self)

    @staticmethod
    def from_dict(d):
        """The state saved by ``to_dict``; ``BadData`` (a ValueError) for any
        save that breaks a type, a range or an invariant of the game (checks.py,
        imported here, the one place a saved state is read back). A damaged
        save is refused, never half-loaded."""
        from dicebox.games.dairyman import checks
        return checks.load(State(_blank=True), d)

    def clone(self):
        """An independent copy (for bots and the words of a move)."""
        c = FIELDS.copy(self, State(_blank=True))
        c.supply_total = self.supply_total
        return c

    # ---- helpers outside the contract ---------------------------------------
    def check(self, action):
        """``action`` as a tuple (JSON lists accepted) if the acting seat may
        play it now, else IllegalMove with the reason. Changes nothing."""
        if self.over:
            raise IllegalMove("the game is over")
        if self.pending is not None:
            raise IllegalMove("roll the dice first")
        a = _shape(action)
        verb = a[0]
        p = self.seat
        if verb == "lock":
            st = self._dice_arg(a[1])
            if len(st) < 2 or len(st) > 3:
                raise IllegalMove("a set is 2 or 3 dice")
            for i in st:
                if self.dl[i] == SPENT:
                    raise IllegalMove("the yellow die was spent")
                if self.dl[i] != FREE:
                    raise IllegalMove("that die is locked")
            tot = 0
            for i in st:
                tot += self.dv[i]
            if tot != 10:
                raise IllegalMove("a set must total 10, not %d" % tot)
        elif verb == "reroll":
            if self.need_lock:
                raise IllegalMove("lock a set first")
            fr = self._dice_arg(a[1])
            for i in fr:
                if self.dl[i] != FREE:
                    raise IllegalMove("only unlocked dice freeze")
            if len(fr) > self.freeze[p]:
                raise IllegalMove("not enough freeze tokens")
            if not [i for i in self.free_dice() if i not in fr]:
                raise IllegalMove("no dice left to roll")
        elif verb == "claim":
            if self.need_lock:
                raise IllegalMove("lock a set first")
            c = a[1]
            if not isinstance(c, tuple) or not c:
                raise IllegalMove("pick a tile")
            tot = 0
            for k in range(len(c)):
                t = c[k]
                if type(t) is not int or t not in self.display:
                    raise IllegalMove("that tile is not on display")
                if t in c[k + 1:]:
                    raise IllegalMove("a tile counts once")
                tot += VALUE[t]
            have = self.barn_total()
            if tot > have:
                raise IllegalMove("needs %d, barns have %d" % (tot, have))
        elif verb == "fail":
            if self.need_lock:
                if self.can_lock():
                    raise IllegalMove("you can lock a set")
            elif self.can_claim():
                raise IllegalMove("you can claim a tile")
        else:
            t = a[1]
            if type(t) is not int or t < 0 or t >= NTILES:
                raise IllegalMove("no such tile")
            if verb == "flip":
                why = self.flip_problem(t)
                if why is not None:
                    raise IllegalMove(why)
                return a
            if t not in self.owned[p]:
                raise IllegalMove("not your tile")
            if not self.flipped[t] or BACK[t] == CHEESE:
                raise IllegalMove("not an ice cream")
            if t in self.used:
                raise IllegalMove("used this turn already")
            if BACK[t] == ICEANY:
                if len(a) != 3:
                    raise IllegalMove("pick one die")
                i = self._dice_arg((a[2],))[0]
                if self.dl[i] != FREE:
                    raise IllegalMove("only an unlocked die")
            else:
                if len(a) != 2:
                    raise IllegalMove("this ice cream picks no die")
                if not self.ice_dice(BACK[t]):
                    raise IllegalMove("no unlocked %ds" % (1 if BACK[t] == ICE1 else 2))
        return a

    def _dice_arg(self, x):
        if not isinstance(x, tuple):
            raise IllegalMove("name the dice")
        for i in x:
            if type(i) is not int or i < 0 or i >= len(self.dv):
                raise IllegalMove("no such die")
        for k in range(len(x)):
            if x[k] in x[k + 1:]:
                raise IllegalMove("a die counts once")
        return x

    def _take_failure(self, p):
        """A failure taken: a backorder token; the last one resets [R6]."""
        self.tokens[p] += 1
        self.last = ["fail", p]
        if self.supply() > 0:
            self.end_turn()
            return
        # The last token was taken [R6]: the most-token players discard.
        self.last = ["reset", p]      # then seat, tile for each discard
        most = max(self.tokens)
        items = []
        for s in range(self.n):
            if self.tokens[s] != most:
                continue
            best = -1
            for t in self.owned[s]:      # later claims win ties [R7]
                if not self.flipped[t] and (best < 0 or VALUE[t] >= VALUE[best]):
                    best = t
            if best >= 0:
                self.owned[s].remove(best)
                items.append(best)
                self.last.append(s)
                self.last.append(best)
        items.extend(self.display)
        self.display = []
        self.pending = [RESET, items]

    def flip_problem(self, t):
        """None if seat can flip tile t now, else the reason."""
        p = self.seat
        if t not in self.owned[p]:
            return "not your tile"
        if self.flipped[t]:
            return "already flipped"
        need = NEED[t]
        if need <= 6:
            y = self.yellow()
            if y < 0 or self.dl[y] != FREE or self.dv[y] != need:
                return "needs the unlocked yellow die on %d" % need
        elif self.freeze[p] < need - 10:
            return "needs %d freeze tokens" % (need - 10)
        return None

    def ice_dice(self, b):
        face = 1 if b == ICE1 else 2
        return [i for i in self.free_dice() if self.dv[i] == face]

    def start_turn(self, s):
        self.seat = s
        nred = min(self.tokens[s], MAXRED)       # [R5]
        self.dc = [WHITE] * 7 + [YELLOW] + [RED] * nred
        nd = len(self.dc)
        self.dv = [0] * nd
        self.dl = [FREE] * nd
        self.sets = []
        self.rolls = 1
        self.need_lock = True
        self.used = []
        self.pending = [ROLL, list(range(nd))]

    def end_turn(self):
        self.turns += 1
        while len(self.display) < 3 and self.stack:
            self.display.append(self.stack.pop(0))
        self.dc = []
        self.dv = []
        self.dl = []
        self.sets = []
        self.used = []
        if len(self.display) < 3:
            self.over = True
            self.pending = None
            return
        self.start_turn((self.seat + 1) % self.n)

    def _turn_end_words(self, c):
        """What the end of a turn changed, said from ``c`` (the state after):
        the tiles drawn onto the display, the game's end."""
        new = [t for t in c.display if t not in self.display]
        txt = ""
        if new:
            txt = "Drawn to display: %s" % " ".join(tile_name(t) for t in new)
        if c.over:
            if txt:
                txt += ". "
            txt += "Stack empty, display not full: game over"
        return txt or "Turn over"

    def supply(self):
        return self.supply_total - sum(self.tokens)

    def free_dice(self):
        dl = self.dl
        return [i for i in range(len(dl)) if dl[i] == FREE]

    def barn_total(self):
        t = 0
        for i in range(len(self.dl)):
            if 1 <= self.dl[i] <= 3:
                t += self.dv[i]
        return t

    def barn_totals(self):
        t = [0, 0, 0]
        for i in range(len(self.dl)):
            b = self.dl[i]
            if 1 <= b <= 3:
                t[b - 1] += self.dv[i]
        return t

    def yellow(self):
        for i in range(len(self.dc)):
            if self.dc[i] == YELLOW:
                return i
        return -1

    def can_lock(self):
        return has_set([self.dv[i] for i in self.free_dice()])

    def can_claim(self):
        t = self.barn_total()
        for x in self.display:
            if VALUE[x] <= t:
                return True
        return False

    def score_parts(self, s):
        """(tile points, cheese bonus, backorder penalty, total) for seat s."""
        pts = 0
        bonus = 0
        for t in self.owned[s]:
            pts += VALUE[t]
            if self.flipped[t] and BACK[t] == CHEESE:
                bonus += 5
        pen = 5 * self.tokens[s]
        return (pts, bonus, pen, pts + bonus - pen)

    def scores(self):
        return [self.score_parts(s)[3] for s in range(self.n)]

    def rank_key(self, s):
        """Tie-break [R9]: points, then fewer backorder tokens, then more
        flipped tiles; seats still equal share the win."""
        nf = 0
        for t in self.owned[s]:
            nf += self.flipped[t]
        return (self.score_parts(s)[3], -self.tokens[s], nf)


# verb -> the lengths its action tuple may have
_SHAPES = {"lock": (2,), "reroll": (2,), "claim": (2,), "fail": (1,), "flip": (2,),
           "ice": (2, 3)}


def _shape(action):
    """The action as a tuple of the right length for its verb, else IllegalMove."""
    a = tup(action)
    if not isinstance(a, tuple) or not a or not isinstance(a[0], str):
        raise IllegalMove("unknown action")
    lens = _SHAPES.get(a[0])
    if lens is None:
        raise IllegalMove("unknown action")
    if len(a) not in lens:
        raise IllegalMove("malformed %s" % a[0])
    return a


_MARK = ("", "y", "r")   # dice colours in words: 4y = the yellow die showing 4


def _plus(vals, cols, sep="+"):
    return sep.join("%d%s" % (vals[k], _MARK[cols[k]]) for k in range(len(vals)))


def _count(n, what):
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def tile_name(t):
    """A tile as players tell it apart: its value and the letter of its back."""
    return "%d%s" % (VALUE[t], "c" if BACK[t] == CHEESE else "i")


def cost_text(t):
    """What flipping tile t costs, in words."""
    n = NEED[t]
    if n <= 6:
        return "yellow %d" % n
    return "%d freeze" % (n - 10)


def _shuffled(items, picks):
    """Fisher-Yates: picks[k] in range(n - k) swaps into position n-1-k."""
    n = len(items)
    k = 0
    for i in range(n - 1, 0, -1):
        j = picks[k]
        items[i], items[j] = items[j], items[i]
        k += 1
    return items


def claims(display, total):
    """Every group of display tiles (as tuples) whose values fit in ``total``."""
    out = []
    n = len(display)
    for m in range(1, 1 << n):
        tot = 0
        c = []
        for k in range(n):
            if m >> k & 1:
                tot += VALUE[display[k]]
                c.append(display[k])
        if tot <= total:
            out.append(tuple(c))
    return out


def _freeze_choices(free, dv, dc, nmax):
    """Distinct ways to freeze up to nmax of the free dice (by face and colour)."""
    kinds = []
    for i in free:
        k = (dv[i], dc[i] == YELLOW)
        for e in kinds:
            if e[0] == k:
                e[1].append(i)
                break
        else:
            kinds.append([k, [i]])
    out = [()]
    for e in kinds:
        nxt = []
        for base in out:
            for m in range(len(e[1]) + 1):
                if len(base) + m > nmax:
                    break
                nxt.append(base + tuple(e[1][:m]))
        out = nxt
    return out


def new_game(nplayers=2):
    return State(nplayers)

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

State fields (each is also its key in the save, see FIELDS):

  n          number of players (2-4); seats are 0..n-1, shown as P1..P4
  stack      tile ids still face down, drawn from the front
  display    the (up to 3) face-up tile ids that can be claimed
  owned      owned[seat]: the tile ids that seat has claimed, in claim order
  flipped    flipped[tile]: 1 once the tile is flipped (its bonus is live)
  tokens     tokens[seat]: backorder tokens held (-5 points each; red dice)
  freeze     freeze[seat]: freeze tokens held
  seat       whose turn it is
  dc, dv, dl the dice of this turn, one entry per die: colour (WHITE, YELLOW,
             RED), value (1-6, 0 before its first roll) and location (FREE,
             barn 1-3, or SPENT for a yellow die used to flip a tile)
  sets       the sets locked this turn: [barn, die, die(, die)]
  rolls      rolls this turn, the first roll included (sets the barn [R1])
  need_lock  True after a roll until a set is locked
  used       ice cream tiles used this turn
  pending    the chance node waited for: [_SETUP], [_ROLL, dice] or
             [_RESET, tiles to shuffle]; None when a seat acts
  over       True once the game has ended (read it with is_over())
  turns      turns finished so far
  last       what just happened, for the screens: [verb, seat, ...]

``supply_total`` (tokens in the supply for n players) is not saved: it follows
from n.
"""
from micropython import const
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.core.state_io import Fields
from dicebox.core.storage import BadData, need
from dicebox.games.dairyman.tiles import TILES, NTILES, CHEESE, ICE1, ICEANY

WHITE = const(0)
YELLOW = const(1)
RED = const(2)
FREE = const(0)     # dice locations: 0 unlocked, 1..3 barn, 4 spent yellow
SPENT = const(4)
MAXRED = const(4)
SUPPLY = (0, 0, 3, 4, 5)   # backorder tokens by number of players

# pending chance kinds
_SETUP = const(0)
_ROLL = const(1)
_RESET = const(2)

# The saved fields of a State, each under its attribute's name (see the glossary
# above). Copying (clone), saving (to_dict) and loading (from_dict) all go by this
# one table: a new field goes here, and renaming one changes the save format (so
# the version goes up and older saves are refused, never misread).
FIELDS = Fields(1, (
    "n", "stack", "display", "owned", "flipped", "tokens", "freeze", "seat",
    "dc", "dv", "dl", "sets", "rolls", "need_lock", "used", "pending", "over",
    "turns", "last"), "dairyman")


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


def has_set(vals):
    """True if some 2 or 3 of the values total 10 (counts 1..6 only)."""
    cnt = [0] * 7
    for v in vals:
        cnt[v] += 1
    return has_set_counts(cnt)


def has_set_counts(cnt):
    # pairs
    if cnt[4] and cnt[6]:
        return True
    if cnt[5] >= 2:
        return True
    # triples a <= b <= c, a + b + c = 10
    for a in range(1, 4):
        if not cnt[a]:
            continue
        for b in range(a, 7):
            c = 10 - a - b
            if c < b:
                break
            if c > 6:
                continue
            need = [0] * 7
            need[a] += 1
            need[b] += 1
            need[c] += 1
            if cnt[a] >= need[a] and cnt[b] >= need[b] and cnt[c] >= need[c]:
                return True
    return False


class State:
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
        self.pending = [_SETUP]
        self.over = False
        self.turns = 0
        self.last = []    # what just happened, for screens: [verb, seat, ...]

    # ---- contract -------------------------------------------------------
    def is_over(self):
        """True once the game has ended (the one name every game uses)."""
        return self.over

    def current_player(self):
        if self.over:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return self.seat

    def chance_request(self):
        p = self.pending
        if p is None:
            return []
        if p[0] == _SETUP:
            return list(range(NTILES, 1, -1))
        if p[0] == _ROLL:
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
        if p[0] == _SETUP:
            st = _shuffled(list(range(NTILES)), values)
            self.display = st[:3]
            self.stack = st[3:]
            self.pending = None
            self._start_turn(0)
        elif p[0] == _ROLL:
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
            self._end_turn()

    def clone(self):
        """An independent copy (for bots and the words of a move)."""
        c = FIELDS.copy(self, State(_blank=True))
        c.supply_total = self.supply_total
        return c

    def to_dict(self):
        """The save: every field in FIELDS under its own name, with "v"."""
        return FIELDS.dump(self)

    @staticmethod
    def from_dict(d):
        """The state saved by ``to_dict``; ``BadData`` (a ValueError) for any
        save that breaks a type, a range or an invariant of the game: every
        tile exactly once across stack, display, hands and a pending reshuffle;
        the dice of a turn (7 white, 1 yellow, 0-4 red); locked dice in sets of
        ten; a seat that exists. A damaged save is refused, never half-loaded.
        ``FIELDS.load`` checks the version and that every field is there; the
        values are judged here."""
        need(isinstance(d, dict), "not a saved game")
        s = FIELDS.load(State(_blank=True), d)
        n = _int(s.n, 2, 4, "players")
        s.supply_total = SUPPLY[n]
        s.stack = _ints(s.stack, 0, NTILES - 1, "stack", NTILES)
        s.display = _ints(s.display, 0, NTILES - 1, "display", 3)
        owned = _list(s.owned, "hands", n)
        s.owned = [_ints(o, 0, NTILES - 1, "a hand", NTILES) for o in owned]
        s.flipped = _ints(s.flipped, 0, 1, "flipped tiles", NTILES)
        need(len(s.flipped) == NTILES, "flipped tiles: wrong count")
        s.tokens = _ints(s.tokens, 0, s.supply_total, "backorder tokens", n)
        need(len(s.tokens) == n, "backorder tokens: wrong count")
        need(sum(s.tokens) <= s.supply_total, "more backorder tokens than the supply")
        s.freeze = _ints(s.freeze, 0, 999, "freeze tokens", n)
        need(len(s.freeze) == n, "freeze tokens: wrong count")
        s.seat = _int(s.seat, 0, n - 1, "seat")
        s.dc = _ints(s.dc, 0, 2, "dice colours", 8 + MAXRED)
        s.dv = _ints(s.dv, 0, 6, "dice values", 8 + MAXRED)
        s.dl = _ints(s.dl, 0, SPENT, "dice places", 8 + MAXRED)
        s.sets = [_ints(x, 0, 8 + MAXRED, "a set", 4) for x in _list(s.sets, "sets")]
        s.rolls = _int(s.rolls, 0, 9999, "rolls")
        s.need_lock = _yes_no(s.need_lock, "need_lock")
        s.used = _ints(s.used, 0, NTILES - 1, "used ice creams", NTILES)
        s.over = _yes_no(s.over, "over")
        s.turns = _int(s.turns, 0, 99999, "turns")
        last = _list(s.last, "last move")
        need(len(last) <= 12, "last move too long")
        for x in last:
            need(type(x) is int or isinstance(x, str), "last move: bad item")
        p = s.pending
        if p is not None:
            p = _list(p, "pending roll")
            need(len(p) >= 1, "pending roll empty")
            kind = _int(p[0], _SETUP, _RESET, "pending kind")
            if kind == _SETUP:
                need(len(p) == 1, "pending shuffle: extra items")
                s.pending = [_SETUP]
            else:
                need(len(p) == 2, "pending roll: wrong shape")
                hi = 8 + MAXRED - 1 if kind == _ROLL else NTILES - 1
                s.pending = [kind, _ints(p[1], 0, hi, "pending items", NTILES)]
        s._check()
        return s

    def _check(self):
        """Raise BadData unless the state keeps the game's invariants."""
        p = self.pending
        need(not (self.over and p is not None), "a finished game waits for a roll")
        setup = p is not None and p[0] == _SETUP
        where = []
        for o in self.owned:
            where.extend(o)
        where.extend(self.stack)
        where.extend(self.display)
        if p is not None and p[0] == _RESET:
            where.extend(p[1])
        if setup:
            need(not where and self.turns == 0, "tiles dealt before the shuffle")
        else:
            need(len(where) == NTILES, "tiles created or lost")
            seen = [0] * NTILES
            for t in where:
                need(not seen[t], "a tile is in two places")
                seen[t] = 1
        mine = self.owned_by_any()
        for t in range(NTILES):
            if self.flipped[t]:
                need(t in mine, "a flipped tile nobody owns")
        nd = len(self.dc)
        need(len(self.dv) == nd and len(self.dl) == nd, "dice lists differ in length")
        if nd == 0:
            need(setup or self.over or (p is not None and p[0] == _RESET),
                 "a turn without dice")
            need(not self.sets and not self.used, "sets without dice")
            return
        need(not setup and not self.over, "dice outside a turn")
        need(nd >= 8 and self.dc[:8] == [WHITE] * 7 + [YELLOW], "the dice are not 7 white and 1 yellow")
        for c in self.dc[8:]:
            need(c == RED, "extra dice must be red")
        need(self.rolls >= 1, "a turn without a roll")
        rolling = p[1] if p is not None and p[0] == _ROLL else []
        for k in range(len(rolling)):
            i = rolling[k]
            need(i < nd and i not in rolling[k + 1:], "rolling a die that is not there")
            need(self.dl[i] == FREE, "rolling a locked die")
        for i in range(nd):
            need(self.dv[i] >= 1 or i in rolling, "a die shows no face")
            if self.dl[i] == SPENT:
                need(self.dc[i] == YELLOW, "only the yellow die is spent")
        inset = [0] * nd
        for st in self.sets:
            need(3 <= len(st) <= 4 and 1 <= st[0] <= 3, "a set is 2 or 3 dice in a barn")
            tot = 0
            for i in st[1:]:
                need(i < nd and not inset[i], "a die in two sets")
                inset[i] = 1
                need(self.dl[i] == st[0], "a set's die is not in its barn")
                tot += self.dv[i]
            need(tot == 10, "a set does not total 10")
        for i in range(nd):
            need((1 <= self.dl[i] <= 3) == (inset[i] == 1), "a locked die outside a set")
        hand = self.owned[self.seat]
        for k in range(len(self.used)):
            t = self.used[k]
            need(t in hand and self.flipped[t] and TILES[t][2] != CHEESE
                 and t not in self.used[k + 1:], "an ice cream used that is not yours")

    def owned_by_any(self):
        out = []
        for o in self.owned:
            out.extend(o)
        return out

    # ---- words ----------------------------------------------------------------
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
                    pts += TILES[t][0]
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
                if TILES[t][1] > 6:
                    txt += ", %d left" % c.freeze[self.seat]
                return txt + ")"
            if v == "ice":
                t = a[1]
                b = TILES[t][2]
                if b == ICEANY:
                    return "%s ice cream %s: rerolled a %d" % (who, tile_name(t), dv[a[2]])
                n = len(self.ice_dice(b))
                f = 1 if b == ICE1 else 2
                return "%s ice cream %s: rerolled %s" % (
                    who, tile_name(t), "a %d" % f if n == 1 else "%d %ds" % (n, f))
        except Exception:   # never let the words crash the log
            pass
        return "%s: %s" % (who, v)

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

    def describe_chance(self, values):
        """Words for a chance outcome before it is applied: a roll, a shuffle."""
        p = self.pending
        if p is None:
            return ""
        if p[0] == _SETUP:
            c = self.clone()
            c.apply_chance(values)
            return "Tiles shuffled, display %s" % " ".join(tile_name(t) for t in c.display)
        if p[0] == _ROLL:
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

    # ---- queries --------------------------------------------------------
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
            if TILES[x][0] <= t:
                return True
        return False

    def score_parts(self, s):
        """(tile points, cheese bonus, backorder penalty, total) for seat s."""
        pts = 0
        bonus = 0
        for t in self.owned[s]:
            pts += TILES[t][0]
            if self.flipped[t] and TILES[t][2] == CHEESE:
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

    def winners(self):
        keys = [self.rank_key(s) for s in range(self.n)]
        best = max(keys)
        return [s for s in range(self.n) if keys[s] == best]

    # ---- legal actions ----------------------------------------------------
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
            if self.flipped[t] and TILES[t][2] != CHEESE and t not in self.used:
                b = TILES[t][2]
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

    # ---- apply --------------------------------------------------------------
    def apply(self, action):
        if self.over:
            raise IllegalMove("the game is over")
        if self.pending is not None:
            raise IllegalMove("roll the dice first")
        a = _shape(action)
        verb = a[0]
        if verb == "lock":
            self._lock(a)
        elif verb == "reroll":
            self._reroll(a)
        elif verb == "claim":
            self._claim(a)
        elif verb == "fail":
            self._fail(a)
        elif verb == "flip":
            self._flip(a)
        else:
            self._ice(a)

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

    def _lock(self, a):
        if len(a) != 2:
            raise IllegalMove("name the dice")
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
        b = barn_for(self.rolls)
        for i in st:
            self.dl[i] = b
        self.sets.append([b] + list(st))
        self.need_lock = False
        self.last = ["lock", self.seat, b]

    def _reroll(self, a):
        if self.need_lock:
            raise IllegalMove("lock a set first")
        fr = self._dice_arg(a[1])
        for i in fr:
            if self.dl[i] != FREE:
                raise IllegalMove("only unlocked dice freeze")
        if len(fr) > self.freeze[self.seat]:
            raise IllegalMove("not enough freeze tokens")
        roll = [i for i in self.free_dice() if i not in fr]
        if not roll:
            raise IllegalMove("no dice left to roll")
        p = self.seat
        self.freeze[p] -= len(fr)
        if self.rolls >= 3:          # this is the 3rd reroll or later [R2]
            self.freeze[p] += 1
        self.rolls += 1
        self.need_lock = True
        self.pending = [_ROLL, roll]
        self.last = ["reroll", p, len(fr)]

    def _claim(self, a):
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
            tot += TILES[t][0]
        have = self.barn_total()
        if tot > have:
            raise IllegalMove("needs %d, barns have %d" % (tot, have))
        p = self.seat
        for t in c:
            self.display.remove(t)
            self.owned[p].append(t)
        self.last = ["claim", p] + list(c)
        self._end_turn()

    def _fail(self, a):
        if self.need_lock:
            if self.can_lock():
                raise IllegalMove("you can lock a set")
        elif self.can_claim():
            raise IllegalMove("you can claim a tile")
        p = self.seat
        self.tokens[p] += 1
        self.last = ["fail", p]
        if self.supply() > 0:
            self._end_turn()
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
                if not self.flipped[t] and (best < 0 or TILES[t][0] >= TILES[best][0]):
                    best = t
            if best >= 0:
                self.owned[s].remove(best)
                items.append(best)
                self.last.append(s)
                self.last.append(best)
        items.extend(self.display)
        self.display = []
        self.pending = [_RESET, items]

    def flip_problem(self, t):
        """None if seat can flip tile t now, else the reason."""
        p = self.seat
        if t not in self.owned[p]:
            return "not your tile"
        if self.flipped[t]:
            return "already flipped"
        need = TILES[t][1]
        if need <= 6:
            y = self.yellow()
            if y < 0 or self.dl[y] != FREE or self.dv[y] != need:
                return "needs the unlocked yellow die on %d" % need
        elif self.freeze[p] < need - 10:
            return "needs %d freeze tokens" % (need - 10)
        return None

    def _flip(self, a):
        t = a[1]
        if type(t) is not int or t < 0 or t >= NTILES:
            raise IllegalMove("no such tile")
        why = self.flip_problem(t)
        if why is not None:
            raise IllegalMove(why)
        need = TILES[t][1]
        if need <= 6:
            self.dl[self.yellow()] = SPENT
        else:
            self.freeze[self.seat] -= need - 10
        self.flipped[t] = 1
        self.last = ["flip", self.seat, t]

    def ice_dice(self, b):
        face = 1 if b == ICE1 else 2
        return [i for i in self.free_dice() if self.dv[i] == face]

    def _ice(self, a):
        t = a[1]
        if type(t) is not int or t < 0 or t >= NTILES:
            raise IllegalMove("no such tile")
        p = self.seat
        if t not in self.owned[p]:
            raise IllegalMove("not your tile")
        if not self.flipped[t] or TILES[t][2] == CHEESE:
            raise IllegalMove("not an ice cream")
        if t in self.used:
            raise IllegalMove("used this turn already")
        b = TILES[t][2]
        if b == ICEANY:
            if len(a) != 3:
                raise IllegalMove("pick one die")
            i = self._dice_arg((a[2],))[0]
            if self.dl[i] != FREE:
                raise IllegalMove("only an unlocked die")
            roll = [i]
        else:
            if len(a) != 2:
                raise IllegalMove("this ice cream picks no die")
            roll = self.ice_dice(b)
            if not roll:
                raise IllegalMove("no unlocked %ds" % (1 if b == ICE1 else 2))
        self.used.append(t)
        self.pending = [_ROLL, roll]
        self.last = ["ice", p, t]

    # ---- turn flow ----------------------------------------------------------
    def _start_turn(self, s):
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
        self.pending = [_ROLL, list(range(nd))]

    def _end_turn(self):
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
        self._start_turn((self.seat + 1) % self.n)


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
    return "%d%s" % (TILES[t][0], "c" if TILES[t][2] == CHEESE else "i")


def cost_text(t):
    """What flipping tile t costs, in words."""
    n = TILES[t][1]
    if n <= 6:
        return "yellow %d" % n
    return "%d freeze" % (n - 10)


def _int(x, lo, hi, what):
    if type(x) is not int or x < lo or x > hi:
        raise BadData("%s out of range" % what)
    return x


def _list(x, what, n=None):
    if not isinstance(x, list):
        raise BadData("%s is not a list" % what)
    if n is not None and len(x) != n:
        raise BadData("%s: wrong count" % what)
    return x


def _yes_no(x, what):
    """A saved yes/no: true/false, or 1/0 as the first saves wrote it."""
    if x is True or x is False:
        return x
    return bool(_int(x, 0, 1, what))


def _ints(x, lo, hi, what, most):
    _list(x, what)
    need(len(x) <= most, "%s: too many" % what)
    for v in x:
        _int(v, lo, hi, what)
    return list(x)


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
                tot += TILES[display[k]][0]
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

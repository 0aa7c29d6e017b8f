"""Rules engine for Auntie Mildred's List of Random Tasks (2 players).

A pure state machine following dicebox.core.game. Where the rulebook is silent or
contradicts itself the numbered rulings in help.RULINGS apply; comments cite
them as R<n>.

Where a player's 9 dice can be (checked by ``check``):
  pool   shaken dice with their values (sorted list)
  used   count of dice in the used pool (rolled at the next shake)
  mods   dice on the 2 modify spots
  prank / dodge   [dice, slot]: ``dice`` real dice, the highest slot filled is ``slot``
  sc     per task set a bitmask of the levels (bit n = level n) holding a scallywag
  ig     per indulgency card None or [pattern, dice]
  vic    victory dice

Actions (tuples, first item a verb):
  Wakeup: ("dodge",) ("combat",) ("score", card) ("goal",) ("ready",)
          ("advance", set) ("trim", set) ("take", "prank") ("take", "ind", card)
          ("take", "col", set) ("task", ...) ("shake",) ("keep",)
  Action: ("mod", die, target, +-1) ("prank", v) ("dodge", v) ("scally", set)
          ("ind", card, pattern) ("task", set, level, *args) ("pass",)
  A task via DIY#6 is ("task", DIY, 6, set2, level2, *args2).
"""
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.games.mildred import cards as C

# phases
SETUP = 0   # chance: pick indulgencies and the task set left out
START = 1   # chance: both players shake 9 dice for the start player
WAKE = 2
SHAKE = 3   # chance: the active player's pool is shaken
ACT = 4
OVER = 5

# per-round flags of the active player
F_READY = 1     # step (e) done
F_COOK = 2      # Cook#1 advance done
F_DISC = 4      # Clean#3: one die less for indulgencies this round

# shenanigans on a player (active during that player's next round)
SH_LESS = 1
SH_NO4 = 2
SH_NOTIE = 4

ROUND_LIMIT = 200   # R14

_FIELDS = ("sets", "inds", "phase", "turn", "pend", "cookie", "vic", "pool", "used",
           "mods", "prank", "dodge", "sc", "rd", "ig", "flags", "shen", "keep",
           "rounds", "winner")


def _cp(x):
    if isinstance(x, list):
        return [_cp(i) for i in x]
    return x


def top(m):
    """Highest level held in a scallywag bitmask (0 when empty)."""
    lv = 6
    while lv:
        if (m >> lv) & 1:
            return lv
        lv -= 1
    return 0


def ndice(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


def wrap(v):
    return (v - 1) % 6 + 1


def _counts(pool):
    c = [0] * 7
    for v in pool:
        c[v] += 1
    return c


def _need(pat):
    c = [0] * 7
    for v in pat:
        c[v] += 1
    return c


_NEEDS = tuple(tuple(_need(p) for p in C.PATTERNS[k]) for k in range(C.NUM_IND))


class State:
    def __init__(self, _blank=False):
        if _blank:
            return
        self.sets = []          # the 3 task sets in play
        self.inds = []          # the 6 indulgency cards in play
        self.phase = SETUP
        self.turn = 0
        self.pend = None        # a chance step inside a round: ["shake", n] etc.
        self.cookie = [1, 1]
        self.vic = [0, 0]
        self.pool = [[], []]
        self.used = [9, 9]
        self.mods = [0, 0]
        self.prank = [[0, 0], [0, 0]]
        self.dodge = [[0, 0], [0, 0]]
        self.sc = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.rd = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.ig = [[None] * 8, [None] * 8]
        self.flags = 0
        self.shen = [0, 0]
        self.keep = -1          # seat that may keep its start shake (first round)
        self.rounds = 0
        self.winner = None      # seat, -1 for a draw at the round limit

    # ---------------------------------------------------------------- contract
    def current_player(self):
        if self.phase == OVER:
            return TERMINAL
        if self.phase != WAKE and self.phase != ACT or self.pend is not None:
            return CHANCE
        return self.turn

    def is_over(self):
        return self.phase == OVER

    def clone(self):
        # Lists that are only ever replaced, never changed in place (sets, inds,
        # pend, the patterns in ig), are shared; the rest is copied one level deep.
        s = State(True)
        s.sets = self.sets
        s.inds = self.inds
        s.phase = self.phase
        s.turn = self.turn
        s.pend = self.pend
        s.cookie = self.cookie[:]
        s.vic = self.vic[:]
        s.pool = [self.pool[0][:], self.pool[1][:]]
        s.used = self.used[:]
        s.mods = self.mods[:]
        s.prank = [self.prank[0][:], self.prank[1][:]]
        s.dodge = [self.dodge[0][:], self.dodge[1][:]]
        s.sc = [self.sc[0][:], self.sc[1][:]]
        s.rd = [self.rd[0][:], self.rd[1][:]]
        s.ig = [self.ig[0][:], self.ig[1][:]]
        s.flags = self.flags
        s.shen = self.shen[:]
        s.keep = self.keep
        s.rounds = self.rounds
        s.winner = self.winner
        return s

    def _restore(self, other):
        for f in _FIELDS:
            setattr(self, f, getattr(other, f))

    def to_dict(self):
        d = {}
        for f in _FIELDS:
            d[f] = _cp(getattr(self, f))
        d["v"] = 1
        return d

    @classmethod
    def from_dict(cls, d):
        s = cls(True)
        for f in _FIELDS:
            setattr(s, f, _cp(d[f]))
        return s

    def apply(self, action):
        if self.current_player() < 0:
            raise IllegalMove("game over" if self.phase == OVER else "dice must be rolled")
        snap = self.clone()
        try:
            self._do(tup(action))
        except IllegalMove:
            self._restore(snap)
            raise
        except (IndexError, TypeError, ValueError, KeyError):
            self._restore(snap)
            raise IllegalMove("malformed action")

    # ------------------------------------------------------------------ chance
    def chance_request(self):
        if self.phase == SETUP:
            return [8, 7, 4]
        if self.phase == START:
            return [6] * 18
        if self.pend is not None:
            return [6] * self.pend[1]
        return []

    def apply_chance(self, values):
        req = self.chance_request()
        if self.current_player() != CHANCE or len(values) != len(req):
            raise IllegalMove("no roll expected")
        for v, n in zip(values, req):
            if not 0 <= v < n:
                raise IllegalMove("roll out of range")
        if self.phase == SETUP:
            left = list(range(8))
            left.pop(values[0])
            left.pop(values[1])
            self.inds = sorted(left)
            self.sets = [s for s in range(4) if s != values[2]]
            self.phase = START
            return
        faces = [v + 1 for v in values]
        if self.phase == START:
            a = faces[:9]
            b = faces[9:]
            sa = sum(a)
            sb = sum(b)
            if sa == sb:
                return  # R1: a tie shakes again
            first = 0 if sa < sb else 1
            self.pool = [sorted(a), sorted(b)]
            self.used = [0, 0]
            self.turn = first
            self.keep = 1 - first
            self.phase = ACT
            return
        p = self.turn
        kind = self.pend[0]
        self.pend = None
        if kind == "shake":
            self.pool[p] = sorted(faces)
            self.phase = ACT
        elif kind == "reroll":
            self.pool[p] = sorted(self.pool[p] + faces)
        else:  # "vroll": DIY#4, R9
            net = 0
            for f in faces:
                if f >= 4:
                    net += 1
                elif f == 1:
                    net -= 1
            if net > 0:
                self.gain(p, net)
            elif net < 0:
                self.cookie[p] = max(1, self.cookie[p] + net)

    # ------------------------------------------------------------ dice moving
    def take_die(self, p):
        """Take one die of p's for a victory space (R4): the used pool first, then a
        modify spot, the lowest shaken die, dodge, prank, the lowest scallywag,
        finally a whole indulgency group (the rest go to the used pool)."""
        if self.used[p]:
            self.used[p] -= 1
        elif self.mods[p]:
            self.mods[p] -= 1
        elif self.pool[p]:
            self.pool[p].pop(0)
        elif self.dodge[p][0]:
            self._drop_slot(self.dodge[p])
        elif self.prank[p][0]:
            self._drop_slot(self.prank[p])
        else:
            for s in self.sets:
                m = self.sc[p][s]
                if m:
                    low = m & -m
                    self.sc[p][s] = m & ~low
                    return
            for k in range(8):
                g = self.ig[p][k]
                if g is not None:
                    self.ig[p][k] = None
                    self.used[p] += g[1] - 1
                    return
            raise IllegalMove("no die left")  # cannot happen with 9 dice

    def _drop_slot(self, pd):
        pd[0] -= 1
        if pd[0] == 0:
            pd[1] = 0

    def victory(self, p):
        """A victory die for p (R4); the third one wins at once."""
        if self.phase == OVER:
            return
        self.take_die(p)
        self.vic[p] += 1
        if self.vic[p] >= C.WIN_VICTORY:
            self.winner = p
            self.phase = OVER

    def gain(self, p, n):
        """p scores n cookies: capped at 6, excess lost, 6 becomes a victory die."""
        if p == self.turn and self.shen[p] & SH_LESS:
            n -= 1  # R6: Clean#2
        if n <= 0 or self.phase == OVER:
            return
        c = self.cookie[p] + n
        if c >= 6:
            self.cookie[p] = 1
            self.victory(p)
        else:
            self.cookie[p] = c

    def has_laundry(self, p):
        return C.LAUNDRY in self.sets and self.sc[p][C.LAUNDRY] != 0

    def _remove_top(self, p, s):
        m = self.sc[p][s]
        t = top(m)
        self.sc[p][s] = m & ~(1 << t)
        self.used[p] += 1
        if not self.sc[p][s]:
            self.rd[p][s] = 0
        return t

    def _clear_cols(self, p):
        for s in self.sets:
            self.used[p] += ndice(self.sc[p][s])
            self.sc[p][s] = 0
            self.rd[p][s] = 0

    # ----------------------------------------------------------------- actions
    def _do(self, a):
        p = self.turn
        verb = a[0]
        ph = self.phase
        if ph == WAKE:
            fn = _WAKE.get(verb)
            if fn is None:
                if verb in _ACT:
                    raise IllegalMove("shake first: that is an Action")
                raise IllegalMove("unknown action")
        else:
            fn = _ACT.get(verb)
            if fn is None:
                if verb in _WAKE:
                    raise IllegalMove("only in Wakeup")
                raise IllegalMove("unknown action")
        n = _ARITY.get(verb, 0)
        if verb == "dodge" and ph == ACT:
            n = 2
        elif verb == "take" and len(a) > 1 and a[1] != "prank":
            n = 3
        if n and len(a) != n:
            raise IllegalMove("malformed action")
        fn(self, p, a)

    def _pool_has(self, p, vals):
        c = _counts(self.pool[p])
        for v in vals:
            if not 1 <= v <= 6 or c[v] == 0:
                raise IllegalMove("no shaken %d" % v if 1 <= v <= 6 else "bad value")
            c[v] -= 1

    # Wakeup steps
    def _a_dodge(self, p, a):
        if self.phase == ACT:
            return self._place_pd(p, a, self.dodge[p], "dodge")
        d = self.dodge[p]
        if not d[0]:
            raise IllegalMove("no dodge dice")
        self.used[p] += d[0]
        d[0] = 0
        d[1] = 0

    def _a_combat(self, p, a):
        pr = self.prank[p]
        if not pr[0]:
            raise IllegalMove("no prank dice")
        o = 1 - p
        hit = pr[1] > self.dodge[o][1]
        self.used[p] += pr[0]
        pr[0] = 0
        pr[1] = 0
        if hit:
            if self.cookie[o] > 1:
                self.cookie[o] -= 1
            elif self.has_laundry(p):
                if self.vic[o]:  # R3
                    self.vic[o] -= 1
                    self.used[o] += 1
                else:
                    self.winner = p
                    self.phase = OVER

    def can_score(self, p, k):
        """None if p may score indulgency k now, else the reason."""
        g = self.ig[p][k]
        if g is None:
            return "no dice of yours there"
        if C.INDULGENCIES[k][2] == 4 and self.shen[p] & SH_NO4:
            return "blocked by Clean#4"
        og = self.ig[1 - p][k]
        if og is not None:
            mine = C.pattern_key(k, tuple(g[0]))
            theirs = C.pattern_key(k, tuple(og[0]))
            if mine < theirs:
                return "opponent's dice are higher"
            if mine == theirs:
                if not self.has_laundry(p):
                    return "tie: needs a Laundry die"
                if self.shen[p] & SH_NOTIE:
                    return "ties blocked by Clean#5"
        return None

    def _a_score(self, p, a):
        k = a[1]
        if k not in self.inds:
            raise IllegalMove("card not in play")
        why = self.can_score(p, k)
        if why:
            raise IllegalMove(why)
        g = self.ig[p][k]
        self.ig[p][k] = None
        self.used[p] += g[1]
        self.gain(p, C.INDULGENCIES[k][2])

    def _a_goal(self, p, a):
        for s in self.sets:
            if not (self.sc[p][s] >> C.GOAL_LEVEL) & 1:
                raise IllegalMove("every set must reach the goal line")
        self._clear_cols(p)
        self.victory(p)
        self.victory(p)

    def _a_ready(self, p, a):
        if self.flags & F_READY:
            raise IllegalMove("step (e) is once a turn")
        any_ = False
        for s in self.sets:
            if self.sc[p][s]:
                self.rd[p][s] = 1
                any_ = True
        if not any_:
            raise IllegalMove("no scallywags")
        self.flags |= F_READY

    def _a_advance(self, p, a):
        s = a[1]
        if self.flags & F_COOK:
            raise IllegalMove("Cook#1 is once a turn")
        if not (C.COOK in self.sets and self.sc[p][C.COOK]):
            raise IllegalMove("needs a die on Cook")
        if s not in self.sets or not self.sc[p][s]:
            raise IllegalMove("no scallywag there")
        m = self.sc[p][s]
        t = top(m)
        if t >= 6:
            raise IllegalMove("already at the top")
        self.sc[p][s] = (m & ~(1 << t)) | (1 << (t + 1))  # R10
        self.flags |= F_COOK

    def _a_trim(self, p, a):
        s = a[1]
        if s not in self.sets:
            raise IllegalMove("set not in play")
        m = self.sc[p][s]
        n = ndice(m)
        if n < 2:
            raise IllegalMove("only one scallywag there")
        self.sc[p][s] = 1 << top(m)
        self.used[p] += n - 1

    def _a_take(self, p, a):
        what = a[1]
        if what == "prank":
            pr = self.prank[p]
            if not pr[0]:
                raise IllegalMove("no prank dice")
            self.used[p] += pr[0]
            pr[0] = 0
            pr[1] = 0
        elif what == "ind":
            k = a[2]
            if k not in self.inds or self.ig[p][k] is None:
                raise IllegalMove("no dice of yours there")
            self.used[p] += self.ig[p][k][1]
            self.ig[p][k] = None
        elif what == "col":
            s = a[2]
            if s not in self.sets or not self.sc[p][s]:
                raise IllegalMove("no scallywag there")
            self.used[p] += ndice(self.sc[p][s])
            self.sc[p][s] = 0
            self.rd[p][s] = 0
        else:
            raise IllegalMove("nothing to take")

    def wake_block(self, p):
        """Why the Wakeup cannot end yet, or None."""
        if self.dodge[p][0]:
            return "remove your dodge dice (a)"
        for s in self.sets:
            if ndice(self.sc[p][s]) > 1:
                return "one scallywag per set (f)"
        return None

    def _a_shake(self, p, a):
        why = self.wake_block(p)
        if why:
            raise IllegalMove(why)
        n = len(self.pool[p]) + self.used[p]
        self.pool[p] = []
        self.used[p] = 0
        self.keep = -1
        if n:
            self.pend = ["shake", n]
            self.phase = SHAKE
        else:
            self.phase = ACT

    def _a_keep(self, p, a):
        if self.keep != p:
            raise IllegalMove("only on your first turn")
        why = self.wake_block(p)
        if why:
            raise IllegalMove(why)
        self.keep = -1
        self.phase = ACT

    # Action phase
    def _a_mod(self, p, a):
        die, tgt, d = a[1], a[2], a[3]
        if self.mods[p] >= C.MOD_SPOTS:
            raise IllegalMove("modify spots full")
        if d != 1 and d != -1:
            raise IllegalMove("change by 1")
        self._pool_has(p, (die, tgt))
        pool = self.pool[p]
        pool.remove(die)
        pool.remove(tgt)
        pool.append(wrap(tgt + d))
        pool.sort()
        self.mods[p] += 1

    def _place_pd(self, p, a, pd, name):
        v = a[1]
        if pd[1] >= C.MAX_SLOT:
            raise IllegalMove("%s slots full" % name)
        self._pool_has(p, (v,))
        self.pool[p].remove(v)
        pd[0] += 1
        pd[1] += 1

    def _a_prank(self, p, a):
        self._place_pd(p, a, self.prank[p], "prank")

    def _a_scally(self, p, a):
        s = a[1]
        if s not in self.sets:
            raise IllegalMove("set not in play")
        m = self.sc[p][s]
        n = top(m) + 1
        if n > 6:
            raise IllegalMove("set complete")
        if n not in self.pool[p]:
            raise IllegalMove("needs a %d" % n)
        self.pool[p].remove(n)
        if not m:
            self.rd[p][s] = 1
        self.sc[p][s] = m | (1 << n)

    def _a_ind(self, p, a):
        k = a[1]
        pat = tuple(sorted(a[2]))
        if k not in self.inds:
            raise IllegalMove("card not in play")
        if self.ig[p][k] is not None:
            raise IllegalMove("you already have dice there")
        if pat not in C.PATTERNS[k]:
            raise IllegalMove("dice do not fit the card")
        wild = 1 if self.flags & F_DISC else 0
        c = _counts(self.pool[p])
        take = []
        miss = 0
        for v in pat:
            if c[v]:
                c[v] -= 1
                take.append(v)
            else:
                miss += 1
        if miss > wild:
            raise IllegalMove("missing dice")
        if wild and not miss:
            take.pop()  # R8: the wild stands in for the highest die
        pool = self.pool[p]
        for v in take:
            pool.remove(v)
        self.ig[p][k] = [list(pat), len(take)]

    def _a_pass(self, p, a):
        if self.pend is not None:
            raise IllegalMove("dice must be rolled")
        self.flags = 0
        self.shen[p] = 0
        if self.keep == p:
            self.keep = -1
        self.rounds += 1
        if self.rounds >= ROUND_LIMIT:
            self._limit_end()
            return
        o = 1 - p
        self.turn = o
        self.phase = WAKE
        self.used[o] += self.mods[o]  # R11: modify dice come back on their own
        self.mods[o] = 0

    def _limit_end(self):
        self.phase = OVER
        a = (self.vic[0], self.cookie[0])
        b = (self.vic[1], self.cookie[1])
        self.winner = 0 if a > b else 1 if b > a else -1

    # Tasks
    def _a_task(self, p, a):
        s = a[1]
        lv = a[2]
        if s not in self.sets:
            raise IllegalMove("set not in play")
        m = self.sc[p][s]
        if not m:
            raise IllegalMove("no scallywag there")
        if not self.rd[p][s]:
            raise IllegalMove("these scallywags are used")
        if not 1 <= lv <= top(m):
            raise IllegalMove("above your scallywag")
        card = C.TASKS[s][lv - 1]
        if card[1] == "A":
            raise IllegalMove("Always effect: not a reward")
        code = card[2]
        args = a[3:]
        if code == "any":  # R12
            s2 = args[0]
            lv2 = args[1]
            if s2 not in self.sets or not 1 <= lv2 <= 6:
                raise IllegalMove("task not in play")
            if s2 == C.DIY and lv2 == 6:
                raise IllegalMove("pick another task")
            card = C.TASKS[s2][lv2 - 1]
            if card[1] == "A":
                raise IllegalMove("Always effect: not a reward")
            code = card[2]
            args = args[2:]
        self._check_reward(p, s, code, args)
        self.rd[p][s] = 0
        _EFFECT[code](self, p, s, args)

    def _check_reward(self, p, s, code, args):
        o = 1 - p
        want = _NARGS[code]
        if len(args) != want and not (code == "reroll" and len(args) in (1, 2)):
            raise IllegalMove("wrong choices")
        if code in ("swap", "reduce", "deact"):
            t = args[0]
            if t not in self.sets or not self.sc[o][t]:
                raise IllegalMove("opponent has no scallywag there")
            if code == "deact" and not self.rd[o][t]:
                raise IllegalMove("that scallywag is not ready")
        elif code == "dodge1":
            if not self.dodge[p][0]:
                raise IllegalMove("needs a die on dodge")
        elif code == "prank1":
            if not self.prank[p][0]:
                raise IllegalMove("needs a die on prank")
        elif code in ("pd2", "pd3", "pd4"):
            k = _PDK[code]
            np = args[0]
            if not 0 <= np <= k:
                raise IllegalMove("split out of range")
            if np and not self.prank[p][0]:
                raise IllegalMove("needs a die on prank")
            if k - np and not self.dodge[p][0]:
                raise IllegalMove("needs a die on dodge")
        elif code == "vroll":
            if not self.vic[p]:
                raise IllegalMove("no victory dice")
        elif code == "react":
            ok = False
            for t in self.sets:
                if t != s and self.sc[p][t] and not self.rd[p][t]:
                    ok = True
            if not ok:
                raise IllegalMove("nothing to reactivate")
        elif code in ("reroll", "m1x1", "m1x2", "m2x1", "m2x2"):
            if self.phase != ACT:
                raise IllegalMove("needs shaken dice")
            if code == "reroll":
                self._pool_has(p, args)
            else:
                step = 2 if code[3] == "2" else 1
                vals = []
                i = 0
                while i < len(args):
                    if args[i + 1] != step and args[i + 1] != -step:
                        raise IllegalMove("change by %d" % step)
                    vals.append(args[i])
                    i += 2
                self._pool_has(p, vals)

    # effects (checked already)
    def _e_swap(self, p, s, args):
        o = 1 - p
        self._remove_top(p, s)
        lv = self._remove_top(o, args[0])
        self.gain(o, lv)

    def _e_less(self, p, s, args):
        self.shen[1 - p] |= SH_LESS

    def _e_disc(self, p, s, args):
        self.flags |= F_DISC

    def _e_no4(self, p, s, args):
        self._remove_top(p, s)
        self.shen[1 - p] |= SH_NO4

    def _e_notie(self, p, s, args):
        self.shen[1 - p] |= SH_NOTIE

    def _e_clear(self, p, s, args):
        self._clear_cols(p)
        self.victory(p)

    def _e_dodge1(self, p, s, args):
        self._bump(self.dodge[p], 1)

    def _e_prank1(self, p, s, args):
        self._bump(self.prank[p], 1)

    def _bump(self, pd, k):
        if k:
            pd[1] = min(C.MAX_SLOT, pd[1] + k)  # R7: extra steps are lost

    def _e_deact(self, p, s, args):
        self.rd[1 - p][args[0]] = 0

    def _e_reduce(self, p, s, args):
        o = 1 - p
        t = args[0]
        m = self.sc[o][t]
        lv = top(m)
        if lv == 1 or (m >> (lv - 1)) & 1:
            self._remove_top(o, t)  # R5
        else:
            self.sc[o][t] = (m & ~(1 << lv)) | (1 << (lv - 1))

    def _e_vroll(self, p, s, args):
        self.pend = ["vroll", self.vic[p]]

    def _e_react(self, p, s, args):
        for t in self.sets:
            if t != s and self.sc[p][t]:
                self.rd[p][t] = 1

    def _e_reroll(self, p, s, args):
        for v in args:
            self.pool[p].remove(v)
        self.pend = ["reroll", len(args)]

    def _e_mod(self, p, s, args):
        pool = self.pool[p]
        i = 0
        new = []
        while i < len(args):
            pool.remove(args[i])
            new.append(wrap(args[i] + args[i + 1]))
            i += 2
        pool.extend(new)
        pool.sort()

    # ------------------------------------------------------------ legal lists
    def legal_actions(self):
        if self.current_player() < 0:
            return []
        p = self.turn
        out = []
        if self.phase == WAKE:
            self._legal_wake(p, out)
        else:
            self._legal_act(p, out)
        self._legal_tasks(p, out)
        return out

    def _legal_wake(self, p, out):
        if self.dodge[p][0]:
            out.append(("dodge",))
        if self.prank[p][0]:
            out.append(("combat",))
            out.append(("take", "prank"))
        for k in self.inds:
            if self.ig[p][k] is not None:
                if self.can_score(p, k) is None:
                    out.append(("score", k))
                out.append(("take", "ind", k))
        goal = True
        anysc = False
        for s in self.sets:
            m = self.sc[p][s]
            if not (m >> C.GOAL_LEVEL) & 1:
                goal = False
            if m:
                anysc = True
                out.append(("take", "col", s))
                if ndice(m) > 1:
                    out.append(("trim", s))
        if goal:
            out.append(("goal",))
        if anysc and not self.flags & F_READY:
            out.append(("ready",))
        if (not self.flags & F_COOK and C.COOK in self.sets and self.sc[p][C.COOK]):
            for s in self.sets:
                m = self.sc[p][s]
                if m and top(m) < 6:
                    out.append(("advance", s))
        if self.wake_block(p) is None:
            out.append(("shake",))
            if self.keep == p:
                out.append(("keep",))

    def _legal_act(self, p, out):
        out.append(("pass",))
        pool = self.pool[p]
        if not pool:
            return
        c = _counts(pool)
        vals = [v for v in range(1, 7) if c[v]]
        if self.mods[p] < C.MOD_SPOTS and len(pool) >= 2:
            for v in vals:
                for t in vals:
                    if t != v or c[v] >= 2:
                        out.append(("mod", v, t, 1))
                        out.append(("mod", v, t, -1))
        if self.prank[p][1] < C.MAX_SLOT:
            for v in vals:
                out.append(("prank", v))
        if self.dodge[p][1] < C.MAX_SLOT:
            for v in vals:
                out.append(("dodge", v))
        for s in self.sets:
            n = top(self.sc[p][s]) + 1
            if n <= 6 and c[n]:
                out.append(("scally", s))
        wild = 1 if self.flags & F_DISC else 0
        n = len(pool)
        for k in self.inds:
            if self.ig[p][k] is not None:
                continue
            if n + wild < C.INDULGENCIES[k][3]:
                continue
            pats = C.PATTERNS[k]
            needs = _NEEDS[k]
            for i in range(len(pats)):
                nd = needs[i]
                miss = 0
                for v in range(1, 7):
                    if nd[v] > c[v]:
                        miss += nd[v] - c[v]
                if miss <= wild:
                    out.append(("ind", k, pats[i]))

    def _legal_tasks(self, p, out):
        for s in self.sets:
            m = self.sc[p][s]
            if not m or not self.rd[p][s]:
                continue
            for lv in range(1, top(m) + 1):
                card = C.TASKS[s][lv - 1]
                if card[1] == "A":
                    continue
                if card[2] == "any":
                    for s2 in self.sets:
                        for lv2 in range(1, 7):
                            c2 = C.TASKS[s2][lv2 - 1]
                            if c2[1] == "A" or c2[2] == "any":
                                continue
                            for args in self._reward_args(p, s, c2[2]):
                                out.append(("task", s, lv, s2, lv2) + args)
                else:
                    for args in self._reward_args(p, s, card[2]):
                        out.append(("task", s, lv) + args)

    def _reward_args(self, p, s, code):
        o = 1 - p
        if code in ("swap", "reduce", "deact"):
            return [(t,) for t in self.sets
                    if self.sc[o][t] and (code != "deact" or self.rd[o][t])]
        if code in ("less", "disc", "no4", "notie", "clear"):
            return [()]
        if code == "dodge1":
            return [()] if self.dodge[p][0] else []
        if code == "prank1":
            return [()] if self.prank[p][0] else []
        if code in _PDK:
            k = _PDK[code]
            hp = self.prank[p][0]
            hd = self.dodge[p][0]
            return [(np,) for np in range(k + 1) if (hp or not np) and (hd or np == k)]
        if code == "vroll":
            return [()] if self.vic[p] else []
        if code == "react":
            for t in self.sets:
                if t != s and self.sc[p][t] and not self.rd[p][t]:
                    return [()]
            return []
        if self.phase != ACT:
            return []
        pool = self.pool[p]
        c = _counts(pool)
        vals = [v for v in range(1, 7) if c[v]]
        if code == "reroll":
            r = [(v,) for v in vals]
            for i in range(len(vals)):
                for j in range(i, len(vals)):
                    if i != j or c[vals[i]] >= 2:
                        r.append((vals[i], vals[j]))
            return r
        step = 2 if code[3] == "2" else 1
        one = []
        for v in vals:
            one.append((v, -step))
            one.append((v, step))
        if code[1] == "1":
            return one
        r = []
        for i in range(len(one)):
            for j in range(i, len(one)):
                if one[i][0] != one[j][0] or c[one[i][0]] >= 2:
                    r.append(one[i] + one[j])
        return r


_PDK = {"pd2": 2, "pd3": 3, "pd4": 4}
_NARGS = {"swap": 1, "less": 0, "disc": 0, "no4": 0, "notie": 0, "clear": 0,
          "dodge1": 0, "prank1": 0, "pd2": 1, "pd3": 1, "pd4": 1, "deact": 1,
          "reduce": 1, "vroll": 0, "react": 0, "reroll": 2, "m1x1": 2, "m1x2": 2,
          "m2x1": 4, "m2x2": 4}


def _pd_effect(k):
    def f(st, p, s, args):
        np = args[0]
        st._bump(st.prank[p], np)
        st._bump(st.dodge[p], k - np)
    return f


_EFFECT = {
    "swap": State._e_swap, "less": State._e_less, "disc": State._e_disc,
    "no4": State._e_no4, "notie": State._e_notie, "clear": State._e_clear,
    "dodge1": State._e_dodge1, "prank1": State._e_prank1,
    "pd2": _pd_effect(2), "pd3": _pd_effect(3), "pd4": _pd_effect(4),
    "deact": State._e_deact, "reduce": State._e_reduce, "vroll": State._e_vroll,
    "react": State._e_react, "reroll": State._e_reroll,
    "m1x1": State._e_mod, "m1x2": State._e_mod, "m2x1": State._e_mod, "m2x2": State._e_mod,
}

_WAKE = {
    "dodge": State._a_dodge, "combat": State._a_combat, "score": State._a_score,
    "goal": State._a_goal, "ready": State._a_ready, "advance": State._a_advance,
    "trim": State._a_trim, "take": State._a_take, "task": State._a_task,
    "shake": State._a_shake, "keep": State._a_keep,
}
_ACT = {
    "mod": State._a_mod, "prank": State._a_prank, "dodge": State._a_dodge,
    "scally": State._a_scally, "ind": State._a_ind, "task": State._a_task,
    "pass": State._a_pass,
}


_ARITY = {"dodge": 1, "combat": 1, "score": 2, "goal": 1, "ready": 1, "advance": 2,
          "trim": 2, "take": 2, "shake": 1, "keep": 1, "mod": 4, "prank": 2,
          "scally": 2, "ind": 3, "pass": 1}


def new_game():
    return State()


def dice_where(st, p):
    """Count p's dice in every place; the total is always 9."""
    n = len(st.pool[p]) + st.used[p] + st.mods[p] + st.prank[p][0] + st.dodge[p][0] + st.vic[p]
    for s in range(4):
        n += ndice(st.sc[p][s])
    for k in range(8):
        g = st.ig[p][k]
        if g is not None:
            n += g[1]
    if st.pend is not None and st.pend[0] in ("shake", "reroll") and p == st.turn:
        n += st.pend[1]
    return n


def check(st):
    """Raise AssertionError if an invariant is broken (tests call this after every step)."""
    for p in (0, 1):
        assert dice_where(st, p) == C.DICE_PER_PLAYER, ("dice", p, dice_where(st, p))
        assert 1 <= st.cookie[p] <= 6, ("cookie", p)
        assert 0 <= st.vic[p] <= C.WIN_VICTORY
        assert st.vic[p] < C.WIN_VICTORY or st.winner == p
        assert 0 <= st.mods[p] <= C.MOD_SPOTS
        for pd in (st.prank[p], st.dodge[p]):
            assert 0 <= pd[0] <= pd[1] <= C.MAX_SLOT, ("slots", pd)
            assert (pd[0] == 0) == (pd[1] == 0)
        for s in range(4):
            m = st.sc[p][s]
            assert m & ~0x7E == 0
            assert m == 0 or s in st.sets
            assert st.rd[p][s] in (0, 1)
        for v in st.pool[p]:
            assert 1 <= v <= 6
        assert st.pool[p] == sorted(st.pool[p])
        assert st.used[p] >= 0
        for k in range(8):
            g = st.ig[p][k]
            if g is not None:
                assert k in st.inds
                assert tuple(g[0]) in C.PATTERNS[k]
                assert 1 <= g[1] <= len(g[0])
    if st.phase != SETUP:
        assert len(st.sets) == 3 and len(st.inds) == 6
    return True

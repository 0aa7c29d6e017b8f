"""Rules engine for Auntie Mildred's List of Random Tasks (2 players).

A pure state machine following dicebox.core.game. Where the rulebook is silent or
contradicts itself the numbered rulings in help.RULINGS apply; comments cite
them as R<n>.

The modules: cards.py (every card's data), board.py (phases, flags and the
scallywag bitmask helpers, re-exported here, and the saved fields, FIELDS),
rewards.py (one record per task reward: what it needs, its choices, its
check, its effect), this module (the State: dice moves, phases, legal-move
lists, words), checks.py (a saved state's checks), bot.py, table.py.

The State's fields, each the key it is saved under, are listed beside
``FIELDS`` in board.py. ``is_over()`` is the one way to ask whether the game
has ended.

Saved states come back through ``State.from_dict``: checks.py (imported only
then) refuses anything that breaks a type, range, length or invariant with
``checks.BadState`` (a ``valid.BadData``). A move that is not listed is
refused by ``apply`` with the reason checks.py's ``why_not`` gives (imported
only then, too: play carries only the moves' effects). ``describe(action)``
words an action from the state before it, for the move log, the bots'
messages and the menus.

Actions (tuples, first item a verb):
  Wakeup: ("dodge",) ("combat",) ("score", card) ("goal",) ("ready",)
          ("advance", set) ("trim", set) ("take", "prank") ("take", "ind", card)
          ("take", "col", set) ("task", ...) ("shake",) ("keep",)
  Action: ("mod", die, target, +-1) ("prank", v) ("dodge", v) ("scally", set)
          ("ind", card, pattern) ("task", set, level, *args) ("pass",)
  A task via DIY#6 is ("task", DIY, 6, set2, level2, *args2).
"""
from dicebox.core.game import CHANCE, TERMINAL, IllegalMove, tup
from dicebox.games.mildred import cards
from dicebox.games.mildred import rewards
from dicebox.games.mildred import words
from dicebox.games.mildred.board import (  # noqa: F401 (re-exported)
    ACT, F_ALL, F_COOK, F_DISC, F_PAID, F_READY, OVER, SETUP, SH_LESS, SH_NO4,
    SH_NOTIE, SHAKE, START, WAKE, counts, ndice, top, wrap)
from dicebox.games.mildred.board import FIELDS, ROUND_LIMIT, ind_dice

LOG_WIDTH = 120     # a move log line is kept to this many characters (core.movelog)

# The dice each indulgency pattern needs, by value, in one bytes string:
# pattern i of card k needs ``_NEEDS[7 * (cards.AT[k] + i) + v]`` dice of value v.
_NEEDS = cards.NEEDS


def _shape_why(a):
    """Why ``a`` cannot be an action at all (None if it may be one): a tuple
    whose first item is a verb and whose other items are whole numbers (not
    floats, not True/False), the one word of a "take", or the dice of an
    indulgency: the types legal_actions() lists."""
    if type(a) is not tuple or not a or type(a[0]) is not str:
        return "malformed action"
    for i in range(1, len(a)):
        x = a[i]
        if type(x) is int:
            continue
        if i == 1 and a[0] == "take" and type(x) is str:
            continue
        if i == 2 and a[0] == "ind" and type(x) is tuple:
            for v in x:
                if type(v) is not int:
                    return "malformed action: %r is not a die" % (v,)
            continue
        return "malformed action: %r is not a whole number" % (x,)
    return None


def _canon(a):
    """Action ``a`` (of a move's shape) spelt as legal_actions() lists it:
    the dice of an indulgency, of a Cook 2 reroll or of a two-dice Cook
    change in ascending order (the order they are given in does not matter)."""
    if a[0] == "ind":
        return (a[0], a[1], tuple(sorted(a[2])))
    if a[0] != "task":
        return a
    n = 3
    code = cards.CODES[a[1]][a[2] - 1]
    if code == "any":
        n = 5
        code = cards.CODES[a[3]][a[4] - 1]
    tail = a[n:]
    if code == "reroll":
        tail = tuple(sorted(tail))
    elif len(tail) == 4 and tail[2:] < tail[:2]:
        tail = tail[2:] + tail[:2]
    return a[:n] + tail


class State:
    # ---- the game contract (core/game.py), in its order ---------------------
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

    def current_player(self):
        if self.phase == OVER:
            return TERMINAL
        if self.phase != WAKE and self.phase != ACT or self.pend is not None:
            return CHANCE
        return self.turn

    def is_over(self):
        return self.phase == OVER

    def legal_actions(self):
        if self.current_player() < 0:
            return []
        p = self.turn
        out = []
        if self.phase == WAKE:
            self.legal_wake(p, out)
        else:
            self.legal_act(p, out)
        for t in self.task_cards(p):
            self.task_actions(p, t, out)
        return out

    def apply(self, action):
        if self.current_player() < 0:
            raise IllegalMove("game over" if self.phase == OVER else "dice must be rolled")
        a = tup(action)
        why = _shape_why(a)
        if why:
            raise IllegalMove(why)
        try:
            c = _canon(a)
        except (IndexError, TypeError, ValueError, KeyError):
            c = None                                 # not even spelt as a move
        if c is None or len(c) != len(a) or c not in self.legal_actions():
            raise IllegalMove(self._why_not(a))       # exactly a listed move, nothing else
        self.do(a)

    def do(self, action):
        """Play ``action`` (a tuple) without ``apply``'s checks, for search:
        only for an action ``legal_actions`` listed (the verbs here are the
        moves' effects; what refuses anything else is checks.why_not)."""
        (_WAKE if self.phase == WAKE else _ACT)[action[0]](self, self.turn, action)

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

    def describe(self, action):
        """Words for ``action``, said from this state (before it is applied):
        the move log's line, "P1 " and what the action did, with its outcome
        (a prank that hit or was dodged, cookies and victory dice won or
        lost, the end). The log and the bots' messages use these words (the
        menus' own: kinds.steps)."""
        a = tup(action)
        t = words.say(self, a)
        c = self.clone()
        try:
            c.apply(a)
        except IllegalMove as e:
            return "P%d %s: not allowed (%s)" % (self.turn + 1, t, e.reason)
        ch = words.changes(self, c, words.skip(self, a))
        t = "P%d %s%s" % (self.turn + 1, t, ("; " + ", ".join(ch)) if ch else "")
        return t if len(t) <= LOG_WIDTH else t[:LOG_WIDTH - 3] + "..."

    def describe_chance(self, values):
        """Words for the roll ``values`` (as ``apply_chance`` takes them)."""
        ph = self.phase
        if ph == SETUP:
            left = list(range(8))
            left.pop(values[0])
            left.pop(values[1])
            return "Dealt: %s; task sets %s" % (
                ", ".join(cards.INDULGENCIES[k][0] for k in sorted(left)),
                ", ".join(cards.SET_NAMES[k] for k in range(4) if k != values[2]))
        faces = [v + 1 for v in values]
        if ph == START:
            sa = sum(faces[:9])
            sb = sum(faces[9:])
            if sa == sb:
                return "Start shake: both %d, a tie: shake again" % sa
            first = 1 if sa < sb else 2
            return ("Start shake: P1 %d, P2 %d. The lower total starts: P%d begins "
                    "in its Action phase; P%d may keep its dice" % (sa, sb, first, 3 - first))
        if self.pend is None:
            return ""
        p = self.turn + 1
        fs = " ".join(str(f) for f in sorted(faces))
        kind = self.pend[0]
        if kind == "shake":
            return "P%d shook %s: %s" % (p, words.n_dice(len(faces)), fs)
        c = self.clone()
        c.apply_chance(values)
        ch = words.changes(self, c)
        if kind == "reroll":
            return "P%d rerolled: %s: %s" % (p, fs, ", ".join(ch))
        return "P%d rolled victory dice: %s: %s" % (p, fs, ", ".join(ch) if ch else "no change")

    def end_reason(self):
        """Why the game ended, in words ("" while it goes on)."""
        if self.phase != OVER:
            return ""
        w = self.winner
        if self.rounds >= ROUND_LIMIT:
            if w < 0:
                return "After %d rounds both have the same victory dice and cookie die: a draw." % ROUND_LIMIT
            return ("After %d rounds the game stops: P%d has more victory dice or, equal on "
                    "those, the higher cookie die." % (ROUND_LIMIT, w + 1))
        if self.vic[w] >= cards.WIN_VICTORY:
            return "P%d placed a 3rd victory die." % (w + 1)
        return ("P%d's prank hit P%d at cookie 1 with a Laundry die, and P%d had no "
                "victory die to lose." % (w + 1, 2 - w, 2 - w))

    def to_dict(self):
        return FIELDS.dump(self)

    @classmethod
    def from_dict(cls, d):
        """A state from ``to_dict``'s data, refused with ``checks.BadState``
        (a ``valid.BadData``) unless it is a version 1 record with every
        field, each of its type, range and length, and the invariants of
        ``checks.check`` hold (no die created or lost). The checks are
        imported here, the one place a saved state is read back."""
        from dicebox.games.mildred import checks
        return checks.load(cls(True), d)

    def clone(self):
        return FIELDS.copy(self, State(True))

    # ---- helpers outside the contract: the legal lists ----------------------
    def legal_wake(self, p, out):
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
            if not (m >> cards.GOAL_LEVEL) & 1:
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
        if (not self.flags & F_COOK and cards.COOK in self.sets and self.sc[p][cards.COOK]):
            for s in self.sets:
                m = self.sc[p][s]
                if m and top(m) < 6:
                    out.append(("advance", s))
        if self.wake_block(p) is None:
            out.append(("shake",))
            if self.keep == p:
                out.append(("keep",))

    def _why_not(self, a):
        """The reason a move that is not listed is refused (the move as the
        player reads it: "shake first: that is an Action"), else that it is
        not a move here: checks.why_not, imported only now."""
        from dicebox.games.mildred import checks
        try:
            why = checks.why_not(self, a, _WAKE, _ACT)
        except (IndexError, TypeError, ValueError, KeyError):
            return "malformed action"
        return why or "not a move of this position"

    def legal_act(self, p, out):
        out.append(("pass",))
        pool = self.pool[p]
        if not pool:
            return
        c = counts(pool)
        vals = [v for v in range(1, 7) if c[v]]
        if self.mods[p] < cards.MOD_SPOTS and len(pool) >= 2:
            for v in vals:
                for t in vals:
                    if t != v or c[v] >= 2:
                        out.append(("mod", v, t, 1))
                        out.append(("mod", v, t, -1))
        if self.prank[p][1] < cards.MAX_SLOT:
            for v in vals:
                out.append(("prank", v))
        if self.dodge[p][1] < cards.MAX_SLOT:
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
            if n + wild < cards.INDULGENCIES[k][3]:
                continue
            o = 7 * cards.AT[k]
            for i in range(cards.AT[k + 1] - cards.AT[k]):
                miss = 0
                for v in range(1, 7):
                    nd = _NEEDS[o + v]
                    if nd > c[v]:
                        miss += nd - c[v]
                if miss <= wild:
                    out.append(("ind", k, cards.pattern_at(o)))
                o += 7

    def task_cards(self, p):
        """The task cards seat ``p`` may play now, one at a time (a generator,
        so a bot can list their choices in slices): ``(s, lv)`` for a card's
        own reward, ``(s, lv, s2, lv2)`` for a card that copies card lv2 of
        set s2."""
        if self.phase == WAKE and not self.flags & F_READY:
            return
        for s in self.sets:
            m = self.sc[p][s]
            if not m or not self.rd[p][s] or self.flags & (F_PAID << s):
                continue
            kinds = cards.KINDS[s]
            codes = cards.CODES[s]
            for lv in range(1, top(m) + 1):
                if kinds[lv - 1] == "A":
                    continue
                if codes[lv - 1] != "any":
                    yield (s, lv)
                    continue
                for s2 in self.sets:
                    for lv2 in range(1, 7):
                        if cards.KINDS[s2][lv2 - 1] != "A" and cards.CODES[s2][lv2 - 1] != "any":
                            yield (s, lv, s2, lv2)

    def task_actions(self, p, t, out):
        """Append to ``out`` the task actions of ``t`` (from ``task_cards``)."""
        reward = cards.CODES[t[2]][t[3] - 1] if len(t) == 4 else cards.CODES[t[0]][t[1] - 1]
        for args in rewards.choices(self, p, t[0], reward):
            out.append(("task",) + t + args)

    # ---- helpers outside the contract: dice moving --------------------------
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
        elif self.dodge[p][0] or self.prank[p][0]:
            pd = self.dodge[p] if self.dodge[p][0] else self.prank[p]
            pd[0] -= 1
            if pd[0] == 0:
                pd[1] = 0
        else:
            best = -1
            low = 0
            for s in self.sets:          # the lowest scallywag of all sets
                m = self.sc[p][s]
                if m and (best < 0 or (m & -m) < low):
                    best = s
                    low = m & -m
            if best >= 0:
                m = self.sc[p][best] & ~low
                self.sc[p][best] = m
                if not m:
                    self.rd[p][best] = 0
                return
            for k in range(8):
                g = self.ig[p][k]
                if g is not None:
                    self.ig[p][k] = None
                    self.used[p] += g[1] - 1
                    return
            raise IllegalMove("no die left")  # cannot happen with 9 dice

    def victory(self, p):
        """A victory die for p (R4); the third one wins at once."""
        if self.phase == OVER:
            return
        self.take_die(p)
        self.vic[p] += 1
        if self.vic[p] >= cards.WIN_VICTORY:
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
        return cards.LAUNDRY in self.sets and self.sc[p][cards.LAUNDRY] != 0

    def remove_top(self, p, s):
        m = self.sc[p][s]
        t = top(m)
        self.sc[p][s] = m & ~(1 << t)
        self.used[p] += 1
        if not self.sc[p][s]:
            self.rd[p][s] = 0
        return t

    def clear_cols(self, p):
        for s in self.sets:
            self.used[p] += ndice(self.sc[p][s])
            self.sc[p][s] = 0
            self.rd[p][s] = 0

    # ---- helpers outside the contract: one verb each (do) -------------------
    # Each verb is a listed move's effect; checks.why_not has the reasons
    # that refuse a move that is not listed, verb by verb.

    # Wakeup steps

    def can_score(self, p, k):
        """None if p may score indulgency k now, else the reason."""
        g = self.ig[p][k]
        if g is None:
            return "no dice of yours there"
        if cards.INDULGENCIES[k][2] == 4 and self.shen[p] & SH_NO4:
            return "blocked by Clean#4"
        og = self.ig[1 - p][k]
        if og is not None:
            mine = cards.pattern_key(k, tuple(g[0]))
            theirs = cards.pattern_key(k, tuple(og[0]))
            if mine < theirs:
                return "opponent's dice are higher"
            if mine == theirs:
                if not self.has_laundry(p):
                    return "tie: needs a Laundry die"
                if self.shen[p] & SH_NOTIE:
                    return "ties blocked by Clean#5"
        return None

    def wake_block(self, p):
        """Why the Wakeup cannot end yet, or None."""
        if self.dodge[p][0]:
            return "take back your dodge dice first (Take dodge)"
        for s in self.sets:
            if ndice(self.sc[p][s]) > 1:
                return "one scallywag a set: the lower ones go back first (One a set)"
        return None

    # Tasks

    def _a_dodge(self, p, a):      # the Wakeup's: the dodge dice back
        self._give_back(p, self.dodge[p])

    def _give_back(self, p, d):
        """Player ``p``'s prank or dodge dice ``d`` go back to the used pool."""
        self.used[p] += d[0]
        d[0] = 0
        d[1] = 0

    def _a_combat(self, p, a):
        pr = self.prank[p]
        o = 1 - p
        hit = pr[1] > self.dodge[o][1]
        self._give_back(p, pr)
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

    def _a_score(self, p, a):
        k = a[1]
        g = self.ig[p][k]
        self.ig[p][k] = None
        self.used[p] += g[1]
        self.gain(p, cards.INDULGENCIES[k][2])

    def _a_goal(self, p, a):
        self.clear_cols(p)
        self.victory(p)
        self.victory(p)

    def _a_ready(self, p, a):
        for s in self.sets:
            if self.sc[p][s]:
                self.rd[p][s] = 1
        self.flags |= F_READY

    def _a_advance(self, p, a):
        s = a[1]
        m = self.sc[p][s]
        t = top(m)
        self.sc[p][s] = (m & ~(1 << t)) | (1 << (t + 1))  # R10
        self.flags |= F_COOK

    def _a_trim(self, p, a):
        s = a[1]
        m = self.sc[p][s]
        self.sc[p][s] = 1 << top(m)
        self.used[p] += ndice(m) - 1

    def _a_take(self, p, a):
        what = a[1]
        if what == "prank":
            self._give_back(p, self.prank[p])
        elif what == "ind":
            k = a[2]
            self.used[p] += self.ig[p][k][1]
            self.ig[p][k] = None
        else:           # "col"
            s = a[2]
            self.used[p] += ndice(self.sc[p][s])
            self.sc[p][s] = 0
            self.rd[p][s] = 0

    def _a_shake(self, p, a):
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
        self.keep = -1
        self.phase = ACT

    # Action phase

    def _a_mod(self, p, a):
        die, tgt, d = a[1], a[2], a[3]
        pool = self.pool[p]
        pool.remove(die)
        pool.remove(tgt)
        pool.append(wrap(tgt + d))
        pool.sort()
        self.mods[p] += 1

    def _a_place(self, p, a):      # a shaken die on prank or on dodge
        pd = (self.prank if a[0] == "prank" else self.dodge)[p]
        self.pool[p].remove(a[1])
        pd[0] += 1
        pd[1] += 1

    def _a_scally(self, p, a):
        s = a[1]
        m = self.sc[p][s]
        n = top(m) + 1
        self.pool[p].remove(n)
        if not m:
            self.rd[p][s] = 1
        self.sc[p][s] = m | (1 << n)

    def _a_ind(self, p, a):
        k = a[1]
        pat = tuple(sorted(a[2]))
        take = ind_dice(self, p, pat)
        pool = self.pool[p]
        for v in take:
            pool.remove(v)
        self.ig[p][k] = [list(pat), len(take)]

    def _a_pass(self, p, a):
        self.flags = 0
        self.shen[p] = 0
        if self.keep == p:
            self.keep = -1
        self.rounds += 1
        if self.rounds >= ROUND_LIMIT:     # R14: more victory dice, else the higher cookie die
            self.phase = OVER
            a = (self.vic[0], self.cookie[0])
            b = (self.vic[1], self.cookie[1])
            self.winner = 0 if a > b else 1 if b > a else -1
            return
        o = 1 - p
        self.turn = o
        self.phase = WAKE
        self.used[o] += self.mods[o]  # R11: modify dice come back on their own
        self.mods[o] = 0

    def _a_task(self, p, a):
        s = a[1]
        code = cards.CODES[s][a[2] - 1]
        args = a[3:]
        if code == "any":  # R12
            code = cards.CODES[args[0]][args[1] - 1]
            args = args[2:]
        self.rd[p][s] = 0
        self.flags |= F_PAID << s
        rewards.do(self, p, s, code, args)


_WAKE = {
    "dodge": State._a_dodge, "combat": State._a_combat, "score": State._a_score,
    "goal": State._a_goal, "ready": State._a_ready, "advance": State._a_advance,
    "trim": State._a_trim, "take": State._a_take, "task": State._a_task,
    "shake": State._a_shake, "keep": State._a_keep,
}
_ACT = {
    "mod": State._a_mod, "prank": State._a_place, "dodge": State._a_place,
    "scally": State._a_scally, "ind": State._a_ind, "task": State._a_task,
    "pass": State._a_pass,
}

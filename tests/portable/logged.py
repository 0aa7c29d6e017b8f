"""Games played to their end by bots with a game log recorded as the tables
would record it (core/gamelog.py): each game gives its final state, its log
and, when asked, the state and the words after every step (as checksums:
the MicroPython heap holds a long game's); and the checks the tests of each
title's logs share (tests/portable/test_gamelog_*.py)."""
import gc
from array import array
from dicebox.core import gamelog, logreplay, rng
from dicebox.core.game import CHANCE
from dicebox.core.think import Budget
from dicebox.core.valid import BadData
from playing import checksum, decisions


def key(st):
    """A checksum of a state's save (its fields in order of their names)."""
    d = st.to_dict()
    return checksum(0, [(k, d[k]) for k in sorted(d)])


class Live:
    """What a played game leaves: ``st`` the final state, ``blob`` the log's
    bytes, ``states`` (with ``every``) the saved state after each step and
    ``words`` each step's words (``key``s and checksums), ``seats`` who made
    each step."""

    def __init__(self, title, kinds, st, every):
        self.st = st
        self.kinds = kinds
        self.rec = gamelog.Recorder(title, kinds, st)
        self.every = every
        self.states = array("L")
        self.words = array("L")
        self.seats = []
        self.blob = None
        self.prev_clock = False

    def action(self, seat, a, names=None):
        st = self.st
        w = st.describe(a) if names is None else st.describe(a, names)
        st.apply(a)
        self.rec.action(seat, a)
        self._after(seat, w, a)

    def chance(self, values, names=None):
        st = self.st
        w = st.describe_chance(values) if names is None else st.describe_chance(values, names)
        st.apply_chance(values)
        self.rec.chance(values)
        self._after(CHANCE, w, None)

    def rolled(self, st, r):
        """A chance step drawn with ``r`` and logged (``playing.decisions``' roll)."""
        self.chance([r.randbelow(n) for n in st.chance_request()])

    def _after(self, seat, w, a):
        if not self.every:
            return
        clock = a is not None and a[0] == self.rec.codec.COALESCE
        if clock and self.prev_clock:
            # the recorder keeps the last of clock actions that follow one another
            self.states[-1] = key(self.st)
            self.words[-1] = checksum(0, w)
            return
        self.prev_clock = clock
        self.states.append(key(self.st))
        self.words.append(checksum(0, w))
        self.seats.append(seat)

    def end(self):
        """The log's bytes (the recorder let go)."""
        self.blob = self.rec.encode()
        assert self.rec.text() == gamelog.to_text(self.blob)
        self.title = self.rec.title
        self.rec = None
        return self


def dairyman(seed, n, level, every=False, odd=0):
    """A Dairyman game of ``n`` bots of ``level``; with ``odd`` one move in
    ``odd`` is a random legal one, its dice picked among the equal ones
    (another die of the same face, the set's dice in another order)."""
    from dicebox.games.dairyman import rules, bot
    r = rng.seeded(seed)
    br = rng.seeded(seed * 7919 + 13)
    g = Live("dairyman", [1 + level] * n, rules.State(n), every)
    st = g.st
    for _ in decisions(st, r, roll=g.rolled):
        if odd and br.randbelow(odd) == 0:
            acts = st.legal_actions()
            a = _other_dice(st, acts[br.randbelow(len(acts))], br)
        else:
            a = None
            for a in bot.think(st, br, level, Budget(bot.SLICE)):
                pass
        g.action(st.seat, a)
    return g.end()


def _other_dice(st, a, r):
    if a[0] != "lock":
        return a
    dice = list(a[1])
    for k in range(len(dice)):
        same = [i for i in st.free_dice()
                if st.dv[i] == st.dv[dice[k]] and st.dc[i] == st.dc[dice[k]] and i not in dice]
        if same and r.randbelow(2):
            dice[k] = same[r.randbelow(len(same))]
    if r.randbelow(2):
        dice.reverse()
    return ("lock", tuple(dice))


def mildred(seed, levels, every=False, odd=0):
    """A Mildred game of two bots (``levels``); with ``odd`` one move in
    ``odd`` a random legal one, an indulgency's dice in another order."""
    from dicebox.games.mildred import rules, bot
    r = rng.seeded(seed)
    g = Live("mildred", [1 + lv for lv in levels], rules.State(), every)
    st = g.st
    for _ in decisions(st, r, roll=g.rolled):
        if odd and r.randbelow(odd) == 0:
            acts = st.legal_actions()
            a = acts[r.randbelow(len(acts))]
            if a[0] == "ind":
                a = (a[0], a[1], tuple(reversed(a[2])))
        else:
            a = bot.run(bot.think(st, r, levels[st.turn], Budget(bot.SLICE)))
        g.action(st.turn, a)
    return g.end()


def milestones(seed, n, level, every=False, big=False, mand=(), hg=None, pauses=True):
    """A Milestones game of ``n`` bots of ``level`` stepped as the table
    steps them, the clock moving on in frames (a few between rolls, ~4 s a
    roll), now and then laid down and stood up again (on a new clock too)."""
    from dicebox.games.milestones import rules, bot
    from milestones_games import stepped
    r = rng.seeded(seed)
    st = rules.State(n, big, mand, hg)
    names = ["S%d" % (i + 1) for i in range(n)] if seed % 2 else None
    g = Live("milestones", [1 + level] * n, st, every)
    look, turn = stepped(st, r, [bot.Bot(i, level) for i in range(n)], 500)
    now = 0
    while not st.is_over():
        if st.current_player() == CHANCE:
            g.chance([r.randbelow(k) for k in st.chance_request()], names)
            continue
        got = look()
        own = got is None
        a = (turn() if own else got)[1]
        g.action(st.turn if a[0] == "roll" else a[1], a, names)
        if not own:
            continue
        if st.current_player() == CHANCE:
            g.chance([r.randbelow(k) for k in st.chance_request()], names)
        for _ in range(1 + r.randbelow(6)):
            if st.is_over():
                break
            now += r.randbelow(1600)
            g.action(None, ("time", now), names)
        if pauses and not st.is_over() and r.randbelow(12) == 0:
            g.action(None, ("pause", now), names)
            if r.randbelow(2):
                now = r.randbelow(5000)         # stood up on a new clock
            g.action(None, ("resume", now), names)
    bot.clear_announcements()
    g.names = names
    return g.end()


# ---- the checks every title's tests share ----------------------------------------
def replayed(g, every=64):
    log = logreplay.decode(g.blob)
    return log, logreplay.Replay(log, every, getattr(g, "names", None))


def replays_to_the_end(gs):
    """Each game's log, read back (as bytes and as text), replays to exactly
    the live game's final state."""
    for g in gs:
        log, r = replayed(g)
        assert log.kinds == g.kinds and log.title == g.title
        n = log.n
        r.seek(n)
        assert r.pos == n and r.state.is_over()
        assert r.state.to_dict() == g.st.to_dict(), (log.title, n)
        log = r = None
        gc.collect()
        t = gamelog.to_text(g.blob)
        assert logreplay.from_text(t) == g.blob
        log2 = logreplay.decode(t)
        assert log2.n == n and log2.kinds == g.kinds


def every_step(g, every=16):
    """Game ``g`` (played with ``every``) stepped forwards, back and by leaps:
    each state and its words those of the live game."""
    log, r = replayed(g, every)
    assert log.n == len(g.states)
    for i in range(log.n):
        assert r.forward()
        assert key(r.state) == g.states[i], (log.title, i)
        assert checksum(0, r.said) == g.words[i] and r.who == g.seats[i], (log.title, i, r.said)
    assert not r.forward() and r.pos == log.n
    assert r.state.to_dict() == g.st.to_dict()
    for i in range(log.n - 1, 0, -1):
        assert r.back()
        assert key(r.state) == g.states[i - 1], (log.title, i)
        assert checksum(0, r.said) == g.words[i - 1] and r.who == g.seats[i - 1]
    assert r.back() and r.pos == 0 and r.said == "" and r.who is None
    assert not r.back()
    assert r.state.to_dict() == log.new_state().to_dict()
    for i in (log.n, 1, log.n // 2, 3 * log.n // 4, 17, log.n // 3):
        assert key(r.seek(i)) == g.states[i - 1], (log.title, i)
    assert len(r.marks) == 1 + log.n // every
    return log


def jumps(g, seats):
    """Jumping to each seat's next step, from the start to its last."""
    log, r = replayed(g)
    for seat in seats:
        r.seek(0)
        n = 0
        while r.jump(seat):
            n += 1
            i = r.pos - 1
            assert r.who == seat and g.seats[i] == seat and checksum(0, r.said) == g.words[i]
            assert key(r.state) == g.states[i]
            j = r.next_of(seat)
            assert j == -1 or (j >= r.pos and g.seats[j] == seat and seat not in g.seats[r.pos:j])
        assert n == g.seats.count(seat) and n > 0, (seat, n)
        assert r.next_of(seat) == -1 and not r.jump(seat)
    return r


def sizes(gs, most, per_step=2.8):
    """Prints and bounds the bytes of the games' logs."""
    t = gs[0].title
    got = [(len(g.blob), logreplay.decode(g.blob).n) for g in gs]
    b = sorted(x for x, _ in got)
    step = sum(b) / float(sum(n for _, n in got))
    print("%-10s %d games: bytes a game %d..%d, median %d, %.2f a step" % (
        t, len(b), b[0], b[-1], b[len(b) // 2], step))
    assert b[-1] <= most and step <= per_step, (t, b, step)
    return b


def mutated(data, r):
    """``data`` with a bit flipped, a byte put in or taken out, or cut short."""
    d = bytearray(data)
    k = r.randbelow(4)
    i = r.randbelow(len(d))
    if k == 0:
        d[i] ^= 1 << r.randbelow(8)
    elif k == 1:
        d = d[:i] + bytes((r.randbelow(256),)) + d[i:]
    elif k == 2:
        d = d[:i] + d[i + 1:]
    else:
        d = d[:i]
    return d


def sealed(body):
    c = gamelog.crc16(body)
    return bytes(body) + bytes((c >> 8, c & 255))


def mutations(blobs, seed, n=200):
    """``n`` seeded mutations of the logs ``blobs``: every other one sealed
    again (its checksum made right, for the steps' checks to judge), every
    fourth given as text; each is refused with BadData (saying why) or reads
    back to a game that replays legally (to its end when asked to be
    finished). Returns (refused, replayed)."""
    r = rng.seeded(seed)
    refused = 0
    played = 0
    for case in range(n):
        if case % 16 == 0:
            gc.collect()
        data = blobs[case % len(blobs)]
        if case % 2:
            d = sealed(mutated(data[:-2], r))
        else:
            d = bytes(mutated(data, r))
        blob = gamelog.to_text(d) if case % 4 == 3 else d
        finished = case % 3 != 0
        try:
            log = logreplay.decode(blob, finished)
        except BadData as e:
            assert str(e), case
            refused += 1
            continue
        rp = logreplay.Replay(log, 32)
        rp.seek(log.n)
        assert not finished or rp.state.is_over()
        rp.seek(log.n // 2)
        played += 1
    print("%d mutations: %d refused, %d replayed" % (n, refused, played))
    assert refused + played == n and refused >= n // 2
    return refused, played


def resumes(g, other=None):
    """Game ``g``'s log cut in the middle (as a save in progress keeps it):
    not a finished game, but the recorder goes on from it (``other``: a
    state it does not reach, refused) and the rest of the game recorded on
    gives the whole log again."""
    whole = logreplay.decode(g.blob)
    half = whole.n // 2
    st = logreplay.Replay(whole).seek(half).clone()
    part = whole.data[:whole.offsets[half]]
    blob = sealed(part)
    try:
        logreplay.decode(blob)
        raise AssertionError("half a game read as a finished one")
    except BadData as e:
        assert "before the game's end" in str(e)
    assert logreplay.decode(blob, False).n == half
    rec = logreplay.resume(gamelog.to_text(blob), st)
    assert rec.size() == len(part)
    if other is not None:
        try:
            logreplay.resume(blob, other(st))
            raise AssertionError("a log resumed on another game")
        except BadData as e:
            assert "does not reach" in str(e)
    for i in range(half, whole.n):
        seat, item = whole.step(i, st)
        logreplay.play_step(whole.codec, st, seat, item)
        if seat == CHANCE:
            rec.chance(item)
        else:
            rec.action(seat, item)
    assert rec.encode() == g.blob

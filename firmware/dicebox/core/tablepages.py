"""The table's pages and records used now and then, kept out of RAM during
play: the new-game page, the end page, Hint's page, the game menu, the
records of finished games (per game and bot level, a person alone against
bots) and their page, reading a saved game back (``load_table``) and the note
on a save that could not be resumed. The table imports this module when one
of them is wanted and drops it again when it comes back to the top of the
screen stack (``core.modules.drop``), so play does not carry their code.
"""
from dicebox.core import ui, ticks, events
from dicebox.core.game import KIND_FORMAT, LEVELS, TERMINAL, kind_name
from dicebox.core.movelog import MoveLog
from dicebox.core.valid import need
from dicebox.core.think import HEAP_THOUGHT, Thought
from dicebox.core.steplog import CHUNK, Steps

# ---- records -----------------------------------------------------------------------
RECORDS = "records"
LAST = "#last"          # records key: game -> the id of the last game counted
GID_MAX = 0x3FFFFFFF    # game ids are small ints 0..GID_MAX


def _check_gid(g):
    need(type(g) is int and 0 <= g <= GID_MAX, "a game id is out of range")


def _check_records(d):
    need(isinstance(d, dict) and len(d) <= 9, "records are not a table")
    for g in d:
        rows = d[g]
        need(isinstance(g, str) and len(g) <= 16, "a game name is wrong")
        if g == LAST:
            need(isinstance(rows, dict) and len(rows) <= 8, "the last games counted are wrong")
            for k in rows:
                need(isinstance(k, str) and len(k) <= 16, "a game name is wrong")
                _check_gid(rows[k])
            continue
        need(isinstance(rows, list) and len(rows) == len(LEVELS), "a game's records are wrong")
        for r in rows:
            need(isinstance(r, list) and len(r) == 3, "a record is not wins/losses/draws")
            for n in r:
                need(type(n) is int and 0 <= n < 1000000, "a count is out of range")
    return d


def load_records(store):
    return store.load(RECORDS, {}, check=_check_records)


def new_gid(store):
    """An id for a game that will be recorded: one more than the newest id
    the records hold (so never the id of the last game counted of any title)."""
    last = load_records(store).get(LAST) or {}
    top = 0
    for k in last:
        top = max(top, last[k])
    return (top + 1) & GID_MAX


def add_record(store, game, level, result, gid=None):
    """Count one finished game of a person alone against bots whose strongest
    is ``level``: ``result`` 0 win, 1 loss, 2 draw. Returns the save's result.

    With the game's id ``gid`` it counts a game once: the records keep the id
    of the last game counted, in the same write as the count, so a game
    resumed after a power cut that came after this write and before its save
    was removed ends again without being counted again."""
    d = load_records(store)
    last = d.get(LAST)
    if gid is not None and last is not None and last.get(game) == gid:
        return True             # counted already
    rows = d.get(game)
    if rows is None:
        rows = [[0, 0, 0] for _ in LEVELS]
        d[game] = rows
    rows[level][result] += 1
    if gid is not None:
        if last is None:
            last = {}
            d[LAST] = last
        last[game] = gid
    return store.save(RECORDS, d)


# ---- the steps of a game's log (core/steplog.py) ---------------------------------
LOG_ID = "logid"         # the record of the newest log id kept (core/gamelogs.py)
MAX_CHUNKS = 200         # step records of one game at most (80 KB of steps: 10,000 of them)


def chunk_name(save, k):
    return "%s_l%d" % (save, k)


def _check_chunk(d):
    need(isinstance(d, dict) and type(d.get("id")) is int and isinstance(d.get("t"), str)
         and len(d["t"]) <= CHUNK, "not a record of a game's steps")
    return d


def read_chunk(store, save, k, lid):
    """The text of step record ``k`` of the log ``lid``, or None (missing,
    damaged: set aside, or another game's)."""
    name = chunk_name(save, k)
    got = store.load(name, None, check=_check_chunk)
    store.take_problems(name)      # a damaged one: that game keeps no log
    if got is None or got["id"] != lid:
        return None
    return got["t"]


def newest_log_id(store):
    got = store.load(LOG_ID, 0)
    store.take_problems(LOG_ID)
    return got if type(got) is int and 0 <= got <= GID_MAX else 0


def open_steps(store, save, opt):
    """The steps (``steplog.Steps``) of the game whose options are ``opt``: a
    new game's (``opt`` gets its log id, one above the newest kept: only one
    game of a title is in progress, so none of its title was kept under it;
    the step records an older game left are removed), or a resumed game's up
    to its save (``opt["logn"]`` characters). None when they cannot be read back:
    that game keeps no log."""
    n = opt.get("logn")
    if n is None:
        lid = (newest_log_id(store) + 1) & GID_MAX
        opt["lid"] = lid
        k = 0
        while k < MAX_CHUNKS and store.exists(chunk_name(save, k)):
            store.delete(chunk_name(save, k))
            k += 1
        return Steps(save, lid)
    lid = opt.get("lid")
    if type(n) is not int or not 0 <= n < MAX_CHUNKS * CHUNK or type(lid) is not int:
        return None
    done = n // CHUNK
    if n == done * CHUNK:
        return Steps(save, lid, done)
    tail = read_chunk(store, save, done, lid)
    if tail is None or len(tail) < n - done * CHUNK:
        return None
    return Steps(save, lid, done, tail[:n - done * CHUNK])


def _count(n):
    """A count in three columns (a text page's row holds 15)."""
    return "%3d" % n if n < 1000 else "%2dk" % min(n // 1000, 99)


def records_text(store, game):
    """Wins, losses and draws per bot level: rows of 15 columns, so a text
    page shows each row on one line."""
    rows = load_records(store).get(game)
    out = ["Against bots:", "W won, L lost,", "D draw", "", "level   W  L  D"]
    played = False
    for i in range(len(LEVELS)):
        r = rows[i] if rows else (0, 0, 0)
        if r[0] or r[1] or r[2]:
            played = True
        name = LEVELS[i] if len(LEVELS[i]) <= 6 else LEVELS[i][:5] + "."
        out.append("%-6s%s%s%s" % (name, _count(r[0]), _count(r[1]), _count(r[2])))
    if not played:
        out.append("")
        out.append("No games yet. A game counts when one person plays against bots to the end.")
    return "\n".join(out)



def load_table(store, name, from_dict, check_seats=None, old_kinds=None):
    """``(state, seats, log, opt)`` of a saved game in progress, or None.

    One read through ``store.load``'s checking path: ``from_dict`` refuses a
    state that breaks the game's invariants, ``check_seats(state, seats)`` the
    seats. A save from before the shared table (no ``kinds``) has its seat
    kinds mapped through ``old_kinds`` (old kind -> new kind). A damaged save
    is set aside and noted under ``name`` for the game's menu."""

    def whole(d):
        need(isinstance(d, dict) and "state" in d and "seats" in d, "not a saved game")
        seats = d["seats"]
        need(isinstance(seats, list) and 1 <= len(seats) <= 8, "seats are not a list")
        newer = d.get("kinds") == KIND_FORMAT
        out = []
        for k in seats:
            need(type(k) is int and k >= 0, "a seat is not a player kind")
            if not newer:
                need(old_kinds is not None and k < len(old_kinds), "a seat is not a player kind")
                k = old_kinds[k]
            need(k <= len(LEVELS), "a seat is not a player kind")
            out.append(k)
        s = from_dict(d["state"])
        if check_seats is not None:
            check_seats(s, out)
        opt = d.get("opt")
        need(opt is None or isinstance(opt, dict), "the options are not a record")
        if opt and "gid" in opt:
            _check_gid(opt["gid"])
        return s, out, MoveLog(d.get("log")), opt or {}

    got = store.load(name, None, check=whole)
    if got is None or got[0].current_player() == TERMINAL:
        return None
    return got


# ---- pages --------------------------------------------------------------------------
# what a player may expect of each level, for the new-game screen: two lines
# of 16 characters each ("2/3": wins about two games in three)
LEVEL_ABOUT = (
    "plays loosely: a first game",
    "sensible; beats Beginner 2/3",
    "plays well; beats Casual 2/3",
    "looks ahead; beats Strong 2/3",
)

def saved_problem(app, name, title="Saved game"):
    """Show why a saved game could not be resumed (once), if it could not."""
    got = app.store.take_problems(name)
    if got:
        why = [p[len(name) + 2:] if p.startswith(name + ": ") else p for p in got]
        app.push(ui.Message(app, title, "The saved game could not be resumed (%s). "
                            "Start a new one." % "; ".join(why)))
        return True
    return False


def records_page(app, game, note=None):
    """The records page (``note`` below the counts); a damaged records file
    (set aside as it was read) is said on the page, above the counts that
    start again from zero."""
    text = records_text(app.store, game)
    if note:
        text += "\n\n" + note
    got = app.store.take_problems(RECORDS)
    if got:
        why = [p[len(RECORDS) + 2:] if p.startswith(RECORDS + ": ") else p for p in got]
        text = ("The records file was damaged (%s): the counts start again. "
                "The other saves are kept.\n\n%s" % ("; ".join(why), text))
    return ui.TextPage(app, "Records", text)



class HintPage(ui.Screen):
    """The Expert's move and why, thought in slices like a bot's move; the
    game is not touched (the hint thinks on a clone)."""

    def __init__(self, app, gen, words):
        ui.Screen.__init__(self, app)
        self.thought = Thought(gen)
        self.words = words      # action -> its words in the game
        self.text = None
        self.phase = 0
        self.heap_wait = 0
        self.first = 0          # the first line shown (a long reason scrolls)

    def tick(self, now):
        if self.text is not None:
            return
        self.heap_wait += 1
        if self.heap_wait >= HEAP_THOUGHT and not self.dirty:
            self.heap_wait = 0          # as at the table: a frame of the heap's, no slice
            self.app.collect_if_low()
            return
        try:
            got = self.thought.step()
        except Exception as e:  # RollRefused and friends: say so, change nothing
            self.text = "No hint: %s" % e
            self.dirty = True
            return
        if got is not None:
            a, why = got
            self.text = "%s\n\n%s" % (self.words(a), why)
            self.dirty = True
        elif self.thought.slices % 5 == 0:
            self.phase += 1
            self.dirty = True

    ROWS = 6                # the page's lines under its title bar
    WHY_ROWS = ROWS - 2     # the reason's, under the move's own line and a blank one

    def lines(self):
        """The reason's lines: the panel's 16 columns when it fits the page,
        else 15 beside a scroll bar."""
        got = ui.wrap(self.text)
        return got if len(got) <= self.ROWS else ui.wrap(self.text, ui.COLS - 1)

    def event(self, ev):
        if ui.is_press(ev, events.A) or ui.is_press(ev, events.B):
            self.app.pop()
        elif self.text is not None and (ui.is_step(ev, events.UP) or ui.is_step(ev, events.DOWN)):
            # a long reason scrolls a line at a time (nothing is cut at the bottom)
            n = len(self.lines())
            f = self.first + (1 if ui.is_step(ev, events.DOWN) else -1)
            f = min(max(f, 0), max(0, n - self.ROWS))
            if f != self.first:
                self.first = f
                self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, "Hint")
        if self.text is None:
            ui.text_center(fb, "Thinking" + "." * (self.phase % 4), 28)
            return
        lines = self.lines()
        y = 12
        for line in lines[self.first:self.first + self.ROWS]:
            fb.text(line, 0, y, 1)
            y += 9
        ui.scrollbar(fb, self.first, self.ROWS, len(lines), 10, ui.H - 10)


class EndPage(ui.TextPage):
    """The game's end text. Keys are ignored for a second (a burst of presses
    that skipped the last bot turn must not close it); then A or B closes the
    page and the table."""

    def __init__(self, app, text):
        ui.TextPage.__init__(self, app, "Game over", text)
        self.t0 = app.now()

    def event(self, ev):
        if ticks.since(self.app.now(), self.t0) < 1000:
            return
        if ui.is_press(ev, events.A) or ui.is_press(ev, events.B):
            self.app.pop()      # this page
            self.app.pop()      # the table


class NewGame(ui.Menu):
    """Players and the kind of each seat (a person or a bot level); the line
    under the list says how strong the selected seat's level is. Left/Right
    change the line's value, A goes on to the next line in play (never
    changes a value), A on Start starts."""

    SETUP = True

    def __init__(self, app, lo, hi, seats, on_start, replaces=False, title="New game"):
        self.lo = lo
        self.hi = hi
        self.n = max(lo, min(hi, len(seats)))
        self.seats = list(seats) + [LEVELS.index("Strong") + 1] * (hi - len(seats))
        self.on_start = on_start
        self.replaces = replaces
        items = []
        if hi > lo:
            items.append((self.players_label, None, self.adj_players))
        for i in range(hi):
            items.append((self.seat_label(i), None, self.adjuster(i)))
        items.append(("Start", self.go))
        ui.Menu.__init__(self, app, title, items)

    VISIBLE = 4

    def players_label(self):
        return "Players: %d" % self.n

    def adj_players(self, d):
        span = self.hi - self.lo + 1
        self.n = (self.n - self.lo + d) % span + self.lo
        self.dirty = True

    def seat_label(self, i):
        def lab():
            if i >= self.n:
                return "P%d: -" % (i + 1)
            return "P%d: %s" % (i + 1, kind_name(self.seats[i]))
        return lab

    def next_line(self):
        """The next line in play: a seat beyond the players' number is skipped."""
        j = self.sel + 1
        first = 1 if self.hi > self.lo else 0
        if j - first >= self.n and j < len(self.items) - 1:
            j = len(self.items) - 1     # Start
        return j % len(self.items)

    def adjuster(self, i):
        def fn(d):
            if i < self.n:
                self.seats[i] = (self.seats[i] + d) % (len(LEVELS) + 1)
                self.dirty = True
        return fn

    def selected_seat(self):
        i = self.sel - (1 if self.hi > self.lo else 0)
        return i if 0 <= i < self.n else -1

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        i = self.selected_seat()
        fb.fill_rect(0, 46, ui.W, 18, 0)
        fb.hline(0, 46, ui.W - 4, 1)
        k = self.seats[i] if i >= 0 else -1
        if k > 0:
            about = LEVEL_ABOUT[k - 1]
        elif k == 0:
            about = "a person at the table"
        elif self.sel == len(self.items) - 1:
            about = "A: start game"
        else:
            about = "Left/Right: change, A: next"
        for j, line in enumerate(ui.wrap(about)[:2]):
            fb.text(line, 0, 48 + 8 * j, 1)

    def go(self):
        if self.replaces:
            self.app.push(ui.Confirm(self.app, "Replace the saved game?", self.start))
        else:
            self.start()

    def start(self):
        self.on_start(self.seats[:self.n])


def game_menu(self):
    """The game menu of table ``self``: its moves, Hint, Moves, its pages, the
    hints switch in pass and play, help, Save and quit. Entries keep their
    places whoever is to act: the game's ``menu_items`` are always asked (a
    move not possible now is listed as such, with no action), and Hint, when
    hints are on, says "not now" off a person's decision. The cursor starts
    on the first move that can be made now (on the first entry when none can)."""
    app = self.app
    items = []
    items.extend(self.menu_items())
    moves = len(items)
    if self.hints_allowed():
        items.append(("Hint", self.hint))
    elif self.humans == 1 or self.opt.get("hints"):
        items.append(("Hint: not now", None))
    items.append(("Moves", lambda: app.replace(self.log.page(app))))
    items.extend(self.info_items())
    if self.humans > 1:
        items.append((self.hints_label, self.toggle_hints))
    items.extend(self.help_items())
    items.append(("Save and quit", self.quit))
    m = ui.Menu(app, self.GAME, items)
    for i in range(moves):           # the cursor on the first move that can be made now
        if not m.unavailable(i):     # (after "No set!", Dairyman's Fail: backorder)
            m.sel = i
            break
    m.top = max(0, m.sel - m.VISIBLE + 1)
    app.push(m)

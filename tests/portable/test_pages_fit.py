"""Every page fits the panel: walk the pages of every app and game (the home
menu, settings, about, the roller and its menus, sets, presets and help, the
timer and its menus and help, each game's start menu, new-game page, How to
play / Controls / Rules pages, records, the table, its game menu, the hint,
the move log, recaps and the end page) and fail when

* text is drawn beyond the right edge (x + 8 * len > 128) or runs into other
  text on the same row ("A: leaveB: stay"),
* a menu entry or a title is longer than its line (the menu cuts it),
* a wrap breaks a word across lines (a word longer than the line), or wraps
  a row of aligned columns (two spaces inside a line of a table, as records
  and scores are written) onto a second line.

The text functions of core/ui.py are watched (``ui.wrap``, ``ui.title_bar``)
and every page is drawn into a frame buffer that records where text goes.
The games are walked in test_pages_fit_<game>.py (each with the heap to itself).
"""
from dicebox.core.modules import forget
from dicebox.core import events as E
from dicebox.core import ui
from console import FakeApp, TextFB
from fakehw import FakeHW

PROBLEMS = []
WHERE = ["start"]
VISITED = []


def note(kind, text):
    got = "%s: %s: %r" % (WHERE[0], kind, text)
    if got not in PROBLEMS:
        PROBLEMS.append(got)


class FitFB(TextFB):
    """Records each text's span on its row; notes cuts and collisions."""

    def __init__(self):
        TextFB.__init__(self, strict=False)
        self.spans = []

    def fill(self, c):
        TextFB.fill(self, c)
        self.spans = []

    def fill_rect(self, x, y, w, h, c):
        TextFB.fill_rect(self, x, y, w, h, c)
        if w >= 8 and h >= 8:       # text under a cleared box is gone
            self.spans = [s for s in self.spans
                          if not (x <= s[0] and s[1] <= x + w and y <= s[2] and s[2] + 8 <= y + h)]

    def text(self, s, x, y, c=1):
        TextFB.text(self, s, x, y, c)
        body = s.rstrip()
        lead = len(body) - len(body.lstrip())
        if not body.strip():
            return
        x0 = x + 8 * lead
        x1 = x + 8 * len(body)
        if x0 < 0 or x1 > 129:      # (a glyph's last column is blank)
            note("cut at the edge (x=%d..%d)" % (x0, x1), s)
        for (a0, a1, ay, at) in self.spans:
            if abs(ay - y) >= 7 or at == s:
                continue
            if x0 < a1 and a0 < x1:
                note("drawn over %r" % at, s)
            elif (x0 == a1 or x1 == a0) and len(body.strip()) > 1 and len(at.strip()) > 1:
                note("runs into %r" % at, s)     # two words with no gap (a grid of letters may touch)
        self.spans.append((x0, x1, y, s))


_wrap = ui.wrap
_title_bar = ui.title_bar


def checked_wrap(text, width=ui.COLS):
    for para in text.split("\n"):
        for w in para.split(" "):
            if len(w) > width:
                note("word broken across lines", w)
        body = para.strip()
        if "  " in body and len(para) > width:
            note("a row of columns wrapped", para)
    return _wrap(text, width)


def checked_title(fb, text, right=None):
    room = ui.COLS if not right else (ui.W - 8 * len(right) - 2) // 8
    if len(text) > room:
        note("title cut", text)
    _title_bar(fb, text, right)


def watch():
    del PROBLEMS[:]
    ui.wrap = checked_wrap
    ui.title_bar = checked_title


def unwatch():
    """The text functions back; the apps' and games' modules dropped (on
    MicroPython, as the home menu does: the heap holds one app at a time)."""
    ui.wrap = _wrap
    ui.title_bar = _title_bar
    import sys
    for name in list(sys.modules):
        if name.startswith("dicebox.games.") or name.startswith("dicebox.apps."):
            forget(name)
    import gc
    gc.collect()


SKIP = ("Save and quit", "Start", "Quit", "Reset", "Clear", "Delete", "Fairness",
        "Learn", "Done", "Resume", "Save current", "Keep marked")


def new_app(seed=5):
    app = FakeApp(seed=seed, fb=FitFB())
    app.log = lambda text: None
    app.battery_pct = 80
    app.charging = False
    app.show_problems = lambda: None
    app.beep = lambda f, ms: None        # (a long game's beeps would fill the heap)
    app.hw = FakeHW()
    app.apply_settings = lambda: None
    app.save_settings = lambda: None
    app.settings = {"sound": True, "brightness": 3, "dim_s": 30, "sleep_s": 120,
                    "i2c_khz": 1000, "shake_sens": 3}
    return app


def settle(app, n=400):
    """Frames until a thinking page (a hint) has its words."""
    for _ in range(n):
        top = app.top()
        if top is None or getattr(top, "text", 1) is not None:
            return
        app.run(33)


def look(app, page, where):
    WHERE[0] = where
    VISITED.append(where)
    page.dirty = True
    app.fb.fill(0)
    page.draw(app.fb)
    if isinstance(page, ui.Menu):
        for i in range(len(page.items)):
            lab = page.label(i)
            if len(lab) > 15:
                note("menu entry cut", lab)
        if len(page.title) > ui.COLS:
            note("title cut", page.title)
    if isinstance(page, ui.TextPage):       # every scroll position
        last = max(0, len(page.lines) - (ui.ROWS - 1))
        for f in range(0, last + 1, ui.ROWS - 1):
            page.first = f
            app.fb.fill(0)
            page.draw(app.fb)
        page.first = 0


def values(app, menu, where):
    """Each adjustable entry at a few values either side: its label fits."""
    for i in range(len(menu.items)):
        it = menu.items[i]
        if len(it) > 2 and it[2] and not ui.Menu.label(menu, i).startswith(SKIP):
            for d in (1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1):
                it[2](d)
                WHERE[0] = where
                lab = menu.label(i)
                if len(lab) > 15:
                    note("menu entry cut", lab)
                while len(app.stack) and app.top() is not menu and isinstance(app.top(), ui.TextPage):
                    look(app, app.top(), where + " > " + lab)
                    app.pop()


def crawl(app, where, depth=3):
    top = app.top()
    look(app, top, where)
    if not isinstance(top, ui.Menu) or depth == 0:
        return
    values(app, top, where)
    for i in range(len(top.items)):
        lab = top.label(i)
        it = top.items[i]
        if lab.startswith(SKIP) or not it[1] or (len(it) > 2 and it[2] and top.SETUP):
            continue
        saved = app.stack[:]
        top.sel = i
        app.press(E.A)
        settle(app)
        new = app.top()
        if new is not None and new is not top and new not in saved:
            crawl(app, where + " > " + lab, depth - 1)
        app.stack[:] = saved
        top.enter()


def home_pages(app):
    from dicebox.apps import menu
    app.push(menu.home(app))
    crawl(app, "home", 1)


def test_the_console_pages_fit():
    watch()
    try:
        from dicebox.apps import menu, settings, about, timer, roller
        app = new_app()
        app.push(menu.home(app))
        look(app, app.top(), "home")
        settings.start(app)
        crawl(app, "settings")
        app.stack[:] = []
        about.start(app)
        look(app, app.top(), "about")
        app.stack[:] = []
        timer.start(app)
        crawl(app, "timer")
        app.stack[:] = []
        roller.start(app)
        look(app, app.top(), "roller")
        app.shake()
        app.run(2000)
        look(app, app.top(), "roller roll")
        app.press(E.B)                  # the roller menu
        crawl(app, "roller menu", 3)
        from dicebox.apps import roller_menu
        rs = app.stack[0]
        for i in range(5):              # each named set, rolled (Dairyman +4 red too)
            app.stack[:] = [rs]
            m = roller_menu.NamedMenu(app, rs)
            app.push(m)
            if i < 4:
                m.sel = i
            else:
                m.sel = 1
                for _ in range(4):
                    app.press(E.RIGHT)
            lab = m.label(m.sel)
            app.press(E.A)
            app.stack[:] = [rs]
            rs.enter()
            app.shake()
            app.run(2000)
            look(app, rs, "roller " + lab)
            rs.r.mod = 12                   # and with a modifier
            rs.relayout()
            look(app, rs, "roller " + lab + " +12")
            rs.r.mod = 0
    finally:
        unwatch()
    assert len(VISITED) > 40, VISITED
    assert not PROBLEMS, "\n".join(PROBLEMS)


def pick_new_game(app, all_bots=False, people=False):
    """From a game's start menu: New game, then Start (a replace question: yes)."""
    m = app.top()
    for i in range(len(m.items)):
        if m.label(i).startswith("New game"):
            m.sel = i
            app.press(E.A)
            break
    ng = app.top()
    if (all_bots or people) and hasattr(ng, "seats"):
        for j in range(len(ng.seats)):
            ng.seats[j] = 0 if people else 1     # people only; Beginner bots only: to the end fast
    ng.sel = len(ng.items) - 1
    app.press(E.A)
    if isinstance(app.top(), ui.Confirm):
        app.press(E.A)


def is_table(page):
    return hasattr(page, "log") and hasattr(page, "seats") and hasattr(page, "s")


def read_pages(app, where):
    """Pages over the table (how it starts, a recap, a result): looked at, closed."""
    n = 0
    while not is_table(app.top()) and n < 12:
        top = app.top()
        look(app, top, where + " > " + type(top).__name__)
        app.press(E.A)                      # (a pile picker: the first pile)
        app.run(1100)
        n += 1


def to_person(app, where, limit=600):
    """Frames (reading pages, rolling) until a person decides at the table."""
    for _ in range(limit):
        read_pages(app, where)
        t = app.top()
        if t.s.current_player() < 0 and t.actor() == -2:
            return t
        if t.human_rolls():
            app.shake()
            app.run(1500)
        elif t.my_turn() and not t.queue:
            return t
        else:
            app.run(100)
    return app.top()


def table_pages(app, where):
    t = to_person(app, where)
    look(app, t, where + " table")
    for b in (E.UP, E.DOWN):        # the table's own pages (log, details, scores)
        saved = app.stack[:]
        app.press(b)
        if app.top() is not t and app.top() not in saved:
            look(app, app.top(), where + " table key %d" % b)
        app.stack[:] = saved
        t.enter()
    saved = game_menu(app, t, where + " game menu")
    t.enter()
    app.tap(E.B)                    # a short B: "Leave the game?"
    if app.top() is not t:
        look(app, app.top(), where + " leave?")
    app.stack[:] = saved
    t.enter()
    return t


def game_menu(app, t, where):
    """Hold B on the table ``t``: every page of its game menu; then the
    screens as they were (returned)."""
    saved = app.stack[:]
    app.hold_b()
    if app.top() is not t:
        crawl(app, where, 2)
    app.stack[:] = saved
    return saved


def play_to_the_end(app, t, where, limit=40000):
    t.fast = True
    import sys
    if sys.implementation.name == "micropython":
        t.log_steps = None      # no log kept: the stand-in's store holds its steps in RAM,
                                # which a long game's would crowd in the capped heap
    for _ in range(limit):
        top = app.top()
        if top is None or type(top).__name__ == "EndPage":
            break
        if top is not t:
            look(app, top, where + " > " + type(top).__name__)
            app.pop()
            continue
        t.fast = True
        app.run(33)
    top = app.top()
    assert top is not None and type(top).__name__ == "EndPage", (where, top)
    look(app, top, where + " end page")
    app.pop()
    game_menu(app, t, where + " game menu at the end")


def game(start, where, to_end=True, front=True):
    """Every page of a game: its menus and pages (``front``), a person's table,
    pass and play's cover, and (``to_end``) a bots' game to its end page."""
    if front:
        game_front(start, where)
    if not to_end:
        return
    app = new_app(seed=9)
    start(app)
    pick_new_game(app, all_bots=True)
    for _ in range(20):
        if is_table(app.top()):
            break
        read_pages(app, where)
    play_to_the_end(app, app.top(), where)


def game_fits(start, where, **kw):
    """``game`` under watch: no page of it breaks a check."""
    watch()
    try:
        game(start, where, **kw)
    finally:
        unwatch()
    assert not PROBLEMS, "\n".join(PROBLEMS)


def game_front(start, where):
    app = new_app()
    start(app)
    crawl(app, where, 3)
    app.stack[:] = app.stack[:1]
    app.top().enter()
    pick_new_game(app)
    table_pages(app, where)
    app = new_app()
    start(app)
    pick_new_game(app, people=True)             # pass and play: the cover
    for _ in range(5):
        if is_table(app.top()):
            break
        look(app, app.top(), where + " people " + type(app.top()).__name__)
        app.pop()
    look(app, app.top(), where + " people table")


def test_the_checks_see_what_they_look_for():
    watch()
    try:
        app = new_app()
        fb = app.fb
        fb.fill(0)
        fb.text("P2 wins by 5 best!", 0, 0)            # 144 px wide
        fb.text("A: leave", 4, 53)
        fb.text("B: stay", 68, 53)                       # touches "A: leave"
        ui.wrap("Beginner  0   0   0")                  # a records row of old
        ui.wrap("pool 11445556677889900 is long")        # a word wider than a line
        look(app, ui.Menu(app, "A title seventeen", [("An entry far too long", None)]), "self")
    finally:
        unwatch()
    got = "\n".join(PROBLEMS)
    del PROBLEMS[:]
    for kind in ("cut at the edge", "runs into", "a row of columns wrapped",
                 "word broken", "menu entry cut", "title cut"):
        assert kind in got, (kind, got)


def test_a_question_with_long_answers_keeps_a_gap():
    """ui.Confirm's two answers, written "A: leave" and "B: stay", would touch
    on the bottom line: it drops the spaces after the colons. Its question
    wraps at 15 columns, inside the frame round the page."""
    watch()
    try:
        app = new_app()
        look(app, ui.Confirm(app, "Leave?", lambda: None, None, "A: leave", "B: stay"), "confirm")
        look(app, ui.Confirm(app, "Leave?", lambda: None, None, "A:leave", "B:stay"), "confirm")
        look(app, ui.Confirm(app, "Clear?", lambda: None), "confirm")
        q = ui.Confirm(app, "Leave the lesson? It starts over next time.", lambda: None)
        # a line of 16 would touch the frame drawn round the question
        assert max(len(x) for x in q.lines) <= ui.COLS - 1, q.lines
    finally:
        unwatch()
    got = list(PROBLEMS)
    del PROBLEMS[:]
    assert not got, got

"""Dairyman screens driven by button events, with a stand-in app."""
from console import Fresh, kept
from dicebox.core import events, table
tablepages = Fresh("dicebox.core.tablepages")
from console import FakeApp, until_saved
from dicebox.core import ui
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.games.dairyman import table as dtable, rules
import dicebox.games.dairyman as dairyman
D_pages = Fresh("dicebox.games.dairyman.pages")
D_start = Fresh("dicebox.games.dairyman.start")

try:
    import framebuf
except ImportError:          # CPython: logic only, no drawing
    framebuf = None


class _NullFB:
    """Draws nothing, fast (CPython has no framebuf; drawing is tested by draw())."""

    def fill(self, c):
        pass

    def pixel(self, x, y, c=None):
        return 0

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c, f=False):
        pass

    def hline(self, x, y, w, c):
        pass

    def vline(self, x, y, h, c):
        pass

    def line(self, x0, y0, x1, y1, c):
        pass

    def ellipse(self, x, y, xr, yr, c, f=False, m=15):
        pass

    def text(self, s, x, y, c=1):
        pass


def App(seed=11):
    app = FakeApp(seed, fb=None if framebuf else _NullFB())
    app.t = 0
    return app


def press(app, b):
    app.top().event(events.make(events.PRESS, b))


def hold_b(app):
    """Hold B: the table's game menu."""
    for k in (events.PRESS, events.LONG, events.RELEASE):
        app.top().event(events.make(k, events.B))


def draw(app):
    if framebuf is None:
        return
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    app.top().draw(fb)
    assert any(buf)


def test_bot_game_plays_to_the_end_saving_once_per_bot_turn():
    app = App()
    t = dtable.Table(app, rules.State(2), [4, 2])
    app.push(t)
    until_saved(app, t)
    assert t.saves == 1                      # a new game is saved before its first move
    steps = 0
    while t.s.current_player() != TERMINAL and steps < 20000:
        app.t += 700
        t.tick(app.t)
        del app.beeps[:]     # the stand-in's record of beeps would grow all game
        if steps % 50 == 0:
            draw(app)
        saved = app.store.load(dairyman.SAVE, None)
        if t.s.current_player() != TERMINAL and not t.pending_save:
            # the save holds the start of the bot turn under way
            assert saved["state"]["turns"] == t.s.turns, (saved["state"]["turns"], t.s.turns)
            assert saved["kinds"] == 2 and saved["seats"] == [4, 2]
        steps += 1
    assert t.s.current_player() == TERMINAL
    # one save per bot turn (and the first), not one per step
    assert t.s.turns <= t.saves <= t.s.turns + 2, (t.saves, t.s.turns)
    assert steps > 3 * t.s.turns
    app.t += 33
    app.frame()                             # the end: its log kept, a slice a frame,
    kept(app)                               # then recorded, the save removed
    assert app.store.load(dairyman.SAVE, None) is None
    assert isinstance(app.top(), tablepages.EndPage)
    draw(app)
    press(app, events.A)                    # too soon: ignored
    assert isinstance(app.top(), tablepages.EndPage)
    app.t += 1500
    press(app, events.A)
    assert D_pages.load(app) is None          # finished games are not offered again


def _to_human_turn(app, t):
    while t.s.current_player() != CHANCE or t.s.seat != 0 or t.s.pending[0] != 1:
        app.t += 700
        t.tick(app.t)


def test_human_builds_sets_with_cursor_and_gets_reasons():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 4])
    app.push(t)
    _to_human_turn(app, t)
    draw(app)
    t.s.apply_chance([5, 3, 2, 1, 0, 0, 0, 0])     # 6 4 3 2 1 1 1 1
    t.after_move()
    draw(app)
    # pick 6 and 3: 9, then 2 -> 11 is refused with the rules' reason
    t.cur = 0
    press(app, events.A)
    press(app, events.RIGHT)
    press(app, events.RIGHT)
    assert t.cur == 2
    press(app, events.A)
    before = t.s.to_dict()
    press(app, events.RIGHT)
    press(app, events.A)
    assert "not 11" in t.msg and t.s.to_dict() == before and t.sel == []
    draw(app)
    # 6 + 4 locks by itself
    t.cur = 0
    press(app, events.A)
    t.cur = 1
    press(app, events.A)
    assert t.s.barn_total() == 10 and t.s.dl[0] == 1
    assert t.pending_save                             # saved in the frames after
    until_saved(app, t)
    assert app.store.load(dairyman.SAVE, {})["state"] == t.s.to_dict()
    # resume from the save: same state, same seats
    s2, seats, log, opt = D_pages.load(app)
    assert s2.to_dict() == t.s.to_dict() and seats == [0, 4]
    # the action menu offers the legal moves; reroll from it
    hold_b(app)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    assert "Reroll" in labels
    assert ("Stop and claim" in labels) == t.s.can_claim()
    assert ("Fail: backorder" in labels) == (not t.s.can_claim())
    count = t.log.count
    menu.items[labels.index("Reroll")][1]()
    # the reroll and its roll at once: the log's line and the dice together
    assert app.top() is t and t.s.current_player() != CHANCE
    assert t.log.count == count + 2 and t.log.lines[-2] == "P1 rerolled 6 dice"
    assert t.log.lines[-1].startswith("P1 rolled ")
    draw(app)


def test_pass_and_play_hands_over_before_revealing():
    app = App()
    t = dtable.Table(app, rules.State(3), [0, 0, 3])
    app.push(t)
    assert t.cover == 0            # covered from the start
    draw(app)
    press(app, events.A)                # ready
    assert t.cover == -1
    app.t += 10
    t.tick(app.t)
    assert t.cover == -1 and t.s.current_player() == CHANCE
    t.s.apply_chance([0] * 8)      # all ones: no set
    t.after_move()
    hold_b(app)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    assert "Fail: backorder" in labels
    menu.items[labels.index("Fail: backorder")][1]()
    assert "backorder" in " ".join(app.top().lines)     # asks first
    press(app, events.A)
    assert t.s.seat == 1 and t.cover == 1
    assert t.s.tokens[0] == 1


def test_new_game_menu_sets_seats():
    app = App()
    D_start.start(app)
    start = app.top()
    assert start.label(0) == "New game"       # nothing saved yet
    start.items[0][1]()
    ng = app.top()
    ng.items[0][2](1)                         # 3 players
    ng.items[1][2](1)                         # P1: Beginner
    assert ng.label(0) == "Players: 3" and ng.label(1) == "P1: Beginner"
    assert ng.label(2) == "P2: Strong" and ng.label(4) == "P4: -"
    ng.items[2][2](1)                         # P2: Expert
    ng.items[-1][1]()
    t = app.top()
    assert isinstance(t, dtable.Table) and t.s.n == 3 and t.seats == [1, 4, 3]
    assert t.log.count == 1 and t.log.lines[0].startswith("Tiles shuffled")
    until_saved(app, t)                       # saved once its table is up
    D_start.start(app)
    assert app.top().label(0) == "Resume game"


def test_freeze_mode_keeps_marked_dice():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 4])
    app.push(t)
    _to_human_turn(app, t)
    t.s.apply_chance([5, 3, 4, 0, 0, 0, 0, 0])     # 6 4 5 1 1 1 1 1
    t.after_move()
    t.s.freeze[0] = 1
    t.cur = 0
    press(app, events.A)
    t.cur = 1
    press(app, events.A)                                 # locks 6 + 4
    hold_b(app)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    menu.items[labels.index("Freeze+reroll")][1]()
    assert app.top() is t and t.mode == 1
    t.cur = 2
    press(app, events.A)                                 # keep the 5
    t.cur = 3
    press(app, events.A)                                 # only one token
    assert t.sel == [2] and "freeze" in t.msg
    draw(app)
    press(app, events.UP)                                # reroll the rest, and roll
    assert t.s.current_player() != CHANCE and t.s.dv[2] == 5
    assert t.log.lines[-2].startswith("P1 rerolled 5, kept 5 (1 freeze token)")
    assert t.s.freeze[0] == 0 and t.mode == 0


def test_resumed_pass_and_play_starts_covered():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 0])
    app.push(t)
    press(app, events.A)
    app.t += 10
    t.tick(app.t)
    t.s.apply_chance([0] * 8)
    t.after_move()
    t.tick(app.t)
    until_saved(app, t)
    s2, seats, log, opt = D_pages.load(app)
    t2 = dtable.Table(app, s2, seats, log, opt)
    assert t2.cover == 0
    assert "Display:" in D_pages.scores_text(s2, seats)


# ---- the shared table as Dairyman uses it --------------------------------------------------
def frames(app, n, ms=33):
    for _ in range(n):
        app.t += ms
        app.frame()
        del app.beeps[:]     # the stand-in's record of beeps would grow all game


def labels_of(m):
    return [m.label(i) for i in range(len(m.items))]


def until_human_roll(app, t, seat=0, limit=4000):
    """Frames until ``seat`` is to roll, closing recap pages on the way."""
    n = 0
    while n < limit:
        if app.top() is not t:
            press(app, events.A)
        elif t.s.current_player() == CHANCE and t.actor() == seat:
            return
        frames(app, 1, 700)
        n += 1
    raise AssertionError("no turn for seat %d" % seat)


def test_saves_once_per_human_action_and_once_per_bot_turn():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 3])
    app.push(t)
    until_human_roll(app, t)
    until_saved(app, t)                           # the new game's save
    n = t.saves
    press(app, events.A)                          # roll
    frames(app, 4)                                # drawn, then its save: record, text, write
    assert t.saves == n + 1
    acts = t.s.legal_actions()
    a = [x for x in acts if x[0] == "lock"] or [x for x in acts if x[0] == "fail"]
    t.play(a[0])
    frames(app, 4)
    assert t.saves == n + 2
    assert app.store.load(dairyman.SAVE, None)["state"] == t.s.to_dict()
    while t.actor() == 0:                         # the rest of the turn, one save each
        acts = t.s.legal_actions() if t.s.current_player() == 0 else None
        before = t.saves
        if acts is None:
            press(app, events.A)
        else:
            t.play(([x for x in acts if x[0] in ("claim", "fail")] or acts)[0])
        frames(app, 4)
        assert t.saves == before + 1
    turns = t.s.turns
    before = t.saves
    steps = 0
    while t.s.turns == turns and steps < 2000:   # the bot's whole turn
        frames(app, 1, 700)
        steps += 1
    frames(app, 4)
    assert steps > 2 and t.saves == before + 1, (steps, t.saves - before)


def test_skip_ahead_plays_the_bots_to_your_turn_every_time():
    app = App(4)
    t = dtable.Table(app, rules.State(2), [3, 0])     # the bot starts
    app.push(t)
    for turn in range(2):
        frames(app, 1)
        assert t.bots_play()
        press(app, events.A)                          # skip ahead
        assert t.fast
        n = 0
        while app.top() is t and n < 500:             # one bot step a frame, no waiting
            frames(app, 1)
            n += 1
        assert n < 500 and not t.fast
        page = app.top()
        assert page.title == "Since your turn" and "P1 " in " ".join(page.lines)
        assert "P1 P1" not in " ".join(t.log.lines)
        press(app, events.A)                          # close the recap
        assert app.top() is t and t.actor() == 1 and t.s.current_player() == CHANCE
        press(app, events.A)                          # roll, then give up the turn
        while t.actor() == 1:
            if t.s.current_player() == CHANCE:
                press(app, events.A)
                continue
            acts = t.s.legal_actions()
            t.play(([x for x in acts if x[0] in ("claim", "fail")] or acts)[0])


def test_hint_shows_the_experts_move_without_changing_the_game():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 3])
    app.push(t)
    until_human_roll(app, t)
    press(app, events.A)                              # roll
    frames(app, 2)
    before = t.s.to_dict()
    count = t.log.count
    hold_b(app)                                       # the game menu
    m = app.top()
    assert "Hint" in labels_of(m)
    m.items[labels_of(m).index("Hint")][1]()
    page = app.top()
    assert isinstance(page, tablepages.HintPage)
    n = 0
    while page.text is None and n < 200:
        frames(app, 1)
        n += 1
    assert page.text and page.text.startswith("Expert's move:"), page.text
    assert "%" in page.text or "claim" in page.text, page.text   # the reason, with its number
    draw(app)
    press(app, events.A)
    assert app.top() is t and t.s.to_dict() == before and t.log.count == count


def test_hints_in_pass_and_play_only_when_switched_on_and_kept_in_the_save():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 0])
    app.push(t)
    press(app, events.A)                              # ready
    press(app, events.A)                              # roll
    frames(app, 2)
    if t.s.current_player() == CHANCE:
        return                                        # (a roll is never refused here)
    hold_b(app)
    got = labels_of(app.top())
    assert "Hint" not in got and "Hints: off" in got
    app.top().items[got.index("Hints: off")][1]()
    press(app, events.B)
    frames(app, 4)                                    # its save: a frame a step
    assert app.store.load(dairyman.SAVE, None)["opt"]["hints"] == 1
    hold_b(app)
    assert "Hint" in labels_of(app.top())
    s2, seats, log, opt = D_pages.load(app)
    assert opt["hints"] == 1 and opt["lid"] >= 1      # (and the log's id, lid)


class _SlowBot:
    """Thinks in five slices, then plays the first legal move."""
    SLICE = 1

    def think(self, s, rng, level, budget=None):
        for _ in range(4):
            yield None
        yield s.legal_actions()[0]


class _SlowTable(dtable.Table):
    def bot_module(self):
        return _SlowBot()


def test_the_menu_opens_while_a_bot_thinks_and_the_thought_waits():
    app = App()
    t = _SlowTable(app, rules.State(2), [3, 0])
    app.push(t)
    n = 0
    while t.thought is None and n < 100:
        frames(app, 1, 700)
        n += 1
    assert t.thought is not None
    draw(app)                                          # the thinking cue
    hold_b(app)
    assert app.top() is not t                         # the menu answered
    before = t.thought.slices
    frames(app, 5)
    assert t.thought.slices == before                 # the table is not on top: it waits
    press(app, events.B)
    frames(app, 7)                                     # its slices, the move's words, the move
    assert t.thought is None and t.log.lines[-1].startswith("P1 locked"), t.log.lines[-1]


def _before_the_last_token():
    """Seat 0 after a roll of all ones; the next backorder token is the last one."""
    s = rules.State(2)
    s.apply_chance([k - 1 for k in s.chance_request()])
    s.tokens[1] = s.supply_total - 1
    s.apply_chance([0] * len(s.chance_request()))
    return s


def test_a_refused_shuffle_in_the_game_waits_for_a_then_happens():
    from dicebox.core.troubles import NoEntropy
    from dicebox.core.rng import Rng
    app = App()
    t = dtable.Table(app, _before_the_last_token(), [0, 3])
    app.push(t)
    while t.load_next():                              # its bot in (Table.load_next), as in play
        pass
    good = app.rng
    app.rng = Rng(NoEntropy("entropy health test failed"))
    t.play(("fail",))                                 # the last token: a reset shuffle
    assert app.messages[-1][0] == "Cannot roll" and t.refused
    assert t.s.current_player() == CHANCE and t.chance_seat() == -1
    press(app, events.B)                              # close the message
    frames(app, 3)
    assert app.top() is t and t.s.current_player() == CHANCE and len(app.messages) == 1
    app.rng = good
    press(app, events.A)                              # try again
    frames(app, 5)                                    # the due save first (three frames)
    assert t.refused is None and t.s.tokens == [0, 0] and t.actor() == 1
    assert "Shuffled under the stack" in " ".join(t.log.lines)


def test_resume_at_a_refused_shuffle_says_so_and_keeps_the_save():
    from dicebox.core.troubles import NoEntropy
    from dicebox.core.movelog import MoveLog
    from dicebox.core.rng import Rng
    app = App()
    s = _before_the_last_token()
    s.apply(("fail",))
    table.save_table(app.store, dairyman.SAVE, s, [0, 3], MoveLog())
    saved = app.store.load(dairyman.SAVE, None)
    app.rng = Rng(NoEntropy("entropy health test failed"))
    D_start.start(app)
    m = app.top()
    assert m.label(0) == "Resume game"
    m.items[0][1]()
    app.frame()                                   # the table shows, then says why it waits
    assert isinstance(app.top(), ui.Message) and app.top().title == "Cannot roll"
    assert app.store.load(dairyman.SAVE, None) == saved


def test_new_game_says_how_strong_each_level_is():
    from console import TextFB
    app = FakeApp(11, fb=TextFB(strict=False))
    D_start.start(app)
    app.top().items[0][1]()                        # New game
    ng = app.top()
    assert isinstance(ng, tablepages.NewGame)
    ng.sel = 2                                    # P2: Strong
    ng.draw(app.fb)
    assert "P2: Strong" in app.fb.texts and "plays well;" in app.fb.shown(), app.fb.shown()
    ng.items[2][2](1)
    ng.draw(app.fb)
    assert "P2: Expert" in app.fb.texts and "looks ahead;" in app.fb.shown()


def test_a_solo_game_to_the_end_is_recorded_for_the_bots_level():
    app = App(9)
    t = dtable.Table(app, rules.State(2), [0, 2])   # against Casual
    app.push(t)
    n = 0
    while t.s.current_player() != TERMINAL and n < 20000:
        if app.top() is not t:
            press(app, events.A)                      # recaps
        elif t.actor() == 0 and t.s.current_player() == CHANCE:
            press(app, events.A)
        elif t.actor() == 0:
            acts = t.s.legal_actions()
            t.play(([x for x in acts if x[0] in ("lock", "claim", "fail")] or acts)[0])
        frames(app, 1, 700)
        n += 1
    n = 0
    while not isinstance(app.top(), tablepages.EndPage) and n < 10:
        if app.top() is not t:
            press(app, events.A)                      # a recap before the end
        frames(app, 1)
        n += 1
    assert isinstance(app.top(), tablepages.EndPage)
    rows = tablepages.load_records(app.store)[dairyman.GAME]
    assert sum(rows[1]) == 1 and sum(map(sum, rows)) == 1, rows
    app.stack = []
    D_start.start(app)
    app.top().items[2][1]()                        # Records (under Learn to play)
    assert app.top().title == "Records" and "Casual" in " ".join(app.top().lines)


NAMES = (("Reroll",), ("Freeze",), ("Stop and claim", "Claim:"), ("Flip",), ("Ice",), ("Fail",))


def _in_place(got):
    for k in range(6):
        assert len(got[k][0]) <= 15, got[k]          # a menu line: 15 columns
        assert [p for p in NAMES[k] if got[k][0].startswith(p)], (k, got)


def _entries(t):
    return [(it[0], it[1]) for it in t.menu_items()]


def test_the_menus_moves_keep_their_places_and_say_why_not():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 3])
    app.push(t)
    until_human_roll(app, t)
    t.s.apply_chance([5, 3, 4, 0, 0, 0, 0, 0])     # 6 4 5 1 1 1 1 1: a set
    t.after_move()
    got = _entries(t)
    assert [x[0] for x in got] == ["Reroll: set 1st", "Freeze: set 1st", "Claim: set 1st",
                                   "Flip: no tiles", "Ice: none yet", "Fail: can lock"], got
    assert all(fn is None for _, fn in got)
    before = t.s.to_dict()
    hold_b(app)
    m = app.top()
    for i in range(6):
        m.sel = i
        press(app, events.A)                        # unavailable: nothing happens
        assert app.top() is m and t.s.to_dict() == before
    press(app, events.B)
    t.play(("lock", (0, 1)))                        # 6 + 4: barns 10
    got = _entries(t)
    assert got[0][0] == "Reroll" and got[0][1] is not None
    assert got[1][0] == "Freeze: 0 left"
    assert got[2][0] in ("Stop and claim", "Claim: none fit")
    assert got[5][0] in ("Fail: can claim", "Fail: backorder")
    _in_place(got)                                  # the same places, every state
    t.s.apply(("reroll", ()))
    t.s.apply_chance([0] * 6)                       # no set
    t.after_move()
    got = _entries(t)
    assert [x[0] for x in got][:3] == ["Reroll: no set", "Freeze: no set", "Claim: no set"]
    assert got[5][0] == "Fail: backorder" and got[5][1] is not None
    _in_place(got)


def test_a_short_b_only_drops_picks_and_mashing_never_rerolls_kept_dice():
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 3])
    app.push(t)
    until_human_roll(app, t)
    t.s.apply_chance([5, 3, 4, 4, 0, 0, 0, 0])     # 6 4 5 5 1 1 1 1
    t.after_move()
    t.cur = 2
    press(app, events.A)                            # pick the 5
    assert t.sel == [2]
    hold_b(app)                                     # the menu, the pick kept
    assert app.top() is not t and t.sel == [2]
    press(app, events.B)                            # (closes the menu)
    assert app.top() is t
    press(app, events.B)                            # a short B drops the pick, nothing else
    assert t.sel == [2]                             # (when it is let go)
    app.top().event(events.make(events.RELEASE, events.B))
    assert t.sel == [] and app.top() is t
    before = t.s.to_dict()
    for b in (events.B, events.B, events.UP, events.DOWN, events.A):
        press(app, b)
        app.top().event(events.make(events.RELEASE, b))
    assert t.s.to_dict() == before                  # no move made


def test_the_game_over_page_says_who_won_by_what_and_why_with_no_marks():
    s = rules.State(2)
    s.apply_chance([k - 1 for k in s.chance_request()])
    s.owned[0] = [21, 5]                            # 40 + 20
    s.owned[1] = [20]                               # 40
    s.tokens[1] = 1
    text = D_pages.end_text(s, [0, 3])
    assert text.startswith("P1 wins by 25 points."), text
    assert "stack could not refill the display" in text
    assert "P1 human:\n60 points: tiles 60, cheese +0, backorder -0" in text, text
    assert "P2 Strong:\n35 points: tiles 40, cheese +0, backorder -5" in text, text
    assert "*" not in text
    s.owned[1] = [20, 0, 1]                         # 40 + 10 + 10 = 60, but a token
    s.tokens[1] = 0
    s.tokens[0] = 0
    assert D_pages.end_text(s, [0, 3]).startswith("Shared win: P1 and P2, 60 points each.")
    s.tokens[1] = 1
    s.owned[1] = [20, 0, 2]                         # 40 + 10 + 15 - 5 = 60
    assert D_pages.end_text(s, [0, 3]).startswith(
        "P1 wins: equal points, fewer backorder tokens."), D_pages.end_text(s, [0, 3])


def test_the_game_menu_keeps_every_entry_in_place_before_and_after_the_roll():
    """Held B opens the same list whether the person is still to roll or is
    deciding: the six moves (marked "not now" before the roll), then Hint."""
    app = App()
    t = dtable.Table(app, rules.State(2), [0, 3])
    app.push(t)
    until_human_roll(app, t)

    def labels():
        hold_b(app)
        m = app.top()
        got = [m.label(i) for i in range(len(m.items))]
        press(app, events.B)
        assert app.top() is t
        return got
    before = labels()
    t.s.apply_chance([5, 3, 4, 0, 0, 0, 0, 0])
    t.after_move()
    after = labels()
    assert len(before) == len(after), (before, after)
    _in_place([(x, None) for x in before])
    _in_place([(x, None) for x in after])
    assert before[6] == "Hint: not now" and after[6] == "Hint"
    assert before[7:] == after[7:]

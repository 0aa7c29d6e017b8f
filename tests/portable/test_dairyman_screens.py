"""Dairyman screens driven by button events, with a stand-in app."""
from dicebox.core import events, table
from console import FakeApp
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.games.dairyman import screens, rules

try:
    import framebuf
except ImportError:          # CPython: logic only, no drawing
    framebuf = None


def App():
    app = FakeApp(11)
    app.t = 0
    return app


def press(app, b):
    app.top().event(events.make(events.PRESS, b))


def draw(app):
    if framebuf is None:
        return
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    app.top().draw(fb)
    assert any(buf)


def test_bot_game_plays_to_the_end_saving_once_per_bot_turn():
    app = App()
    t = screens.Table(app, rules.State(2), [4, 2])
    app.push(t)
    assert t.saves == 1                      # a new game is saved before its first move
    steps = 0
    while t.s.current_player() != TERMINAL and steps < 5000:
        app.t += 700
        t.tick(app.t)
        del app.beeps[:]     # the stand-in's record of beeps would grow all game
        if steps % 50 == 0:
            draw(app)
        saved = app.store.load(screens.SAVE, None)
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
    app.frame()                             # the end: recorded, the save removed
    assert app.store.load(screens.SAVE, None) is None
    assert isinstance(app.top(), table.EndPage)
    draw(app)
    press(app, events.A)                    # too soon: ignored
    assert isinstance(app.top(), table.EndPage)
    app.t += 1500
    press(app, events.A)
    assert screens.load(app) is None          # finished games are not offered again


def _to_human_turn(app, t):
    while t.s.current_player() != CHANCE or t.s.seat != 0 or t.s.pending[0] != 1:
        app.t += 700
        t.tick(app.t)


def test_human_builds_sets_with_cursor_and_gets_reasons():
    app = App()
    t = screens.Table(app, rules.State(2), [0, 4])
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
    assert t.pending_save                             # saved in the next frame
    app.t += 33
    t.tick(app.t)
    assert app.store.load(screens.SAVE, {})["state"] == t.s.to_dict()
    # resume from the save: same state, same seats
    s2, seats, log, opt = screens.load(app)
    assert s2.to_dict() == t.s.to_dict() and seats == [0, 4]
    # the action menu offers the legal moves; reroll from it
    press(app, events.UP)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    assert "Reroll" in labels
    assert ("Stop and claim" in labels) == t.s.can_claim()
    assert ("Fail: backorder" in labels) == (not t.s.can_claim())
    menu.items[labels.index("Reroll")][1]()
    assert app.top() is t and t.s.current_player() == CHANCE
    press(app, events.A)                                  # roll
    assert t.s.current_player() in (0, 1, CHANCE)
    draw(app)


def test_pass_and_play_hands_over_before_revealing():
    app = App()
    t = screens.Table(app, rules.State(3), [0, 0, 3])
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
    press(app, events.UP)
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
    screens.start(app)
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
    assert isinstance(t, screens.Table) and t.s.n == 3 and t.seats == [1, 4, 3]
    assert t.log.count == 1 and t.log.lines[0].startswith("Tiles shuffled")
    screens.start(app)
    assert app.top().label(0) == "Resume game"


def test_freeze_mode_keeps_marked_dice():
    app = App()
    t = screens.Table(app, rules.State(2), [0, 4])
    app.push(t)
    _to_human_turn(app, t)
    t.s.apply_chance([5, 3, 4, 0, 0, 0, 0, 0])     # 6 4 5 1 1 1 1 1
    t.after_move()
    t.s.freeze[0] = 1
    t.cur = 0
    press(app, events.A)
    t.cur = 1
    press(app, events.A)                                 # locks 6 + 4
    press(app, events.UP)
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
    press(app, events.UP)
    assert t.s.current_player() == CHANCE and 2 not in t.s.pending[1]
    assert t.s.freeze[0] == 0 and t.mode == 0


def test_resumed_pass_and_play_starts_covered():
    app = App()
    t = screens.Table(app, rules.State(2), [0, 0])
    app.push(t)
    press(app, events.A)
    app.t += 10
    t.tick(app.t)
    t.s.apply_chance([0] * 8)
    t.after_move()
    t.tick(app.t)
    s2, seats, log, opt = screens.load(app)
    t2 = screens.Table(app, s2, seats, log, opt)
    assert t2.cover == 0
    assert "Display:" in screens.scores_text(s2, seats)

"""Dairyman as a player meets it: the menu with a saved game, damaged saves,
refused rolls, a full filesystem, the move log and recaps, the help pages,
the claim list, and a clock that wraps."""
from console import Fresh
from dicebox.core import ui
from dicebox.core import storage
from dicebox.core import events
from dicebox.core import ticks
from dicebox.core.troubles import NoEntropy
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.movelog import MoveLog
from dicebox.core.rng import Rng
from dicebox.games.dairyman import table as dtable, rules, help as game_help
import dicebox.games.dairyman as dairyman
D_pages = Fresh("dicebox.games.dairyman.pages")
D_start = Fresh("dicebox.games.dairyman.start")
from dicebox.games.dairyman import tiles
from console import FakeApp, TextFB, until_saved


def App(seed=11):
    app = FakeApp(seed, fb=TextFB(strict=False))
    app.t = 0
    return app


def labels(menu):
    return [menu.label(i) for i in range(len(menu.items))]


def press(app, b):
    app.top().event(events.make(events.PRESS, b))
    app.frame()


def item(app, name):
    m = app.top()
    m.items[labels(m).index(name)][1]()


def new_game(app, seats=(0, 3)):
    """Through the menus: New game (default 2 players), seats, Start."""
    D_start.start(app)
    item(app, "New game")
    ng = app.top()
    for i in range(len(seats)):
        ng.seats[i] = seats[i]
    ng.n = len(seats)
    item(app, "Start")
    until_saved(app, app.top())     # the new game's save: once its table is up


def bots_until_human(app, t, limit=3000):
    n = 0
    while (t.s.current_player() == TERMINAL or t.is_bot(t.s.seat)) and n < limit:
        if t.s.current_player() == TERMINAL:
            return
        app.t = ticks.add(app.t, 700)
        t.tick(app.t)
        n += 1


def test_menu_offers_help_before_the_rules():
    app = App()
    D_start.start(app)
    got = labels(app.top())
    assert got[:6] == ["New game", "New? Learn here", "Records", "How to play", "Controls",
                       "Rules"], got
    assert got[-1] == "Replays"
    item(app, "How to play")
    page = app.top()
    assert 14 <= len(page.lines) <= 40          # a few dtable, not the rulebook
    assert "Controls" in game_help.CONTROLS or "A" in game_help.CONTROLS
    for key in ("Left/Right", "Up", "Down", "A", "B", "shake", "Freeze", "hold"):
        assert key.lower() in game_help.CONTROLS.lower(), key


def test_resume_comes_first_and_selected_and_new_game_asks_first():
    app = App()
    new_game(app, (0, 3))
    t = app.top()
    assert isinstance(t, dtable.Table)
    saved = app.store.load(dairyman.SAVE, None)
    app.stack = []
    D_start.start(app)
    m = app.top()
    assert m.label(0) == "Resume game" and m.sel == 0
    item(app, "New game")
    app.top().items[-1][1]()                     # Start
    c = app.top()
    assert "Replace the saved game?" in " ".join(c.lines)
    press(app, events.B)                              # no: the save is kept
    assert app.store.load(dairyman.SAVE, None) == saved
    assert app.top().title == "New game"
    app.top().items[-1][1]()
    press(app, events.A)                              # yes
    assert isinstance(app.top(), dtable.Table)
    until_saved(app, app.top())                       # the new game's first save replaces it
    assert app.store.load(dairyman.SAVE, None) != saved


def test_damaged_save_is_set_aside_and_told_on_the_menu():
    app = App()
    new_game(app, (0, 3))
    d = app.store.load(dairyman.SAVE, None)
    d["state"]["seat"] = 5
    app.store.save(dairyman.SAVE, d)
    app.stack = []
    D_start.start(app)
    told = app.top()
    assert told.title == "Saved game", told.title
    text = " ".join(told.lines)
    assert "could not be resumed" in text and "seat" in text, text
    press(app, events.A)
    assert labels(app.top())[0] == "New game"
    assert not app.store.exists(dairyman.SAVE)          # set aside: it cannot crash again
    app.stack = []
    D_start.start(app)
    assert labels(app.top())[0] == "New game"    # said once


def test_refused_roll_at_start_keeps_the_new_game_menu():
    app = App()
    app.rng = Rng(NoEntropy("entropy health test failed"))
    new_game(app, (0, 3))
    assert app.messages[-1][0] == "Cannot roll"
    press(app, events.A)                              # close the message
    assert app.top().title == "New game"
    assert not app.store.exists(dairyman.SAVE)


def test_refused_roll_at_the_table_keeps_the_player_there():
    app = App()
    new_game(app, (0, 3))
    t = app.top()
    bots_until_human(app, t)
    assert t.s.current_player() == CHANCE and not t.is_bot(t.s.seat)
    before = t.s.to_dict()
    good = app.rng
    app.rng = Rng(NoEntropy("entropy health test failed"))
    press(app, events.A)                              # roll: refused
    assert app.messages[-1][0] == "Cannot roll" and t.s.to_dict() == before
    press(app, events.A)                              # close the message
    assert app.top() is t
    app.rng = good
    press(app, events.A)                              # try again: rolls
    assert t.s.current_player() != CHANCE or t.s.pending[0] != 1 or t.s.seat != 0


def test_refused_roll_for_a_bot_waits_without_a_storm_of_messages():
    app = App()
    t = dtable.Table(app, rules.State(2), [3, 1])
    app.push(t)
    app.rng = Rng(NoEntropy("no entropy"))
    for _ in range(20):
        app.t = ticks.add(app.t, 700)
        app.frame()
    assert len(app.messages) == 1 and app.messages[0][0] == "Cannot roll"
    press(app, events.B)                               # close: back at the table
    assert app.top() is t
    app.hold_b()                                       # the menu still opens
    assert app.top().title == "Dairyman" and "Save and quit" in labels(app.top())


def test_full_filesystem_play_goes_on():
    app = App()
    new_game(app, (0, 3))
    t = app.top()
    app.store.fail_writes = True
    bots_until_human(app, t)
    press(app, events.A)                               # roll
    until_saved(app, t)                                # its save fails
    assert app.store.failed_writes > 0 and app.store.notice
    assert app.top() is t or app.top().__class__.__name__ == "TextPage"


def test_moves_are_logged_in_words_saved_and_recapped():
    app = App(3)
    new_game(app, (0, 3))
    t = app.top()
    bots_until_human(app, t)
    press(app, events.A)                               # roll
    assert t.log.lines[-1].startswith("P1 rolled ")
    # play this turn out: fail or claim through the rules' legal moves
    mark = t.log.count
    while not t.is_bot(t.s.seat) and t.s.current_player() != TERMINAL:
        if t.s.current_player() == CHANCE:
            press(app, events.A)
            continue
        acts = t.s.legal_actions()
        a = [x for x in acts if x[0] in ("claim", "fail")] or acts
        t.play(a[0])
    assert t.log.count > mark
    # the bot plays; when it is P1's turn again a recap shows the bot's moves
    n = 0
    while not isinstance(app.top(), ui.TextPage) and n < 3000:
        app.t = ticks.add(app.t, 700)
        app.frame()
        n += 1
    page = app.top()
    assert page.title == "Since your turn", page.title
    text = " ".join(page.lines)
    assert "P2 rolled" in text and "P1 " not in text, text
    press(app, events.A)
    assert app.top() is t
    # saved with the game, shown by Moves on the in-game menu after a resume
    s2, seats, log, opt = D_pages.load(app)
    assert storage.kept_tail(log.to_list(), t.log.to_list())   # the newest lines kept inline
    app.hold_b()
    item(app, "Moves")
    assert app.top().title == "Moves"
    assert "P2" in " ".join(app.top().lines)


def test_claim_list_shows_flip_cost_and_back():
    app = App()
    s = rules.State(2)
    s.apply_chance([k - 1 for k in s.chance_request()])
    t = dtable.Table(app, s, [0, 3])
    app.push(t)
    s.display = [5, 6, 0]          # two 20s (yellow 5 / 1 freeze) and a 10
    s.stack = [x for x in range(22) if x not in s.display]
    s.apply_chance([5, 3, 4, 3, 0, 0, 0, 0])      # 6 4 5 4 ...
    s.apply(("lock", (0, 1)))
    s.apply(("reroll", ()))
    s.apply_chance([5, 3, 0, 0, 0, 0])            # 6 4 ...
    s.apply(("lock", (2, 3)))
    assert s.barn_total() == 20
    t.claim_menu()
    m = app.top()
    got = labels(m)
    five, six = tiles.tile_line(5), tiles.tile_line(6)
    assert five in got and six in got and five != six
    assert "Y5" in tiles.tile_line(5) and "F1" in tiles.tile_line(6)
    m.sel = got.index(tiles.tile_line(6))
    m.draw(app.fb)
    assert "flip: 1 freeze" in app.fb.texts and "ice: reroll 1s" in app.fb.texts
    both = got.index("20+20=40") if "20+20=40" in got else -1
    assert both < 0                                   # 40 does not fit in 20
    assert "10 Y1 ice 1s" in got


def test_bots_keep_playing_across_the_tick_wrap():
    app = App()
    app.t = ticks.PERIOD - 2000
    t = dtable.Table(app, rules.State(2), [3, 1])
    app.push(t)
    while t.load_next():                          # its bot in (Table.load_next), as in play
        pass
    for _ in range(90):                           # (a bot's roll and move take 3 frames each)
        app.t = ticks.add(app.t, 700)
        t.tick(app.t)
    assert app.t < 100000                         # the clock wrapped
    assert t.s.turns > 0                          # and the bots went on


def test_recap_for_a_human_who_has_not_acted_yet_and_after_a_resume():
    app = App(5)
    t = dtable.Table(app, rules.State(2), [3, 0])          # the bot starts
    app.push(t)
    n = 0
    while app.top() is t and n < 3000:
        app.t = ticks.add(app.t, 700)
        app.frame()
        n += 1
    page = app.top()
    assert page.title == "Since your turn" and "P1 " in " ".join(page.lines)
    # resumed mid-game at the bot's turn: the recap covers what the bot does next
    s2 = rules.State(2)
    t2 = dtable.Table(app, s2, [0, 3], MoveLog(["old line"]))
    assert t2.marks == {0: t2.log.count} and t2.log.count == 2   # the deal needs no recap

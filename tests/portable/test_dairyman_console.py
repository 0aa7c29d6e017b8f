"""Dairyman on the real App (stand-in hardware, a clock that wraps): played as
a new player would, with random keys, solo against bots and pass-and-play,
quitting mid-game and resuming; and with the dice source refused."""
from console import Fresh
from dicebox.core import events
from dicebox.core import storage, ui
from dicebox.core import memstore
from dicebox.core.app import App
from dicebox.core.troubles import ErrorScreen
from dicebox.core.game import CHANCE
from dicebox.core.rng import seeded
from dicebox.games.dairyman import table as screens
tablepages = Fresh("dicebox.core.tablepages")
import dicebox.games.dairyman as dairyman
D_start = Fresh("dicebox.games.dairyman.start")
from fakehw import FakeHW

KEYS = (events.A, events.A, events.A, events.LEFT, events.RIGHT, events.UP, events.DOWN, events.B)


class Home(ui.Screen):
    """A one-entry home menu: A opens Dairyman."""

    def event(self, ev):
        if ui.is_press(ev, events.A):
            D_start.start(self.app)

    def draw(self, fb):
        fb.fill(0)
        fb.text("home", 0, 0, 1)


def make(**kw):
    hw = FakeHW(**kw)
    app = App(hw, memstore.MemoryStore(), Home)
    app.home()
    step(hw, app)
    return hw, app


def step(hw, app, n=1):
    for _ in range(n):
        app.frame(hw.ticks_ms())
        hw.sleep_ms(33)
        assert not isinstance(app.top(), ErrorScreen), " ".join(app.top().lines)


def tap(hw, app, b):
    hw.mask |= 1 << b
    step(hw, app, 2)
    hw.mask &= ~(1 << b)
    step(hw, app, 2)


def hold(hw, app, b):
    """Hold a button past the long press (B: a table's game menu)."""
    hw.mask |= 1 << b
    step(hw, app, 36)
    hw.mask &= ~(1 << b)
    step(hw, app, 2)


def choose(hw, app, label):
    """On a menu, move to ``label`` with Down and press A (as a player would)."""
    m = app.top()
    for _ in range(len(m.items)):
        if m.label(m.sel) == label:
            tap(hw, app, events.A)
            return
        tap(hw, app, events.DOWN)
    raise AssertionError("no %r in %r" % (label, [m.label(i) for i in range(len(m.items))]))


def new_game(hw, app, humans, level=None):
    tap(hw, app, events.A)                       # home -> Dairyman
    choose(hw, app, "New game")                  # (the first time the lesson's entry is selected)
    ng = app.top()
    if humans == 2:
        tap(hw, app, events.RIGHT)               # 3 players
        tap(hw, app, events.DOWN)
        tap(hw, app, events.DOWN)
        for _ in range(3):
            tap(hw, app, events.LEFT)            # P2: Strong -> Casual -> Beginner -> human
        assert ng.seats[:3] == [0, 0, 3], ng.seats
    if level is not None:                        # P2 a bot of this level (Strong by default)
        tap(hw, app, events.DOWN)
        tap(hw, app, events.DOWN)
        for _ in range(level + 1 - ng.seats[1]):
            tap(hw, app, events.RIGHT)
        for _ in range(ng.seats[1] - level - 1):
            tap(hw, app, events.LEFT)
        assert ng.seats[:2] == [0, level + 1], ng.seats
    choose(hw, app, "Start")
    if isinstance(app.top(), ui.Confirm):
        tap(hw, app, events.A)
    assert isinstance(app.top(), screens.Table)
    return app.top()


def labels(m):
    return [m.label(i) for i in range(len(m.items))]


def sensible(hw, app, r):
    """One move the way a player makes it with the keys: roll, pick a set of
    ten die by die, or open the menu to claim, reroll or take the failure."""
    t = app.top()
    s = t.s
    if t.cover >= 0 or s.current_player() == CHANCE:
        tap(hw, app, events.A)
        return
    if t.is_bot(s.seat) or s.current_player() < 0:
        step(hw, app, 25)
        return
    if t.sel or t.mode:
        tap(hw, app, events.B)
    locks = [a for a in s.legal_actions() if a[0] == "lock"]
    if locks and (s.need_lock or r.randbelow(2)):
        for i in locks[0][1]:
            for _ in range(12):
                if t.cur == i:
                    break
                tap(hw, app, events.RIGHT)
            tap(hw, app, events.A)
        return
    hold(hw, app, events.B)
    if not isinstance(app.top(), ui.Menu) or app.top().title != "Dairyman":
        return                                  # a bot's turn came first (a skip): later
    got = labels(app.top())
    for want in (("Reroll", "Stop and claim") if r.randbelow(3) == 0 else
                 ("Stop and claim", "Reroll")) + ("Fail: backorder",):
        if want in got:
            choose(hw, app, want)
            if want != "Reroll":
                tap(hw, app, events.A)          # the first claim / yes to the failure
            return
    tap(hw, app, events.B)


def storm(hw, app, seed, taps):
    r = seeded(seed)
    for _ in range(taps):
        if isinstance(app.top(), screens.Table) and r.randbelow(10) < 7:
            sensible(hw, app, r)
            continue
        top = app.top()
        if isinstance(top, D_start.Start):
            choose(hw, app, "Resume game")
            continue
        if isinstance(top, ui.Menu) and top.title == "New game":
            tap(hw, app, events.B)
            continue
        if isinstance(top, Home):
            tap(hw, app, events.A)
            continue
        tap(hw, app, KEYS[r.randbelow(len(KEYS))])
        if r.randbelow(6) == 0:
            step(hw, app, 25)              # let the bots play on


def quit_and_resume(hw, app):
    """From the table: hold B (the game menu), Save and quit, then Resume."""
    while not isinstance(app.top(), screens.Table):
        tap(hw, app, events.B)
        if isinstance(app.top(), Home):
            tap(hw, app, events.A)
            choose(hw, app, "Resume game")
    t = app.top()
    for _ in range(3):
        hold(hw, app, events.B)                  # the game menu
        if isinstance(app.top(), ui.TextPage) and app.top().title == "Since your turn":
            # your turn came during the hold: its recap came first (B closes it)
            tap(hw, app, events.B)
            continue
        break
    assert isinstance(app.top(), ui.Menu) and app.top().title == "Dairyman"
    saved = t.s.to_dict()
    tap(hw, app, events.UP)                      # wraps to the last entry
    assert app.top().label(app.top().sel) == "Save and quit"
    tap(hw, app, events.A)
    assert isinstance(app.top(), Home)
    tap(hw, app, events.A)
    m = app.top()
    assert m.label(0) == "Resume game" and m.sel == 0
    tap(hw, app, events.A)
    t2 = app.top()
    assert isinstance(t2, screens.Table) and t2.s.to_dict() == saved
    assert storage.kept_tail(t2.log.to_list(), t.log.to_list())   # the newest lines kept inline
    return t2


def test_solo_against_bots_random_keys_quit_and_resume():
    hw, app = make()
    t = new_game(hw, app, 1)
    moves = 0                  # lines logged in all (a resumed log keeps only its newest)
    for k in range(3):
        start = t.log.count
        storm(hw, app, 10 + k, 150)
        moves += t.log.count - start
        if app.store.exists(dairyman.SAVE):
            t = quit_and_resume(hw, app)
    assert moves > 20 and not app.store.take_problems(dairyman.SAVE)


def test_pass_and_play_hands_over_and_resumes_covered():
    hw, app = make()
    t = new_game(hw, app, 2)
    assert t.cover == 0
    covered = 0
    r = seeded(7)
    for _ in range(250):
        if isinstance(app.top(), screens.Table) and app.top().cover >= 0:
            covered += 1
        tap(hw, app, KEYS[r.randbelow(len(KEYS))])
        if isinstance(app.top(), (Home, D_start.Start, tablepages.NewGame)):
            break
    assert covered > 0
    if app.store.exists(dairyman.SAVE):
        t2 = quit_and_resume(hw, app)
        if not t2.is_bot(t2.s.seat):
            assert t2.cover == t2.s.seat    # a resumed pass-and-play game starts covered


def test_refused_dice_source_cannot_roll_and_nothing_crashes():
    hw, app = make(entropy_ok=False)
    tap(hw, app, events.A)
    choose(hw, app, "New game")
    choose(hw, app, "Start")
    assert isinstance(app.top(), ui.Message) and app.top().title == "Cannot roll"
    tap(hw, app, events.B)
    assert app.top().title == "New game"
    r = seeded(3)
    for _ in range(60):
        tap(hw, app, KEYS[r.randbelow(len(KEYS))])

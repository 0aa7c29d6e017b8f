"""Dairyman offers what can be done now: through random games, every move
of the game menu offered as possible leads only to moves ``apply`` accepts,
every legal move is reachable from the table's picks and the menus, the six
moves keep their places, and one not possible now stays in its place with
its reason ("Reroll: no dice") and does nothing."""
import gc

from dicebox.core import events as E
from dicebox.core import rng, ui
from playing import decisions
from console import FakeApp, TextFB, each_entry
from dicebox.games.dairyman import rules, table as screens
import dicebox.games.dairyman as dairyman

MOVES = ("Reroll", "Freeze", "Claim", "Flip", "Ice", "Fail")
AVAILABLE = ("Reroll", "Freeze+reroll", "Stop and claim", "Flip a tile", "Ice cream",
             "Fail: backorder")


def canon(s, a):
    """A move as the rules tell moves apart: dice by face and colour."""
    a = tuple(a)

    def die(i):
        return (s.dv[i], s.dc[i] == rules.YELLOW)

    if a[0] in ("lock", "reroll"):
        return (a[0], tuple(sorted(die(i) for i in a[1])))
    if a[0] == "ice" and len(a) == 3:
        return ("ice", a[1], die(a[2]))
    return a


def combos(items, n):
    """The subsets of ``items`` of ``n`` elements, in order."""
    if n == 0:
        return [()]
    out = []
    for i in range(len(items)):
        for rest in combos(items[i + 1:], n - 1):
            out.append((items[i],) + rest)
    return out


class Probe:
    """Table ``t``'s moves recorded instead of played (the state stays)."""

    def __init__(self, t):
        self.t = t
        self.got = []
        t.play = self.play

    def play(self, a):
        self.got.append(tuple(a))
        return True


def reset(app, t):
    del app.stack[app.stack.index(t) + 1:]
    t.sel = []
    t.mode = screens.MARK
    t.msg = ""


def unpick(t):
    """No mode and no dice chosen on the table."""
    t.mode = screens.MARK
    t.sel = []


def picks(app, t, probe, s):
    """Every lock the table's picks make (A on dice), in every order-free choice."""
    free = t.free()
    for n in (1, 2, 3):
        for c in combos(free, n):
            reset(app, t)
            n0 = len(probe.got)
            for i in c:
                t.cur = i
                app.top().event(E.make(E.PRESS, E.A))
                if len(probe.got) > n0:          # locked (or tried to) by itself
                    break
    reset(app, t)


def mode_picks(app, t, probe):
    """After Freeze+reroll or Ice cream (one die): what the picks then lead to."""
    mode = t.mode
    free = t.free()
    if mode == screens.FREEZE:
        top = min(len(free), t.s.freeze[t.s.seat] + 1)   # one more than the tokens: refused
        for n in range(top + 1):
            for c in combos(free, n):
                t.mode = screens.FREEZE
                t.sel = []
                for i in c:
                    t.cur = i
                    t.pick()
                t.event(E.make(E.PRESS, E.UP))
    elif mode == screens.ICE:
        tile = t.ice_tile
        for i in free:
            t.mode = screens.ICE
            t.ice_tile = tile
            t.cur = i
            t.pick()


def explore(app, t, probe, scr):
    """Choose every entry of menu ``scr`` (and of what each opens)."""
    base = app.stack.index(t) + 1
    if isinstance(scr, ui.Confirm):
        del app.stack[base:]
        app.push(scr)
        scr.event(E.make(E.PRESS, E.A))
        return
    for top in each_entry(app, t, scr, lambda: unpick(t)):
        if top is not scr and top is not t and isinstance(top, (ui.Menu, ui.Confirm)):
            explore(app, t, probe, top)
        elif top is t and t.mode:
            mode_picks(app, t, probe)
    reset(app, t)


def menu_moves(app, t, probe):
    """The game menu's six moves: labels, and what each available one leads to
    (a list per entry)."""
    t.menu()
    gm = app.top()
    assert isinstance(gm, ui.Menu) and gm.title == dairyman.GAME
    labels = [gm.label(i) for i in range(len(MOVES))]
    led = []
    for i in range(len(MOVES)):
        n = len(probe.got)
        del app.stack[app.stack.index(t) + 1:]
        app.push(gm)
        gm.sel = i
        before = t.s.to_dict()
        fn = gm.items[i][1]
        if fn is None:
            gm.event(E.make(E.PRESS, E.A))
            assert app.top() is gm and t.s.to_dict() == before    # does nothing
        else:
            explore(app, t, probe, gm.items and _only(gm, i))
        led.append(probe.got[n:])
    reset(app, t)
    return labels, led


def _only(gm, i):
    """The game menu reduced to entry ``i`` (explore chooses every entry)."""
    m = ui.Menu(gm.app, gm.title, [gm.items[i]])
    return m


def test_the_menus_and_picks_offer_exactly_the_legal_moves_in_fixed_places():
    app = FakeApp(5, fb=TextFB(strict=False))
    app.log = lambda text: None
    states = 0
    kinds = set()
    dimmed = set()
    for seed in (1, 2, 3, 4):
        r = rng.seeded(seed)
        s = rules.State(2)
        t = screens.Table(app, s, [0, 0])
        app.stack = [t]
        probe = Probe(t)
        for _ in decisions(s, r, 70, every=True):
            t.cover = -1
            if states % 3 == 0:                    # freeze tokens now and then (they are rare early)
                s.freeze[s.seat] = max(s.freeze[s.seat], 2 + states % 2)
            gc.collect()
            legal = s.legal_actions()
            probe.got = []
            labels, led = menu_moves(app, t, probe)
            for i in range(len(MOVES)):
                if labels[i] in AVAILABLE:
                    assert labels[i] == AVAILABLE[i], labels
                    assert led[i], labels[i]                   # it leads somewhere
                    for a in led[i]:
                        s.clone().apply(a)                     # apply accepts each one
                    kinds.add(MOVES[i])
                else:
                    assert labels[i].startswith(MOVES[i] + ": "), labels
                    assert len(labels[i]) <= 15, labels[i]    # the reason, uncut
                    assert not led[i]
                    dimmed.add(labels[i])
            menu = [canon(s, a) for a in probe.got]
            picks(app, t, probe, s)
            got = menu + [canon(s, a) for a in probe.got[len(menu):]]
            keys = [canon(s, a) for a in legal]
            for k in keys:
                assert k in got, (k, labels)
            for a in probe.got[len(menu):]:               # the picks: a lock when legal
                if canon(s, a) in keys:
                    s.clone().apply(a)
            states += 1
            s.apply(legal[r.randbelow(len(legal))])
    assert states > 60
    assert kinds == set(MOVES), kinds                  # each available somewhere ...
    for name in MOVES:                                  # ... and dimmed somewhere, in its place
        assert [x for x in dimmed if x.startswith(name + ": ")], (name, dimmed)

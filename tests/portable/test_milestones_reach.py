"""Milestones offers what can be done now: through random games (alone with
a bot, and two people), every move of the game menu offered as possible
leads only to moves ``apply`` accepts, every move legal for a person's seat
is reachable from the table's keys and the menus, the game menu's entries
keep their places all game, and one not possible now stays in its place
with its reason ("Flip: no match") and does nothing."""
import gc

from dicebox.core import events as E
from dicebox.core import rng, ui
from dicebox.core.game import CHANCE, resolve_chance
from dicebox.core.movelog import MoveLog
from console import FakeApp, TextFB, each_entry
from dicebox.games.milestones import deck, pages as menus, playpages, table as play, rules


class Probe:
    """Table ``t``'s actions recorded instead of played (the state stays)."""

    def __init__(self, t):
        self.got = []
        t.act = self.act

    def act(self, a, bot=False):
        self.got.append(tuple(a))
        return True


def clear(app, t):
    del app.stack[app.stack.index(t) + 1:]


def explore(app, t, scr):
    """Choose every entry of menu ``scr``, and of the lists each opens."""
    base = app.stack.index(t) + 1
    for top in each_entry(app, t, scr):
        if top is not scr and top is not t and isinstance(top, ui.Menu):
            explore(app, t, top)
    del app.stack[base:]


def key_moves(app, t, probe):
    """What the table's keys lead to: rolls (marks, then a shake), claims (Up,
    then the pile), the first card's pile."""
    st = t.st
    n = len(probe.got)
    if st.setup < st.n:
        if st.setup < t.humans:
            explore(app, t, playpages.PilePicker(app, t, st.setup, "draw"))
        return probe.got[n:], []
    if st.turn < t.humans and st.pending is None:
        masks = (63,) if st.dice is None else range(1, 64)
        for m in masks:
            t.sel = 0
            t.keepm = 0
            if st.dice is not None:
                for i in range(6):
                    if m & (1 << i):
                        t.cur = i
                        t.event(E.make(E.PRESS, E.A))   # a reroll mark
            t.event(E.make(E.SHAKE))
            clear(app, t)
    rolls = probe.got[n:]
    n = len(probe.got)
    for s in range(t.humans):
        t.claim(s)                          # Up (several people: the seat first)
        if isinstance(app.top(), ui.Menu):
            explore(app, t, app.top())
        clear(app, t)
    return rolls, probe.got[n:]


def game_menu(app, t, probe):
    """The game menu's labels; what its moves lead to (the first ``k`` entries
    are the game's moves)."""
    k = len(t.menu_items())
    t.menu()
    gm = app.top()
    assert isinstance(gm, ui.Menu) and gm.title == t.GAME
    labels = [gm.label(i) for i in range(len(gm.items))]
    led = []
    for i in range(k):
        n = len(probe.got)
        clear(app, t)
        app.push(gm)
        gm.sel = i
        before = t.st.to_dict()
        if gm.items[i][1] is None:
            gm.event(E.make(E.PRESS, E.A))
            assert app.top() is gm and t.st.to_dict() == before     # does nothing
        else:
            explore(app, t, ui.Menu(app, gm.title, [gm.items[i]]))
        led.append(probe.got[n:])
    clear(app, t)
    return labels, k, led


def canon(a):
    """A move as the table tells moves apart: the hourglass is the team's (the
    menu flips it for seat 1, whoever asks)."""
    return ("flip",) if a[0] == "flip" else a


def place(label):
    """The name an entry keeps whether it is possible or not."""
    w = label.split(":")[0].split()[0]
    return {"Ask": "Keep"}.get(w, w)


def fitting_dice(task, seed):
    """Dice that fulfil ``task``, when some do (to reach claims and flips)."""
    r = rng.seeded(seed)
    for _ in range(3000):
        d = [1 + r.randbelow(6) for _ in range(6)]
        if rules.match(task, d):
            return d
    return None


def run_game(cfg, seed, steps):
    app = FakeApp(seed, fb=TextFB(strict=False))
    app.settings["sound"] = False
    app.log = lambda text: None
    st = menus.make_state(cfg)
    t = play.Table(app, st, menus.seats_of(cfg), MoveLog(), cfg)
    app.stack = [t]
    probe = Probe(t)
    r = rng.seeded(seed)
    order = None
    seen = set()
    dimmed = set()
    n = 0
    while not st.over and n < steps:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        n += 1                                            # the states looked at
        if n % 4 == 0 and st.dice is not None and st.pending is None:
            c = st.hands[n % t.humans]
            d = fitting_dice(deck.TASKS[c], c) if c >= 0 else None
            if n % 8 == 0 and st.hg_open:
                d = fitting_dice(deck.SIDE_TASKS[st.hg_side], n)
            if d is not None:
                st.dice = d
                if st.big:
                    st.drawn_at[n % t.humans] = -1        # its card has seen a reroll
        if n % 5 == 0:
            t.keepm = 1 << (n % 6)                        # a keep mark to ask about
        gc.collect()
        legal = []
        for s in range(t.humans):
            for a in st.legal_actions(s):
                if a not in legal:
                    legal.append(a)
        probe.got = []
        keep = t.keepm
        labels, k, led = game_menu(app, t, probe)
        names = [place(x) for x in labels]
        if order is None:
            order = names
        assert names == order, (order, names)              # fixed places, all game
        for i in range(k):
            if led[i] or (labels[i] == "Ask to keep"):
                for a in led[i]:
                    st.clone().apply(a)                    # apply accepts each one
                seen.add(names[i])
            else:
                assert ": " in labels[i] and len(labels[i]) <= 15, labels[i]
                dimmed.add(labels[i])
        assert labels[k] in ("Hint", "Hint: not now", "Moves")    # then the shared entries
        t.keepm = keep
        rolls, claims = key_moves(app, t, probe)
        for a in rolls:
            st.clone().apply(a)                            # every mark pattern rolls
        for a in claims:
            if st.can_claim(a[1]):
                st.clone().apply(a)
        got = [canon(a) for a in probe.got]
        for a in legal:
            assert canon(a) in got, (a, labels)
        t.sel = 0
        t.keepm = 0
        acts = st.legal_actions()
        if acts:
            st.apply(acts[r.randbelow(len(acts))])
    return n, seen, dimmed, order


def test_alone_with_a_bot_every_variant():
    cfg = play.new_config()
    cfg.update({"bots": 1, "big": True, "hg": 1, "must": [1, 0, 0]})
    n, seen, dimmed, order = run_game(cfg, 3, 60)
    assert n >= 40
    assert "Discard" in order and "Flip" in order and "Keep" not in order   # alone: A asks
    assert "Discard" in seen and "Flip" in seen, seen
    assert [x for x in dimmed if x.startswith("Flip: ")], dimmed
    assert order[:2] == ["Discard", "Flip"]


def test_two_people_three_piles():
    cfg = play.new_config()
    cfg.update({"humans": 2, "bots": 0, "hg": 2})
    n, seen, dimmed, order = run_game(cfg, 5, 50)
    assert n >= 30
    assert order[:2] == ["Keep", "Flip"] and "Discard" not in order
    assert "Keep" in seen, seen
    assert [x for x in dimmed if x.startswith("Keep: ")], dimmed

"""The game menu opens on the first move that can be made now: after a roll
with no set, Dairyman's only move (Fail: backorder, sixth in its fixed
place) is under the cursor; with no move possible the cursor stays on the
first entry (a newcomer met the cursor on "Reroll: no set" and could not
find the one legal move)."""
from console import FakeApp, TextFB
from dicebox.core import rng
from dicebox.core import tablepages
from playing import decisions
from dicebox.games.dairyman import rules
from dicebox.games.dairyman import table as DT


def no_set_state():
    for seed in range(1, 200):
        r = rng.seeded(seed)
        s = rules.State(2)
        for _ in decisions(s, r, 60):
            if s.seat == 0 and s.need_lock and not s.can_lock():
                return s
            acts = s.legal_actions()
            s.apply(acts[r.randbelow(len(acts))])
    raise AssertionError("no position with no set")


def open_menu(s):
    app = FakeApp(fb=TextFB(strict=False))
    app.log = lambda text: None
    t = DT.Table(app, s, [0, 0])
    app.stack = [t]
    t.cover = -1
    tablepages.game_menu(t)
    return app.top()


def test_after_a_roll_with_no_set_the_menu_opens_on_fail():
    s = no_set_state()
    assert "fail" in [a[0] for a in s.legal_actions()]
    m = open_menu(s)
    assert m.label(m.sel) == "Fail: backorder", [m.label(i) for i in range(len(m.items))]
    assert m.label(0).startswith("Reroll")         # the entries keep their places
    assert m.sel < m.VISIBLE + m.top and m.sel >= m.top   # and the cursor is on screen


def test_with_no_move_possible_the_cursor_stays_on_the_first_entry():
    s = rules.State(2)                              # before the first roll: no move in the menu
    m = open_menu(s)
    assert m.sel == 0 and m.top == 0

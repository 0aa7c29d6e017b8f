"""The replay's table (core/replaypage.py, each game's ``still.Still``): A
turns from a step's words to the table as it stood after that step, drawn
by the game's own table code, and back; Right and Left step on it too. For
a kept game of each title, every step of the replay is drawn as the table:
the picture shows that step's state (Dairyman's barn totals, Mildred's
round, Milestones' team points) and the step's words, with no cursor."""
import sys

from console import FakeApp, TextFB, labels, pick
from dicebox.core import events as E
from dicebox.core import replaypage
from gamelogs_play import MICRO, play
from test_replaypage import opened, settled


def replay_of(title, seats, seed=3):
    played, t = play(title, seed, seats)
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    app.store = played.store
    replaypage.replays_page(app, title)
    pick(app, labels(app)[0])
    pick(app, "Replay")
    return app, opened(app), t


def shows_state(title, st, screen):
    """What the table's picture must say of ``st``."""
    if title == "dairyman":
        bt = st.barn_totals()
        return all("%d:%3d" % (b + 1, bt[b]) in screen for b in range(3))
    if title == "mildred":
        from dicebox.games.mildred import rules
        if st.is_over() or st.phase in (rules.SETUP, rules.START):
            return True               # the head says who won / "Setting up"
        return ("R%d" % (st.rounds + 1)) in screen
    return ("%dp" % st.points()) in screen


def pooled(title, st):
    """Mildred's bottom line shows the shaken dice, not the words."""
    if title != "mildred":
        return False
    from dicebox.games.mildred import rules
    return st.phase == rules.ACT and st.current_player() == st.turn and bool(st.pool[st.turn])


def first_words(title, said):
    if title == "mildred":
        from dicebox.games.mildred import words
        return words.status(said)
    return replaypage.ui.wrap(said)[0]


def walk(title, seats, stride):
    app, page, t = replay_of(title, seats)
    r = page.rep
    assert "A:table" in app.screen()
    app.press(E.A)                              # the table as it stood: the new game
    settled(app, page)                          # (a frame for the heap, then its code opens)
    assert page.still is not None and "Replay" not in app.screen()
    shown = 0
    while r.pos < r.log.n:
        app.press(E.RIGHT)
        settled(app, page)
        if r.pos % stride and r.pos != r.log.n:
            continue
        screen = app.screen()
        assert "Replay" not in screen               # the table, not the words
        assert shows_state(title, r.state, screen), (title, r.pos, screen)
        said = page.still.msg
        if said and not pooled(title, r.state):
            assert first_words(title, said)[:16] in screen, (title, r.pos, said, screen)
        shown += 1
    assert r.state.to_dict() == t.s.to_dict()
    assert shown >= min(10, r.log.n // stride), (shown, r.log.n)
    app.press(E.LEFT)                           # back a step, still the table
    settled(app, page)
    assert r.pos == r.log.n - 1 and page.still is not None
    app.press(E.A)                              # A: the words again
    screen = app.screen()
    assert page.still is None and "%d/%d" % (r.pos, r.log.n) in screen, screen
    brought = list(page.brought)
    app.press(E.B)                              # the replay closes: the table's code it brought goes
    assert page.brought == []
    if sys.implementation.name == "micropython":
        assert "dicebox.games.%s.still" % title in brought
        assert [m for m in brought if m in sys.modules] == []


def test_dairyman_replay_draws_the_table_at_every_step():
    walk("dairyman", [1, 2], 7 if MICRO else 1)


def test_mildred_replay_draws_the_table_at_every_step():
    walk("mildred", [1, 2], 5 if MICRO else 1)


def test_milestones_replay_draws_the_table_at_every_step():
    walk("milestones", [0, 2], 5 if MICRO else 1)


def test_the_replays_table_is_the_tables_own_picture_with_no_cursor():
    """Dairyman's Still draws what its Table draws for the same state, with
    the cursor and the marks of play left out."""
    from dicebox.games.dairyman import rules, still as table_still, table
    from dicebox.core import rng
    from playing import random_moves
    st = random_moves(rules.State(2), rng.seeded(5), most=30)
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    still = table_still.Still(st, [1, 2], "P1 did a thing")
    live = table.Table(app, st.clone(), [1, 2])
    live.msg = "P1 did a thing"
    a, b = TextFB(strict=False), TextFB(strict=False)
    still.draw_table(a)
    live.draw_table(b)
    assert a.shown() == b.shown() and "P1 did a thing" in a.shown()
    assert a.px == b.px                         # a bots' table has no cursor either

"""The Replays page (core/replaypage.py): a game's kept games listed from
its menu, one opened and read in slices, its keys (A / Right on, Left back,
Down to the named seat's next turn, Up names the next seat, B out), and a
damaged record of kept games said and set aside."""
from console import FakeApp, TextFB, labels, pick
from dicebox.core import events as E
from dicebox.core import gamelogs, replaypage
from dicebox.core.game import CHANCE
from test_gamelogs_table import play


def opened(app):
    """Frames until the replay on top has read its log."""
    page = app.top()
    for _ in range(400):
        if page.rep is not None and page.work is None:
            return page
        app.frame()
    raise AssertionError("the log was not read")


def settled(app, page):
    for _ in range(400):
        if page.work is None:
            return
        app.frame()
    raise AssertionError("the replay did not get there")


def test_a_kept_game_opens_from_the_menu_and_its_keys_do_what_they_say():
    played, t = play("dairyman", 3, [1, 2])
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    app.store = played.store
    from dicebox.games.dairyman import start
    start.start(app)
    assert "Replays" in labels(app)
    pick(app, "Replays")
    assert labels(app) == ["1: P%d won" % (t.winners()[0] + 1)]
    pick(app, labels(app)[0])
    page = opened(app)
    r = page.rep
    n = r.log.n
    assert r.pos == 0 and n > 20
    assert "Replay" in app.screen() and "0/%d" % n in app.screen()
    # A: the first step, in the game's words (the opening roll: the dice)
    app.press(E.A)
    settled(app, page)
    assert r.pos == 1 and r.who == CHANCE
    first = r.said
    assert first and first.split()[0] in app.screen()
    app.press(E.RIGHT)
    settled(app, page)
    assert r.pos == 2
    app.press(E.LEFT)
    settled(app, page)
    assert r.pos == 1 and r.said == first
    # Down: on to just after the next step P1 makes (seat 0 named at first)
    assert "v:P1" in app.screen()
    want = r.next_of(0) + 1
    app.press(E.DOWN)
    settled(app, page)
    assert r.pos == want and r.who == 0
    assert "P1 Beginner" in app.screen()
    # Up names P2; Down goes to P2's next step
    app.press(E.UP)
    assert "v:P2" in app.screen()
    want = r.next_of(1) + 1
    app.press(E.DOWN)
    settled(app, page)
    assert r.pos == want and r.who == 1
    # to the end: the state is the table's final one
    while r.pos < n:
        app.press(E.A)
        settled(app, page)
    assert r.state.to_dict() == t.s.to_dict()
    app.press(E.A)                     # nothing after the last step
    settled(app, page)
    assert r.pos == n
    # B: back to the list; B again: the list goes and so do the replay's modules
    app.press(E.B)
    assert labels(app)[0].startswith("1: ")
    dropped = []
    real = replaypage.drop
    replaypage.drop = dropped.extend        # (modules.forget lets go under MicroPython only)
    try:
        app.press(E.B)
    finally:
        replaypage.drop = real
    assert "Replays" in labels(app)
    assert "dicebox.core.logreplay" in dropped and "dicebox.core.replaypage" in dropped


def test_a_damaged_record_of_kept_games_is_said_and_set_aside_and_nothing_else_changes():
    played, t = play("dairyman", 4, [2, 1])
    good = played.store.records[gamelogs.kept_name("dairyman")]
    others = dict((k, v) for k, v in played.store.records.items()
                  if k != gamelogs.kept_name("dairyman"))
    text = good[1]
    cases = 0
    refused = 0
    for i in range(0, len(text), max(1, len(text) // 200)):
        for bad in (text[:i] + chr(ord(text[i]) ^ 1) + text[i + 1:], text[:i]):
            app = FakeApp(seed=1, fb=TextFB(strict=False))
            app.store.records = dict(others)
            app.store.records[gamelogs.kept_name("dairyman")] = (good[0], bad)
            replaypage.replays_page(app, "dairyman")
            cases += 1
            rest = dict((k, v) for k, v in app.store.records.items()
                        if k != gamelogs.kept_name("dairyman"))
            assert rest == others                    # nothing else changed
            if gamelogs.kept_name("dairyman") not in app.store.records:
                refused += 1                         # set aside, and said
                assert app.top().title == "Replays" and "damaged" in " ".join(app.top().lines)
            else:
                # still a record of games: each of its logs opens or says it is damaged
                kept = gamelogs.load_kept(app.store, "dairyman")
                assert len(kept) <= 1
    assert cases >= 200 and refused >= cases // 2, (cases, refused)

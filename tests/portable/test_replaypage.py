"""The Replays page (core/replaypage.py): a game's kept games listed from
its menu, one opened and read in slices, its keys (Right on, Left back,
Down to the named seat's next turn, Up names the next seat, A the table
(tests/portable/test_replay_table.py), B out), and a
damaged record of kept games said and set aside."""
from console import FakeApp, TextFB, labels, pick
from dicebox.core import events as E
from dicebox.core import gamelogs, replaypage
from dicebox.core.game import CHANCE
from gamelogs_play import play


def opened(app):
    """Frames until the replay on top has read its log."""
    page = app.top()
    for _ in range(400):
        if page.rep is not None and not page.busy():
            return page
        app.frame()
    raise AssertionError("the log was not read")


def replay_of(title, seed, seats):
    """A bots' game of ``title`` played to its end and kept, then its replay
    opened from the title's Replays page on a new console: (app, page, the
    game's table as it ended)."""
    played, t = play(title, seed, seats)
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    app.store = played.store
    replaypage.replays_page(app, title)
    pick(app, labels(app)[0])
    pick(app, "Replay")
    return app, opened(app), t


def settled(app, page):
    for _ in range(400):
        if not page.busy():
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
    assert labels(app) == ["Replay", "Review"]     # no "Share link": this console cannot
    pick(app, "Replay")
    page = opened(app)
    r = page.rep
    n = r.log.n
    assert r.pos == 0 and n > 20
    assert "Replay" in app.screen() and "0/%d" % n in app.screen()
    # Right: the first step, in the game's words (the opening roll: the dice)
    app.press(E.RIGHT)
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
        app.press(E.RIGHT)
        settled(app, page)
    assert r.state.to_dict() == t.s.to_dict()
    app.press(E.RIGHT)                 # nothing after the last step
    settled(app, page)
    assert r.pos == n
    # B: back to the game's menu, B: the list; B again: the list goes and so do
    # the replay's modules
    app.press(E.B)
    assert labels(app) == ["Replay", "Review"]
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


def mutations(text, count=200):
    """At least ``count`` damaged copies of ``text`` (of 30 characters or
    more): one of a character's six low bits flipped, or the text cut short,
    at places spread over it."""
    step = max(1, 7 * len(text) // count)
    for i in range(0, len(text), step):
        for bit in (1, 2, 4, 8, 16, 32):
            yield text[:i] + chr(ord(text[i]) ^ bit) + text[i + 1:]
        yield text[:i]


def test_a_damaged_list_or_log_of_kept_games_is_said_and_set_aside_and_nothing_else_changes():
    played, t = play("dairyman", 4, [2, 1])
    for name in (gamelogs.kept_name("dairyman"), gamelogs.kept_name("dairyman") + "_0"):
        good = played.store.records[name]
        others = dict((k, v) for k, v in played.store.records.items() if k != name)
        cases = 0
        refused = 0
        for bad in mutations(good[1]):
            app = FakeApp(seed=1, fb=TextFB(strict=False))
            app.store.records = dict(others)
            app.store.records[name] = (good[0], bad)
            replaypage.replays_page(app, "dairyman")
            if app.top().title == "Replays" and isinstance(app.top(), replaypage.ui.Menu):
                pick(app, labels(app)[0])        # the log opens, or is said to be damaged
                if isinstance(app.top(), replaypage.ui.Menu) and labels(app) == ["Replay", "Review"]:
                    pick(app, "Replay")
                for _ in range(400):
                    if not isinstance(app.top(), replaypage.ReplayPage) or app.top().rep:
                        break
                    app.frame()
            cases += 1
            rest = dict((k, v) for k, v in app.store.records.items() if k != name)
            assert rest == others                    # nothing else changed
            if name not in app.store.records:
                refused += 1                         # set aside, and said
                said = " ".join(app.top().lines)
                assert "damaged" in said, said
            elif isinstance(app.top(), replaypage.ReplayPage):
                assert app.top().rep is not None     # a damage the checks let through plays
        assert cases >= 200 and refused >= cases // 2, (name, cases, refused)


def test_the_oldest_kept_game_gives_way_to_the_sixth():
    played, t = play("mildred", 3, [1, 2])
    store = played.store
    row = gamelogs.load_kept(store, "mildred")[0]
    text = gamelogs.load_log(store, "mildred", row)
    from dicebox.core import logreplay, steplog
    log = logreplay.decode(text)
    r = logreplay.Replay(log)
    st = steplog.Steps("mildred", 0)
    while r.pos < log.n:
        seat, item = log.step(r.pos, r.state)
        st.add(seat, item)
        r.forward()
    steps_text = st.text
    for lid in range(2, 8):
        again = steplog.Steps("mildred", lid, 0, steps_text)
        assert gamelogs.keep(store, "Mildred", row[1], r.state, again, row[2])
    kept = gamelogs.load_kept(store, "mildred")
    assert [g[0] for g in kept] == [3, 4, 5, 6, 7]       # the last five, oldest first
    assert sorted(g[3] for g in kept) == [0, 1, 2, 3, 4]  # each in a slot of its own
    for g in kept:
        assert gamelogs.load_log(store, "mildred", g) == text
    # kept again under an id it holds: nothing is written
    n = len(store.records)
    assert gamelogs.keep(store, "Mildred", row[1], r.state, steplog.Steps("mildred", 7, 0,
                                                                         steps_text), row[2])
    assert gamelogs.load_kept(store, "mildred") == kept and len(store.records) == n


def test_mildred_and_milestones_replays_step_to_the_tables_final_state_in_their_words():
    for title, seats in (("mildred", [1, 2]), ("milestones", [0, 2])):
        app, page, t = replay_of(title, 3, seats)
        r = page.rep
        said = 0
        while r.pos < r.log.n:
            app.press(E.RIGHT)
            settled(app, page)
            if r.said:
                said += 1
        assert r.state.to_dict() == t.s.to_dict(), title
        assert said > r.log.n // 2, (title, said, r.log.n)   # the steps in words
        screen = app.screen()
        assert "%d/%d" % (r.log.n, r.log.n) in screen



def test_keys_pressed_fast_are_each_a_step():
    """A player mashing Right (a press a frame, as the simulator feeds typed
    keys) gets a step for each press, though a step's words come a frame
    after it: a key on the frame of the words moves on from that step, and
    one pressed while a longer move is under way (Down, Left back past a
    checkpoint) is played when it ends (the last such key)."""
    app, page, _ = replay_of("dairyman", 3, [1, 2])
    r = page.rep
    for _ in range(10):
        app.press(E.RIGHT)            # a press, then one frame
    settled(app, page)
    assert r.pos == 10 and "10/%d" % r.log.n in app.screen()
    assert logged_words(r) in app.screen()
    app.press(E.DOWN)                 # a longer move (a few steps a frame) ...
    app.press(E.RIGHT)                # ... with a key pressed during it
    settled(app, page)
    want = r.pos
    assert want >= 12 and r.who is not None
    for _ in range(3):
        app.press(E.LEFT)
    settled(app, page)
    assert r.pos == want - 3


def logged_words(r):
    """The first few letters of the step's words, as the page wraps them."""
    return replaypage.ui.wrap(r.said)[0][:10]


def test_a_key_pressed_while_the_tables_code_comes_in_is_kept():
    """A, then Right at once: the table's code comes in a module a frame (a
    frame for the heap before each), and the Right pressed meanwhile is a
    step once the table is up, not lost."""
    from dicebox.core import modules
    app, page, _ = replay_of("dairyman", 3, [1, 2])
    r = page.rep
    modules.drop(["dicebox.games.dairyman.still"])   # (MicroPython: as on a console that has not opened it)
    app.press(E.A)
    assert page.opening != 0 or page.still is not None
    app.press(E.RIGHT)
    settled(app, page)
    assert page.still is not None and r.pos == 1 and "Replay" not in app.screen()

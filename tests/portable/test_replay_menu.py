"""A kept game's menu (core/replaypage.py): its review from the Replays
list (read a slice a frame, its moments opening the replay at their step),
its link where the console can share (the browser edition), and a shared
link opened (core/sharelink.py) or refused with a message. A module of its
own: under the MicroPython runner it has the device-sized heap to itself."""
from console import FakeApp, TextFB, labels, pick
from dicebox.core import events as E
from dicebox.core import gamelogs, replaypage
from gamelogs_play import play
from test_replaypage import mutations, opened, settled



class SharingHW:
    def __init__(self):
        self.shared = []

    def share(self, text):
        self.shared.append(text)


def kept_text(title, seed, seats):
    played, t = play(title, seed, seats)
    row = gamelogs.load_kept(played.store, title)[0]
    return played, t, gamelogs.load_log(played.store, title, row)


def test_a_kept_game_is_reviewed_from_its_menu_and_a_moment_opens_the_replay_there():
    played, t, text = kept_text("milestones", 3, [0, 2])    # a person's rerolls to judge
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    app.store = played.store
    replaypage.replays_page(app, "milestones")
    pick(app, labels(app)[0])
    pick(app, "Review")
    assert "Reading" in app.screen()            # read a slice a frame
    for _ in range(20000):
        if isinstance(app.top(), replaypage.ui.Menu):
            break
        app.frame()
    items = labels(app)
    assert items[0].startswith("Even: "), items        # the summary, then the moments
    moments = [x for x in items if x.startswith("Step ")]
    if moments:
        pick(app, moments[0])                    # its explanation
        app.press(E.A)                           # A: the replay at that step
        page = opened(app)
        settled(app, page)
        step = int(moments[0].split()[1].rstrip(":"))
        assert page.rep.pos in (step - 1, step)
    # the review's jump (a moment's A) opens the replay at that step
    from dicebox.core import logreplay, reviewpage
    got = []
    real = reviewpage.open_review
    reviewpage.open_review = lambda app, log, jump, names: got.append(jump)
    try:
        replaypage.review(app, text, logreplay.decode(text))
    finally:
        reviewpage.open_review = real
    got[0](7)
    page = opened(app)
    settled(app, page)
    assert page.rep.pos == 7 and "7/%d" % page.rep.log.n in app.screen()
    app.stack = []
    # as the console does going home: Milestones' modules and the review's go
    # (under MicroPython: the next tests' games need the room)
    import sys
    from dicebox.core.modules import forget
    for name in [m for m in sys.modules if m.startswith("dicebox.games.milestones")
                 or m in replaypage.MODULES]:
        forget(name)


def test_where_the_console_can_share_a_kept_game_offers_its_link():
    played, t, text = kept_text("mildred", 3, [1, 2])
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    app.store = played.store
    app.hw = SharingHW()
    replaypage.replays_page(app, "mildred")
    pick(app, labels(app)[0])
    assert labels(app) == ["Replay", "Review", "Share link"]
    pick(app, "Share link")
    assert app.hw.shared == [text]


def test_a_shared_link_opens_its_game_and_a_damaged_or_foreign_one_is_said():
    from dicebox.core import sharelink
    played, t, text = kept_text("mildred", 3, [1, 2])
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    assert sharelink.open_link(app, "#g=" + text)
    for _ in range(400):
        if isinstance(app.top(), replaypage.ui.Menu):
            break
        app.frame()
    assert app.top().title == "Shared game" and labels(app) == ["Replay", "Review"]
    pick(app, "Replay")
    page = app.top()
    app.frame()                       # the log the link's menu read: no reading again
    assert page.rep is not None and page.rep.log.n > 0
    page = opened(app)
    while page.rep.pos < page.rep.log.n:
        app.press(E.RIGHT)
        settled(app, page)
    assert page.rep.state.to_dict() == t.s.to_dict()      # the game's own end
    assert app.store.records == {}                       # nothing was written
    app.press(E.B)                                       # back to the link's menu: its Review
    assert app.top().title == "Shared game"
    pick(app, "Review")                                  # thinks at once, on the same log
    assert type(app.top()).__name__ == "ReviewPage" and app.top().rv.log is page.rep.log
    import sys
    too_long = () if sys.implementation.name == "micropython" else ("A" * (sharelink.MAX_TEXT + 1),)
    for bad in ("", "not a game!") + too_long:     # (43 KB of text: CPython only)
        app = FakeApp(seed=1, fb=TextFB(strict=False))
        assert not sharelink.open_link(app, bad)
        assert app.messages and "cannot be opened" in app.messages[-1][1]
    cases = 0
    for bad in mutations(text, 60):
        if sharelink.problem(bad):
            continue
        app = FakeApp(seed=1, fb=TextFB(strict=False))
        sharelink.open_link(app, bad)
        for _ in range(400):
            if app.messages or isinstance(app.top(), replaypage.ui.Menu):
                break
            app.frame()
        if app.messages:
            cases += 1
            assert "damaged, or not a Dicebox game" in app.messages[-1][1]
        assert app.store.records == {}
    assert cases >= 20

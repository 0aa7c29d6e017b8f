"""logreplay.Share: a frame's share of time for a replay's reading and stepping
(core/logreplay.py, core/replaypage.py). A share ends when the next piece,
costing as much as the longest piece so far in the frame, would not fit;
every frame does at least one piece; without a clock, a fixed count."""
import logged
from dicebox.core import logreplay
from dicebox.core.logreplay import Share


class Clock:
    """A microsecond clock the test moves: each read returns ``t``."""

    def __init__(self):
        self.t = 1000

    def __call__(self):
        return self.t


def test_a_share_ends_before_a_piece_that_would_not_fit():
    c = Clock()
    s = Share(c)
    s.begin()
    done = []
    for cost in (3000, 4000, 2000, 5000, 4000):   # 18,000 us so far with the longest 5,000
        c.t += cost
        done.append(s.full())
    assert done == [False, False, False, False, True], done
    assert s.shares == 1 and s.n == 5
    s.begin()                     # a new frame: its own share, its own longest piece
    c.t += 100
    assert not s.full()
    c.t += Share.US               # one piece longer than the share: it still ran, alone
    assert s.full() and s.shares == 2


def test_without_a_clock_a_share_is_a_count_of_pieces():
    s = Share(None, every=3)
    s.begin()
    assert [s.full() for _ in range(3)] == [False, False, True]
    s.begin()
    assert not s.full()


def test_reading_a_log_by_shares_takes_the_frames_its_pieces_cost():
    """Each piece of the reading (a part of the text, of the checksum, a step)
    costs 1,000 us on the test's clock: a share of 20,000 us holds 19
    pieces (the 20th would end at its end), and the log read in shares
    equals the log read at once."""
    g = logged.dairyman(6, 3, 3, True, odd=3)
    c = Clock()

    class Ticking(Share):
        def full(self):
            c.t += 1000
            return Share.full(self)

    s = Ticking(c)
    frames = 0
    it = logreplay.reading(g.blob, True, s)
    while True:
        s.begin()
        got = next(it)
        frames += 1
        if got is not None:
            break
        assert s.n == 19, s.n                 # a frame's pieces
    whole = logreplay.decode(g.blob)
    assert got.n == whole.n and list(got.offsets) == list(whole.offsets)
    parts = -(-(len(g.blob) - 2) // logreplay.PART)
    pieces = parts + got.n
    assert frames == pieces // 19 + 1, (frames, pieces)     # the last frame: the rest and the Log


def test_a_jump_by_shares_plays_the_steps_on_the_way_and_says_the_last_in_a_slice_of_its_own():
    g = logged.dairyman(6, 3, 3, True, odd=3)
    log = logreplay.decode(g.blob)
    r = logreplay.Replay(log)
    s = Share(None, every=5)
    seen = []
    for got in r.seeking(12, s):
        seen.append(got)
        s.begin()
    # 11 steps without words: after 5, after 10, after the 11th; then the 12th in words
    assert seen[:-1] == [None, None, None] and seen[-1] is r.state
    assert r.pos == 12 and r.said != ""
    assert logged.key(r.state) == g.states[11]

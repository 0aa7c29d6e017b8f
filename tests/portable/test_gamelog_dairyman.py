"""Dairyman's game logs (core/gamelog.py, games/dairyman/logcodec.py):
fixed-seed games of bots (and of moves picked at random, their dice other
ones of the same face, a set's dice in another order) replay to exactly the
live game's states, in its words; their sizes; 200 damaged logs."""
import sys
import logged

MPY = sys.implementation.name == "micropython"
_GAMES = []


def some_games():
    """Bots of every level at 2, 3 and 4 seats; every other game with a
    random move one in three."""
    if not _GAMES:
        for seed in range(1, 4 if MPY else 13):
            _GAMES.append(logged.dairyman(seed, 2 + seed % 3, seed % 4, odd=3 if seed % 2 else 0))
    return _GAMES


def test_every_game_replays_to_its_final_state():
    logged.replays_to_the_end(some_games())


def test_every_step_replays_in_the_same_words_forwards_and_back():
    logged.every_step(logged.dairyman(6, 3, 3, True, odd=3))


def test_jump_goes_to_the_next_step_of_a_seat():
    from dicebox.core.game import CHANCE
    g = logged.dairyman(3, 3, 1, True)
    r = logged.jumps(g, (0, 1, 2))
    r.seek(0)
    assert r.jump(CHANCE) and r.pos == 1 and r.said.startswith("Tiles shuffled")


def test_sizes():
    gs = []
    for level in range(4):
        for seed in ((1,) if MPY else (1, 2)):
            for n in (2, 4):
                gs.append(logged.dairyman(seed, n, level))
    logged.sizes(gs, 5500)


def test_the_recorder_resumes_a_game_in_progress():
    def other(st):
        o = st.clone()
        o.freeze[0] += 1
        return o
    logged.resumes(logged.dairyman(7, 2, 2), other)


def test_200_mutations_decode_to_a_legal_game_or_are_refused():
    # short games of Strong bots at 2, 3 and 4 seats (a long log's text is more
    # than a MicroPython heap beside the bots can give at once)
    logged.mutations([logged.dairyman(s, s, 2).blob for s in (2, 3, 4)], 22)


def test_reading_and_seeking_in_slices():
    from dicebox.core import logreplay
    from dicebox.core.valid import BadData
    g = logged.dairyman(6, 3, 3, True, odd=3)
    got = list(logreplay.reading(g.blob, True, 50))
    log = got[-1]
    parts = -(-(len(g.blob) - 2) // logreplay.PART)     # its checksum, a part a slice
    assert log.n == len(g.states) and len(got) - 1 == log.n // 50 + parts
    from dicebox.core import gamelog
    text = gamelog.to_text(g.blob)                        # as text: its characters too
    got = list(logreplay.reading(text, True, 50))
    assert got[-1].n == log.n and len(got) - 1 == log.n // 50 + parts + -(-len(text) // logreplay.PART)
    for x in got[:-1]:
        assert x is None
    it = logreplay.reading(logged.sealed(g.blob[:-60]), True, 50)     # cut short
    n = 0
    try:
        for x in it:
            assert x is None
            n += 1
        raise AssertionError("a log cut short was read")
    except BadData as e:
        assert "middle of a step" in str(e) or "before the game's end" in str(e)
    assert n >= (log.n - 60) // 50
    r = logreplay.Replay(log)
    assert r.every == max(16, (log.n + 11) // 12)
    it = r.seeking(log.n - 5, 10)
    for _ in range(3):
        assert next(it) is None
    # dropped half way: the state is the one of its step, no words
    assert r.pos == 30 and logged.key(r.state) == g.states[29] and r.said == ""
    assert logged.key(r.seek(log.n // 2)) == g.states[log.n // 2 - 1]
    got = list(r.seeking(log.n, 7))
    k = log.n - log.n // 2 - 1               # the steps before the last (in words: a frame of its own)
    assert got[-1] is r.state and r.pos == log.n and len(got) == 1 + k // 7 + (1 if k % 7 else 0)
    assert r.state.to_dict() == g.st.to_dict()
    assert len(r.marks) == 1 + log.n // r.every <= 13

"""Milestones' game logs (core/gamelog.py, games/milestones/logcodec.py):
fixed-seed games of bots of every variant, the clock moving on in frames
and now and then laid down and stood up (on a new clock too), replay to
exactly the live game's states, in its words; their sizes; 200 damaged
logs."""
import sys
import logged

MPY = sys.implementation.name == "micropython"
_GAMES = []


def some_games():
    if not _GAMES:
        for seed in range(1, 4 if MPY else 13):
            _GAMES.append(logged.milestones(
                seed, 1 + seed % 5, seed % 4, big=seed % 3 == 1,
                mand=(0, 3) if seed % 4 == 2 else (),
                hg=(6, 7)[seed % 2] if seed % 3 == 2 else None))
    return _GAMES


def test_every_game_replays_to_its_final_state():
    logged.replays_to_the_end(some_games())


def test_every_step_replays_in_the_same_words_forwards_and_back():
    log = logged.every_step(logged.milestones(5, 3, 1, True, mand=(1,), hg=7))
    # the clock's frames that follow one another are logged as their last
    assert log.n < 3 * sum(1 for i in range(log.n) if log.seat_of(i) is not None)


def test_jump_goes_to_the_next_step_of_a_seat():
    g = logged.milestones(4, 2, 2, True)
    logged.jumps(g, (0, 1, None))     # None: the clock's steps


def test_sizes():
    gs = []
    for level in range(4):
        for seed in ((1,) if MPY else (1, 2)):
            gs.append(logged.milestones(seed, 2, level))
            gs.append(logged.milestones(seed, 4, level, big=True))
            gs.append(logged.milestones(seed, 3, level, mand=(2,), hg=6))
    logged.sizes(gs, 1200)


def test_the_recorder_resumes_a_game_in_progress():
    def other(st):
        o = st.clone()
        o.now += 1
        return o
    logged.resumes(logged.milestones(7, 2, 0), other)


def test_200_mutations_decode_to_a_legal_game_or_are_refused():
    logged.mutations(sorted([g.blob for g in some_games()], key=len)[:3], 24)

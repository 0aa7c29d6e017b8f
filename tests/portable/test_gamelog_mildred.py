"""Auntie Mildred's game logs (core/gamelog.py, games/mildred/logcodec.py):
fixed-seed games of bots (and of moves picked at random, an indulgency's
dice in another order) replay to exactly the live game's states, in its
words; their sizes; 200 damaged logs."""
import sys
import logged

MPY = sys.implementation.name == "micropython"
_GAMES = []


def some_games():
    if not _GAMES:
        for seed in range(1, 4 if MPY else 13):
            _GAMES.append(logged.mildred(seed, (seed % 4, (seed + 2) % 4), odd=4 if seed % 2 else 0))
    return _GAMES


def test_every_game_replays_to_its_final_state():
    logged.replays_to_the_end(some_games())


def test_every_step_replays_in_the_same_words_forwards_and_back():
    logged.every_step(logged.mildred(5, (0, 2), True, odd=3))


def test_jump_goes_to_the_next_step_of_a_seat():
    logged.jumps(logged.mildred(3, (1, 3), True), (0, 1))


def test_sizes():
    gs = []
    for level in range(4):
        for seed in ((1, 2) if MPY else (1, 2, 3, 4)):
            gs.append(logged.mildred(seed, (level, level)))
    logged.sizes(gs, 1500)


def test_200_mutations_decode_to_a_legal_game_or_are_refused():
    logged.mutations(sorted([g.blob for g in some_games()], key=len)[:3], 23)

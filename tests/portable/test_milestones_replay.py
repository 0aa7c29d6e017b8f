"""Milestones bots: fixed-seed games replayed, every level's moves equal to the
ones recorded (re-slicing a bot must not change what it plays)."""
import sys
from dicebox.core import rng
from dicebox.games.milestones import bot, rules
from playing import bots_play, checksum

# (seed, seats, level of every seat, then the number of moves and the
# checksum of the moves' text under CPython, then under MicroPython),
# recorded with the bots as they played before the slices were re-sized; the
# two ports play some games apart (the same on every run of each); the
# Beginner's taken again when its pile became a judgement instead of a coin
RECORDED = (
    (1, 2, 0, (66, 7567091), (66, 6418746)),
    (2, 3, 0, (67, 6256476), (57, 6205981)),
    (1, 2, 1, (70, 8602511), (77, 12684161)),
    (2, 3, 1, (87, 12557548), (84, 11990886)),
    (1, 2, 2, (78, 3851058), (78, 3851058)),
    (2, 3, 2, (83, 6728602), (83, 6728602)),
    (1, 2, 3, (80, 11568357), (75, 16656820)),
    (2, 3, 3, (88, 8576737), (88, 8576737)),
)


def moves(seed, n, level, ms_per_roll=4000):
    """One game, every seat a bot of ``level``, stepped as the ladder does."""
    r = rng.seeded(seed)
    st = rules.State(n)
    k = 0
    h = 0
    for b, a, own in bots_play(st, [bot.Bot(i, level) for i in range(n)], r, 500, ms_per_roll):
        k += 1
        h = checksum(h, a)
    bot.clear_announcements()
    return k, h


def test_every_level_plays_the_recorded_moves():
    port = 4 if sys.implementation.name == "micropython" else 3
    for row in RECORDED:
        seed, n, level = row[:3]
        assert moves(seed, n, level) == row[port], (seed, n, level)


if __name__ == "__main__":
    for level in range(4):
        for seed, n in ((1, 2), (2, 3)):
            print((seed, n, level) + moves(seed, n, level))

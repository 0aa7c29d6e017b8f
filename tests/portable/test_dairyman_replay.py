"""Dairyman bots: fixed-seed games replayed, every level's moves equal to the
ones recorded (re-slicing a bot must not change what it plays)."""
from dicebox.core import rng, game
from dicebox.core.think import Budget
from dicebox.games.dairyman import rules, bot

# (seed, level of every seat, number of moves, checksum of the moves' text),
# recorded with the bots as they played before the slices were re-sized
RECORDED = (
    (1, 0, 449, 15514044),
    (2, 0, 301, 606721),
    (1, 1, 204, 593935),
    (2, 1, 238, 1389188),
    (1, 2, 332, 9709771),
    (2, 2, 145, 9382164),
    (1, 3, 305, 6205664),
    (2, 3, 266, 1280779),
)


def checksum(h, a):
    for c in repr(a):
        h = (h * 31 + ord(c)) & 0xFFFFFF
    return h


def moves(seed, level):
    r = rng.seeded(seed)
    br = rng.seeded(seed * 7919 + 13)
    s = rules.State(2)
    n = 0
    h = 0
    while s.current_player() != game.TERMINAL:
        if s.current_player() == game.CHANCE:
            game.resolve_chance(s, r)
            continue
        a = None
        for a in bot.think(s, br, level, Budget(bot.SLICE)):
            pass
        s.apply(a)
        n += 1
        h = checksum(h, a)
    return n, h


def test_every_level_plays_the_recorded_moves():
    assert RECORDED
    for seed, level, n, h in RECORDED:
        assert moves(seed, level) == (n, h), (seed, level)


if __name__ == "__main__":
    for level in range(4):
        for seed in (1, 2):
            print((seed, level) + moves(seed, level))

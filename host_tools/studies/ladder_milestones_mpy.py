"""Every Milestones bot step timed under the MicroPython unix port, five bot
seats of one level stepped as the ladder's CPython games step them
(host_tools/milestones_games.py; ladder_milestones.py runs it).

usage: python host_tools/upy.py host_tools/studies/ladder_milestones_mpy.py FIRMWARE LEVEL GAMES

Prints ``S us tag`` for each step as it goes (tag: the turn seat's decision it
belongs to, else -1), then ``END``.
"""
import sys
import gc
import time

sys.path.insert(0, sys.argv[1])
sys.path.append((sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".") + "/..")  # host_tools/
LEVEL, GAMES = int(sys.argv[2]), int(sys.argv[3])
from dicebox.games.milestones import rules, bot  # noqa: E402
from dicebox.core import rng  # noqa: E402
import milestones_games  # noqa: E402
r = rng.seeded(5)
ndec = 0       # a step's tag: the decision it belongs to (the turn seat's), else -1


def timed(b, st, tag):
    gc.collect()    # a collection is the heap's cost, not the bot's: start clean
    t0 = time.ticks_us()
    a = b.step(st, r)
    d = time.ticks_diff(time.ticks_us(), t0)
    print("S", d, tag)      # printed as it goes: the heap is small
    return a


for game in range(GAMES):
    st = rules.State(5, mandatory=(0, 2), hourglass_side=6)
    bots = [bot.Bot(i, LEVEL) for i in range(5)]

    def step(b):
        return timed(b, st, ndec if b.seat == st.turn else -1)

    for b, a, own in milestones_games.play(st, r, *milestones_games.stepped(st, r, bots, 500, step)):
        if own:
            ndec += 1       # the turn seat's steps from the change to its reroll
    bot.clear_announcements()
print("END")

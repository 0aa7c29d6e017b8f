"""Every Milestones bot step timed under the MicroPython unix port, five bot
seats of one level (ladder_milestones.py runs it).

usage: python host_tools/upy.py host_tools/studies/ladder_milestones_mpy.py FIRMWARE LEVEL GAMES

Prints ``S us tag`` for each step as it goes (tag: the turn seat's decision it
belongs to, else -1), then ``END``.
"""
import sys
import gc
import time

sys.path.insert(0, sys.argv[1])
LEVEL, GAMES = int(sys.argv[2]), int(sys.argv[3])
from dicebox.games.milestones import rules, bot  # noqa: E402
from dicebox.core import rng  # noqa: E402
from dicebox.core.game import CHANCE, resolve_chance  # noqa: E402
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
    now = 0
    while not st.over:
        if st.current_player() == CHANCE:
            resolve_chance(st, r)
            continue
        moved = False
        for b in bots:
            a = None
            for f in range(500):
                a = timed(b, st, ndec if b.seat == st.turn else -1)
                if b.seat == st.turn:
                    break       # the turn seat thinks below
                if a is not None or not b.thinking():
                    break
            if a is not None and a[0] != "roll":
                st.apply(a)
                moved = True
                break
        if moved:
            continue
        b = bots[st.turn]
        while a is None or a[0] != "roll":
            a = timed(b, st, ndec)
        ndec += 1       # the turn seat's steps from the change to its reroll
        st.apply(a)
        resolve_chance(st, r)
        now += 4000
        st.apply(("time", now))
    bot.clear_announcements()
print("END")

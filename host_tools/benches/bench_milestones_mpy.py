"""The Milestones bots' reroll and look times and heap under the MicroPython
unix port, five bot seats (bench_milestones.py runs it).

usage: python host_tools/upy.py host_tools/benches/bench_milestones_mpy.py FIRMWARE EXTRA BOTMOD GAMES COLD

BOTMOD is the bot's module (dicebox.games.milestones.bot, or a variant's file
name in the folder EXTRA); COLD 1: the bots' remembered rolls forgotten before
every call. Prints ``RESULT code peak live`` (bytes) then count, median, p99
and max (us) of the rerolls and of the looks.
"""
import sys
import gc
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
sys.path.append((sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".") + "/..")  # host_tools/
BOTMOD, GAMES, COLD = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
gc.collect()
base = gc.mem_alloc()
from dicebox.games.milestones import rules  # noqa: E402
bot = __import__(BOTMOD, None, None, ("bot",))
forget = getattr(bot, "forget", None)   # a variant that keeps its remembered rolls itself
if forget is None:
    from dicebox.games.milestones.values import forget  # noqa: E402
from dicebox.core import rng  # noqa: E402
import dicebox.core.game  # noqa: E402,F401  (the rules' code: counted)
gc.collect()
code = gc.mem_alloc() - base
import milestones_games  # noqa: E402  (the bench's loop: not counted)
r = rng.seeded(5)
peak = 0
rolls = []
acts = []
for game in range(GAMES):
    st = rules.State(5, big_pile=False, mandatory=(0, 2), hourglass_side=6)
    bots = [bot.Bot(i, seed=11 + i + 7 * game) for i in range(5)]
    nb = 0

    def look():
        # frames: one bot a frame looks for a claim, flip or discard (as the table does)
        global nb
        for f in range(10):
            b = bots[nb]
            nb = (nb + 1) % 5
            if COLD:
                forget()
            t0 = time.ticks_us()
            a = b.act(st, roll=False)   # the look, as the old table called it
            acts.append(time.ticks_diff(time.ticks_us(), t0))
            if a is not None and a[0] != "roll":
                return b, a
        return None

    def turn():
        global peak
        b = bots[st.turn]
        best = 1 << 30
        for rep in range(3):   # fastest of 3 (cold: each from nothing)
            b._roll = 0     # time the search itself, not the kept answer
            if COLD:
                forget()
            t0 = time.ticks_us()
            m = b.choose_roll(st)
            best = min(best, time.ticks_diff(time.ticks_us(), t0))
        rolls.append(best)
        gc.collect()
        u = gc.mem_alloc() - base
        if u > peak:
            peak = u
        return b, ("roll", m)

    for _ in milestones_games.play(st, r, look, turn):
        pass
gc.collect()
live = gc.mem_alloc() - base


def stats(x):
    x.sort()
    return "%d %d %d %d" % (len(x), x[len(x) // 2], x[min(len(x) - 1, len(x) * 99 // 100)], x[-1])


print("RESULT", code, peak, live, stats(rolls), stats(acts))

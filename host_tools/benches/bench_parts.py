"""The parts of a frame the bench times apart from the rest (bench_frames.py):
a bot's slice of thought (the bot's factor applies to that part alone; the
rest of a game's frame, the table's and the console's code, is timed as a
whole) and the console's own collections of the heap (``App.collect_if_low``,
``App.collect``: the chip's own figure stands for each, the host's heap
being twice the chip's). A tool of the bench's, imported with its other
tools: its bytes are taken off the heap figures (bench_frames.TOOL_BYTES).

The bot classes whose ``step`` is a slice: core/think.Thought in the
turn-based tables (core/table.Thought on the audited tree), Milestones'
Bot (a seat's share a frame). ``time_bots()`` puts the timed step on each
loaded class (again after its module was dropped and imported anew);
``BOT[0]`` is the Runner recording, which gains each slice's microseconds
in ``bot_us``."""
import sys
import time

BOT_STEPS = (("dicebox.core.think", "Thought"), ("dicebox.core.table", "Thought"),
             ("dicebox.games.milestones.bot", "Bot"))
BOT = [None, 0]       # the Runner recording, the depth of timed calls (a slice in a slice counts once)


def _timed_step(orig):
    def step(*a):
        if BOT[1]:
            return orig(*a)
        BOT[1] = 1
        t0 = time.ticks_us()
        try:
            return orig(*a)
        finally:
            BOT[1] = 0
            r = BOT[0]
            if r is not None:
                r.bot_us += time.ticks_diff(time.ticks_us(), t0)
    return step


def time_bots():
    for mod, cls in BOT_STEPS:
        m = sys.modules.get(mod)
        c = getattr(m, cls, None) if m is not None else None
        if c is None or not hasattr(c, "step") or getattr(c, "_bench_timed", False):
            continue          # not loaded, or this class (its module as loaded now) has it already
        setattr(c, "step", _timed_step(getattr(c, "step")))
        c._bench_timed = True  # a mark on the class: the bench holds no reference to it


def time_collections(app, runner):
    """The console's collections timed into ``runner.gc_us`` (each call
    that collected: the ``collections`` count moved)."""
    for name in ("collect_if_low", "collect"):
        orig = getattr(app, name, None)
        if orig is not None:
            setattr(app, name, _timed_collect(app, orig, runner))


def _timed_collect(app, orig, runner):
    def collect():
        n = app.collections
        t0 = time.ticks_us()
        got = orig()
        if app.collections != n:
            runner.gc_us += time.ticks_diff(time.ticks_us(), t0)
        return got
    return collect

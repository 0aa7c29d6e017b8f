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
import json
import sys
import time

BOT_STEPS = (("dicebox.core.think", "Thought"), ("dicebox.core.table", "Thought"),
             ("dicebox.games.milestones.bot", "Bot"))
BOT = [None, 0]       # the Runner recording, the depth of timed calls (a slice in a slice counts once)
_TIMED = {}           # id() of each class given its timed step (a mark in the class would grow its table)


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
        if c is None or not hasattr(c, "step") or id(c) in _TIMED:
            continue          # not loaded, or this class (its module as loaded now) has it already
        setattr(c, "step", _timed_step(getattr(c, "step")))
        _TIMED[id(c)] = 1     # the class's id: no reference to it, no mark in its table


def time_collections(cls):
    """The console's collections timed into the recording Runner's
    ``gc_us`` (each call that collected: the ``collections`` count moved).
    On the class, once: an attribute put on the App itself (or a mark on
    its class) would grow its attribute table, and the heap figures with it."""
    if id(cls) in _TIMED:
        return
    _TIMED[id(cls)] = 1
    for name in ("collect_if_low", "collect"):
        orig = getattr(cls, name, None)
        if orig is not None:
            setattr(cls, name, _timed_collect(orig))


def _timed_collect(orig):
    def collect(app):
        n = app.collections
        t0 = time.ticks_us()
        got = orig(app)
        r = BOT[0]
        if r is not None and app.collections != n:
            r.gc_us += time.ticks_diff(time.ticks_us(), t0)
        return got
    return collect


def print_frames(r):
    """The Runner's frames, out in lines of 100 ("F" lines): per frame its
    us, bytes flushed, saves, collected, drawing us, the console's
    collections, save code us, erases, pages, modules imported, bot us and
    collection us."""
    for a in range(0, r.n, 100):
        b = min(r.n, a + 100)
        bt, cg = r.bts, r.cgs
        print("F " + json.dumps([[r.us[i], r.nb[i], r.ns[i], r.gcs[i], r.uis[i], r.scs[i], r.svs[i],
                                  r.ers[i], r.pgs[i], r.lds[i], bt[i] if bt else 0, cg[i] if cg else 0]
                                 for i in range(a, b)]))


def record(r, i, us, collected, ui, sched, erases, pages, loads):
    """Frame ``i``'s record in the Runner ``r``'s arrays (see ``print_frames``):
    each part of the frame's time lies inside it."""
    us = us if us > 0 else 0
    r.us[i] = us
    r.nb[i] = r.fb_bytes
    r.ns[i] = r.saves
    r.gcs[i] = collected
    r.uis[i] = ui = ui if 0 < ui < us else (us if ui >= us else 0)
    r.scs[i] = sched
    r.svs[i] = sv = min(max(0, r.save_us), us)
    r.ers[i] = erases
    r.pgs[i] = pages
    r.lds[i] = loads
    if r.bts is not None:        # (a heap run times no parts)
        r.bts[i] = bt = max(0, min(r.bot_us, us - ui - sv))
        r.cgs[i] = max(0, min(r.gc_us, us - ui - sv - bt))


def time_panel(r, panel, name):
    """The simulated panel's ``name`` (its bus writes) timed into the Runner
    ``r``'s ``panel_us``: the panel's own silicon on the device, taken off
    the frame (its bus time is added apart)."""
    orig = getattr(panel, name)

    def timed(*a, **k):
        t0 = time.ticks_us()
        try:
            return orig(*a, **k)
        finally:
            r.panel_us += time.ticks_diff(time.ticks_us(), t0)
    setattr(panel, name, timed)


def time_draw(r, screen):
    """Time ``screen``'s drawing this frame into ``r.ui_us`` (the UI factor
    applies to it); the Runner takes the timed draw off after the frame."""
    orig = screen.draw

    def timed(fb):
        t0 = time.ticks_us()
        try:
            return orig(fb)
        finally:
            r.ui_us += time.ticks_diff(time.ticks_us(), t0)
            r.draws_timed += 1
    screen.draw = timed
    return screen

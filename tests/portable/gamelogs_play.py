"""Finished games kept as their logs (core/steplog.py during play,
core/gamelogs.py at the end), driven through the real tables, for the tests
of each title (tests/portable/test_gamelogs_table_<title>.py, a module each:
under the MicroPython runner each has the device-sized heap to itself):
bots play fixed-seed games to the end and the kept log replays to exactly
the table's final state; a game saved and resumed half way keeps one log of
the whole game; a power cut at each storage operation of a game's end keeps
its log exactly once."""
import gc
import sys
from console import FakeApp, TextFB
from dicebox.core import events, gamelogs, logreplay, steplog, tablepages
from dicebox.core.game import TERMINAL

TITLES = ("dairyman", "mildred", "milestones")
# under the MicroPython runner's device-sized heap one game of each kind (the
# tests' own garbage fragments it); CPython plays them all
MICRO = sys.implementation.name == "micropython"


def app_for(seed):
    app = FakeApp(seed=seed, fb=TextFB(strict=False))
    app.logged = []          # the console's log lines (a log not kept for want of room)
    app.log = app.logged.append
    return app


def table_of(title, app, seats):
    if title == "dairyman":
        from dicebox.games.dairyman.rules import State
        from dicebox.games.dairyman.table import Table
        return Table(app, State(len(seats)), seats)
    if title == "mildred":
        from dicebox.games.mildred.rules import State
        from dicebox.games.mildred.table import Table
        return Table(app, State(), seats)
    from dicebox.games.milestones import pages
    from dicebox.games.milestones.table import Table, new_config
    c = new_config()
    c["humans"] = seats.count(0)         # people first, then bots of one level
    c["bots"] = len(seats) - c["humans"]
    c["level"] = max(seats) - 1
    return Table(app, pages.make_state(c), pages.seats_of(c), None, c)


def run_out(app, t, frames=40000):
    """Frames until the game is over and its end is done (pages over the
    table are closed); False when it did not end in ``frames``."""
    for _ in range(frames):
        keeping = type(app.top()).__name__ == "Keeping"
        if t.ended and not keeping:
            return True
        if app.top() is not t:
            if keeping:
                app.run(33)                  # the end keeps the log, a slice a frame
            elif type(app.top()).__name__ == "PilePicker":
                app.press(events.A)          # a person's first pile
            else:
                app.pop()
            continue
        t.fast = True
        st = getattr(t, "st", None)
        if st is not None and st.setup >= st.n and t.human(st.turn) and st.pending is None:
            t.act(("roll", 63))              # Milestones: the person rolls every die
        app.run(100, step=100)
    if frames == 40000:
        raise AssertionError("the game did not end")
    return False


def play(title, seed, seats):
    gc.collect()
    app = app_for(seed)
    t = table_of(title, app, seats)
    app.push(t)
    run_out(app, t)
    return app, t


def resume_table(title, app):
    """The saved game of ``title`` in ``app.store`` at a new table, or None."""
    if title == "dairyman":
        from dicebox.games.dairyman import pages
        from dicebox.games.dairyman.table import Table
        got = pages.load(app)
    elif title == "mildred":
        from dicebox.games.mildred import pages
        from dicebox.games.mildred.table import Table
        got = pages.load(app)
    else:
        from dicebox.games.milestones import pages
        from dicebox.games.milestones.table import Table
        got = pages.load_game(app.store)
    if got is None:
        return None
    s, seats, log, opt = got
    return Table(app, s, seats, log, opt)


def counting(store):
    """``store`` with its saves and removals counted in ``store.ops`` (the
    power goes at operation ``store.cut``, before it)."""
    store.ops = 0
    store.cut = None
    save, delete = store.save, store.delete

    def op():
        store.ops += 1
        if store.ops == store.cut:
            raise PowerCut()

    def counted_save(name, data, version=1, trim=None):
        op()
        return save(name, data, version, trim)

    def counted_delete(name):
        op()
        delete(name)
    store.save = counted_save
    store.delete = counted_delete
    return store


class PowerCut(BaseException):
    pass




def games_replay_to_the_tables_final_state(title, tables):
    for seats in (tables[:1] if MICRO else tables):
        for seed in ((3,) if MICRO else (3, 4)):
            app, t = play(title, seed, seats)
            assert t.s.current_player() == TERMINAL
            kept = gamelogs.load_kept(app.store, title)
            assert len(kept) == 1, (title, seed)
            lid, kinds, result, slot = kept[0]
            assert kinds == t.seats and slot == 0
            text = gamelogs.load_log(app.store, title, kept[0])
            log = logreplay.decode(text)
            end = logreplay.Replay(log).seek(log.n)
            assert end.to_dict() == t.s.to_dict(), (title, seed)
            logreplay.resume(text, t.s)          # the same check, as keep made it
            # the game's step records are gone, the save too
            assert not app.store.exists(tablepages.chunk_name(t.SAVE, 0))
            assert not app.store.exists(t.SAVE)


def resumed_game_keeps_one_log(title, seats):
    app = app_for(7)
    t = table_of(title, app, seats)
    app.push(t)
    for _ in range(200):
        if t.opt.get("logn", 0) > steplog.CHUNK + 20:
            break
        run_out(app, t, 20)
    assert not t.ended and t.saves > 3
    t.leave()                                  # saved; back to the menu
    assert t.opt["logn"] > steplog.CHUNK      # the steps reach past a record
    again = app_for(8)                         # another boot, other dice
    again.store = app.store
    t2 = resume_table(title, again)
    assert t2 is not None and t2.log_steps is not None, (title, again.store.take_problems())
    again.push(t2)
    run_out(again, t2)
    kept = gamelogs.load_kept(again.store, title)
    assert len(kept) == 1, title
    text = gamelogs.load_log(again.store, title, kept[0])
    assert text is not None, (title, kept, again.store.take_problems(), again.logged)
    log = logreplay.decode(text)
    assert logreplay.Replay(log).seek(log.n).to_dict() == t2.s.to_dict()


def power_cuts_keep_the_log_once(title, seats):
    from dicebox.core.memstore import MemoryStore
    app = app_for(5)
    counting(app.store)
    t = table_of(title, app, seats)
    app.push(t)
    run_out(app, t)
    total = app.store.ops
    # the end: the last saves of the game, the log kept, the records, the save removed
    first = max(1, total - 12)
    cuts = list(range(first, total + 1)) + list(range(3, first, 17))
    if MICRO:
        cuts = cuts[:13:2]              # every other operation of the end
    for k in cuts:
        gc.collect()
        app = app_for(5)
        counting(app.store)
        app.store.cut = k
        t = table_of(title, app, seats)
        app.push(t)
        try:
            run_out(app, t)
            if MICRO and any("no room" in m for m in app.logged):
                continue      # the runner's heap, fragmented by the games before, had no
                              # room to keep this one's log: its end wrote less
            raise AssertionError("cut %d of %d never came" % (k, total))
        except PowerCut:
            pass
        again = app_for(100 + k)
        again.store = MemoryStore()
        again.store.records = dict(app.store.records)
        t2 = resume_table(title, again)
        if t2 is not None:
            again.push(t2)
            run_out(again, t2)
            end = t2.s
        else:
            end = t.s                 # the game was over: its log is kept or being kept
        kept = gamelogs.load_kept(again.store, title)
        if k <= 2 and not kept:
            continue
        assert len(kept) == 1, (title, k, total, len(kept))
        before = gamelogs.load_kept(app.store, title)   # kept before the cut: that one stays
        if before:
            assert kept == before, (title, k)
        else:
            log = logreplay.decode(gamelogs.load_log(again.store, title, kept[0]))
            assert logreplay.Replay(log).seek(log.n).to_dict() == end.to_dict(), (title, k)
        assert not again.store.exists(t.SAVE), (title, k)

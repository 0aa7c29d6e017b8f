"""Finished games kept as their logs (core/steplog.py during play,
core/gamelogs.py at the end), driven through the real tables: bots play
fixed-seed games of each title to the end, and the kept log replays to
exactly the table's final state; a game saved and resumed half way keeps
one log of the whole game; the records of a game's steps go when it ends."""
from console import FakeApp, TextFB
from dicebox.core import gamelogs, logreplay, steplog
from dicebox.core.game import TERMINAL

TITLES = ("dairyman", "mildred", "milestones")


def app_for(seed):
    app = FakeApp(seed=seed, fb=TextFB(strict=False))
    app.log = lambda text: None
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
    c["humans"] = 0
    c["bots"] = len(seats)
    return Table(app, pages.make_state(c), pages.seats_of(c), None, c)


def run_out(app, t, frames=40000):
    """Frames until the game is over and its end is done (pages over the
    table are closed)."""
    for _ in range(frames):
        if t.ended:
            return
        if app.top() is not t:
            app.pop()
            continue
        t.fast = True
        app.run(100, step=100)
    raise AssertionError("the game did not end")


def play(title, seed, seats):
    app = app_for(seed)
    t = table_of(title, app, seats)
    app.push(t)
    run_out(app, t)
    return app, t


def test_bots_games_of_each_title_replay_to_the_tables_final_state():
    for title, seats in (("dairyman", [1, 2]), ("dairyman", [2, 1, 3]),
                         ("mildred", [1, 2]), ("mildred", [2, 2]),
                         ("milestones", [2, 2])):
        for seed in (3, 4):
            app, t = play(title, seed, seats)
            assert t.s.current_player() == TERMINAL
            kept = gamelogs.load_kept(app.store, title)
            assert len(kept) == 1, (title, seed)
            lid, kinds, result, text = kept[0]
            assert kinds == t.seats
            log = logreplay.decode(text)
            end = logreplay.Replay(log).seek(log.n)
            assert end.to_dict() == t.s.to_dict(), (title, seed)
            logreplay.resume(text, t.s)          # the same check, as keep made it
            # the game's step records are gone, the save too
            assert not app.store.exists(steplog.chunk_name(t.SAVE, 0))
            assert not app.store.exists(t.SAVE)

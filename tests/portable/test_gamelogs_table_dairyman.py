"""Dairyman's finished games kept as their logs, through its real table
(tests/portable/gamelogs_play.py)."""
from gamelogs_play import games_replay_to_the_tables_final_state, play, resumed_game_keeps_one_log
from dicebox.core import gamelogs


def test_bots_games_replay_from_the_kept_log_to_the_tables_final_state():
    games_replay_to_the_tables_final_state("dairyman", [[1, 2], [2, 1, 3]])


def test_a_game_saved_half_way_and_resumed_keeps_one_log_of_the_whole_game():
    resumed_game_keeps_one_log("dairyman", [1, 2])



def test_the_end_keeps_the_log_a_few_steps_a_frame_over_the_table_then_goes_on():
    """A long game's log is kept in slices (a 1,300-step Dairyman game at
    once is seconds on the chip, beyond the watchdog's 5): no frame of the
    end plays more than SLICE_STEPS steps, the "Keeping" page is over the
    table meanwhile, and the end page comes after, the log kept."""
    played = [0, 0, 0]             # steps this frame, the most in a frame, frames
    step, tick = gamelogs.play_step, gamelogs.Keeping.tick
    shown = []

    def counted_step(c, st, seat, item):
        played[0] += 1
        return step(c, st, seat, item)

    def counted_tick(self, now):
        played[0] = 0
        tick(self, now)
        played[1] = max(played[1], played[0])
        played[2] += 1
        shown.append(self.app.top() is self or self.app.top())

    # the table's pages (which a game's end imports first) kept, not dropped
    # and compiled again from source at the end inside the MicroPython
    # runner's device-sized heap: the console loads them compiled
    from dicebox.core import table as core_table, tablepages  # noqa: F401
    pages = core_table.PAGES
    gamelogs.play_step, gamelogs.Keeping.tick = counted_step, counted_tick
    core_table.PAGES = ()
    try:
        app, t = play("dairyman", 3, [1, 2])
    finally:
        gamelogs.play_step, gamelogs.Keeping.tick = step, tick
        core_table.PAGES = pages
    assert len(gamelogs.load_kept(app.store, "dairyman")) == 1
    assert 0 < played[1] <= gamelogs.SLICE_STEPS
    assert played[2] >= 10          # over many frames
    assert shown[:-1] == [True] * (len(shown) - 1)     # the page on top until its last frame
    assert type(shown[-1]).__name__ == "EndPage" or shown[-1] is not True


def test_no_frame_of_a_bots_game_writes_twice():
    """The game's steps for its log fill a record of CHUNK characters every
    so often: a save whose steps fill one writes them a record a frame, then
    the save itself, so no frame of a bots' game writes twice (a flash write,
    and now and then an erase, a frame) until the game's end."""
    from gamelogs_play import app_for, table_of
    from dicebox.core.game import TERMINAL
    app = app_for(9)
    now = [0]
    seen = [0, 0, None]              # writes in all, frames that wrote twice, the first of them
    filled = 0                       # records of steps filled
    save = app.store.save

    def counted(*a, **k):
        now[0] += 1
        return save(*a, **k)
    app.store.save = counted
    t = table_of("dairyman", app, [2, 1, 3])
    app.push(t)
    for frame in range(20000):
        if app.top() is not t:
            app.pop()                    # a page over the table (none expected)
            continue
        now[0] = 0
        t.fast = True                    # the bots play at once (no pauses to watch them)
        app.run(33)                      # one frame
        if t.s.current_player() == TERMINAL:
            break                        # this frame's writes: the game's end
        seen[0] += now[0]
        filled = t.log_steps.done if t.log_steps is not None else filled
        if now[0] > 1:
            seen[1] += 1
            if seen[2] is None:
                seen[2] = frame
    assert t.s.current_player() == TERMINAL
    assert filled >= 2, filled                     # the steps filled records of CHUNK characters
    assert seen[0] > 20 and seen[1] == 0, seen

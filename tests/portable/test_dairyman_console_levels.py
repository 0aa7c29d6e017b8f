"""Every bot level plays in the real console, and A skips ahead to your turn (a
module of its own: under the MicroPython runner it has the device-sized heap to
itself; beside the other console tests, compiling the bot's source ran out of it)."""
from dicebox.core import events
from dicebox.games.dairyman import table as dtable
from test_dairyman_console import make, new_game, step, storm, tap


def test_every_level_plays_in_the_app_and_skip_ahead_reaches_your_turn():
    for level in range(4):
        hw, app = make()
        t = new_game(hw, app, 1, level)
        assert t.seats == [0, level + 1]
        storm(hw, app, 40 + level, 60)
        if isinstance(app.top(), dtable.Table) and app.top().bots_play():
            t = app.top()
            tap(hw, app, events.A)              # skip ahead
            n = 0
            while t.bots_play() and n < 600:
                step(hw, app)
                n += 1
            assert not t.bots_play() and not t.fast
        assert t.log.count > 5

"""Random button presses and shakes on the Milestones screens never crash them,
and the game underneath keeps its cards."""
import random

from dicebox.core import events
from dicebox.games.milestones import deck, start as screens
from dicebox.games.milestones import table as MS_table

import test_milestones_screens as screen_tests

KINDS = (events.PRESS, events.PRESS, events.PRESS, events.RELEASE, events.LONG)


def test_random_input_keeps_the_screens_alive():
    for seed in range(6):
        rnd = random.Random(seed)
        app = screen_tests.App(seed + 1)
        screens.start(app)
        for step in range(3000):
            r = rnd.random()
            if r < 0.05:
                app.shake()
            elif r < 0.6:
                app.press(rnd.randrange(6), rnd.choice(KINDS))
            else:
                app.run(rnd.choice((33, 100, 500, 2000)))
            if not app.stack:        # B left the game: the console's home, then back
                screens.start(app)
            app.screen()
            for s in app.stack:
                if isinstance(s, MS_table.Table):
                    assert s.st.card_count() == deck.NCARDS

"""Milestones solo with two Strong bots is a game for the person (issue 18 item 5).

A scripted newcomer plays whole solo games at the console's table through its
keys: it waits a human reaction time (1.5 to 3 s, drawn afresh after every
change of the dice) before it acts; it claims its card when the dice fit it
(Up, then A for the first pile offered); on its turn it marks with Left/Right
and A the dice that do not plainly help its card (``values.keep_mask``; all six
when none helps) and shakes, each key a quarter of a second. The bots play at
the table's pace (normal unless asked). The person must score a real share
of the team's points.

Run it alone for more games and every pace:

    .venv/bin/python tests/host/test_milestones_person.py [GAMES]
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
_shims = os.path.join(ROOT, "host_tools", "cpython_shims")
if _shims not in sys.path:
    sys.path.append(_shims)

from dicebox.core import events  # noqa: E402
from dicebox.games import milestones  # noqa: E402
from dicebox.games.milestones import bot, deck, values  # noqa: E402
from test_milestones_screens import App, setup_solo  # noqa: E402

KEY_MS = 250          # one key press of a person
STEP_MS = 50          # the table's frames in this test


def person_game(seed, pace=1, level=bot.STRONG):
    """One solo game with two bots: (the person's points, the team's points)."""
    app = App(seed)
    table = setup_solo(app, bots=2)
    for b in table.bots:
        b.level = level
    table.cfg["pace"] = pace
    st = table.st
    me = random.Random(seed)
    mine = 0
    seen = None                # the dice (and card) the person last reacted to
    ready_at = 0

    def wait(ms):
        app.run(ms, step=STEP_MS)

    def key(b):
        app.press(b)
        wait(KEY_MS)

    while not st.is_over():
        top = app.top()
        if type(top).__name__ == "PilePicker":
            wait(me.randint(500, 1500))
            if app.top() is top:
                app.press(events.A)           # the first pile offered (easy while it lasts)
            continue
        if top is not table:
            wait(STEP_MS)
            continue
        look = (st.rolls, st.hands[0], st.turn)
        if look != seen:
            seen = look
            ready_at = app.t + me.randint(1500, 3000)   # a person's reaction time
        if app.t < ready_at:
            wait(STEP_MS)
            continue
        if st.dice is None:
            if st.turn == 0 and st.setup >= st.n:
                app.shake()
            wait(STEP_MS)
            continue
        c = st.hands[0]
        if c >= 0 and st.can_claim(0):
            pts = deck.POINTS[c]
            n = len(st.scored)
            key(events.UP)
            if type(app.top()).__name__ == "PilePicker":
                wait(me.randint(500, 1500))
                app.press(events.A)
            if len(st.scored) > n and st.scored[n] == c:
                mine += pts
            continue
        if st.turn == 0 and c >= 0:
            keep = values.keep_mask(deck.TASKS[c], st.dice)
            if keep == 63:
                keep = 0
            want = 63 ^ keep
            table.sel = table.sel & want     # what the person marked before stays
            rolls = st.rolls
            for i in range(6):
                if st.rolls != rolls or st.turn != 0 or app.top() is not table:
                    break
                if ((want ^ table.sel) >> i) & 1:
                    while table.cur != i and app.top() is table:
                        key(events.RIGHT)
                    key(events.A)
                    if getattr(table, "keepm", 0) & (1 << i):   # a reroll mark turned into a keep mark
                        key(events.A)            # once more: no mark
            if st.rolls == rolls and st.turn == 0 and table.sel and app.top() is table:
                app.shake()
                wait(KEY_MS)
            continue
        wait(STEP_MS)
    return mine, st.score()


def shares(games, pace=1, level=bot.STRONG, first=1):
    mine = team = 0
    per = []
    for g in range(first, first + games):
        m, t = person_game(g, pace, level)
        mine += m
        team += t
        per.append((m, t))
    return mine, team, per


def test_a_newcomer_scores_a_real_share_with_two_strong_bots():
    mine, team, per = shares(6)
    assert team > 0
    # three seats: an equal share would be a third; a newcomer with reaction
    # times of 1.5-3 s must not be left with nothing (the audit: 0 of 38)
    assert 4 * mine >= team, (mine, team, per)
    assert sum(1 for m, t in per if m > 0) >= 5, per     # points in nearly every game


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for pace in (0, 1, 2):
        mine, team, per = shares(n, pace)
        scored = sum(1 for m, t in per if m > 0)
        print("pace %-6s %d games: person %d of team %d points (%.0f%%), %.1f a game; "
              "bots %.1f a game; person scored in %d games" % (
                  milestones.PACES[pace], n, mine, team, 100.0 * mine / max(team, 1),
                  mine / n, (team - mine) / n, scored))

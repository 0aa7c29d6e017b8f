"""Finished games for the pictures of a replay and a review: seat 1 is a
person (kind 0 in the log) whose moves are a Beginner bot's, so the review
has decisions to judge, beside a Strong bot; each game is logged as the
console keeps it (core/gamelog.py) and given as the log's text, which
``run.py --shared FILE`` opens like the browser's link (#g=TEXT).

    python host_tools/screenshots/games.py TITLE SEED OUT   # writes OUT

A screenshot script names one on a line ``# shared: TITLE SEED``
(shots.py writes it and opens it). Under CPython, fixed seeds: the same
game each time."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import upy  # noqa: E402

upy.cpython_path()

from dicebox.core import gamelog, rng  # noqa: E402
from dicebox.core.game import CHANCE  # noqa: E402
from dicebox.core.think import Budget  # noqa: E402

PERSON = 0      # the person's moves: a Beginner's
OTHER = 2       # the other seat: Strong (its kind in the log: 1 + level)


def _chance(st, rec, r):
    values = [r.randbelow(n) for n in st.chance_request()]
    st.apply_chance(values)
    rec.chance(values)


def turn_based(title, seed):
    """A Dairyman or Mildred game of the person (P1) and a Strong bot."""
    if title == "dairyman":
        from dicebox.games.dairyman import bot, rules
        st = rules.State(2)
    else:
        from dicebox.games.mildred import bot, rules
        st = rules.State()
    rec = gamelog.Recorder(title, [0, 1 + OTHER], st)
    r = rng.seeded(seed)
    br = rng.seeded(seed * 7919 + 13)
    while not st.is_over():
        if st.current_player() == CHANCE:
            _chance(st, rec, r)
            continue
        seat = st.current_player()
        a = None
        for x in bot.think(st, br, PERSON if seat == 0 else OTHER, Budget(bot.SLICE)):
            if x is not None:
                a = x             # its last word: the move
        st.apply(a)
        rec.action(seat, a)
    return rec.text()


def milestones(seed):
    """A Milestones game of the person (S1) and a Strong bot, the clock
    moving about four seconds a roll."""
    from dicebox.games.milestones import bot, rules
    from milestones_games import stepped
    st = rules.State(2)
    rec = gamelog.Recorder("milestones", [0, 1 + OTHER], st)
    r = rng.seeded(seed)
    look, turn = stepped(st, r, [bot.Bot(0, PERSON), bot.Bot(1, OTHER)], 500)
    now = 0
    while not st.is_over():
        if st.current_player() == CHANCE:
            _chance(st, rec, r)
            continue
        got = look()
        own = got is None
        a = (turn() if own else got)[1]
        seat = st.turn if a[0] == "roll" else a[1]
        st.apply(a)
        rec.action(seat, a)
        if own and not st.is_over():
            if st.current_player() == CHANCE:
                _chance(st, rec, r)
            now += 4000
            st.apply(("time", now))
            rec.action(None, ("time", now))
    bot.clear_announcements()
    return rec.text()


def game_text(title, seed):
    return milestones(seed) if title == "milestones" else turn_based(title, seed)


def main(argv):
    title, seed, out = argv[0], int(argv[1]), argv[2]
    with open(out, "w") as f:
        f.write(game_text(title, seed))


if __name__ == "__main__":
    main(sys.argv[1:])

"""A game's table imports what only play needs (its package's ``AT_TABLE``:
the bot and its tables) itself, once it is on top: a collection frame, then
one import a frame, and no bot thinks before its module is in (core/table.py,
``Table.load_next``). The start pages are let go first, so they and the bot
are never in the heap together."""
import sys

from test_table import PigTable, Pig, frames
from console import FakeApp, TextFB
from dicebox.core.memstore import MemoryStore

LATE = ("dicebox.core.dicesets", "dicebox.core.hourglass")


class LatePigTable(PigTable):
    AT_TABLE = LATE


def table_with_bot_first():
    for m in LATE:
        sys.modules.pop(m, None)            # as the home menu's purge leaves them
    app = FakeApp(seed=3, fb=TextFB(strict=False))
    app.store = MemoryStore()
    app.log = lambda text: None
    t = LatePigTable(app, Pig(2), [2, 0])
    app.push(t)
    t.s.seat = 0
    t.s.phase = 2
    t.s.pot = 2
    return app, t


def with_bot_first(check):
    """``check(app, t)`` on a table whose LATE modules are not in yet; the
    modules as they were are put back after it (other tests hold the ones
    imported before: a second copy would not be the same module)."""
    kept = [(m, sys.modules.get(m)) for m in LATE]
    try:
        check(*table_with_bot_first())
    finally:
        for m, mod in kept:
            parent, name = sys.modules[m.rsplit(".", 1)[0]], m.rsplit(".", 1)[1]
            if mod is None:
                sys.modules.pop(m, None)
                if hasattr(parent, name):
                    delattr(parent, name)   # the package's own name for it too
            else:
                sys.modules[m] = mod
                setattr(parent, name, mod)


def test_the_table_collects_then_imports_one_module_a_frame_before_any_bot_thinks():
    with_bot_first(_collects_then_imports)


def _collects_then_imports(app, t):
    bot = t.bot
    seen = []
    for _ in range(len(LATE) * 2):
        frames(app, 1)
        seen.append([m in sys.modules for m in LATE])
        assert bot.nexts == 0 and not t.thinking()     # no bot work in a loading frame
    # a collection frame, then the first module; again for the second
    assert seen == [[False, False], [True, False], [True, False], [True, True]], seen
    for _ in range(200):
        frames(app, 1)
        if bot.nexts:
            break
    assert bot.nexts > 0                    # then the bot plays as ever


def test_a_table_whose_modules_are_in_plays_at_once():
    with_bot_first(_plays_at_once)


def _plays_at_once(app, t):
    for m in LATE:
        __import__(m)
    assert not t.load_next()                # nothing to load: the frame is play's


def test_every_game_lists_its_bot_for_the_table_and_not_for_the_start_menu():
    for g in ("dairyman", "mildred", "milestones"):
        pkg = __import__("dicebox.games." + g, None, None, ["PLAY"])
        bot = "dicebox.games.%s.bot" % g
        assert bot in pkg.AT_TABLE and bot not in pkg.PLAY, g
        assert not [m for m in pkg.AT_TABLE if m in pkg.PLAY], g

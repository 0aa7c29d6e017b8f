"""Mildred saves: every damaged save is refused by name (never a crash or a hang),
shown on Mildred's own menu, set aside and replaceable; a failed write does not
stop play; Resume comes first; a new game over a save asks first; a save made
before the shared table (log inside the state, seats 0 human, 1 Nephew, 2
Auntie) still resumes, its bots as Beginner and Strong."""
from console import Fresh, left_table, until_saved
import json

from check import raises
from dicebox.core import events as E
from dicebox.core import rng, storage, ui
from dicebox.core import game as core_game
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import CHANCE, TERMINAL, resolve_chance
from dicebox.games.mildred import checks
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import table as S
import dicebox.games.mildred as mildred
from dicebox.games.mildred import start as M_start
from test_mildred_base import mk
from test_mildred_screens import App, close_pages, start_game
from datapaths import set_at


def good_state():
    return mk(pools=((1, 2), (5, 5)), cookie=[3, 4], vic=[1, 0],
              prank=[[1, 2], [0, 0]], sc=[[0, 6, 0, 2], [0, 0, 0, 0]],
              rd=[[0, 1, 0, 0], [0, 0, 0, 0]], groups={(0, 0): ((2, 2), 2)})


def damaged(change):
    d = json.loads(json.dumps(good_state().to_dict()))
    change(d)
    return d


def setf(path, value):
    return lambda d: set_at(d, path, value)


DAMAGE = (
    ("indulgency card 99", setf(("inds", 5), 99)),
    ("phase 42", setf(("phase",), 42)),
    ("negative scallywags", setf(("sc", 0, 1), -6)),
    ("huge scallywags", setf(("sc", 1, 0), 1 << 40)),
    ("scallywag level 0 bit", setf(("sc", 0, 1), 1)),
    ("turn 7", setf(("turn",), 7)),
    ("cookie 0", setf(("cookie", 0), 0)),
    ("cookie as text", setf(("cookie", 1), "3")),
    ("victory 9", setf(("vic", 0), 9)),
    ("victory bool", setf(("vic", 0), True)),
    ("die value 9", setf(("pool", 0, 0), 9)),
    ("pool a string", setf(("pool", 0), "126")),
    ("short pool list", setf(("pool",), [[1, 2, 6]])),
    ("prank slot 7", setf(("prank", 0), [1, 7])),
    ("prank die without slot", setf(("prank", 0), [1, 0])),
    ("dodge not a list", setf(("dodge",), 5)),
    ("used negative", setf(("used", 0), -1)),
    ("a die created", setf(("used", 1), 8)),
    ("mods 3", setf(("mods", 0), 3)),
    ("ready 2", setf(("rd", 0, 1), 2)),
    ("ig short", setf(("ig", 0), [None] * 3)),
    ("group on a card not in play", setf(("ig", 1, 7), [[1, 2, 3, 4, 5, 6], 6])),
    ("group pattern wrong", setf(("ig", 0, 0), [[2, 3], 2])),
    ("group count 0", setf(("ig", 0, 0), [[2, 2], 0])),
    ("group a number", setf(("ig", 0, 0), 5)),
    ("sets twice", setf(("sets",), [0, 0, 3])),
    ("set 9", setf(("sets",), [0, 1, 9])),
    ("two sets", setf(("sets",), [0, 1])),
    ("pend junk", setf(("pend",), ["boom", 3])),
    ("pend huge", setf(("pend",), ["reroll", 10 ** 9])),
    ("flags huge", setf(("flags",), 1 << 20)),
    ("shen -1", setf(("shen", 0), -1)),
    ("keep 5", setf(("keep",), 5)),
    ("rounds -3", setf(("rounds",), -3)),
    ("winner in play", setf(("winner",), 0)),
    ("start phase with dice out", setf(("phase",), 1)),
    ("setup phase with dice out", setf(("phase",), 0)),
    ("version 2", setf(("v",), 2)),
    ("no version", lambda d: d.pop("v")),
    ("field missing", lambda d: d.pop("sc")),
    ("not a record", None),
)


def test_good_state_loads():
    d = json.loads(json.dumps(good_state().to_dict()))
    assert R.State.from_dict(d).to_dict() == good_state().to_dict()


def test_from_dict_refuses_every_damage_by_name():
    # the checks' module as from_dict imports it now (a table on top drops it
    # under MicroPython, and its BadState with it)
    from dicebox.games.mildred import checks
    for name, change in DAMAGE:
        d = [1, 2] if change is None else damaged(change)
        e = raises(storage.BadData, R.State.from_dict, d)
        assert isinstance(e, checks.BadState), name
        assert str(e), name


def test_every_state_of_seeded_games_round_trips_through_the_checks():
    for seed in (1, 2, 3):
        r = rng.seeded(seed)
        st = R.State()
        n = 0
        while n < 400:
            d = json.loads(json.dumps(st.to_dict()))
            assert R.State.from_dict(d).to_dict() == st.to_dict()
            if st.current_player() == TERMINAL:
                break
            if st.current_player() == CHANCE:
                resolve_chance(st, r)
            else:
                acts = st.legal_actions()
                st.apply(acts[r.randbelow(len(acts))])
            n += 1


def test_check_is_not_an_assert():
    st = good_state()
    st.used[0] += 1
    e = raises(checks.BadState, checks.check, st)
    assert "dice" in str(e)


def test_ndice_and_top_are_bounded_for_any_number():
    assert R.ndice(-1) == 6 and R.ndice(-2) == 6 and R.top(-6) == 6
    assert R.ndice(1 << 50) == 0


def put(app, data, seats=(0, 1), log=None):
    """A save as the shared table writes it."""
    d = {"state": data, "seats": list(seats), "kinds": core_game.KIND_FORMAT}
    if log is not None:
        d["log"] = log
    app.store.save(mildred.SAVE, d)


def put_old(app, data, seats=(0, 1)):
    """A save as the table wrote it before the shared table."""
    app.store.save(mildred.SAVE, {"state": data, "seats": list(seats)})


def open_menu(app):
    M_start.start(app)
    return app.stack[0]


def test_damaged_save_is_shown_on_mildreds_menu_set_aside_and_replaced():
    for name, change in DAMAGE:
        for writer in (put, put_old):
            app = App()
            writer(app, [1, 2] if change is None else damaged(change))
            m = open_menu(app)
            top = app.top()
            assert isinstance(top, ui.Message), name
            out = " ".join(app.screen().replace(" | ", " ").split())
            assert "Saved game" in out and "could not be resumed" in out, out
            assert app.store.take_problems(mildred.SAVE) == []     # taken by the menu
            assert mildred.SAVE in app.store.set_aside and not app.store.exists(mildred.SAVE)
            app.press(E.A)                                   # close the notice
            assert app.top() is m
            assert m.label(0) == "New game"                  # no Resume
            if m.sel:
                app.press(E.UP)                              # (the lesson's entry, the first time)
            app.press(E.A)
            assert isinstance(app.top(), tablepages.NewGame)      # no question first
            app.press(E.UP)
            app.press(E.A)                                   # Start
            assert isinstance(app.stack[1], S.Table)
            until_saved(app, app.stack[1])
            assert app.store.exists(mildred.SAVE)


def test_a_negative_scallywag_save_does_not_hang_the_menu():
    app = App()
    put(app, damaged(setf(("sc", 0, 1), -2)))
    open_menu(app)
    assert isinstance(app.top(), ui.Message)


def test_seats_that_are_not_players_are_refused():
    for seats in ([5, 5], [0, 9], [0], [0, 1, 1], [-1, 0], [0, "1"], [0, True]):
        app = App()
        put(app, good_state().to_dict(), seats)
        open_menu(app)
        assert isinstance(app.top(), ui.Message), seats
        assert not app.store.exists(mildred.SAVE)
    for seats in ([0, 3], [0], [-1, 0]):       # old saves: kinds 0..2 only
        app = App()
        put_old(app, good_state().to_dict(), seats)
        open_menu(app)
        assert isinstance(app.top(), ui.Message), seats
    app = App()
    put(app, good_state().to_dict(), (4, 1))
    m = open_menu(app)
    assert app.top() is m and m.label(0) == "Resume game"


def test_an_old_save_resumes_with_its_bots_as_levels_and_its_log():
    d = good_state().to_dict()
    d["log"] = ["P2 passed", "P1 shook 1 2 3"]
    for old, new in (((0, 1), [0, 1]), ((0, 2), [0, 3]), ((2, 1), [3, 1]), ((0, 0), [0, 0])):
        app = App()
        put_old(app, json.loads(json.dumps(d)), old)
        m = open_menu(app)
        assert app.top() is m and m.label(0) == "Resume game" and m.sel == 0
        app.press(E.A)
        t = app.stack[1]
        assert isinstance(t, S.Table)
        assert t.seats == new
        assert t.log.lines == ["P2 passed", "P1 shook 1 2 3"]
        assert t.s.to_dict() == good_state().to_dict()
        until_saved(app, t)
        saved = app.store.load(mildred.SAVE, None)                 # saved again in the new format
        assert saved["kinds"] == core_game.KIND_FORMAT and saved["seats"] == new
        assert "log" not in saved["state"] and saved["log"] == t.log.lines


def test_damaged_move_log_lines_are_dropped_not_fatal():
    for writer in (put, put_old):
        app = App()
        d = good_state().to_dict()
        lines = ["P1 passed", 5, None, "x" * 500]
        if writer is put_old:
            d["log"] = lines
            writer(app, d)
        else:
            writer(app, d, log=lines)
        m = open_menu(app)
        assert app.top() is m
        app.press(E.A)
        t = app.top()
        assert isinstance(t, S.Table)
        assert t.log.lines[0] == "P1 passed" and len(t.log.lines) == 2 and len(t.log.lines[1]) <= 120


def test_a_failed_write_does_not_stop_play():
    app = App()
    app.store.fail_writes = True
    t = start_game(app, (0, 1))
    for _ in range(200):
        close_pages(app, t)
        if t.s.current_player() == TERMINAL:
            break
        if t.human_rolls():
            app.press(E.A)
        elif t.my_turn():
            a = t.s.legal_actions()[0]
            assert t.try_act(a) is None
        else:
            app.run(700)
    assert app.store.failed_writes > 0 and app.store.notice
    assert not app.store.exists(mildred.SAVE)
    assert t.log.count > 10


def play_a_bit(app):
    t = start_game(app, (0, 1))
    for _ in range(10):
        app.run(700)
        while app.top() is not t:
            app.press(E.A)
    return t


def test_after_save_and_quit_resume_is_first_and_selected():
    app = App()
    t = play_a_bit(app)
    m = app.stack[0]
    app.hold_b()                  # the game menu
    items = app.top()
    labels = [items.label(i) for i in range(len(items.items))]
    items.sel = labels.index("Save and quit")
    app.press(E.A)
    left_table(app)               # the way back, a module a frame
    assert app.top() is m
    assert m.label(0) == "Resume game" and m.sel == 0
    saved = t.s.to_dict()
    app.press(E.A)                # A on the menu resumes: nothing is wiped
    t2 = app.top()
    assert isinstance(t2, S.Table) and t2.s.to_dict() == saved


def test_new_game_over_a_save_asks_first():
    app = App()
    t = play_a_bit(app)
    app.hold_b()                  # the game menu
    items = app.top()
    items.sel = [items.label(i) for i in range(len(items.items))].index("Save and quit")
    app.press(E.A)
    left_table(app)
    saved = t.s.to_dict()
    m = app.top()
    assert m.label(0) == "Resume game" and m.sel == 0
    m.sel = 1
    app.press(E.A)                # New game: the seats first
    assert isinstance(app.top(), tablepages.NewGame)
    app.press(E.UP)
    app.press(E.A)                # Start
    assert isinstance(app.top(), ui.Confirm)
    app.press(E.B)                # no: the save stays
    assert isinstance(app.top(), tablepages.NewGame)
    assert app.store.load(mildred.SAVE, None)["state"] == saved
    app.press(E.A)
    assert isinstance(app.top(), ui.Confirm)
    app.press(E.A)                # yes: a new game
    t2 = app.stack[1]
    assert isinstance(t2, S.Table) and t2.seats == [0, 3] and t2 is not t
    until_saved(app, t2)          # its first save, once its table is up, replaces the old
    assert app.store.load(mildred.SAVE, None)["state"] != saved

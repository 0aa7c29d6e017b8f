"""The end of a game through power cuts, on the shared table (core/table.py)
with test_table's small dice game: a person against a bot played to the end,
the power cut at every storage operation the game makes (each save and each
removal; the store's own writes are atomic, which test_power_cut proves at
the flash level), then the game resumed from what the store holds and played
to the end again. The records must count the game exactly once, and no cut
may lose more than the save point in flight (a person's action and the bot's
turn before it are two save points, never one save)."""
from console import Fresh
from dicebox.core import events as E
from dicebox.core import ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import TERMINAL
from dicebox.core.memstore import MemoryStore
from console import FakeApp, TextFB, until_saved
from cutstore import CutStore, PowerCut
from test_table import Pig, PigTable, frames

SEATS = [0, 2]          # a person against a Casual bot: the result is recorded


class Watched(PigTable):
    """Counts the save points asked for and not yet saved: more than one at a
    cut means two moves shared one save."""

    def __init__(self, *a):
        self.points = 0
        self.most = 0
        PigTable.__init__(self, *a)

    def want_save(self):
        self.points += 1
        self.most = max(self.most, self.points)
        PigTable.want_save(self)

    def save_now(self):
        got = PigTable.save_now(self)
        self.points = 0
        return got


def person(app, t):
    """The person's key, as early as the table takes one: A rolls (the dice
    or the pot), Up banks a pot of 5 or more."""
    if t.human_rolls():
        app.press(E.A)
    elif t.my_turn():
        app.press(E.UP if t.s.pot >= 5 else E.A)


def play_to_end(app, t, limit=4000):
    """Frames and the person's keys until the end page shows."""
    for _ in range(limit):
        top = app.top()
        if isinstance(top, tablepages.EndPage):
            return True
        if top is t:
            person(app, t)
        elif isinstance(top, ui.TextPage):
            app.pop()                # a recap: read
        frames(app, 1)
    return False


def records_count(store):
    rows = tablepages.load_records(store).get(PigTable.GAME)
    return sum(sum(r) for r in rows) if rows else 0


def game(cut, seed):
    """A game from a new table with the power cut at operation ``cut`` (0:
    never). Returns the store, the table and whether the cut came."""
    app = FakeApp(seed=seed, fb=TextFB(strict=False))
    app.log = lambda text: None
    app.store = CutStore(cut, PigTable.SAVE)
    t = None
    try:
        t = Watched(app, Pig(2), SEATS)
        app.push(t)
        assert play_to_end(app, t)
    except PowerCut:
        return app.store, t, True
    return app.store, t, False


def resume(store, seed):
    """Boot again on what the store holds; resume the saved game (if any) and
    play it to the end. Returns the store after."""
    app = FakeApp(seed=seed, fb=TextFB(strict=False))
    app.log = lambda text: None
    app.store = MemoryStore()
    app.store.records = dict(store.records)
    got = tablepages.load_table(app.store, PigTable.SAVE, Pig.from_dict)
    if got is not None:
        s, seats, log, opt = got
        t = PigTable(app, s, seats, log, opt)
        app.push(t)
        assert play_to_end(app, t), "the resumed game did not end"
    return app.store


def test_a_power_cut_at_every_storage_operation_counts_the_game_once():
    for seed in (5, 8, 11):
        ref, t, cut = game(0, seed)
        assert not cut and t.s.current_player() == TERMINAL
        assert records_count(ref) == 1 and not ref.exists(PigTable.SAVE)
        total = ref.ops
        assert ref.game_saves >= 5, ref.game_saves
        for k in range(1, total + 1):
            store, t, cut = game(k, seed)
            assert cut, "operation %d of %d never came" % (k, total)
            assert t is None or t.most <= 1, "cut %d: %d moves shared a save" % (k, t.most)
            if store.game_saves == 0:
                continue             # the power went before the game's first save: no game
            after = resume(store, seed + 100 + k)
            assert records_count(after) == 1, "seed %d, cut %d of %d: counted %d times" % (
                seed, k, total, records_count(after))
            assert not after.exists(PigTable.SAVE)


def test_a_key_right_after_a_bots_turn_saves_that_turn_first():
    app = FakeApp(seed=3, fb=TextFB(strict=False))
    app.log = lambda text: None
    app.store = CutStore(0, PigTable.SAVE)
    t = Watched(app, Pig(2), [2, 0])
    app.push(t)
    t.s.seat, t.s.phase, t.s.pot = 0, 2, 6      # the bot banks 6: its turn ends
    for _ in range(40):
        frames(app, 1)
        if t.s.seat == 1:
            break
    assert t.s.seat == 1 and t.pending_save    # the bot's turn ended; its save is due
    saves = app.store.game_saves
    app.press(E.A)                             # the person's roll, at once
    assert app.store.game_saves == saves + 1   # the bot's turn was saved before the roll
    saved = app.store.load(PigTable.SAVE)["state"]
    assert saved["score"][0] == 6 and saved["seat"] == 1 and saved["phase"] == 1
    assert t.pending_save and t.points == 1    # the roll is a save point of its own
    frames(app, 3)
    assert not t.pending_save and app.store.game_saves == saves + 2


def test_the_records_skip_a_game_id_they_counted():
    st = MemoryStore()
    tablepages.add_record(st, "Pig", 1, 0, 17)
    tablepages.add_record(st, "Pig", 1, 0, 17)        # the same game, ended again
    tablepages.add_record(st, "Pig", 1, 1, 18)
    tablepages.add_record(st, "Pig", 1, 2)            # no id: always counted
    assert tablepages.load_records(st)["Pig"][1] == [1, 1, 1]
    assert tablepages.new_gid(st) == 19


def test_a_recorded_game_gets_an_id_and_its_save_keeps_it():
    app = FakeApp(seed=3, fb=TextFB(strict=False))
    app.store = MemoryStore()
    tablepages.add_record(app.store, "Other", 0, 0, 41)
    t = PigTable(app, Pig(2), SEATS)
    assert t.opt["gid"] == 42                    # never the id of a game counted
    app.push(t)
    until_saved(app, t)                          # saved once its table is up
    got = tablepages.load_table(app.store, PigTable.SAVE, Pig.from_dict)
    assert got[3]["gid"] == 42
    bots = PigTable(app, Pig(2), [2, 3])          # not recorded: no id
    assert "gid" not in bots.opt


def test_a_bad_game_id_or_last_ids_are_refused():
    st = MemoryStore()
    st.save("records", {"#last": {"Pig": -1}})
    assert tablepages.load_records(st) == {} and st.take_problems("records")
    st.save("records", {"#last": {"Pig": 3}, "Pig": [[0, 0, 0]] * 4})
    assert tablepages.load_records(st)["#last"] == {"Pig": 3}
    st.save("pig", {"state": Pig(2).to_dict(), "seats": SEATS, "kinds": 2,
                    "opt": {"gid": "x"}})
    assert tablepages.load_table(st, "pig", Pig.from_dict) is None
    assert st.take_problems("pig")

"""The end of a Milestones game through power cuts: one person against a bot
until the sand runs out, the power cut at each of the game's storage
operations (its saves, the records, the high scores, the save's removal),
then the console boots on what the store holds, the game is resumed
and its sand runs out again. The records and the high scores must each count
the game exactly once (a cut in the records write used to leave the high
score written and the game never counted)."""
from console import Fresh
import gc
from dicebox.core import events
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.games.milestones import start as mstart
import dicebox.games.milestones as milestones
from dicebox.games.milestones import table as MS_table
from test_milestones_screens import App, shaken
from console import FakeApp, TextFB
from cutstore import CutStore, PowerCut

SEED = 5
FB = TextFB()          # one frame buffer for the two dozen consoles (the device's heap cap)


class EndApp(App):
    def __init__(self, seed):
        FakeApp.__init__(self, seed, fb=FB)
        self.settings["sound"] = False


def game(cut):
    gc.collect()                 # each run plays a whole game: under the device's heap cap too
    app = EndApp(SEED)
    app.store = CutStore(cut, milestones.SAVE)
    try:
        table = shaken(app, 1, 200000, step=500)
        assert table.st.is_over()
    except PowerCut:
        return app.store, True
    return app.store, False


def counts(store):
    rows = tablepages.load_records(store).get(milestones.GAME) or []
    high = store.load(milestones.HIGH, {}) or {}
    return sum(sum(r) for r in rows), sum(len(high[k]) for k in high if not k.startswith("#"))


def resume(store):
    gc.collect()
    app = EndApp(SEED + 1)
    app.store.records = dict(store.records)
    mstart.start(app)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    if "Resume game" in labels:
        menu.sel = labels.index("Resume game")
        app.press(events.A)
        table = app.top()
        assert isinstance(table, MS_table.Table)
        for _ in range(20):          # a game saved before its start: the cards, then a shake
            app.run(100)
            if type(app.top()).__name__ == "PilePicker":
                app.press(events.A)
            elif table.st.setup == table.st.n and not table.pending_save:
                break
        if not table.st.started:
            app.shake()
        app.run(200000, step=500)
        assert table.st.is_over()
    assert not app.store.exists(milestones.SAVE)
    return app.store


def test_a_power_cut_at_the_end_counts_the_game_once_in_records_and_high_scores():
    ref, cut = game(0)
    assert not cut and counts(ref) == (1, 1)
    total = ref.ops
    kinds = set()
    assert total >= 6
    for k in range(1, total + 1):
        store, cut = game(k)
        assert cut
        if milestones.SAVE not in store.records and tablepages.RECORDS not in store.records:
            continue             # before the game's first save: no game (the
                                 # lesson's offer may be written before it)
        n = len(store.records)
        kinds.add((milestones.SAVE in store.records, tablepages.RECORDS in store.records,
                   milestones.HIGH in store.records))
        assert counts(resume(store)) == (1, 1), "cut %d of %d (%d records)" % (k, total, n)
    # the cuts came before the records, between them and the high scores, and after both
    assert (True, False, False) in kinds and (True, True, False) in kinds
    assert (True, True, True) in kinds

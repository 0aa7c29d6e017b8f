"""Milestones saves and high scores: checked on load, never lost, never a crash.

A damaged save is refused by ``rules.State.from_dict`` (``storage.BadData``),
set aside by the store and named on Milestones' own menu; the high score is
written before a finished game's save goes; a new game is saved before its
first action, so a power cut at any storage operation leaves a game to resume
(or its score recorded); a full filesystem only brings a notice.
"""
from console import Fresh
import gc
import json
from check import raises
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core import ui
from dicebox.core import events
from dicebox.core.storage import BadData
from dicebox.core.memstore import MemoryStore
from dicebox.games.milestones import start as mstart, rules, deck
import dicebox.games.milestones as milestones
MS_pages = Fresh("dicebox.games.milestones.pages")
from dicebox.games.milestones import table as MS_table
from test_milestones_screens import App, setup_solo, shaken, menu_pick, find_roll, saved, until_picker
from console import kept, left_table, new_game_page
from datapaths import set_at


def labels(menu):
    return [menu.label(i) for i in range(len(menu.items))]


def saved_game(seed=5):
    """A real save of a three-seat game some way in, as the table writes it."""
    gc.collect()         # the last one's console goes first (the device's heap cap)
    app = App(seed)
    setup_solo(app)
    app.shake()
    app.run(12000)
    return app, json.loads(app.store.records[milestones.SAVE][1])


def check_save(d):
    """What the game's menu makes of save data ``d``: ``(state, seats, log,
    cfg)``, or ``BadData`` with the store's words when it is set aside."""
    store = MemoryStore()
    store.save(milestones.SAVE, d)
    got = MS_pages.load_game(store)
    if got is None:
        raise BadData("; ".join(store.take_problems(milestones.SAVE)) or "finished")
    return got


def damaged(d, path, value):
    return set_at(json.loads(json.dumps(d)), path, value)


BAD = (
    (("dice",), "3,4,5,6,1,2"),
    (("hands",), [3]),
    (("dice",), [1, 2, 9, 4, 5, 6]),
    (("turn",), 7),
    (("n",), 9),
    (("rolls",), -1),
    (("now",), -5),
    (("now",), 2 ** 40),
    (("glass", "left"), 999999),
    (("glass", "total"), "x"),
    (("setup",), 4),
    (("paused",), 3),
    (("end",), 5),
    (("pending",), ["roll", 99]),
    (("pending",), ["fly"]),
    (("mand_open",), [4]),
    (("hg_open",), True),
    (("flips",), 3),
    (("v",), 1),
)


def test_from_dict_refuses_every_invalid_state_with_baddata():
    app, d = saved_game()
    st = d["state"]
    rules.State.from_dict(st)                 # the real one loads
    for path, value in BAD:
        raises(BadData, rules.State.from_dict, damaged(st, path, value))
    for k in ("dice", "piles", "glass"):
        bad = dict(st)
        del bad[k]
        raises(BadData, rules.State.from_dict, bad)
    raises(BadData, rules.State.from_dict, "state")
    raises(BadData, rules.State.from_dict, None)


def test_the_save_checks_hold_the_rules_limits():
    from dicebox.games.milestones import checks, dice
    assert checks.MAX_PLAYERS == rules.MAX_PLAYERS
    assert checks.MAX_MS == rules.MAX_MS
    assert checks.MAX_GAME_MS == rules.MAX_GAME_MS
    assert dice.ALL == rules.ALL_DICE
    st = rules.State(2)
    assert st.hands == [-1, -1]                # checks._NONE: no card in a hand


def test_from_dict_checks_the_cards_invariants():
    app, d = saved_game()
    st = d["state"]
    hand = st["hands"][0]
    two = damaged(st, ("hands",), [hand, hand, st["hands"][2]])       # one card twice
    raises(BadData, rules.State.from_dict, two)
    lost = damaged(st, ("piles",), [st["piles"][0][1:], st["piles"][1], st["piles"][2]])
    raises(BadData, rules.State.from_dict, lost)                       # a card gone
    odd = damaged(st, ("hands",), [99] + st["hands"][1:])
    raises(BadData, rules.State.from_dict, odd)                        # no such card
    moved = json.loads(json.dumps(st))
    c = moved["piles"][2].pop()
    moved["piles"][0].append(c)
    raises(BadData, rules.State.from_dict, moved)                      # a hard card in easy
    short = damaged(st, ("drawn_at",), [0])
    raises(BadData, rules.State.from_dict, short)


def test_every_state_of_a_played_game_round_trips():
    app = App(7)
    table = setup_solo(app, bots=2)
    app.shake()
    for _ in range(40):
        app.run(1000)
        st = table.st
        back = rules.State.from_dict(json.loads(json.dumps(st.to_dict())))
        assert back.to_dict() == st.to_dict()
        if st.is_over():
            break


def test_a_damaged_save_is_set_aside_and_named_on_the_games_menu():
    for path, value in BAD[:6]:
        app, d = saved_game()
        app.stack = []
        app.store.save(milestones.SAVE, damaged(d, ("state",) + path, value))
        mstart.start(app)                       # no crash
        assert app.messages, path
        title, text = app.messages[-1]
        assert "Saved game" in text and "set aside" in text, text
        assert isinstance(app.top(), ui.Message)
        app.press(events.A)
        menu = app.top()
        assert isinstance(menu, mstart.StartMenu)
        assert "Resume game" not in labels(menu)
        assert milestones.SAVE in app.store.set_aside        # kept aside, not thrown away
        assert not app.store.exists(milestones.SAVE)
        app = menu = None                # let this console go before the next one



def test_the_records_page_says_the_records_were_damaged():
    """Records on a damaged records file: the page says so, above its zeros
    and the note on how a team game counts."""
    from dicebox.games.milestones import pages
    app = App()
    app.store.records["records"] = (1, "garbage{")
    page = pages.records_page(app)
    text = " ".join(page.lines)
    assert "records file was damaged" in text and "as a team" in text, page.lines
    assert not app.store.take_problems()


def test_the_save_carries_the_deck_version_and_another_deck_is_refused():
    app, d = saved_game()
    assert d["state"]["deck_version"] == deck.DECK_VERSION == 2
    rules.State.from_dict(d["state"])
    for other in (1, 3, "2", None, True):
        e = raises(BadData, rules.State.from_dict, damaged(d["state"], ("deck_version",), other))
        assert "another version of the deck" in str(e), str(e)
    # through the game's menu: set aside and named, never resumed
    app.stack = []
    app.store.save(milestones.SAVE, damaged(d, ("state", "deck_version"), 1))
    mstart.start(app)
    title, text = app.messages[-1]
    assert "Saved game" in text and "set aside" in text, text
    app.press(events.A)
    assert "Resume game" not in labels(app.top())
    assert milestones.SAVE in app.store.set_aside and not app.store.exists(milestones.SAVE)


def test_a_save_of_the_first_format_is_refused_cleanly():
    """Version 1 saves did not say which deck their card ids mean."""
    app, d = saved_game()
    old = json.loads(json.dumps(d["state"]))
    old["v"] = 1
    del old["deck_version"]
    e = raises(BadData, rules.State.from_dict, old)
    assert "another version" in str(e), str(e)
    store = MemoryStore()
    store.save(milestones.SAVE, dict(d, state=old))
    assert MS_pages.load_game(store) is None
    assert store.take_problems(milestones.SAVE)


def test_the_field_table_is_the_save_format():
    app, d = saved_game()
    assert sorted(d["state"]) == sorted(("v", "glass") + rules.FIELDS.names)
    assert d["state"]["v"] == rules.FIELDS.version == 2
    for k in rules.FIELDS.names:
        bad = dict(d["state"])
        del bad[k]
        e = raises(BadData, rules.State.from_dict, bad)
        assert k in str(e), str(e)


def test_a_clone_shares_nothing_with_its_original():
    app, d = saved_game()
    st = rules.State.from_dict(d["state"])
    c = st.clone()
    assert c.to_dict() == st.to_dict()
    c.piles[0].append(99)
    c.hands[0] = 5
    c.dice[0] = 7
    c.glass.flip(c.now)
    c.apply(("time", c.now + 60000))
    assert st.to_dict() == rules.State.from_dict(d["state"]).to_dict()
    assert st.to_dict() != c.to_dict()


def test_a_save_whose_setup_does_not_fit_the_state_is_refused():
    app, d = saved_game()
    for bad in (damaged(d, ("opt", "bots"), 1), damaged(d, ("opt", "big"), True),
                damaged(d, ("opt", "humans"), "1"), damaged(d, ("opt",), None),
                damaged(d, ("seats",), [3, 0, 3]), damaged(d, ("seats",), [0, 3, 4]),
                damaged(d, ("seats",), [0, 3]), damaged(d, ("opt", "level"), 7),
                damaged(d, ("opt", "pace"), 3), damaged(d, ("opt", "pace"), "calm"),
                damaged(d, ("kinds",), 1)):
        raises(BadData, check_save, bad)
    store = MemoryStore()
    store.save(milestones.SAVE, damaged(d, ("opt", "must"), [1, 0, 0]))
    assert MS_pages.load_game(store) is None
    assert store.take_problems(milestones.SAVE)


def finish(app, table):
    app.run(185000, step=500)
    kept(app)                  # the end keeps the game's log, a slice a frame, then goes on
    assert table.st.is_over()
    return app.top()


def test_a_bad_high_score_table_does_not_lose_the_score():
    for bad in ({"3-base": 5}, {"3-base": ["x"]}, [1, 2], {"3-base": [1] * 9}, {"#last": "x"}):
        app = App()
        # the end of a game reads the table too: a bad one set aside there
        st = rules.State(3)
        st.over = True
        cfg = MS_table.new_config()
        cfg["gid"] = 5
        app.store.save(milestones.HIGH, bad)
        MS_pages.record_high(app.store, st, cfg)
        assert app.store.load(milestones.HIGH, {}) == {"3-base": [0], "#last": 5}
        app.store.save(milestones.HIGH, bad)
        mstart.start(app)
        assert "High scores" in app.messages[-1][1]
        app.stack = []
        table = setup_solo(app)
        app.shake()
        res = finish(app, table)
        assert isinstance(res, MS_pages.Result)
        high = app.store.load(milestones.HIGH, {}, check=MS_pages.check_high)
        assert high["3-base"] == [res.score], high
        assert milestones.HIGH in app.store.set_aside
        assert not app.store.exists(milestones.SAVE)


def test_high_scores_page_names_a_damaged_table():
    app = App()
    app.store.save(milestones.HIGH, {"3-base": [1, "a"]})
    mstart.start(app)
    assert "High scores" in app.messages[-1][1]
    app.press(events.A)             # the problem notice
    menu_pick(app, "High scores")
    text = " ".join(app.top().lines)
    assert "No games yet" in text


class LogStore(MemoryStore):
    """Remembers every write and delete, and the records after each one."""

    def __init__(self):
        MemoryStore.__init__(self)
        self.ops = []
        self.after = []

    def save(self, name, data, version=1, trim=None):
        ok = MemoryStore.save(self, name, data, version, trim)
        self.ops.append(("save", name))
        self.after.append(dict(self.records))
        return ok

    def delete(self, name):
        MemoryStore.delete(self, name)
        self.ops.append(("delete", name))
        self.after.append(dict(self.records))


def test_the_high_score_is_written_before_the_save_is_deleted():
    app = App()
    app.store = LogStore()
    table = setup_solo(app)
    app.shake()
    finish(app, table)
    ops = app.store.ops
    last_high = max(i for i in range(len(ops)) if ops[i] == ("save", milestones.HIGH))
    gone = ops.index(("delete", milestones.SAVE))
    assert last_high < gone
    assert ops.count(("save", milestones.HIGH)) == 1


def test_a_power_cut_at_any_storage_operation_leaves_a_game_or_its_score():
    app = App(11)
    app.store = LogStore()
    MemoryStore.save(app.store, MS_pages.LEARNED, {"offered": 1})   # opened before: no offer to note
    table = setup_solo(app, bots=2)
    gid = table.cfg["gid"]
    app.shake()
    finish(app, table)
    after = app.store.after
    game_ops = [op for op in app.store.ops if not op[1].startswith(milestones.SAVE + "_l")]
    assert game_ops[0] == ("save", milestones.SAVE)     # before the first action (the steps
    states = 0                                          # for its log come just before it)
    first = app.store.ops.index(("save", milestones.SAVE))   # before it nothing was started
    for k in range(first, len(after)):
        # the cut comes after operation k; before the first one nothing was started
        store = MemoryStore()
        store.records = dict(after[k])
        got = MS_pages.load_game(store)
        high = store.load(milestones.HIGH, {}, check=MS_pages.check_high)
        assert got is not None or high.get(MS_pages.LAST) == gid, k
        assert not store.take_problems()
        if got is not None:
            states += 1
            assert got[0].card_count() == deck.NCARDS
    assert states > 5
    # a cut between the score and the deletion: resuming never counts it twice
    store = MemoryStore()
    store.records = dict(after[-3])
    got = MS_pages.load_game(store)
    if got is not None:
        again = App(11)
        again.store = store
        t = MS_table.Table(again, got[0], got[1], got[2], got[3])
        again.push(t)
        again.run(190000, step=1000)
        high = store.load(milestones.HIGH, {}, check=MS_pages.check_high)
        assert len(high["3-base"]) == 1


def test_the_first_save_is_made_before_any_action():
    app = App()
    setup = new_game_page(app, mstart.start)
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    assert MS_pages.load_game(app.store) is None     # not in the frame that builds the table
    saved(app, table)                                # but once it is up, before any action
    got = MS_pages.load_game(app.store)
    assert got is not None
    assert got[0].setup == 0 and got[0].rolls == 0


def test_a_full_filesystem_does_not_crash_the_game():
    app = App()
    table = setup_solo(app)
    app.store.fail_writes = True
    app.shake()
    app.run(20000)
    assert app.store.notice and "not saved" in app.store.notice
    finish(app, table)
    assert isinstance(app.top(), MS_pages.Result)


def test_resume_is_first_and_selected_and_new_game_asks_first():
    app, d = saved_game()
    app.stack = []
    mstart.start(app)
    menu = app.top()
    assert labels(menu)[0] == "Resume game" and menu.sel == 0
    menu_pick(app, "New game")
    setup = app.top()
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    assert isinstance(app.top(), ui.Confirm)
    app.press(events.B)                                   # no: the save stays
    assert app.top() is setup
    assert app.store.load(milestones.SAVE, None) == d
    app.press(events.A)
    app.press(events.A)                                   # yes
    assert isinstance(app.top(), MS_table.Table)
    saved(app, app.top())                                 # its first save replaces the old
    assert app.store.load(milestones.SAVE, None) != d


def test_save_and_quit_puts_the_cursor_on_resume():
    app = App()
    setup_solo(app)
    app.stack.insert(0, mstart.StartMenu(app))      # the menu under the table
    app.stack[0].enter()
    app.shake()
    app.hold_b()
    menu_pick(app, "Save and quit")
    left_table(app)                                 # the way back, a module a frame
    menu = app.top()
    assert isinstance(menu, mstart.StartMenu)
    assert labels(menu)[0] == "Resume game" and menu.sel == 0


def test_to_dict_loads_back_before_and_after_json():
    st = rules.State(2, mandatory=(1, 3), hourglass_side=6)
    st.apply(("draw", 0, 0))                      # pending ("draw", 0, 0), mand_all a tuple
    for d in (st.to_dict(), json.loads(json.dumps(st.to_dict()))):
        back = rules.State.from_dict(d)
        assert back.pending == ("draw", 0, 0) and back.mand_all == (1, 3)
        assert json.dumps(back.to_dict()) == json.dumps(st.to_dict())


def test_saves_come_one_per_human_action_and_one_per_bot_action():
    """Every action gets its own save, taken in a later frame that runs no bot
    step and shows no tumbling dice (or, when a person acts again first, at
    that second action); so the record is never more than one action behind,
    and the sand in it is the sand of the frame its record was made in."""
    app = App(13)
    table = setup_solo(app, bots=3)
    st = table.st
    acts = [0, 0]                       # the person's, the bots'
    real = table.act

    def act(a, bot=False):
        ok = real(a, bot)
        if ok:
            acts[1 if bot else 0] += 1
        return ok
    table.act = act
    sand = [None]                       # the sand when the last save's record was made
    step = table.save_step

    def save_step():
        made = table.record is None
        step()
        if made:
            sand[0] = st.time_left()
    table.save_step = save_step
    assert st.setup == st.n and not table.pending_save    # the setup's draws are saved
    saves0 = table.saves
    log_writes = [0]       # the log's records (core/steplog.py, core/gamelogs.py), beside the saves
    real_save = app.store.save

    def save(name, data, version=1, trim=None):
        if name.startswith(milestones.SAVE + "_l") or name == "logid" or name.startswith("logs_milestones"):
            log_writes[0] += 1
        return real_save(name, data, version, trim)
    app.store.save = save
    writes0 = app.store.writes
    saved_at = 0                        # actions covered by the last save
    for i in range(2200):
        if st.is_over():
            break
        top = app.top()
        if type(top).__name__ == "PilePicker":
            app.press(events.A)
        elif top is table:
            if st.can_claim(0):
                app.press(events.UP)
            elif st.turn == 0 and i % 7 == 0:
                app.press(events.A)     # mark the die at the cursor, then roll it
                app.shake()
        if table.saves != saves0:       # a save in an event: it covered the earlier actions
            saved_at = acts[0] + acts[1] - 1
            saves0 = table.saves
        before = table.saves
        end = app.t + 100
        while app.t < end:              # 100 ms, a frame at a time: a save frame only saves
            b = table.saves
            ahead = table.record is not None      # the record made in an earlier frame
            app.t += 33
            app.frame()
            if table.saves > b:
                assert table.saves == b + 1
                if table.acted != table.frame_no():   # (a person's action saves what was due first)
                    assert not table.stepped and not table.animating()
                if not st.is_over():
                    d = json.loads(app.store.records[milestones.SAVE][1])
                    got = rules.State.from_dict(d["state"]).time_left()
                    assert got == (sand[0] if ahead else st.time_left())
        now = acts[0] + acts[1]
        if table.saves > before:
            saved_at = now
        assert now - saved_at <= 1, i   # a power cut now loses at most the last action
        saves0 = table.saves
    assert st.is_over()
    kept(app)                           # the end: the log kept a slice a frame, then the rest
    assert acts[0] >= 5 and acts[1] >= 20, acts
    # one write of the game per action, then the end (the score, the record, the save
    # removed); the last action's save is not taken when the sand runs out first
    game_writes = app.store.writes - writes0 - 2 - log_writes[0]
    assert 0 < log_writes[0] <= 2 * game_writes   # a step record a save (two as one fills)
    assert acts[0] + acts[1] - game_writes in (0, 1), (game_writes, acts)


def test_a_save_of_the_first_format_resumes_with_strong_bots():
    app, d = saved_game()
    old = {"st": d["state"], "log": d["log"], "cfg": {
        "humans": 1, "bots": 2, "big": False, "must": [0, 0, 0], "hg": 0, "aid": False,
        "gid": d["opt"]["gid"]}}
    app.stack = []
    app.store.save(milestones.SAVE, old)
    mstart.start(app)
    assert not app.messages
    menu_pick(app, "Resume game")
    t = app.top()
    assert isinstance(t, MS_table.Table)
    assert t.seats == [0, 3, 3] and t.cfg["level"] == 2
    assert t.st.to_dict()["hands"] == d["state"]["hands"]
    assert t.log.to_list() == d["log"]
    saved(app, t)
    d2 = json.loads(app.store.records[milestones.SAVE][1])       # saved again in today's form
    assert d2["seats"] == [0, 3, 3] and d2["kinds"] == 2 and "st" not in d2
    bad = dict(old, cfg=dict(old["cfg"], bots=3))
    raises(BadData, check_save, bad)


def test_records_count_a_solo_game_with_bots_under_their_level_once():
    tablepages = Fresh("dicebox.core.tablepages")
    app = App(3)
    setup = new_game_page(app, mstart.start)
    setup.cfg["level"] = 3
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    assert table.seats == [0, 4, 4]
    until_picker(app)
    app.press(events.A)
    for _ in range(60):                                  # the bots draw, each draw saved
        app.run(100)
        if table.st.setup == table.st.n and not table.pending_save:
            break
    app.shake()
    res = finish(app, table)
    rows = tablepages.load_records(app.store)[milestones.GAME]
    assert sum(rows[3]) == 1 and rows[3][0] == 1       # the first game at a table: won
    assert sum(rows[0]) + sum(rows[1]) + sum(rows[2]) == 0
    assert isinstance(res, MS_pages.Result)
    app.t += 1500
    app.press(events.A)                                  # the end page closes, and the table
    menu = app.top()
    assert isinstance(menu, mstart.StartMenu)
    menu_pick(app, "Records")
    text = " ".join(app.top().lines)
    assert "Expert" in text and "beat" in text
    # a second game at the same table that does not beat the first: lost
    st = rules.State(3)
    st.over = True
    cfg = dict(table.cfg, gid=77)
    top, new, fresh = MS_pages.record_high(app.store, st, cfg)
    assert fresh and not new and top == res.score or res.score == 0


def test_two_people_and_bots_keep_no_record():
    app = App(4)
    setup = new_game_page(app, mstart.start)
    setup.cfg["humans"] = 2
    setup.cfg["bots"] = 1
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    for _ in range(60):
        app.run(100)
        if type(app.top()).__name__ == "PilePicker":
            app.press(events.A)
        if table.st.setup == 3 and not table.pending_save:
            break
    assert table.st.setup == 3
    app.shake()
    assert table.st.started
    finish(app, table)
    assert tablepages.load_records(app.store) == {}


def test_a_persons_action_before_the_save_frame_saves_the_one_before_first():
    app = App(12)
    table = shaken(app, 1, 400)
    saved(app, table)                         # the roll's save
    st = table.st
    assert not table.pending_save
    app.press(events.DOWN)                    # not an action: nothing to save
    assert not table.pending_save
    table.act(("roll", 1), True)              # as a bot's reroll would be played
    assert table.pending_save and table.animating()
    saves = table.saves
    st.dice = find_roll(deck.TASKS[st.hands[0]], True)
    table.claim(0)                            # a person claims before that save was taken
    app.press(events.A)                       # the pile
    assert table.saves == saves + 1           # the bot's reroll saved first ...
    assert table.pending_save and not table.animating()
    saved(app, table)
    assert table.saves == saves + 2           # ... then the claim, in the frames after


def test_the_first_pile_is_asked_at_once_and_the_save_goes_on_under_the_picker():
    """The person is asked for a first pile as soon as the table is up (not
    after the new game's save); that save goes on, a step a frame, while the
    picker is open, so the pick has no save to take first."""
    app = App()
    setup = new_game_page(app, mstart.start)
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    until_picker(app)
    picker = app.top()
    assert type(picker).__name__ == "PilePicker" and table.pending_save
    assert MS_pages.load_game(app.store) is None
    for _ in range(12):
        app.run(100)
        if not table.pending_save:
            break
    assert app.top() is picker and not table.pending_save
    got = MS_pages.load_game(app.store)
    assert got is not None and got[0].setup == 0
    n = table.saves
    app.press(events.A)                       # the pick: no save due before it
    assert table.saves == n and table.pending_save

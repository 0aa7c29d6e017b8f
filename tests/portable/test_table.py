"""The shared game table (core/table.py) with a small dice game of its own:
bots think one slice a frame, saves come once per human action and once per
bot turn (never while animating), skip, cover, Hint, records, resume."""
from console import Fresh
from dicebox.core import events as E
from dicebox.core import table, ticks, ui
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core import think
from dicebox.core.game import CHANCE, TERMINAL
from dicebox.core.memstore import MemoryStore
from console import FakeApp, TextFB
from pig import GOAL, State as Pig     # the contract's worked example (core/game.py)

class PigBot:
    """Thinks in SLICES slices (counting them), banks at a pot of 4 or more."""
    SLICES = 3
    SLICE = 1            # the bot protocol's units a slice (a Budget's)

    def __init__(self):
        self.nexts = 0

    def think(self, s, rng, level, budget=None):
        for _ in range(self.SLICES):
            self.nexts += 1
            yield None
        self.nexts += 1
        yield ("bank",) if s.pot >= 4 else ("roll",)

    def hint(self, s, rng, budget=None):
        yield None
        yield ("bank",), "bank: %d is safe" % s.pot


class CountingStore(MemoryStore):
    def __init__(self):
        MemoryStore.__init__(self)
        self.names = []

    def save(self, name, data, version=1, trim=None):
        self.names.append(name)
        return MemoryStore.save(self, name, data, version, trim)


class PigTable(table.Table):
    GAME = "Pig"
    SAVE = "pig"
    STEP_MS = 300

    def __init__(self, app, s, seats, log=None, opt=None, bot=None):
        self.bot = bot or PigBot()
        self.anim = False
        table.Table.__init__(self, app, s, seats, log, opt)

    def bot_module(self):
        return self.bot

    def chance_seat(self):
        return -1 if self.s.phase == 0 else self.s.seat

    def animating(self):
        return self.anim

    def key(self, ev):
        if self.my_turn() and ui.is_press(ev, E.UP):
            self.play(("bank",))
            return True
        if self.my_turn() and ui.is_press(ev, E.A):
            self.play(("roll",))
            return True
        return False

    def draw_table(self, fb):
        fb.fill(0)
        fb.text("pot %d" % self.s.pot, 0, 0, 1)
        fb.text(":".join([str(v) for v in self.s.score]), 0, 10, 1)

    def end_text(self):
        return "P%d wins" % (self.winners()[0] + 1)


def new(seats, seed=3):
    app = FakeApp(seed=seed, fb=TextFB(strict=False))
    app.store = CountingStore()
    app.log = lambda text: None
    t = PigTable(app, Pig(len(seats)), seats)
    app.push(t)
    for _ in range(4):           # the new game's save: after its first frame, a step a frame
        if not t.pending_save:
            break
        frames(app, 1)
    return app, t


def frames(app, n):
    for _ in range(n):
        app.t += 33
        app.frame()


def to_human_decision(app, t, limit=3000):
    """Run frames (rolling for the person when the dice wait) until the person decides."""
    for _ in range(limit):
        if t.s.current_player() == TERMINAL or app.top() is not t and not isinstance(app.top(), ui.TextPage):
            return
        if isinstance(app.top(), ui.TextPage):
            app.top().event(E.make(E.PRESS, E.A))   # a recap: read it
            app.pop() if isinstance(app.top(), ui.TextPage) else None
        if t.my_turn() and not t.pending_save:
            return
        if t.human_rolls():
            app.press(E.A)
        else:
            frames(app, 1)


def test_new_game_is_saved_and_the_opening_chance_happens_by_itself():
    app, t = new([0, 2])
    assert app.store.names == ["pig"]           # in the frames after the first (new() runs them)
    assert t.s.phase == 1                       # who starts was drawn at once
    assert "starts" in t.log.lines[0]


def test_a_bot_takes_one_slice_a_frame_and_shows_the_cue():
    app, t = new([2, 0])
    t.s.seat = 0
    t.s.phase = 2
    t.s.pot = 2
    bot = t.bot
    # let the bot roll its dice, then think
    seen_thinking = False
    for _ in range(400):
        before = bot.nexts
        frames(app, 1)
        assert bot.nexts - before <= 1          # never two slices in one frame
        if t.thinking():
            seen_thinking = True
            assert t.keep_awake
        if t.actor() == 1:
            break
    assert seen_thinking
    assert t.actor() == 1 or t.s.current_player() == TERMINAL


def test_cue_is_drawn_while_thinking():
    app, t = new([2, 0])
    t.s.seat = 0
    t.s.phase = 2
    t.s.pot = 2
    app.t += 1000
    frames(app, 1)                               # starts thinking
    assert t.thinking()
    fb = TextFB(strict=False)
    t.draw(fb)
    assert fb.pixel(t.CUE_X, t.CUE_Y)            # the cue's box corner


def test_saves_once_per_human_action_and_once_per_bot_turn():
    app, t = new([0, 1], seed=5)
    st = app.store
    turns = 0
    for _ in range(60):
        to_human_decision(app, t)
        if t.s.current_player() == TERMINAL:
            break
        n0 = len(st.names)
        app.press(E.A)                           # roll on: one human action
        frames(app, 3)                           # its save: record, text, write
        assert len(st.names) - n0 == 1
        turns += 1
    # every save came either after a person's move or at the end of a bot turn
    assert turns > 3
    assert st.names.count("pig") <= 2 * len(t.log.lines) + t.log.count


def test_bot_turn_is_one_save_however_many_steps():
    app, t = new([1, 0], seed=9)
    t.s.seat = 0
    t.bot.SLICES = 1
    n0 = len(app.store.names)
    steps = 0
    while t.actor() == 0 and t.s.current_player() != TERMINAL and steps < 500:
        frames(app, 1)
        steps += 1
    frames(app, 4)                               # the move drawn, then its save (three steps)
    assert steps > 1
    assert len(app.store.names) - n0 == 1


def test_no_save_while_animating_or_mid_thought():
    app, t = new([0, 1], seed=2)
    to_human_decision(app, t)
    t.anim = True
    n0 = len(app.store.names)
    app.press(E.A)
    frames(app, 5)
    assert len(app.store.names) == n0           # held while the dice move
    t.anim = False
    frames(app, 3)                              # record, text, write: a frame each
    assert len(app.store.names) == n0 + 1


def test_skip_plays_bots_one_step_a_frame_to_my_turn():
    app, t = new([0, 1, 1], seed=4)
    t.s.seat = 1
    t.s.phase = 1
    t.bot.SLICES = 0
    app.press(E.A)                               # skip
    assert t.fast
    n = 0
    while t.actor() != 0 and n < 2000:
        before = t.bot.nexts
        frames(app, 1)
        assert t.bot.nexts - before <= 1
        n += 1
    assert t.actor() == 0 or t.s.current_player() == TERMINAL
    assert not t.fast


def test_menu_answers_while_a_bot_thinks_and_the_thought_waits():
    app, t = new([0, 1], seed=4)
    t.s.seat = 1
    t.s.phase = 2
    t.s.pot = 1
    t.bot.SLICES = 50
    app.t += 1000
    frames(app, 2)
    assert t.thinking()
    app.hold_b()
    assert isinstance(app.top(), ui.Menu)
    n = t.bot.nexts
    frames(app, 20)
    assert t.bot.nexts == n                      # the table is not on top: it waits
    app.pop()
    frames(app, 1)
    assert t.bot.nexts == n + 1


def test_pass_and_play_covers_the_table_and_recaps():
    app, t = new([0, 0], seed=6)
    assert t.cover == t.s.seat                  # a new pass-and-play game is handed to who starts
    app.press(E.A)
    assert t.cover < 0
    for _ in range(200):
        if t.cover >= 0:
            break
        if t.human_rolls():
            app.press(E.A)
        elif t.my_turn():
            app.press(E.UP)                      # bank
        else:
            frames(app, 1)
    assert t.cover >= 0
    covered = t.cover
    fb = TextFB(strict=False)
    app.fb = fb
    t.dirty = True
    frames(app, 1)
    assert "Hand over to" in fb.shown()
    app.press(E.A)
    assert t.cover < 0
    assert t.actor() == covered


def test_hint_thinks_on_a_clone_and_says_why():
    app, t = new([0, 1], seed=8)
    to_human_decision(app, t)
    before = t.s.to_dict()
    t.hint()
    page = app.top()
    assert isinstance(page, tablepages.HintPage)
    frames(app, 3)
    assert page.text is not None and "safe" in page.text
    assert t.s.to_dict() == before


def test_hint_is_off_in_pass_and_play_unless_switched_on():
    app, t = new([0, 0], seed=8)
    app.press(E.A)                               # take the console
    for _ in range(100):
        if t.my_turn():
            break
        if t.human_rolls():
            app.press(E.A)
        else:
            frames(app, 1)
    assert t.my_turn()
    assert not t.hints_allowed()
    t.toggle_hints()                             # the menu's "Hints: on"
    assert t.hints_allowed()
    assert t.hints_label() == "Hints: on"


def test_end_records_and_the_records_survive_a_reload():
    app, t = new([0, 4], seed=11)
    t.s.score = [GOAL, 0]
    frames(app, 2)
    assert isinstance(app.top(), tablepages.EndPage)
    assert app.store.load("pig", None) is None             # the finished game's save is gone
    rec = tablepages.load_records(app.store)
    assert rec["Pig"][3] == [1, 0, 0]                      # a win against Expert
    again = MemoryStore()
    again.records = app.store.records                          # the same flash, read again
    assert tablepages.load_records(again)["Pig"][3] == [1, 0, 0]
    assert "Expert" in tablepages.records_text(again, "Pig")


def test_damaged_records_are_set_aside_with_a_problem():
    st = MemoryStore()
    st.save("records", {"Pig": [[1, 2, 3]]})              # wrong length
    assert tablepages.load_records(st) == {}
    assert st.take_problems("records")


def test_the_records_page_says_the_records_were_damaged():
    """Opened on a damaged records file, the page says so above the zeros
    (the home menu said it only later, once the page was left), once."""
    app = FakeApp()
    app.store.records["records"] = (1, "garbage{")
    page = tablepages.records_page(app, "Pig")
    text = " ".join(page.lines)
    assert "records file was damaged" in text and "set aside" in text, page.lines
    assert "Begin.  0  0  0" in page.lines
    assert not app.store.take_problems()                   # said here, not again at home
    again = tablepages.records_page(app, "Pig")
    assert "damaged" not in " ".join(again.lines)


def test_save_and_quit_then_resume_the_same_game():
    app, t = new([0, 2], seed=12)
    to_human_decision(app, t)
    app.press(E.A)
    frames(app, 3)
    t.quit() if app.top() is t else None
    got = tablepages.load_table(app.store, "pig", Pig.from_dict)
    assert got is not None
    s, seats, log, opt = got
    assert seats == [0, 2]
    assert s.to_dict() == t.s.to_dict()
    assert log.lines == t.log.lines


def test_old_saves_map_their_seat_kinds():
    st = MemoryStore()
    st.save("pig", {"state": Pig(2).to_dict(), "seats": [0, 2]})   # old: 2 was "hard"
    s, seats, log, opt = tablepages.load_table(st, "pig", Pig.from_dict, old_kinds=(0, 1, 3))
    assert seats == [0, 3]
    st.save("pig", {"state": Pig(2).to_dict(), "seats": [0, 7]})
    assert tablepages.load_table(st, "pig", Pig.from_dict, old_kinds=(0, 1, 3)) is None
    assert st.take_problems("pig")


def test_an_illegal_human_move_changes_nothing():
    app, t = new([0, 1], seed=13)
    to_human_decision(app, t)
    before = t.s.to_dict()
    assert not t.play(("fly",))
    assert t.msg == "not a move now"
    assert t.s.to_dict() == before


def test_refused_roll_changes_nothing_and_waits_for_a():
    from dicebox.core.app import RollRefused

    class Refuse:
        def randbelow(self, n):
            raise RollRefused("dice source failed")

    app, t = new([0, 1], seed=14)
    for _ in range(200):
        if t.human_rolls():
            break
        if t.my_turn():
            app.press(E.UP)
        else:
            frames(app, 1)
    assert t.human_rolls()
    good = app.rng
    app.rng = Refuse()
    before = t.s.to_dict()
    app.press(E.A)
    assert t.s.to_dict() == before and t.refused
    app.pop()                                    # the message
    app.rng = good
    app.press(E.A)                               # A clears the refusal and rolls
    assert t.refused is None
    assert t.s.to_dict() != before


def test_ticks_across_the_wrap():
    app, t = new([1, 1], seed=15)
    app.t = ticks.PERIOD - 2000
    t.next_step = ticks.add(app.now(), 300)
    frames(app, 200)
    assert t.log.count > 3                       # the bots kept playing across the wrap


def test_a_refused_opening_chance_is_said_and_retried_after_a():
    from dicebox.core.app import RollRefused

    class Refuse:
        def randbelow(self, n):
            raise RollRefused("dice source failed")

    app = FakeApp(seed=16, fb=TextFB(strict=False))
    app.log = lambda text: None
    good = app.rng
    app.rng = Refuse()
    t = PigTable(app, Pig(2), [0, 1])          # the constructor's own draw is refused
    app.push(t)
    assert t.refused and t.s.phase == 0
    frames(app, 1)
    assert isinstance(app.top(), ui.Message) and "Cannot roll" in app.top().title
    app.pop()
    app.rng = good
    app.press(E.A)                              # A on the table: try again
    frames(app, 2)
    assert t.refused is None and t.s.phase == 1
    assert "starts" in t.log.lines[-1]


def test_bot_words_name_the_seat_once():
    app, t = new([0, 1])
    assert t.bot_words(1, "rolls on") == "P2 rolls on"
    assert t.bot_words(1, "P2 passed") == "P2 passed"


def test_solo_person_gets_a_recap_after_the_bots_turn():
    app, t = new([0, 1], seed=17)
    recaps = 0
    for _ in range(3000):
        top = app.top()
        if isinstance(top, ui.TextPage) and top.title == "Since your turn":
            recaps += 1
            app.pop()
            if recaps >= 2:
                break
        elif top is not t:
            app.pop()
        elif t.human_rolls():
            app.press(E.A)
        elif t.my_turn():
            app.press(E.UP)                      # bank at once: the bot plays next
        else:
            frames(app, 1)
    assert recaps >= 2


def test_every_level_is_described_in_two_panel_lines():
    for about in tablepages.LEVEL_ABOUT:
        assert len(ui.wrap(about)) <= 2, about


class ShortHeapApp(FakeApp):
    """A console whose heap is always short: every look at the heap collects.
    It notes the frame each collection fell in."""

    def __init__(self, seed=1):
        FakeApp.__init__(self, seed=seed, fb=TextFB(strict=False))
        self.store = CountingStore()
        self.log = lambda text: None
        self.short = True
        self.frame_no = 0
        self.in_frame = []          # frame numbers of the collections

    def collect_if_low(self):
        self.collects += 1
        if self.short:
            self.in_frame.append(self.frame_no)
        return self.short


def watched_frames(app, t, n, animate=None):
    """Run n frames; per frame note whether a bot slice ran, a move was
    played (the log grew or the state changed), the move was put in words
    (the state's describe) or the state copied (its clone), the table
    animated or was redrawn (the whole table, or only the cue), and whether
    the console collected. ``animate(i)``: the table animates in frame i."""
    drawn = [0, 0, 0, 0, 0]          # draws, whole tables, cues, describes, clones
    real_draw = t.draw
    real_table = t.draw_table
    real_cue = t.draw_cue
    s = t.s
    real_describe = s.describe
    real_clone = s.clone

    def draw(fb):
        drawn[0] += 1
        real_draw(fb)

    def draw_table(fb):
        drawn[1] += 1
        real_table(fb)

    def draw_cue(fb):
        drawn[2] += 1
        real_cue(fb)

    def describe(a):
        drawn[3] += 1
        return real_describe(a)

    def clone():
        drawn[4] += 1
        return real_clone()
    t.draw = draw
    t.draw_table = draw_table
    t.draw_cue = draw_cue
    s.describe = describe
    s.clone = clone
    out = []
    try:
        for i in range(n):
            if animate is not None:
                t.anim = animate(i)
            app.frame_no += 1
            nexts = t.bot.nexts
            moves = t.log.count
            state = repr(t.s.to_dict())
            for k in range(len(drawn)):
                drawn[k] = 0
            before = len(app.in_frame)
            was = t.thought
            app.t += 33
            app.frame()
            out.append({"slice": t.bot.nexts != nexts,
                        "mid_thought": was is not None and t.thought is was,
                        "move": t.log.count != moves or repr(t.s.to_dict()) != state,
                        "anim": t.animating(), "drawn": drawn[0] > 0,
                        "table": drawn[1] > 0, "cue": drawn[2] > 0,
                        "words": drawn[3] > 0, "copied": drawn[4] > 0,
                        "collected": len(app.in_frame) > before})
            if t.s.current_player() == TERMINAL:
                break
    finally:
        del t.draw
        del t.draw_table
        del t.draw_cue
        del s.describe
        del s.clone
    return out


def test_the_table_collects_only_in_still_frames():
    app = ShortHeapApp(seed=7)
    t = PigTable(app, Pig(2), [1, 4])            # two bots: slices, moves, pacing waits
    app.push(t)
    # the dice tumble now and then (frames 40-79 of each 100)
    got = watched_frames(app, t, 3000, animate=lambda i: 40 <= i % 100 < 80)
    assert t.s.current_player() == TERMINAL      # the game still ends: nothing starves
    held = [f for f in got if f["collected"]]
    assert len(held) >= 10
    for f in held:
        assert not f["slice"] and not f["move"] and not f["anim"] and not f["drawn"], f
    assert any(f["slice"] for f in got) and any(f["move"] for f in got)
    assert not any(f["collected"] for f in got if f["anim"])


def test_a_thought_gives_frames_to_the_heap_and_keeps_one_slice_a_frame():
    app = ShortHeapApp(seed=3)
    bot = PigBot()
    bot.SLICES = 40                              # a long thought
    t = PigTable(app, Pig(2), [1, 1], bot=bot)
    app.push(t)
    got = watched_frames(app, t, 400)
    # within a thought: slices, and now and then a frame of the heap's alone
    assert sum(1 for f in got if f["mid_thought"] and f["collected"]) >= 3
    assert all(not (f["slice"] and f["collected"]) for f in got)


def test_a_key_pressed_in_a_frame_keeps_the_collection_out_of_it():
    app = ShortHeapApp(seed=5)
    t = PigTable(app, Pig(2), [0, 1])
    app.push(t)
    to_human_decision(app, t)
    assert t.my_turn()
    for _ in range(2 * table.HEAP_EVERY):        # a person's turn: a wait, looks at the heap
        n = len(app.in_frame)
        app.t += 33
        t.event(E.make(E.PRESS, E.LEFT))         # a key the game does not use...
        t.dirty = True                           # ...that redraws the table
        app.frame()
        assert len(app.in_frame) == n            # no collection in a frame that redraws
    n = len(app.in_frame)
    frames(app, table.HEAP_EVERY)                # waiting, untouched: the look comes
    assert len(app.in_frame) == n + 1


def test_a_save_frame_only_saves():
    app = ShortHeapApp(seed=18)
    t = PigTable(app, Pig(2), [0, 1])
    app.push(t)
    n = app.collects
    t.save_now()
    assert app.collects == n                     # a save is long enough on its own


def test_with_room_on_the_heap_a_look_costs_a_long_thought_one_frame_in_eight():
    app = ShortHeapApp(seed=3)
    app.short = False
    bot = PigBot()
    bot.SLICES = 60
    t = PigTable(app, Pig(2), [1, 1], bot=bot)
    app.push(t)
    for _ in range(100):                         # the bot's dice, then its thought
        frames(app, 1)
        if t.thinking():
            break
    assert t.thinking()
    n = bot.nexts
    k = think.HEAP_THOUGHT
    frames(app, 4 * k)
    assert bot.nexts - n == 4 * (k - 1)          # one frame in HEAP_THOUGHT looks, none collects
    assert app.in_frame == []


def test_a_bot_turn_starts_on_a_heap_looked_at_in_its_pacing_wait():
    app = ShortHeapApp(seed=3)
    t = PigTable(app, Pig(2), [1, 1])
    app.push(t)
    got = watched_frames(app, t, 600)
    starts = [i for i in range(1, len(got)) if got[i]["slice"] and not got[i - 1]["slice"]
              and not got[i - 1]["move"]]
    assert len(starts) >= 5
    for i in starts:                             # a thought's first slice: the frame before looked
        assert got[i - 1]["collected"], i


def test_a_bots_move_is_worded_played_and_drawn_in_three_frames_after_its_last_slice():
    app = ShortHeapApp(seed=4)
    app.short = False
    t = PigTable(app, Pig(2), [1, 2])
    app.push(t)
    got = watched_frames(app, t, 800)
    # a move a bot thought out: put in words the frame after its last slice
    worded = [i for i in range(1, len(got) - 2) if got[i]["words"]]
    assert len(worded) >= 5
    for i in worded:
        g = got[i]
        assert got[i - 1]["slice"], i            # the frame before: the last slice
        assert not (g["slice"] or g["move"] or g["table"] or g["copied"]), i
        g = got[i + 1]                           # the next: the move, not drawn
        assert g["move"] and not (g["slice"] or g["words"] or g["table"] or g["copied"]), i
        g = got[i + 2]                           # the one after: its picture, and only that
        assert g["table"] and not (g["slice"] or g["move"] or g["words"] or g["copied"]
                                   or g["collected"]), i
    assert t.s.current_player() == TERMINAL
    for i in range(len(got)):                    # no frame holds two of these
        g = got[i]
        assert g["slice"] + g["words"] + g["move"] + g["copied"] <= 1, (i, g)
        if (g["move"] or g["words"] or g["copied"]) and i < len(got) - 1:
            assert not g["table"], (i, g)        # (the last move: the end page covers it)


def test_a_bots_roll_copies_the_state_in_one_frame_rolls_in_the_next_and_draws_after():
    app = ShortHeapApp(seed=4)
    app.short = False
    t = PigTable(app, Pig(2), [1, 2])
    app.push(t)
    got = watched_frames(app, t, 800)
    rolls = [i for i in range(1, len(got) - 1) if got[i]["move"] and not got[i - 1]["words"]]
    assert len(rolls) >= 5
    for i in rolls:
        assert got[i - 1]["copied"] and not got[i - 1]["table"], i   # the copy, a frame before
        assert not got[i]["copied"] and not got[i]["table"], i      # the roll: not drawn...
        g = got[i + 1]                                              # ...until the next frame
        assert g["table"] and not (g["move"] or g["copied"] or g["slice"]), i


def test_a_turn_of_the_cue_redraws_the_cue_alone():
    app = ShortHeapApp(seed=4)
    app.short = False
    bot = PigBot()
    bot.SLICES = 30                              # long thoughts: the cue turns in them
    t = PigTable(app, Pig(2), [1, 2], bot=bot)
    app.push(t)
    got = watched_frames(app, t, 600)
    cues = [g for g in got if g["cue"] and not g["table"]]
    assert len(cues) >= 10
    for g in got:
        if g["slice"]:
            assert not g["table"], g             # no slice beside a whole table's redraw


def test_a_cue_drawn_alone_leaves_the_picture_a_whole_redraw_makes():
    app = ShortHeapApp(seed=4)
    app.short = False
    bot = PigBot()
    bot.SLICES = 30
    t = PigTable(app, Pig(2), [1, 2], bot=bot)
    app.push(t)
    alone = 0
    for _ in range(400):
        cue = t.cue
        frames(app, 1)
        if t.thought is not None and t.cue != cue:   # the cue turned: drawn alone
            px = bytes(app.fb.px)
            t.draw(app.fb)                           # the whole table, as it is now
            assert bytes(app.fb.px) == px
            alone += 1
    assert alone >= 20


def test_a_hint_thinks_with_frames_for_the_heap_between_its_slices():
    app = ShortHeapApp(seed=2)
    bot = PigBot()
    t = PigTable(app, Pig(2), [0, 1], bot=bot)
    app.push(t)
    steps = []

    def slow_hint(s, rng):
        for _ in range(30):
            steps.append(app.frame_no)
            yield None
        yield ("bank",), "bank it"
    page = tablepages.HintPage(app, slow_hint(t.s.clone(), app.rng), lambda a: "Expert's move:")
    app.push(page)
    for i in range(60):
        app.frame_no = i
        app.t += 33
        app.frame()
        if page.text is not None:
            break
    assert page.text is not None and "bank it" in page.text
    assert len(app.in_frame) >= 3                        # the heap had its frames...
    assert not set(app.in_frame) & set(steps)            # ...none of them a slice's


# ---- keys: a short B goes back, holding B opens the game menu -----------------------
class CancelTable(PigTable):
    """A table with something to cancel: Down marks, B clears the mark."""

    def __init__(self, app, s, seats):
        self.marked = False
        PigTable.__init__(self, app, s, seats)

    def key(self, ev):
        if ui.is_press(ev, E.DOWN):
            self.marked = True
            return True
        if E.button(ev) == E.B and E.kind(ev) == E.RELEASE and self.marked:   # a short B, let go
            self.marked = False
            return True
        return PigTable.key(self, ev)


def at_table(app, t):
    """To the person's decision with the table on top (recaps read)."""
    to_human_decision(app, t)
    for _ in range(20):
        frames(app, 1)
        while app.top() is not t and isinstance(app.top(), ui.TextPage):
            app.pop()
    assert app.top() is t and t.my_turn() and not t.queue


def game_menu_open(app, t):
    return isinstance(app.top(), ui.Menu) and app.top().title == t.GAME


def test_a_short_b_asks_to_leave_and_never_opens_the_menu():
    app, t = new([0, 2], seed=12)
    at_table(app, t)
    app.press(E.B)
    assert app.top() is t                        # a press alone: nothing yet
    app.press(E.B, E.RELEASE)
    c = app.top()
    assert isinstance(c, ui.Confirm) and not game_menu_open(app, t)
    assert c.lines[0] == "Leave the game?" and "saved" in " ".join(c.lines)
    assert (c.yes, c.no) == ("A:leave", "B:stay")
    app.tap(E.B)                                 # stay
    assert app.top() is t
    before = t.s.to_dict()
    app.tap(E.B)
    app.tap(E.A)                                 # leave: saved, the table gone
    assert t not in app.stack
    got = tablepages.load_table(app.store, "pig", Pig.from_dict)
    assert got is not None and got[0].to_dict() == before


class BackMenu(ui.Screen):
    """The screen under a table (a game's start menu): what it reads as it
    comes back must be in before its enter runs."""
    def __init__(self, app, seen):
        ui.Screen.__init__(self, app)
        self.seen = seen
        self.entered = []

    def enter(self):
        self.entered.append([p for p in PigTable.AFTER_TABLE if p in self.seen])


def test_leaving_a_table_saves_then_lets_the_bot_go_then_imports_a_module_a_frame():
    app, t = new([0, 2], seed=12)
    seen = []
    dropped = []
    under = BackMenu(app, seen)
    app.stack.insert(0, under)
    at_table(app, t)
    PigTable.AT_TABLE = ("pig.bot",)             # (the table loads these: set once it plays)
    PigTable.AFTER_TABLE = ("tests.nothing.a", "tests.nothing.b")
    from dicebox.core import leaving
    keep = leaving.load, leaving.drop
    leaving.load = lambda path: seen.append(path)
    leaving.drop = lambda names: dropped.append(tuple(names)) or len(names)
    try:
        before = t.s.to_dict()
        app.tap(E.B)
        saves = len(app.store.names)
        app.press(E.A)                           # leave: this frame saves, nothing more
        assert len(app.store.names) == saves + 1 and seen == [] and ("pig.bot",) not in dropped
        got = tablepages.load_table(app.store, "pig", Pig.from_dict)
        assert got is not None and got[0].to_dict() == before
        assert t not in app.stack and "Leaving the game" in app.screen()
        app.press(E.B)                           # keys meanwhile are not the menu's
        assert dropped[-1] == ("pig.bot",) and seen == []    # the bot let go, a collection
        frames(app, 1)
        assert seen == ["tests.nothing.a"]       # one module a frame
        frames(app, 1)
        assert seen == ["tests.nothing.a", "tests.nothing.b"] and under.entered == []
        frames(app, 1)
        assert app.top() is under and under.entered == [["tests.nothing.a", "tests.nothing.b"]]
        assert len(app.store.names) == saves + 1  # saved once
    finally:
        leaving.load, leaving.drop = keep
        PigTable.AT_TABLE = PigTable.AFTER_TABLE = ()


def test_holding_b_opens_the_game_menu_and_its_release_does_nothing_more():
    app, t = new([0, 2], seed=12)
    at_table(app, t)
    app.press(E.B)
    app.press(E.B, E.LONG)
    assert game_menu_open(app, t)
    menu = app.top()
    app.press(E.B, E.RELEASE)
    assert app.top() is menu                     # the release is the menu's, ignored
    app.tap(E.B)                                 # the menu closes on the press
    assert app.top() is t                        # ... and its release asks nothing


def test_a_short_b_cancels_first_and_a_never_opens_a_menu():
    app = FakeApp(seed=12, fb=TextFB(strict=False))
    app.store = CountingStore()
    app.log = lambda text: None
    t = CancelTable(app, Pig(2), [0, 2])
    app.push(t)
    at_table(app, t)
    app.press(E.DOWN)
    assert t.marked
    app.tap(E.B)
    assert not t.marked and app.top() is t       # cancelled, no question
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm)     # nothing left to cancel
    app.tap(E.B)
    app.hold_b()
    assert game_menu_open(app, t)


def test_the_same_b_on_the_cover_during_bot_play_and_at_the_end():
    app, t = new([0, 0], seed=6)
    assert t.cover >= 0
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm) and t.cover >= 0
    app.tap(E.B)
    app.hold_b()
    assert game_menu_open(app, t)
    app.tap(E.B)
    app, t = new([0, 1], seed=4)
    t.s.seat, t.s.phase, t.s.pot = 1, 2, 1
    assert t.bots_play()
    app.tap(E.B)
    assert isinstance(app.top(), ui.Confirm)
    app.tap(E.B)
    app.hold_b()
    assert game_menu_open(app, t)
    app.tap(E.B)
    t.s.score = [GOAL, 0]
    frames(app, 2)
    assert isinstance(app.top(), tablepages.EndPage)
    app.pop()
    app.tap(E.A)
    assert isinstance(app.top(), tablepages.EndPage)  # A: the end page again
    app.pop()
    app.hold_b()
    assert game_menu_open(app, t)
    app.tap(E.B)
    app.tap(E.B)
    c = app.top()
    assert isinstance(c, ui.Confirm) and "over" in " ".join(c.lines)
    app.tap(E.A)
    assert t not in app.stack


# ---- the new-game page: Left/Right change, A goes on -----------------------------------
def new_game(lo=2, hi=4, seats=(0, 3)):
    app = FakeApp(seed=1, fb=TextFB(strict=False))
    got = []
    ng = tablepages.NewGame(app, lo, hi, list(seats), got.append)
    app.push(ng)
    return app, ng, got


def test_a_on_the_new_game_page_never_changes_a_value():
    app, ng, got = new_game()
    labels = [ng.label(i) for i in range(len(ng.items))]
    assert labels == ["Players: 2", "P1: human", "P2: Strong", "P3: -", "P4: -", "Start"]
    app.press(E.A)
    app.press(E.A)
    assert ng.sel == 2 and ng.label(2) == "P2: Strong"
    app.press(E.A)                               # on from P2: P3, P4 are not in play
    assert ng.sel == 5 and ng.label(2) == "P2: Strong" and ng.label(0) == "Players: 2"
    fb = TextFB(strict=False)
    fb.fill(0)
    ng.draw(fb)
    assert "A: start game" in fb.shown()
    ng.sel = 0
    fb.fill(0)
    ng.draw(fb)
    assert "Left/Right:" in fb.shown() and "change, A: next" in fb.shown()
    ng.sel = 5
    app.press(E.A)
    assert got == [[0, 3]]


def test_left_right_change_the_value_under_the_cursor():
    app, ng, got = new_game()
    app.press(E.RIGHT)
    assert ng.label(0) == "Players: 3"
    app.press(E.DOWN)
    app.press(E.DOWN)
    app.press(E.RIGHT)
    assert ng.label(2) == "P2: Expert"
    app.press(E.LEFT)
    app.press(E.LEFT)
    assert ng.label(2) == "P2: Casual"
    app.press(E.A)
    assert ng.sel == 3                           # P3 is in play now
    app.press(E.A)
    assert ng.sel == 5
    app.press(E.A)
    assert got == [[0, 2, 3]]


def test_settings_a_goes_on_and_done_leaves():
    from dicebox.apps import settings
    app = FakeApp()
    app.settings = {"sound": True, "brightness": 3, "dim_s": 30, "sleep_s": 120,
                    "i2c_khz": 1000, "shake_sens": 3}
    app.apply_settings = lambda: None
    saved = []
    app.save_settings = lambda: saved.append(dict(app.settings))
    app.push(settings.Settings(app))
    m = app.top()
    before = dict(app.settings)
    for _ in range(len(m.items) - 1):
        app.press(E.A)
    assert app.settings == before and m.label(m.sel) == "Done"
    app.top().sel = 1
    app.press(E.RIGHT)
    assert app.settings["brightness"] == 4
    m.sel = len(m.items) - 1
    app.press(E.A)
    assert app.top() is None and saved and saved[0]["brightness"] == 4


def test_records_rows_fit_a_text_page_line():
    st = MemoryStore()
    for level, result in ((0, 0), (2, 1), (2, 2), (3, 0)):
        tablepages.add_record(st, "Pig", level, result)
    for _ in range(120):
        tablepages.add_record(st, "Pig", 1, 0)
    page = ui.TextPage(FakeApp(), "Records", tablepages.records_text(st, "Pig"))
    rows = [ln for ln in page.lines if ln[:6] in ("Begin.", "Casual", "Strong", "Expert")]
    assert len(rows) == 4, page.lines
    assert rows[2] == "Strong  0  1  1" and rows[1] == "Casual120  0  0"
    for ln in page.lines:
        assert len(ln) <= ui.COLS - 1


def test_a_long_hint_scrolls_instead_of_losing_its_last_lines():
    app = FakeApp(fb=TextFB(strict=False))

    def gen():
        yield None
        yield ("bank",), " ".join(["reason%d" % i for i in range(12)])

    page = tablepages.HintPage(app, gen(), lambda a: "Bank now")
    app.push(page)
    frames(app, 3)
    lines = page.lines()
    assert len(lines) > page.ROWS and all(len(ln) <= ui.COLS - 1 for ln in lines)
    seen = []
    for _ in range(len(lines)):
        app.fb.fill(0)
        page.draw(app.fb)
        seen.extend(app.fb.texts)
        app.press(E.DOWN)
    for ln in lines:
        assert ln in seen, ln                    # every line can be read
    assert app.fb.pixel(ui.W - 1, 30)            # the scroll bar says there is more
    app.press(E.A)
    assert app.top() is None


def test_a_short_hint_keeps_the_whole_width():
    app = FakeApp(fb=TextFB(strict=False))

    def gen():
        yield None
        yield ("bank",), "bank: 4 is safe"

    page = tablepages.HintPage(app, gen(), lambda a: "Expert's move: bank 16")
    app.push(page)
    frames(app, 3)
    assert page.lines()[0] == "Expert's move:" and len(page.lines()) <= page.ROWS
    app.press(E.DOWN)
    assert page.first == 0


def test_a_bots_turn_let_go_between_its_copy_and_its_roll_keeps_no_stale_copy():
    # the copy made for a bot's roll (Table.before) is let go with the turn
    # (drop_turn: the menu's leave, quit, a refused roll, the end), so a roll
    # made later is never worded from a state the game has left
    app = ShortHeapApp(seed=4)
    app.short = False
    t = PigTable(app, Pig(2), [1, 2])
    app.push(t)
    for _ in range(400):
        app.t += 33
        app.frame()
        if t.before is not None:
            break
    assert t.before is not None and t.s.current_player() == CHANCE
    t.refuse(RuntimeError("unplugged"))
    assert t.before is None and t.thought is None
    app.t += 33
    t.before = t.s.clone()
    t.drop_turn()
    assert t.before is None


# ---- a save spread over still frames; a new game's first save -------------------------
class FrameLog:
    """Per frame: the state copies made (to_dict), records encoded, saves."""

    def __init__(self, app, t):
        from dicebox.core import storage
        self.copies = 0
        self.encodes = 0
        self.storage = storage
        self.keep = storage.encode
        copy = t.s.to_dict

        def to_dict():
            self.copies += 1
            return copy()

        def encode(*a, **k):
            self.encodes += 1
            return self.keep(*a, **k)
        t.s.to_dict = to_dict
        storage.encode = encode
        self.app = app

    def frame(self):
        """One frame: (copies, encodes, saves) made in it."""
        c, e, s = self.copies, self.encodes, len(self.app.store.names)
        frames(self.app, 1)
        return self.copies - c, self.encodes - e, len(self.app.store.names) - s

    def done(self):
        self.storage.encode = self.keep


def test_a_new_game_is_saved_after_its_first_frame_and_before_anything_moves():
    """The frame that builds a new game and draws its table writes nothing;
    the save comes in the still frames after it, and no bot moves before it
    (two bots here, who would play at once)."""
    app = FakeApp(seed=4, fb=TextFB(strict=False))
    app.store = CountingStore()
    app.log = lambda text: None
    t = PigTable(app, Pig(2), [1, 1])
    t.STEP_MS = 0
    start = t.s.to_dict()
    lines = t.log.count
    app.push(t)
    app.frame()                                  # its first frame: built and drawn
    assert app.store.names == [] and t.pending_save
    for _ in range(5):
        frames(app, 1)
        if app.store.names:
            break
    assert app.store.names == ["pig"]
    assert t.log.count == lines and t.s.to_dict() == start   # nothing moved before it
    saved = app.store.load("pig", None)
    assert saved["state"] == start
    frames(app, 30)
    assert t.log.count > lines                   # and then the bots play


def test_a_save_makes_its_record_its_text_and_its_write_in_three_frames():
    """No frame holds two of the save's steps (the state's copy, its text, the
    write): a flash erase never shares a frame with the copy's or the text's work."""
    app, t = new([0, 1], seed=5)
    to_human_decision(app, t)
    log = FrameLog(app, t)
    try:
        app.press(E.A)                           # a person rolls: a save is due
        got = [log.frame() for _ in range(5)]
    finally:
        log.done()
    steps = [g for g in got if g != (0, 0, 0)]
    assert steps[:3] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)], got


def test_a_move_between_a_saves_steps_makes_the_record_again():
    app, t = new([0, 1], seed=5)
    to_human_decision(app, t)
    app.press(E.A)                               # a roll: its save is due
    t.save_step()                                # its record made
    t.save_step()                                # ... and its text
    assert t.record is not None
    t.toggle_hints()                             # an option changed before the write
    assert t.record is None and t.pending_save
    frames(app, 4)
    assert not t.pending_save
    assert app.store.load("pig", None)["opt"]["hints"] == 1


def test_a_person_acting_while_a_save_is_half_made_saves_the_state_before_the_action():
    app, t = new([0, 1], seed=5)
    to_human_decision(app, t)
    before = t.s.to_dict()
    t.want_save()
    t.save_step()                                # the record of the state before
    n = len(app.store.names)
    assert t.play(t.s.legal_actions()[0])        # the due save goes first
    assert app.store.names[n:] == ["pig"]
    assert app.store.load("pig", None)["state"] == before
    assert t.pending_save and t.record is None   # the action's own save is due


def test_a_power_cut_at_a_new_games_first_save_leaves_the_game_saved_before_it():
    """Game A is saved; a new game B replaces it. A cut before B's first save
    is written leaves A (what was saved before: never neither); a cut after
    it leaves B as it started."""
    from cutstore import CutStore, PowerCut
    for cut in (2, 3):
        app = FakeApp(seed=6, fb=TextFB(strict=False))
        app.store = CutStore(cut=cut, game="pig")
        app.log = lambda text: None
        a = PigTable(app, Pig(2), [0, 1])
        app.push(a)
        frames(app, 5)
        assert app.store.game_saves == 1         # A's first save (op 1)
        a_state = app.store.load("pig", None)["state"]
        app.pop()
        b = PigTable(app, Pig(2), [0, 2])
        b.s.score = [3, 0]                       # B differs from A
        b_state = b.s.to_dict()
        app.push(b)
        try:
            frames(app, 6)
            cut_off = False
        except PowerCut:
            cut_off = True
        assert cut_off == (cut == 2)
        saved = app.store.load("pig", None)["state"]
        assert saved == (a_state if cut == 2 else b_state), cut

"""Milestones screens on a fake console: setup, play with bots, claim, peek, save, result."""
from console import Fresh
import sys
from dicebox.games.milestones import tasks as MS_tasks
from dicebox.games.milestones import dice as MS_dice
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core import ui
from dicebox.core import events
from console import FakeApp, TextFB, left_table, new_game_page, pick as menu_pick
from dicebox.games.milestones import start as screens, rules, deck, bot
import dicebox.games.milestones as milestones
MS_pages = Fresh("dicebox.games.milestones.pages")
from dicebox.games.milestones import table as MS_table
from dicebox.games.milestones import view as MS_view


class App(FakeApp):
    """The shared stand-in console, driven step by step: presses do not tick,
    ``run`` ticks every 100 ms without drawing (``screen()`` draws)."""

    def __init__(self, seed=3):
        FakeApp.__init__(self, seed, fb=TextFB())
        self.settings["sound"] = False

    def press(self, b, kind=events.PRESS):
        self.top().event(events.make(kind, b))

    def shake(self):
        self.top().event(events.make(events.SHAKE))

    def run(self, ms, step=100):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.top().tick(self.t)


def until_picker(app):
    """Frames until a pile picker is up (at most 3 s): the bot's modules come
    in and the new game is saved first (its record, text and write: a frame each)."""
    for _ in range(30):
        if type(app.top()).__name__ == "PilePicker":
            return
        app.run(100)


def saved(app, table, most=20):
    """Ticks until ``table``'s due save is written (a step a frame: its record,
    its text, the write; this stand-in draws nothing, so each step also waits
    the frame a table gives to a redraw)."""
    for _ in range(most):
        if not table.pending_save:
            return
        app.run(100)


def setup_solo(app, bots=2):
    screens.start(app)
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    assert "Resume game" not in labels
    menu.sel = labels.index("New game")
    app.press(events.A)
    setup = app.top()
    assert isinstance(setup, MS_pages.SetupMenu)
    setup.cfg["bots"] = bots
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    assert isinstance(table, MS_table.Table)
    until_picker(app)             # the bots come in a module a frame, then the human
    assert type(app.top()).__name__ == "PilePicker"      # is asked for a first card
    app.press(events.A)                # easy pile
    for _ in range(60):           # bots take theirs (a frame to think, one to play, then the save)
        app.run(100)
        if table.st.setup == table.st.n and not table.pending_save:
            break
    return table


def shaken(app, bots, ms, step=100):
    """``setup_solo`` on ``app`` with ``bots``, the first dice shaken, then
    ``ms`` run: the table."""
    table = setup_solo(app, bots=bots)
    app.shake()
    app.run(ms, step)
    return table


def test_setup_then_first_roll_and_the_clock():
    app = App()
    table = setup_solo(app)
    st = table.st
    assert st.n == 3 and st.setup == 3 and st.hands[0] in deck.tier_cards(0)
    assert "shake to roll" in app.screen()
    app.shake()
    assert st.dice is not None and st.started and st.turn == 1
    app.run(5500)                 # bot seat 2 rolls after the normal pace's 5 s to read the dice
    assert st.rolls >= 2
    assert "2:5" in app.screen()  # 2:5x left on the clock
    assert table.keep_awake       # the sand runs: the console must not sleep


def test_a_tap_of_a_before_the_first_roll_says_how_to_roll():
    """No dice yet: a tap of A has nothing to mark and does not roll; it
    says so (it did nothing at all), and holding A still rolls."""
    app = App()
    table = setup_solo(app)
    st = table.st
    app.press(events.A)
    assert st.dice is None and not st.started
    assert "Shake, or hold | A, to roll" in app.screen(), app.screen()   # two lines
    app.press(events.A, events.LONG)
    assert st.dice is not None and st.started


def test_marking_dice_and_rolling_only_those():
    app = App()
    table = setup_solo(app, bots=0)
    st = table.st
    app.shake()
    before = list(st.dice)
    app.press(events.A)
    app.shake()
    assert st.rolls == 1 or st.dice[1:] == before[1:]
    app.press(events.RIGHT)
    app.shake()                   # nothing marked
    assert "Mark a die" in app.screen()
    app.press(events.A)                # mark die 1 ...
    app.press(events.RIGHT)
    rolls = st.rolls
    before = list(st.dice)
    app.press(events.A)                # ... then hold A on die 2: rolls die 1 only
    app.press(events.A, events.LONG)
    assert st.rolls == rolls + 1 and table.sel == 0
    assert [st.dice[i] for i in (0, 2, 3, 4, 5)] == [before[i] for i in (0, 2, 3, 4, 5)]


def find_roll(task, want):
    for i in range(6 ** 6):
        v = i
        roll = []
        for d in range(6):
            roll.append(v % 6 + 1)
            v //= 6
        if rules.match(task, roll) == want:
            return roll


def test_false_claim_shows_the_reason_and_true_claim_scores():
    app = App()
    table = setup_solo(app, bots=0)
    st = table.st
    app.shake()
    task = deck.TASKS[st.hands[0]]
    st.dice = find_roll(task, False)
    app.press(events.UP)
    assert "fulfil that task" in app.screen()
    assert st.scored == []
    st.dice = find_roll(task, True)
    app.press(events.UP)
    assert type(app.top()).__name__ == "PilePicker"
    app.press(events.A)
    assert len(st.scored) == 1 and st.hands[0] >= 0


def test_alone_your_card_sits_under_the_dice_and_down_hides_it():
    app = App()
    table = setup_solo(app, bots=1)
    st = table.st
    app.shake()
    app.run(400)                    # the dice have landed
    words = MS_view.card_lines(st.hands[0])[0]
    text = app.screen()
    assert words in text
    for i in range(6):              # the dice stay in view, with their colours
        assert MS_dice.LETTERS[MS_dice.FACE_COLOUR[i * 6 + st.dice[i] - 1]] in text
    app.press(events.DOWN)
    assert app.top() is table and words not in app.screen()
    app.press(events.DOWN)
    assert words in app.screen()


def test_save_and_resume_keep_the_sand():
    app = App()
    table = setup_solo(app)
    app.shake()
    app.run(20000)
    left = table.st.time_left()
    app.hold_b()
    menu = app.top()
    labels = [menu.label(i) for i in range(len(menu.items))]
    menu.sel = labels.index("Save and quit")
    app.press(events.A)
    left_table(app)               # the way back, a module a frame
    start = app.top()
    assert isinstance(start, screens.StartMenu)
    app.t += 600000               # the console was off for ten minutes
    labels = [start.label(i) for i in range(len(start.items))]
    start.sel = labels.index("Resume game")
    app.press(events.A)
    resumed = app.top()
    assert isinstance(resumed, MS_table.Table) and resumed is not table
    assert resumed.st.time_left() == left
    for _ in range(30):           # the bots come in first, a module a frame (AT_TABLE)
        if all(p in sys.modules for p in resumed.AT_TABLE):
            break
        app.run(33)
    now = resumed.st.time_left()
    assert left - 1100 <= now <= left
    app.run(1000)
    assert now - 1100 <= resumed.st.time_left() <= now - 900


def test_a_whole_game_ends_with_a_rating_and_a_high_score():
    app = App()
    table = shaken(app, 2, 185000, step=250)
    res = app.top()
    assert isinstance(res, MS_pages.Result)
    assert table.st.is_over()
    text = app.screen()
    assert str(res.score) in text and "points" in text
    high = app.store.load(milestones.HIGH, {})
    assert high == {"3-base": [res.score], MS_pages.LAST: table.cfg["gid"]}
    assert app.store.load(milestones.SAVE, None) is None
    app.press(events.A)
    assert isinstance(app.top(), screens.StartMenu)


def setup_with(app, **cfg):
    setup = new_game_page(app, screens.start)
    setup.cfg.update(cfg)
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    until_picker(app)
    if type(app.top()).__name__ == "PilePicker":
        app.press(events.A)
    for _ in range(12):           # the draw's save (record, text, write: a frame each)
        app.run(100)
        if not table.pending_save:
            break
    app.run(100)                  # then the next seat's turn to draw
    return table


def test_setup_menu_adjusts_and_caps_the_seats():
    app = App()
    setup = new_game_page(app, screens.start)
    for _ in range(6):
        app.press(events.RIGHT)            # people up to 5
    assert setup.cfg["humans"] == 5 and setup.cfg["bots"] == 0
    app.press(events.DOWN)
    app.press(events.RIGHT)
    assert setup.cfg["bots"] == 0     # no sixth seat
    app.press(events.DOWN)
    assert "no bots" in app.screen()  # the level line
    app.press(events.DOWN)
    app.press(events.RIGHT)
    assert setup.cfg["big"]
    assert "big" in app.screen()
    app.press(events.DOWN)
    app.press(events.RIGHT)                # mandatory card 1, side a
    app.press(events.DOWN)
    app.press(events.DOWN)
    app.press(events.LEFT)                 # mandatory card 3, side b
    assert setup.cfg["must"] == [1, 0, 2]
    st = MS_pages.make_state(setup.cfg)
    assert st.mand_open == [0, 5] and st.big
    assert MS_pages.variant_key(setup.cfg) == "12a-b"


def test_on_the_setup_page_a_goes_on_and_left_right_change():
    # the key convention: A never changes a value (A on "Level: Strong" made
    # it Expert); it goes on to the next line, and starts the game on Start
    app = App()
    setup = new_game_page(app, screens.start)
    before = repr(sorted(setup.cfg.items()))
    for k in range(len(setup.items) - 2):       # every line down to "What is this?"
        assert setup.sel == k
        app.press(events.A)
    assert repr(sorted(setup.cfg.items())) == before   # nothing changed
    assert setup.label(setup.sel) == "What is this?"
    setup.sel = 2
    app.press(events.RIGHT)
    assert setup.cfg["level"] == 3                    # Right: Strong -> Expert
    app.press(events.LEFT)
    assert setup.cfg["level"] == 2
    setup.sel = 0
    app.press(events.RIGHT)
    assert setup.cfg["humans"] == 2
    assert "Left/Right" in app.screen()               # the lines under the list say so
    setup.sel = len(setup.items) - 1
    app.press(events.A)                               # Start
    assert isinstance(app.top(), MS_table.Table)


def test_variant_one_discard_from_the_game_menu():
    app = App()
    table = setup_with(app, bots=0, big=True)
    st = table.st
    assert len(st.piles) == 1
    app.shake()
    old = st.hands[0]
    app.hold_b()
    menu_pick(app, "Discard card")
    assert st.discarded == [old] and st.hands[0] >= 0 and st.hands[0] != old


def test_variant_three_flip_from_the_game_menu_and_refusal():
    app = App()
    table = setup_with(app, bots=0, hg=1)
    st = table.st
    app.shake()
    st.dice = [1, 1, 1, 1, 1, 1]
    app.hold_b()
    menu = app.top()
    menu_pick(app, "Flip: no match")          # not possible now: in its place, says why
    assert app.top() is menu and st.hg_open
    app.tap(events.B)
    app.run(100000, step=500)
    st.dice = [6, 6, 6, 1, 1, 1]
    left = st.time_left()
    app.hold_b()
    menu_pick(app, "Flip hourglass")
    assert not st.hg_open and st.time_left() == 180000 - left


def test_claim_aid_names_the_seat_that_can_claim():
    app = App()
    table = setup_with(app, bots=0, aid=True)
    st = table.st
    app.shake()
    st.dice = find_roll(deck.TASKS[st.hands[0]], True)
    assert "Claim! S1" in app.screen()
    st.dice = find_roll(deck.TASKS[st.hands[0]], False)
    assert "Claim!" not in app.screen()


def test_two_people_pick_the_seat_to_claim_and_peek():
    app = App()
    table = setup_with(app, humans=2, bots=0)
    assert type(app.top()).__name__ == "PilePicker"   # seat 2 takes a card too
    app.press(events.A)
    app.run(100)
    st = table.st
    assert st.setup == 2
    app.press(events.DOWN)
    assert "Whose card?" in app.screen()
    menu_pick(app, "Seat 2")
    peek = app.top()
    assert type(peek).__name__ == "Peek" and peek.seat == 1
    assert not hasattr(MS_table, "Peek") and not hasattr(MS_table, "PilePicker")   # playpages.py's (ON_DEMAND)
    assert "hold A" in app.screen()
    app.press(events.A)
    words = MS_tasks.describe(deck.TASKS[st.hands[1]])[0]
    assert words in app.screen()
    app.press(events.A, events.RELEASE)
    assert words not in app.screen()


def test_the_setup_names_the_bots_level_and_says_what_it_is_like():
    app = App()
    setup = new_game_page(app, screens.start)
    labels = [setup.label(i) for i in range(len(setup.items))]
    assert "Level: Strong" in labels
    setup.sel = labels.index("Level: Strong")
    app.press(events.RIGHT)
    assert setup.label(setup.sel) == "Level: Expert"
    assert MS_pages.TEAM_ABOUT[3].split()[0] in app.screen()
    app.press(events.RIGHT)                 # round again (A goes on, it never changes it)
    assert setup.label(setup.sel) == "Level: Beginner"
    assert setup.cfg["level"] == 0
    for about in MS_pages.TEAM_ABOUT:
        assert len(ui.wrap(about)) <= 2, about
    setup.sel = len(setup.items) - 1
    app.press(events.A)
    table = app.top()
    assert table.seats == [0, 1, 1]


def test_hint_says_what_to_do_and_changes_nothing():
    app = App(8)
    table = shaken(app, 1, 400)
    before = table.st.to_dict()
    app.hold_b()
    menu_pick(app, "Hint")
    page = app.top()
    assert isinstance(page, tablepages.HintPage)
    for _ in range(300):                    # one slice a frame
        app.run(33)
        if page.text is not None:
            break
    assert page.text and "No hint" not in page.text
    assert table.st.to_dict() == before
    head, why = page.text.split("\n\n")
    assert head in ("Your roll:", "When you roll:", "Claim now!", "Swap your card.",
                    "Flip the glass!", "Nothing to do now.")
    assert 0 < len(why) <= 40 and ("reroll" in why or "claim" in why), why
    app.press(events.A)
    assert app.top() is table


class StubBot:
    """A bot that thinks for ``slices`` steps, then answers ``answer``."""

    def __init__(self, seat, answer, slices):
        self.seat = seat
        self.answer = answer
        self.slices = slices
        self.calls = []
        self.close = 0

    def step(self, st, rng):
        self.calls.append(st.rolls)
        if self.slices > 0:
            self.slices -= 1
            return None
        if self.answer and self.answer[0] == "claim" and not st.can_claim(self.seat):
            return None                 # like a bot's look: only a claim that fits
        return self.answer

    def thinking(self):
        return self.slices > 0


def test_bots_take_one_step_a_frame_in_turn_and_the_cue_turns_while_one_thinks():
    app = App(5)
    table = setup_solo(app, bots=2)
    app.shake()                             # S2's turn
    st = table.st
    a = StubBot(1, ("roll", 1), 12)
    b = StubBot(2, None, 0)
    table.bots = [a, b]
    cue = []
    for _ in range(40):
        app.run(33, step=33)
        cue.append(table.busy)
    assert abs(len(a.calls) - len(b.calls)) <= 1       # round robin, one seat a frame
    assert len(a.calls) + len(b.calls) <= 40
    assert True in cue and cue[-1] is False             # thinking, then done
    assert st.rolls == 1                                # the answer waits for the pace
    app.run(4000)
    assert st.rolls == 2                                # then the reroll is played


def test_a_claim_waits_until_the_dice_have_stood_a_moment():
    app = App(6)
    table = setup_solo(app, bots=1)
    st = table.st
    table.bots = [StubBot(1, ("claim", 1, 0), 0)]
    app.shake()
    st.dice = find_roll(deck.TASKS[st.hands[1]], True)
    app.run(1000)                           # normal pace: 1.2 s to read the new dice
    assert st.scored == []
    app.run(400)
    assert len(st.scored) == 1 and "S2 scored" in table.msg


def test_a_bot_that_asks_to_keep_dice_is_heard_and_its_dice_are_framed():
    app = App(9)
    table = shaken(app, 1, 400)
    st = table.st
    stub = StubBot(1, None, 0)
    stub.close = 3                           # dice 1 and 2
    bot.announce(st, 1, 3)        # as the bot's step does
    table.bots = [stub]
    said = []
    for _ in range(30):
        app.run(100)
        said.append(table.msg)
    from dicebox.games.milestones.dice import label
    want = "S2: keep %s %s" % (label(0, st.dice[0]), label(1, st.dice[1]))
    assert want in said
    assert table.close[1] == 3
    fb = app.fb
    table.draw(fb)
    assert fb.pixel(0, 9) and fb.pixel(19, 9) and fb.pixel(0, 28)     # die 1's outer frame
    assert not fb.pixel(84, 9)                                          # die 5 has none


def test_a_person_asks_the_team_to_keep_dice_with_a_mark_of_its_own():
    app = App(10)
    table = shaken(app, 2, 400)
    st = table.st
    app.hold_b()
    labels = [app.top().label(i) for i in range(len(app.top().items))]
    assert "Keep marked" not in labels and "Ask to keep" not in labels   # alone: A asks
    app.press(events.B)                      # the menu closes
    assert app.top() is table
    app.press(events.RIGHT)
    app.press(events.A)                      # die 2: marked to reroll (dark)
    assert table.sel == 2 and table.keepm == 0 and bot.announced(st, 0) == 0
    fb = app.fb
    table.draw(fb)
    assert fb.pixel(30, 20) and not fb.pixel(21, 9)          # a dark die, no outer frame
    app.press(events.A)                      # again: marked to keep (a double frame)
    assert table.sel == 0 and table.keepm == 2
    assert bot.announced(st, 0) == 2
    assert bot.protected(st, 1) & 2          # the bots leave that die alone
    table.draw(fb)
    assert fb.pixel(21, 9) and fb.pixel(40, 28)             # die 2's outer frame
    assert not fb.pixel(30, 12)                              # and it is not dark
    from dicebox.games.milestones.dice import label
    assert "You: keep " + label(1, st.dice[1]) in table.log.to_list()[-1]
    assert "keep" in app.screen()
    app.press(events.A)                      # a third time: no mark, the request withdrawn
    assert table.sel == 0 and table.keepm == 0 and bot.announced(st, 0) == 0
    # a short B cancels the marks of both kinds first, and asks nothing
    app.press(events.A)
    app.press(events.LEFT)
    app.press(events.A)
    app.press(events.A)
    assert table.sel == 2 and table.keepm == 1 and bot.announced(st, 0) == 1
    app.tap(events.B)
    assert app.top() is table and table.sel == 0 and table.keepm == 0
    assert bot.announced(st, 0) == 0


def test_a_short_b_asks_to_leave_and_holding_b_opens_the_game_menu():
    app = App(10)
    table = shaken(app, 2, 400)
    app.tap(events.B)                        # nothing to cancel: leave?
    assert isinstance(app.top(), ui.Confirm)
    assert "Leave the game?" in app.screen()
    app.press(events.B)                      # stay
    app.press(events.B, events.RELEASE)      # (its release does nothing at the table)
    assert app.top() is table and not table.done
    app.hold_b()
    assert "Save and quit" in [app.top().label(i) for i in range(len(app.top().items))]
    app.press(events.B)
    assert app.top() is table
    left = table.st.time_left()
    app.tap(events.B)
    app.press(events.A)                      # leave: saved, the sand laid down
    left_table(app)
    assert isinstance(app.top(), screens.StartMenu)
    assert table.st.paused and abs(table.st.time_left() - left) < 200
    assert milestones.SAVE in app.store.records


def test_with_several_people_ask_to_keep_names_the_seat():
    app = App(11)
    table = setup_with(app, humans=2, bots=1)
    st = table.st
    for _ in range(30):
        if st.setup >= st.n and not table.pending_save:
            break
        if type(app.top()).__name__ == "PilePicker":
            app.press(events.A)
        app.run(100)
    app.shake()
    app.run(100)
    app.press(events.A)
    app.press(events.A)                      # die 1 marked to keep: not asked yet
    assert table.keepm == 1 and bot.announced(st, 0) == 0 and bot.announced(st, 1) == 0
    app.hold_b()
    menu_pick(app, "Ask to keep")
    menu_pick(app, "Seat 2")
    assert app.top() is table
    assert bot.announced(st, 1) == 1 and table.keepm == 0
    assert "S2: keep" in table.log.to_list()[-1]
    bot.clear_announcements()


def test_the_bots_come_in_after_the_table_is_up_not_beside_the_start_pages():
    """The table is built, drawn and shows a person's keep requests without
    its bot module (which used to be imported as the table was built, while
    the start pages were still in the heap: the peak of a session's heap);
    the bots are made once play first needs them."""
    app = App()
    asked = []
    real = MS_table.bots

    def counting():
        asked.append(1)
        return real()
    MS_table.bots = counting
    try:
        screens.start(app)
        menu = app.top()
        menu.sel = [menu.label(i) for i in range(len(menu.items))].index("New game")
        app.press(events.A)
        setup = app.top()
        setup.cfg["bots"] = 2
        setup.sel = len(setup.items) - 1
        app.press(events.A)
        table = app.top()
        assert isinstance(table, MS_table.Table)
        assert app.screen().strip()                            # drawn
        assert asked == [] and table._bm is None               # no bot yet
        until_picker(app)
        app.press(events.A)                                    # a first pile
        for _ in range(20):
            app.run(100)
        assert asked and len(table.bots) == 2
        assert [b.seat for b in table.bots] == [1, 2]
    finally:
        MS_table.bots = real

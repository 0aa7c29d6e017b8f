"""Milestones as a first-time player meets it: the clock across the tick wrap,
the move log and recaps, bots that give a person time, help and controls."""
from console import Fresh
import json
from dicebox.core import storage
from dicebox.core import events, ticks
from dicebox.games.milestones import start as mstart, help as game_help
from dicebox.games.milestones import table as MS_table
MS_pages = Fresh("dicebox.games.milestones.pages")
import dicebox.games.milestones as milestones
from test_milestones_screens import App, setup_solo, shaken, setup_with, menu_pick, find_roll
from console import new_game_page
from dicebox.games.milestones import deck


class WrapApp(App):
    """A console whose tick counter wraps at 2**30 like the chip's."""

    def now(self):
        return self.t & (ticks.PERIOD - 1)

    def run(self, ms, step=100):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.top().tick(self.now())


def test_a_game_runs_across_the_tick_wrap():
    app = WrapApp()
    app.t = ticks.PERIOD - 30000           # the counter wraps 30 s into the game
    table = setup_solo(app, bots=2)
    app.shake()
    st = table.st
    app.run(20000)
    assert 159000 <= st.time_left() <= 160000
    app.run(20000)                          # across the wrap
    assert app.now() < 20000
    assert 139000 <= st.time_left() <= 140000
    if st.turn != 0:
        rolls = st.rolls
        app.run(3500)
        assert st.rolls > rolls             # the bots go on rolling
    app.run(150000, step=500)
    assert st.is_over() and st.end == "time is up"
    assert isinstance(app.top(), MS_pages.Result)


def test_save_and_resume_across_the_wrap_keep_the_sand():
    app = WrapApp()
    app.t = ticks.PERIOD - 5000
    table = shaken(app, 1, 3000)
    left = table.st.time_left()
    app.hold_b()
    menu_pick(app, "Save and quit")
    app.t += 10000                          # resumed after the wrap
    mstart.start(app)
    menu_pick(app, "Resume game")
    t2 = app.top()
    assert t2.st.time_left() == left
    app.run(2000)
    assert left - 2100 <= t2.st.time_left() <= left - 1900


def test_moves_page_tells_the_game_in_words_and_survives_a_resume():
    app = App()
    table = shaken(app, 2, 8000)
    app.hold_b()
    menu_pick(app, "Moves")
    text = " ".join(" ".join(app.top().lines).split())
    assert "You rolled all six" in text
    assert "S2 rerolled" in text or "S2 scored" in text
    app.press(events.B)                     # the moves page closes: the table
    assert app.top() is table
    app.run(100)                            # a frame: the last move's save (no bot step then)
    lines = table.log.to_list()
    saved = json.loads(app.store.records[milestones.SAVE][1])
    assert storage.kept_tail(saved["log"], lines)   # the newest lines kept inline
    st, seats, log, cfg = MS_pages.load_game(app.store)
    t2 = MS_table.Table(app, st, seats, log, cfg)
    assert t2.log.to_list() == saved["log"]


def test_a_bots_score_is_said_and_gone_before_your_own_turn():
    # "S3 scored +1" lives on the message line for a few seconds, or until
    # the dice change; alone it is not said again when your turn comes
    app = App()
    table = setup_solo(app, bots=2)
    st = table.st
    app.shake()                             # your roll: S2's turn
    app.run(100)
    table.log.add("S3 scored run of 3: +1, team 1")   # as a bot's claim logs it
    table.say(MS_table.short(table.log.lines[-1]))
    assert "S3 scored +1" in app.screen()
    app.run(2600)                           # its lifetime, 2.5 s
    assert table.msg == "" and "S3 scored" not in app.screen()
    table.say("S3 scored +1")
    rolls = st.rolls
    while st.rolls == rolls:                # a bot's reroll changes the dice
        app.run(100)
    app.run(100)
    assert table.msg == "" or "S3 scored" not in table.msg
    said = []
    for _ in range(300):
        app.run(100)
        said.append(table.msg)
        if st.turn == 0:
            break
    assert st.turn == 0
    assert "S3 scored +1" not in said       # not said again into your turn
    assert "S3 scored" not in app.screen()
    # well within its lifetime, a change of the dice clears it at once
    table.say("S3 scored +1")
    app.run(100)
    assert table.msg == "S3 scored +1"
    app.press(events.A)                     # mark a die, roll it
    app.shake()
    app.run(100)
    assert st.turn != 0 and table.msg == ""
    assert "S3 scored" not in app.screen()


def test_pass_and_play_says_whose_turn_it_is():
    app = App()
    table = setup_with(app, humans=2, bots=0)
    app.press(events.A)                          # seat 2's first card
    app.run(100)
    app.shake()                             # S1 rolls: S2's turn
    said = []
    for _ in range(5):
        app.run(100)
        said.append(table.msg)
    assert "S2: your turn" in said


def test_bots_give_a_person_time_to_look_and_never_reroll_while_you_claim():
    app = App()
    table = setup_solo(app, bots=1)
    st = table.st
    assert table.pace() == 1                # normal: 5 s to read the dice
    app.shake()                             # S2's turn now
    dice = list(st.dice)
    table.fit = False
    app.run(4500)
    if not table.fit:                       # your card does not fit: 5 s
        assert st.dice == dice and st.rolls == 1        # a person can follow
        app.run(1000)
        assert st.rolls == 2
    else:
        app.run(13000 - 4500)
        assert st.rolls == 2
    # you are busy at the table: the bot waits
    app.run(2900)
    assert st.turn == 0
    app.shake()                             # nothing marked: no roll
    app.press(events.A)
    app.shake()                             # S2's turn
    dice = list(st.dice)
    for _ in range(8):
        app.press(events.RIGHT)
        app.run(1000)
    assert st.dice == dice                  # keys within 1.5 s hold the bot
    # claiming: the pile picker is up; the table (and its bots) wait
    st.dice = find_roll(deck.TASKS[st.hands[0]], True)
    app.press(events.UP)
    assert type(app.top()).__name__ == "PilePicker"
    app.run(10000)
    assert st.rolls == 3 and not st.is_over()
    app.press(events.A)
    assert len(st.scored) >= 1


def test_the_bot_pace_is_set_in_the_game_menu_and_saved():
    app = App()
    table = setup_solo(app, bots=1)
    st = table.st
    app.hold_b()
    menu_pick(app, "Pace: normal")
    assert "Pace: quick" in [app.top().label(i) for i in range(len(app.top().items))]
    menu_pick(app, "Pace: quick")       # round again: calm
    assert "Pace: calm" in [app.top().label(i) for i in range(len(app.top().items))]
    app.press(events.B)
    assert table.pace() == 0 and table.cfg["pace"] == 0
    app.shake()
    while table.fit:                        # a roll your card does not fit
        st.dice = [(d % 6) + 1 for d in st.dice]
        table.spare_key = -1
        table._spare()
    app.run(7500)
    assert st.rolls == 1                    # calm: 8 s
    app.run(1500)
    assert st.rolls == 2
    app.run(100)
    saved = json.loads(app.store.records[milestones.SAVE][1])
    assert saved["opt"]["pace"] == 0


def test_bots_below_expert_leave_the_dice_that_help_your_card_and_your_fit():
    from dicebox.games.milestones import bot
    for level in (0, 1, 2):
        app = App(level + 20)
        table = setup_with(app, bots=1, level=level)
        st = table.st
        while st.setup < st.n or table.pending_save:
            app.run(100)
        app.shake()
        card = deck.TASKS[st.hands[0]]
        for _ in range(200):                # many bot rerolls: none touches a spared die
            rolls = st.rolls
            if st.turn == 1:
                table._spare()
                spared = table.spare | table.spare_all
                before = list(st.dice)
                for _ in range(200):
                    app.run(100)
                    if st.rolls != rolls or st.is_over():
                        break
                if st.is_over():
                    break
                changed = 0
                for i in range(6):
                    if st.dice[i] != before[i]:
                        changed |= 1 << i
                if spared != 63:
                    assert not changed & spared, (level, before, st.dice, spared)
                else:
                    assert "must roll" in table.msg
            else:
                app.press(events.A)         # you reroll the die at the cursor
                app.shake()
                app.run(100)
            if st.is_over():
                break
        bot.clear_announcements()
        assert card is not None


def test_how_to_play_and_controls_list_every_key():
    app = App()
    mstart.start(app)
    menu_pick(app, "How to play")
    titles = [app.top().label(i) for i in range(len(app.top().items))]
    assert titles[:2] == ["Quick start", "Controls"]
    for key in ("Left/Right", "A:", "hold A", "Shake", "Up:", "Down:", "B:", "let go"):
        assert key in game_help.CONTROLS, key
    assert "alone" in game_help.QUICK.lower() and "Solo" in game_help.RULES
    assert "10." in game_help.RULINGS and "11. Solo" in game_help.RULINGS
    menu_pick(app, "Controls")
    assert app.top().title == "Controls"
    # and from the game menu at the table
    app2 = App()
    setup_solo(app2)
    app2.hold_b()
    menu_pick(app2, "How to play")
    menu_pick(app2, "Controls")
    assert app2.top().title == "Controls"


def test_setup_labels_are_words():
    app = App()
    setup = new_game_page(app, mstart.start)
    words = [setup.label(i) for i in range(len(setup.items))]
    assert "Piles: three" in words and "Must-do1 off" in words and "Glass: off" in words
    for w in words:
        assert len(w) <= 15, w
    menu_pick(app, "What is this?")
    assert "mandatory" in " ".join(app.top().lines)


def test_the_dice_colours_have_one_source_shared_with_the_roller():
    from dicebox.core import dicesets
    from dicebox.games.milestones import dice
    assert dice.FACE_COLOUR is dicesets.FACE_COLOUR
    assert dice.LETTERS is dicesets.LETTERS and dice.NAMES is dicesets.NAMES
    assert dice.label(0, 5) == "5Y"


def test_a_bot_that_must_touch_your_fitting_dice_waits_and_says_why():
    # your card ("no 1") fits all six dice: a bot waits the fit time, then
    # must reroll one of them (a reroll needs a die) and says so
    from dicebox.games.milestones.tasks import NON
    app = App(4)
    table = setup_solo(app, bots=1)
    st = table.st
    no1 = [i for i in range(deck.NCARDS) if deck.TASKS[i] == ((NON, 1),)][0]
    old = st.hands[0]
    for p in st.piles:
        if no1 in p:
            p.remove(no1)
            st.piles[deck.TIER[old]].append(old)
            st.hands[0] = no1
    app.shake()                             # S2's turn
    st.dice = [2, 3, 4, 5, 6, 2]
    table.changed = app.now()
    rolls = st.rolls
    app.run(11000)
    assert st.rolls == rolls and table.fit and table.spare_all == 63   # 12 s at the normal pace
    for _ in range(40):
        app.run(100)
        if st.rolls != rolls:
            break
    assert st.rolls == rolls + 1
    assert table.msg.startswith("S2 must roll: "), table.msg

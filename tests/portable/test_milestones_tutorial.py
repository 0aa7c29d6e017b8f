"""Learn to play (Milestones' guided first game): reachable from the start
menu and offered the first time, a player following its boxes with the keys
of the table reaches the end having met every mechanic, the sand waits while
the lesson talks, Skip works at every step, a wrong move only gets a hint,
mashed keys never break it, every planned move is legal in the rules engine,
and it never touches the saved game, the records or the high scores."""
from console import Fresh

from dicebox.core import events as E
from dicebox.core import table, ui
from dicebox.core import game as core_game
tablepages = Fresh("dicebox.core.tablepages")
from dicebox.core.game import CHANCE
from console import labels, pick
from dicebox.games.milestones import deck, rules
from dicebox.games.milestones import start as S
import dicebox.games.milestones as milestones
MS_pages = Fresh("dicebox.games.milestones.pages")
from dicebox.games.milestones import table as MS_table
from dicebox.games.milestones import lesson as T
from dicebox.games.milestones.dice import labels as die_labels
from test_milestones_screens import App
import lessons
from lessons import is_box, is_lesson

SAND = [j for j in range(len(T.BEATS)) if T.BEATS[j][1] == "sand"][0]


def open_lesson(app):
    return lessons.open_lesson(app, S.start, box_over=False)


def mark(app, les, mask, times=1):
    """Left/Right to each die of ``mask``, A ``times`` on it."""
    for i in range(6):
        if (mask >> i) & 1:
            n = 0
            while les.cur != i:
                app.press(E.RIGHT)
                n += 1
                assert n < 6
            for _ in range(times):
                app.press(E.A)


def on_table(app, les):
    kind = les.kind()
    if les.waiting() or kind not in ("do", "keep"):
        app.run(100)
        return
    move = les.beat()[2]
    if kind == "keep":
        mark(app, les, move, 2)
    elif move[0] == "draw":
        app.run(100)                          # its picker comes up
    elif move[0] == "roll":
        if move[1] != 63:
            mark(app, les, move[1])
        app.shake()
    else:
        app.press(E.UP)


def result_page(app, top):
    if type(top).__name__ == "End":         # the result page: keys wait a second
        app.run(1100)
        app.press(E.A)
        return True
    return False


def follow(app, les, limit=600, stop=None, page=None):
    """Do what the lesson asks with the table's keys: close its boxes, pick
    the marked pile, mark and roll the dice named, claim with Up, keep with
    A twice. Returns the boxes' texts seen, up to the closing question (or
    up to ``stop`` boxes). ``page(top)`` sees each page on the way."""
    on_page = None if page is None else (lambda app: page(app.top()))
    return lessons.follow(app, les, on_table, limit, stop, on_page, boxes_only=True,
                          on_other=result_page)


def scripted():
    """The lesson's scored cards and dice, in order, as the script has them."""
    cards = []
    dice = []
    st = rules.State(2)
    for text, kind, move, out in T.BEATS:
        if kind in ("do", "bot") and move is not None:
            if move[0] == "claim":
                cards.append(st.hands[move[1]])
            st.apply(move)
            if st.pending is not None:
                p = st.pending
                got = [st.piles[p[2]].index(out)] if p[0] == "draw" else [f - 1 for f in out]
                st.apply_chance(got)
                if p[0] == "roll":
                    dice.append(list(st.dice))
    return cards, dice


def test_the_lesson_is_on_the_start_menu_and_offered_the_first_time():
    lessons.offered_the_first_time(App(), S.start, MS_pages.LEARNED, lambda app: app.pop())


def test_a_damaged_offer_record_counts_as_not_offered_and_is_replaced():
    lessons.damaged_offer_is_replaced(App(), S.start, MS_pages.LEARNED)


def test_following_the_lesson_meets_every_mechanic_and_ends_with_a_real_game_offer():
    app = App()
    words = ("team", "task card", "easy, medium, hard", "your card", "roll", "colours",
             "turns go round", "spare the dice", "claimed", "points", "claim", "up",
             "fit at once", "keep", "double frame", "pace", "hint", "sand",
             "3 minutes", "scores nothing")
    start, les = lessons.follow_to_the_end(app, open_lesson, follow, words)
    st = les.st
    cards, dice = scripted()
    assert st.scored == cards and len(cards) == 5         # four of yours, S2's two ... in order
    assert [deck.POINTS[c] for c in cards] == [2, 2, 3, 2, 1]
    assert st.points() == st.score() == 10
    assert st.dice == dice[-1] and st.rolls == len(dice)
    assert st.is_over() and st.end == "time is up"         # the sand ran out, in the engine
    last = [b[3] for b in T.BEATS if b[1] == "do" and b[2][0] == "claim"][-1]
    assert st.hands[0] == last and not st.can_claim(0)    # ... with a card still in hand
    assert "S2 scored" in " ".join(les.log.lines) and "You: keep 6B" in les.log.lines
    assert isinstance(app.top(), ui.Confirm)
    assert not app.store.exists(milestones.SAVE)                   # no save, no records, no high scores
    assert not app.store.exists(milestones.HIGH)
    assert "milestones" not in tablepages.load_records(app.store)
    app.press(E.A)                                        # yes: a real game
    page = app.top()
    assert isinstance(page, MS_pages.SetupMenu)
    assert page.cfg["bots"] == 1 and page.cfg["level"] == 0 and page.cfg["pace"] == 0
    assert les not in app.stack and app.stack[-2] is start


def test_the_real_game_after_the_lesson_starts_calm_with_one_beginner():
    app = App()
    start, les = open_lesson(app)
    follow(app, les)
    app.press(E.A)
    setup = app.top()
    setup.sel = len(setup.items) - 1
    app.press(E.A)
    t = app.top()
    assert isinstance(t, MS_table.Table) and not is_lesson(t)
    assert t.seats == [core_game.HUMAN, 1] and t.pace() == 0
    assert type(t.bm).__name__ != "Team"                  # the real bots again


def test_no_at_the_end_goes_back_to_the_start_menu():
    lessons.no_at_the_end(App(), open_lesson, follow)


def test_the_sand_waits_while_the_lesson_talks_and_runs_out_at_its_step():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=6)                  # past the first roll
    assert les.st.started
    for _ in range(4):
        app.run(20000)                        # a box is up: a minute and more passes
        app.top().tick(app.t)
    app.press(E.A)
    app.run(30000)                            # S2's step and its box
    assert les.st.time_left() == rules.GAME_MS
    while les.i < SAND:
        follow(app, les, stop=1)
        assert les.st.time_left() == rules.GAME_MS, les.i
        if les.i < SAND:
            app.press(E.A)
    app.run(100)
    assert les.st.time_left() == rules.GAME_MS
    assert is_box(app.top()) and "SAND" in " ".join(app.top().lines)   # then the last 5 s run
    app.press(E.A)
    app.run(2000)
    assert not les.st.is_over() and 2000 <= les.st.time_left() <= 3100
    app.run(3200)
    assert les.st.is_over() and type(app.top()).__name__ == "End"
    assert "10" in app.screen() and "fair start" in app.screen()


def test_skip_at_every_step_returns_to_the_start_menu():
    # back to the table: close the box (the table, or a picker, under it)
    lessons.skip_at_every_step(App, open_lesson, follow, lambda app, les: app.press(E.A),
                               T.TITLE, milestones.SAVE, ms=100)


def test_skip_midway_from_the_pile_picker_and_the_result_page_s_lesson():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=2)              # the box before the first card
    app.press(E.A)
    app.run(100)
    assert type(app.top()).__name__ == "Picker"
    app.press(E.B)                        # a first card must be taken: B alone stays
    assert type(app.top()).__name__ == "Picker"
    app.press(E.B, E.LONG)
    pick(app, "Skip the lesson")
    assert app.top() is start and les not in app.stack


def test_a_short_b_on_the_lesson_table_asks_before_leaving():
    lessons.short_b_at(App(), open_lesson, follow, 4)  # the first roll: the table waits for it


def test_a_wrong_move_gets_a_gentle_hint_and_changes_nothing():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=9)              # the box before your reroll of 6Y and 4P
    app.press(E.A)
    app.run(100)
    assert app.top() is les and les.wanted() == ("roll", 0b010100)
    before = les.st.to_dict()
    i = les.i
    mark(app, les, 0b000001)              # the wrong die
    app.shake()
    assert is_box(app.top()) and app.top().title == "Not yet"
    assert "6Y 4P" in " ".join(app.top().lines)
    assert les.st.to_dict() == before and les.i == i
    app.press(E.A)
    assert app.top() is les
    app.press(E.UP)                       # a claim that does not fit yet
    assert is_box(app.top()) and app.top().title == "Not yet"
    app.press(E.A)
    app.tap(E.B)                          # a short B clears the marks
    assert les.sel == 0 and app.top() is les
    follow(app, les)                      # and the lesson goes on to its end
    assert les.st.points() == 10


def test_the_wrong_pile_gets_a_hint_and_the_picker_again():
    app = App()
    start, les = open_lesson(app)
    follow(app, les, stop=2)
    app.press(E.A)
    app.run(100)
    assert labels(app)[0].startswith("> easy")
    pick(app, labels(app)[2])             # hard
    assert is_box(app.top()) and "easy" in " ".join(app.top().lines)
    assert les.st.setup == 0 and les.st.hands == [-1, -1]
    app.press(E.A)
    app.run(100)
    assert type(app.top()).__name__ == "Picker"


MASH = ((E.PRESS, E.A), (E.PRESS, E.A), (E.PRESS, E.LEFT), (E.PRESS, E.RIGHT),
        (E.PRESS, E.RIGHT), (E.PRESS, E.UP), (E.PRESS, E.DOWN), (E.SHAKE, 0),
        (E.LONG, E.A), (E.PRESS, E.B), (E.RELEASE, E.B), (E.LONG, E.B))


def mash(app, les, r, n, keys=MASH):
    """``n`` random keys (and now and then a few frames) while the lesson is
    up; after each, what the lesson did is what its script says."""
    cards, dice = scripted()
    last = les.i
    for _ in range(n):
        if les not in app.stack:
            return
        kind, b = keys[r.randbelow(len(keys))]
        if kind == E.SHAKE:
            app.shake()
        else:
            app.press(b, kind)
        if r.randbelow(4) == 0:
            app.run(100 * (1 + r.randbelow(20)))
        st = les.st
        assert les.i >= last
        last = les.i
        assert st.card_count() == deck.NCARDS
        assert st.scored == cards[:len(st.scored)]             # only the lesson's claims
        assert st.rolls == 0 or st.dice == dice[st.rolls - 1]   # only the lesson's dice
        if les.i < SAND:
            assert st.time_left() == rules.GAME_MS             # the sand waits
        assert not app.store.exists(milestones.SAVE)


def test_mashing_keys_never_breaks_the_lesson():
    from dicebox.core import rng as R
    for seed in (1, 2, 3):
        r = R.seeded(seed)
        app = App()
        S.start(app)
        start = app.top()
        opened = 0
        for _ in range(12):                     # B and A leave it now and then: open it again
            app.stack[:] = [start]
            start.enter()
            pick(app, table.OFFER if table.OFFER in labels(app) else table.LEARN)
            les = app.top()
            opened += 1
            mash(app, les, r, 300)
            assert app.top() is not None
        assert opened == 12
    # without B it is never left; what was mashed can still be finished
    for seed in (4, 5):
        app = App()
        start, les = open_lesson(app)
        mash(app, les, R.seeded(seed), 400, MASH[:9])
        assert les in app.stack
        n = 0
        while app.top() is not les and not isinstance(app.top(), ui.Confirm) and n < 50:
            app.press(E.A)
            app.run(1100)
            n += 1
        if app.top() is les:
            les.sel = 0                          # the marks mashed on the dice
            les.keepm = 0
            les.team.announce(les.st, 0, 0)
            follow(app, les)
        assert isinstance(app.top(), ui.Confirm) or les.st.is_over()
        cards, dice = scripted()
        assert les.st.scored == cards


def test_the_lessons_moves_and_rolls_are_legal_in_the_rules_engine():
    st = rules.State(2)
    later = T.BEATS
    for j in range(len(later)):
        text, kind, move, out = later[j]
        for seat in (0, 1):
            if st.can_claim(seat):
                # a card that fits is claimed before the dice change
                for k in range(j, len(later)):
                    m = later[k][2]
                    if later[k][1] in ("do", "bot") and m[0] == "claim" and m[1] == seat:
                        break
                    assert not (later[k][1] in ("do", "bot") and m[0] == "roll"), (j, seat)
        if kind in ("do", "bot"):
            seat = 0 if kind == "do" else 1
            assert st.current_player() == (st.setup if st.setup < st.n else st.turn)
            if move[0] == "roll":
                assert st.turn == seat, (j, move)
            assert move in st.legal_actions(seat), (j, move)
            if text and move[0] == "roll" and move[1] != 63:
                assert die_labels(st.dice, move[1]) in text.replace(" and ", " "), (j, text)
            st.apply(move)
            p = st.pending
            assert st.current_player() == CHANCE
            if p[0] == "draw":
                assert out in st.piles[p[2]], (j, out)
                st.apply_chance([st.piles[p[2]].index(out)])
                assert st.hands[p[1]] == out
            else:
                assert len(out) == len(st.chance_request()) and all(1 <= f <= 6 for f in out)
                st.apply_chance([f - 1 for f in out])
        elif kind == "keep":
            assert die_labels(st.dice, move) in text, (j, text)
            nxt = [b for b in later[j + 1:] if b[2] is not None and b[2][0] == "roll"][0]
            assert not nxt[2][1] & move                       # S2's next roll leaves it
            assert st.turn == 1
        elif kind == "sand":
            assert st.started and not st.is_over()
            st.apply(("time", st.now + st.time_left()))
            assert st.is_over() and st.end == "time is up"
    assert st.score() == 10 and not st.can_claim(0) and st.hands[0] >= 0


def test_every_box_fits_the_screen_without_scrolling():
    for text, kind, move, out in T.BEATS:
        if text:
            lessons.box_fits(text)


def test_the_lesson_module_is_dropped_after_it_and_the_bot_is_not_held_during_it():
    lessons.module_dropped(App(), open_lesson, follow, T.BOT, milestones.LESSON[0])   # the script plays S2


def test_once_the_lesson_is_taken_the_entry_is_the_plain_one():
    lessons.plain_entry_once_taken(App(), S.start)

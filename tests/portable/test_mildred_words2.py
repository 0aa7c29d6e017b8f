"""Mildred: the move log names the dice a move really moves (with Clean 3's
wild die too), no rulebook step letters reach a player, every term and
board code the player meets is on the Words page, and the table's
16-column status line is a whole-word short form of the log line."""
from dicebox.core import rng
from dicebox.games.mildred import advice as A
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import help as H
from dicebox.games.mildred import kinds as K
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import words as W
from dicebox.games.mildred import lesson as T
from test_mildred_base import mk
from playing import decisions


def _head(line):
    """The move's own words: the line without "P1 " and before the changes."""
    return line[3:].split("; ")[0]


def _ints(text):
    return [int(w) for w in text.split(" ") if w.isdigit()]


def _minus(big, small):
    """``big`` without the dice of ``small`` (a multiset), or None when
    ``small`` holds a die ``big`` has not."""
    left = list(big)
    for v in small:
        if v not in left:
            return None
        left.remove(v)
    return left


def named_dice(st, a, line):
    """(where, dice) the log line says the mover's move takes: "pool" and
    the shaken dice it names, or "sc" and [(seat, set, level)] for the
    scallywags a Clean 1 / DIY 1 swap names; None for a move naming none."""
    h = _head(line)
    v = a[0]
    if v in ("dodge", "prank") and len(a) == 2:
        assert h.startswith(v + " with "), h
        return "pool", [int(h[len(v) + 6:].split(":")[0])]
    if v == "scally":
        i = h.index(": put a ")
        return "pool", [int(h[i + 8:].split(" ")[0])]
    if v == "ind":
        i = h.index(": put ")
        return "pool", _ints(h[i + 6:h.index(" there")])
    if v == "mod":
        w = h.split(" ")                 # modify spot: a D there turns a T into a X
        return "pool", [int(w[3]), int(w[7])]
    if v == "task" and " go to the used pools" in h:
        out = []
        for part in h.split(": ", 1)[1].split(" go to")[0].split(" and "):
            who, name, lv = part.split(" ")
            out.append((int(who[1]) - 1, C.SET_NAMES.index(name), int(lv)))
        return "sc", out
    return None


def check_named(st, a, line, seen):
    got = named_dice(st, a, line)
    if got is None:
        return
    where, dice = got
    p = st.turn
    c = st.clone()
    c.apply(a)
    kind = a[0]
    if where == "sc":
        for q, s, lv in dice:
            assert (st.sc[q][s] >> lv) & 1, (line, st.sc[q][s])
        seen.add("swap")
        return
    left = _minus(st.pool[p], dice)
    assert left is not None, ("names dice P%d did not have" % (p + 1), line, st.pool[p])
    if kind == "mod":
        # the spot's die went, the target changed: what is left plus its new value
        assert sorted(left + [R.wrap(a[2] + a[3])]) == c.pool[p], (line, st.pool[p], c.pool[p])
    else:
        assert left == c.pool[p], ("the dice named are not the dice moved", line,
                                   st.pool[p], c.pool[p])
    if kind == "ind" and st.flags & R.F_DISC:
        kind = "ind+wild"
        assert "Clean 3's help" in line or len(dice) == len(a[2]), line
    seen.add(kind)


def test_every_die_a_line_names_as_placed_is_a_die_the_mover_had():
    seen = set()
    moves = 0
    for seed in range(1, 7):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 500, every=True):
            for s in (st, None):
                if s is None:
                    if st.phase != R.ACT or st.flags & R.F_DISC:
                        break
                    s = st.clone()
                    s.flags |= R.F_DISC      # Clean 3's round: a card needs 1 die fewer
                for a in s.legal_actions():
                    check_named(s, a, s.describe(a), seen)
                    moves += 1
            legal = st.legal_actions()
            st.apply(legal[r.randbelow(len(legal))])
    for kind in ("dodge", "prank", "scally", "ind", "ind+wild", "mod", "swap"):
        assert kind in seen, (kind, seen)
    assert moves > 5000


def test_clean_3s_wild_die_names_the_dice_that_go_not_the_pattern():
    # the reported line: "placed 1 1 1 1 on 4-of-a-kind" with three 1s shaken
    st = mk(pools=((1, 1, 1, 3, 4, 4), ()), flags=R.F_DISC)
    a = ("ind", 5, (1, 1, 1, 1))
    assert a in st.legal_actions()
    line = st.describe(a)
    assert line.startswith("P1 4-of-a-kind: put 1 1 1 there with Clean 3's help"), line
    assert "1 1 1 1" in line and "shaken dice now 3 4 4" in line, line
    assert A.advice(st, a) == "Put 1 1 1 on 4-of-a-kind (Clean 3 helps)"
    # no die missing: the wild stands for the highest, which stays (R8)
    st = mk(pools=((4, 4, 4, 5), ()), flags=R.F_DISC)
    line = st.describe(("ind", 2, (4, 4, 4)))
    assert line.startswith("P1 3-of-a-kind: put 4 4 there with Clean 3's help"), line
    assert "shaken dice now 4 5" in line, line
    # without Clean 3: the dice as they are
    st = mk(pools=((4, 4, 4, 5), ()))
    line = st.describe(("ind", 2, (4, 4, 4)))
    assert line == "P1 3-of-a-kind: put 4 4 4 there; shaken dice now 5", line


STEP_LETTERS = tuple("(%s)" % x for x in "abcdef") + tuple("step %s" % x for x in "abcdef")


def no_steps(text):
    low = text.lower()
    for w in STEP_LETTERS:
        assert w not in low, (w, text)
    assert "trim" not in low.replace("trimmings", ""), text


def test_no_rulebook_step_letters_anywhere_a_player_reads():
    for group in (H.HOWTO, H.WORDS, H.CONTROLS, H.RULES, H.RULINGS):
        for t in group:
            no_steps(t)
    for t, kind, data in T.BEATS:
        if t:
            no_steps(t)
    for name in K._KIND_NAMES.values():
        no_steps(name)
    def roll(st, r):
        v = [r.randbelow(k) for k in st.chance_request()]
        no_steps(st.describe_chance(v))
        st.apply_chance(v)
    for seed in (3, 4, 5):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 400, every=True, roll=roll):
            legal = st.legal_actions()
            for a in legal:
                no_steps(st.describe(a))
                no_steps(A.advice(st, a))
                for w in K.steps(st, a):
                    no_steps(w)
            for k, name, why, acts in K.move_kinds(st):
                if why:
                    no_steps(why)
            why = st.wake_block(st.turn) if st.phase == R.WAKE else None
            if why:
                no_steps(why)
            st.apply(legal[r.randbelow(len(legal))])


def test_the_wakeups_musts_name_the_menu_entries():
    st = mk(phase=R.WAKE, dodge=[[1, 1], [0, 0]])
    assert "Take dodge" in st.wake_block(0)
    st = mk(phase=R.WAKE, sc=[[0, (1 << 1) | (1 << 2), 0, 0], [0, 0, 0, 0]])
    assert "One a set" in st.wake_block(0)
    names = K._KIND_NAMES
    assert names["dback"] == "Take dodge" and names["trim"] == "One a set"


# The game's words a log line, a menu or a lesson box may use: each is on
# the Words page (its heading in capitals).
TERMS = (("cookie", "COOKIES"), ("victory di", "VICTORY DIE"), ("used pool", "USED POOL"),
         ("shaken dice", "POOL"), ("wakeup", "WAKEUP"), ("scallywag", "SCALLYWAG"),
         ("prank", "PRANK"), ("dodge", "DODGE"), ("slot", "SLOT"), ("indulgenc", "INDULGENCY"),
         ("modify spot", "MODIFY SPOT"), ("goal line", "GOAL LINE"), ("combat", "COMBAT"),
         ("ready", "READY"), ("one a set", "ONE A SET"), ("take dodge", "TAKE DODGE"),
         ("clean 3's help", "CLEAN 3'S HELP"), ("reward", "REWARD"), ("round", "ROUND"),
         ("shenanigan", "SHENANIGANS"))


def test_every_term_and_board_code_a_player_meets_is_on_the_words_page():
    heads = [w.split(":")[0] for w in H.WORDS]
    words = " ".join(H.WORDS)
    met = set()

    def look(t):
        low = t.lower()
        for term, head in TERMS:
            if term in low:
                met.add(term)
                assert any(head in h for h in heads), (head, t)

    for t, k, d in T.BEATS:
        if t:
            look(t)
    r = rng.seeded(11)
    st = R.State()
    for _ in decisions(st, r, 600, every=True):
        legal = st.legal_actions()
        for a in legal[:8]:
            look(st.describe(a))
        st.apply(legal[r.randbelow(len(legal))])
    st = mk(pools=((1, 1, 1, 3, 4, 4), ()), flags=R.F_DISC)
    look(st.describe(("ind", 5, (1, 1, 1, 1))))
    assert len(met) >= 15, met
    # the table's codes: columns, cards, the prank and dodge slots
    for s in range(4):
        assert "%s %s" % (C.SET_SHORT[s], C.SET_NAMES[s]) in words, C.SET_SHORT[s]
    for name, code, n, dice in C.INDULGENCIES:
        assert "%s %s" % (code, name) in words, code
    assert "P3: prank slot 3" in words and "D-: no dodge" in words


def test_prank_and_dodge_numbers_are_said_as_slots():
    st = mk(phase=R.WAKE, prank=[[1, 2], [0, 0]], dodge=[[0, 0], [1, 1]], cookie=[1, 4])
    line = st.describe(("combat",))
    assert line.startswith("P1 combat, a hit: prank slot 2 over dodge slot 1"), line
    st = mk(pools=((6,), ()))
    assert st.describe(("dodge", 6)).startswith("P1 dodge with 6: dodge slot 1 (1 die)")
    for t, kind, data in T.BEATS:
        if t and "stopped" in t:
            assert "dodge slot 1" in t and "prank slot 1" in t, t


def test_the_status_line_is_a_whole_word_short_form_of_the_line():
    assert W.status("P2 dodge with 1: dodge slot 1 (1 die); shaken dice now 2 3") == "P2 dodge with 1"
    assert W.status("P2 did Laundry 3; prank slot 1 (1 die) -> slot 2 (1 die)") == "P2 did Laundry 3"
    assert W.status("P1 combat, a hit: prank slot 2 over no dodge; used pool 1 -> 2 dice") == \
        "P1 combat, a hit"
    assert W.status("P2 scored 2 cookies on 3-of-a-kind; cookie 1->3") == "scored 2 cookies"
    assert W.status("bot's turn") == "bot's turn"
    checked = 0
    for seed in (1, 2):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 500, every=True):
            legal = st.legal_actions()
            for a in legal:
                line = st.describe(a)
                s = W.status(line)
                assert 4 <= len(s) <= 16, (s, line)
                words = s.split(" ")
                assert words[-1] not in W._JOINERS and s[-1] not in ",:;(", (s, line)
                lw = line.replace(":", " ").replace(",", " ").replace(";", " ").split(" ")
                for w in words:
                    assert w.rstrip(",") in lw, (w, s, line)       # whole words of the line, none cut
                assert line.startswith(s) or line[3:].startswith(s), (s, line)
                checked += 1
            st.apply(legal[r.randbelow(len(legal))])
    assert checked > 2000

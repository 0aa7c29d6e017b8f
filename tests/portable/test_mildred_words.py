"""Mildred: the move log names every change a move makes (issue 18 item 3),
in plain words (no table codes), and the Hint's advice reads the same."""
from dicebox.core import rng
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import advice as A
from dicebox.games.mildred import rules as R
from test_mildred_base import do, mk
from playing import decisions

CODES = ("CL", "LA", "DI", "CO", "PR", "2P", "3K", "S5", "FH", "4K", "2T", "S6")


def no_codes(line):
    w = line.replace(",", " ").replace(":", " ").replace(";", " ").replace("(", " ").replace(")", " ")
    for word in w.split():
        assert word.rstrip("0123456789") not in CODES or word.isdigit(), (word, line)


def missing(b, c, line):
    """The changes from ``b`` to ``c`` that ``line`` does not name."""
    out = []
    mover = b.turn

    def need(q, what, *words):
        if q != mover and ("P%d" % (q + 1)) not in line:
            out.append((what, q, "player"))
        for w in words:
            if w in line:
                return
        out.append((what, q))

    for q in (0, 1):
        if b.pool[q] != c.pool[q]:
            need(q, "pool", "shaken", "shake", "shook")
        if b.used[q] != c.used[q]:
            need(q, "used", "used pool", "shake")
        if b.mods[q] != c.mods[q]:
            need(q, "mods", "modify")
        if b.prank[q] != c.prank[q]:
            need(q, "prank", "prank")
        if b.dodge[q] != c.dodge[q]:
            need(q, "dodge", "dodge")
        for s in b.sets:
            if b.sc[q][s] != c.sc[q][s] or (c.sc[q][s] and b.rd[q][s] != c.rd[q][s]):
                need(q, "scallywag", C.SET_NAMES[s])
        for k in b.inds:
            if b.ig[q][k] != c.ig[q][k]:
                need(q, "group", C.INDULGENCIES[k][0])
        if b.cookie[q] != c.cookie[q]:
            need(q, "cookie", "cookie")
        if b.vic[q] != c.vic[q]:
            need(q, "victory", "victory")
        if b.shen[q] != c.shen[q]:
            need(q, "shenanigans", "next round", "end")
    if c.phase == R.OVER and b.phase != R.OVER:
        if "WINS" not in line and "draw" not in line:
            out.append("end")
    if c.pend is not None and c.pend != b.pend:
        if "shake" not in line and "reroll" not in line:
            out.append("roll")
    return out


def test_every_change_of_a_move_or_roll_is_named_in_plain_words():
    moves = 0
    def roll(st, r):
        v = [r.randbelow(k) for k in st.chance_request()]
        line = st.describe_chance(v)
        b = st.clone()
        st.apply_chance(v)
        no_codes(line)
        assert len(line) <= R.LOG_WIDTH and not line.endswith("..."), line   # the log keeps 120
        if b.phase not in (R.SETUP, R.START):
            assert not missing(b, st, line), (missing(b, st, line), line)
    for seed in range(1, 9):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 600, every=True, roll=roll):
            legal = st.legal_actions()
            for i in range(0, len(legal), max(1, len(legal) // 6)):
                a = legal[i]
                line = st.describe(a)
                c = st.clone()
                c.apply(a)
                assert not missing(st, c, line), (a, missing(st, c, line), line)
                assert len(line) <= R.LOG_WIDTH and not line.endswith("..."), line
                no_codes(line)
                no_codes(A.advice(st, a))
                moves += 1
            st.apply(legal[r.randbelow(len(legal))])
    assert moves > 2000


def test_a_modify_spot_is_said_so_a_player_can_follow_it():
    st = mk(pools=((1, 2, 6), ()))
    line = st.describe(("mod", 6, 2, -1))
    assert line == "P1 modify spot: a 6 there turns a 2 into a 1; shaken dice now 1 1", line
    assert A.advice(st, ("mod", 6, 2, -1)) == "Modify spot: 6 turns a 2 into 1"


def test_a_hit_names_the_cookie_and_a_victory_die_what_it_came_from():
    st = mk(phase=R.WAKE, prank=[[1, 2], [0, 0]], dodge=[[0, 0], [1, 1]], cookie=[1, 4])
    line = st.describe(("combat",))
    assert "a hit: prank slot 2 over dodge slot 1" in line and "P2 cookie 4->3" in line, line
    st = mk(phase=R.WAKE, cookie=[5, 1], groups={(0, 0): ((4, 4), 2)})
    line = st.describe(("score", 0))
    assert "scored 1 cookie on A Pair" in line and "cookie 5->6->1: victory die 1 of 3" in line, line
    do(st, ("score", 0))


def test_the_end_of_the_game_is_said_with_why():
    st = mk(pools=((2, 3), ()), cookie=[5, 1], vic=[2, 0], phase=R.WAKE,
            groups={(0, 0): ((4, 4), 2)})
    line = st.describe(("score", 0))
    assert line.endswith("P1 WINS") and "victory die 3 of 3" in line, line
    st = mk(phase=R.WAKE, prank=[[1, 1], [0, 0]], cookie=[1, 1], sc=[[0, 1 << 2, 0, 0], [0, 0, 0, 0]])
    line = st.describe(("combat",))
    assert "P1 WINS: hit at cookie 1, no victory die" in line, line

"""Mildred's action menus offer what can be done now: through random games,
every entry offered as possible leads only to moves ``apply`` accepts, every
legal move is reachable through the menus, entries keep their places, a
dimmed one says why and does nothing; the details, How to play and Words
pages fit 15 columns in whole words."""
from console import Fresh
import gc

from dicebox.core import rng, ui
from dicebox.core.game import IllegalMove
from playing import decisions, random_moves
from console import FakeApp, TextFB
from dicebox.games.mildred import help as H
from dicebox.games.mildred import kinds as K
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import table as S
moves = Fresh("dicebox.games.mildred.moves")
M_pages = Fresh("dicebox.games.mildred.pages")


class Probe:
    """Enough of a table for the action menu: records what it was asked to do."""

    def __init__(self, st):
        self.s = st
        self.asked = []

    def wanted(self):
        return None

    def try_act(self, a):
        self.asked.append(a)
        return ""             # "nothing happened": the menus stay


def reachable(app, st):
    """Every action the menus lead to, by choosing each entry (and each
    choice of the lists behind them); the menu's names and dimmed entries."""
    probe = Probe(st)
    m = moves.ActionMenu(app, probe)
    app.push(m)
    names = []
    for i in range(len(m.items)):
        names.append(m.label(i).rstrip("."))
        depth = len(app.stack)
        m.sel = i
        m.items[i][1]()
        if m.why(i) is not None:
            assert len(app.stack) == depth and not m.acts(i), m.label(i)
            continue
        if len(app.stack) > depth:            # a list of choices
            choose_all(app)
    app.pop()
    return probe.asked, names, m


def choose_all(app):
    """Choose every entry of the list on top, and of the lists they open."""
    sub = app.top()
    assert isinstance(sub, ui.Menu) and sub.items
    depth = len(app.stack)
    for j in range(len(sub.items)):
        assert len(sub.label(j)) <= 15
        sub.items[j][1]()
        if len(app.stack) > depth:
            choose_all(app)
    app.pop()


def test_menus_offer_exactly_the_legal_moves_in_fixed_places():
    app = FakeApp(2, fb=TextFB())
    order = {}
    states = 0
    for seed in (1, 2, 3):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 160, every=True):
            app.beeps = []
            if states % 16 == 0:
                gc.collect()
            legal = st.legal_actions()
            got, names, m = reachable(app, st)
            states += 1
            assert sorted(got) == sorted(legal), (got, legal)
            assert len(got) == len(set(got))
            for a in got:
                st.clone().apply(a)                   # apply accepts each one
            fixed = [x for x in names if x != "Keep dice"]
            assert order.setdefault(st.phase, fixed) == fixed, (order[st.phase], fixed)
            assert names[0] == ("Shake" if st.phase == R.WAKE else "Pass")
            app.push(m)
            app.screen()
            app.pop()
            why = m.why(m.sel)
            for i in range(len(m.items)):
                assert m.why(i) is None or len(m.why(i)) <= 16, m.why(i)   # the bottom line, uncut
            assert why is None and app.fb.texts[-1] or app.fb.texts[-1] == why
            st.apply(legal[r.randbelow(len(legal))])
    assert states > 100


def test_a_modify_spot_is_chosen_in_two_plain_steps():
    from test_mildred_base import mk
    from console import labels, pick
    app = FakeApp(2, fb=TextFB())
    st = mk(pools=((1, 2, 6), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.push(moves.ActionMenu(app, t))
    pick(app, "Modify...")
    assert labels(app) == ["Put 1 on spot", "Put 2 on spot", "Put 6 on spot"]
    pick(app, "Put 6 on spot")
    assert app.top().title == "6 on spot:" and labels(app) == ["1 to 2", "1 to 6", "2 to 3", "2 to 1"]
    pick(app, "1 to 6")
    assert app.top() is t and st.pool[0] == [2, 6] and st.mods[0] == 1


def test_a_dimmed_entry_says_why_on_the_bottom_line():
    from test_mildred_base import mk
    app = FakeApp(2, fb=TextFB())
    st = mk(pools=((2, 5), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    m = moves.ActionMenu(app, t)
    app.push(m)
    i = [k[0] for k in m.kinds].index("task")
    m.sel = i
    m.top = max(0, i - m.VISIBLE + 1)
    assert m.why(i) == "no scallywags"
    assert app.screen().endswith("no scallywags")
    before = st.to_dict()
    m.items[i][1]()
    assert app.top() is m and st.to_dict() == before


def test_the_bottom_line_words_fit_uncut():
    for k, v in moves._DOES.items():
        assert len(v) <= 16, v
    for k in K.ACT_KINDS + K.WAKE_KINDS:
        assert k in moves._DOES, k


def words_fit(text):
    for line in ui.wrap(text, ui.COLS - 1):
        assert len(line) <= ui.COLS - 1, line
    for w in text.split():
        assert len(w) <= ui.COLS - 1, w           # no word cut across lines


def test_details_keep_dice_apart_and_fit():
    st = random_moves(R.State(), rng.seeded(9), 300, every=True, after=lambda st: words_fit(M_pages.details(st)))
    st.pool[0] = [1, 1, 4, 4, 5]
    assert "Pool: 1 1 4 4 5." in M_pages.details(st)


def test_how_to_play_is_short_plain_and_explains_each_term_where_it_appears():
    assert 4 <= len(H.HOWTO) <= 6
    for page in H.HOWTO:
        words_fit(page)
        assert len(ui.wrap(page, ui.COLS - 1)) <= 14        # two screens at most
    text = " ".join(H.HOWTO).lower()
    for term in ("cookie", "victory di", "pool", "indulgenc", "scallywag", "task", "reward",
                 "prank", "dodge", "modify spot", "wakeup"):
        assert term in text, term
    for code in ("(e)", "CL/LA/DI/CO", "Ready all"):
        assert code not in " ".join(H.HOWTO)                # no codes of the rulebook
    words = " ".join(H.WORDS)
    for term in ("COOKIES", "VICTORY DIE", "POOL", "WAKEUP", "INDULGENCY", "SCALLYWAG",
                 "REWARD", "PRANK", "DODGE", "MODIFY SPOT", "GOAL LINE", "SHENANIGANS"):
        assert term in words, term
    for w in H.WORDS:
        words_fit(w)
    controls = " ".join(H.CONTROLS)
    assert "Hold B: game menu" in controls and "B: back" in controls


def test_wrong_rules_engine_refusals_never_reach_a_person_from_the_menus():
    # the one path a person can pick: the menus; a refused move there would
    # mean the lists and the rules disagree
    from test_mildred_base import mk
    app = FakeApp(2, fb=TextFB())
    st = mk(pools=((1, 1, 2, 3, 4, 6), (3, 4)))
    for a in st.legal_actions():
        try:
            st.clone().apply(a)
        except IllegalMove as e:
            raise AssertionError((a, e.reason))
    got, names, m = reachable(app, st)
    assert sorted(got) == sorted(st.legal_actions())

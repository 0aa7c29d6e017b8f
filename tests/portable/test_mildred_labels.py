"""Mildred's menus say moves in the How to play's words, never the table's
codes: "Laundry 1", "2 Pairs" then "2 2 3 3", "Clean 1" then "their Cook";
every list of the menus in whole words within 15 columns, and Details names
the cards on which dice lie."""
from console import Fresh
import gc

from dicebox.core import rng, ui
from playing import decisions
from console import FakeApp, TextFB
from dicebox.games.mildred import cards as C
from dicebox.games.mildred import kinds as K
from dicebox.games.mildred import rules as R
from dicebox.games.mildred import table as S
moves = Fresh("dicebox.games.mildred.moves")
M_pages = Fresh("dicebox.games.mildred.pages")
from test_mildred_menus import Probe

CODES = ("CL", "LA", "DI", "CO", "PR", "2P", "3K", "S5", "FH", "4K", "2T", "S6")


def no_codes(text):
    for ch in ",:;()>.":
        text = text.replace(ch, " ")
    for w in text.split():
        assert w.rstrip("0123456789") not in CODES or w.isdigit(), (w, text)


def walk(app, m, seen):
    """Every list the menu ``m`` opens: their titles and labels."""
    depth = len(app.stack)
    for j in range(len(m.items)):
        lab = m.label(j)
        seen.add(lab.split()[0].lstrip(">"))
        assert len(lab) <= 15, lab
        no_codes(lab)
        fn = m.items[j][1]
        if fn is None:
            continue
        fn()
        if len(app.stack) > depth:
            sub = app.top()
            assert isinstance(sub, ui.Menu)
            assert len(sub.title) <= 16, sub.title
            no_codes(sub.title)
            walk(app, sub, seen)
            del app.stack[depth:]


def test_every_list_of_the_menus_is_in_words():
    app = FakeApp(2, fb=TextFB(strict=False))
    seen = set()
    for seed in (4, 5, 6):
        r = rng.seeded(seed)
        st = R.State()
        for _ in decisions(st, r, 150, every=True):
            gc.collect()
            m = moves.ActionMenu(app, Probe(st))
            app.stack = [m]
            walk(app, m, seen)
            for a in st.legal_actions():
                for w in K.steps(st, a):
                    assert 0 < len(w) <= 15, w
                no_codes(K.label(st, a))
            acts = st.legal_actions()
            st.apply(acts[r.randbelow(len(acts))])
    for name in C.SET_NAMES:
        assert name in seen, name              # a column by its name (and level)
    firsts = [c[0].split()[0] for c in C.INDULGENCIES]
    assert len([w for w in seen if w.rstrip(".") in firsts]) >= 3, seen     # the cards by name


def test_a_card_then_its_dice_and_a_task_then_its_choice():
    from test_mildred_base import mk
    from console import labels, pick
    app = FakeApp(2, fb=TextFB(strict=False))
    st = mk(pools=((2, 2, 3, 3, 5), (3, 4)))
    t = S.Table(app, st, [0, 1])
    app.push(t)
    app.push(moves.ActionMenu(app, t))
    pick(app, "Indulgency...")
    assert app.top().title == "Indulgency"
    assert "A Pair..." in labels(app) and "2 Pairs" in labels(app)
    pick(app, "A Pair...")
    assert app.top().title == "A Pair" and labels(app) == ["2 2", "3 3"]
    pick(app, "3 3")
    assert app.top() is not None and st.ig[0][0] is not None and st.ig[0][0][0] == [3, 3]
    # a scallywag by its column and level
    assert K.steps(st, ("scally", 1)) == ["Laundry 1"]
    assert K.label(st, ("task", 0, 1, 3)) == "Clean 1, their Cook"
    assert K.steps(st, ("task", 1, 4, 1)) == ["Laundry 4", "1 prank 1 dodge"]


def test_details_name_the_cards_and_columns():
    from test_mildred_base import mk
    st = mk(pools=((1, 2), (3, 4)), groups={(0, 4): ((2, 2, 3, 3, 3), 3)}, sc=[[2, 0, 0, 0], [0] * 4])
    text = M_pages.details(st)
    assert "On Full House: 2 2 3 3 3." in text
    assert "Clean: level 1" in text
    for line in text.split("\n"):
        if not line.startswith(tuple(c[1] for c in C.INDULGENCIES)) and "Task columns" not in line:
            no_codes(line)                  # the codes only where the legend explains them

"""The roller's Presets list when it is full fits the panel: eight presets
saved through Save current from sets of every kind of name (a named set, an
edited one named by its dice, a long set named by its count, numbered
twins), each preset's own page, and the "all slots full" notice (the
checks: test_pages_fit.py; a module of its own for the heap under
MicroPython)."""
from test_pages_fit import PROBLEMS, VISITED, crawl, look, new_app, watch, unwatch
from dicebox.core import events as E

SETS = (
    ([[3, 8, ""]], 2),                             # 3d8+2
    ([[3, 8, ""]], 3),                             # 3d8+3
    ([[2, 6, ""], [1, 20, ""], [1, 100, ""]], 0),  # mixed: 2d6+1d20+1d100 (16 columns)
    ([[1, 2, ""], [1, 4, ""], [1, 6, ""], [1, 8, ""], [1, 10, ""]], -5),   # too long to spell: "5 dice-5"
    ([[1, 3, ""], [1, 4, ""], [1, 6, ""], [1, 8, ""], [1, 10, ""]], -5),   # the same count: "5 dice-5 2"
    ([[1, 2, ""]], 0),
    ([[4, 12, ""]], 12),
)


def test_a_full_presets_list_fits():
    from dicebox.apps import roller, roller_presets
    watch()
    try:
        app = new_app()
        roller.start(app)
        rs = app.top()
        app.push(roller_presets.PresetMenu(app, rs))
        pm = app.top()
        for groups, mod in SETS:
            rs.r.set_groups(groups)
            rs.r.mod = mod
            pm.save_current()
        from dicebox.apps import roller_model as rm
        rs.r.load_preset(rm.dairyman(4))               # a named set, with its red dice
        pm.save_current()
        names = [p["name"] for p in pm.presets]
        assert len(names) == 8 and len(set(names)) == 8, names
        assert "3d8+2" in names and "5 dice-5" in names and "5 dice-5 2" in names, names
        crawl(app, "presets full", 2)
        pm.save_current()                          # a ninth: the slots are full
        look(app, app.top(), "presets: all slots full")
        assert "full" in " ".join(app.fb.texts), app.fb.texts
        app.press(E.A)
    finally:
        unwatch()
    assert len([v for v in VISITED if v.startswith("presets full")]) >= 9, VISITED
    assert not PROBLEMS, "\n".join(PROBLEMS)

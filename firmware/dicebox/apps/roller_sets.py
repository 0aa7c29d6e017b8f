"""The roller's set editor: which dice are in the set, group by group.

Why a module of its own: editing a set (counts, sides, custom sides, adding
and removing groups) is one task with its own two screens; the roller model
refuses any set it cannot hold (more than 12 dice, 1000 sides) and the reason
is shown here.

Set editor keys: Up/Down choose a line, Left/Right change a group's dice
count, A opens the group (count, sides, custom sides, remove), Done goes
back to the dice, B to the roller menu. A group of a named set's dice keeps
its tag (colours) only while the set can hold it (``roller_model.retag``).
"""
from dicebox.apps import roller_model as rm
from dicebox.core import ui


def keys_line(fb, text):
    """What the keys do on the selected line, in the two lines under the list
    (as on a game's new-game page)."""
    fb.fill_rect(0, 46, ui.W, 18, 0)
    fb.hline(0, 46, ui.W - 4, 1)
    for j, line in enumerate(ui.wrap(text)[:2]):
        fb.text(line, 0, 48 + 8 * j, 1)


class SetEditor(ui.Menu):
    """One line per group (Left/Right: count), A edits the group; add/clear below."""

    VISIBLE = 4          # and the keys of the selected line under them

    def __init__(self, app, screen):
        self.screen = screen
        ui.Menu.__init__(self, app, "Dice set", [])
        self.build()

    def build(self):
        r = self.screen.r
        items = []
        for gi in range(len(r.groups)):
            items.append((self.group_label(gi), self.group_menu(gi), self.count_adj(gi)))
        items.append(("+ Add 1d6", self.add))
        items.append(("Done", self.screen.back_here))   # back to the dice
        self.items = items
        if self.sel >= len(items):
            self.sel = len(items) - 1
        self.dirty = True

    def enter(self):
        self.build()
        ui.Menu.enter(self)

    def keys(self):
        n = len(self.items)
        if self.sel == n - 1:
            return "A: back to the dice"
        if self.sel == n - 2:
            return "A: add a group of dice"
        return "Left/Right: dice, A: group"

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        keys_line(fb, self.keys())

    def group_label(self, gi):
        r = self.screen.r

        def lab():
            if gi >= len(r.groups):
                return ""
            c, s, tag = r.groups[gi]
            return "%d x d%d%s" % (c, s, (" " + tag) if tag and tag != "ms" else "")
        return lab

    def apply(self, fn):
        try:
            fn()
        except rm.RollerError as e:
            self.app.message("Dice set", str(e))
            return
        self.screen.relayout()
        self.screen.save()
        self.build()

    def count_adj(self, gi):
        r = self.screen.r

        def adj(d):
            if gi >= len(r.groups):
                return
            c, s, tag = r.groups[gi]
            if 1 <= c + d <= rm.MAX_GROUP:
                self.apply(lambda: r.change_group(gi, c + d, s))
        return adj

    def group_menu(self, gi):
        def go():
            self.app.push(GroupMenu(self.app, self, gi))
        return go

    def add(self):
        r = self.screen.r
        self.apply(lambda: r.add_group(1, 6))


class GroupMenu(ui.Menu):
    def __init__(self, app, editor, gi):
        self.editor = editor
        self.gi = gi
        r = editor.screen.r

        def sides_label():
            return "Sides d%d" % r.groups[gi][1]

        def sides_adj(d):
            c, s, tag = r.groups[gi]
            editor.apply(lambda: r.change_group(gi, c, rm.cycle_sides(s, d)))

        def count_pick():
            app.push(ui.NumberPicker(app, "Dice", r.groups[gi][0], 1, rm.MAX_GROUP, 1,
                                     lambda v: editor.apply(
                                         lambda: r.change_group(gi, v, r.groups[gi][1]))))

        def custom():
            app.push(ui.NumberPicker(app, "Sides", r.groups[gi][1], rm.MIN_SIDES, rm.MAX_SIDES, 1,
                                     lambda v: editor.apply(
                                         lambda: r.change_group(gi, r.groups[gi][0], v))))

        def remove():
            app.pop()
            editor.apply(lambda: r.remove_group(gi))

        items = [
            (lambda: "Dice %d" % r.groups[gi][0], count_pick, editor.count_adj(gi)),
            (sides_label, custom, sides_adj),
            ("Custom sides", custom),
            ("Remove group", remove),
        ]
        ui.Menu.__init__(self, app, "Group %d" % (gi + 1), items)

    VISIBLE = 4
    KEYS = ("Left/Right or A: how many", "Left/Right: sides, A: custom",
            "A: any sides, 2 to 1000", "A: remove it")

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        keys_line(fb, self.KEYS[self.sel])

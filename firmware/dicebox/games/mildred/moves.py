"""Auntie Mildred's moves menu: every kind of move of the phase in a fixed
place, from ``kinds.move_kinds``. Imported when A opens it and dropped
when the table is back on top (``ON_DEMAND``): play does not carry it.
"""
from dicebox.core import ui
from dicebox.games.mildred import rules
from dicebox.games.mildred.kinds import move_kinds, steps


# The kinds done at once (one move each); the others open a list of choices.
_AT_ONCE = ("shake", "dback", "combat", "goal", "ready", "pass", "keep")
# What A does on a kind that can be done now: the menu's bottom line.
_DOES = {"pass": "ends your round", "shake": "rolls your pool", "scally": "a die on a task",
         "ind": "dice on a card", "task": "take a reward", "mod": "+-1 on a die",
         "prank": "a die to attack", "dodge": "a die to defend", "dback": "a must, first",
         "combat": "prank vs dodge", "score": "win cookies", "goal": "2 victory dice",
         "ready": "readies columns", "advance": "up 1 level", "trim": "1 die a column",
         "take": "dice back", "keep": "keep start dice"}


class ActionMenu(ui.Menu):
    """The moves of the phase, from ``kinds.move_kinds``: every kind in
    its fixed place, "Shake" (Wakeup) or "Pass" (Action) first, "Keep dice"
    last on the one round it is allowed. A kind with nothing legal now is
    dimmed and the bottom line says why ("no dodge dice"); A on it only
    beeps. A kind with choices ("...") opens a list of the legal ones; the
    others are done at once. The cursor starts on the first possible move
    after the first entry (a stray A does not end your round), or on the
    move a lesson asks for, which is marked ">"."""

    VISIBLE = 5                 # and the bottom line: why, or what A does

    def __init__(self, app, table):
        self.table = table
        st = table.s
        self.kinds = move_kinds(st)
        want = table.wanted()
        items = []
        sel = -1
        for i in range(len(self.kinds)):
            k, name, why, acts = self.kinds[i]
            if why is not None:
                items.append((name, self.refuse))
                continue
            if k not in _AT_ONCE:
                name += "..."
            if want is not None and want in acts:
                name = ">" + name
                sel = i
            if k in _AT_ONCE:
                fn = self.do(acts[0])
            elif k == "mod":
                fn = self.spots(acts)
            else:
                fn = self.group(acts, self.kinds[i][1])
            items.append((name, fn))
        if sel < 0:
            sel = 0
            for i in range(1, len(items)):
                if self.kinds[i][2] is None:
                    sel = i
                    break
        ui.Menu.__init__(self, app, "P%d moves" % (st.turn + 1), items)
        self.sel = sel
        self.top = max(0, sel - self.VISIBLE + 1)

    def acts(self, i):
        """The legal actions entry ``i`` leads to (none when it is dimmed)."""
        return self.kinds[i][3]

    def why(self, i):
        return self.kinds[i][2]

    def unavailable(self, i):
        return self.kinds[i][2] is not None

    def refuse(self):
        self.app.beep(220, 40)       # nothing else: the bottom line says why

    def do(self, a, depth=1):
        def fn():
            why = self.table.try_act(a)
            if why is None:
                for _ in range(depth):
                    self.app.pop()
            elif why:
                self.app.push(ui.Message(self.app, "Not allowed", why))
        return fn

    def group(self, acts, title, depth=0):
        """A list of the moves ``acts`` by their ``depth``-th step in words
        (``kinds.steps``: "Laundry 3", then "their Cook"): the moves that
        share a step open a list of their next steps; a step that is one move
        does it."""
        def fn():
            st = self.table.s
            want = self.table.wanted()
            keys = []
            subs = {}
            for a in acts:
                w = steps(st, a)
                k = w[depth] if depth < len(w) else w[-1]
                if k not in subs:
                    subs[k] = []
                    keys.append(k)
                subs[k].append(a)
            items = []
            sel = 0
            for k in keys:
                mine = subs[k]
                lab = k
                if len(mine) > 1:
                    if len(lab) <= 12:
                        lab += "..."
                    go = self.group(mine, k, depth + 1)
                else:
                    go = self.do(mine[0], depth + 2)
                if want in mine:
                    sel = len(items)
                    lab = ">" + lab
                items.append((lab, go))
            m = ui.Menu(self.app, title, items)
            m.sel = sel
            m.top = max(0, sel - m.VISIBLE + 1)
            self.app.push(m)
        return fn

    def spots(self, acts):
        """A modify spot in two plain steps: which die goes on the spot, then
        which other die changes and to what ("2 to 3")."""
        def fn():
            want = self.table.wanted()
            items = []
            sel = 0
            for v in range(1, 7):
                mine = [a for a in acts if a[1] == v]
                if mine:
                    lab = "Put %d on spot" % v
                    if want in mine:
                        sel = len(items)
                        lab = ">" + lab
                    items.append((lab, self.change(v, mine)))
            m = ui.Menu(self.app, "Modify spot", items)
            m.sel = sel
            self.app.push(m)
        return fn

    def change(self, v, acts):
        def fn():
            want = self.table.wanted()
            items = []
            sel = 0
            for a in acts:
                lab = "%d to %d" % (a[2], rules.wrap(a[2] + a[3]))
                if a == want:
                    sel = len(items)
                    lab = ">" + lab
                items.append((lab, self.do(a, 3)))
            m = ui.Menu(self.app, "%d on spot:" % v, items)
            m.sel = sel
            m.top = max(0, sel - m.VISIBLE + 1)
            self.app.push(m)
        return fn

    def draw(self, fb):
        ui.Menu.draw(self, fb)      # the kinds not possible now dimmed (unavailable)
        k, name, why, acts = self.kinds[self.sel]
        fb.fill_rect(0, 55, 128, 9, 0)
        fb.hline(0, 55, 128, 1)
        fb.text((why if why is not None else _DOES.get(k, ""))[:16], 0, 57, 1)

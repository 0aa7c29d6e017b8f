"""The roller's menu (B on the roll screen) and its small choosers.

Why a module of its own: the menu is how every setting of the roller is
reached; it is loaded when B is first pressed, and it opens the other parts
(set editor, presets, fairness test, coin, first player, controls) by
importing them only when chosen, so the roll screen stays small in RAM.

A choice that changes the dice (keep/drop, a named set, a preset, release
holds) goes straight back to the roll screen; the change is saved at once.
"""
from dicebox.apps import roller_model as rm
from dicebox.core import ui


def total_text(e):
    return "%d" % e["t"] if e.get("t") is not None else "-"


def history_text(r):
    """The roll history, newest first (entries were checked on load)."""
    if not r.history:
        return "No rolls yet."
    lines = []
    for e in reversed(r.history):
        vals = " ".join("%d" % v for v in e["v"])
        lines.append("=%s %s\n %s" % (total_text(e), e["d"], vals))
    return "\n".join(lines)


class RollerMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        r = screen.r

        def mod_label():
            return "Modifier %+d" % r.mod

        def mod_adj(d):
            r.set_modifier(max(-rm.MAX_MOD, min(rm.MAX_MOD, r.mod + d)))
            self.changed()

        def mod_pick():
            app.push(ui.NumberPicker(app, "Modifier", r.mod, -rm.MAX_MOD, rm.MAX_MOD, 1,
                                     lambda v: (r.set_modifier(v), self.changed())))

        def keep_label():
            if not r.mode:
                return "Keep all"
            return "%s %d" % (rm.MODE_NAMES[rm.MODES.index(r.mode)], r.keep_n)

        items = [
            ("Dice set", self.set_editor),
            (mod_label, mod_pick, mod_adj),
            (keep_label, lambda: app.push(KeepMenu(app, screen))),
            ("Named sets", lambda: app.push(NamedMenu(app, screen))),
            ("Presets", self.presets),
            ("History", lambda: app.push(ui.TextPage(app, "History", history_text(r)))),
            ("Release holds", self.release),
            ("Fairness test", self.fairness),
            ("Coin flip", self.coin),
            ("First player", self.first_player),
            ("Clear history", lambda: app.push(ui.Confirm(app, "Clear the roll history?",
                                                          self.clear))),
            ("Controls", self.controls),
            ("Leave roller", app.home),
        ]
        ui.Menu.__init__(self, app, "Roller", items)

    def changed(self):
        self.screen.relayout()
        self.screen.save()
        self.dirty = True

    def release(self):
        self.screen.r.release_all()
        self.changed()
        self.screen.back_here()

    def clear(self):
        self.screen.r.clear_history()
        self.changed()

    def set_editor(self):
        from dicebox.apps.roller_sets import SetEditor
        self.app.push(SetEditor(self.app, self.screen))

    def presets(self):
        from dicebox.apps.roller_presets import open_presets
        open_presets(self.app, self.screen)

    def fairness(self):
        from dicebox.apps.roller_fair import FairnessSetup
        self.app.push(FairnessSetup(self.app))

    def coin(self):
        from dicebox.apps.roller_coin import CoinScreen
        self.app.push(CoinScreen(self.app))

    def first_player(self):
        app = self.app

        def go(n):
            from dicebox.apps.roller_coin import FirstScreen
            app.push(FirstScreen(app, n))
        app.push(ui.NumberPicker(app, "Players", 4, 2, 6, 1, go))

    def controls(self):
        from dicebox.apps.roller_help import CONTROLS
        self.app.push(ui.TextPage(self.app, "Controls", CONTROLS))


class KeepMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        self.app = app
        items = []
        for i in range(len(rm.MODES)):
            items.append((rm.MODE_NAMES[i], self.chooser(rm.MODES[i])))
        items.append(("Advantage", lambda: self.preset(True)))
        items.append(("Disadvantage", lambda: self.preset(False)))
        ui.Menu.__init__(self, app, "Keep / drop", items)

    def chooser(self, mode):
        app = self.app

        def go():
            r = self.screen.r
            if not mode:
                r.set_keep("")
                self.done()
                return
            lo = 1 if mode in ("kh", "kl") else 0
            hi = r.count() if mode in ("kh", "kl") else r.count() - 1
            if hi < max(lo, 1):
                app.message("Keep / drop", "Needs more dice.")
                return
            start = min(max(1, lo), hi)

            def chosen(n):
                r.set_keep(mode, n)
                self.done()
            app.push(ui.NumberPicker(app, "How many", start, max(lo, 1), hi, 1, chosen))
        return go

    def preset(self, adv):
        r = self.screen.r
        if adv:
            r.advantage()
        else:
            r.disadvantage()
        self.done()

    def done(self):
        self.screen.relayout()
        self.screen.save()
        self.screen.back_here()


class NamedMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        self.red = 1          # the line under "Dairyman": 1 to 4 red dice (Left/Right)

        def red_label():
            return "Dairyman +%d red" % self.red

        def red_adj(d):
            self.red = max(1, min(4, self.red + d))

        items = [
            ("Dairyman", lambda: self.use(rm.dairyman(0))),
            (red_label, lambda: self.use(rm.dairyman(self.red)), red_adj),
            ("Milestones", lambda: self.use(rm.named_set("Milestones"))),
            ("Auntie Mildred", lambda: self.use(rm.named_set("Auntie Mildred"))),
        ]
        ui.Menu.__init__(self, app, "Named sets", items)

    def use(self, preset):
        self.screen.r.load_preset(preset)
        self.screen.relayout()
        self.screen.save()
        self.screen.back_here()

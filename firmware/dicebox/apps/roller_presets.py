"""The roller's presets: up to eight saved dice sets, kept in their own record.

Why a module of its own: presets are the roller's second file. It is checked
on load (``roller_model.check_presets``: every entry a valid set); a damaged
file is set aside and the player told here, when Presets opens, and the list
starts empty. The list lives in memory while the page is open, so a failed
save (full storage) loses nothing on screen; the app shows one notice.

Presets keys: Up/Down choose, A opens a preset (Load / Delete) or saves the
current set, B goes back. Save current names the preset by the set's title
(a named set's name, else its dice: "3d8+2"), numbered when a preset already
has that name ("3d8+2 2"); a set already saved is not saved twice.
"""
from dicebox.apps import roller_model as rm
from dicebox.apps.roller_model import PRESETS, problems_text
from dicebox.core import ui

_SHOWN = 15   # characters of a name the list shows


def load_presets(store):
    """The checked list of presets ([] when there is none or it was damaged)."""
    d = store.load(PRESETS, None, check=rm.check_presets)
    return d["list"] if d is not None else []


def same_preset(presets, p):
    """The name of a saved preset with the same dice, modifier and keep as
    ``p``, or None."""
    for q in presets:
        if q["groups"] == p["groups"] and q["mod"] == p["mod"] and q["keep"] == p["keep"]:
            return q["name"]
    return None


def distinct_name(presets, name):
    """``name``, or ``name`` with the lowest free number ("3d6 2") when a
    preset already has it; short enough to show whole in the list."""
    names = [q["name"] for q in presets]
    base = name[:_SHOWN]
    if base not in names:
        return base
    k = 2
    while True:
        tail = " %d" % k
        cand = name[:_SHOWN - len(tail)].rstrip() + tail
        if cand not in names:
            return cand
        k += 1


def open_presets(app, screen):
    app.push(PresetMenu(app, screen))
    text = problems_text(app, PRESETS, "presets")
    if text:
        app.message("Presets", text)


class PresetMenu(ui.Menu):
    def __init__(self, app, screen):
        self.screen = screen
        ui.Menu.__init__(self, app, "Presets", [])
        self.presets = load_presets(app.store)
        self.build()

    def build(self):
        items = [("Save current", self.save_current)]
        for i in range(len(self.presets)):
            items.append((self.presets[i]["name"][:15] or "?", self.opener(i)))
        self.items = items
        if self.sel >= len(items):
            self.sel = len(items) - 1
        self.dirty = True

    def store(self):
        """Write the list; the list on screen stays as it is either way."""
        ok = self.app.store.save(PRESETS, {"list": self.presets})
        self.build()
        return ok

    def save_current(self):
        r = self.screen.r
        if len(self.presets) >= rm.MAX_PRESETS:
            self.app.message("Presets", "All %d slots are full: delete one first." % rm.MAX_PRESETS)
            return
        same = same_preset(self.presets, r.preset(""))
        if same is not None:
            self.app.message("Presets", "Already saved as %s." % (same or "?"))
            return
        self.presets.append(r.preset(distinct_name(self.presets, r.short_title(_SHOWN))))
        self.store()

    def opener(self, i):
        app = self.app

        def load():
            try:
                self.screen.r.load_preset(self.presets[i])
            except rm.RollerError as e:
                app.message("Presets", "Cannot load: %s" % e)
                return
            self.screen.relayout()
            self.screen.save()
            self.screen.back_here()

        def delete():
            del self.presets[i]
            self.store()
            app.pop()

        def go():
            app.push(ui.Menu(app, (self.presets[i]["name"] or "?")[:16],
                             [("Load", load), ("Delete", delete)]))
        return go

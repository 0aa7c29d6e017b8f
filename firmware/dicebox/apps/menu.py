"""The home menu. Entries start an app or game through its ``start(app)``."""
from dicebox.core import ui

# (label, module path). A module without start() is shown as not built yet.
ENTRIES = (
    ("Dice roller", "dicebox.apps.roller"),
    ("Timer", "dicebox.apps.timer"),
    ("Dairyman", "dicebox.games.dairyman"),
    ("Milestones", "dicebox.games.milestones"),
    ("Mildred's List", "dicebox.games.mildred"),
    ("Settings", "dicebox.apps.settings"),
    ("About", "dicebox.apps.about"),
)


def _module(path):
    mod = __import__(path)
    for part in path.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def launcher(app, label, path):
    def go():
        try:
            start = _module(path).start
        except (ImportError, AttributeError):
            app.message(label, "Not built yet. It is on its way in a later firmware.")
            return
        start(app)
    return go


class Home(ui.Menu):
    def __init__(self, app):
        items = [(label, launcher(app, label, path)) for label, path in ENTRIES]
        ui.Menu.__init__(self, app, "Dicebox", items, on_back=lambda: None)

    def enter(self):
        ui.Menu.enter(self)
        self.app.show_problems()


def home(app):
    return Home(app)

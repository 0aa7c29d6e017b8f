"""The console's own apps. ``home(app)`` makes the home menu (the App's
home factory, main.py): apps/menu.py is imported as the menu is made, as a
game's play does not keep it (the launcher forgets it as a game opens)."""
from dicebox.core.modules import load


def home(app):
    return load("dicebox.apps.menu").home(app)

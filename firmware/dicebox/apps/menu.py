"""The home menu. Entries start an app or game through its ``start(app)``.

Back at the menu, the modules an app or game imported are dropped again, so
each one starts on a clean heap (a game's rules, bot and screens are not kept
in RAM while another runs). Every way home passes through here: a new
``Home`` (``App.home()``, the error screen) purges when it is made, and the
home menu coming back to the top of an otherwise empty stack (B, "Save and
quit", any ``pop``) purges in ``enter``.

Problems with saved records that no screen took for its own
(``store.take_problems(name)``) are shown here, once.

A game's play does not keep this module: as a game opens from an otherwise
empty stack, its Loading page takes the home menu off the stack and forgets
the module (its cursor is kept on the App, ``home_at``); when play comes home
(the stack empties), ``App.home`` makes a new home menu through
``apps.home``, which imports the module again (on the chip some tens of ms
in a frame that purges anyway). What the purge keeps is noted in
``core/modules.py`` (``note_console``), so it outlives the module.
"""
import gc
import sys
from dicebox.core import ui
from dicebox.core.modules import drop, forget, load, note_console


def purge():
    """Forget modules imported since the menu first showed (MicroPython only:
    under CPython, tests share one interpreter and keep their modules)."""
    if sys.implementation.name != "micropython":
        return 0
    kept = note_console()
    if kept is None:
        return 0
    n = 0
    for name in list(sys.modules):
        if name not in kept and forget(name):
            n += 1
    if n:
        gc.collect()      # their code goes now, while the heap is otherwise still
    return n

# (label, module path). An app is a module with ``start(app)``; a game is a
# package that names its start menu's module (``START``, whose ``start(app)``
# opens it) and what play carries (``PLAY``). A missing package, or one with
# neither, is shown as not built yet.
ENTRIES = (
    ("Dice roller", "dicebox.apps.roller"),
    ("Timer", "dicebox.apps.timer"),
    ("Dairyman", "dicebox.games.dairyman"),
    ("Milestones", "dicebox.games.milestones"),
    ("Mildred's List", "dicebox.games.mildred"),
    ("Settings", "dicebox.apps.settings"),
    ("About", "dicebox.apps.about"),
)

# The big apps' manifest: the modules an app carries, imported one a frame
# on a Loading page, then the app's own module (whose import then brings
# nothing more) and, in the next frame, its ``start``: no launch frame holds
# them all. A game lists its own in its package (``PLAY``).
CARRIES = {
    "dicebox.apps.roller": ("dicebox.core.dicesets", "dicebox.apps.roller_model", "dicebox.core.dice"),
    "dicebox.apps.timer": ("dicebox.core.hourglass", "dicebox.apps.timer_model"),
}


DOTS_EVERY = 8      # Loading's frames a dot (a redraw, the panel's 1 KB, in one frame of eight)


class Loading(ui.Screen):
    """A big app's modules imported one a frame (its package lists them in
    ``PLAY``), so no launch frame holds every import at once (on the chip an
    import of a large module takes 100-200 ms); then its ``start``.

    A collection the heap asks for (``App.collect_if_low``) is a frame of its
    own: no frame holds an import and a collection. The launcher's frame
    collects everything and imports the package; then the game's own names
    come in, a piece a frame (``App.intern_names``: low in the just-collected
    heap, below the game's code, so that they pin no hole once the game is
    dropped), then its modules: each game lists a small module first.

    It never collects for ever: at most ``TRIES`` collection frames before a
    module, then the import is tried even when the heap is still short of
    the fifth the console likes to keep free (the game then runs with less
    room: its still frames collect more often). An import that runs out of
    memory twice (once more after a full collection) means there is no room:
    the page closes with a "Not enough memory" message over the home menu
    (which drops what was imported) and the keys kept are dropped."""

    TRIES = 2       # collections in a row before a module, at most

    def __init__(self, app, label, mods, start, path=None, pkg=None, game=False):
        ui.Screen.__init__(self, app)
        self.game = game    # a game: the home menu leaves the stack as it starts
        self.label = label
        self.path = path    # the app's package, imported here when the names come first
        self.pkg = pkg or path      # the game's package: its own names come before its modules
        self.mods = mods
        self.i = 0
        self.ticks = 0      # frames so far (the dots of the page)
        self.start = start
        self.keys = []
        self.retried = False
        self.collects = 0   # collections since the last module was imported

    def event(self, ev):
        if len(self.keys) < 8:
            self.keys.append(ev)    # kept for the app (a B here must not re-enter Home)

    def tick(self, now):
        app = self.app
        self.ticks += 1
        if self.ticks % DOTS_EVERY == 0:
            self.dirty = True           # the dots move on: it is working, not stuck
        if app.names is not None and app.intern_names():
            return                      # opened in the first seconds after boot: the
                                        # firmware's names first, a piece a frame
        if self.path is not None:
            path, self.path = self.path, None
            start = _start(app, self.label, path)
            if start is None:
                if app.stack and app.stack[-1] is self:
                    app.stack.pop()
                return
            self.start = start
            self.mods = getattr(load(path), "PLAY", None) or ()
            self.game = bool(self.mods)
            return
        if self.pkg is not None and app.intern_names(self.pkg):
            return                          # the game's own names, a piece a frame
        if self.i < len(self.mods):
            if self.collects < self.TRIES and self.app.collect_if_low():
                self.collects += 1          # a big import wants an unfragmented heap:
                return                      # the collection is this frame's work
            # (still short of the fifth collect_if_low keeps free after TRIES
            # collections: the import is tried all the same; only an import
            # that runs out of memory twice means there is no room)
            try:
                load(self.mods[self.i])
            except MemoryError:
                if self.retried:
                    self.give_up()
                    return
                self.retried = True         # collect everything and try once more
                gc.collect()
                return
            self.i += 1
            self.collects = 0
            return
        app = self.app
        if app.stack and app.stack[-1] is self:
            app.stack.pop()         # leave without re-entering Home (its enter purges)
        st = app.stack
        if self.game and len(st) == 1 and isinstance(st[0], Home):
            app.home_at = (st[0].sel, st[0].top)   # the new home menu's cursor
            st.pop()                # play does not keep the menu: made again at home
            forget("dicebox.apps.menu")
        self.start(app)
        for ev in self.keys:        # presses made while loading go to the app
            top = app.top()
            if top is not None:
                top.event(ev)

    def give_up(self):
        """Close the page with the reason, over the home menu (the way home)."""
        app = self.app
        self.keys = []
        if app.stack and app.stack[-1] is self:
            app.stack.pop()         # Home under it purges when it comes back on top
        drop(self.mods[:self.i])    # and now, so that the message has room
        gc.collect()
        try:
            free = "%d KB free. " % (gc.mem_free() // 1024)
        except AttributeError:      # CPython: no such heap
            free = ""
        app.message("Not enough memory",
                    "%s cannot be opened: too little memory is free (%sloaded %d of %d "
                    "parts). A or B: back to the menu; switching the console off and "
                    "on frees the most." % (self.label, free, self.i, len(self.mods)))

    def draw(self, fb):
        fb.fill(0)
        ui.title_bar(fb, self.label)
        ui.text_center(fb, "Loading" + "." * (self.ticks // DOTS_EVERY % 4), 30)


def _missing(path, e):
    """True when ImportError ``e`` says the module ``path`` itself is not
    there (not a module it imports, nor a name one of them wants)."""
    return ("'%s'" % path) in str(e) or str(e).endswith(" " + path)


def _start(app, label, path):
    """The app's ``start``, or None (and a message) when it is not built. An
    import error inside a module that is there goes on to the error screen."""
    try:
        mod = load(path)
    except ImportError as e:
        if not _missing(path, e):
            raise
        mod = None
    entry = getattr(mod, "START", None)
    if entry is not None:
        return lambda app: load(entry).start(app)   # imported after PLAY, in its own frame
    start = getattr(mod, "start", None)
    if start is None:
        app.message(label, "Not built yet. It is on its way in a later firmware.")
    return start


def launcher(app, label, path):
    def go():
        # the app left behind is garbage only now (its screens were still on
        # the call stack when the purge ran): collect it before the import,
        # so the new one is built on an unfragmented heap
        gc.collect()
        carried = CARRIES.get(path)
        if carried:       # a big app: what it carries, then its own module, a frame each
            app.push(Loading(app, label, carried + (path,), lambda app: load(path).start(app)))
            return
        if app.names is not None and app.intern_names() and app.names is not None:
            app.push(Loading(app, label, (), None, path))   # the first seconds after
            return                                         # boot: the names first
        start = _start(app, label, path)
        if start is None:
            return
        mods = getattr(load(path), "PLAY", None)
        if mods:
            app.push(Loading(app, label, mods, start, pkg=path, game=True))
        else:
            start(app)
    return go


class Home(ui.Menu):
    shows_battery = True

    def __init__(self, app):
        purge()
        items = [(label, launcher(app, label, path)) for label, path in ENTRIES]
        ui.Menu.__init__(self, app, "Dicebox", items, on_back=lambda: None)
        at = getattr(app, "home_at", None)  # back from a game: where the cursor was
        if at:
            self.sel, self.top = at
            app.home_at = None

    def enter(self):
        ui.Menu.enter(self)
        st = self.app.stack
        if len(st) == 1 and st[0] is self:
            purge()
        self.app.show_problems()

    def draw(self, fb):
        ui.Menu.draw(self, fb)
        ui.battery_icon(fb, ui.W - 16, 1, self.app.battery_pct, self.app.charging, 0)


def home(app):
    return Home(app)

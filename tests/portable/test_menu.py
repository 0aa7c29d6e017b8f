import sys
from dicebox.core import modules, ui
from dicebox.apps import menu
from hwdrive import home_console


make = home_console


def test_home_lists_every_app_and_game():
    hw, app = make()
    labels = [app.top().label(i) for i in range(len(app.top().items))]
    for want in ("Dice roller", "Timer", "Dairyman", "Milestones", "Mildred's List", "Settings", "About"):
        assert want in labels


def test_every_entry_starts_something():
    for label, path in menu.ENTRIES:
        hw, app = make()
        menu.launcher(app, label, path)()
        top = app.top()
        assert not isinstance(top, menu.Home), label
        assert not (isinstance(top, ui.Message) and top.title == label), label


def test_an_entry_not_built_says_so():
    hw, app = make()
    menu.launcher(app, "Chess", "dicebox.games.chess")()
    top = app.top()
    assert isinstance(top, ui.Message) and top.title == "Chess"
    assert "Not built yet" in " ".join(top.lines)


def test_back_home_drops_the_modules_an_app_imported():
    if sys.implementation.name != "micropython":
        return  # purging is for the device's heap; CPython keeps its modules
    hw, app = make()  # the menu has taken its snapshot of sys.modules
    modules.note_console().discard("check_probe_mod")
    import check
    sys.modules["check_probe_mod"] = check  # stands for a module an app imported
    app.home()
    assert "check_probe_mod" not in sys.modules
    assert "dicebox.apps.menu" in sys.modules and "dicebox.core.app" in sys.modules


def test_a_game_loads_one_module_a_frame_then_starts_and_keeps_the_presses():
    from dicebox.core import events as E
    hw, app = make()
    home = app.top()
    i = [e[0] for e in menu.ENTRIES].index("Dairyman")
    home.sel = i                                  # the cursor on the game, as a player leaves it
    menu.launcher(app, "Dairyman", menu.ENTRIES[i][1])()
    load = app.top()
    assert isinstance(load, menu.Loading)
    want = list(load.mods)
    assert len(want) >= 3 and want[-1].endswith(".table")     # the bot: the table's own (AT_TABLE)
    load.event(E.make(E.PRESS, E.DOWN))       # pressed while loading: kept for the game
    app.collect_if_low = lambda: False        # room on the heap: no collection frames
    seen = []
    for _ in range(len(want)):
        load.tick(app.now())
        seen.append(load.i)
    assert seen == list(range(1, len(want) + 1))  # one module a frame
    for m in want:
        assert m in sys.modules
    load.tick(app.now())                          # then the game's own menu
    top = app.top()
    assert top is not load and not isinstance(top, menu.Loading)
    assert load not in app.stack and home not in app.stack   # play does not keep the home menu
    assert app.home_at == (home.sel, home.top)
    assert top.sel == 2                           # the Down pressed while loading moved it (from the
                                                  # lesson's entry, selected the first time)
    for _ in range(len(app.stack)):
        app.pop()                                 # back out: a new home menu, at the game's entry
    again = app.top()
    assert type(again).__name__ == "Home" and again is not home
    assert (again.sel, again.top) == (home.sel, home.top) == (i, 0)
    assert app.home_at is None


def test_loading_collects_and_tries_once_more_when_an_import_runs_out_of_memory():
    hw, app = make()
    calls = []

    def start(a):
        calls.append("start")

    load = menu.Loading(app, "X", ("dicebox.core.table",), start)
    app.push(load)
    app.collect_if_low = lambda: False
    real = menu.load
    fails = [1]

    def flaky(path):
        if fails[0]:
            fails[0] -= 1
            raise MemoryError("memory allocation failed")
        return real(path)
    menu.load = flaky
    try:
        load.tick(app.now())                 # out of memory: collected, nothing lost
        assert load.i == 0 and load.retried
        load.tick(app.now())                 # the same module again: now it loads
        assert load.i == 1
        load.tick(app.now())
        assert calls == ["start"]
        fails[0] = 2
        again = menu.Loading(app, "Y", ("dicebox.core.table",), start)
        app.push(again)
        again.tick(app.now())
        again.tick(app.now())                # a second failure: no room, said so
        top = app.top()
        assert isinstance(top, ui.Message) and top.title == "Not enough memory"
        assert again not in app.stack and calls == ["start"]
    finally:
        menu.load = real


def _frames(hw, app, n):
    for _ in range(n):
        app.frame(hw.ticks_ms())
        hw.sleep_ms(33)


def _ends_in_the_message(hw, app, home, label):
    from dicebox.core import events as E
    hw.mask = 1 << E.DOWN                    # keys pressed while it tries are not kept for ever
    _frames(hw, app, 2)
    hw.mask = 0
    _frames(hw, app, 40)
    top = app.top()
    assert not isinstance(top, menu.Loading), "still loading: a livelock"
    assert isinstance(top, ui.Message) and top.title == "Not enough memory", top
    text = " ".join(top.lines)
    assert label in text and "back to the menu" in text, text
    hw.mask = 1 << E.B                       # the way home
    _frames(hw, app, 2)
    hw.mask = 0
    _frames(hw, app, 2)
    assert app.top() is home and app.stack == [home]


def test_a_heap_short_of_the_fifth_still_loads_after_a_bounded_number_of_collections():
    # the heap stays short of the fifth collect_if_low keeps free after every
    # collection (the live data of a long session): at most TRIES collection
    # frames before each module, then the import is tried all the same and
    # the game opens (it runs with less room; only an import that fails twice
    # means there is none)
    hw, app = make()
    n = [0]

    def short():
        n[0] += 1
        return True
    app.collect_if_low = short
    i = [e[0] for e in menu.ENTRIES].index("Milestones")
    menu.launcher(app, "Milestones", menu.ENTRIES[i][1])()
    load = app.top()
    assert isinstance(load, menu.Loading)
    _frames(hw, app, 60)
    assert not isinstance(app.top(), menu.Loading), "still loading: a livelock"
    assert type(app.top()).__name__ == "StartMenu", app.top()
    assert n[0] == menu.Loading.TRIES * len(load.mods), (n[0], len(load.mods))


def test_loading_under_the_device_heap_with_a_long_session_s_data_ends_in_the_message():
    # MicroPython under the device's heap cap (the runner's -X heapsize): live
    # data stands for a long session, leaving too little of the heap for the
    # game's modules: the imports run out of memory, the page says so
    if sys.implementation.name != "micropython":
        return
    import gc
    hw, app = make()
    home = app.top()
    gc.collect()
    total = gc.mem_free() + gc.mem_alloc()
    live = []
    while gc.mem_free() > total // 16:       # far less than the game's modules take
        try:
            live.append(bytearray(1024))
        except MemoryError:
            break
    gc.collect()
    assert gc.mem_free() < total // 10
    i = [e[0] for e in menu.ENTRIES].index("Milestones")
    menu.launcher(app, "Milestones", menu.ENTRIES[i][1])()
    _ends_in_the_message(hw, app, home, "Milestones")
    live = None
    gc.collect()


def test_loading_gives_a_collection_a_frame_of_its_own():
    hw, app = make()
    calls = []
    imported = []
    real = menu.load

    def counted(path):
        imported.append(path)
        return real(path)
    short = [False, True, False, False]      # the heap is short before the second import
    asked = []

    def collect_if_low():
        asked.append(1)
        return short[len(asked) - 1] if len(asked) <= len(short) else False
    app.collect_if_low = collect_if_low
    load = menu.Loading(app, "X", ("dicebox.core.table", "dicebox.core.movelog"),
                        lambda a: calls.append("start"))
    app.push(load)
    menu.load = counted
    try:
        load.tick(app.now())                 # room: the first module
        assert imported == ["dicebox.core.table"]
        load.tick(app.now())                 # short: this frame only collects
        assert imported == ["dicebox.core.table"] and load.i == 1
        load.tick(app.now())
        assert imported == ["dicebox.core.table", "dicebox.core.movelog"]
        load.tick(app.now())
        assert calls == ["start"]
    finally:
        menu.load = real


def test_each_game_loads_a_small_module_first():
    # the launcher's frame collects the heap and imports the package: the
    # first module shares it, so it is one of the small ones
    for label, path in menu.ENTRIES:
        mods = getattr(menu.load(path), "PLAY", None)
        if mods:
            assert mods[0].rsplit(".", 1)[1] in ("dice", "help", "board", "tiles"), (label, mods)
            assert path + ".table" in mods, (label, mods)
            assert path + ".bot" not in mods, (label, mods)     # the table's own: AT_TABLE


def test_milestones_table_and_pages_load_in_two_frames():
    # on the chip the one module of both was an import of over 200 ms: the
    # table and the pages (the setup, with the ending) are imported a frame
    # each; the start menu (start) is small and comes with start()
    from dicebox.games import milestones
    from dicebox.games.milestones import table as MS_table
    mods = list(milestones.PLAY)
    assert mods.index("dicebox.games.milestones.table") < mods.index("dicebox.games.milestones.pages")
    assert "dicebox.games.milestones.start" not in mods
    assert milestones.START == "dicebox.games.milestones.start"
    assert not hasattr(MS_table, "StartMenu") and not hasattr(MS_table, "SetupMenu")


def _source(name):
    """The source text of module ``name`` (read, not imported: three games'
    sources compiled in one MicroPython heap would not fit)."""
    import dicebox
    root = dicebox.__file__.rsplit("/", 1)[0]
    rel = root + "/" + "/".join(name.split(".")[1:])
    for path in (rel + ".py", rel + "/__init__.py"):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            pass
    if sys.implementation.name == "micropython":
        return None             # the runner imports the mpy-cross build: no sources
    raise AssertionError("no module " + name)


def test_each_game_declares_what_play_carries_and_what_opens_on_demand():
    # one manifest per game, in its package (which imports nothing); the
    # game's table drops ON_DEMAND when it is back on top
    from dicebox.core.modules import load
    for label, path in menu.ENTRIES:
        if not path.startswith("dicebox.games."):
            continue
        pkg = load(path)
        if _source(path) is None:
            continue
        for line in _source(path).split("\n"):
            assert not line.strip().startswith(("import ", "from ")), (label, line)
        for name in pkg.PLAY + pkg.ON_DEMAND + pkg.LESSON + (pkg.START,):
            assert _source(name), (label, name)
        assert pkg.START == path + ".start" and path + ".table" in pkg.PLAY, label
        assert not set(pkg.ON_DEMAND) & set(pkg.LESSON), label
        assert "    ON_DEMAND = ON_DEMAND" in _source(path + ".table"), label
        for mod in pkg.ON_DEMAND:
            assert not mod.endswith((".table", ".bot", ".rules")), (label, mod)


def test_an_import_error_inside_a_game_reaches_the_error_screen():
    # only a missing package says "Not built yet": a module of the game
    # that fails to import is a fault, shown as one
    hw, app = make()
    real = menu.load

    def broken(path):
        if path == "dicebox.games.dairyman":
            raise ImportError("no module named 'dicebox.games.dairyman.nothere'")
        return real(path)
    menu.load = broken
    try:
        try:
            menu.launcher(app, "Dairyman", "dicebox.games.dairyman")()
            raised = False
        except ImportError as e:
            raised = "nothere" in str(e)
        assert raised
        assert not isinstance(app.top(), ui.Message) or app.top().title != "Dairyman"

        def missing(path):
            if path == "dicebox.games.dairyman":
                raise ImportError("no module named 'dicebox.games.dairyman'")
            return real(path)
        menu.load = missing
        menu.launcher(app, "Dairyman", "dicebox.games.dairyman")()
        top = app.top()
        assert isinstance(top, ui.Message) and top.title == "Dairyman"
        assert "Not built yet" in " ".join(top.lines)
    finally:
        menu.load = real


def test_the_loading_page_shows_it_is_working_while_names_and_modules_come_in():
    # a first launch right after boot takes a second or two of pieces: the
    # dots move on every DOTS_EVERY frames, so it never looks stuck
    from console import TextFB
    hw, app = make()
    load = menu.Loading(app, "X", ("dicebox.core.table",) * 40, lambda a: None)
    app.push(load)
    app.collect_if_low = lambda: False
    seen = []
    for _ in range(menu.DOTS_EVERY * 4):
        load.dirty = False
        load.tick(app.now())
        if load.dirty:
            fb = TextFB(strict=True)
            load.draw(fb)
            seen.append([t for t in fb.texts if t.startswith("Loading")][0])
    assert seen == ["Loading.", "Loading..", "Loading...", "Loading"], seen

import os
from dicebox.core import storage, store_faults, valid
from dicebox.core import memstore

_n = [0]


def fresh():
    _n[0] += 1
    root = "/tmp/dicebox_store_%d_%d" % (os.getpid() if hasattr(os, "getpid") else 0, _n[0])
    _empty(root)
    return storage.Store(root)


def _empty(root):
    """Remove what an earlier run left in ``root`` (files, and folders one deep)."""
    try:
        names = os.listdir(root)
    except OSError:
        return
    for f in names:
        p = root + "/" + f
        try:
            os.remove(p)
        except OSError:
            _empty(p)
            try:
                os.rmdir(p)
            except OSError:
                pass


def test_missing_gives_default_without_complaint():
    s = fresh()
    assert s.load("settings", {"a": 1}) == {"a": 1}
    assert s.problems == []


def test_round_trip_and_replace():
    s = fresh()
    s.save("game", {"turn": 3, "dice": [1, 2, 3]})
    assert s.load("game") == {"turn": 3, "dice": [1, 2, 3]}
    s.save("game", {"turn": 4})
    assert s.load("game") == {"turn": 4}
    names = os.listdir(s.root)
    assert "game.json" in names and "game.tmp" not in names


def test_write_cut_off_before_rename_keeps_old_record():
    s = fresh()
    s.save("game", {"turn": 7})
    # power cut while the temporary file was half written
    with open(s.root + "/game.tmp", "w") as f:
        f.write('{"fmt": 1, "name": "game", "v": 1, "data": {"tu')
    assert s.load("game") == {"turn": 7}
    assert s.problems == []
    assert "game.tmp" not in os.listdir(s.root)


def test_corrupt_file_reported_once_kept_aside_and_defaults_used():
    s = fresh()
    with open(s.path("settings"), "w") as f:
        f.write('{"fmt": 1, "name": "settings", "v": 1, "data": {"sou')
    assert s.load("settings", {"sound": True}) == {"sound": True}
    assert len(s.problems) == 1 and "settings" in s.problems[0]
    assert "settings.bad" in os.listdir(s.root)
    # second load: file moved aside, no second report
    assert s.load("settings", {"sound": True}) == {"sound": True}
    assert len(s.problems) == 1
    # saving again works
    s.save("settings", {"sound": False})
    assert s.load("settings", {}) == {"sound": False}


def test_foreign_and_wrong_version_files_rejected():
    s = fresh()
    with open(s.path("a"), "w") as f:
        f.write("[1, 2, 3]")
    assert s.load("a", "d") == "d"
    s.save("b", {"x": 1}, version=2)
    assert s.load("b", "d", version=1) == "d"
    assert len(s.take_problems()) == 2
    assert s.problems == []
    # a record copied under another name is not trusted
    s.save("c", {"x": 1})
    os.rename(s.path("c"), s.path("e"))
    assert s.load("e", "d") == "d"


def test_binary_garbage_does_not_crash():
    s = fresh()
    with open(s.path("g"), "wb") as f:
        f.write(bytes(range(256)))
    assert s.load("g", 5) == 5
    assert s.problems


def test_an_unreadable_file_is_named_in_plain_words():
    """The problem a player reads says what was wrong, not the name of a
    Python exception ("unreadable (ValueError)")."""
    s = fresh()
    for name, body in (("cut", '[2,"cut",1,{"sou'), ("junk", "garbage{"), ("bin", None)):
        if body is None:
            with open(s.path(name), "wb") as f:
                f.write(bytes(range(256)))
        else:
            with open(s.path(name), "w") as f:
                f.write(body)
        assert s.load(name, 5) == 5
        got = s.take_problems(name)
        assert len(got) == 1 and "set aside" in got[0], got
        assert "Error" not in got[0] and "unreadable (damaged or cut short)" in got[0], got
    m = memstore.MemoryStore()
    m.records["x"] = (1, "garbage{")
    assert m.load("x", 5) == 5
    got = m.take_problems("x")
    assert "Error" not in got[0] and "cut short" in got[0], got
    assert "Error" not in store_faults.unreadable(RuntimeError("deep"))
    assert store_faults.unreadable(OSError(5)) == "unreadable (EIO)"


def test_memory_store_same_api():
    m = memstore.MemoryStore()
    assert m.load("x", 1) == 1
    m.save("x", {"k": [1]})
    assert m.load("x") == {"k": [1]}
    m.delete("x")
    assert not m.exists("x")


def test_a_checker_judges_the_data_and_a_failure_sets_the_file_aside():
    s = fresh()
    s.save("settings", {"brightness": 9})

    def check(d):
        valid.int_in(d.get("brightness"), 1, 5, "brightness")
        return d

    assert s.load("settings", "dflt", check=check) == "dflt"
    assert "settings.bad" in os.listdir(s.root) and "settings.json" not in os.listdir(s.root)
    assert s.take_problems("other") == []
    got = s.take_problems("settings")
    assert len(got) == 1 and "brightness out of range" in got[0]
    s.save("settings", {"brightness": 3})
    assert s.load("settings", "dflt", check=check) == {"brightness": 3}


def test_a_read_the_heap_has_no_room_for_keeps_the_record():
    """A MemoryError while a record is read or checked is not damage: the
    heap is collected and the record read again; when that fails as well,
    the record stays where it is (noted), and the next load reads it."""
    for s in (fresh(), memstore.MemoryStore()):
        s.save("kept_1", {"id": 4, "log": "abc"})
        failures = [1]

        def check(d):
            if failures[0]:
                failures[0] -= 1
                raise MemoryError("memory allocation failed")
            return d
        assert s.load("kept_1", None, check=check) == {"id": 4, "log": "abc"}
        assert s.take_problems() == []
        failures[0] = 2
        assert s.load("kept_1", "none", check=check) == "none"
        got = s.take_problems()
        assert got == ["kept_1: no room to read it now; left as it is"], got
        assert s.exists("kept_1")
        if isinstance(s, storage.Store):
            assert "kept_1.bad" not in os.listdir(s.root)
        assert s.load("kept_1", None, check=check) == {"id": 4, "log": "abc"}


def test_deep_nesting_and_huge_files_are_set_aside_not_raised():
    s = fresh()
    with open(s.path("a"), "w") as f:
        f.write('{"fmt": 1, "name": "a", "v": 1, "data": ' + "[" * 5000 + "]" * 5000 + "}")
    assert s.load("a", 1, check=lambda d: valid.dict_of(d, "settings")) == 1
    with open(s.path("b"), "w") as f:
        f.write(" " * (storage.MAX_BYTES + 10))
    assert s.load("b", 2) == 2
    assert len(s.take_problems()) == 2


def test_a_failed_write_keeps_the_old_record_and_gives_one_notice():
    m = memstore.MemoryStore()
    assert m.save("x", {"k": 1})
    m.fail_writes = True
    assert m.save("x", {"k": 2}) is False
    assert m.save("x", {"k": 3}) is False
    assert m.take_notice() and m.take_notice() is None  # once
    assert m.load("x") == {"k": 1}
    m.fail_writes = False
    assert m.save("x", {"k": 4}) and m.load("x") == {"k": 4}


def test_a_full_filesystem_on_disk_keeps_the_old_record():
    s = fresh()
    s.save("x", {"k": 1})
    os.rename(s.root, s.root + "_gone")  # writes now fail with OSError
    try:
        assert s.save("x", {"k": 2}) is False
        assert s.take_notice()
    finally:
        os.rename(s.root + "_gone", s.root)
    assert s.load("x") == {"k": 1}


def test_resolve_chance_returns_exactly_what_it_applied():
    from dicebox.core.game import resolve_chance
    from dicebox.core.rng import seeded

    class S:
        got = None

        def chance_request(self):
            return [6, 6, 3]

        def apply_chance(self, vals):
            self.got = list(vals)

    s = S()
    vals = resolve_chance(s, seeded(4))
    assert vals == s.got and len(vals) == 3 and all(0 <= v < n for v, n in zip(vals, [6, 6, 3]))


def _damage(s, name, text="{oops"):
    with open(s.path(name), "w") as f:
        f.write(text)


def _folder(path):
    """A folder with a file in it: nothing can remove it or rename over it."""
    os.mkdir(path)
    with open(path + "/x", "w") as f:
        f.write("x")


class EioStore(storage.Store):
    """The flash answers EIO to a rename onto the names in ``fail``."""

    def __init__(self, root, fail=(".bad",), errno=5):
        storage.Store.__init__(self, root)
        self.fail = fail
        self.errno = errno

    def _move(self, src, dst):
        for end in self.fail:
            if end in dst:
                raise OSError(self.errno)
        storage.Store._move(self, src, dst)


def test_set_aside_copies_are_kept_newest_first_and_bounded():
    s = fresh()
    for k in range(store_faults.BAD_KEEP + 2):
        _damage(s, "game", "{damage %d" % k)
        assert s.load("game", "d") == "d"
    names = os.listdir(s.root)
    kept = sorted(n for n in names if n.startswith("game.bad"))
    assert kept == ["game.bad", "game.bad1", "game.bad2"][:store_faults.BAD_KEEP], names
    newest = store_faults.BAD_KEEP + 1
    for k in range(store_faults.BAD_KEEP):    # .bad the newest, then older ones in order
        with open(s.bad_path("game", k)) as f:
            assert f.read() == "{damage %d" % (newest - k)
    assert all("set aside" in p for p in s.take_problems("game"))


def test_a_huge_file_is_removed_not_kept():
    s = fresh()
    with open(s.path("b"), "w") as f:
        f.write(" " * (storage.MAX_BYTES + 10))
    assert s.load("b", 2) == 2
    got = s.take_problems("b")
    assert len(got) == 1 and "too large" in got[0] and "removed" in got[0], got
    assert not [n for n in os.listdir(s.root) if n.startswith("b.")]


def test_a_record_that_cannot_be_set_aside_is_said_once_then_absent():
    s = fresh()
    s = EioStore(s.root)
    _damage(s, "game")
    assert s.load("game", "d") == "d"
    got = s.take_problems("game")
    assert len(got) == 1 and "could not be set aside (EIO)" in got[0], got
    assert "game.json" in os.listdir(s.root)          # still there: the truth is told
    assert not s.exists("game")                        # but absent for the session
    for _ in range(3):
        assert s.load("game", "d") == "d"
    assert s.take_problems("game") == []               # never said again
    assert s.save("game", {"turn": 1})                 # a new game replaces the file
    assert s.exists("game") and s.load("game") == {"turn": 1}


def test_a_record_whose_bad_names_are_all_taken_is_not_re_entered():
    s = fresh()
    for k in range(store_faults.BAD_KEEP):
        _folder(s.bad_path("game", k))
    _damage(s, "game")
    assert s.load("game", "d") == "d"
    got = s.take_problems("game")
    assert len(got) == 1 and "could not be set aside" in got[0], got
    assert not s.exists("game") and s.load("game", "d") == "d" and s.problems == []


def test_write_failures_are_worded_by_their_cause():
    s = fresh()
    full = EioStore(s.root, fail=(".json",), errno=store_faults.ENOSPC)
    assert not full.save("g", {"a": 1})
    assert full.take_notice().startswith("Storage full") and full.full
    eio = EioStore(s.root, fail=(".json",), errno=5)
    assert not eio.save("g", {"a": 1})
    n = eio.take_notice()
    assert "Storage full" not in n and "EIO" in n and not eio.full, n
    assert not eio.save("g", {"a": 2}) and eio.take_notice() is None    # said once
    eio.fail = ()
    assert eio.save("g", {"a": 3}) and eio.write_error is None
    m = memstore.MemoryStore()
    m.fail_writes = OSError(5)
    assert not m.save("g", 1) and "EIO" in m.take_notice()
    m.fail_writes = True
    assert not m.save("g", 1) and m.take_notice().startswith("Storage full")


def test_a_tmp_that_cannot_be_removed_does_not_fail_later_saves():
    s = fresh()
    _folder("%s/game.tmp" % s.root)
    for k in range(3):
        assert s.save("game", {"turn": k}), s.notice
        assert s.load("game") == {"turn": k}
    assert s.notice is None and s.failed_writes == 0


def test_a_save_with_both_temporary_names_in_the_way_says_so():
    s = fresh()
    _folder("%s/game.tmp" % s.root)
    _folder("%s/game.tm1" % s.root)
    assert not s.save("game", {"turn": 1})
    n = s.take_notice()
    assert "a folder is in the way" in n and "Storage full" not in n, n

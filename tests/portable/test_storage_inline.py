"""The compact record form (small enough for littlefs to keep inline) and the
store's in-place path (littlefs), beside the temporary file of other
filesystems."""
import json
import os

from dicebox.core import storage
from dicebox.core.state_io import Fields
from dicebox.core.storage import BadData, Store
from dicebox.core.memstore import MemoryStore

PIG = Fields(3, ("turn", "dice", "sc"), "pigtest")


def raises(exc, fn, *a):
    try:
        fn(*a)
    except exc:
        return
    raise AssertionError("no %s" % exc.__name__)


def tmpdir(tag):
    base = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")
    d = "%s/dicebox_inline_%s_%d" % (base, tag, id(tag) & 0xFFFF)
    try:
        os.mkdir(d)
    except OSError:
        pass
    for f in os.listdir(d):
        os.remove(d + "/" + f)
    return d


def roundtrip(x):
    return storage.unpack(json.loads(json.dumps(storage.pack(x))))


def test_pack_is_undone_exactly():
    data = {"a": [0, 1, 56, 3], "b": [57, 2], "c": [-1, 4], "d": [True, False], "e": [5],
            "f": "~tilde", "g": "~", "h": "plain", "i": [[1, 2], [3, 4, 5], []], "j": None,
            "k": [1, "x", None], "l": 10 ** 9, "m": {"n": [6, 6, 6]}, "t": (1, 2, 3)}
    got = roundtrip(data)
    want = dict(data, t=[1, 2, 3])
    assert got == want, got


def test_small_int_lists_become_one_string_and_big_ones_stay_lists():
    assert storage.pack([0, 1, 2]) == "~#$%"
    assert storage.pack([1, 57]) == [1, 57]
    assert storage.pack([True, 1]) == [True, 1]      # a bool is not an int here
    assert storage.pack("~x") == "~~x"


def test_a_registered_state_is_kept_by_position_and_comes_back_with_its_names():
    st = {"v": 3, "turn": 1, "dice": [3, 4], "sc": [10, 70], "glass": {"left": 5}}
    p = storage.pack(st)
    assert p == ["~!pigtest", 3, 1, "~&'", [10, 70], {"glass": {"left": 5}}], p
    assert roundtrip(st) == st
    plain = {"turn": 1, "dice": [3, 4]}                 # not every field: an ordinary dict
    assert storage.pack(plain) == {"turn": 1, "dice": "~&'"}


def test_damaged_packed_values_are_refused():
    raises(BadData, storage.unpack, "~!pig")
    raises(BadData, storage.unpack, "~\u00e9")
    raises(BadData, storage.unpack, ["~!pigtest", 3, 1])         # values missing
    raises(BadData, storage.unpack, ["~!nosuchgame", 1, 2])
    raises(BadData, storage.unpack, ["~!pigtest", 3, 1, 2, 3, {"turn": 9}])   # a name twice


def test_a_long_log_keeps_its_newest_lines_under_the_inline_budget():
    log = ["move %d: something long enough to matter here" % i for i in range(24)]
    data = {"state": {"v": 3, "turn": 1, "dice": [3, 4], "sc": [1, 2]}, "log": log}
    text, dropped = storage.encode("pig", data, 1, "log")
    assert len(text) <= storage.INLINE and dropped > 0
    kept = storage.unpack(json.loads(text)[3])["log"]
    assert kept == [storage.EARLIER] + log[dropped:] and kept[-1] == log[-1]
    assert len(data["log"]) == 24                      # the caller's data is not touched
    text2, dropped2 = storage.encode("pig", data, 1)   # no trim named: all of it
    assert dropped2 == 0 and len(text2) > storage.INLINE
    m = MemoryStore()
    assert m.save("pig", data, trim="log")
    assert m.load("pig")["log"] == [storage.EARLIER] + log[dropped:]


def test_a_record_of_format_1_still_loads():
    d = tmpdir("old")
    with open(d + "/pig.json", "w") as f:
        f.write(json.dumps({"fmt": 1, "name": "pig", "v": 2,
                            "data": {"state": {"v": 3, "turn": 1, "dice": [3, 4], "sc": [5, 6]},
                                     "log": ["~ a line"]}}))
    for inplace in (False, True):
        st = Store(d, inplace=inplace)
        got = st.load("pig", None, 2)
        assert got == {"state": {"v": 3, "turn": 1, "dice": [3, 4], "sc": [5, 6]},
                       "log": ["~ a line"]}, got
        assert not st.take_problems()


def test_todays_file_is_compact_and_loads_back():
    d = tmpdir("new")
    st = Store(d, inplace=False)
    data = {"state": {"v": 3, "turn": 1, "dice": [3, 4], "sc": [5, 6]}, "seats": [0, 3]}
    assert st.save("pig", data)
    with open(d + "/pig.json") as f:
        text = f.read()
    assert text == '[2,"pig",1,{"state":["~!pigtest",3,1,"~&\'","~()"],"seats":"~#&"}]' or \
        text == '[2,"pig",1,{"seats":"~#&","state":["~!pigtest",3,1,"~&\'","~()"]}]', text
    assert Store(d, inplace=False).load("pig") == data


class SpyOS:
    """storage's os, counting renames."""

    def __init__(self):
        self.renames = 0

    def __getattr__(self, name):
        return getattr(os, name)

    def rename(self, a, b):
        self.renames += 1
        os.rename(a, b)


def test_in_place_saves_write_the_record_itself_and_rename_nothing():
    d = tmpdir("inplace")
    spy = SpyOS()
    real = storage.os
    storage.os = spy
    try:
        st = Store(d, inplace=True)
        for i in range(3):
            assert st.save("pig", {"n": i})
            assert sorted(os.listdir(d)) == ["pig.json"]
        assert spy.renames == 0
        assert Store(d, inplace=True).load("pig") == {"n": 2}
        st2 = Store(d, inplace=False)
        assert st2.save("pig", {"n": 3})
        assert spy.renames == 1                   # the other path: a .tmp renamed over it
    finally:
        storage.os = real
    assert st.writes == 3 and st.failed_writes == 0


def test_in_place_an_empty_file_is_a_first_save_cut_short_and_counts_as_none():
    d = tmpdir("empty")
    open(d + "/pig.json", "w").close()
    st = Store(d, inplace=True)
    assert not st.exists("pig")
    assert st.load("pig", "dflt") == "dflt"
    assert not st.take_problems()
    assert os.listdir(d) == ["pig.json"]          # nothing written by the load
    assert st.save("pig", {"n": 1}) and st.exists("pig")
    assert st.load("pig") == {"n": 1}
    # elsewhere an empty record cannot come from a save: it is damage, set aside
    open(d + "/pig.json", "w").close()
    other = Store(d, inplace=False)
    assert other.load("pig", "dflt") == "dflt"
    assert other.take_problems("pig")
    assert "pig.bad" in os.listdir(d)


def test_a_failed_in_place_write_keeps_the_old_record_and_says_so():
    d = tmpdir("fail")
    st = Store(d, inplace=True)
    assert st.save("pig", {"n": 1})
    os.remove(d + "/pig.json")
    os.mkdir(d + "/pig.json")                     # a folder in the way
    try:
        assert not st.save("pig", {"n": 2})
        assert st.failed_writes == 1 and st.take_notice()
    finally:
        os.rmdir(d + "/pig.json")


def test_the_store_asks_the_mount_when_not_told():
    d = tmpdir("ask")
    assert Store(d).inplace is storage.copy_on_write(d)
    assert storage.copy_on_write(d) is False      # the host's files are not littlefs


def test_a_move_log_kept_short_says_so_and_keeps_its_newest_lines():
    log = ["P%d rolled %d %d %d and kept them all" % (i % 2 + 1, i, i, i) for i in range(40)]
    data = {"state": [1, 2, 3], "log": log}
    text, dropped = storage.encode("pig", data, 1, "log")
    assert dropped > 0 and len(text) <= storage.INLINE
    m = MemoryStore()
    assert m.save("pig", data, trim="log")
    kept = m.load("pig")["log"]
    assert kept[0] == storage.EARLIER and kept[-1] == log[-1]
    assert storage.kept_tail(kept, log) and not storage.kept_tail(kept, log[:-1])
    # saved again (a resumed game goes on): one such line, never two
    again = m.load("pig")
    again["log"] = again["log"] + log
    assert m.save("pig", again, trim="log")
    kept2 = m.load("pig")["log"]
    assert kept2[0] == storage.EARLIER and kept2.count(storage.EARLIER) == 1
    # a list that is not of lines (the roller's history) gets no such line
    hist = [{"d": "3d6", "v": [i, i, i], "t": 3 * i} for i in range(60)]
    assert m.save("r", {"history": hist}, trim="history")
    assert m.load("r")["history"][0] != storage.EARLIER

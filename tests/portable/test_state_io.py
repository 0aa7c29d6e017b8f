from dicebox.core import state_io, storage
from dicebox.core.state_io import Fields, deep


class _S:
    pass


def _state():
    s = _S()
    s.a = 3
    s.b = [[1, 2], {"x": [4]}]
    s.c = (1, [2, 3])
    s.d = None
    s.e = "hi"
    s.f = True
    return s


F = Fields(2, ("a", "b", "c", "d", "e", "f"))


def _raises(fn, why):
    try:
        fn()
    except storage.BadData as e:
        assert str(e) == why, str(e)
        return
    raise AssertionError("no BadData")


def test_deep_copies_containers_and_keeps_tuples():
    x = [1, (2, [3]), {"k": [4, 5]}, None, "s", False]
    y = deep(x)
    assert y == x
    assert y is not x and y[1] is not x[1] and y[1][1] is not x[1][1]
    assert y[2] is not x[2] and y[2]["k"] is not x[2]["k"]
    assert type(y[1]) is tuple and type(y[1][1]) is list
    y[1][1].append(9)
    y[2]["k"].append(6)
    assert x[1][1] == [3] and x[2]["k"] == [4, 5]


def test_dump_has_version_and_every_field_copied():
    s = _state()
    d = F.dump(s)
    assert d["v"] == 2
    assert sorted(d.keys()) == ["a", "b", "c", "d", "e", "f", "v"]
    assert d["b"] == s.b and d["b"] is not s.b and d["b"][0] is not s.b[0]
    d["b"][1]["x"].append(5)
    assert s.b[1]["x"] == [4]


def test_load_round_trip_sets_copies_and_returns_obj():
    s = _state()
    d = F.dump(s)
    t = _S()
    r = F.load(t, d)
    assert r is t
    for n in F.names:
        assert getattr(t, n) == getattr(s, n)
    assert t.b is not d["b"]
    t.b[0].append(7)
    assert d["b"][0] == [1, 2]


def test_load_refuses_non_dict_other_version_and_missing_field():
    _raises(lambda: F.load(_S(), [1, 2]), "not a record")
    _raises(lambda: F.load(_S(), None), "not a record")
    d = F.dump(_state())
    d["v"] = 1
    _raises(lambda: F.load(_S(), d), "saved by another version")
    d["v"] = "2"
    _raises(lambda: F.load(_S(), d), "saved by another version")
    d["v"] = True  # True == 1, never a version match by accident
    _raises(lambda: Fields(1, ("a",)).load(_S(), {"v": True, "a": 1}), "saved by another version")
    d = F.dump(_state())
    del d["v"]
    _raises(lambda: F.load(_S(), d), "saved by another version")
    d = F.dump(_state())
    del d["c"]
    _raises(lambda: F.load(_S(), d), "c missing")


def test_load_does_not_touch_obj_when_a_field_is_missing():
    d = F.dump(_state())
    del d["f"]
    t = _S()
    try:
        F.load(t, d)
    except storage.BadData:
        pass
    assert not hasattr(t, "a")


def test_load_ignores_extra_keys_and_judges_no_values():
    d = F.dump(_state())
    d["zz"] = 1
    d["a"] = "not an int"
    t = F.load(_S(), d)
    assert t.a == "not an int" and not hasattr(t, "zz")


def test_copy_is_deep_and_returns_dst():
    s = _state()
    t = _S()
    assert F.copy(s, t) is t
    for n in F.names:
        assert getattr(t, n) == getattr(s, n)
    t.b[1]["x"].append(1)
    t.c[1].append(1)
    assert s.b[1]["x"] == [4] and s.c[1] == [2, 3]


def test_bad_data_is_storage_bad_data():
    assert state_io.BadData is storage.BadData


class _Init:
    def __init__(self):
        raise AssertionError("__init__ must not run")


def test_blank_object_without_init_works_on_both_runtimes():
    # the way the docstring tells games to make a blank state for clone/load
    t = object.__new__(_Init)
    assert type(t) is _Init
    F.copy(_state(), t)
    assert t.b == [[1, 2], {"x": [4]}]

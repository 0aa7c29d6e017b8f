"""A record whose list may shrink (a move log, the roller's history) keeps
exactly the longest run of its newest items that fits the inline budget, with
"(earlier moves not kept)" first when lines were left out; measured a line at
a time, the text made once (storage.encode)."""
import json

from dicebox.core import rng, storage


def text_with(name, data, trim, k):
    """The record's text with the ``k`` oldest items of ``data[trim]`` left out."""
    d = dict(data)
    d[trim] = storage.trimmed(data[trim], k)
    return json.dumps([storage.FMT, name, 1, storage.pack(d)], separators=storage.SEP)


def fewest_out(name, data, trim):
    """By brute force: the fewest oldest items to leave out for the text to fit."""
    for k in range(len(data[trim]) + 1):
        if len(text_with(name, data, trim, k)) <= storage.INLINE:
            return k
    return len(data[trim])


def test_the_longest_newest_run_that_fits_is_kept():
    r = rng.seeded(7)
    tried = cut = 0
    for case in range(60):
        n = r.randbelow(30)
        log = []
        for i in range(n):
            w = r.randbelow(60) + 1
            log.append(("~" if r.randbelow(9) == 0 else "") + "move %d " % i + "x" * w)
        if n and r.randbelow(4) == 0:
            log[0] = storage.EARLIER          # a resumed log that was cut before
        data = {"state": {"a": r.randbelow(50), "dice": [1, 2, 3]}, "seats": [0, 3], "log": log}
        text, dropped = storage.encode("pig", data, 1, "log")
        want = fewest_out("pig", data, "log")
        assert dropped == want, (case, dropped, want)
        assert len(text) <= storage.INLINE or dropped == len(log)
        got = storage.unpack(json.loads(text)[3])
        assert got["state"] == data["state"] and got["seats"] == data["seats"]
        assert storage.kept_tail(got["log"], log), (got["log"], log)
        if dropped:
            assert got["log"][0] == storage.EARLIER
            cut += 1
        tried += 1
    assert cut >= 10 and tried - cut >= 5, (cut, tried)


def test_a_list_of_numbers_keeps_its_newest_items_without_a_marker():
    hist = [[r % 6 + 1, (r * 7) % 6 + 1, 12] for r in range(80)]
    data = {"history": hist, "set": "2d6"}
    text, dropped = storage.encode("roller", data, 1, "history")
    assert 0 < dropped < 80 and len(text) <= storage.INLINE
    got = storage.unpack(json.loads(text)[3])["history"]
    assert got == hist[dropped:]
    assert dropped == fewest_out("roller", data, "history")


def test_nothing_to_trim_is_the_whole_record():
    data = {"log": ["a", "b"], "n": 3}
    text, dropped = storage.encode("pig", data, 1, "log")
    assert dropped == 0 and storage.unpack(json.loads(text)[3]) == data
    big = {"log": ["x" * 40] * 20, "n": 3}
    assert storage.encode("pig", big, 1)[1] == 0          # no trim named: all of it


def test_a_record_encoded_ahead_is_written_as_save_would_write_it():
    """``storage.Encoded`` (a table's save spread over frames) makes the text
    ``save`` would make; ``save(name, Encoded(...))`` writes exactly it, and a
    store in RAM keeps what the file would hold (the log trimmed)."""
    from test_storage import fresh
    from dicebox.core.memstore import MemoryStore
    data = {"state": [1, 2, 3], "log": ["line %d of the moves so far" % i for i in range(40)]}
    plain, ahead = fresh(), fresh()
    assert plain.save("game", data, trim="log")
    enc = storage.Encoded("game", data, 1, "log")
    assert enc.text == storage.encode("game", data, 1, "log")[0]
    assert ahead.save("game", enc)
    with open(plain.path("game")) as f:
        want = f.read()
    with open(ahead.path("game")) as f:
        assert f.read() == want == enc.text
    assert ahead.load("game", None) == plain.load("game", None)
    mem = MemoryStore()
    assert mem.save("game", enc)
    got = mem.load("game", None)
    assert got == plain.load("game", None) and got["log"][0] == storage.EARLIER

"""The game log (core/gamelog.py): its numbers, text and checksum; the
recorder refuses what it cannot log; a damaged header or a step the rules
refuse is BadData with its reason. Each title's games, replayed, sized and
damaged: tests/portable/test_gamelog_<game>.py (one game's bots in a
MicroPython heap at a time)."""
from dicebox.core import gamelog, logreplay
from dicebox.core.valid import BadData
from check import raises
import logged


def test_what_cannot_be_logged_is_refused():
    from dicebox.games.dairyman import rules as D
    from dicebox.games.milestones import rules as M
    st = D.State(2)
    rec = gamelog.Recorder("dairyman", [0, 1], st)
    raises(ValueError, gamelog.Recorder, "dairyman", [0, 1, 1], st)     # 3 seats, 2 players
    raises(ValueError, gamelog.Recorder, "dairyman", [0, 9], st)        # no such kind
    raises(ValueError, gamelog.Recorder, "chess", [0, 1], st)
    assert gamelog.Recorder("Dairyman", [0, 1], st).title == "dairyman"     # a table's GAME
    st.apply_chance([0] * len(st.chance_request()))
    raises(ValueError, gamelog.Recorder, "dairyman", [0, 1], st)        # not a new game
    n = rec.size()
    for a in (("dance",), ("lock", (1, 16)), ("lock", (1, "2")), ("claim", (300,)), ("flip",),
              ("fail", 1), ("reroll", tuple(range(16)))):
        raises(ValueError, rec.action, 0, a)
        assert rec.size() == n, a          # nothing half-written
    raises(ValueError, rec.action, 7, ("fail",))
    raises(ValueError, rec.chance, [255])
    raises(ValueError, rec.chance, [0] * 64)
    m = gamelog.Recorder("milestones", [0, 0], M.State(2))
    raises(ValueError, m.action, 0, ("claim", 1, 0))       # the seat is the claim's
    m.action(0, ("time", 5))                               # the clock is no seat's
    m.action(1, ("time", 50))
    m.flush()
    assert m.buf[-2:] == bytes((5, 50))                    # one time step, no seat: +50
    raises(ValueError, m.action, None, ("pause", 10))      # the clock went back
    m.action(None, ("resume", 10))                         # a resume may: a new clock
    raises(ValueError, gamelog.Recorder("mildred", [0, 0], _mildred()).action, 0,
           ("take", "dice"))


def _mildred():
    from dicebox.games.mildred import rules
    return rules.State()


def test_the_encoding_of_numbers_and_text():
    assert gamelog.crc16(b"123456789") == 0x29B1           # CRC-16/CCITT-FALSE's check value
    for data in (b"", b"a", b"ab", b"abc", bytes(range(256))):
        t = gamelog.to_text(data)
        assert logreplay.from_text(t) == data
        for c in t:
            assert c.isalpha() or c.isdigit() or c in "-_"
    for bad in ("A", "AB=", "ab+c", "a b", "AB", "#AAA"):   # "AB": stray bits
        raises(BadData, logreplay.from_text, bad)
    assert logreplay.from_text("AA") == b"\x00"
    b = bytearray()
    for x in (0, 1, 127, 128, 300, 1 << 34):
        gamelog.put_uint(b, x)
    for x in (0, -1, 1, -300, 5000):
        gamelog.put_sint(b, x)
    r = gamelog.Reader(b, 0, len(b))
    assert [r.uint() for _ in range(6)] == [0, 1, 127, 128, 300, 1 << 34]
    assert [r.sint() for _ in range(5)] == [0, -1, 1, -300, 5000]
    raises(BadData, r.byte)
    raises(BadData, gamelog.Reader(b"\x80\x00", 0, 2).uint)       # padded
    raises(BadData, gamelog.Reader(b"\xff" * 6, 0, 6).uint)       # too long
    for vals in ([], [5], [0, 1, 2, 3, 4, 5] * 3, list(range(21, -1, -1)), [254, 0], [6] * 63):
        b = bytearray()
        gamelog.put_chance(b, vals)
        r = gamelog.Reader(b, 1, len(b))
        assert logreplay.read_chance(r, b[0]) == vals and r.pos == len(b)
    b = bytearray()
    gamelog.put_chance(b, [5] * 11)
    assert len(b) == 5                      # 11 dice: the tag and 6**11 in 4 bytes
    raises(BadData, logreplay.read_chance, gamelog.Reader(b"\xff\xff\xff", 0, 3), 0xC0 | 9)  # > 6**9
    raises(BadData, logreplay.read_chance, gamelog.Reader(b"\x07\x00", 0, 2), 0x81)  # base 7, a 0


def test_a_damaged_header_is_refused_with_its_reason():
    g = logged.mildred(2, (1, 1))
    good = g.blob

    body = bytearray(good[:-2])
    cases = {"version": (0, 2), "game": (1, 3), "seats": (2, 3)}
    for why, (i, v) in cases.items():
        d = bytearray(body)
        d[i] = v
        e = raises(BadData, logreplay.decode, logged.sealed(d))
        assert why in str(e), (why, str(e))
    d = bytearray(body)
    d[3] = 5
    assert "kind" in str(raises(BadData, logreplay.decode, logged.sealed(d)))
    assert "checksum" in str(raises(BadData, logreplay.decode, good[:-1] + b"\x00"))
    for bad in (b"", b"\x01\x01", None, 5, [1, 2], "", "!!!!", good[:-2]):
        raises(BadData, logreplay.decode, bad)
    d = bytearray(body)
    d.extend((0x10 | 15, 0))               # P1 passes (no fields) after the game's end
    assert "seat not to move" in str(raises(BadData, logreplay.decode, logged.sealed(d)))
    # the recorder writes what it is given; reading it back judges it
    from dicebox.games.dairyman import rules
    rec = gamelog.Recorder("dairyman", [0, 1], rules.State(2))
    rec.chance(list(range(20, -1, -1)))
    rec.chance([4] * 8)                    # eight 5s
    rec.action(0, ("claim", (0,)))
    e = raises(BadData, logreplay.decode, rec.encode(), False)
    assert str(e) == "a step the rules refuse: lock a set first", str(e)
    rec = gamelog.Recorder("dairyman", [0, 1], rules.State(2))
    rec.chance([0] * 20)                   # one number short of a shuffle
    assert "refuse" in str(raises(BadData, logreplay.decode, rec.encode(), False))

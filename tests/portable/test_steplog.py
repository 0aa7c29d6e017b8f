"""A game's steps during play (core/steplog.py) and read back
(core/gamelogs.each_step): every step comes back as it went in, wherever the
400-character records cut it; a clock action is kept as the last of a run; a
failed write stops the log (-1), never the game; a step the reader does not
know (a number that is not whole) is refused when the steps are read."""
import gc
from dicebox.core import gamelogs, steplog, tablepages
from dicebox.core.game import CHANCE
from dicebox.core.memstore import MemoryStore

STEPS = [(CHANCE, [0, 5, 3, 2, 1, 4]), (0, ("lock", (1, 2))), (1, ("reroll", ())),
         (0, ("take", "prank")), (1, ("fail",)), (None, ("pause", 123456)),
         (0, ("mod", 2, -1, 1)), (1, ("ind", 5, (1, 1, -3))), (CHANCE, [200, 7]),
         (0, ("claim", (13, 2, 255))), (1, ("big", -70, 1 << 30))]


def back(store, st):
    return list(gamelogs.each_step(store, st))


def test_every_step_comes_back_wherever_the_records_cut_it():
    for pad in range(0, 40, 3):
        gc.collect()
        store = MemoryStore()
        st = steplog.Steps("game", 7)
        want = []
        for i in range(pad):                       # moves the cuts along the steps
            st.add(0, ("x", i))
            want.append((0, ("x", i)))
        for _ in range(16):
            for seat, item in STEPS:
                st.add(seat, item)
                want.append((seat, tuple(item) if seat != CHANCE else list(item)))
            n = st.write(store)
            assert n == st.done * steplog.CHUNK + len(st.text)
        assert st.done >= 4 and len(st.text) < steplog.CHUNK
        assert back(store, st) == want, pad
        # resumed from its save: the same steps
        again = tablepages.open_steps(store, "game", {"logn": n, "lid": 7})
        assert back(store, again) == want


def test_a_run_of_clock_actions_is_kept_as_its_last():
    store = MemoryStore()
    st = steplog.Steps("game", 1)
    for t in (100, 200, 300):
        st.add(None, ("time", t))
    st.add(0, ("roll", 63))
    st.add(None, ("time", 400))
    st.add(None, ("time", 450))
    assert back(store, st) == [(None, ("time", 300)), (0, ("roll", 63)), (None, ("time", 450))]


def test_a_step_the_reader_does_not_know_or_a_failed_write_stops_the_log():
    store = MemoryStore()
    for odd in (("lock", 1.5), ("lock", True), ("lock", {1: 2}), ("lock", "a;b")):
        st = steplog.Steps("game", 1)
        st.add(0, ("claim", (1,)))
        st.add(0, odd)
        try:
            back(store, st)
            raise AssertionError("%r was read back" % (odd,))
        except gamelogs.BadData:
            pass
    st = steplog.Steps("game", 1)
    st.add(0, ("lock", (1, 2)))
    store.fail_writes = True
    assert st.write(store) == -1 and st.broken
    assert tablepages.open_steps(store, "game", {"logn": -1, "lid": 1}) is None


def test_another_games_record_or_a_missing_one_is_refused():
    store = MemoryStore()
    st = steplog.Steps("game", 3)
    for i in range(80):
        st.add(0, ("x", i))          # 10 to 11 characters a step: two records
    st.write(store)
    assert st.done >= 1
    other = steplog.Steps("game", 4, st.done, st.text)
    try:
        back(store, other)
        raise AssertionError("another game's records were read")
    except gamelogs.BadData:
        pass
    store.delete(tablepages.chunk_name("game", 0))
    try:
        back(store, st)
        raise AssertionError("a missing record was not noticed")
    except gamelogs.BadData:
        pass

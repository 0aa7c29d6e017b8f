from dicebox.core.movelog import MAX, MoveLog


def test_log_is_bounded_and_recap_gives_only_unseen_lines():
    log = MoveLog()
    mark = log.count
    for i in range(MAX + 10):
        log.add("move %d" % i)
    assert len(log.lines) == MAX and log.lines[-1] == "move %d" % (MAX + 9)
    assert log.since(mark) == log.lines  # more than kept: all that is kept
    mark = log.count
    log.add("P2 rolled")
    log.add("P3 passed")
    assert log.since(mark) == ["P2 rolled", "P3 passed"]
    assert log.since(log.count) == []


def test_saved_list_is_checked():
    log = MoveLog(["a", 5, None, "b" * 300])
    assert log.lines == ["a", "b" * 120]
    assert MoveLog("junk").lines == [] and MoveLog(None).count == 0


def test_a_long_move_wraps_with_an_indent_so_moves_stay_apart():
    from dicebox.core.movelog import layout
    got = layout(["P1 locked 4+4y+2 in barn 1: 20", "P2 passed"])
    assert got[0].startswith("P1") and got[1].startswith(" ") and got[-1] == "P2 passed"
    assert all(len(line) <= 15 for line in got)

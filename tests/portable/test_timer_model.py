from check import raises
from dicebox.apps import timer_model as tm

# ---- sand timer ----------------------------------------------------------

def test_sand_default_three_minutes_ready():
    t = tm.SandTimer()
    assert t.total() == 180000 == tm.SAND_DEFAULT
    assert t.state(0) == tm.READY
    assert t.left(10 ** 6) == 180000
    assert not t.running(0)


def test_first_flip_starts_full_later_flips_swap():
    t = tm.SandTimer(60000, now=0)
    t.flip(1000)
    assert t.state(1000) == tm.RUNNING
    assert t.left(21000) == 40000
    t.flip(21000)  # 40 s left, 20 s run -> 20 s left
    assert t.left(21000) == 20000 and t.ran(21000) == 40000
    assert t.left(31000) == 10000
    assert t.flips == 1


def test_sand_pause_resume():
    t = tm.SandTimer(60000)
    t.flip(0)
    t.toggle_pause(10000)
    assert t.state(10000) == tm.PAUSED
    assert t.left(500000) == 50000
    t.toggle_pause(500000)
    assert t.state(500000) == tm.RUNNING
    assert t.left(505000) == 45000


def test_toggle_pause_on_ready_starts():
    t = tm.SandTimer(60000)
    t.toggle_pause(0)
    assert t.state(1) == tm.RUNNING


def test_flip_while_paused_runs_again():
    t = tm.SandTimer(60000)
    t.flip(0)
    t.pause(15000)
    t.flip(30000)
    assert t.state(30000) == tm.RUNNING and t.left(30000) == 15000


def test_done_alarm_once_then_ack_and_flip_restarts_full():
    t = tm.SandTimer(10000)
    t.flip(0)
    assert not t.update(9999)
    assert t.update(10000)
    assert t.alarm and t.state(10000) == tm.DONE
    assert not t.update(10033)       # reported once
    assert t.state(20000) == tm.DONE
    t.ack()
    assert not t.alarm
    t.flip(30000)                    # all the sand is in the bottom: full again
    assert t.left(30000) == 10000 and t.state(30001) == tm.RUNNING


def test_late_update_still_reports_done():
    t = tm.SandTimer(10000)
    t.flip(0)
    assert t.update(50000) and t.left(50000) == 0


def test_flip_clears_alarm():
    t = tm.SandTimer(5000)
    t.flip(0)
    t.update(6000)
    t.flip(7000)
    assert not t.alarm


def test_adjust_length():
    t = tm.SandTimer()
    t.flip(0)
    t.set_total(90000, 5000)
    assert t.state(5000) == tm.READY and t.left(9000) == 90000
    raises(tm.TimerError, t.set_total, 4999, 0)
    raises(tm.TimerError, t.set_total, 6000000, 0)
    raises(tm.TimerError, tm.SandTimer, 100)


def test_fill_fraction():
    t = tm.SandTimer(60000)
    assert t.fill(0, 100) == 100
    t.flip(0)
    assert t.fill(15000, 100) == 75
    assert t.fill(60000, 100) == 0


def test_sand_save_resumes_paused_at_saved_value():
    t = tm.SandTimer(60000)
    t.flip(0)
    d = t.to_dict(20000)
    t2 = tm.SandTimer.from_dict(d, 10 ** 7)   # device was off a long time
    assert t2.state(10 ** 7) == tm.PAUSED
    assert t2.left(10 ** 7 + 5000) == 40000
    t2.resume(10 ** 7)
    assert t2.left(10 ** 7 + 5000) == 35000


def test_sand_save_keeps_ready_and_done():
    t = tm.SandTimer(60000)
    assert tm.SandTimer.from_dict(t.to_dict(0), 5).state(5) == tm.READY
    t.flip(0)
    t.update(70000)
    t2 = tm.SandTimer.from_dict(t.to_dict(70000), 0)
    assert t2.state(0) == tm.DONE and t2.alarm


def test_sand_from_dict_rejects_damage():
    raises(tm.TimerError, tm.SandTimer.from_dict, {"total": 1, "left": 0, "running": 0}, 0)
    raises(tm.TimerError, tm.SandTimer.from_dict, {"total": 60000, "left": 70000, "running": 0}, 0)


def test_clock_text():
    assert tm.clock_text(180000) == "3:00"
    assert tm.clock_text(59001) == "1:00"
    assert tm.clock_text(59000) == "0:59"
    assert tm.clock_text(1) == "0:01"
    assert tm.clock_text(0) == "0:00"
    assert tm.clock_text(3723000) == "1:02:03"


# ---- turn clock ----------------------------------------------------------

def test_turn_clock_ready_then_first_pass_starts_player_one():
    c = tm.TurnClock(3, 60000)
    assert c.state(0) == tm.READY
    assert c.pass_turn(1000) == 0
    assert c.state(1000) == tm.RUNNING
    assert c.left(0, 11000) == 50000
    assert c.left(1, 11000) == 60000


def test_choose_who_starts():
    c = tm.TurnClock(4, 60000)
    c.set_first(2)
    assert c.pass_turn(0) == 2 and c.state(0) == tm.RUNNING
    assert c.pass_turn(1000) == 3
    raises(tm.TimerError, c.set_first, 0)
    raises(tm.TimerError, tm.TurnClock(3).set_first, 3)


def test_pass_moves_on_and_charges_only_the_player_on_the_clock():
    c = tm.TurnClock(3, 60000)
    c.start(0)
    assert c.pass_turn(10000) == 1
    assert c.pass_turn(30000) == 2
    assert c.pass_turn(35000) == 0
    assert [c.left(i, 35000) for i in range(3)] == [50000, 40000, 55000]
    assert c.turns == [1, 1, 1]


def test_increment_added_when_passing():
    c = tm.TurnClock(2, 60000, inc=5000)
    c.start(0)
    c.pass_turn(10000)
    assert c.left(0, 10000) == 55000
    c.pass_turn(12000)
    assert c.left(1, 12000) == 63000


def test_turn_clock_pause_resume():
    c = tm.TurnClock(2, 60000)
    c.start(0)
    c.toggle_pause(10000)
    assert c.state(10000) == tm.PAUSED
    assert c.left(0, 99999) == 50000
    c.toggle_pause(100000)
    assert c.left(0, 110000) == 40000


def test_pass_while_paused_runs_next_player():
    c = tm.TurnClock(2, 60000)
    c.start(0)
    c.pause(10000)
    assert c.pass_turn(50000) == 1
    assert c.state(50000) == tm.RUNNING
    assert c.left(0, 60000) == 50000 and c.left(1, 60000) == 50000


def test_timeout_flags_and_others_continue_skipping_the_flagged_player():
    c = tm.TurnClock(3, 10000, policy=tm.CONTINUE)
    c.start(0)
    c.pass_turn(2000)            # p0 8 s left, p1 on
    assert not c.update(11999)
    assert c.update(12000)       # p1 out
    assert c.flagged == [False, True, False] and c.alarm
    assert c.state(12000) == tm.FLAGGED
    assert c.left(1, 12000) == 0
    c.ack()
    assert c.pass_turn(13000) == 2
    assert c.turns[1] == 0       # a flagged player's turn does not count
    assert c.pass_turn(14000) == 0
    assert c.pass_turn(15000) == 2  # p1 skipped
    assert c.state(15000) == tm.RUNNING


def test_flag_stop_policy_ends_the_clock():
    c = tm.TurnClock(4, 5000, policy=tm.STOP)
    c.start(0)
    assert c.update(6000)
    assert c.state(6000) == tm.OVER
    raises(tm.TimerError, c.pass_turn, 7000)


def test_last_player_on_time_ends_the_clock():
    c = tm.TurnClock(2, 5000)
    c.start(0)
    c.update(5000)
    assert c.state(5000) == tm.OVER and c.active() == 1


def test_pass_after_running_out_unnoticed_flags_first():
    c = tm.TurnClock(3, 5000)
    c.start(0)
    assert c.pass_turn(9000) == 1    # p0 ran out before the pass: flagged, no increment
    assert c.flagged[0] and c.left(0, 9000) == 0
    assert c.turns[0] == 0


def test_pause_does_nothing_when_flagged_or_ready():
    c = tm.TurnClock(3, 5000)
    c.toggle_pause(0)
    assert c.state(0) == tm.READY
    c.start(0)
    c.update(5000)
    c.toggle_pause(6000)
    assert c.state(6000) == tm.FLAGGED


def test_turn_clock_limits():
    raises(tm.TimerError, tm.TurnClock, 1)
    raises(tm.TimerError, tm.TurnClock, 7)
    raises(tm.TimerError, tm.TurnClock, 2, 0)
    raises(tm.TimerError, tm.TurnClock, 2, 60000, -1)
    raises(tm.TimerError, tm.TurnClock, 2, 60000, 0, 9)
    c = tm.TurnClock(6, 60000)
    raises(tm.TimerError, c.start, 0, 6)
    c.start(0, 5)
    assert c.cur == 5
    raises(tm.TimerError, c.start, 0)


def test_turn_clock_save_resumes_paused_not_charging_the_gap():
    c = tm.TurnClock(3, 60000, inc=2000)
    c.start(0)
    c.pass_turn(10000)
    d = c.to_dict(25000)       # p1 has used 15 s
    c2 = tm.TurnClock.from_dict(d, 9 * 10 ** 6)
    assert c2.state(9 * 10 ** 6) == tm.PAUSED
    assert c2.cur == 1
    assert [c2.left(i, 9 * 10 ** 6 + 999) for i in range(3)] == [52000, 45000, 60000]
    c2.resume(9 * 10 ** 6)
    assert c2.left(1, 9 * 10 ** 6 + 1000) == 44000
    assert c2.to_dict(9 * 10 ** 6)["turns"] == [1, 0, 0]


def test_turn_clock_save_keeps_flags_and_over():
    c = tm.TurnClock(3, 5000)
    c.start(0)
    c.update(5000)
    c2 = tm.TurnClock.from_dict(c.to_dict(6000), 0)
    assert c2.flagged == [True, False, False] and c2.state(0) == tm.FLAGGED
    assert c2.pass_turn(1) == 1
    c3 = tm.TurnClock(2, 5000, policy=tm.STOP)
    c3.start(0)
    c3.update(9000)
    assert tm.TurnClock.from_dict(c3.to_dict(9000), 0).state(0) == tm.OVER


def test_turn_clock_from_dict_rejects_damage():
    c = tm.TurnClock(3, 5000)
    d = c.to_dict(0)
    d["bank"] = [1, 2]
    raises(tm.TimerError, tm.TurnClock.from_dict, d, 0)
    d = c.to_dict(0)
    d["cur"] = 3
    raises(tm.TimerError, tm.TurnClock.from_dict, d, 0)
    d = c.to_dict(0)
    d["n"] = 9
    raises(tm.TimerError, tm.TurnClock.from_dict, d, 0)
    d = c.to_dict(0)
    d["turns"] = [0, "x", 0]
    raises(tm.TimerError, tm.TurnClock.from_dict, d, 0)


def test_reset_turn_clock():
    c = tm.TurnClock(2, 5000, inc=1000)
    c.start(0)
    c.update(5000)
    c.reset(6000)
    assert c.state(6000) == tm.READY and c.flagged == [False, False]
    assert c.left(0, 7000) == 5000

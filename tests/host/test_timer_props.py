"""Properties of the timer models under random button sequences (CPython, hypothesis)."""
import json

from dicebox.apps import timer_model as tm
from hypothesis import given, settings
from hypothesis import strategies as st

ops = st.lists(st.tuples(st.sampled_from(["flip", "pause", "resume", "toggle", "update", "save"]),
                         st.integers(0, 90000)), max_size=40)


@given(st.integers(tm.SAND_MIN, 600000), ops)
@settings(max_examples=300, deadline=None)
def test_sand_is_conserved(total, seq):
    t = tm.SandTimer(total)
    now = 0
    for op, dt in seq:
        now += dt
        left = t.left(now)
        assert 0 <= left <= total
        assert left + t.ran(now) == total
        if op == "flip":
            was = left
            started = t.started
            t.flip(now)
            assert t.left(now) == (total - was if started else was)
            assert t.state(now) in (tm.RUNNING, tm.DONE)
        elif op == "pause":
            t.pause(now)
            assert t.left(now + 12345) == left
        elif op == "resume":
            t.resume(now)
        elif op == "toggle":
            t.toggle_pause(now)
        elif op == "update":
            t.update(now)
            if t.alarm:
                assert t.left(now) == 0 or t.state(now) != tm.RUNNING
        else:
            t2 = tm.SandTimer.from_dict(json.loads(json.dumps(t.to_dict(now))), 10 ** 8)
            assert t2.left(10 ** 8) == left
            assert t2.state(10 ** 8) != tm.RUNNING
            t = t2
            now = 10 ** 8


clock_ops = st.lists(st.tuples(st.sampled_from(["pass", "toggle", "update", "save"]),
                               st.integers(0, 40000)), max_size=60)


@given(st.integers(2, 6), st.integers(1000, 120000), st.integers(0, 10000),
       st.sampled_from([tm.CONTINUE, tm.STOP]), clock_ops)
@settings(max_examples=300, deadline=None)
def test_turn_clock_charges_only_the_player_on_the_clock(n, base, inc, policy, seq):
    c = tm.TurnClock(n, base, inc, policy)
    now = 0
    for op, dt in seq:
        before = [c.left(i, now) for i in range(n)]
        cur = c.cur
        running = c.running
        now += dt
        after = [c.left(i, now) for i in range(n)]
        for i in range(n):
            if i != cur or not running:
                assert after[i] == before[i]
            else:
                assert after[i] == max(0, before[i] - dt)
        st_ = c.state(now)
        if op == "pass":
            if st_ == tm.OVER:
                try:
                    c.pass_turn(now)
                    assert False, "pass after over"
                except tm.TimerError:
                    pass
                continue
            was = [c.left(i, now) for i in range(n)]
            prev = c.cur
            c.pass_turn(now)
            if c.state(now) != tm.OVER:
                assert not c.flagged[c.cur]
            for i in range(n):
                got = c.left(i, now)
                if i == prev and st_ != tm.READY and not c.flagged[i]:
                    assert got == was[i] + inc   # the increment, added when passing
                else:
                    assert got == was[i]         # nobody else's time moves
        elif op == "toggle":
            was = [c.left(i, now) for i in range(n)]
            c.toggle_pause(now)
            assert [c.left(i, now) for i in range(n)] == was
        elif op == "update":
            c.update(now)
        else:
            c = tm.TurnClock.from_dict(json.loads(json.dumps(c.to_dict(now))), 0)
            now = 0
            assert not c.running
        # invariants
        assert sum(1 for f in c.flagged if f) == n - c.active()
        for i in range(n):
            if c.flagged[i]:
                assert c.left(i, now) == 0
        if c.active() < 2 and any(c.flagged):
            assert c.over
        if policy == tm.STOP and any(c.flagged):
            assert c.over

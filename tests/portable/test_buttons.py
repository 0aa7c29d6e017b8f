from dicebox.core import events
from dicebox.core.buttons import Buttons
from hwdrive import drain
from check import allocated_by

A = 1 << events.A
UP = 1 << events.UP
B = 1 << events.B


def ev(kind, b):
    return events.make(kind, b)


def started(t=0):
    bt = Buttons()
    bt.poll(0, t)        # first poll: nothing down
    return bt


def run(bt, trace, step=1):
    """trace: list of (t_from, t_to, mask); polls every `step` ms."""
    out = []
    for t0, t1, mask in trace:
        t = t0
        while t < t1:
            bt.poll(mask, t)
            out.extend(drain(bt))
            t += step
    return out


def test_clean_press_and_release():
    bt = started()
    bt.poll(A, 100)
    assert bt.pressed == A and bt.down == A
    bt.poll(0, 200)
    assert bt.released == A and bt.down == 0
    assert drain(bt) == [ev(events.PRESS, events.A), ev(events.RELEASE, events.A)]
    assert bt.next() == 0


def test_bouncy_contacts_give_one_press_and_one_release():
    bt = started()
    # polled every ms: 6 ms of bounce on press and on release
    press_bounce = [(100 + i, 101 + i, A if i % 2 == 0 else 0) for i in range(6)]
    release_bounce = [(300 + i, 301 + i, 0 if i % 2 == 0 else A) for i in range(6)]
    out = run(bt, press_bounce + [(106, 300, A)] + release_bounce + [(306, 400, 0)])
    assert out == [ev(events.PRESS, events.A), ev(events.RELEASE, events.A)]


def test_a_change_within_debounce_time_waits_for_later_poll():
    bt = started()
    bt.poll(A, 100)
    bt.poll(0, 110)      # too soon after the press: ignored
    assert bt.down == A
    bt.poll(0, 126)      # 26 ms later: accepted
    assert bt.down == 0
    assert drain(bt) == [ev(events.PRESS, events.A), ev(events.RELEASE, events.A)]


def test_frame_rate_polling_press_is_seen_in_the_first_frame():
    bt = started()
    bt.poll(0, 33)
    bt.poll(A, 66)
    assert bt.pressed == A
    assert drain(bt) == [ev(events.PRESS, events.A)]


def test_long_press_is_sent_once():
    bt = started()
    out = run(bt, [(100, 3000, A), (3000, 3100, 0)], step=33)
    assert out == [ev(events.PRESS, events.A), ev(events.LONG, events.A), ev(events.RELEASE, events.A)]


def test_short_press_has_no_long():
    bt = started()
    out = run(bt, [(100, 900, A), (900, 1000, 0)], step=10)
    assert ev(events.LONG, events.A) not in out


def test_up_repeats_after_delay_then_every_period():
    bt = started()
    times = []
    t = 100
    while t < 1100:
        bt.poll(UP, t)
        while True:
            e = bt.next()
            if not e:
                break
            if events.kind(e) == events.REPEAT:
                times.append(t)
        t += 10
    # first at 100 + 400, then every 120 ms: 500, 620, 740, 860, 980
    assert times == [500, 620, 740, 860, 980], times


def test_a_does_not_repeat():
    bt = started()
    out = run(bt, [(100, 2000, A)], step=20)
    assert ev(events.REPEAT, events.A) not in out


def test_late_poll_gives_one_repeat_not_a_burst():
    bt = started()
    bt.poll(UP, 100)
    bt.poll(UP, 2000)    # the loop stalled for 1.9 s
    out = drain(bt)
    assert out.count(ev(events.REPEAT, events.UP)) == 1
    bt.poll(UP, 2050)
    assert ev(events.REPEAT, events.UP) not in drain(bt)
    bt.poll(UP, 2120)
    assert drain(bt) == [ev(events.REPEAT, events.UP)]


def test_press_latched_during_sleep_is_not_lost():
    bt = started()
    bt.poll(0, 100)
    bt.poll(0, 400, latched=B)   # tapped and released while the loop slept
    assert drain(bt) == [ev(events.PRESS, events.B), ev(events.RELEASE, events.B)]
    assert bt.pressed == B
    bt.poll(0, 433)
    assert drain(bt) == []


def test_latched_bit_of_a_held_button_adds_nothing():
    bt = started()
    bt.poll(A, 100)
    bt.poll(A, 200, latched=A)
    assert drain(bt) == [ev(events.PRESS, events.A)]


def test_button_held_at_boot_is_ignored_and_reported_stuck():
    bt = Buttons()
    out = run(bt, [(0, 12000, UP | A)], step=33)
    assert out == []                         # no PRESS, LONG or REPEAT storm
    assert bt.stuck == UP | A
    out = run(bt, [(12000, 12100, 0)], step=33)
    assert out == [] and bt.stuck == 0       # release of an ignored press is silent
    out = run(bt, [(12100, 12200, A), (12200, 12300, 0)], step=33)
    assert out == [ev(events.PRESS, events.A), ev(events.RELEASE, events.A)]


def test_button_stuck_later_stops_repeating():
    bt = started()
    out = run(bt, [(100, 10100, UP)], step=33)
    assert bt.stuck == 0
    n = len(out)
    out = run(bt, [(10100, 20000, UP)], step=33)
    assert bt.stuck == UP
    assert len(out) < 3
    assert n > 50


def test_several_buttons_at_once():
    bt = started()
    bt.poll(A | B, 100)
    out = drain(bt)
    assert sorted(out) == sorted([ev(events.PRESS, events.A), ev(events.PRESS, events.B)])


def test_ring_overflow_drops_and_counts():
    bt = Buttons(queue=4)
    bt.poll(0, 0)
    for i in range(6):
        bt.poll(A, 100 + i * 100)
        bt.poll(0, 150 + i * 100)
    assert bt.pending() == 4 and bt.dropped == 8
    assert len(drain(bt)) == 4


def test_held_ms():
    bt = started()
    bt.poll(A, 100)
    assert bt.held_ms(events.A, 350) == 250
    assert bt.held_ms(events.B, 350) == 0


def test_poll_allocates_nothing_under_micropython():
    bt = started()
    for t in range(0, 3000, 33):
        bt.poll(UP if (t // 500) & 1 else A, t)
        while bt.next():
            pass

    def play():
        t = 3000
        while t < 9000:
            bt.poll(UP if (t // 700) & 1 else A | B, t, (t // 999) & 1)
            while bt.next():
                pass
            t += 33
    n = allocated_by(play)
    assert n in (0, None), n

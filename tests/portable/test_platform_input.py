"""Input that must not be lost: a second tap inside a long frame, fast taps,
a key on a dimmed screen, the other buttons after a stuck one and a sleep."""
from dicebox.core import events as E
from dicebox.core import ui
from dicebox.core import memstore
from dicebox.core.app import App
from dicebox.core.buttons import Buttons
from fakehw import FakeHW
from hwdrive import Probe, drain, frames, tap

A = 1 << E.A
B = 1 << E.B
PRESS_A = E.make(E.PRESS, E.A)
RELEASE_A = E.make(E.RELEASE, E.A)


def test_second_tap_inside_a_long_frame_is_a_press():
    bt = Buttons()
    bt.poll(0, 0)
    bt.poll(A, 100)
    assert drain(bt) == [PRESS_A]
    bt.poll(0, 600, latched=A)   # released, tapped again and released during a 500 ms frame
    assert drain(bt) == [RELEASE_A, PRESS_A, RELEASE_A]
    bt.poll(0, 633)
    assert drain(bt) == []


def test_retap_still_held_at_the_next_poll():
    bt = Buttons()
    bt.poll(0, 0)
    bt.poll(A, 100, latched=A)   # the press came with its latch (the device's normal case)
    assert drain(bt) == [PRESS_A]
    bt.poll(A, 700, latched=A)   # let go and pressed again during a long frame
    assert drain(bt) == [RELEASE_A, PRESS_A]
    bt.poll(0, 733)
    assert drain(bt) == [RELEASE_A]


def test_fast_taps_at_every_frame_length_each_give_one_press():
    # taps of one button, each pressed and released between two polls or
    # across them, polled every 33 ms or in long frames: one PRESS per tap
    for frame in (33, 100, 250, 600, 1000):
        bt = Buttons()
        bt.poll(0, 0)
        t = 0
        presses = 0
        taps = 0
        for i in range(40):
            t += frame
            if i % 3 == 0:           # a tap wholly inside the frame
                bt.poll(0, t, latched=A)
                taps += 1
            elif i % 3 == 1:         # pressed before the poll, held across it
                bt.poll(A, t, latched=A)
                taps += 1
            else:                    # released, tapped again, released inside the frame
                bt.poll(0, t, latched=A)
                taps += 1
            presses += drain(bt).count(PRESS_A)
        assert presses == taps, (frame, presses, taps)


def test_alternating_buttons_fast():
    bt = Buttons()
    bt.poll(0, 0)
    out = []
    t = 0
    for i in range(30):
        t += 40
        bt.poll(0, t, latched=A if i % 2 else B)
        out += drain(bt)
    assert out.count(PRESS_A) == 15 and out.count(E.make(E.PRESS, E.B)) == 15


def make():
    hw = FakeHW()
    app = App(hw, memstore.MemoryStore(), Probe)
    app.home()
    frames(hw, app, 1)
    return hw, app, app.top()


def test_first_key_on_a_dimmed_screen_acts_and_undims():
    hw, app, p = make()
    app.settings["dim_s"] = 5
    app.settings["sleep_s"] = 60
    frames(hw, app, 30 * 6)
    assert app.dimmed and hw.display.contrast_v == 1
    n = len(p.events)
    tap(hw, app, E.A)
    assert p.events[n:n + 1] == [PRESS_A]
    assert not app.dimmed and hw.display.contrast_v == 180


def test_after_sleep_a_stuck_button_does_not_mute_the_others():
    hw, app, p = make()
    app.settings["dim_s"] = 5
    app.settings["sleep_s"] = 20
    hw.mask = 1 << E.LEFT                 # stuck from now on
    frames(hw, app, 30 * 11)
    assert isinstance(app.top(), ui.Message) and app.top().title == "Button stuck?"
    app.pop()
    for _ in range(30 * 30):
        if hw.sleeps:
            break
        frames(hw, app, 1)
    assert hw.sleeps == 1                 # slept with the button still down
    frames(hw, app, 2)
    n = len(p.events)
    tap(hw, app, E.A)                     # may be eaten as the waking key ...
    tap(hw, app, E.A)                     # ... but the next one acts
    assert PRESS_A in p.events[n:]
    tap(hw, app, E.B)
    assert E.make(E.PRESS, E.B) in p.events[n:]


def test_waking_from_sleep_still_eats_the_waking_key():
    hw, app, p = make()
    app.settings["dim_s"] = 1
    app.settings["sleep_s"] = 2
    frames(hw, app, 30 * 3)
    assert hw.sleeps == 1
    hw.mask = A                           # the key that woke it, still down
    frames(hw, app, 2)
    n = len(p.events)
    hw.mask = 0
    frames(hw, app, 2)
    assert PRESS_A not in p.events[n:]
    tap(hw, app, E.A)
    assert PRESS_A in p.events[n:]

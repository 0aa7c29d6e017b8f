"""hw/pins.md and hal/board.py describe the same pins."""
import os
import re

from dicebox.hal import board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def doc_rows():
    rows = {}
    with open(os.path.join(ROOT, "hw", "pins.md")) as f:
        for line in f:
            m = re.match(r"\|\s*([A-Z0-9_]+)\s*\|\s*GP(\d+)\s*\|[^|]*\|\s*([^|]+?)\s*\|", line)
            if m:
                assert m.group(1) not in rows, "duplicate row " + m.group(1)
                rows[m.group(1)] = (int(m.group(2)), m.group(3))
    return rows


def test_doc_and_firmware_pin_tables_are_equal():
    doc = doc_rows()
    fw = {name: (gpio, fn) for name, gpio, fn in board.PINS}
    assert len(fw) == len(board.PINS)
    assert doc == fw


def test_table_matches_the_constants():
    for name, gpio, fn in board.PINS:
        assert getattr(board, name) == gpio, name


def test_no_gpio_used_twice_and_all_exist():
    gpios = [g for _, g, _ in board.PINS]
    assert len(set(gpios)) == len(gpios)
    assert all(0 <= g <= 29 for g in gpios)


def test_buses_use_valid_rp2040_pins():
    # I2C0 SDA/SCL on GPIO 4k/4k+1 (mod 4 == 0/1), I2C1 on 4k+2/4k+3
    assert board.DISPLAY_SDA % 4 == 0 and board.DISPLAY_SCL % 4 == 1 and board.DISPLAY_I2C == 0
    assert board.ACCEL_SDA % 4 == 2 and board.ACCEL_SCL % 4 == 3 and board.ACCEL_I2C == 1
    assert board.VSYS_ADC == 29 and board.LED == 25
    # six buttons, in events order
    from dicebox.core import events
    assert board.BUTTON_PINS[events.UP] == board.BTN_UP
    assert board.BUTTON_PINS[events.B] == board.BTN_B
    assert len(board.BUTTON_PINS) == events.NBUTTONS

"""The Dicebox pin map: the one place that names GPIOs (hw/pins.md shows the same table).

Raspberry Pi Pico (RP2040). Buttons switch to GND and use the internal
pull-ups, so a pressed button reads 0. ``machine`` is imported only inside
the functions, so this table can be read on the host.
"""
from micropython import const

# display: SSD1306 on I2C0
DISPLAY_I2C = const(0)
DISPLAY_SDA = const(4)
DISPLAY_SCL = const(5)
DISPLAY_ADDR = const(0x3C)
DISPLAY_FREQ = const(1000000)       # 1 MHz: a full frame in ~10 ms
DISPLAY_FREQ_SAFE = const(400000)   # fallback for panels that fail at 1 MHz

# accelerometer: LIS3DH on I2C1 (rated for 400 kHz, so on its own bus)
ACCEL_I2C = const(1)
ACCEL_SDA = const(2)
ACCEL_SCL = const(3)
ACCEL_FREQ = const(400000)
ACCEL_ADDRS = (0x18, 0x19)          # SDO/SA0 low, high
ACCEL_INT1 = const(22)              # motion interrupt, wakes from lightsleep

# buttons, in events.UP..events.B order
BTN_UP = const(10)
BTN_DOWN = const(11)
BTN_LEFT = const(12)
BTN_RIGHT = const(13)
BTN_A = const(14)
BTN_B = const(15)
BUTTON_PINS = (BTN_UP, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_A, BTN_B)

SHAKE_SWITCH = const(16)            # SW-18010P vibration switch to GND, pull-up
SWITCH_FITTED = True                # a normally-open switch cannot be detected: say so here
PIEZO = const(18)                   # passive piezo, PWM slice 1 channel A
SMPS_MODE = const(23)               # Pico: high = PWM mode, quieter ADC readings
VBUS_SENSE = const(24)              # Pico: high when USB power is present
LED = const(25)                     # Pico on-board LED
VSYS_ADC = const(29)                # Pico: VSYS / 3 on ADC3

# (signal, GPIO, direction/function) -- hw/pins.md has the same rows
PINS = (
    ("DISPLAY_SDA", DISPLAY_SDA, "I2C0 SDA"),
    ("DISPLAY_SCL", DISPLAY_SCL, "I2C0 SCL"),
    ("ACCEL_SDA", ACCEL_SDA, "I2C1 SDA"),
    ("ACCEL_SCL", ACCEL_SCL, "I2C1 SCL"),
    ("ACCEL_INT1", ACCEL_INT1, "input"),
    ("BTN_UP", BTN_UP, "input, pull-up"),
    ("BTN_DOWN", BTN_DOWN, "input, pull-up"),
    ("BTN_LEFT", BTN_LEFT, "input, pull-up"),
    ("BTN_RIGHT", BTN_RIGHT, "input, pull-up"),
    ("BTN_A", BTN_A, "input, pull-up"),
    ("BTN_B", BTN_B, "input, pull-up"),
    ("SHAKE_SWITCH", SHAKE_SWITCH, "input, pull-up"),
    ("PIEZO", PIEZO, "PWM1 A"),
    ("SMPS_MODE", SMPS_MODE, "output"),
    ("VBUS_SENSE", VBUS_SENSE, "input"),
    ("LED", LED, "output"),
    ("VSYS_ADC", VSYS_ADC, "ADC3"),
)


def display_bus(freq=DISPLAY_FREQ):
    from machine import I2C, Pin
    return I2C(DISPLAY_I2C, scl=Pin(DISPLAY_SCL), sda=Pin(DISPLAY_SDA), freq=freq)


def accel_bus(freq=ACCEL_FREQ):
    from machine import I2C, Pin
    return I2C(ACCEL_I2C, scl=Pin(ACCEL_SCL), sda=Pin(ACCEL_SDA), freq=freq)


def open_display(make_bus=display_bus, driver=None, log=None, max_freq=DISPLAY_FREQ):
    """Find and start the display: 1 MHz first, then 400 kHz.

    ``make_bus(freq)`` returns an I2C bus at that frequency; ``driver`` is the
    display class (default: hal.ssd1306.SSD1306); ``max_freq`` below 1 MHz
    (the "I2C speed" setting) skips the fast attempt. Returns (display, freq),
    or (None, 0) when no panel answers at either speed.
    """
    if driver is None:
        from dicebox.hal.ssd1306 import SSD1306 as driver
    for freq in (DISPLAY_FREQ, DISPLAY_FREQ_SAFE):
        if freq > max_freq:
            continue
        try:
            bus = make_bus(freq)
            if DISPLAY_ADDR not in bus.scan():
                if log:
                    log("display: nothing at 0x%02x at %d Hz" % (DISPLAY_ADDR, freq))
                continue
            d = driver(bus, DISPLAY_ADDR)
            d.fill(0)
            d.flush()
            return d, freq
        except OSError as e:
            if log:
                log("display: %d Hz failed: %r" % (freq, e))
    return None, 0

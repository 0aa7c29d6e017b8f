# Dicebox: what the board runs at boot.
#
# Hold B while powering on to stay at the REPL (safe mode, e.g. to recover a
# board). The watchdog runs only on battery: with USB power present the board
# may be talking to mpremote, and a watchdog that cannot be stopped would reset
# it in the middle of a copy.
import gc
from machine import Pin

from dicebox.hal import board

gc.collect()
if Pin(board.BTN_B, Pin.IN, Pin.PULL_UP).value() == 0:
    print("Dicebox: B held at power-on, staying at the REPL")
else:
    from dicebox.core import storage

    store = storage.Store("/data")
    settings = store.load("settings", {})
    khz = settings.get("i2c_khz", 1000) if isinstance(settings, dict) else 1000
    usb = Pin(board.VBUS_SENSE, Pin.IN).value()
    from dicebox.hal import device

    hw = device.boot(watchdog=not usb, i2c_khz=400 if khz == 400 else 1000)
    if hw is not None:
        from dicebox.core.app import App
        from dicebox.apps import menu

        app = App(hw, store, menu.home)
        app.run()

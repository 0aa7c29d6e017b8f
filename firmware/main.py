# Dicebox: what the board runs at boot.
#
# Hold B while powering on to stay at the REPL (safe mode, e.g. to recover a
# board). The watchdog runs only on battery: with USB power present the board
# may be talking to mpremote, and a watchdog that cannot be stopped would reset
# it in the middle of a copy.
#
# Nothing before the loop may raise: a boot that dies with the watchdog running
# resets and dies again for ever. The settings are read through the store and
# the same checker the app uses (a damaged, oversized or deeply nested file is
# set aside and the defaults used); if the storage itself fails, the console
# runs on a store in RAM and says so.
import gc
from machine import Pin

from dicebox.hal import board

gc.collect()
try:
    held_b = Pin(board.BTN_B, Pin.IN, Pin.PULL_UP).value() == 0
except Exception:  # a pin that cannot be read is not a held B
    held_b = False
if held_b:
    print("Dicebox: B held at power-on, staying at the REPL")
else:
    from dicebox.core import storage
    from dicebox.core.app import App
    from dicebox.core.settings_check import check_settings

    try:
        store = storage.Store("/data")
        settings = store.load("settings", None, check=check_settings)
    except Exception as e:  # the filesystem itself: run on RAM
        from dicebox.core.memstore import MemoryStore
        store = MemoryStore()
        store.problems.append("storage: %s, nothing will be saved" % type(e).__name__)
        settings = None
    del check_settings    # App forgets its module once it has the settings
    khz = settings["i2c_khz"] if isinstance(settings, dict) else 1000
    try:
        usb = Pin(board.VBUS_SENSE, Pin.IN).value()
    except Exception:
        usb = 0
    from dicebox.hal import device

    hw = device.boot(watchdog=not usb, i2c_khz=400 if khz == 400 else 1000)
    if hw is not None:
        from dicebox.apps import home   # the home menu (apps/menu.py), made again when play comes home

        try:
            app = App(hw, store, home)
        except Exception as e:
            device.log("app start: %r; settings and saves in RAM" % (e,))
            from dicebox.core.memstore import MemoryStore
            app = App(hw, MemoryStore(), home)
        app.run()

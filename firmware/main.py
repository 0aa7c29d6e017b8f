# Dicebox: what the board runs at boot.
import gc

gc.collect()
from dicebox.hal import device  # noqa: E402  (builds the framebuffer first: least fragmentation)

hw = device.boot()
if hw is not None:
    from dicebox.core import storage
    from dicebox.core.app import App
    from dicebox.apps import menu

    app = App(hw, storage.Store("/data"), menu.home)
    app.run()

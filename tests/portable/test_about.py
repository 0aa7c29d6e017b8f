import fakehw
from dicebox.apps import about
from dicebox.core.app import App
from dicebox.core.memstore import MemoryStore


def test_about_reports_a_dice_source_that_failed_after_boot():
    hw = fakehw.FakeHW()
    app = App(hw, MemoryStore())
    assert "Dice: fair" in about.text(app)

    class Failed:
        entropy_ok = False

    hw.entropy = Failed()  # the continuous health test failed in an idle frame
    assert "Dice: REFUSED" in about.text(app)


def test_about_names_the_dice_source():
    hw = fakehw.FakeHW()
    app = App(hw, MemoryStore())
    assert "Dice source: ring oscillator" in about.text(app)     # the device's own
    hw.entropy_source = "crypto.getRandomValues"                 # the browser edition
    assert "Dice source: crypto.getRandomValues" in about.text(app)

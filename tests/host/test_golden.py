"""Golden screenshots: every scripted scene must match tests/golden pixel for pixel.

The scenes run in the simulator (MicroPython unix port, the firmware's own
driver and drawing code, the panel decoded from the I2C stream). After an
intended change of the picture: `make goldens`, look at the diff, commit.
"""
import os
import tempfile

import pytest
from PIL import Image

import shots

GOLDEN = os.path.join(shots.ROOT, "tests", "golden")


def pixels(path):
    im = Image.open(path).convert("1")
    return im.size, bytes(im.tobytes())


@pytest.mark.parametrize("name", shots.scripts())
def test_scene_matches_golden(name):
    out = tempfile.mkdtemp(prefix="dicebox_golden_")
    made = shots.run_script(name, out, 1)
    assert made, "script %s took no screenshot" % name
    skip = shots.volatile(name)
    for path in made:
        if os.path.basename(path)[:-4] in skip:
            continue
        ref = os.path.join(GOLDEN, os.path.basename(path))
        assert os.path.exists(ref), "no golden for %s: run `make goldens`" % os.path.basename(path)
        size, got = pixels(path)
        rsize, want = pixels(ref)
        assert size == rsize == (128, 64)
        if got != want:
            diff = sum(bin(a ^ b).count("1") for a, b in zip(got, want))
            pytest.fail("%s differs from its golden in %d pixels" % (os.path.basename(path), diff))


def test_scenes_are_deterministic():
    a = tempfile.mkdtemp()
    b = tempfile.mkdtemp()
    name = shots.scripts()[0]
    pa = shots.run_script(name, a, 1)
    pb = shots.run_script(name, b, 1)
    assert [pixels(x) for x in pa] == [pixels(x) for x in pb]

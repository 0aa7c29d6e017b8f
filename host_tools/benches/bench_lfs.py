"""The chip's filesystem for the benchmarks: littlefs as the RP2040 port mounts
it, over a block device that counts what the flash would do.

Runs under the MicroPython unix port (its own ``os.VfsLfs2``). The image is a
file on the host (so it takes nothing of the heap being measured) with the
chip's geometry: 4 KB blocks, 352 of them (2 MB less the firmware's 640 KB),
mounted with ``progsize=256`` as rp2 does (littlefs then caches 1,024 B and
programs whole 256 B pages). Every erase and every page program is counted;
the host time spent in this Python block device is counted apart (``us``) so
the frame bench can take it off the frame: on the chip this is the flash's
own time, charged by the flash model (host_tools/benches/device_factors.py).

bench_frames.py mounts it under every scene's console. (host_tools/benches/bench_flash.py
is the saves' own benchmark and power-cut run, on a RAM image.)
"""
import os
import time

import device_factors as DF

IMAGE = "/tmp/dicebox_bench_flash.img"
MOUNT = "/flash"


class CountingFlash:
    """A littlefs block device (the extended interface: offsets within a
    block) over a host file, counting erases and 256 B page programs."""

    def __init__(self, path=IMAGE, blocks=DF.FLASH_BLOCKS):
        self.blocks = blocks
        self.f = open(path, "w+b")
        self.ff = b"\xff" * DF.PAGE_BYTES
        for _ in range(blocks * DF.BLOCK_BYTES // DF.PAGE_BYTES):
            self.f.write(self.ff)
        self.erases = 0
        self.pages = 0
        self.reads = 0
        self.us = 0

    def readblocks(self, block, buf, off=0):
        t0 = time.ticks_us()
        self.f.seek(block * DF.BLOCK_BYTES + off)
        self.f.readinto(buf)
        self.reads += 1
        self.us += time.ticks_diff(time.ticks_us(), t0)

    def writeblocks(self, block, buf, off=0):
        t0 = time.ticks_us()
        self.f.seek(block * DF.BLOCK_BYTES + off)
        self.f.write(buf)
        self.pages += (len(buf) + DF.PAGE_BYTES - 1) // DF.PAGE_BYTES
        self.us += time.ticks_diff(time.ticks_us(), t0)

    def ioctl(self, op, arg):
        if op == 4:           # block count
            return self.blocks
        if op == 5:           # block size
            return DF.BLOCK_BYTES
        if op == 6:           # erase a block
            t0 = time.ticks_us()
            self.f.seek(arg * DF.BLOCK_BYTES)
            for _ in range(DF.BLOCK_BYTES // DF.PAGE_BYTES):
                self.f.write(self.ff)
            self.erases += 1
            self.us += time.ticks_diff(time.ticks_us(), t0)
            return 0
        return 0


_DEV = []
_MOUNTED = []


def device():
    """The one counting device of this process."""
    if not _DEV:
        _DEV.append(CountingFlash())
    return _DEV[0]


def mount(path=MOUNT):
    """A freshly formatted littlefs at ``path`` (formatted again on every
    call: each scene starts from the same empty flash, so runs line up);
    returns the counting device."""
    dev = device()
    if _MOUNTED:
        os.umount(path)
    else:
        _MOUNTED.append(path)
    os.VfsLfs2.mkfs(dev, progsize=DF.PAGE_BYTES)
    os.mount(os.VfsLfs2(dev, progsize=DF.PAGE_BYTES), path)
    dev.erases = dev.pages = dev.reads = dev.us = 0
    return dev

"""A power cut for the portable tests: ``CutStore`` is a MemoryStore that
counts its storage operations (each save and each removal; the store's own
writes are atomic, which tests/host/test_power_cut.py proves at the flash
level) and loses the power at operation ``cut``, before it happens."""
from dicebox.core.memstore import MemoryStore


class PowerCut(BaseException):
    """The power goes: not an Exception, so nothing in the firmware catches it."""


class CutStore(MemoryStore):
    def __init__(self, cut=0, game=None):
        MemoryStore.__init__(self)
        self.cut = cut
        self.ops = 0
        self.game = game        # the game's save record: its completed saves are counted
        self.game_saves = 0

    def op(self):
        self.ops += 1
        if self.ops == self.cut:
            raise PowerCut()

    def save(self, name, data, version=1, trim=None):
        self.op()
        got = MemoryStore.save(self, name, data, version, trim)
        if name == self.game:
            self.game_saves += 1
        return got

    def delete(self, name):
        self.op()
        MemoryStore.delete(self, name)

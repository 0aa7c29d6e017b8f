"""Raw bits for the health tests of a seeded (test) dice source.

The simulator's ``--seed`` and the web page's ``?seed=N`` roll the seeded
source's dice so pictures repeat; the same health tests as the board's still
run, over raw bits of a xorshift32 stream of their own (seeded apart from the
dice). Imported only by those two hosts, never on the board."""
from dicebox.core.rng import SeededSource


class SeededBits:
    def __init__(self, seed):
        self.src = SeededSource(seed ^ 0x5EED5EED)
        self.w = 0
        self.k = 0

    def __call__(self):
        if not self.k:
            self.w = self.src._next()
            self.k = 32
        self.k -= 1
        return (self.w >> self.k) & 1

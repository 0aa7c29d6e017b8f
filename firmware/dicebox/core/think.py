"""The work of one bot decision, counted in units and cut into slices.

Every bot thinks the same way: a decision is a generator that yields None
after each slice and the chosen action last, and the caller gives it one
``Budget`` for that decision. Before a piece of work the bot asks whether it
fits in the slice being thought::

    while not budget.fits(n):     # n units of work about to be done
        yield None                # the slice is full: the next one starts
    ... the work ...

A piece that does not fit ends the slice (the caller draws a frame) and fits
the next one; a piece alone in its slice always fits, so ``n`` should stay at
most ``slice``. A decision that may stop early (play its best so far) asks
``left()`` too. ``units`` and ``slices`` are what tests and benchmarks read.

One unit is what each game's bot says it is (a few microseconds of unix-port
time); each bot sizes its slice in its own units, so that a slice takes at
most 20 ms on the chip (see the bots' SLICE and host_tools/bench_*.py).

``Thought`` is the caller's side: one decision under way, stepped a slice
per frame (the table's bots, the Hint's page).
"""
from micropython import const

HEAP_THOUGHT = const(8)     # frames of thinking between two looks at the heap (a frame of its own)


class Budget:
    """``slice``: the units one slice may take; ``most``: the units the whole
    decision may take (None: no limit, the bot's own search bounds it)."""

    def __init__(self, slice, most=None):
        self.slice = slice
        self.most = most
        self.units = 0      # units counted in this decision
        self.slices = 0     # slices ended (the yields asked for)
        self.used = 0       # units in the slice being thought

    def fits(self, n):
        """True: ``n`` units are counted in the slice being thought. False:
        they do not fit in it; the slice ends and the caller yields None, then
        asks again (they fit then, in a slice of their own)."""
        u = self.used
        if u and u + n > self.slice:
            self.used = 0
            self.slices += 1
            return False
        self.used = u + n
        self.units += n
        return True

    def end(self):
        """The slice ends here whatever it holds (the caller yields None)."""
        self.used = 0
        self.slices += 1

    def left(self):
        """The units the decision may still take (None: no limit)."""
        m = self.most
        return None if m is None else m - self.units


class Thought:
    """One decision being thought: ``step()`` runs one slice and returns the
    answer when the generator gives it (None while thinking)."""

    def __init__(self, gen):
        self.gen = gen
        self.slices = 0
        self.answer = None       # the move, once thought (put in words a frame later)
        self.words = None        # ... its words, said a frame before it is played

    def step(self):
        self.slices += 1
        try:
            got = next(self.gen)
        except StopIteration:
            raise RuntimeError("a bot ended without an answer")
        return got

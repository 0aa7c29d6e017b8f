"""The steps of a game in progress, as play makes them, in a small generic
form that needs no game's codec: what the table carries during play for the
log of a finished game (core/gamelogs.py turns it into the game's compact
log, core/gamelog.py's bytes, at the end).

A step is the text of ``(seat, item)`` as Python writes it (``repr``) and a
``;``: ``item`` the action of ``seat`` (None: a clock action), or for seat
-1 (``game.CHANCE``) the chance outcome's values. A run of clock actions
("time", a real-time game's) is kept as its last.

The steps go to flash at each save of the game, ahead of the save itself,
in records of ``CHUNK`` characters (``<save>_l0``, ``<save>_l1``...; each
small enough for littlefs to keep inside its folder), each with the game's
log id; the save names the characters they reach (``opt["logn"]``), so a
resume after a cut between the two reads the steps up to its own state.
Only the last record's text stays in RAM. A failed write stops the log,
never the game (``broken``). Starting or resuming a log is
``tablepages.open_steps`` (the start pages' module: not carried in play).
"""
from micropython import const

CHUNK = const(400)       # characters of steps in one record (inline in littlefs)
CLOCK = "time"           # a real-time game's clock action: only the last of a run is kept


class Steps:
    """``save``: the game's save name; ``lid``: the log's id (in each record);
    ``done``: full records already on flash; ``tail``: the text after them."""

    def __init__(self, save, lid, done=0, tail=""):
        self.save = save
        self.lid = lid
        self.done = done
        self.text = tail
        self.held = None         # a clock action not written yet
        self.broken = False
        self.fresh = False       # steps added since the last write

    def add(self, seat, item):
        """A step just played: ``item`` the action of ``seat`` (None: a clock
        action), or for ``seat`` -1 (game.CHANCE) the chance outcome."""
        if seat is None and item[0] == CLOCK:
            self.held = item
            return
        self.flush()
        self.text += repr((seat, item)) + ";"
        self.fresh = True

    def flush(self):
        if self.held is not None:
            self.text += repr((None, self.held)) + ";"
            self.held = None
            self.fresh = True

    def reach(self):
        """The characters the log reaches once the steps so far are written
        (``write``'s answer when it succeeds), or -1 when it is broken."""
        self.flush()
        return -1 if self.broken else self.done * CHUNK + len(self.text)

    def write(self, store, most=0):
        """The steps not on flash yet, written (before the game's save): the
        characters the log reaches, for ``opt["logn"]``, or -1 when it is
        broken (a write failed). ``most``: at most that many records (a
        record a frame when the steps fill one: ``fresh`` stays true while
        there is more)."""
        self.flush()
        n = 0
        while self.fresh and not self.broken and not (most and n >= most):
            t = self.text
            n += 1
            if not store.save("%s_l%d" % (self.save, self.done), {"id": self.lid, "t": t[:CHUNK]}):
                self.broken = True
            elif len(t) < CHUNK:
                self.fresh = False
            else:
                self.text = t[CHUNK:]
                self.done += 1
        return -1 if self.broken else self.done * CHUNK + len(self.text)

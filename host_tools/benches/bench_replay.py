"""The replay scenes of bench_frames.py (``--only replay``): a finished
game of each title opened as a shared link, read, shown as the table and
stepped, under the MicroPython unix port. Imported by bench_frames.py for
these scenes only (its own code is in the heap the other scenes measure)."""
import os

import device_factors as DF
from dicebox.core import events as E


def _replay_text(title):
    """A finished game of ``title`` for the replay scenes: the file that
    bench.py names in DICEBOX_REPLAYS ("title text" a line, made by
    host_tools/screenshots/games.py), else None (the scene is skipped)."""
    path = os.getenv("DICEBOX_REPLAYS")
    if not path:
        return None
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 2 and w[0] == title:
                return w[1]
    return None


def scene(r, title, rights=40, lefts=5, downs=6):
    """A finished game opened as a shared link (its Replay), shown as the
    table (A), then stepped as a player steps it: Right ``rights`` times,
    Left ``lefts``, Down ``downs`` times (on to the named seat's next turn: a longer move, a few
    steps a frame). The frames read and play the log's steps (the rules'
    work: the game's bot factor) and draw the table. The replay's share of
    a frame (``logreplay.Share``, 20 ms of the chip's clock) is set to the
    chip's share over the game's factor, so that the unix port's frames
    hold what the chip's would."""
    text = _replay_text(title)
    if text is None:
        return
    from dicebox.core.logreplay import Share
    chip_us = Share.US
    Share.US = int(chip_us / DF.FACTORS[title])
    from dicebox.core import sharelink
    sharelink.open_link(r.app, "#g=" + text)
    r.frames(60)
    # a frame that imports what the replay opens a module a frame (the rules,
    # the table's code) is a load, judged with the launches
    from dicebox.core import logreplay, replaypage
    r.watch = tuple(r.watch) + logreplay.REPLAY[title] + replaypage.STILL[title]
    r.start()
    r.tap(E.A, 2, 30)           # Replay: the log read a slice a frame
    r.tap(E.A, 2, 4)            # the table as it stood
    for _ in range(rights):
        r.tap(E.RIGHT, 1, 2)
    for _ in range(lefts):
        r.tap(E.LEFT, 1, 2)
    for _ in range(downs):
        r.tap(E.DOWN, 1, 8)
    r.stop("replay " + title, title)
    Share.US = chip_us

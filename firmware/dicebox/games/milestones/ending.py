"""The end of a Milestones game in words: the rating bands of a final score
(``RATINGS``, ``rating``) and the move log's last line (``over_words``, from
``rules.State.describe``). Imported only as a game ends (the log's last line,
the result page: pages.py), dropped when a table is back on top
(``ON_DEMAND``), so play does not carry it."""
from micropython import const
from dicebox.games.milestones import deck
from dicebox.games.milestones.tasks import describe as _task_words

LOG_WIDTH = const(120)  # the longest line the move log keeps (core.movelog)

# Rating bands: (lowest score, words). Our wording of the rulebook's table.
RATINGS = (
    (0, "A wash-out. Rematch, right now!"),
    (10, "A fair start, with plenty of room to grow."),
    (20, "Solid. You are well on your way."),
    (30, "Really good: the teamwork shows."),
    (40, "Outstanding - well worth showing off."),
    (50, "Hugely impressive; hard to top."),
    (60, "Unreal! The future belongs to you."),
)


def rating(score):
    """Index into RATINGS for a final score."""
    r = 0
    for i in range(len(RATINGS)):
        if score >= RATINGS[i][0]:
            r = i
    return r


def over_words(why, pts, mand_open, before=""):
    """``before`` and then the end of the game in words: why, the team's
    score and what it means (the rating), or the must-do card left open that
    makes it 0; the rating or the open card's task is left out when the line
    would be longer than ``LOG_WIDTH``."""
    if before:
        text = before + "; " + why
    else:
        text = why[0].upper() + why[1:]
    if not mand_open:
        text += ": game over, the team scores %d point%s" % (pts, "" if pts == 1 else "s")
        more = ". " + RATINGS[rating(pts)][1]
        return text + more if len(text) + len(more) <= LOG_WIDTH else text
    what = "a must-do card was" if len(mand_open) == 1 else "%d must-do cards were" % len(mand_open)
    text += ": game over; "
    tail = " not met, so the team scores 0"
    more = " instead of %d" % pts if pts else ""
    room = LOG_WIDTH - len(text) - len(tail)
    if len(mand_open) == 1:
        named = "must-do %s was" % " + ".join(_task_words(deck.SIDE_TASKS[mand_open[0]]))
        if len(named) + len(more) <= room:
            what = named
    if len(what) + len(more) > room:
        more = ""
    return text + what + tail + more

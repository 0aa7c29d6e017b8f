"""What happened, in words: the move log and the recap every game shares.

The rules give each action its words (``state.describe(action)``, said from
the state *before* the action is applied), so the log, the bot messages and
the menus agree. A table records every applied move here with the seat that
made it; the log keeps the last ``MAX`` lines (a ring: its memory is bounded
however long a game runs) and knows which lines a given human has not seen
yet, so when play comes back to a human after bots or a skip the table can
show a recap of just those moves.

Lines are short strings ("P2 locked 4+6: barn 1 holds 20"); the log is saved
with the game so a resumed game still shows its recent history.
"""
from dicebox.core import ui

MAX = 24


class MoveLog:
    def __init__(self, lines=None):
        """``lines``: a saved ``to_list()`` (checked: non-strings dropped, long ones cut)."""
        self.lines = []   # oldest first, at most MAX
        self.count = 0    # lines ever added; a reader keeps the count it has seen up to
        if isinstance(lines, list):
            for t in lines[-MAX:]:
                if isinstance(t, str):
                    self.add(t[:120])

    def add(self, text):
        self.lines.append(text)
        if len(self.lines) > MAX:
            self.lines.pop(0)
        self.count += 1

    def since(self, mark):
        """Lines added after ``mark`` (a previous ``count``) that are still kept."""
        n = self.count - mark
        if n <= 0:
            return []
        return self.lines[-n:] if n < len(self.lines) else list(self.lines)

    def to_list(self):
        return list(self.lines)

    def page(self, app, title="Moves"):
        """A scrolling page of the kept lines, newest last, opened at the end."""
        p = ui.TextPage(app, title, "" if self.lines else "No moves yet.")
        if self.lines:
            p.lines = layout(self.lines)
        p.first = max(0, len(p.lines) - (ui.ROWS - 1))
        return p

    def recap(self, app, mark, title="While you waited"):
        """A page of the moves since ``mark``, or None when there were none."""
        got = self.since(mark)
        if not got:
            return None
        p = ui.TextPage(app, title, "")
        p.lines = layout(got)
        return p


def layout(moves, width=ui.COLS - 1):
    """Panel lines for a list of moves: each move starts at the left edge and
    its continuation lines are indented, so where one move ends and the next
    begins is plain."""
    out = []
    for m in moves:
        first = True
        for line in ui.wrap(m, width - 1):
            out.append(line if first else " " + line)
            first = False
    return out

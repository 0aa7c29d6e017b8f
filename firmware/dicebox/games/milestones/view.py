"""Milestones' table picture: the clock, the team's points and the sand on the
top line, the six dice with their marks, colours and the cursor, and under
them your card (alone) and the message line. ``table.Table.draw`` draws it
through a ``View``, which keeps what it last showed: the lines set out for
the card and the message (a redraw of the clock builds none again), and the
values each part was drawn from, so that a frame that also ran a bot step
draws only the parts that changed (a turned cue, a second, a die) instead of
the whole table; the picture is the same as a whole redraw's.

The parts never overlap: the top line is rows 0-8 (the thinking cue sits in
its right end), each die has its own 21 columns from row 9 down to its
cursor (row 37 with your card under the dice, else 47), and the lines under
the dice take the rows below."""
from dicebox.core import ui
from dicebox.core import dice as dice_draw
from dicebox.games.milestones import deck, tasks
from dicebox.games.milestones.dice import FACE_COLOUR, LETTERS, PATTERNS


def pattern(fb, x, y, w, h, colour):
    row0 = 4 * colour
    for yy in range(h):
        bits = PATTERNS[row0 + (yy & 3)]
        if bits == 15:
            fb.hline(x, y + yy, w, 1)
            continue
        if not bits:
            continue
        for xx in range(w):
            if (bits >> (3 - (xx & 3))) & 1:
                fb.pixel(x + xx, y + yy, 1)
    fb.rect(x, y, w, h, 1)


def card_lines(card, width=16):
    """A card in at most three screen lines: points, then the task."""
    text = "%dp: %s" % (deck.POINTS[card], "+".join(tasks.describe(deck.TASKS[card])))
    return ui.wrap(text, width)


def claimers(t):
    """The person seats whose card fits the dice now ("S1 S2 "), for the claim aid."""
    out = ""
    for s in range(t.humans):
        if t.st.can_claim(s):
            out += "S%d " % (s + 1)
    return out


class View:
    """The picture of one table ``t`` (a ``table.Table``) and what it last showed."""

    def __init__(self):
        self.wrap_key = None          # the message line last wrapped, and its lines
        self.wrap_rows = []
        self.card_key = -1            # the hand card last set out in lines, and its lines
        self.card_rows = []
        self.fb = None                # the frame buffer holding this table's last picture
        self.card = False             # ... drawn with your card under the dice
        self.top = [-1] * 7           # the top line's values: seconds, points, must-do cards,
                                      # glass, turn, sand, cue
        self.dice = [-1] * 6          # each die's look: face, marks, cursor
        self.line = None              # the message line, and what else the lines under
        self.low = -1                 # the dice show (the hand card, a message or not)

    def draw(self, t, fb, part=False):
        """The whole table, or with ``part`` only what changed since the last
        picture (the whole when there is none, or the layout changed)."""
        card = t.show_card and t.st.hands[0] >= 0
        if not (part and self.fb is fb and card == self.card):
            fb.fill(0)
            part = False
        self.fb = fb
        self.card = card
        self.draw_top(t, fb, part)
        self.draw_dice(t, fb, card, part)
        self.draw_low(t, fb, card, part)

    def draw_top(self, t, fb, part):
        st = t.st
        ms = st.time_left()
        left = ms // 1000
        pts = st.points()
        nm = len(st.mand_open)
        hg = 1 if st.hg_open else 0
        sand = ui.W * ms // st.glass.total
        cue = 1 if t.busy else 0
        k = self.top
        if (part and k[0] == left and k[1] == pts and k[2] == nm and k[3] == hg
                and k[4] == st.turn and k[5] == sand and k[6] == cue):
            return
        k[0] = left
        k[1] = pts
        k[2] = nm
        k[3] = hg
        k[4] = st.turn
        k[5] = sand
        k[6] = cue                    # the cue gone: the line under it is drawn again
        if part:
            fb.fill_rect(0, 0, ui.W, 9, 0)
        fb.text("%d:%02d" % (left // 60, left % 60), 0, 0, 1)
        fb.text("%dp" % pts, 44, 0, 1)
        marks = ""
        if nm:
            marks += "!%d" % nm
        if hg:
            marks += "H"
        fb.text(marks, 76, 0, 1)
        fb.text("S%d" % (st.turn + 1), 101, 0, 1)
        fb.hline(0, 8, sand, 1)       # the sand left

    def draw_dice(self, t, fb, card, part):
        st = t.st
        kept = t.keepm                # keep marks and keep requests: a double frame
        for s in range(st.n):
            kept |= t.keeps().announced(st, s)
        roll = t.tumble if t.animating() else 0
        # the cursor wherever A marks a die: on your turn, and on a bot's once
        # there are dice (A there asks it to keep them)
        cur = t.cur if st.setup >= st.n and (t.human(st.turn) or st.dice is not None) else -1
        k = self.dice
        for i in range(6):
            x = i * 21 + 1
            if st.dice is None:
                v = 0
            else:
                v = st.dice[i]
                if (roll >> i) & 1:   # tumbling: faces flicker until the dice land
                    v = (v + (t.app.now() >> 6) + i) % 6 + 1
            sel = (t.sel >> i) & 1
            ring = (kept >> i) & 1
            look = v + 8 * sel + 16 * ring + (32 if cur == i else 0)
            if part and k[i] == look:
                continue
            k[i] = look
            if part:
                fb.fill_rect(x - 1, 9, 21, 29 if card else 39, 0)
            if cur == i:
                fb.hline(x, 47 if not card else 37, 18, 1)
            if not v:
                fb.rect(x, 10, 18, 18, 1)
                fb.text("?", x + 5, 15, 1)
                continue
            c = FACE_COLOUR[i * 6 + v - 1]
            dice_draw.draw_die(fb, x, 10, 18, v, 6, bool(sel))
            if ring:
                fb.rect(x - 1, 9, 20, 20, 1)  # a double frame: asked to keep (a reroll mark is dark)
            if card:
                fb.text(LETTERS[c], x + 5, 29, 1)
            else:
                pattern(fb, x, 30, 18, 6, c)
                fb.text(LETTERS[c], x + 5, 38, 1)

    def draw_low(self, t, fb, card, part):
        st = t.st
        if t.msg:
            line = t.msg
        elif t.refused is not None:
            line = "A: roll again"
        elif st.setup < st.n:
            line = "S%d takes a card" % (st.setup + 1)
        elif t.cfg.get("aid") and claimers(t):
            line = "Claim! %s" % claimers(t)
        elif t.human(st.turn):
            line = "shake to roll" if st.dice is None or t.sel else "A mark, Up claim"
        else:
            line = "S%d is rolling" % (st.turn + 1)
        low = (st.hands[0] + 1) * 2 + (1 if t.msg else 0) if card else 0
        if part and low == self.low and (line is self.line or line == self.line):
            return
        self.line = line
        self.low = low
        if part:
            fb.fill_rect(0, 38 if card else 48, ui.W, 26 if card else 16, 0)
        lines = self.wrapped(line)
        if card:
            rows = self.hand_rows(st.hands[0])
            # three lines under the dice: the card's, and always one for the
            # message or what to do (two for a long message); a card cut short
            # ends in ".." (Up shows it whole)
            k = (len(lines) if len(lines) < 2 else 2) if t.msg else 1
            top = len(rows) if len(rows) < 3 - k else 3 - k
            for j in range(top):
                row = rows[j]
                if j == top - 1 and top < len(rows):
                    row = row[:ui.COLS - 2] + ".."
                fb.text(row, 0, 40 + 8 * j, 1)
            for j in range(k):
                fb.text(lines[j], 0, 40 + 8 * (top + j), 1)
            return
        for j in range(min(2, len(lines))):
            fb.text(lines[j], 0, 49 + 8 * j, 1)

    def wrapped(self, line):
        """``ui.wrap(line)``, kept while the line stays the same (a redraw
        of the clock then allocates no new lines)."""
        if line is not self.wrap_key and line != self.wrap_key:
            self.wrap_key = line
            self.wrap_rows = ui.wrap(line)
        return self.wrap_rows

    def hand_rows(self, card):
        """``card_lines(card)``, kept while the hand card stays."""
        if card != self.card_key:
            self.card_key = card
            self.card_rows = card_lines(card)
        return self.card_rows

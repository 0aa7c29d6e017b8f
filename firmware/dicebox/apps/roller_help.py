"""The roller's Controls page: every key of every roller screen, hidden ones too.

Why a module of its own: it is text only, read rarely, and kept out of RAM until
the page opens (Roller menu > Controls). Lines fit the 15 columns a text page
has beside its scroll bar.
"""

CONTROLS = """ROLL SCREEN
A/shake: roll
Left/Right:
choose a die
Up: hold/free
the chosen die
Down: free all
B: roller menu
While dice
tumble, only
A, B, shake act
No long press.

MENUS
Up/Down: choose
(hold: faster)
Left/Right:
change a value
A: open or pick
B: back

SET EDITOR
Left/Right:
dice in a group
A: edit group
Done: to dice

NUMBER PICKER
Up/Down: +1/-1
Left/Right:
-10/+10
A: ok B: cancel

TEXT PAGES
Up/Down: a line
Left/Right:
a page
A or B: close

QUESTIONS
A: yes  B: no

FAIRNESS RUN
B: stop, back
When done:
A: details
Up: run again

COIN, FIRST
A/shake: again
B: back"""

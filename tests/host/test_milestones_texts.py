"""Every reason the Milestones rules give fits the two status lines of the table."""
import os
import re

from dicebox.core import ui

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = os.path.join(ROOT, "firmware", "dicebox", "games", "milestones", "rules.py")


def test_reasons_fit_two_lines():
    src = open(RULES).read()
    reasons = re.findall(r'IllegalMove\("([^"]+)"\)', src)
    reasons += re.findall(r'return "([^"]+)"', src)
    assert len(reasons) > 20
    for r in reasons:
        assert len(ui.wrap(r)) <= 2, r


def test_rating_words_fit_the_result_screen():
    from dicebox.games.milestones import rules, screens
    for lo, words in rules.RATINGS:
        assert len(ui.wrap(words)) <= 3, words
    assert len(ui.wrap(screens.VOIDED)) <= 4

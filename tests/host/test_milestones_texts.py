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
    from dicebox.games.milestones import ending
    from dicebox.games.milestones import pages as MS_pages
    for lo, words in ending.RATINGS:
        assert len(ui.wrap(words)) <= 3, words
    assert len(ui.wrap(MS_pages.VOIDED)) <= 4


def test_docs_list_every_card_with_its_exact_count():
    """The deck page (one table for the deck, linked from the game's page)."""
    from dicebox.games.milestones import deck
    doc = open(os.path.join(ROOT, "docs", "games", "milestones-deck.md")).read()
    assert "(milestones-deck.md)" in open(os.path.join(ROOT, "docs", "games", "milestones.md")).read()
    for i, (tier, pts, hits, task) in enumerate(map(deck.card, range(deck.NCARDS))):
        row = "| %d | %s | %d |" % (i, deck.TIER_NAMES[tier], pts)
        assert row in doc, row
        line = doc[doc.index(row):].split("\n")[0]
        assert "| %d |" % hits in line, line

"""The Milestones console texts and docs/games/milestones.md come from one source.

``firmware/dicebox/games/milestones/help.py`` holds the texts the console shows
(quick start, controls, rules, setup, tasks, colours, rulings). The docs page
carries the same texts between two markers; this test fails when they differ.
Regenerate the block after changing help.py:

    .venv/bin/python tests/host/test_milestones_docs.py --write
"""
import os
import sys

import docblock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "games", "milestones.md")
BEGIN = ("<!-- BEGIN console texts: generated from firmware/dicebox/games/milestones/help.py "
         "by tests/host/test_milestones_docs.py --write; edit help.py, not this block -->")
END = "<!-- END console texts -->"


def block():
    from dicebox.games.milestones import help as game_help
    out = [BEGIN, "## On the console: how to play, controls, rules and rulings", ""]
    out.append("These are the pages of *How to play* on the console, word for word.")
    out.append("")
    for title, text in game_help.pages():
        out.append("### " + title)
        out.append("")
        for para in text.split("\n"):
            out.append(para)
            out.append("")
    out.append(END)
    return "\n".join(out)


def write():
    docblock.write(DOC, BEGIN, END, block())


def test_docs_carry_the_console_texts_word_for_word():
    assert docblock.block_in(DOC, BEGIN, END) == block(), "docs/games/milestones.md differs from help.py: run " \
                           "tests/host/test_milestones_docs.py --write"


def test_the_console_help_names_solo_play_and_every_ruling():
    from dicebox.games.milestones import help as game_help
    assert "Solo" in game_help.RULES
    for n in range(1, 14):
        assert "\n%d. " % n in game_help.RULINGS, n


if __name__ == "__main__":
    for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "cpython_shims")):
        sys.path.insert(0, p)
    if "--write" in sys.argv:
        write()
        print("wrote", DOC)
    else:
        print(block())

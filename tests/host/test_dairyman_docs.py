"""Dairyman's console texts and docs/games/dairyman.md come from one source.

help.py holds the pages; the docs page carries a copy between the markers
below. Run ``python tests/host/test_dairyman_docs.py --write`` after editing
help.py to regenerate the copy; this test fails while they differ.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "games", "dairyman.md")
BEGIN = "<!-- help.py begin -->"
END = "<!-- help.py end -->"


def _help():
    for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "cpython_shims")):
        if p not in sys.path:
            sys.path.insert(0, p)
    from dicebox.games.dairyman import help as game_help
    return game_help


def generated():
    """The docs' copy of every console page: a heading, then the text as a
    code block (the console's own line breaks, no reflowing)."""
    out = []
    for title, text in _help().pages():
        out.append("### %s (console page)" % title)
        out.append("")
        out.append("```text")
        out.append(text)
        out.append("```")
        out.append("")
    return "\n".join(out)


def split(doc):
    i = doc.index(BEGIN) + len(BEGIN)
    j = doc.index(END)
    return doc[:i], doc[i:j], doc[j:]


def test_docs_carry_the_console_texts_exactly():
    with open(DOC) as f:
        doc = f.read()
    head, body, tail = split(doc)
    assert body.strip("\n") == generated().strip("\n"), (
        "docs/games/dairyman.md differs from help.py: run "
        "python tests/host/test_dairyman_docs.py --write")


def test_every_console_page_is_in_the_docs():
    with open(DOC) as f:
        doc = f.read()
    for title, text in _help().pages():
        assert "### %s (console page)" % title in doc
        assert text in doc


def main():
    with open(DOC) as f:
        doc = f.read()
    head, body, tail = split(doc)
    new = head + "\n" + generated() + tail
    if new != doc:
        with open(DOC, "w") as f:
            f.write(new)
        print("updated", DOC)
    else:
        print("up to date")


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        main()
    else:
        print(__doc__)

"""A docs page's copy of the console's own texts, kept between two marker
lines and generated from the firmware (tests/host/test_mildred_docs.py,
test_milestones_docs.py: ``--write`` regenerates it, the test fails while the
two differ)."""


def split(doc, begin, end):
    """(before, the block from ``begin`` through ``end``, after)."""
    a = doc.index(begin)
    b = doc.index(end) + len(end)
    return doc[:a], doc[a:b], doc[b:]


def block_in(path, begin, end):
    """The block the page at ``path`` carries now (its markers must be there)."""
    with open(path) as f:
        doc = f.read()
    assert begin in doc and end in doc, "markers missing in " + path
    return split(doc, begin, end)[1]


def write(path, begin, end, block):
    """Put ``block`` (markers included) in place of the page's own."""
    with open(path) as f:
        doc = f.read()
    head, _, tail = split(doc, begin, end)
    with open(path, "w") as f:
        f.write(head + block + tail)

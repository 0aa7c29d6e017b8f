"""Damaged records for the property tests: a real record with one place in it
(tests/portable/datapaths.py) replaced by any JSON value."""
from hypothesis import strategies as st

from datapaths import places, replaced

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 40, 2 ** 40),
                      st.sampled_from([0, 1, 2, 6, 7, 12, 13, 20, 99, 100, 1000, 1001, -1]),
                      st.text(max_size=6), st.sampled_from(["", "kh", "kl", "dl", "dh", "ms", "W"]))
json_any = st.recursive(json_leaf, lambda c: st.one_of(st.lists(c, max_size=5),
                                                       st.dictionaries(st.text(max_size=4), c,
                                                                       max_size=4)),
                        max_leaves=12)


def damaged(data, good):
    """``good`` with a place drawn from ``data`` replaced by a value drawn after it."""
    path = data.draw(st.sampled_from(places(good)))
    return replaced(good, path, data.draw(json_any))

"""Dairyman: the tables of the chance of a set with ice creams at hand, for
the Hint (advice.ICE_P, and KEEP1_P in games/dairyman/odds.py).

usage: python host_tools/studies/dairyman_odds.py [--keep1]

Prints ICE_COMBOS and ICE_P (no die kept), or with --keep1 KEEP1_P (one die
kept, each face), each entry advice.set_chance() in 1/100000: the exact chance
of a set of 10 after rolling m dice when the ice creams of the combination
may then be used as well as they can be. Takes a minute (ICE_P) to some
minutes (KEEP1_P) under CPython; tests/host/test_dairyman_tables.py checks
part of each table against set_chance and set_chance against a brute force.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.append(os.path.join(ROOT, "host_tools", "cpython_shims"))

from dicebox.games.dairyman import advice  # noqa: E402


def combos():
    out = [()]
    for n in (1, 2, 3):
        def rec(lo, left, pre):
            if not left:
                out.append(tuple(pre))
                return
            for b in range(lo, 4):
                rec(b, left - 1, pre + [b])
        rec(1, n, [])
    return tuple(out)


def chance(kept, m, combo):
    return int(round(advice.set_chance(kept, m, list(combo)) * 100000))


def main(argv):
    cb = combos()
    if "--keep1" in argv:
        print("KEEP1_P = (")
        for f in range(1, 7):
            print("    (")
            for c in cb:
                kept = [0] * 7
                kept[f] = 1
                print("        %r," % (tuple(chance(kept, m, c) for m in range(12)),))
            print("    ),")
        print(")")
        return
    print("ICE_COMBOS = %r" % (cb,))
    print("ICE_P = (")
    for c in cb:
        print("    %r," % (tuple(chance([0] * 7, m, c) for m in range(13)),))
    print(")")


if __name__ == "__main__":
    main(sys.argv[1:])

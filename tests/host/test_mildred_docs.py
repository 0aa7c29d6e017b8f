"""docs/games/mildred.md carries the console's own texts (help.py: how to play,
controls, rules, rulings; cards.py: every card) between two markers, so the
console and the docs cannot drift. After changing help.py or cards.py run

    .venv/bin/python tests/host/test_mildred_docs.py --write

to regenerate that part of the page; this test fails while they differ.
"""
import os
import sys

import docblock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "cpython_shims")):
    if _p not in sys.path:
        sys.path.append(_p)

DOC = os.path.join(ROOT, "docs", "games", "mildred.md")
BEGIN = ("<!-- console texts: generated from games/mildred/help.py and cards.py by "
         "tests/host/test_mildred_docs.py --write; do not edit by hand -->")
END = "<!-- end of console texts -->"
KIND = {"R": "Reward", "S": "Shenanigans", "A": "Always"}


def _mods():
    from dicebox.games.mildred import cards, help
    return cards, help


def generated():
    C, H = _mods()
    out = [BEGIN, "", "### How to play (console)", ""]
    for page in H.HOWTO:
        out.append("> " + page)
        out.append(">")
    out.pop()
    out += ["", "### Words (console)", ""]
    out += ["* " + w for w in H.WORDS]
    out += ["", "### Controls (console)", ""]
    out += ["* " + c for c in H.CONTROLS]
    out += ["", "### Rules page (console)", ""]
    out += ["* " + r for r in H.RULES]
    out += ["", "### Task cards (console card texts, as implemented)", "",
            "| card | code | name | kind | effect |", "|---|---|---|---|---|"]
    for s in range(4):
        for lv in range(1, 7):
            name, text = H.TASK_CARDS[s][lv - 1]
            out.append("| %s %d | %s%d | %s | %s | %s |" % (
                C.SET_NAMES[s], lv, C.SET_SHORT[s], lv, name, KIND[C.KINDS[s][lv - 1]], text))
    out += ["", "### Indulgency cards (console)", "",
            "| code | card | dice | cookies |", "|---|---|---|---|"]
    for k in range(C.NUM_IND):
        name, code, cookies, dice = C.INDULGENCIES[k]
        out.append("| %s | %s | %d | %d |" % (code, name, dice, cookies))
    out += ["", "### Rulings (console, short)", ""]
    out += ["* " + r for r in H.RULINGS]
    out += ["", END]
    return "\n".join(out)


def write():
    docblock.write(DOC, BEGIN, END, generated())


def test_docs_carry_the_console_texts():
    assert docblock.block_in(DOC, BEGIN, END) == generated(), (
        "docs/games/mildred.md differs from help.py/cards.py: run "
        ".venv/bin/python tests/host/test_mildred_docs.py --write")


def test_engine_facts_in_the_card_texts():
    C, H = _mods()
    clean = H.TASK_CARDS[C.CLEAN]
    assert "next round" in clean[3][1]            # Clean 4: the opponent's next round
    assert "all 3" in clean[5][1]                 # Clean 6
    assert "below 1" in H.TASK_CARDS[C.DIY][3][1]     # DIY 4
    assert "once a round" in H.RULINGS[17]        # R18


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
        print("wrote", DOC)
    else:
        print(generated())

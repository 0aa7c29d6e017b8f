"""docs/DEVELOPING.md names every firmware module (its code map is the
architecture a newcomer reads first): a module added, renamed or removed
without the map fails here. A game's own modules are named in the line of
that game; the files every game has are named once for all."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "DEVELOPING.md")
FW = os.path.join(ROOT, "firmware")
EVERY_GAME = ("__init__.py", "rules.py", "bot.py", "table.py", "start.py", "pages.py",
              "help.py", "lesson.py", "logcodec.py", "still.py")
GAME_NAMES = {"dairyman": "Dairyman", "mildred": "Mildred", "milestones": "Milestones"}


def modules():
    out = []
    for d, dirs, files in os.walk(FW):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), FW).replace(os.sep, "/"))
    return sorted(out)


def test_every_firmware_module_is_on_the_map():
    text = open(DOC, encoding="utf-8").read()
    block = text[text.index("## Layout"):]
    block = block[:block.index("```", block.index("```") + 3)]
    missing = []
    for m in modules():
        name = m.rsplit("/", 1)[-1]
        parts = m.split("/")
        if len(parts) == 4 and parts[1] == "games":
            if name in EVERY_GAME:
                ok = re.search(r"\b%s\b" % re.escape(name), block)
            else:
                game = GAME_NAMES[parts[2]]
                line = block[block.index("the game's own data"):]
                seg = line[line.index(game):]
                nxt = [seg.index(g) for g in GAME_NAMES.values() if g != game and g in seg[1:]]
                seg = seg[:min(nxt)] if nxt else seg
                ok = name in seg
        else:
            ok = re.search(r"(^|[\s(/])%s\b" % re.escape(name), block, re.M)
        if not ok:
            missing.append(m)
    assert not missing, missing


def test_the_map_names_no_module_that_is_gone():
    text = open(DOC, encoding="utf-8").read()
    block = text[text.index("## Layout"):]
    block = block[:block.index("```", block.index("```") + 3)]
    have = set(m.rsplit("/", 1)[-1] for m in modules())
    named = set(re.findall(r"\b([a-z_0-9]+\.py)\b", block))
    assert named <= have, sorted(named - have)

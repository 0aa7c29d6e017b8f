"""Mildred's modules read plainly: no ``assert`` in the firmware (it vanishes
under ``mpy-cross -O``), no one-letter module aliases, and the reward table is
the only place effect codes are read (no ``code[i]`` character parsing)."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR = os.path.join(ROOT, "firmware", "dicebox", "games", "mildred")


def _modules():
    for f in sorted(os.listdir(DIR)):
        if f.endswith(".py"):
            with open(os.path.join(DIR, f)) as fh:
                yield f, ast.parse(fh.read())


def test_no_assert_in_mildred_firmware():
    for f, tree in _modules():
        asserts = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)]
        assert not asserts, (f, asserts)


def test_no_one_letter_aliases_for_mildred_modules():
    for f, tree in _modules():
        for n in ast.walk(tree):
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                for a in n.names:
                    if a.name.startswith("dicebox.games") or (
                            isinstance(n, ast.ImportFrom) and (n.module or "").startswith("dicebox.games")):
                        assert a.asname is None or len(a.asname) > 1, (f, a.name, a.asname)


def test_effect_codes_are_not_parsed_by_character():
    # (screens.py draws a card's 2-letter label with code[p]: not an effect code)
    for f, tree in _modules():
        if f not in ("rules.py", "rewards.py", "bot.py"):
            continue
        for n in ast.walk(tree):
            if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == "code":
                raise AssertionError("%s:%d indexes an effect code" % (f, n.lineno))


def test_bot_thinks_in_integers():
    # the chip is far slower on floats: the bot's evaluations and its
    # budget stay integer (no float literal, no true division)
    with open(os.path.join(DIR, "bot.py")) as fh:
        tree = ast.parse(fh.read())
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, float):
            raise AssertionError("bot.py:%d a float literal" % n.lineno)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div):
            raise AssertionError("bot.py:%d a true division" % n.lineno)

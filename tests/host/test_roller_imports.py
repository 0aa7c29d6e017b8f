"""The roller and timer depend on core only: no game module is imported by them
(core may not import games; the Milestones colours live in core/dicesets.py)."""
import ast
import pathlib

FW = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "dicebox"


def imported(path):
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add(node.module or "")
    return out


def test_roller_timer_and_core_import_no_game():
    files = sorted(FW.glob("apps/roller*.py")) + sorted(FW.glob("apps/timer*.py")) \
        + [FW / "apps" / "fairness.py", FW / "core" / "dicesets.py"]
    assert len(files) >= 10
    for f in files:
        for mod in imported(f):
            assert not mod.startswith("dicebox.games"), (f.name, mod)


def test_roller_modules_each_say_why_they_exist():
    for f in sorted(FW.glob("apps/roller*.py")):
        doc = ast.get_docstring(ast.parse(f.read_text()))
        assert doc and "Why a module of its own" in doc or f.name == "roller_model.py", f.name


def test_no_raw_tick_arithmetic_in_roller_and_timer():
    bad = ("now - ", "now >= ", "now < ", "now + ", "now > ", "now <= ")
    for f in sorted(FW.glob("apps/roller*.py")) + sorted(FW.glob("apps/timer*.py")):
        for i, line in enumerate(f.read_text().splitlines(), 1):
            for b in bad:
                assert b not in line, (f.name, i, line)

"""Firmware imports only what the rp2 port provides, and only hal/ touches `machine`."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FW = os.path.join(ROOT, "firmware")

RP2_MODULES = {
    "micropython", "machine", "framebuf", "gc", "os", "sys", "time", "json", "struct", "math",
    "array", "errno", "select", "random", "rp2", "io", "binascii", "hashlib", "collections",
    "re", "uctypes",
}
MACHINE_OK = ("dicebox/hal/", "main.py")


def sources():
    for d, dirs, files in os.walk(FW):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                yield os.path.relpath(os.path.join(d, f), FW).replace(os.sep, "/")


def guarded_by_import_error(node, parents):
    """True if node sits in the body of a try whose handlers catch ImportError."""
    child = node
    p = parents.get(child)
    while p is not None:
        if isinstance(p, ast.Try) and child in p.body:
            for h in p.handlers:
                names = []
                if h.type is None:
                    return True
                for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]):
                    if isinstance(t, ast.Name):
                        names.append(t.id)
                if "ImportError" in names or "Exception" in names:
                    return True
        child = p
        p = parents.get(p)
    return False


def imports(rel):
    with open(os.path.join(FW, rel)) as f:
        tree = ast.parse(f.read(), rel)
    parents = {}
    for n in ast.walk(tree):
        for c in ast.iter_child_nodes(n):
            parents[c] = n
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                yield a.name.split(".")[0], a.name, n, guarded_by_import_error(n, parents)
        elif isinstance(n, ast.ImportFrom):
            if n.level:      # relative import: inside the firmware
                yield "dicebox", "." * n.level + (n.module or ""), n, False
            else:
                yield n.module.split(".")[0], n.module, n, guarded_by_import_error(n, parents)


def test_there_is_firmware_to_check():
    files = list(sources())
    assert any(f.startswith("dicebox/hal/") for f in files)
    assert any(f.startswith("dicebox/core/") for f in files)


def test_only_rp2_modules_and_own_packages():
    bad = []
    for rel in sources():
        for top, full, node, guarded in imports(rel):
            if top == "dicebox" or top in RP2_MODULES or guarded:
                continue
            bad.append("%s:%d imports %s" % (rel, node.lineno, full))
    assert bad == []


def test_own_imports_resolve():
    bad = []
    for rel in sources():
        for top, full, node, guarded in imports(rel):
            if top != "dicebox" or full.startswith("."):
                continue
            path = os.path.join(FW, *full.split("."))
            if not (os.path.isdir(path) or os.path.isfile(path + ".py")):
                # "from dicebox.core import events": the last part may be a module
                bad.append("%s:%d %s" % (rel, node.lineno, full))
    assert bad == []


def test_machine_only_in_hal_and_main():
    bad = []
    for rel in sources():
        if rel.startswith(MACHINE_OK[0]) or rel == MACHINE_OK[1]:
            continue
        for top, full, node, guarded in imports(rel):
            if top == "machine" or top == "rp2":
                bad.append("%s:%d imports %s" % (rel, node.lineno, full))
    assert bad == []


def test_the_checker_catches_violations(tmp_path, monkeypatch):
    # a file importing typing unguarded and machine outside hal/ must be reported
    d = tmp_path / "dicebox" / "core"
    d.mkdir(parents=True)
    (d / "bad.py").write_text(
        "import typing\nfrom machine import Pin\ntry:\n    import dataclasses\nexcept ImportError:\n    pass\n")
    monkeypatch.setitem(globals(), "FW", str(tmp_path))
    found = list(imports("dicebox/core/bad.py"))
    assert [(t, g) for t, _, _, g in found] == [("typing", False), ("machine", False), ("dataclasses", True)]
    try:
        test_only_rp2_modules_and_own_packages()
    except AssertionError as e:
        assert "typing" in str(e) and "dataclasses" not in str(e)
    else:
        raise AssertionError("not caught")
    try:
        test_machine_only_in_hal_and_main()
    except AssertionError as e:
        assert "machine" in str(e)
    else:
        raise AssertionError("not caught")


def _module_of(rel):
    mod = rel[:-3].replace("/", ".")
    return mod[:-9] if mod.endswith(".__init__") else mod


def _exists(mod):
    path = os.path.join(FW, *mod.split("."))
    return os.path.isfile(path + ".py") or os.path.isfile(os.path.join(path, "__init__.py"))


def own_graph():
    """{module: set of the firmware modules it imports}, imports inside
    functions included (a module imported when needed still ties the two)."""
    graph = {}
    for rel in sources():
        me = _module_of(rel)
        out = graph.setdefault(me, set())
        for n in ast.walk(ast.parse(open(os.path.join(FW, rel)).read(), rel)):
            if isinstance(n, ast.Import):
                targets = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom) and not n.level and n.module:
                # "from dicebox.core import events": events may be a module
                targets = [n.module + "." + a.name if _exists(n.module + "." + a.name) else n.module
                           for a in n.names]
            else:
                continue
            out.update(t for t in targets if t.startswith("dicebox") and t != me and _exists(t))
    return graph


def cycles(graph):
    """Each import cycle once, as the list of its modules (depth-first search)."""
    found = []
    state = {}

    def visit(m, path):
        state[m] = 1
        path.append(m)
        for t in sorted(graph.get(m, ())):
            if state.get(t) == 1:
                found.append(path[path.index(t):] + [t])
            elif t not in state:
                visit(t, path)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    return found


def test_no_import_cycles():
    """No firmware module imports one that imports it back, at the top or
    inside a function (issue "One shape for every game": 0 cycles)."""
    assert cycles(own_graph()) == []


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []

"""host_tools/ by folder: the device's heap cap written once (host_tools/upy.py),
and names the tools import by plain name that resolve to one file each."""
import os
import re
import subprocess

import upy

CODE = (".py", "Makefile", ".mjs", ".js", ".sh")
SKIP = (".venv", "node_modules", ".git", "build", "bench")


def code_files():
    for dirpath, dirs, files in os.walk(upy.ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP and not (dirpath == upy.ROOT and d == "docs")]
        for f in files:
            if f.endswith(CODE):
                yield os.path.join(dirpath, f)


def test_the_heap_cap_is_written_in_one_place():
    cap = re.escape(upy.HEAP)
    where = [os.path.relpath(p, upy.ROOT) for p in code_files()
             if re.search(cap, open(p, encoding="utf-8", errors="replace").read())]
    assert where == [os.path.join("host_tools", "upy.py")], where


def test_no_folder_shadows_a_module_and_no_module_is_in_two_folders():
    seen = {}
    for folder in ("",) + upy.FOLDERS + ("sim",):
        d = upy.folder(folder) if folder else upy.TOOLS
        for f in os.listdir(d):
            if f.endswith(".py"):
                seen.setdefault(f[:-3], []).append(folder or ".")
    twice = {m: w for m, w in seen.items() if len(w) > 1}
    assert not twice, twice
    folders = [f for f in os.listdir(upy.TOOLS) if os.path.isdir(upy.folder(f)) and f != "__pycache__"]
    assert set(upy.FOLDERS) | {"sim", "cpython_shims"} == set(folders), folders
    assert not set(folders) & set(seen), set(folders) & set(seen)


def test_the_runner_starts_the_unix_port_under_the_cap():
    p = subprocess.run(upy.argv("-c", "import gc; gc.collect(); print(gc.mem_free() + gc.mem_alloc())"),
                       capture_output=True, text=True, timeout=60)
    total = int(p.stdout.split()[-1])
    # the cap counts 240 K 32-bit words' worth, scaled to the host's word
    # (twice the bytes on a 64-bit host): the same number of objects
    assert 0.95 * 240 * 1024 * 2 <= total <= 240 * 1024 * 2, total
    big = subprocess.run(upy.argv("-c", "import gc; print(gc.mem_free() + gc.mem_alloc())", heap="480wK"),
                         capture_output=True, text=True, timeout=60)
    assert int(big.stdout.split()[-1]) > 1.9 * total


# where a path to a tool is written (firmware: its comments and docstrings)
WRITTEN = ("Makefile", ".ci", "README.md", "docs", "tests", "web", "firmware", "host_tools")
TEXT = CODE + (".md", ".txt", ".html")


def test_every_tool_path_written_in_code_tests_and_docs_exists():
    slash = re.compile(r"host_tools/([\w./]*\w)([<*]?)")
    joined = re.compile(r"""["']host_tools["']((?:\s*,\s*["'][\w.]+["'])+)""")
    missing = []
    for top in WRITTEN:
        start = os.path.join(upy.ROOT, top)
        paths = [start] if os.path.isfile(start) else [
            os.path.join(d, f) for d, dirs, files in os.walk(start)
            if not any(s in d.split(os.sep) for s in SKIP) for f in files if f.endswith(TEXT)]
        for p in paths:
            text = open(p, encoding="utf-8", errors="replace").read()
            rels = [m.group(1) + m.group(2) for m in slash.finditer(text)]
            rels += ["/".join(re.findall(r"[\w.]+", m.group(1))) for m in joined.finditer(text)]
            for rel in rels:
                if re.search(r"[<*]|(^|/)[A-Z]+\.", rel):   # a pattern (bench_<game>.py, NAME.txt): its folder
                    rel = os.path.dirname(rel)
                at = os.path.join(upy.TOOLS, rel)
                # a module's name (milestones_odds.keep_sums) is its file
                if not os.path.exists(at) and not os.path.exists(at.rsplit(".", 1)[0] + ".py"):
                    missing.append((os.path.relpath(p, upy.ROOT), rel))
    assert not missing, missing

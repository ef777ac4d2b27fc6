"""No import circle anywhere in remikc: each module can be read, tested and changed knowing only
the modules below it.  And every file small enough to read in one sitting.

Every import counts, wherever it stands: at the top of a module, under `if TYPE_CHECKING`, or
inside a function.  An import moved into a function still makes the two modules depend on each
other; it only hides the circle from the interpreter.  (Imports inside functions stay right
where they put off a costly or optional dependency: Z3, matplotlib, pygls.)  What is not
counted is the package a module lies in: Python runs a package's `__init__` before any of its
modules, and no code says so."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules(package: Path) -> dict[str, Path]:
    """Every module of the package under `package`, by dotted name."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """For each module of the package, the modules of the package it imports."""
    modules = _modules(package)

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*here[:len(here) - node.level + 1], *([base] if base else [])])
                # `from . import x` imports the module x; `from .x import y` the module x
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            graph[name].update(t for t in map(known, targets) if t is not None and t != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each circle of imports, as the modules it goes through (the first repeated at the end)."""
    found: list[list[str]] = []
    done: set[str] = set()
    path: list[str] = []  # the imports followed from the module the walk started at

    def visit(name: str) -> None:
        if name in path:
            found.append([*path[path.index(name):], name])
            return
        if name in done:
            return
        path.append(name)
        for target in sorted(graph[name]):
            visit(target)
        path.pop()
        done.add(name)

    for start in sorted(graph):
        visit(start)
    return found


def test_remikc_has_no_import_circle():
    graph = import_graph(ROOT / "remikc")
    assert len(graph) > 100 and "remikc.verify.checks" in graph["remikc.verify"] | graph["remikc.driver"]
    assert circles(graph) == [], "modules that import each other, directly or round a circle"


def test_a_circle_is_found_also_behind_a_function_level_import(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import g\n")
    (package / "c.py").write_text("from __future__ import annotations\nfrom typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from . import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    assert circles(import_graph(package)) == [["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]]
    (package / "c.py").write_text("import os\n")
    assert circles(import_graph(package)) == []


# remikc/runtime/ is inlined into every generated module, which keeps its layout: its files are
# as long as the runtime's parts are
MAX_LINES = 600
MAX_COMMAND_LINES = 300


def test_every_file_reads_in_one_sitting():
    package = ROOT / "remikc"
    lines = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in package.rglob("*.py") if "runtime" not in path.relative_to(package).parts}
    assert len(lines) > 100
    assert {p: n for p, n in lines.items() if n > MAX_LINES} == {}
    commands = {p: n for p, n in lines.items() if p.startswith("remikc/commands/")}
    assert len(commands) > 10 and "remikc/commands/check.py" in commands
    assert {p: n for p, n in commands.items() if n > MAX_COMMAND_LINES} == {}


def test_the_runtime_defines_each_name_once():
    """remikc/runtime/ is inlined into one namespace (emit/inline.py): a name defined at the top
    of two of its files would be one name there, the later file's, read by both (a flag of the
    sweep once took the search's shift of the same name, a number, for True)."""
    from remikc.emit.inline import ORDER

    defined: dict[str, list[str]] = {}
    for module in ORDER:
        tree = ast.parse((ROOT / "remikc" / "runtime" / f"{module}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            else:
                continue
            for name in names:
                defined.setdefault(name, []).append(module)
    assert len(defined) > 300
    assert {name: files for name, files in defined.items() if len(files) > 1} == {}

"""`runtime() -> Runtime`: remikc/runtime/*.py inlined into one standalone module.

As Lark's standalone generator does with its own modules: each runtime module is pasted
whole, in a fixed order, under a marker line naming its file.  Its imports are commented out
in place - the names live in one namespace, and the standard-library imports are hoisted to
the top of the generated file - so every section keeps its file's line numbers, and
`load_module` can compile each section under its own file name: tracebacks and coverage point
at remikc/runtime/, not at the generated text.  The sections are the same bytes in every
generated module.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from dataclasses import dataclass
from importlib import resources

from .safe import Code

ORDER = ("cards", "reasons", "melds", "solver", "runs", "columns", "search", "table", "game", "draws",
         "apply", "moves", "bots")
"""The runtime modules in the order they are inlined: each reads only names of those before it
(and of remikc/runtime/rules.py, which the variant's rules block replaces)."""

MARKER = "# remikc-runtime: "
"""Starts the line before each inlined section, followed by the section's file."""


@dataclass(frozen=True)
class Runtime:
    imports: Code  # the standard-library imports of every section, once
    sections: tuple[tuple[str, Code], ...]  # ("remikc/runtime/cards.py", its source)
    sha256: str


def _sort_key(name: str) -> tuple[int, str]:
    # isort's order within a `from` import: CONSTANTS, Classes, functions
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@functools.cache
def runtime() -> Runtime:
    modules: set[str] = set()
    names: dict[str, set[str]] = {}
    sections = []
    digest = hashlib.sha256()
    for module in ORDER:
        text = resources.files("remikc.runtime").joinpath(f"{module}.py").read_text(encoding="utf-8")
        lines = text.split("\n")
        for node in ast.parse(text).body:
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
            elif node.level == 0 and node.module != "__future__":
                names.setdefault(node.module or "", set()).update(alias.name for alias in node.names)
            for i in range(node.lineno - 1, node.end_lineno or node.lineno):
                lines[i] = "# " + lines[i]
        source = "\n".join(lines).rstrip("\n") + "\n"
        path = f"remikc/runtime/{module}.py"
        digest.update(path.encode() + b"\0" + source.encode() + b"\0")
        sections.append((path, Code(source)))
    imports = [f"import {m}" for m in sorted(modules)]
    imports += [f"from {m} import {', '.join(sorted(n, key=_sort_key))}" for m, n in sorted(names.items())]
    return Runtime(Code("\n".join(imports)), tuple(sections), "sha256:" + digest.hexdigest())

"""conftest's lists of node ids (`SLOW`, `UNTRACED`, `TRACED`) name tests that exist.

A list entry is a prefix of node ids: a test renamed or moved would silently stop matching it,
and a slow test would then run in `-m "not slow"`, or a test listed as untraced would slow the
run again under coverage's trace function, with nothing failing.  Read from the test files'
syntax, so this holds whichever tests a run selects."""

from __future__ import annotations

import ast
from pathlib import Path

import conftest
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tests_in(path: Path) -> set[str]:
    """The names of the test functions in a test file, at module level or in a class."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.add(node.name)
    return names


@pytest.mark.parametrize("listed", ["SLOW", "UNTRACED", "TRACED"])
def test_every_entry_names_a_test_there_is(listed):
    missing = []
    for entry in getattr(conftest, listed):
        file, _, rest = entry.partition("::")
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{entry} (no file {file})")
            continue
        name = rest.split("[", 1)[0].split("::")[-1]
        if name and name not in _tests_in(path):
            missing.append(f"{entry} (no test {name} in {file})")
    assert not missing, f"conftest.{listed} names tests there are not: " + "; ".join(missing)

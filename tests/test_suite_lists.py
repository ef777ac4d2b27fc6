"""conftest's tables name tests that exist, and place every test file in a tier.

A table's entry is a file, a test's name or a prefix of node ids: a test renamed or moved would
silently stop matching it, and a slow test would then run in the unit tier, or a test listed as
untraced would slow the run again under coverage's trace function, with nothing failing.  A new
test file must be placed in `TIERS` by its author (tests/README.md).  Read from the test files'
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


def test_every_test_file_has_a_tier():
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").glob("test_*.py"))
    assert [f for f in files if f not in conftest.TIERS] == [], "place these in conftest.TIERS"
    assert sorted(conftest.TIERS) == files, "conftest.TIERS names files there are not"
    assert {tier for tier, _ in conftest.TIERS.values()} <= {conftest.UNIT, conftest.INTEGRATION}


def test_every_test_of_another_tier_than_its_file_is_there():
    missing = [f"{file}::{name}" for file, (_, others) in conftest.TIERS.items()
               for name in sorted(others - _tests_in(ROOT / file))]
    assert missing == [], "conftest.TIERS names tests there are not"


@pytest.mark.parametrize("listed", ["UNTRACED", "TRACED", "COLD_CACHE"])
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


def test_a_unit_run_selects_unit_tests_alone():
    """`-m unit` loads the `unit` budgets and skips reading files with no unit test; any other
    selection is an ordinary run."""
    assert conftest._selects_only_unit("unit")
    assert conftest._selects_only_unit("unit and not soak")
    assert not conftest._selects_only_unit("integration")
    assert not conftest._selects_only_unit("unit or integration")
    assert not conftest._selects_only_unit("not soak")
    assert conftest.tier_of("tests/test_verify.py::test_corpus_is_big_enough") == conftest.UNIT
    assert conftest.tier_of("tests/test_verify.py::test_inconsistent_spec_is_caught_by_its_check[x]") == \
        conftest.INTEGRATION
    assert conftest.tier_of("tests/test_new_file.py::test_x") == conftest.INTEGRATION

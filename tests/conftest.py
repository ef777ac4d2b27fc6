"""Shared fixtures (the project's specs, loaded once per test session) and the two markers:

- `slow`: a test that takes seconds to minutes (Z3 over whole specs, builds, subprocess
  round trips, long random samples).  The README's test command and CI run them;
  `pytest -m "not slow"` leaves them out: the loop to run while working.
- `soak`: a budget of many minutes (thousands of positions or games), also `slow`.  Skipped
  unless `--soak` is given: `pytest --soak -m soak` runs only those."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc import ir
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


# Where the slow tests are, by node id prefix: whole modules whose every test runs Z3 over
# whole specs, builds a package or plays many games, and single tests elsewhere.  Kept here,
# in one list, so `-m "not slow"` stays a fast loop without a decorator on each test.
SLOW = (
    "tests/test_verify.py",
    "tests/test_mutations.py",
    "tests/test_schemas.py",
    "tests/test_package.py",
    "tests/test_packaged.py",
    "tests/test_conformance.py",
    "tests/test_structural_kinds.py",
    "tests/test_turn_conformance.py",
    "tests/test_limits.py",
    "tests/test_sim_paired.py",
    "tests/test_sim_parallel.py",
    "tests/test_sim_sweep.py",
    "tests/test_fuzz.py",
    "tests/test_validator.py::test_build_is_deterministic",
    "tests/test_validator.py::test_generated_code_passes_mypy_strict_and_ruff",
    "tests/test_validator.py::test_generated_is_a_fresh_build",
    "tests/test_rulebooks.py::test_examples_do_not_depend_on_the_model_z3_returns",
)


# Coverage of remikc/runtime/ (the README's test command) is taken where the runtime is what a
# test is about.  These modules hold the runtime up against the verifier's formulas, or do not
# run it at all, and are CPU-bound in Python: under Python 3.11 a trace function makes such
# code about 2.5x slower (tests/test_conformance.py::test_every_three_card_meld[remik51]: 18 s
# without coverage, 45 s with it), so coverage is paused while they run.  Nothing they reach
# is left unmeasured: the runtime's own tests cover the same lines (the report stays at 94%).
UNMEASURED = (
    "tests/test_conformance.py",
    "tests/test_structural_kinds.py",
    "tests/test_mutations.py",
    "tests/test_turn_conformance.py",
    "tests/test_fmt.py",
    "tests/test_fuzz.py",
    "tests/test_limits.py",
    "tests/test_verify.py",
    "tests/test_proofcache.py",
    "tests/test_schemas.py",
    "tests/test_lsp.py",
    "tests/test_cli_ux.py",
    "tests/test_rulebooks.py",
    "tests/test_rulebook_prose.py",
)

def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="run the soak budgets (tests marked `soak`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_soak = pytest.mark.skip(reason="a soak budget, many minutes: run with --soak")
    soak = config.getoption("--soak")
    for item in items:
        if item.get_closest_marker("soak"):
            item.add_marker(pytest.mark.slow)
            if not soak:
                item.add_marker(skip_soak)
        elif item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def workspace() -> Workspace:
    return Workspace()


@pytest.fixture(scope="session")
def load(workspace: Workspace):  # type: ignore[no-untyped-def]
    def _load(variant_id: str) -> ir.Variant:
        return workspace.variant(str(SPECS / f"{variant_id}.rules"))

    return _load


@pytest.fixture(autouse=True)
def _own_proof_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets an empty proof cache of its own (subprocesses inherit it): no test
    reads proofs another test left, whatever order they run in, and none writes
    `.remikc_cache/` into the project's spec folders."""
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(tmp_path_factory.mktemp("proofs")))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    paused = _pause_coverage() if item.nodeid.startswith(UNMEASURED) else None
    try:
        return (yield)
    finally:
        if paused is not None:
            paused.start()


def _pause_coverage():  # type: ignore[no-untyped-def]
    """The coverage measurement running in this process, stopped; None where there is none."""
    try:
        import coverage
    except ImportError:
        return None
    current = coverage.Coverage.current()
    if current is not None:
        current.stop()
    return current

"""Shared fixtures (the project's specs, loaded once per test session) and the two markers:

- `slow`: a test that takes seconds to minutes (Z3 over whole specs, builds, subprocess
  round trips, long random samples).  The README's test command and CI run them;
  `pytest -m "not slow"` leaves them out: the loop to run while working.
- `soak`: a budget of many minutes (thousands of positions or games), also `slow`.  Skipped
  unless `--soak` is given: `pytest --soak -m soak` runs only those."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle import untraced
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


# Modules none of whose tests runs a line of remikc/runtime/, the only code whose coverage the
# README's test command measures: they fuzz the parser, `fmt` and the verifier, and never load a
# generated module.  Under a trace function (coverage, Python 3.11) such code runs about twice
# as slow (test_fuzz::test_grammar_sentences with test_fmt's grammar test: 68 s of CPU bare,
# 143 s under --cov), and traced it adds nothing: their runtime coverage is 0 lines.  So their
# tests run with no trace function.  Unlike the coverage pause tried before (ea76cf8, reverted:
# it paused whole modules that do run the runtime, and lost a point), nothing measured is left out.
#
# Then bulk tests that do run the runtime, over and over (every three-card meld, every lay-off of
# 40 hands, whole games scored), where every line they reach is also reached by a test that stays
# traced: the coverage report is the same, line for line, with them untraced.  Checked when they
# were listed, with `--cov-context=test`: of the lines the runtime loses when all such candidates
# are untraced, each is reached by one that is not listed here (the saved-game round trips reach
# `View.from_dict`, the mutation test the refusals of rare rules, the structural kinds' random
# melds the refusals of a game with one kind of meld), so those stay traced.  Before listing
# another test, compare `--cov-report=term-missing` with and without it.
UNTRACED = (
    "tests/test_fuzz.py",
    "tests/test_fmt.py",
    "tests/test_conformance.py::test_every_three_card_meld[",
    "tests/test_conformance.py::test_random_melds[",
    "tests/test_conformance.py::test_random_openings[",
    "tests/test_structural_kinds.py::test_every_three_card_meld_agrees_with_the_verifier[",
    "tests/test_solver.py::test_every_lay_off_the_solver_finds_the_referee_accepts[",
    "tests/test_turn_conformance.py::test_played_deals_score_as_the_verifier_says[",
    "tests/test_sim_paired.py::test_simulate_a_higher_target_surely_lengthens_games",
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
def pytest_runtest_call(item: pytest.Item) -> object:
    """The tests `UNTRACED` lists, run with no trace function (this thread's)."""
    if not item.nodeid.startswith(UNTRACED):
        return (yield)
    with untraced():
        return (yield)

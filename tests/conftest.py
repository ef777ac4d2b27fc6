"""Shared fixtures (the project's specs, loaded once per test session) and the two markers:

- `slow`: a test that takes seconds to minutes (Z3 over whole specs, builds, subprocess
  round trips, long random samples).  The README's test command and CI run them;
  `pytest -m "not slow"` leaves them out: the loop to run while working.
- `soak`: a budget of many minutes (thousands of positions or games), also `slow`.  Skipped
  unless `--soak` is given: `pytest --soak -m soak` runs only those."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest

from oracle import untraced
from remikc import ir
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


# Where the slow tests are, by node id prefix: whole modules whose every test runs Z3 over
# whole specs, builds a package or plays many games, and single tests elsewhere.  Kept here,
# in one list, so `-m "not slow"` stays a fast loop without a decorator on each test.  Each
# entry of the lists here names a file or a whole test name (tests/test_suite_lists.py checks).
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
    "tests/test_play.py",
    "tests/test_validator.py::test_build_is_deterministic_and_check_names_stale_files",
    "tests/test_validator.py::test_generated_code_passes_mypy_strict_and_ruff",
    "tests/test_validator.py::test_generated_is_a_fresh_build",
    "tests/test_rulebooks.py::test_examples_do_not_depend_on_the_model_z3_returns",
)


# Tests that run no line of remikc/runtime/, the only code whose coverage the README's test
# command measures: they prove with Z3, parse, lay out, build, or drive the CLI and the editor
# server, and never run a generated module in this process.  Under a trace function (coverage,
# Python 3.11) their Python runs 1.5-2x slower (the inconsistent corpus of test_verify: 16.5 s
# bare, 24.9 s under --cov), and traced they add nothing: their runtime coverage is 0 lines.  So
# they run with no trace function, their fixtures' set-up included.  Unlike the coverage pause
# tried before (ea76cf8, reverted: it paused whole modules that do run the runtime, and lost a
# point), nothing measured is left out.  Found with `--cov-context=test`: every test below, whole
# modules first, had no context in the runtime's line data when it was listed (`TRACED` names
# the one since found to reach a line no other test does).
#
# Then bulk tests that do run the runtime, over and over (every three-card meld, every lay-off of
# 40 hands, whole games scored), where every line they reach is also reached by a test that stays
# traced: the coverage report is the same, line for line, with them untraced.  Checked when they
# were listed, with `--cov-context=test`: of the lines the runtime loses when all such candidates
# are untraced, each is reached by one that is not listed here (the saved-game round trips reach
# `View.from_dict`, the mutation test the refusals of rare rules, the structural kinds' random
# melds the refusals of a game with one kind of meld), so those stay traced.
#
# Before listing another test, compare `--cov-report=term-missing` with and without it; a new
# test in a module listed whole that does run the runtime belongs in a module that is not, or in
# `TRACED`.
UNTRACED = (
    # no runtime line in the whole module
    "tests/test_assumptions.py",
    "tests/test_docs.py",
    "tests/test_extends.py",
    "tests/test_fmt.py",
    "tests/test_fuzz.py",
    "tests/test_highlight.py",
    "tests/test_house.py",
    "tests/test_imports.py",
    "tests/test_interrupt.py",
    "tests/test_lsp.py",
    "tests/test_malformed.py",
    "tests/test_package.py",
    "tests/test_proofcache.py",
    "tests/test_security.py",
    "tests/test_seed_coverage.py",
    "tests/test_sim_stats.py",
    "tests/test_verify.py",
    "tests/test_verify_components.py",
    # no runtime line in the test, in a module whose other tests run the runtime
    "tests/test_cli.py::test_a_broken_inherited_check_points_at_its_remove_check_line",
    "tests/test_cli.py::test_a_skeleton_lists_the_parents_checks_ready_to_remove",
    "tests/test_cli.py::test_every_rule_line_of_a_skeleton_can_be_uncommented",
    "tests/test_cli.py::test_house_keeps_lists_the_checks_a_variant_removes",
    "tests/test_cli.py::test_new_writes_a_skeleton_that_checks_clean",
    "tests/test_cli_ux.py::test_quiet_check_of_clean_specs_says_nothing",
    "tests/test_cli_ux.py::test_quiet_check_says_only_what_is_wrong",
    "tests/test_cli_ux.py::test_verbose_check_gives_timings_and_the_rule_lines_of_proved_checks",
    "tests/test_encoding.py::test_check_with_verify_in_cp1250",
    "tests/test_encoding.py::test_full_disk_is_one_line",
    "tests/test_encoding.py::test_violated_check_is_x",
    "tests/test_limits.py::test_a_thousand_file_extends_chain_is_verified_parent_first",
    "tests/test_limits.py::test_attacker_sized_nesting_is_a_diagnostic[",
    "tests/test_packaged.py::test_new_over_a_shipped_parent_writes_only_the_child",
    "tests/test_rulebook_prose.py::test_a_rule_the_seed_states_is_never_marked[",
    "tests/test_rulebooks.py::test_every_rule_is_in_both_rulebooks",
    "tests/test_rulebooks.py::test_examples_do_not_depend_on_the_model_z3_returns[",
    "tests/test_rulebooks.py::test_no_sentence_speaks_of_a_rule_the_game_lacks[",
    "tests/test_rulebooks.py::test_remik51_states_every_rule_of_seeds_000_and_004",
    "tests/test_schemas.py::test_check_of_all_specs_with_verification_and_timings",
    "tests/test_validator.py::test_generated_code_passes_mypy_strict_and_ruff",
    # bulk runtime tests whose every line a traced test reaches too
    "tests/test_conformance.py::test_every_three_card_meld[",
    "tests/test_conformance.py::test_random_melds[",
    "tests/test_conformance.py::test_random_openings[",
    "tests/test_structural_kinds.py::test_every_three_card_meld_agrees_with_the_verifier[",
    "tests/test_solver.py::test_every_lay_off_the_solver_finds_the_referee_accepts[",
    "tests/test_turn_conformance.py::test_played_deals_score_as_the_verifier_says[",
    "tests/test_sim_paired.py::test_simulate_a_higher_target_surely_lengthens_games",
    # ... and, of the tests over 5 s, those whose lines the tests left traced all reach (taken
    # slowest first, each only if every line it reaches is reached by a test still traced; of the
    # per-variant ones, saves of karuzela and remik51, mutations of karuzela and
    # remik_podstawowy_as, and schemas of remik51 and remik51_domowy stay traced)
    "tests/test_sim_cluster.py::test_a_sweep_on_the_cluster_equals_the_local_one",
    "tests/test_sim_cluster.py::test_a_cluster_run_equals_the_local_one",
    "tests/test_sim_sweep.py::test_sweep_a_small_grid",
    "tests/test_sim_sweep.py::test_one_game_is_one_game",
    "tests/test_validator.py::test_build_is_deterministic_and_check_names_stale_files",
    "tests/test_validator.py::test_the_build_does_not_depend_on_the_folder_it_runs_in",
    "tests/test_validator.py::test_generated_is_a_fresh_build",
    "tests/test_limits.py::test_a_spec_at_the_limit_goes_through_every_pass",
    "tests/test_browser.py::test_pdf_build_through_weasyprint",
    "tests/test_mutations.py::test_every_rule_changes_some_verdict[remik_podstawowy]",
    "tests/test_mutations.py::test_every_rule_changes_some_verdict[remik51]",
    "tests/test_mutations.py::test_every_rule_changes_some_verdict[remik51_domowy]",
    "tests/test_mutations.py::test_every_rule_changes_some_verdict[remik_klasyczny]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_20_games[remik_klasyczny]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_20_games[remik51_domowy]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_20_games[remik_podstawowy_as]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_20_games[remik_podstawowy]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_podstawowy]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[karuzela]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_klasyczny]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_podstawowy_as]",
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


# Tests in a module `UNTRACED` lists whole that run the runtime in this process, reaching a line
# no other test does: the live-referee witness of test_verify plays its games here (`--jobs 1`),
# and its blocked deals are the only ones the tests play (`_end_deal(game, "blocked", ...)`).
# test_proofcache's builds run generated modules too, but every line they reach is reached by
# traced tests (the coverage report is the same with them untraced).
TRACED = ("tests/test_verify.py::test_the_referee_agrees_with_turn_live[",)


def _untraced_phase(item: pytest.Item) -> Generator[None, object, object]:
    if not item.nodeid.startswith(UNTRACED) or item.nodeid.startswith(TRACED):
        return (yield)
    with untraced():
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    """The set-up (fixtures such as test_verify's proved seed specs) of the tests `UNTRACED`
    lists, run with no trace function (this thread's)."""
    return (yield from _untraced_phase(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """The tests `UNTRACED` lists, run with no trace function (this thread's)."""
    return (yield from _untraced_phase(item))

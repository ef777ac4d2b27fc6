"""The tiers every test belongs to, the shared fixtures, and what runs untraced under coverage.

Tiers (markers given here, by `TIERS`; tests/README.md says how to place a test):

- `unit`: no Z3 proof of a whole spec, no subprocess, no package or `remikc build` of a whole
  spec; the whole tier within 60 s on two cores.  `pytest -m unit -n auto` (the README's fast
  command) runs it alone, its Hypothesis properties on a tenth of their budget.
- `integration`: the rest of an ordinary run.  The README's test command (and CI) runs both.
- `soak`: a budget of many minutes, marked `@pytest.mark.soak` on the test itself; skipped
  unless `--soak` is given (`pytest --soak -m soak`), which also loads the `soak` budgets.

Fixtures shared by the whole session (made once per process, so once per xdist worker): the
seed specs read (`workspace`, `load`), their generated modules (`seed_modules`), their rulebook
examples (`seed_examples`), their reports (`seed_reports`) and a proof cache holding both
(`proved_seeds`), which each integration test gets a copy of, so no test proves a seed again
unless it means to; and one `remikc build specs/` (`seed_build`)."""

from __future__ import annotations

import contextlib
import io
import multiprocessing.process
import os
import pickle
import shutil
import subprocess
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import budgets
import pytest
from hypothesis import settings

from oracle import untraced
from remikc import ir
from remikc.module import VariantModule
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
UNIT, INTEGRATION, SOAK = "unit", "integration", "soak"

budgets.register()
settings.load_profile("remikc")  # before any test module states its budgets


# --- tiers ------------------------------------------------------------------------------------

# Every test file: the tier of its tests, and the names of those of the other tier (every
# parameter of a test has its tier).  Found by running each test alone and reading what it did
# (a process started, a whole spec proved or built) and its time; tests/README.md says how to
# place a new one.  A file missing here runs as `integration`, and tests/test_suite_lists.py fails.
TIERS: dict[str, tuple[str, set[str]]] = {
    "tests/test_api_validation.py": (UNIT, {
        "test_two_variants_in_one_process_by_name",
    }),
    "tests/test_assumptions.py": (UNIT, set()),
    "tests/test_browser.py": (INTEGRATION, {
        "test_half_full_rule_reads_a_pdf", "test_pdf_without_the_extra_says_what_to_install",
        "test_without_javascript_the_box_is_hidden_and_in_print_too",
    }),
    "tests/test_author_hints.py": (UNIT, {
        "test_following_the_e021_hints_gives_a_spec_that_passes",
        "test_a_house_variants_e021_hints_name_the_edit_in_its_own_file",
        "test_a_winner_who_collects_is_told_the_highest_total_wins",
        "test_penalties_on_karuzela_are_told_the_lowest_total_wins_and_its_bonus_turns_round",
        "test_a_winner_turned_round_on_the_familys_own_line_is_changed_there",
        "test_a_run_round_the_corner_is_told_the_ace_must_be_high_and_low",
    }),
    "tests/test_build_verifies.py": (INTEGRATION, {
        "test_a_verified_rulebook_has_no_notice_and_an_unverified_one_does",
    }),
    "tests/test_cards.py": (UNIT, set()),
    "tests/test_changes_list.py": (UNIT, set()),
    "tests/test_cli.py": (UNIT, {
        "test_a_broken_inherited_check_points_at_its_remove_check_line",
        "test_a_skeleton_lists_the_parents_checks_ready_to_remove", "test_build_into_proc_is_a_clean_error",
        "test_build_where_a_folder_cannot_be_made_writes_nothing", "test_check_json",
        "test_every_rule_line_of_a_skeleton_can_be_uncommented",
        "test_house_keeps_lists_the_checks_a_variant_removes",
        "test_new_writes_a_skeleton_that_checks_clean", "test_undecided_checks_exit_1",
    }),
    "tests/test_cli_contract.py": (UNIT, set()),
    "tests/test_cli_ux.py": (UNIT, {
        "test_bash_completion_is_valid_bash", "test_every_command_that_reads_a_spec_reads_stdin",
        "test_quiet_check_of_clean_specs_says_nothing", "test_quiet_check_says_only_what_is_wrong",
        "test_stdin_through_a_real_pipe",
        "test_verbose_check_gives_timings_and_the_rule_lines_of_proved_checks",
    }),
    "tests/test_conformance.py": (INTEGRATION, set()),
    "tests/test_cut_card.py": (UNIT, set()),
    "tests/test_declared_jokers.py": (UNIT, set()),
    "tests/test_docs.py": (UNIT, {
        "test_doc_examples_show_what_the_command_prints",
        "test_the_simulate_json_example_has_the_keys_simulate_prints",
    }),
    "tests/test_editors.py": (INTEGRATION, set()),
    "tests/test_encoding.py": (INTEGRATION, {
        "test_console_decides_per_stream", "test_console_transliterates_what_the_stream_lacks",
        "test_escape_json_is_ensure_ascii", "test_in_process_help_goes_to_the_given_stdout",
        "test_in_process_string_streams_keep_unicode",
    }),
    "tests/test_extends.py": (UNIT, set()),
    "tests/test_fmt.py": (UNIT, {"test_dash_writes_the_file_as_utf8_whatever_the_console_encoding"}),
    "tests/test_fuzz.py": (UNIT, {
        "test_the_verifier_handles_any_spec_that_reads",
    }),
    "tests/test_highlight.py": (UNIT, set()),
    "tests/test_house.py": (UNIT, set()),
    "tests/test_house_corpus.py": (INTEGRATION, {
        "test_the_corpus_is_as_large_as_promised", "test_the_list_of_changes_names_each_change_once",
    }),
    "tests/test_imports.py": (UNIT, set()),
    "tests/test_interrupt.py": (INTEGRATION, {
        "test_ctrl_c_inside_a_z3_constructor_waits_until_the_object_is_made",
    }),
    "tests/test_jokers_only_in.py": (UNIT, {
        "test_the_verifier_finds_the_choice_between_readings_dead",
        "test_the_house_variant_passes_its_checks_and_its_book_states_the_rule",
    }),
    "tests/test_limits.py": (INTEGRATION, {
        "test_a_4301_digit_number_is_a_diagnostic", "test_a_huge_range_end_is_a_diagnostic",
        "test_the_limit_is_exact", "test_the_limits_are_the_documented_ones",
    }),
    "tests/test_lsp.py": (INTEGRATION, {
        "test_a_remove_line_leads_to_what_the_parent_gives",
        "test_completion_after_when_offers_the_facts_a_condition_tests",
        "test_completion_in_the_special_sections_offers_ranks_and_kinds_of_example",
        "test_hover_gives_the_numbers_a_rule_takes",
        "test_the_rules_a_removal_rests_on_are_completed_and_hovered_by_their_dotted_ids",
        "test_without_pygls_the_command_says_how_to_install_it",
    }),
    "tests/test_lsp_spare.py": (UNIT, set()),
    "tests/test_malformed.py": (UNIT, set()),
    "tests/test_meld_order.py": (UNIT, set()),
    "tests/test_mutations.py": (INTEGRATION, set()),
    "tests/test_notation.py": (UNIT, set()),
    "tests/test_no_card_literals.py": (UNIT, set()),
    "tests/test_nothing_lost.py": (UNIT, {
        "test_build_and_list_skip_a_fifo", "test_standard_input_is_read_up_to_the_limit_only",
        "test_one_id_in_two_folders_builds_nothing",
    }),
    "tests/test_opening_rearranged.py": (INTEGRATION, set()),
    "tests/test_output.py": (INTEGRATION, {
        "test_new_and_write_atomic_follow_the_umask",
    }),
    "tests/test_package.py": (INTEGRATION, set()),
    "tests/test_packaged.py": (UNIT, {
        "test_a_differing_local_parent_shadows_the_shipped_one_with_a_warning",
        "test_a_shipped_parent_is_shown_by_its_package_name",
        "test_new_over_a_shipped_parent_writes_only_the_child",
    }),
    "tests/test_play.py": (INTEGRATION, set()),
    "tests/test_play_table.py": (UNIT, set()),
    "tests/test_plain_melds.py": (UNIT, set()),
    "tests/test_read_sets.py": (UNIT, {
        "test_every_reused_verdict_is_the_cold_verdict",
    }),
    "tests/test_proofcache.py": (INTEGRATION, {
        "test_an_ir_entry_builds_nothing_but_ir_types",
        "test_the_ir_fast_path_follows_every_file_a_spec_is_built_from",
    }),
    "tests/test_reasons.py": (UNIT, set()),
    "tests/test_referee.py": (UNIT, set()),
    "tests/test_referee_app.py": (UNIT, set()),
    "tests/test_rulebook_prose.py": (UNIT, {
        "test_a_book_without_lessons_still_reads",
        "test_a_spec_whose_rules_refuse_the_shipped_deal_still_builds",
    }),
    "tests/test_table_questions.py": (UNIT, set()),
    "tests/test_rulebooks.py": (UNIT, {
        "test_a_wrong_example_stops_the_build", "test_examples_do_not_depend_on_the_model_z3_returns",
        "test_examples_hold_under_the_generated_validator", "test_golden_rulebooks",
        "test_no_sentence_speaks_of_a_rule_the_game_lacks",
        "test_the_meld_read_both_ways_is_one_the_house_rules_allow",
        "test_remik51_states_every_rule_of_seeds_000_and_004",
        "test_a_lower_threshold_is_taught_by_an_opening_worth_it",
    }),
    "tests/test_saves.py": (UNIT, {
        "test_round_trip_at_every_step_of_many_games", "test_saved_games_and_views_follow_the_schema",
    }),
    "tests/test_schemas.py": (UNIT, {
        "test_check_of_all_specs_with_verification_and_timings",
        "test_ir_diff_explain_and_simulate_of_each_spec",
        "test_sweep_with_a_point_played_and_a_point_skipped",
    }),
    "tests/test_scoring_semantics.py": (UNIT, set()),
    "tests/test_security.py": (INTEGRATION, {
        "test_a_folder_name_does_not_become_code", "test_backslashes_in_a_name_give_a_module_that_compiles",
        "test_hostile_texts_and_folders_never_become_code_or_markup",
        "test_markdown_escapes_values_but_not_words", "test_no_pickle_anywhere_in_remikc",
    }),
    "tests/test_said_when_it_holds.py": (UNIT, set()),
    "tests/test_seed_coverage.py": (UNIT, set()),
    "tests/test_sim_cluster.py": (INTEGRATION, {
        "test_a_chunk_cut_by_another_version_is_refused_by_the_worker",
        "test_scheduler_and_jobs_together_are_refused", "test_without_dask_the_option_says_how_to_get_it",
    }),
    "tests/test_sim_paired.py": (UNIT, {
        "test_simulate_a_higher_target_surely_lengthens_games",
        "test_simulate_same_spec_twice_is_not_significant_anywhere",
        "test_games_that_cannot_end_are_said_so_after_the_first_games",
    }),
    "tests/test_sim_parallel.py": (UNIT, {
        "test_a_hand_that_cannot_open_cannot_hand", "test_max_deals_caps_games_and_says_so",
        "test_the_quick_no_to_an_opening_is_never_wrong", "test_the_same_report_for_one_job_and_two",
    }),
    "tests/test_sim_play.py": (UNIT, {
        "test_every_listed_action_is_accepted", "test_greedy_games_end", "test_simulate_imports_no_z3",
        "test_the_simulate_command_imports_no_z3", "test_the_command_line_loads_no_simulator",
    }),
    "tests/test_sim_stats.py": (UNIT, {
        "test_a_capped_game_is_not_finished", "test_simulate_end_to_end_real_games",
    }),
    "tests/test_sim_sweep.py": (INTEGRATION, {
        "test_a_point_is_a_house_variant_in_memory", "test_sweep_bad_vary_is_a_usage_error",
        "test_sweep_needs_a_vary", "test_sweep_plot_charts_every_metric",
        "test_sweep_plot_extension_it_cannot_write_is_refused", "test_vary_refused", "test_vary_values",
        "test_the_table_puts_each_number_under_its_own_label",
    }),
    "tests/test_solver.py": (UNIT, {
        "test_best_melds_and_deadwood_match_the_exhaustive_reference",
        "test_best_melds_equal_z3_optimum_on_larger_hands", "test_best_opening_matches_every_valid_opening",
        "test_best_play_matches_the_exhaustive_reference", "test_the_sweep_is_exact_under_house_rules",
        "test_every_lay_off_the_solver_finds_the_referee_accepts",
        "test_a_run_round_the_corner_is_laid_by_the_sweep", "test_a_run_round_the_corner_counts_its_ace_high",
        "test_jokers_round_the_corner_save_every_card", "test_runs_of_mixed_suits_are_laid_by_the_sweep",
        "test_jokers_in_sets_only_are_worked_out_exactly",
        "test_the_sweep_agrees_with_the_search_round_the_corner",
        "test_house_rules_on_runs_worked_out_by_hand",
        "test_the_quick_answers_for_a_hand_with_one_joker_hold_round_the_corner",
    }),
    "tests/test_solver_budget.py": (UNIT, set()),
    "tests/test_specs_ir.py": (UNIT, set()),
    "tests/test_structural_kinds.py": (INTEGRATION, {
        "test_games_play_to_their_end_under_the_referee", "test_the_delta_is_the_kind_it_says",
        "test_two_variants_in_one_process_are_two_modules",
    }),
    "tests/test_suite_lists.py": (UNIT, set()),
    "tests/test_tokens.py": (UNIT, set()),
    "tests/test_turn_conformance.py": (INTEGRATION, {
        "test_the_compiled_score_terms_are_z3s_own",
    }),
    "tests/test_validator.py": (UNIT, {
        "test_build_is_deterministic_and_check_names_stale_files",
        "test_generated_code_passes_mypy_strict_and_ruff", "test_generated_is_a_fresh_build",
        "test_the_build_does_not_depend_on_the_folder_it_runs_in",
        "test_the_module_needs_only_the_standard_library",
    }),
    "tests/test_verify.py": (INTEGRATION, {
        "test_a_run_may_start_with_a_joker_in_base51", "test_card_functions_are_type_checked",
        "test_corpus_is_big_enough", "test_distinct_suits_is_proved_under_suits_distinct",
        "test_distinct_suits_is_refuted_with_the_two_places",
        "test_each_new_check_has_five_broken_and_five_unusual_specs",
        "test_exists_property_gives_an_example", "test_game_reachable_reads_every_scoring_component",
        "test_no_run_wraps_is_proved_under_wrap_forbidden",
        "test_no_run_wraps_is_refuted_by_a_run_round_the_corner", "test_property_proved",
        "test_property_refuted_with_a_counterexample", "test_ranks_climb_one_by_one_in_a_run",
        "test_removing_a_check_that_is_not_built_in_or_without_a_reason_is_an_error",
    }),
    "tests/test_verify_components.py": (INTEGRATION, {
        "test_every_scoring_component_is_read_by_some_check",
    }),
    "tests/test_web.py": (UNIT, {
        "test_build_target_js_writes_the_module_and_its_types_alone", "test_the_docs_example_runs",
    }),
    "tests/test_web_conformance.py": (INTEGRATION, set()),
}


def tier_of(nodeid: str) -> str:
    """The tier `TIERS` gives a test (a soak budget is marked on the test itself)."""
    file, _, name = nodeid.partition("::")
    tier, others = TIERS.get(file, (INTEGRATION, set()))
    if name.split("[", 1)[0] in others:
        return UNIT if tier == INTEGRATION else INTEGRATION
    return tier


def _tiers_in(file: str) -> set[str]:
    """The tiers the tests of `file` may have."""
    tier, others = TIERS.get(file, (INTEGRATION, set()))
    return {tier, SOAK} | ({UNIT, INTEGRATION} if others else set())


def _selects_only_unit(markexpr: str) -> bool:
    """Whether `-m markexpr` selects unit tests and nothing else of a tier."""
    from _pytest.mark.expression import Expression

    try:
        expression = Expression.compile(markexpr)
    except Exception:  # a mistyped expression: pytest says so itself
        return False
    return expression.evaluate(lambda name, **_: name == UNIT) and not any(
        expression.evaluate(lambda name, t=t, **_: name == t) for t in (INTEGRATION, SOAK))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="run the soak budgets (tests marked `soak`)")


def pytest_configure(config: pytest.Config) -> None:
    """The Hypothesis profile the run asks for (tests/budgets.py), unless one is named by hand."""
    if config.getoption("hypothesis_profile", None):
        return
    if config.getoption("--soak"):
        settings.load_profile("soak")
    elif _selects_only_unit(config.getoption("markexpr", "") or ""):
        settings.load_profile("unit")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A file none of whose tests `-m` can select is not even imported: `-m unit` reads only the
    files with unit tests (importing the rest would cost its workers seconds each)."""
    markexpr = config.getoption("markexpr", "") or ""
    if not markexpr or collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    from _pytest.mark.expression import Expression

    try:
        expression = Expression.compile(markexpr)
        file = collection_path.resolve().relative_to(ROOT).as_posix()
    except Exception:
        return None
    if any(expression.evaluate(lambda name, t=t, **_: name == t) for t in _tiers_in(file)):
        return None
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_soak = pytest.mark.skip(reason="a soak budget, many minutes: run with --soak")
    soak = config.getoption("--soak")
    for item in items:
        if item.get_closest_marker(SOAK):
            if not soak:
                item.add_marker(skip_soak)
            continue
        item.add_marker(tier_of(item.nodeid))


@pytest.fixture(autouse=True)
def _unit_tests_start_no_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit test that starts a process fails, saying where it belongs."""
    if tier_of(request.node.nodeid) != UNIT or request.node.get_closest_marker(SOAK):
        return

    def refused(*args: object, **kwargs: object) -> Any:
        raise AssertionError(f"{request.node.nodeid} starts a process: no unit test does; "
                             "move it to `integration` in tests/conftest.py (tests/README.md)")

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)
    monkeypatch.setattr(os, "fork", refused)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refused)  # `simulate`'s workers


# --- shared fixtures --------------------------------------------------------------------------

@pytest.fixture(scope="session")
def workspace() -> Workspace:
    return Workspace()


@pytest.fixture(scope="session")
def load(workspace: Workspace) -> Callable[[str], ir.Variant]:
    def _load(variant_id: str) -> ir.Variant:
        return workspace.variant(str(SPECS / f"{variant_id}.rules"))

    return _load


@pytest.fixture(scope="session")
def seed_modules(workspace: Workspace, load: Callable[[str], ir.Variant]) -> Callable[[str], VariantModule]:
    """The generated module of a seed variant, rendered and compiled once per process: the tests
    that call a seed's validator, solver or referee share them (a test that changes one does so
    with `monkeypatch`, which puts it back)."""
    from remikc.build import load_module, validator_source

    made: dict[str, VariantModule] = {}

    def module(variant_id: str) -> VariantModule:
        if variant_id not in made:
            made[variant_id] = load_module(variant_id, validator_source(load(variant_id), workspace))
        return made[variant_id]

    return module


@pytest.fixture(scope="session")
def seed_examples(load: Callable[[str], ir.Variant],
                  tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Any]:
    """A seed variant's rulebook examples (the plays the solver finds: `witness.examples`),
    found once per process; under xdist once per run: the worker that finds a seed's examples
    leaves them (pickled, so each worker's are the very objects the solver returned, not a
    proof cache entry read back) in the folder the workers share, and the others read them."""
    from remikc.verify.witness import examples

    found: dict[str, Any] = {}
    shared = _shared(tmp_path_factory)

    def of(variant_id: str) -> Any:
        if variant_id in found:
            return found[variant_id]
        kept = shared / "examples" / f"{variant_id}.pickle" if shared is not None else None
        if kept is not None and kept.is_file():
            found[variant_id] = pickle.loads(kept.read_bytes())
            return found[variant_id]
        with untraced():  # Z3 alone: no line of remikc/runtime/ runs in the search
            found[variant_id] = examples(load(variant_id))
        if kept is not None:  # written whole, then renamed: another worker never reads half
            kept.parent.mkdir(exist_ok=True)
            writing = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
            writing.write_bytes(pickle.dumps(found[variant_id]))
            writing.replace(kept)
        return found[variant_id]

    return of


_USER_CACHE: list[Path] = []


def _shared(factory: pytest.TempPathFactory) -> Path | None:
    """The folder the xdist workers of this run share (the parent of each one's own temporary
    folder), or None in a run of one process (or where files cannot be locked)."""
    if "PYTEST_XDIST_WORKER" not in os.environ or os.name != "posix":
        return None
    return factory.getbasetemp().parent


@contextlib.contextmanager
def _locked(path: Path) -> Generator[None, None, None]:
    """`path` locked against the other workers of the run meanwhile."""
    import fcntl

    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _user_cache(factory: pytest.TempPathFactory) -> Path:
    """This process's stand-in for the user's cache folder (`$XDG_CACHE_HOME`).  Under xdist,
    every worker's holds the same key (made once, by the first to ask), so the seeds' proofs
    signed by one worker are read by every other (`proved_seeds`)."""
    if not _USER_CACHE:
        folder = factory.mktemp("user-cache")
        shared = _shared(factory)
        if shared is not None:
            from remikc import proofcache

            with _locked(shared / "user-key.lock"), pytest.MonkeyPatch.context() as patch:
                patch.setenv("XDG_CACHE_HOME", str(shared / "user-key"))
                assert proofcache.user_key() is not None
                (folder / "remikc").mkdir(mode=0o700)
                shutil.copy2(proofcache.shipped_folder() / proofcache.KEY_FILE,
                             folder / "remikc" / proofcache.KEY_FILE)
        _USER_CACHE.append(folder)
    return _USER_CACHE[0]


class ProvedSeeds:
    """What `remikc check specs/` proves and `remikc build specs/` finds, once per process: the
    seeds' reports (`reports`, by variant id) and a proof cache holding them and the seeds'
    rulebook examples (`cache`)."""

    def __init__(self, cache: Path, user_cache: Path, examples: Callable[[str], Any] | None,
                 jobs: int = 1) -> None:
        """`examples` None: `cache` already holds the examples (a copy of another worker's)."""
        from remikc import proofcache
        from remikc.driver import Verifier, check_paths

        self.cache = cache
        # untraced: these proofs run no line of remikc/runtime/
        with pytest.MonkeyPatch.context() as patch, untraced():
            patch.setenv("REMIKC_CACHE_DIR", str(cache))
            patch.setenv("XDG_CACHE_HOME", str(user_cache))
            run = check_paths([str(SPECS)], cache=True)
            wanted = [(r.path, r.variant) for r in run.results if r.variant is not None]
            done = Verifier(run.workspace, jobs=jobs, cache=True).reports(wanted)
            self.reports = {variant.id: done[os.path.normpath(path)] for path, variant in wanted}
            for path, variant in wanted if examples is not None else []:
                proofcache.store_examples(path, variant, examples(variant.id))


@pytest.fixture(scope="session")
def proved_seeds(tmp_path_factory: pytest.TempPathFactory,
                 seed_examples: Callable[[str], Any]) -> ProvedSeeds:
    """Under xdist the seeds are proved once for the whole run, not once per worker: the first
    worker to ask proves them (its Z3 questions on two processes) into a folder the workers
    share, and each worker reads a copy of it, its reports taken from the cache (every worker
    holds the same key: `_user_cache`)."""
    cache = tmp_path_factory.mktemp("seeds") / "cache"
    user_cache = _user_cache(tmp_path_factory)
    shared = _shared(tmp_path_factory)
    if shared is None:
        return ProvedSeeds(cache, user_cache, seed_examples)
    with _locked(shared / "seeds.lock"):
        if not (shared / "seeds").is_dir():
            shutil.rmtree(shared / "seeds-proving", ignore_errors=True)
            ProvedSeeds(shared / "seeds-proving", user_cache, seed_examples, jobs=2)
            (shared / "seeds-proving").rename(shared / "seeds")
    shutil.copytree(shared / "seeds", cache)
    return ProvedSeeds(cache, user_cache, None)


@pytest.fixture(scope="session")
def seed_reports(proved_seeds: ProvedSeeds) -> dict[str, Any]:
    """Each seed variant's report, proved once per process (`Verifier`, as `remikc check` proves)."""
    return proved_seeds.reports


@pytest.fixture(scope="session")
def seed_build(proved_seeds: ProvedSeeds, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`remikc build specs/` once per process (under xdist once per run: the first worker to ask
    builds into the folder the workers share, the others copy it), its examples taken from
    `proved_seeds`' cache: the folder it built (tests/test_validator.py compares it with
    generated/)."""
    folder = tmp_path_factory.mktemp("build") / "generated"
    shared = _shared(tmp_path_factory)
    if shared is None:
        _build_seeds(proved_seeds, tmp_path_factory, folder)
        return folder
    with _locked(shared / "build.lock"):
        if not (shared / "build").is_dir():
            shutil.rmtree(shared / "build-writing", ignore_errors=True)
            _build_seeds(proved_seeds, tmp_path_factory, shared / "build-writing")
            (shared / "build-writing").rename(shared / "build")
    shutil.copytree(shared / "build", folder)
    return folder


def _build_seeds(proved_seeds: ProvedSeeds, tmp_path_factory: pytest.TempPathFactory, folder: Path) -> None:
    from remikc.cli import main

    # untraced: every runtime line the build reaches (its examples checked, its scored deals
    # played) is reached by traced tests too
    with pytest.MonkeyPatch.context() as patch, untraced():
        patch.setenv("REMIKC_CACHE_DIR", str(proved_seeds.cache))
        patch.setenv("XDG_CACHE_HOME", str(_user_cache(tmp_path_factory)))
        out, err = io.StringIO(), io.StringIO()
        code = main(["build", "--out", str(folder), str(SPECS)], out, err)
    assert code == 0, out.getvalue() + err.getvalue()


# Tests that start from an empty proof cache although they are integration tests: those about
# the cache, and those that count what it holds or time the proofs.
COLD_CACHE = ("tests/test_proofcache.py",)


@pytest.fixture(autouse=True)
def _every_game_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """`remikc simulate` in a test checks every invariant of every game (`--check all`), where a
    user's run checks a sample; a test that means the sample says `--check sample`."""
    import remikc.commands.simulate

    monkeypatch.setattr(remikc.commands.simulate, "DEFAULT_CHECK", "all")


@pytest.fixture(autouse=True)
def _own_proof_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test has a proof cache of its own (subprocesses inherit it), so no test reads what
    another test left, whatever order they run in, and none writes `.remikc_cache/` into the
    project's spec folders.  An integration test's starts as a copy of `proved_seeds`' (the
    seeds proved and their examples found), unless `COLD_CACHE` names it; a unit test's is empty
    (no unit test proves a whole spec)."""
    folder = tmp_path_factory.mktemp("proofs")
    # The user's cache folder, where the key that vouches for the entries lives, is one per
    # process and never the home folder's: the entries copied from `proved_seeds` were signed
    # with its key, and a test about the key sets a folder of its own.
    monkeypatch.setenv("XDG_CACHE_HOME", str(_user_cache(tmp_path_factory)))
    nodeid = request.node.nodeid
    if tier_of(nodeid) != UNIT and not nodeid.startswith(COLD_CACHE):
        shutil.copytree(request.getfixturevalue("proved_seeds").cache, folder, dirs_exist_ok=True)
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(folder))


# Tests that run no line of remikc/runtime/, the only code whose coverage the README's test
# command measures: they prove with Z3, parse, lay out, build, or drive the CLI and the editor
# server, and never run a generated module in this process.  Under a trace function (coverage,
# Python 3.11) their Python runs 1.5-2x slower (the inconsistent corpus of test_verify: 16.5 s
# bare, 24.9 s under --cov), and traced they add nothing: their runtime coverage is 0 lines.  So
# they run with no trace function, their fixtures' set-up included.  Only tests are listed, never
# whole modules of remikc: pausing coverage over a module that does run the runtime loses lines
# only it reaches, so nothing measured is left out.  Found with `--cov-context=test`: every test below, whole
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
    "tests/test_tokens.py",
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
    "tests/test_rulebooks.py::test_every_rule_is_in_both_rulebooks",
    "tests/test_rulebooks.py::test_examples_do_not_depend_on_the_model_z3_returns[",
    "tests/test_rulebooks.py::test_no_sentence_speaks_of_a_rule_the_game_lacks[",
    "tests/test_rulebooks.py::test_remik51_states_every_rule_of_seeds_000_and_004",
    "tests/test_schemas.py::test_check_of_all_specs_with_verification_and_timings",
    "tests/test_validator.py::test_generated_code_passes_mypy_strict_and_ruff",
    "tests/test_structural_kinds.py::test_every_kinds_module_passes_ruff_and_mypy_strict",
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
    "tests/test_saves.py::test_round_trip_at_every_step_of_many_games[remik_klasyczny]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_many_games[remik51_domowy]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_many_games[remik_podstawowy_as]",
    "tests/test_saves.py::test_round_trip_at_every_step_of_many_games[remik_podstawowy]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_podstawowy]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[karuzela]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_klasyczny]",
    "tests/test_schemas.py::test_ir_diff_explain_and_simulate_of_each_spec[remik_podstawowy_as]",
)


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

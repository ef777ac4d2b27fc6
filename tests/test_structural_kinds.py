"""Every structural kind of game makes a module that lints, type-checks and agrees with the
verifier - not only the six seed specs.

The kinds are small deltas of the real specs, written here as house variants: runs only,
sets only, no jokers, no joker swap; the seed specs themselves cover the rest (several
decks: Remik 51; no opening rule: Remik podstawowy and Karuzela; table rearranging and no
discard step: Karuzela), and test_validator.py holds their modules to the same checks.  Each
module is rendered, checked by `ruff` and `mypy --strict`, then judged against the
verifier's formulas on every 3-card meld and on random melds and openings, and plays a few
games under its own referee.
"""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from budgets import examples

from oracle import (
    CODES,
    MeldOracle,
    OpeningOracle,
    in_order,
    judge,
    meld_rules,
    near_meld,
    near_opening,
    validator,
)
from remikc.build import load_module, validator_source
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"

DELTAS = {
    # variant id: (parent, the body of the house variant)
    "tylko_sekwensy": ("remik_podstawowy", "remove set"),
    "tylko_grupy": ("remik_podstawowy", "remove run"),
    # docs/dsl.md's example of a house rule without jokers
    "bez_jokerow": ("remik51", "deck {\n    override jokers 0\n  }\n  values {\n    remove joker\n  }\n"
                               "  remove jokers\n  remove joker_swap\n"
                               "  scoring {\n    remove joker_in_hand\n  }"),
    "bez_wymiany": ("remik51", "remove joker_swap"),
}


def _delta(folder: Path, variant: str) -> Path:
    parent, body = DELTAS[variant]
    shutil.copy(SPECS / f"{parent}.rules", folder / f"{parent}.rules")
    path = folder / f"{variant}.rules"
    path.write_text(f'variant {variant} extends "{parent}" {{\n  name pl "{variant}"\n  name hr "{variant}"\n'
                    f"  {body}\n}}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module", params=sorted(DELTAS))
def kind(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(request.param)
    workspace = Workspace()
    v = workspace.variant(str(_delta(folder, request.param)))
    source = validator_source(v, workspace)
    (folder / "module").mkdir()
    (folder / "module" / "validator.py").write_text(source, encoding="utf-8")
    return v, load_module(v.id, source), folder / "module"


def test_the_delta_is_the_kind_it_says(kind):
    v, module, _ = kind
    expected = {
        "tylko_sekwensy": (True, False), "tylko_grupy": (False, True),
    }.get(v.id)
    if expected is not None:
        assert expected == (module.HAS_RUN, module.HAS_SET)
    if v.id == "bez_jokerow":
        assert not module.HAS_JOKERS and module.DECK_JOKERS == 0 and not module.HAS_SWAP
    if v.id == "bez_wymiany":
        assert not module.HAS_SWAP
        assert [(r.code, r.rule, str(r)) for r in module.check_joker_swap("7♥ JK 9♥", "8♥").reasons] == [
            ("swap.none", None, "this game has no joker swap")]


def test_every_kinds_module_passes_ruff_and_mypy_strict(tmp_path):
    """All four modules in one run of each tool (mypy's start costs more than a module): each
    under its own name, `<kind>.py`, in one folder."""
    workspace = Workspace()
    for variant in sorted(DELTAS):
        (tmp_path / variant).mkdir()
        v = workspace.variant(str(_delta(tmp_path / variant, variant)))
        (tmp_path / f"{variant}.py").write_text(validator_source(v, workspace), encoding="utf-8")
    modules = [str(tmp_path / f"{variant}.py") for variant in sorted(DELTAS)]
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    for config in (["--isolated"], ["--config", str(ROOT / "pyproject.toml")]):
        done = subprocess.run([ruff, "check", *config, *modules], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
    mypy = pytest.importorskip("mypy.api")
    report, errors, status = mypy.run(["--strict", "--no-incremental", *modules])
    assert status == 0 and f"in {len(modules)} source files" in report, report + errors


def test_every_three_card_meld_agrees_with_the_verifier(kind, workspace):
    v, module, _ = kind
    parent = workspace.variant(str(SPECS / f"{DELTAS[v.id][0]}.rules"))
    if meld_rules(parent) == meld_rules(v):
        # bez_wymiany drops only the joker swap: its melds are its parent's, whose module
        # test_conformance.py holds to the verifier's formulas on every 3-card meld
        same = validator(parent, workspace)
        wrong = [cards for cards in itertools.product(CODES, repeat=3)
                 if judge(module, cards) != judge(same, cards)]
    else:
        oracle = MeldOracle(v, 3, opening=False)
        wrong = [cards for cards in itertools.product(CODES, repeat=3)
                 if judge(module, cards) != oracle(in_order(oracle, cards))]
    assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"


def test_random_melds_and_openings_agree_with_the_verifier(kind):
    v, module, _ = kind
    rng = random.Random(zlib.crc32(v.id.encode()))
    oracle = MeldOracle(v, 14, opening=False)
    wrong = [cards for cards in (near_meld(rng, v) for _ in range(examples(600)))
             if judge(module, cards) != oracle(in_order(oracle, cards))]
    assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"
    openings = OpeningOracle(v)
    at_opening = MeldOracle(v, 14, opening=True)
    for _ in range(examples(90)):
        melds = near_opening(rng, v)
        ok, points = openings([in_order(at_opening, m) for m in melds])
        verdict = module.check_opening([tuple(module.Card(c) for c in m) for m in melds])
        assert (verdict.ok, verdict.points if verdict.ok else 0) == (ok, points), melds


def test_games_play_to_their_end_under_the_referee(kind):
    _, module, _ = kind
    for seed in range(3):
        rng = random.Random(seed)
        game = module.new_game(module.PLAYERS_MIN, seed)
        for _ in range(3_000):
            if game.over or game.deal_over:
                break
            actions = module.legal_actions(game)
            assert actions, "a player with nothing legal to do"
            game = module.apply(game, module.random_bot(module.view(game, game.seat), actions, rng))
            assert game, game


def test_two_variants_in_one_process_are_two_modules(kind):
    v, module, folder = kind
    again = load_module(v.id, (folder / "validator.py").read_text(encoding="utf-8"))
    assert again is not module and again.Card is not module.Card
    assert again.check_meld("7♥ 8♥ 9♥").ok == module.check_meld("7♥ 8♥ 9♥").ok

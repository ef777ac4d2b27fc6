"""The generated validators agree with the verifier's Z3 semantics, play by play.

For every variant: every ordered 3-card combination of the 52 cards and the
joker, random melds of 3 to 14 cards biased towards near-valid ones (8,000 in an
ordinary run, twenty times that with `--soak`: tests/budgets.py), and random
openings; valid or not, kind and points must all agree.
"""

from __future__ import annotations

import itertools
import random
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
)

SPECS = Path(__file__).resolve().parent.parent / "specs"
VARIANTS = sorted(p.stem for p in SPECS.glob("*.rules"))
RANDOM_MELDS = examples(5_000)
RANDOM_OPENINGS = examples(900)


@pytest.fixture(scope="module", params=VARIANTS)
def setup(request, load, seed_modules):
    return load(request.param), seed_modules(request.param)


@pytest.fixture(scope="module")
def twin(setup, load, seed_modules):
    """The module of an earlier variant judged by the same meld rules, or None: its own tests
    hold it to the verifier's formulas on every play here, and asking them again of a twin
    (remik51_domowy changes only scoring) costs half a minute and tests nothing new."""
    v, _ = setup
    mine = meld_rules(v)
    for other in VARIANTS[:VARIANTS.index(v.id)]:
        if meld_rules(load(other)) == mine:
            return seed_modules(other)
    return None


def _modes(v):
    """Meld rules when opening differ only with an opening joker limit."""
    return (False, True) if v.jokers is not None and v.jokers.per_meld_at_opening is not None else (False,)


def test_the_compiled_formulas_are_z3s(setup):
    """Before trusting the fast oracle: it agrees with Z3's own evaluation."""
    v, _ = setup
    oracle = MeldOracle(v, 14, opening=False)
    rng = random.Random(7)
    for _ in range(150):
        cards = near_meld(rng, v)
        assert oracle(cards) == oracle.by_z3(cards), cards


def test_every_three_card_meld(setup, twin):
    v, module = setup
    for opening in _modes(v):
        oracle = MeldOracle(v, 3, opening=opening)
        wrong = []
        for cards in itertools.product(CODES, repeat=3):
            expected = judge(twin, cards, opening=opening) if twin else oracle(in_order(oracle, cards))
            if judge(module, cards, opening=opening) != expected:
                wrong.append((" ".join(str(module.Card(c)) for c in cards), expected))
        assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"


def test_random_melds(setup, twin):
    v, module = setup
    rng = random.Random(zlib.crc32(v.id.encode()))  # hash() is salted per process: no replay
    for opening in _modes(v):
        oracle = MeldOracle(v, 14, opening=opening)
        seen = {"valid": 0, "invalid": 0}
        wrong = []
        for _ in range(RANDOM_MELDS):
            cards = near_meld(rng, v)
            expected = judge(twin, cards, opening=opening) if twin else oracle(in_order(oracle, cards))
            seen["valid" if expected[0] else "invalid"] += 1
            if judge(module, cards, opening=opening) != expected:
                wrong.append((" ".join(str(module.Card(c)) for c in cards), expected))
        assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"
        # near-valid: both verdicts well represented
        assert seen["valid"] > RANDOM_MELDS // 5 and seen["invalid"] > RANDOM_MELDS // 5, seen


def test_melds_of_a_named_kind(setup):
    """`check_meld(cards, kind=...)` judges one reading: the verifier's run or set formula."""
    v, module = setup
    rng = random.Random(5)
    oracle = MeldOracle(v, 14, opening=False)
    wrong = []
    for _ in range(RANDOM_MELDS // 4):
        cards = near_meld(rng, v)
        for kind in ("run", "set"):
            expected = oracle.as_kind(in_order(oracle, cards, kind), kind)
            if judge(module, cards, kind=kind) != expected:
                wrong.append((" ".join(str(module.Card(c)) for c in cards), kind, expected))
    assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"


def test_random_openings(setup):
    v, module = setup
    rng = random.Random(11)
    oracle = OpeningOracle(v)
    meld_oracle = MeldOracle(v, 14, opening=True)
    wrong = []
    valid = 0
    for _ in range(RANDOM_OPENINGS):
        melds = near_opening(rng, v)
        ok, points = oracle([in_order(meld_oracle, m) for m in melds])
        valid += ok
        verdict = module.check_opening([tuple(module.Card(c) for c in m) for m in melds])
        if (verdict.ok, verdict.points if verdict.ok else 0) != (ok, points):
            wrong.append((" + ".join(" ".join(str(module.Card(c)) for c in m) for m in melds), ok, points))
    assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:5]}"
    assert valid >= RANDOM_OPENINGS // 60  # both verdicts exercised (an opening is hard to reach at random)

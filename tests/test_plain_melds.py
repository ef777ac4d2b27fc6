"""Melds without jokers are judged from their ranks and suits as bit masks (`_plain`, the
commonest question, kept quick and not kept in a memo): the verdict must be the one the general
reading (`_worked_out`) gives, under the seeds and under house rules that change what a run or
a set is (the ace high only, capped runs and sets, runs round the corner or of mixed suits,
sets of any suits, where `_plain` leaves the meld to the general reading)."""

from __future__ import annotations

import random
import types
from pathlib import Path

import pytest
from house import house_variant

from oracle import validator

SPECS = Path(__file__).resolve().parent.parent / "specs"
SEEDS = sorted(p.stem for p in SPECS.glob("*.rules"))
HOUSES = {
    "as_wysoki": ("remik_podstawowy", "  run {\n    override ace high\n  }"),
    "krotkie": ("remik51", "  run {\n    override size 3..5\n  }\n  set {\n    override size 3..3\n  }"),
    "dookola": ("karuzela", "  run {\n    override wrap allowed\n  }"),
    "dowolne": ("remik_podstawowy", "  set {\n    override suits any\n  }"),
    "mieszane": ("remik_podstawowy", "  run {\n    override suit any\n  }"),
}


def melds_without_jokers(rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """Runs (some with a card out of place), sets (some with a suit twice) and random cards,
    of 1 to 14 cards, in any order."""
    out = []
    for _ in range(count):
        n = rng.randint(1, 14)
        shape = rng.random()
        if shape < 0.45:
            suit, start = rng.randrange(4), rng.randint(1, 13)
            cards = [((start + i - 1) % 13 + 1) * 4 + suit for i in range(n)]
            if rng.random() < 0.3:
                cards[rng.randrange(n)] = rng.randrange(4, 56)
        elif shape < 0.8:
            rank = rng.randint(1, 13)
            cards = [rank * 4 + rng.randrange(4) for _ in range(min(n, 6))]
        else:
            cards = [rng.randrange(4, 56) for _ in range(n)]
        if rng.random() < 0.5:
            rng.shuffle(cards)
        out.append(tuple(cards))
    return out


def _agrees(v: types.ModuleType, seed: str) -> int:
    """How many melds `_plain` judged; fails on the first verdict unlike `_worked_out`'s."""
    judged = 0
    for cards in melds_without_jokers(random.Random(seed), 6000):
        for kind in (None, "run", "set"):
            quick = v._plain(cards, False, kind)
            if quick is None:
                continue
            judged += 1
            full = v._worked_out(cards, False, kind)
            assert (quick.ok, quick.kind, quick.points) == (full.ok, full.kind, full.points), \
                (v._show(cards), kind, quick, full)
            if not quick.ok:  # a refusal explains itself as the general reading's does
                assert [r.code for r in quick.reasons] == [r.code for r in full.reasons]
    return judged


@pytest.mark.parametrize("variant_id", SEEDS)
def test_plain_melds_are_judged_as_the_general_reading_judges_them(variant_id, load, workspace):
    v = validator(load(variant_id), workspace)
    # every seed keeps runs to one suit and off the corner: most melds take the quick path
    assert _agrees(v, f"plain-{variant_id}") > 9000


@pytest.mark.parametrize("house", sorted(HOUSES))
def test_plain_melds_under_house_rules(house, tmp_path):
    parent, body = HOUSES[house]
    _, v = house_variant(tmp_path, house, parent, body)
    judged = _agrees(v, f"plain-{house}")
    # round the corner, runs of mixed suits, sets of any suits: the general reading judges
    assert (judged == 0) == (house in ("dookola", "mieszane", "dowolne"))

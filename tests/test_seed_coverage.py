"""Every rule a seed states is encoded by its spec (quoted there) or listed as not modelled.

The list of stated rules lives in tests/seed_rules.py: fragments copied from
the seed texts, each with the rule ids that express it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seed_rules import BY_VARIANT, EXAMPLE, NOT_MODELLED, Stated

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
CASES = [(variant, stated) for variant, items in BY_VARIANT.items() for stated in items]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _seed(prefix: str) -> str:
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    return _flat(path.read_text(encoding="utf-8"))


def _spec_words(variant: str) -> str:
    """The spec's comments and quoted texts, with comment continuation lines joined."""
    text = (ROOT / "specs" / f"{variant}.rules").read_text(encoding="utf-8")
    pieces = re.findall(r"#\s?(.*)$", text, re.M) + re.findall(r'"([^"\n]*)"', text)
    joined = " ".join(p.strip() for p in pieces)
    return _flat(joined.replace("[", "").replace("]", ""))


@pytest.mark.parametrize("variant, stated", CASES, ids=lambda x: x if isinstance(x, str) else x.fragment[:40])
def test_stated_rule_is_encoded(load, variant: str, stated: Stated):
    assert _flat(stated.fragment) in _seed(stated.seed), "the fragment must be copied from the seed"
    assert _flat(stated.fragment) in _spec_words(variant), f"{variant}.rules should quote it"
    v = load(variant)
    for rule in stated.rules:
        if rule == NOT_MODELLED:
            assert any(_flat(stated.fragment) in _flat(n.quote) or _flat(n.quote) in _flat(stated.fragment)
                       for n in v.not_modelled), "listed under not_modelled, with a reason"
        elif rule == EXAMPLE:
            assert v.examples
        else:
            assert v.rule(rule) is not None or any(r.id.startswith(rule + ".") for r in v.rules), rule


def test_every_not_modelled_entry_quotes_its_seed(load):
    for variant in BY_VARIANT:
        v = load(variant)
        seeds = " ".join(_seed(p) for p in ("000", "001", "002", "003", "004"))
        for entry in v.not_modelled:
            assert _flat(entry.quote) in seeds, entry.quote
            assert entry.reason.strip()

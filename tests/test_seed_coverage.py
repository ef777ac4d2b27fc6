"""Every rule a seed states is encoded by its spec (quoted there in a `source` of the rule,
with the value the seed states) or listed as not modelled.

The list of stated rules lives in tests/seed_rules.py: fragments copied from the seed
texts, each with the rule ids that express it and the values it states.  The seed texts
themselves are not part of the repository (they sit in ../shared/seeds/ on the development
machines): the tests that compare quotations with them skip where they are absent; the
rest - a rule the fragment names quotes it, and has the stated value - always runs.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

from remikc import ir
from remikc.irdump import to_json
from remikc.spec.workspace import Workspace
from seed_rules import BY_VARIANT, EXAMPLE, NOT_MODELLED, Stated

ROOT = Path(__file__).resolve().parent.parent
# beside the repository on the development machines; CI, which tests a clone in an empty
# folder, says where with REMIKC_SEEDS
SEEDS = Path(os.environ.get("REMIKC_SEEDS") or ROOT.parent / "shared" / "seeds")
CASES = [(variant, stated) for variant, items in BY_VARIANT.items() for stated in items]
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seed texts are not at {SEEDS} "
                                 "(they live beside the repository on the development machines)")


def _flat(text: str) -> str:
    """Blanks as one space; quotation marks as `"` (a spec's quoted text cannot hold a `"`, so
    a quotation writes the seed's inner quotes „so”)."""
    return re.sub(r"\s+", " ", re.sub(r"[„”“]", '"', text)).strip()


def _seed(prefix: str) -> str:
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    return _flat(path.read_text(encoding="utf-8"))


def _quoted(v: ir.Variant, names: tuple[str, ...]) -> list[str]:
    """What the spec quotes for the rules `names` (a section name: each of its rules), for
    its examples (`EXAMPLE`) or under `not_modelled` (`NOT_MODELLED`), flattened."""
    quotes = [q for r in v.rules for q in r.sources
              if any(r.id == n or r.id.startswith(n + ".") for n in names)]
    if EXAMPLE in names:
        quotes += [q for e in v.examples for q in e.sources]
    if NOT_MODELLED in names:
        quotes += [n.quote for n in v.not_modelled]
    return [_flat(q.replace("[", "").replace("]", "")) for q in quotes]


def plain(rule: dict[str, object], players: range) -> object:
    """A rule of `remikc ir --format json` in the plain form seed_rules.py writes values in."""
    value = rule["value"]
    if isinstance(value, list):  # a value per number of players
        table = {n: entry["value"] for n in players for entry in value
                 if entry["players"]["min"] <= n <= (entry["players"]["max"] or n)}
        return next(iter(table.values())) if len(set(table.values())) == 1 else table
    if isinstance(value, dict):
        if {"min", "max"} == set(value):
            return (value["min"], value["max"])
        if "as_replaced" in value:
            return "as_replaced" if value["as_replaced"] else value["points"]
        if "by_place" in value:
            places = value["by_place"]
            return {**places, "otherwise": value["points"]} if places else value["points"]
        if "count" in value:
            return f"{value['count']} until meld" if value["until_meld"] else value["count"]
        return rule["text"]  # a condition, as the spec writes it
    return value


_WORKSPACE = Workspace()


def _load(variant: str) -> ir.Variant:
    return _WORKSPACE.variant(str(ROOT / "specs" / f"{variant}.rules"))


@cache
def _rules(variant: str) -> tuple[dict[str, dict[str, object]], range]:
    return _plain_rules(_load(variant))


def _plain_rules(v: ir.Variant) -> tuple[dict[str, dict[str, object]], range]:
    rules = to_json(v)["rules"]
    players = rules["players"]["value"]
    return rules, range(players["min"], players["max"] + 1)


def wrong_values(stated: Stated, rules: dict[str, dict[str, object]], players: range) -> list[str]:
    """Each value the fragment states that the spec does not give, in words."""
    wrong = []
    for rule, expected in stated.values.items():
        if rule not in rules:
            wrong.append(f"no rule {rule}")
            continue
        found = plain(rules[rule], players)
        if isinstance(expected, dict) and all(isinstance(k, int) for k in expected):
            # per-players: the counts the fragment speaks of
            table = found if isinstance(found, dict) else dict.fromkeys(players, found)
            found = {n: table.get(n) for n in expected}
        if found != expected:
            wrong.append(f"{rule}: the seed says {expected!r}, the spec {found!r}")
    return wrong


def _ids(x: object) -> str:
    return x if isinstance(x, str) else x.fragment[:40]  # type: ignore[attr-defined]


@needs_seeds
@pytest.mark.parametrize("variant, stated", CASES, ids=_ids)
def test_the_fragment_is_copied_from_its_seed(variant: str, stated: Stated):
    assert _flat(stated.fragment) in _seed(stated.seed), "the fragment must be copied from the seed"


@pytest.mark.parametrize("variant, stated", CASES, ids=_ids)
def test_stated_rule_is_encoded(variant: str, stated: Stated):
    v = _load(variant)
    fragment = _flat(stated.fragment)
    # a not-modelled entry may quote a part of the fragment
    assert any(fragment in q or (NOT_MODELLED in stated.rules and q in fragment)
               for q in _quoted(v, stated.rules)), \
        f"{variant}.rules should quote it in a `source` of {', '.join(stated.rules)}"
    for rule in stated.rules:
        if rule == NOT_MODELLED:
            assert any(_flat(stated.fragment) in _flat(n.quote) or _flat(n.quote) in _flat(stated.fragment)
                       for n in v.not_modelled), "listed under not_modelled, with a reason"
        elif rule == EXAMPLE:
            assert v.examples
        else:
            assert v.rule(rule) is not None or any(r.id.startswith(rule + ".") for r in v.rules), rule


@pytest.mark.parametrize("variant, stated", [c for c in CASES if c[1].values], ids=_ids)
def test_stated_values_are_the_specs_values(variant: str, stated: Stated):
    assert not wrong_values(stated, *_rules(variant)), variant


# One seed-stated value per line set wrong, in each variant: the seed's number or word (left)
# and a wrong one (right).  Each must fail the value test.
WRONG = [
    ("remik51", "min_points 51", "min_points 15"),
    ("remik51", "went_out -40", "went_out 40"),
    ("remik51", "handed -80", "handed -40"),
    ("remik51", "handed_with_cut_card -120", "handed_with_cut_card -100"),
    ("remik51", "joker_in_hand 20", "joker_in_hand 25"),
    ("remik51", "not_opened 100", "not_opened 200"),
    ("remik51", "handing_multiplier 2", "handing_multiplier 3"),
    ("remik51", "per_meld_at_opening 1", "per_meld_at_opening 2"),
    ("remik51", "hand 14", "hand 13"),
    ("remik51", "10 J Q K A 10", "10 J Q K A 11"),
    ("remik51", "2..9 face", "2..9 5"),
    ("remik51", "lay_off when opened", "lay_off always"),
    ("remik51", "    rounds 1\n", "    rounds 2\n"),
    ("remik51_domowy", "handed_with_cut_card -140", "handed_with_cut_card -130"),
    ("remik51_domowy", "joker_in_hand 50", "joker_in_hand 40"),
    ("remik_klasyczny", "min_points 49", "min_points 51"),
    ("remik_klasyczny", "hand 13", "hand 12"),
    ("remik_klasyczny", "retrieved_joker keep", "retrieved_joker new_meld_now"),
    ("remik_klasyczny", "A 1 in low_run, 10 otherwise", "A 1 in low_run, 11 otherwise"),
    ("remik_klasyczny", "clean_run required", "clean_run not_required"),
    ("remik_klasyczny", "discard_top always", "discard_top never"),
    ("remik_podstawowy", "hand 10 for 2 players", "hand 9 for 2 players"),
    ("remik_podstawowy", "7 for 3..4 players", "8 for 3..4 players"),
    ("remik_podstawowy", "handing_multiplier 2", "handing_multiplier 3"),
    ("remik_podstawowy", "target 150", "target 100"),
    ("remik_podstawowy", "    A 1\n", "    A 2\n"),
    ("remik_podstawowy", "discard_taken_card forbidden", "discard_taken_card allowed"),
    ("remik_podstawowy_as", "override A 15", "override A 14"),
    ("karuzela", "max_hand 5", "max_hand 6"),
    ("karuzela", "    joker 25\n", "    joker 20\n"),
    ("karuzela", "undercut_bonus 10", "undercut_bonus 15"),
    ("karuzela", "all_out_bonus 25", "all_out_bonus 30"),
    ("karuzela", "target_bonus 100", "target_bonus 50"),
    ("karuzela", "round_win_bonus 25", "round_win_bonus 20"),
    ("karuzela", "hand 10", "hand 9"),
    ("karuzela", "target 150", "target 200"),
    ("karuzela", "min_from_hand 1", "min_from_hand 2"),
    ("karuzela", "    direction clockwise\n", "\n"),  # counterclockwise: E021 with left_of_dealer
    ("karuzela", "    A 1\n", "    A 11\n"),
]


@pytest.mark.parametrize("variant, good, bad", WRONG, ids=lambda x: x if isinstance(x, str) else "")
def test_a_wrong_value_fails(tmp_path, variant, good, bad):
    """Each seed-stated value set wrong in its spec (house variants read their parent from the
    same folder) makes the value test fail: `min_points 15` in remik51, ..."""
    for spec in (ROOT / "specs").glob("*.rules"):
        (tmp_path / spec.name).write_text(spec.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / f"{variant}.rules"
    text = path.read_text(encoding="utf-8")
    assert text.count(good) == 1, good
    path.write_text(text.replace(good, bad), encoding="utf-8")
    rules, players = _plain_rules(Workspace().variant(str(path)))
    assert any(wrong_values(stated, rules, players) for stated in BY_VARIANT[variant])


@needs_seeds
@pytest.mark.parametrize("variant", sorted(BY_VARIANT))
def test_every_source_is_copied_from_a_seed(variant: str):
    """Each `source` of a rule or an example is the seed's own words: every part of it between
    the `...` that leave words out (or a `[word]` put in) stands in a seed text, in that order."""
    seeds = [_seed(p) for p in ("000", "001", "002", "003", "004")]
    v = _load(variant)
    quotes = [(r.id, q) for r in v.rules for q in r.sources]
    quotes += [(f"example at line {e.span.line}", q) for e in v.examples for q in e.sources]
    assert quotes, "the seed variants quote their seeds"
    wrong = []
    for where, quote in quotes:
        parts = [p.strip(" .:") for p in re.split(r"\.\.\.|…|\[[^\]]*\]", _flat(quote))]
        if not any(_in_order([p for p in parts if p], seed) for seed in seeds):
            wrong.append(f"{where}: {quote}")
    assert wrong == []


def _in_order(parts: list[str], text: str) -> bool:
    at = 0
    for part in parts:
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


@needs_seeds
def test_every_not_modelled_entry_quotes_its_seed():
    seeds = " ".join(_seed(p) for p in ("000", "001", "002", "003", "004"))
    for variant in BY_VARIANT:
        for entry in _load(variant).not_modelled:
            assert _flat(entry.quote) in seeds, entry.quote
            assert entry.reason.strip()


def test_every_not_modelled_entry_gives_a_reason():
    for variant in BY_VARIANT:
        for entry in _load(variant).not_modelled:
            assert entry.quote.strip() and entry.reason.strip(), (variant, entry)

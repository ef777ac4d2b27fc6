"""Every rule that affects validation is really read by the generated validator.

For each such rule of each variant, the rule's value is changed in the IR (to
each of a few other values), the validator is generated again, and some
verdict on a fixed probe set must change.  If no change of a rule changes any
verdict, the rule must be one that cannot matter in this variant (`set.suits
any` in a one-pack game without jokers): the verifier's own formulas for the
two rule sets must then judge every 3-card meld and thousands of longer ones
alike.  A rule the validator ignored would show up as a play those formulas
judge differently, and the test fails unless the validator does too.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from pathlib import Path

import pytest

from oracle import CODES, MeldOracle, judge, near_meld, near_opening, untraced, validator
from remikc import ir
from remikc.emit.names import validator_rules

SPECS = Path(__file__).resolve().parent.parent / "specs"
VARIANTS = sorted(p.stem for p in SPECS.glob("*.rules"))

# Rules a validator reads (`validator_rules`: found in the runtime's source, not listed here);
# the rest (dealing, the turn order, scoring of rounds) belong to the referee.
# Rules only `check_lay_off` / `check_joker_swap` read: Z3's diff does not speak of them,
# so the probe set alone must show their effect.
PLAY_ONLY = ("set.closed_at", "turn.lay_off", "going_out.by", "handing.lay_off", "joker_swap.")
# Changes no validator can see, and why.
NOT_A_VALIDATION_CHANGE = {
    ("going_out.by", frozenset({ir.GoingOutBy.TABLE, ir.GoingOutBy.DISCARD_OR_TABLE})):
        "both let the last card be laid off; whether it may also be discarded is the referee's",
}


def _invisible(rule: ir.Rule[object], value: object) -> bool:
    return (rule.id, frozenset({rule.value, value})) in NOT_A_VALIDATION_CHANGE


def with_rule(obj: object, rule_id: str, value: object) -> object:
    """`obj` with the rule `rule_id` given `value`, wherever the IR holds it."""
    if isinstance(obj, ir.Rule):
        return replace(obj, value=value) if obj.id == rule_id else obj
    if isinstance(obj, tuple):
        return tuple(with_rule(x, rule_id, value) for x in obj)
    if is_dataclass(obj) and not isinstance(obj, type) and not isinstance(obj, Enum):
        changes = {f.name: with_rule(getattr(obj, f.name), rule_id, value) for f in fields(obj)}
        return replace(obj, **changes)
    return obj


def alternatives(value: object) -> list[object]:
    """Other values a spec could give the rule."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [m for m in type(value) if m is not value]
    if isinstance(value, int):
        return [value + 1] + ([value - 1] if value > 0 else [])
    if value is None:  # a limit of `any`
        return [1]
    if isinstance(value, ir.Range):
        high = value.high
        return [ir.Range(value.low + 1, max(high or 0, value.low + 1) if high is not None else None),
                ir.Range(value.low, (high - 1) if high is not None and high > value.low else value.low + 2)]
    if isinstance(value, ir.PerPlayers):
        return [ir.PerPlayers(tuple((r, v + 1) for r, v in value.cases)),
                ir.PerPlayers(tuple((r, max(0, v - 1)) for r, v in value.cases))]
    if isinstance(value, ir.CardValue):
        return [ir.CardValue(value.points + 1, value.by_place)]
    if isinstance(value, ir.JokerValue):
        if value.as_replaced:
            return [ir.JokerValue(False, 25)]
        return [ir.JokerValue(True), ir.JokerValue(False, 7)]
    if isinstance(value, ir.Draws):
        return [ir.Draws(value.count + 1, value.until_meld),
                ir.Draws(max(1, value.count - 1), not value.until_meld)]
    if isinstance(value, (ir.Always, ir.Never, ir.Is, ir.AnyOf, ir.AllOf, ir.IsNot)):
        return [c for c in (ir.Always(), ir.Never(), ir.Is(ir.Flag.OPENED)) if c != value]
    raise TypeError(f"no alternative for {value!r}")


def answers(module, v: ir.Variant) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A fixed set of questions, and the validator's answers, one by one."""
    card = module.Card
    rng = random.Random(5)
    melds = [near_meld(rng, v) for _ in range(1500)]
    melds += [tuple(c) for c in (
        [4, 8, 12], [48, 52, 4], [52, 4, 8], [44, 48, 52, 4], [4 * r for r in range(1, 14)] + [4],
        [20, 0, 0], [0, 0, 20], [0, 0, 0], [0, 0, 0, 0, 20], [32, 32, 33], [32, 33, 34, 35],
        [32, 33, 34, 35, 32], [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52],
        [8 * 1, 0, 16], [28, 32, 0], [0, 28, 32], [4, 5, 6], [0, 5, 6], [4, 5, 0])]
    for cards in melds:
        for opening in (False, True):
            verdict = module.check_meld(tuple(card(c) for c in cards), opening=opening)
            yield (verdict.ok, verdict.kind, verdict.points)
    openings = [near_opening(rng, v) for _ in range(300)]
    openings += [[(24, 28, 32), (40, 43, 42)], [(20, 24, 28), (20, 21, 22)], [(4, 8, 12)],
                 [(0, 28, 32, 36), (40, 41, 42)], [(40, 41, 42), (44, 45, 46)],
                 [(24, 28, 32, 36, 40), (41, 42, 43)], [(44, 45, 46), (48, 49, 50), (52, 53, 54)]]
    openings += _at_threshold(module, melds, v)
    for laid in openings:
        verdict = module.check_opening([tuple(card(c) for c in m) for m in laid])
        yield (verdict.ok, verdict.points)
    for code in CODES:
        for opened in (True, False):
            try:
                yield module.hand_value((card(code),), opened=opened)
            except ValueError:  # a card this game's deck does not hold
                yield "no such card"
    table = [m for m in melds[:400] if module.check_meld(tuple(card(c) for c in m)).ok][:120]
    table += [(12, 16, 20), (32, 33, 34), (32, 33, 34, 35), (20, 0, 28)]
    for meld in table:
        for extra in CODES[::3]:
            for flags in ({}, {"opened": False}, {"empties_hand": True}, {"handing": True}):
                verdict = module.check_lay_off(tuple(card(c) for c in meld), (card(extra),), **flags)
                yield (verdict.ok, verdict.points)
        if 0 in meld:
            for real in CODES[1:]:
                for flags in ({}, {"opened": False}, {"from_table": True}):
                    verdict = module.check_joker_swap(tuple(card(c) for c in meld), card(real), **flags)
                    yield verdict.ok


def probe(module, v: ir.Variant) -> list[object]:  # type: ignore[no-untyped-def]
    return list(answers(module, v))


_END = object()


def changes_a_verdict(module, v: ir.Variant, baseline: list[object]) -> bool:  # type: ignore[no-untyped-def]
    """Does the validator answer some question of the probe set otherwise than `baseline`?
    Asked lazily: most changed rules show at one of the first questions, and the rest of
    the set need not be asked."""
    mine = answers(module, v)
    for expected in baseline:
        if next(mine, _END) != expected:
            return True
    return next(mine, _END) is not _END


def _at_threshold(module, melds: list[tuple[int, ...]], v: ir.Variant) -> list[list[tuple[int, ...]]]:  # type: ignore[no-untyped-def]
    """Lay-downs worth just under, exactly and just over the opening threshold."""
    if v.opening is None:
        return []
    target = v.opening.min_points.value
    pool = []
    for meld in melds:
        verdict = module.check_meld(tuple(module.Card(c) for c in meld), opening=True)
        if verdict.ok and 0 not in meld:
            pool.append((verdict.points, meld))
    found: list[list[tuple[int, ...]]] = []
    for points_a, a in pool[:120]:
        for points_b, b in pool[:120]:
            if points_a + points_b in (target - 1, target, target + 1) and len(found) < 30:
                found.append([a, b])
    return found


def rules_read(v: ir.Variant, parent: ir.Variant | None = None) -> list[ir.Rule[object]]:
    """The rules the validator reads; of a variant whose parent is tested here too, those it
    gives a value of its own (the same runtime reads an inherited rule's same value: the
    parent's test shows it read)."""
    read = validator_rules(v)
    inherited = {} if parent is None else {r.id: r.value for r in parent.rules}
    return [r for r in v.rules if r.id in read and inherited.get(r.id, _END) != r.value]


# Remik podstawowy with the ace high or low gives the ace's rules alone, which the conformance
# tests read too: its mutations run with --soak (some 13 s)
@pytest.mark.parametrize("variant_id", [pytest.param(v, marks=pytest.mark.soak) if v == "remik_podstawowy_as"
                                        else v for v in VARIANTS])
def test_every_rule_changes_some_verdict(variant_id, workspace):
    v = workspace.variant(str(SPECS / f"{variant_id}.rules"))
    parent = workspace.variant(str(SPECS / f"{v.parent}.rules")) if v.parent in VARIANTS else None
    baseline = probe(validator(v, workspace), v)
    known: dict[object, object] = {}  # what `_semantic_difference` learnt of `v`
    ignored = []
    for rule in rules_read(v, parent):
        tried = [value for value in alternatives(rule.value) if not _invisible(rule, value)]
        if not tried:
            continue
        variants = [with_rule(v, rule.id, value) for value in tried]
        if any(changes_a_verdict(validator(c, workspace), c, baseline) for c in variants):  # type: ignore[arg-type]
            continue
        if rule.id.startswith(PLAY_ONLY):
            ignored.append(f"{rule.id}: no change of it changed a verdict")
            continue
        for changed in variants:
            with untraced():  # the oracles alone: no line of the runtime runs in the search
                witness = _semantic_difference(v, changed, known)  # type: ignore[arg-type]
            if witness is None:
                continue  # the rule cannot matter here: the formulas agree too
            cards, opening = witness
            before = judge(validator(v, workspace), cards, opening=opening)
            after = judge(validator(changed, workspace), cards, opening=opening)  # type: ignore[arg-type]
            if before == after:
                ignored.append(f"{rule.id}: the verifier judges {cards} differently after the change, "
                               f"the validator does not")
    assert ignored == []


# Every 3-card meld, in the order the formulas read them (the joker and the 52 cards).
TRIPLES = list(itertools.product(CODES, repeat=3))


def _semantic_difference(a: ir.Variant, b: ir.Variant,
                         known: dict[object, object]) -> tuple[tuple[int, ...], bool] | None:
    """A meld the verifier's formulas judge differently under `a` and `b`, if one is found
    among every 3-card meld and 5,000 random longer ones (the first in that order, when
    not opening, then when opening).

    `a` is the same variant for every `b` a test asks about: its oracles, its random melds and
    its answers are kept in `known` and asked once.  Two oracles running the same compiled
    code answer every meld alike, so a set of melds is not asked of two such oracles, nor
    asked again when opening where the opening changes neither side's code."""

    def ours(size: int, opening: bool) -> MeldOracle:
        key = ("oracle", size, opening)
        if key not in known:
            known[key] = MeldOracle(a, size, opening=opening)
        return known[key]  # type: ignore[return-value]

    if "long" not in known:
        rng = random.Random(3)
        known["long"] = [near_meld(rng, a) for _ in range(5_000)]
    theirs: dict[tuple[int, bool], MeldOracle] = {}
    for opening in (False, True):
        for size, melds in ((3, TRIPLES), (14, known["long"])):
            mine = ours(size, opening)
            other = theirs[size, opening] = MeldOracle(b, size, opening=opening)
            if mine.same_function(other):
                continue
            if opening and mine.same_function(ours(size, False)) and other.same_function(theirs[size, False]):
                continue  # the functions the first pass asked these melds of, and found alike
            key = ("answers", size, opening)
            kept = known.get(key)
            expected = kept if kept is not None else mine.judge_all(melds)  # type: ignore[arg-type]
            learnt: list[object] = []  # `a`'s answers, kept once all are asked
            for cards, want, got in zip(melds, expected, other.judge_all(melds), strict=True):  # type: ignore[call-overload]
                learnt.append(want)
                if want != got:
                    return cards, opening
            known.setdefault(key, learnt)
    return None

"""`remikc explain`: a verdict of the generated validator, with the rule lines behind it."""

from __future__ import annotations

import types
from dataclasses import dataclass

from . import ir
from .build import shown
from .emit.constants import cite
from .schema import value_rule_id


@dataclass(frozen=True)
class Explanation:
    variant: ir.Variant
    cards: str
    mode: str  # "meld" | "opening" | "hand"
    ok: bool
    kind: str | None
    points: int
    reasons: tuple[str, ...]
    rules: tuple[str, ...]  # "run.wrap forbidden (specs/remik51.rules:68)"

    def text(self) -> str:
        what = {"meld": "meld", "opening": "opening", "hand": "hand"}[self.mode]
        head = f"{self.cards} under {self.variant.name('pl')} ({self.variant.id}):"
        if self.mode == "hand":
            lines = [head, f"  left in hand, counts {self.points}"]
        elif self.ok:
            kind = f"a {self.kind}" if self.kind else f"a valid {what}"
            lines = [head, f"  {kind}, {self.points} points"]
        else:
            lines = [head, f"  refused as a{'n' if what[0] in 'aeiou' else ''} {what}:"]
            lines += [f"  - {reason}" for reason in self.reasons]
        if self.rules:
            lines.append("  rules applied:")
            lines += [f"    {rule}" for rule in self.rules]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, object]:
        return {"variant": self.variant.id, "cards": self.cards, "mode": self.mode, "ok": self.ok,
                "kind": self.kind, "points": self.points, "reasons": list(self.reasons),
                "rules": list(self.rules)}


def _rules(variant: ir.Variant, prefixes: tuple[str, ...], ranks: set[int]) -> tuple[str, ...]:
    chosen = [r for r in variant.rules if r.id.startswith(prefixes)]
    chosen += [r for r in variant.rules if r.id in {value_rule_id(k) for k in ranks}]
    return tuple(dict.fromkeys(cite(r, {r.span.file: shown(r.span.file)}) for r in chosen))


def explain(variant: ir.Variant, module: types.ModuleType, text: str, mode: str, *,
            opened: bool = True) -> Explanation:
    """Judge `text` with the variant's generated validator (`module`)."""
    if mode == "hand":
        cards = module.parse_cards(text)
        value = module.hand_value(cards, opened=opened)
        ranks = {c.rank or 0 for c in cards}
        rules = _rules(variant, ("scoring.joker_in_hand", "scoring.not_opened"), ranks)
        shown = " ".join(str(c) for c in cards)
        return Explanation(variant, shown, mode, True, None, value, (), rules)
    if mode == "opening":
        melds = module.parse_melds(text)
        verdict = module.check_opening(melds)
        shown = " + ".join(" ".join(str(module.Card(c)) for c in m) for m in melds)
        ranks = {c >> 2 for m in melds for c in m}
        prefixes: tuple[str, ...] = ("opening.", "jokers.", "set.", "run.")
    else:
        cards = module.parse_cards(text)
        verdict = module.check_meld(cards)
        shown = " ".join(str(c) for c in cards)
        ranks = {c.rank or 0 for c in cards}
        kind = verdict.kind or ("set" if len(ranks - {0}) <= 1 else "run")  # what the cards look like
        prefixes = (f"{kind}.", *(("jokers.",) if 0 in ranks else ()))
    return Explanation(variant, shown, mode, verdict.ok, verdict.kind, verdict.points, verdict.reasons,
                       _rules(variant, prefixes, ranks))

"""`remikc explain`: a verdict of the generated validator, with the rule lines behind it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from . import ir
from .cards import Card, CardError, format_cards, parse_cards
from .diagnostics import Diagnostic, RemikcError, Span, error
from .emit.names import cite
from .module import VariantModule
from .runtime.reasons import Reason
from .spec.schema import value_rule_id


class BadCards(RemikcError, ValueError):
    """CARDS that cannot be read.  `diagnostic` (E014) is set for a token that is not a card;
    without it the text has the wrong shape (nothing given, an empty meld), a usage error."""

    def __init__(self, message: str, diagnostic: Diagnostic | None = None) -> None:
        super().__init__(message)
        self.diagnostic = diagnostic


CARDS_ARGUMENT = "<cards>"  # the file name a bad card's diagnostic gives the CARDS argument
# The solver's search grows fast with the hand: a hand's advice stops at twenty cards, more
# than any game here deals (a whole pack pasted in would take minutes).
ADVICE_LIMIT = 20


def read_play(text: str, mode: str) -> list[tuple[Card, ...]]:
    """The melds written in `text`: one for a meld or a hand, an opening's separated by `+`,
    `|` or `,`.  Read with the compiler's card parser rather than the generated module's: its
    errors name the token and guess what was meant (`11♥`: did you mean `J♥`?)."""
    if not text.strip():
        raise BadCards("no cards given: write them like \"Q♥ K♥ A♥\"")
    # an opening's melds are separated by `+` or `|`, or by commas as in a spec's examples
    parts = re.split(r"[+|,]" if mode == "opening" else r"[+|]", text)
    if len(parts) > 1 and mode != "opening":
        raise BadCards("`+` separates the melds of an opening: add --opening to judge one")
    melds = []
    start = 0  # where `part` begins in `text`
    for number, part in enumerate(parts, start=1):
        try:
            cards = parse_cards(part, declared=True)
        except CardError as exc:
            # point at the token in the command-line argument, shown as the source line
            at = text.find(exc.token, start) if "\n" not in text else -1
            span = Span(CARDS_ARGUMENT, 1, at + 1, 1, at + 1 + len(exc.token)) if at >= 0 else None
            raise BadCards(str(exc), error("E014", str(exc), span, hint=exc.hint)) from None
        start += len(part) + 1
        if not cards:
            # as the generated module refuses it (a ValueError): judging "J♠ J♥ J♦ +" as one
            # meld would hide that the second meld went missing
            raise BadCards(f"meld {number} of the opening has no cards: "
                           "write melds like \"J♠ J♥ J♦ + 6♦ 7♦ 8♦\"")
        melds.append(cards)
    return melds


@dataclass(frozen=True)
class Advice:
    """What the solver makes of a hand: its best lay-down and the best opening."""
    melds: tuple[str, ...]  # the lay-down that lays the most points
    points: int
    deadwood: int | None  # the least the hand can count once melds are laid (None: gave up)
    opening: tuple[str, ...]  # the best opening, or () when there is none
    opening_points: int
    opening_reasons: tuple[str, ...]  # why there is none
    gave_up: str | None = None  # why the solver has no answer: its budget of positions spent

    def text(self) -> list[str]:
        laid = " | ".join(self.melds) or "no meld"
        if self.gave_up is not None:
            lines = [f"  best lay-down: none found: the solver {self.gave_up}"]
        else:
            lines = [f"  best lay-down: {laid} ({self.points} points); least deadwood {self.deadwood}"]
        if self.opening:
            lines.append(f"  best opening: {' | '.join(self.opening)} ({self.opening_points} points)")
        else:
            lines.append(f"  no opening: {'; '.join(self.opening_reasons)}")
        return lines

    def to_json(self) -> dict[str, object]:
        return {"best_melds": list(self.melds), "points": self.points, "deadwood": self.deadwood,
                "gave_up": self.gave_up,
                "opening": {"ok": bool(self.opening), "melds": list(self.opening),
                            "points": self.opening_points, "reasons": list(self.opening_reasons)}}


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
    advice: Advice | None = None  # for a hand
    lang: str = "en"  # of the reasons and the variant's name (Polish in English)

    def text(self) -> str:
        what = {"meld": "meld", "opening": "opening", "hand": "hand"}[self.mode]
        name = self.variant.name("pl" if self.lang == "en" else self.lang)
        # the id beside the name, unless the name says it already ("Remik 51 (rodzinny)")
        ident = "" if f"({self.variant.id})" in name else f" ({self.variant.id})"
        head = f"{self.cards} under {name}{ident}:"
        if self.mode == "hand":
            lines = [head, f"  left in hand, counts {self.points}"]
            lines += self.advice.text() if self.advice else [
                f"  (no best lay-down for more than {ADVICE_LIMIT} cards)"]
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
        out = {"variant": self.variant.id, "cards": self.cards, "mode": self.mode, "ok": self.ok,
               "kind": self.kind, "points": self.points, "reasons": list(self.reasons),
               "rules": list(self.rules)}
        if self.advice is not None:
            out["advice"] = self.advice.to_json()
        return out


def _rules(variant: ir.Variant, prefixes: tuple[str, ...], ranks: set[int]) -> tuple[str, ...]:
    chosen = [r for r in variant.rules if r.id.startswith(prefixes)]
    chosen += [r for r in variant.rules if r.id in {value_rule_id(k) for k in ranks}]
    return tuple(dict.fromkeys(cite(r) for r in chosen))  # the paths as the command line gave them


def explain(variant: ir.Variant, module: VariantModule, melds: list[tuple[Card, ...]],
            mode: str, *, opened: bool = True, lang: str = "en") -> Explanation:
    """Judge `melds` (from `read_play`) with the variant's generated validator (`module`); the
    reasons in `lang` ("en", "pl" or "hr"), as the module words them."""
    try:
        return _judge(variant, module, melds, mode, opened, lang)
    except ValueError as exc:
        # the module refuses cards no deck of this game could deal (a joker where there are
        # none) with a ValueError that names the rule
        raise BadCards(str(exc), error("E014", str(exc), None)) from None


def _judge(variant: ir.Variant, module: VariantModule, melds: list[tuple[Card, ...]],
           mode: str, opened: bool, lang: str) -> Explanation:
    ranks = {c.rank for m in melds for c in m}
    if mode == "hand":
        (cards,) = melds
        value = module.hand_value(format_cards(cards), opened=opened)
        # the rules the count read: a player who never opened counts `not_opened`, whatever he
        # holds; else each card's value, a joker's `joker_in_hand` where one is held
        if not opened and variant.scoring.not_opened is not None:
            rules = _rules(variant, ("scoring.not_opened",), set())
        else:
            rules = _rules(variant, ("scoring.joker_in_hand",) if 0 in ranks else (), ranks)
        advice = _advice(module, format_cards(cards), lang) if len(cards) <= ADVICE_LIMIT else None
        return Explanation(variant, format_cards(cards), mode, True, None, value, (), rules, advice, lang)
    if mode == "opening":
        verdict = module.check_opening([format_cards(m) for m in melds])
        shown = " + ".join(format_cards(m) for m in melds)
        prefixes: tuple[str, ...] = ("opening.", "jokers.", "set.", "run.")
    else:
        (cards,) = melds
        verdict = module.check_meld(format_cards(cards))
        shown = format_cards(cards)
        kind = verdict.kind or ("set" if len(ranks - {0}) <= 1 else "run")  # what the cards look like
        prefixes = (f"{kind}.", *(("jokers.",) if 0 in ranks else ()))
    return Explanation(variant, shown, mode, verdict.ok, verdict.kind, verdict.points,
                       _cited(verdict.reasons, lang), _rules(variant, prefixes, ranks), lang=lang)


def _cited(reasons: Iterable[Reason], lang: str) -> tuple[str, ...]:
    """Reasons for the spec's author: each one's words, then the rule and the spec line it comes
    from (a module's own `reason.message()` shows no file path: its readers are players)."""
    out = []
    for reason in reasons:
        where = ", ".join(part for part in (reason.rule, reason.line) if part)
        out.append(f"{reason.message(lang)} ({where})" if where else reason.message(lang))
    return tuple(out)


def _advice(module: VariantModule, cards: str, lang: str) -> Advice:
    best, opening = module.best_melds(cards), module.best_opening(cards)
    if module.gave_up(best):  # the least deadwood would be a guess: not shown
        return Advice((), 0, None, tuple(module._show(m) for m in opening.melds), opening.points,
                      _cited(opening.reasons, lang), gave_up=best.reasons[0].message(lang))
    return Advice(tuple(module._show(m) for m in best.melds), best.points, module.min_deadwood(cards),
                  tuple(module._show(m) for m in opening.melds), opening.points,
                  _cited(opening.reasons, lang))

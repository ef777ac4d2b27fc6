"""The resolved IR as JSON (`remikc ir --format json`) and as text.

The JSON layout is a stable, documented interface (docs/ir.md): rules keyed by
their id, sorted, each with its value, where it is written, which variant
wrote it and, for a chosen value, the stated assumption (and the other reading of
an ambiguous sentence).  Bump `FORMAT` when the layout changes (a new key that
readers may ignore, like `other`, keeps it).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from . import ir
from .cards import format_cards
from .spec import syntax
from .spec.schema import LANGUAGES, all_keys
from .spec.value_readers import Switch

FORMAT = "remikc-ir/1"

_SWITCHES = {k.id: k.read for k in all_keys() if isinstance(k.read, Switch)}


def value_json(value: object) -> Any:
    """A rule value as plain JSON data."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, ir.Range):
        return {"min": value.low, "max": value.high}
    if isinstance(value, ir.PerPlayers):
        return [{"players": value_json(r), "value": value_json(v)} for r, v in value.cases]
    if isinstance(value, ir.CardValue):
        return {"points": value.points, "by_place": {p.value: n for p, n in value.by_place},
                "face": value.face}
    if isinstance(value, ir.JokerValue):
        return {"as_replaced": value.as_replaced, "points": value.points}
    if isinstance(value, ir.Draws):
        return {"count": value.count, "until_meld": value.until_meld}
    if isinstance(value, ir.Always):
        return "always"
    if isinstance(value, ir.Never):
        return "never"
    if isinstance(value, ir.Is):
        return {"flag": value.flag.value}
    if isinstance(value, ir.AnyOf):
        return {"any": [value_json(c) for c in value.items]}
    if isinstance(value, ir.AllOf):
        return {"all": [value_json(c) for c in value.items]}
    if isinstance(value, ir.IsNot):
        return {"not": value_json(value.item)}
    raise TypeError(f"no JSON form for {type(value).__name__}")


def _place(span: object) -> dict[str, object]:
    assert hasattr(span, "file")
    return {"file": span.file, "line": span.line, "column": span.column}  # type: ignore[attr-defined]


def to_json(variant: ir.Variant) -> dict[str, Any]:
    data = {
        "format": FORMAT,
        "id": variant.id,
        "names": dict(variant.names),
        "parent": variant.parent,
        "lineage": list(variant.lineage),
        "source": variant.source,
        "rules": {
            rule.id: {
                "value": value_json(rule.value),
                "text": describe(rule),
                "at": _place(rule.span),
                "from": rule.origin,
                "assumed": rule.assumed,
                "other": rule.other,
                "sources": list(rule.sources),
                "mark": rule.mark,
            }
            for rule in variant.rules
        },
        "examples": [
            {"kind": e.kind.value, "melds": [format_cards(m) for m in e.melds], "points": e.points,
             "card": str(e.card) if e.card else None, "at": _place(e.span), "from": e.origin}
            for e in variant.examples
        ],
        "checks": [
            {"title": c.title, "property": format_expr(c.expr), "at": _place(c.span),  # type: ignore[arg-type]
             "from": c.origin}
            for c in variant.checks
        ],
        "not_modelled": [
            {"quote": n.quote, "reason": n.reason, "at": _place(n.span), "from": n.origin,
             "option": n.language, "translations": dict(n.translations)}
            for n in variant.not_modelled
        ],
        "notes": [
            {"language": n.language, "place": n.place, "text": n.text, "at": _place(n.span),
             "from": n.origin}
            for n in variant.notes
        ],
        "wording": [
            {"language": w.language, "key": w.key, "text": w.text, "forms": dict(w.forms) or None,
             "at": _place(w.span), "from": w.origin}
            for w in variant.wording
        ],
    }
    return data


# --- text ------------------------------------------------------------------------

def describe(rule: ir.Rule[object]) -> str:
    """The value as a spec author would write it (`10 for 2 players, 7 for 3..4 players`)."""
    value = rule.value
    switch = _SWITCHES.get(rule.id)
    if switch is not None and isinstance(value, bool):
        return switch.word(value)
    return _text(value)


def _text(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if value is None:
        return "any"
    if isinstance(value, (bool, int, str)):
        return str(value)
    if isinstance(value, ir.Range):
        return str(value)
    if isinstance(value, ir.PerPlayers):
        if len(value.cases) == 1:
            return _text(value.cases[0][1])
        return ", ".join(f"{_text(v)} for {r} players" for r, v in value.cases)
    if isinstance(value, ir.CardValue):
        if value.face:
            return "face"
        if not value.by_place:
            return str(value.points)
        cases = [f"{n} in {p.value}" for p, n in value.by_place]
        return ", ".join([*cases, f"{value.points} otherwise"])
    if isinstance(value, ir.JokerValue):
        return "as_replaced" if value.as_replaced else str(value.points)
    if isinstance(value, ir.Draws):
        return f"{value.count} until meld" if value.until_meld else str(value.count)
    if isinstance(value, (ir.Always, ir.Never)):
        return "always" if isinstance(value, ir.Always) else "never"
    return "when " + condition_text(value)  # type: ignore[arg-type]


def condition_text(condition: ir.Condition, nested: bool = False) -> str:
    if isinstance(condition, ir.Is):
        return condition.flag.value
    if isinstance(condition, ir.IsNot):
        return "not " + condition_text(condition.item, True)
    if isinstance(condition, (ir.AnyOf, ir.AllOf)):
        word = " or " if isinstance(condition, ir.AnyOf) else " and "
        text = word.join(condition_text(c, True) for c in condition.items)
        return f"({text})" if nested else text
    return "always" if isinstance(condition, ir.Always) else "never"


def format_expr(expr: syntax.Expr) -> str:
    """A property back as source text, fully parenthesised where it matters."""
    if isinstance(expr, syntax.Num):
        return str(expr.value)
    if isinstance(expr, syntax.Name):
        return expr.text
    if isinstance(expr, syntax.Call):
        return f"{expr.function}({', '.join(format_expr(a) for a in expr.args)})"
    if isinstance(expr, syntax.Not):
        return f"not {_wrapped(expr.operand)}"
    if isinstance(expr, (syntax.BoolOp, syntax.Compare, syntax.Arith)):
        return f"{_wrapped(expr.left)} {expr.op} {_wrapped(expr.right)}"
    binders = ", ".join(f"{b.domain.text} {b.var.text}" for b in expr.binders)
    return f"{expr.kind} {binders}: {format_expr(expr.body)}"


def _wrapped(expr: syntax.Expr) -> str:
    text = format_expr(expr)
    return f"({text})" if isinstance(expr, (syntax.BoolOp, syntax.Quantified)) else text


def to_text(variant: ir.Variant) -> str:
    # Polish first, as the seeds and `list` have it (the IR keeps them sorted by language code)
    names = " / ".join(variant.name(language) for language in LANGUAGES if language in dict(variant.names))
    lines = [f"{variant.id}: {names}", f"  source: {variant.source}"]
    if variant.parent:
        lines.append(f"  extends: {' -> '.join(variant.lineage[1:])}")
    width = max(len(r.id) for r in variant.rules)
    for rule in variant.rules:
        where = f"{rule.span.file}:{rule.span.line}"
        line = f"  {rule.id:<{width}}  {describe(rule):<28}  {where}"
        if rule.assumed:
            line += "  (assumed)"
        if rule.other:
            line += f"  other reading: {rule.other}"
        lines.append(line)
    for check in variant.checks:
        lines.append(f'  check "{check.title}": {format_expr(check.expr)}')  # type: ignore[arg-type]
    lines.append(f"  {len(variant.examples)} examples, {len(variant.not_modelled)} seed statements "
                 "not modelled")
    return "\n".join(lines) + "\n"

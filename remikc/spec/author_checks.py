"""The property language of `check "title": <expr>` lines, and its type checks.

A property quantifies over plays the variant allows and states something
about them, e.g. `forall opening o: runs(o) >= 1` or `forall set s:
jokers(s) <= 1`.  The verifier proves or refutes it; this module only makes
sure it means something: known domains and functions, bound names, and
numbers compared with numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostic, Span, did_you_mean, error
from . import syntax

DOMAINS: dict[str, str] = {
    "meld": "a valid meld (set or run) laid after opening",
    "set": "a valid set laid after opening",
    "run": "a valid run laid after opening",
    "opening": "a valid first lay-down (one or more melds)",
    "hand": "the cards a player may hold when a round ends",
    "position": "a card's place in a meld: 1 for its first card, up to the longest meld",
}

_MELDS = frozenset({"meld", "set", "run"})
_ALL = frozenset(DOMAINS) - {"position"}


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    takes: frozenset[str]  # domains of the argument
    returns: str  # "int" | "bool"
    doc: str
    at: bool = False  # a second argument: a card's place in the meld (1 = its first card)


FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("cards", _ALL, "int", "the number of cards"),
    Function("jokers", _ALL, "int", "the number of jokers"),
    Function("points", _ALL, "int", "points laid down; for a hand, what it counts at the end"),
    Function("melds", frozenset({"opening"}), "int", "the number of melds in an opening"),
    Function("runs", frozenset({"opening"}), "int", "the number of runs in an opening"),
    Function("sets", frozenset({"opening"}), "int", "the number of sets in an opening"),
    Function("clean_runs", frozenset({"opening"}), "int", "runs without a joker in an opening"),
    Function("is_run", _MELDS, "bool", "the meld is a run"),
    Function("is_set", _MELDS, "bool", "the meld is a set"),
    Function("wraps", _MELDS, "bool", "a run that goes round the corner (K-A-2); never a set"),
    Function("rank", _MELDS, "int", "the rank of the card at place i: A 1 .. K 13; 0 for a joker, "
             "or past the meld's last card", at=True),
    Function("suit", _MELDS, "int", "the suit of the card at place i: ♠ 1, ♥ 2, ♦ 3, ♣ 4; 0 for a "
             "joker, or past the meld's last card", at=True),
    Function("joker", _MELDS, "bool", "the card at place i is a joker", at=True),
)}


class _TypeError(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic


def validate(expr: syntax.Expr) -> list[Diagnostic]:
    """Problems with a property; empty when it is well-formed and boolean."""
    try:
        _quantifiers_first(expr, None, top=True)
        kind = _type(expr, {})
    except _TypeError as exc:
        return [exc.diagnostic]
    if kind != "bool":
        return [error("E024", "a check must be true or false, not a number", expr.span,
                      hint="compare it with something, e.g. `cards(o) >= 6`")]
    return []


def _quantifiers_first(expr: syntax.Expr, kind: str | None, *, top: bool) -> None:
    """Quantifiers lead the property, all of one kind: `forall a: forall b: ...`.

    The verifier decides a property with one solver question; `exists` under `forall`
    would need quantifier alternation, which it does not attempt."""
    if isinstance(expr, syntax.Quantified):
        if not top:
            raise _fail("a quantifier must come first in a check, not inside an expression", expr.span,
                        hint="move it to the front: `forall meld m: ...`")
        if kind is not None and expr.kind != kind:
            raise _fail(f"`{expr.kind}` inside `{kind}` is not supported", expr.span,
                        hint="a check quantifies one way: all `forall` or all `exists`")
        _quantifiers_first(expr.body, expr.kind, top=True)
        return
    for child in _children(expr):
        _quantifiers_first(child, kind, top=False)


def _children(expr: syntax.Expr) -> tuple[syntax.Expr, ...]:
    if isinstance(expr, syntax.Not):
        return (expr.operand,)
    if isinstance(expr, (syntax.BoolOp, syntax.Compare, syntax.Arith)):
        return (expr.left, expr.right)
    if isinstance(expr, syntax.Call):
        return expr.args
    return ()


def _fail(message: str, span: Span, hint: str | None = None) -> _TypeError:
    return _TypeError(error("E024", message, span, hint=hint))


def _type(expr: syntax.Expr, scope: dict[str, str]) -> str:
    if isinstance(expr, syntax.Num):
        return "int"
    if isinstance(expr, syntax.Name):
        if expr.text in scope:
            return "int" if scope[expr.text] == "position" else "play:" + scope[expr.text]
        raise _fail(f"`{expr.text}` is not bound here", expr.span,
                    hint=did_you_mean(expr.text, scope) or "bind it first, e.g. `forall meld m: ...`")
    if isinstance(expr, syntax.Quantified):
        inner = dict(scope)
        for binder in expr.binders:
            if binder.domain.text not in DOMAINS:
                raise _fail(f"`{binder.domain.text}` is not something to quantify over",
                            binder.domain.span,
                            hint=did_you_mean(binder.domain.text, DOMAINS)
                            or "quantify over " + ", ".join(DOMAINS))
            inner[binder.var.text] = binder.domain.text
        _expect(expr.body, inner, "bool")
        return "bool"
    if isinstance(expr, syntax.Not):
        _expect(expr.operand, scope, "bool")
        return "bool"
    if isinstance(expr, syntax.BoolOp):
        _expect(expr.left, scope, "bool")
        _expect(expr.right, scope, "bool")
        return "bool"
    if isinstance(expr, (syntax.Compare, syntax.Arith)):
        _expect(expr.left, scope, "int")
        _expect(expr.right, scope, "int")
        return "bool" if isinstance(expr, syntax.Compare) else "int"
    assert isinstance(expr, syntax.Call)
    function = FUNCTIONS.get(expr.function)
    if function is None:
        raise _fail(f"unknown function `{expr.function}`", expr.span,
                    hint=did_you_mean(expr.function, FUNCTIONS)
                    or "functions are " + ", ".join(FUNCTIONS))
    wanted = 2 if function.at else 1
    if len(expr.args) != wanted:
        usage = f"`{function.name}(m, i)`: a meld and a card's place in it" if function.at else \
            "one argument"
        raise _fail(f"`{function.name}` takes {usage}, not {len(expr.args)} arguments", expr.span)
    if function.at:
        _expect(expr.args[1], scope, "int")
    arg = _type(expr.args[0], scope)
    if not arg.startswith("play:") or arg[5:] not in function.takes:
        takes = " or ".join(sorted(function.takes))
        raise _fail(f"`{function.name}` applies to a {takes}", expr.args[0].span)
    return function.returns


def _expect(expr: syntax.Expr, scope: dict[str, str], wanted: str) -> None:
    got = _type(expr, scope)
    if got != wanted:
        said = "a number" if wanted == "int" else "true or false"
        found = {"int": "a number", "bool": "true or false"}.get(got, "a play")
        raise _fail(f"expected {said} here, found {found}", expr.span)

"""The syntax tree of a `.rules` file, exactly as written, with source spans.

Nothing here knows what a rule means: that is the job of `bind` (which
reads settings against the schema) and `lower` (which builds the typed IR).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Span


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Number:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Text:
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class RangeAtom:
    low: int
    high: int | None
    span: Span


Atom = Word | Number | Text | RangeAtom


# --- expressions: `when` conditions and `check` properties ---------------------

@dataclass(frozen=True, slots=True)
class Name:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    function: str
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # "and" | "or" | "implies"
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Arith:
    op: str  # "+" | "-"
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Binder:
    domain: Word
    var: Word


@dataclass(frozen=True, slots=True)
class Quantified:
    kind: str  # "forall" | "exists"
    binders: tuple[Binder, ...]
    body: Expr
    span: Span


Expr = Name | Num | Call | Not | BoolOp | Compare | Arith | Quantified


# --- statements ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Setting:
    """One line: `[override] atoms [, atoms ...] [when cond] [source "..." ...]
    [assumed "why" [other "reading"]]`.

    `sources`: the seed sentences the line encodes, quoted; `other`: for a value that reads an
    ambiguous seed sentence one way, the other reading."""

    groups: tuple[tuple[Atom, ...], ...]
    condition: Expr | None
    assumed: Text | None
    override: Span | None
    span: Span
    other: Text | None = None
    sources: tuple[Text, ...] = ()

    @property
    def key(self) -> Atom:
        return self.groups[0][0]


@dataclass(frozen=True, slots=True)
class Check:
    title: Text
    expr: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Section:
    name: Word
    body: tuple[Item, ...]
    span: Span


Item = Setting | Check | Section


@dataclass(frozen=True, slots=True)
class Spec:
    """A parsed file: `variant <id> [extends "<parent>"] { ... }`."""

    id: Word
    extends: Text | None
    body: tuple[Item, ...]
    span: Span
    file: str
    # the lines a syntax error set aside (`parser.parse_partial`): what they held is unknown
    set_aside: frozenset[int] = frozenset()

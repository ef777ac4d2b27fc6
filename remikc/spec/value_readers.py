"""Readers turn the atoms of one setting into a typed value, or raise `Bad`.

A reader sees the setting's value: the atoms after the rule's name, split into
comma-separated cases, plus its `when` condition.  Each reader says in plain
words what it expected, at the atom that is wrong, with a hint where one helps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from .. import ir
from ..cards import Card, CardError, parse_card, parse_rank
from ..diagnostics import Span, did_you_mean
from . import syntax

T = TypeVar("T")
E = TypeVar("E", bound=Enum)


class Bad(Exception):
    """A value that does not fit its rule."""

    def __init__(self, message: str, span: Span, hint: str | None = None, code: str = "E012"):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint
        self.code = code


@dataclass(frozen=True, slots=True)
class Args:
    """The value part of a setting line."""

    cases: tuple[tuple[syntax.Atom, ...], ...]  # comma-separated groups, name removed
    condition: syntax.Expr | None
    span: Span  # the whole line, for "missing value" errors
    rule: str  # the rule's name as written, for messages


Reader = Callable[[Args], T]


def show(atom: syntax.Atom) -> str:
    if isinstance(atom, syntax.Word):
        return atom.text
    if isinstance(atom, syntax.Number):
        return str(atom.value)
    if isinstance(atom, syntax.Text):
        return f'"{atom.value}"'
    return f"{atom.low}..{'' if atom.high is None else atom.high}"


def _atoms_span(atoms: Sequence[syntax.Atom], fallback: Span) -> Span:
    return atoms[0].span.to(atoms[-1].span) if atoms else fallback


def _no_condition(args: Args) -> None:
    if args.condition is not None:
        raise Bad(f"`{args.rule}` takes no `when` condition", _expr_span(args.condition))


def single(args: Args, what: str) -> syntax.Atom:
    """The one atom a simple rule takes."""
    _no_condition(args)
    if not args.cases or not args.cases[0]:
        raise Bad(f"`{args.rule}` needs a value: {what}", args.span)
    if len(args.cases) > 1 or len(args.cases[0]) > 1:
        extra = [a for group in args.cases for a in group][1:]
        raise Bad(f"`{args.rule}` takes one value ({what}); unexpected `{show(extra[0])}`",
                  _atoms_span(extra, args.span))
    return args.cases[0][0]


NUMBERS: dict[object, str] = {}
"""The numbers a reader takes, in words ("a number from 0 to 60, or `any`"), by reader: for
editors' hover (remikc/spec/vocabulary.py), written where each reader's bounds are."""


def number(low: int, high: int, what: str = "") -> Reader[int]:
    def read(args: Args) -> int:
        return _number_in(single(args, what or f"a number from {low} to {high}"), low, high, what)

    NUMBERS[read] = f"a number from {low} to {high}"
    return read


def _number_in(atom: syntax.Atom, low: int, high: int, what: str = "") -> int:
    described = what or f"a number from {low} to {high}"
    if not isinstance(atom, syntax.Number):
        raise Bad(f"expected {described}, found `{show(atom)}`", atom.span)
    if not low <= atom.value <= high:
        raise Bad(f"{atom.value} is out of range: expected {described}", atom.span, code="E013")
    return atom.value


def _range_of(atom: syntax.Atom, low: int, high: int, open_ok: bool, what: str) -> ir.Range:
    if isinstance(atom, syntax.Number):
        value = _number_in(atom, low, high, what)
        return ir.Range(value, value)
    if not isinstance(atom, syntax.RangeAtom):
        raise Bad(f"expected {what}, found `{show(atom)}`", atom.span,
                  hint="a range is written `3..4`, or `3..` for no upper limit")
    if atom.high is None and not open_ok:
        raise Bad(f"`{show(atom)}` has no upper limit; expected {what}", atom.span, code="E013",
                  hint=f"write the largest number too, e.g. `{atom.low}..{atom.low + 2}`")
    if atom.high is not None and atom.high < atom.low:
        raise Bad(f"`{show(atom)}` is empty: {atom.low} is larger than {atom.high}", atom.span,
                  code="E013", hint=f"did you mean `{atom.high}..{atom.low}`?")
    for bound in (atom.low, atom.high):
        if bound is not None and not low <= bound <= high:
            raise Bad(f"{bound} is out of range in `{show(atom)}`: expected {what}", atom.span,
                      code="E013")
    return ir.Range(atom.low, atom.high)


def range_of(low: int, high: int, *, open_ok: bool, what: str) -> Reader[ir.Range]:
    def read(args: Args) -> ir.Range:
        return _range_of(single(args, what), low, high, open_ok, what)

    NUMBERS[read] = (f"a number from {low} to {high}, or a range of them (`{low}..{low + 2}`"
                     + (f", or `{low}..` for no upper limit)" if open_ok else ")"))
    return read


def per_players(low: int, high: int, what: str) -> Reader[ir.PerPlayers[int]]:
    """`14`, or `10 for 2 players, 7 for 3..4 players, ...`."""

    def read(args: Args) -> ir.PerPlayers[int]:
        _no_condition(args)
        if not args.cases or not args.cases[0]:
            raise Bad(f"`{args.rule}` needs a value: {what}", args.span)
        if len(args.cases) == 1 and len(args.cases[0]) == 1:
            value = _number_in(args.cases[0][0], low, high, what)
            return ir.PerPlayers(((ir.Range(1, None), value),))
        cases: list[tuple[ir.Range, int]] = []
        for group in args.cases:
            shape = "`N for P players`, e.g. `10 for 2 players, 7 for 3..4 players`"
            if len(group) != 4 or not _is_word(group[1], "for") or not (
                _is_word(group[3], "players") or _is_word(group[3], "player")
            ):
                raise Bad(f"expected {shape}", _atoms_span(group, args.span),
                          hint=f"a single value for every player count is written `{args.rule} N`")
            value = _number_in(group[0], low, high, what)
            players = _range_of(group[2], 1, 20, False, "a number of players or a range like 3..4")
            for earlier, _ in cases:
                if _overlap(earlier, players):
                    raise Bad(f"{players} players is already covered by `{earlier}`", group[2].span,
                              code="E020")
            cases.append((players, value))
        return ir.PerPlayers(tuple(cases))

    NUMBERS[read] = (f"a number from {low} to {high}, or one for each number of players "
                     "(`N for 2 players, M for 3..4 players`)")
    return read


def _overlap(a: ir.Range, b: ir.Range) -> bool:
    a_high = a.high if a.high is not None else 10**6
    b_high = b.high if b.high is not None else 10**6
    return a.low <= b_high and b.low <= a_high


def _is_word(atom: syntax.Atom, text: str) -> bool:
    return isinstance(atom, syntax.Word) and atom.text == text


def _words(atoms: Sequence[syntax.Atom], args: Args, expected: Sequence[str]) -> str:
    for atom in atoms:
        if not isinstance(atom, syntax.Word):
            raise Bad(f"expected {_one_of(expected)}, found `{show(atom)}`", atom.span)
    return " ".join(a.text for a in atoms if isinstance(a, syntax.Word))


def _one_of(words: Sequence[str]) -> str:
    quoted = [f"`{w}`" for w in words]
    return quoted[0] if len(quoted) == 1 else "one of " + ", ".join(quoted)


WORDS: dict[object, tuple[str, ...]] = {}
"""The values a reader takes that are words (`low or high`, `any`, `always`), by reader: for
completion in editors and for highlighting (remikc/spec/vocabulary.py)."""


def choice(enum: type[E]) -> Reader[E]:
    """One of an enum's values, written as its words (`low or high`)."""

    def read(args: Args) -> E:
        _no_condition(args)
        expected = [str(m.value) for m in enum]
        if len(args.cases) != 1 or not args.cases[0]:
            raise Bad(f"`{args.rule}` needs {_one_of(expected)}", args.span)
        atoms = args.cases[0]
        written = _words(atoms, args, expected)
        for member in enum:
            if member.value == written:
                return member
        raise Bad(f"`{written}` is not a value of `{args.rule}`; expected {_one_of(expected)}",
                  _atoms_span(atoms, args.span), hint=did_you_mean(written, expected))

    WORDS[read] = tuple(str(m.value) for m in enum)
    return read


@dataclass(frozen=True, slots=True)
class Switch:
    """A rule that is on or off, said in the words a player would use."""

    yes: str
    no: str

    def __call__(self, args: Args) -> bool:
        atom = single(args, f"`{self.yes}` or `{self.no}`")
        if _is_word(atom, self.yes):
            return True
        if _is_word(atom, self.no):
            return False
        raise Bad(f"expected `{self.yes}` or `{self.no}`, found `{show(atom)}`", atom.span,
                  hint=did_you_mean(show(atom), [self.yes, self.no]))

    def word(self, value: bool) -> str:
        return self.yes if value else self.no


def limit(low: int, high: int) -> Reader[int | None]:
    """A number, or `any` for no limit."""

    def read(args: Args) -> int | None:
        atom = single(args, f"a number from {low} to {high}, or `any`")
        if _is_word(atom, "any"):
            return None
        return _number_in(atom, low, high, f"a number from {low} to {high}, or `any`")

    WORDS[read] = ("any",)
    NUMBERS[read] = f"a number from {low} to {high}, or `any` for no limit"
    return read


def text(args: Args) -> str:
    atom = single(args, 'a quoted text ("...")')
    if not isinstance(atom, syntax.Text) or not atom.value.strip():
        raise Bad(f'expected a quoted text ("..."), found `{show(atom)}`', atom.span)
    return atom.value


_DRAWS, _DRAWS_UNTIL_MELD = (1, 5), (2, 5)  # the least and the most draws of a turn


def draws(args: Args) -> ir.Draws:
    """`1`, or `3 until meld`: draw again while nothing was melded, up to 3 draws."""
    _no_condition(args)
    atoms = args.cases[0] if len(args.cases) == 1 else ()
    if len(atoms) == 1:
        return ir.Draws(_number_in(atoms[0], *_DRAWS), until_meld=False)
    if len(atoms) == 3 and _is_word(atoms[1], "until") and _is_word(atoms[2], "meld"):
        return ir.Draws(_number_in(atoms[0], *_DRAWS_UNTIL_MELD), until_meld=True)
    raise Bad("expected a number of draws, e.g. `1`, or `3 until meld`",
              _atoms_span([a for g in args.cases for a in g], args.span))


WORDS[draws] = ("1", "2 until meld", "3 until meld")
NUMBERS[draws] = (f"a number from {_DRAWS[0]} to {_DRAWS[1]}, or `N until meld` (draw again while "
                  f"nothing was melded, at most N times) with N from {_DRAWS_UNTIL_MELD[0]} to "
                  f"{_DRAWS_UNTIL_MELD[1]}")


# --- conditions --------------------------------------------------------------------

def _expr_span(expr: syntax.Expr) -> Span:
    return expr.span


def condition(args: Args) -> ir.Condition:
    """`always`, `never`, or `when <facts joined by and/or/not>`."""
    if args.condition is not None:
        if any(args.cases):
            extra = [a for g in args.cases for a in g]
            raise Bad(f"`{args.rule}` takes `always`, `never` or `when ...`, not both a value "
                      "and a condition", _atoms_span(extra, args.span))
        return _condition(args.condition)
    atom = single(args, "`always`, `never` or `when <condition>`")
    if _is_word(atom, "always"):
        return ir.Always()
    if _is_word(atom, "never"):
        return ir.Never()
    raise Bad(f"expected `always`, `never` or `when <condition>`, found `{show(atom)}`", atom.span,
              hint=did_you_mean(show(atom), ["always", "never"]))


_FLAGS = [f.value for f in ir.Flag]
WORDS[condition] = ("always", "never", *(f"when {flag}" for flag in _FLAGS))


def _condition(expr: syntax.Expr) -> ir.Condition:
    if isinstance(expr, syntax.Name):
        try:
            return ir.Is(ir.Flag(expr.text))
        except ValueError:
            hint = did_you_mean(expr.text, _FLAGS) or "conditions test " + ", ".join(_FLAGS)
            raise Bad(f"`{expr.text}` is not something a condition can test", expr.span,
                      hint=hint, code="E023") from None
    if isinstance(expr, syntax.Not):
        return ir.IsNot(_condition(expr.operand))
    if isinstance(expr, syntax.BoolOp) and expr.op in ("and", "or"):
        parts = _flatten(expr, expr.op)
        items = tuple(_condition(p) for p in parts)
        return ir.AnyOf(items) if expr.op == "or" else ir.AllOf(items)
    raise Bad("a condition combines " + ", ".join(_FLAGS) + " with `and`, `or` and `not`",
              _expr_span(expr), code="E023")


def _flatten(expr: syntax.Expr, op: str) -> list[syntax.Expr]:
    if isinstance(expr, syntax.BoolOp) and expr.op == op:
        return _flatten(expr.left, op) + _flatten(expr.right, op)
    return [expr]


# --- card values -------------------------------------------------------------------

_PLACES = [p.value for p in ir.Place]


@dataclass(frozen=True, slots=True)
class RankLine:
    """A `values` line: the ranks it prices (`joker` as rank 0) and their value."""

    ranks: tuple[tuple[int, Span], ...]
    value: ir.CardValue | ir.JokerValue


def rank_line(atoms: Sequence[syntax.Atom], more: Sequence[Sequence[syntax.Atom]], span: Span,
              home_of: Callable[[str], str | None]) -> RankLine:
    """`2..9 face`, `10 J Q K 10`, `A 1 in low_run, 10 otherwise`, `joker as_replaced`.
    `home_of(word)`: the section a rule of that name belongs to (the schema's), for a rule
    written among the ranks by mistake."""
    if len(atoms) < 2:
        raise Bad("expected ranks followed by their value, e.g. `J Q K 10`", span)
    head, first_case = _split_first_case(atoms)
    ranks: list[tuple[int, Span]] = []
    for atom in head:
        ranks.extend(_ranks_of(atom, home_of))
    if not ranks:
        raise Bad("expected the ranks this line prices before the value, e.g. `J Q K 10`",
                  head[0].span if head else span)
    cases = [first_case, *more]
    if any(r == 0 for r, _ in ranks):
        if len(ranks) > 1:
            raise Bad("give the joker a line of its own: `joker as_replaced` or `joker 25`",
                      ranks[1][1])
        return RankLine(tuple(ranks), _joker_value(cases, span))
    return RankLine(tuple(ranks), _card_value(cases, [r for r, _ in ranks], span))


def _split_first_case(atoms: Sequence[syntax.Atom]) -> tuple[Sequence[syntax.Atom], Sequence[syntax.Atom]]:
    if len(atoms) >= 3 and _is_word(atoms[-2], "in"):
        return atoms[:-3], atoms[-3:]
    if len(atoms) >= 2 and _is_word(atoms[-1], "otherwise"):
        return atoms[:-2], atoms[-2:]
    return atoms[:-1], atoms[-1:]


def _ranks_of(atom: syntax.Atom, home_of: Callable[[str], str | None]) -> list[tuple[int, Span]]:
    if isinstance(atom, syntax.Word) and atom.text == "joker":
        return [(0, atom.span)]
    if isinstance(atom, syntax.Number):
        if not 2 <= atom.value <= 10:
            raise Bad(f"`{atom.value}` is not a rank", atom.span,
                      hint=_rank_hint(str(atom.value)), code="E014")
        return [(atom.value, atom.span)]
    if isinstance(atom, syntax.RangeAtom):
        if atom.high is None or not 2 <= atom.low <= atom.high <= 10:
            raise Bad(f"`{show(atom)}` is not a range of number cards", atom.span,
                      hint="number cards run from 2 to 10, e.g. `2..9`", code="E014")
        return [(r, atom.span) for r in range(atom.low, atom.high + 1)]
    if isinstance(atom, syntax.Word):
        try:
            return [(parse_rank(atom.text), atom.span)]
        except CardError as exc:
            home = home_of(atom.text)
            if home:  # a rule of another section, written in `values`
                raise Bad(f"`{atom.text}` is a rule of `{home}`, not a rank", atom.span,
                          hint=f"`{atom.text}` belongs in `{home}`: move the line there",
                          code="E011") from None
            raise Bad(f"`{atom.text}` is not a rank", atom.span, hint=exc.hint, code="E014") from None
    raise Bad(f"expected a rank, found `{show(atom)}`", atom.span, code="E014")


def _rank_hint(token: str) -> str:
    try:
        parse_rank(token)
    except CardError as exc:
        return exc.hint or ""
    return ""


def _case(atoms: Sequence[syntax.Atom]) -> tuple[syntax.Atom, ir.Place | None, bool]:
    """One `N`, `N in place` or `N otherwise`: (value atom, place, is_otherwise)."""
    if len(atoms) == 3 and _is_word(atoms[1], "in"):
        place_atom = atoms[2]
        word = show(place_atom)
        try:
            return atoms[0], ir.Place(word), False
        except ValueError:
            raise Bad(f"`{word}` is not a place a card can be counted in", place_atom.span,
                      hint=did_you_mean(word, _PLACES) or "places are " + ", ".join(_PLACES)) from None
    if len(atoms) == 2 and _is_word(atoms[1], "otherwise"):
        return atoms[0], None, True
    if len(atoms) == 1:
        return atoms[0], None, False
    raise Bad("expected `N`, `N in <place>` or `N otherwise`", atoms[0].span.to(atoms[-1].span))


def _card_value(cases: list[Sequence[syntax.Atom]], ranks: list[int], span: Span) -> ir.CardValue:
    default: int | None = None
    face = False
    by_place: list[tuple[ir.Place, int]] = []
    for atoms in cases:
        value_atom, place, _ = _case(atoms)
        if _is_word(value_atom, "face"):
            not_numbers = [r for r in ranks if not 2 <= r <= 10]
            if not_numbers or place is not None:
                raise Bad("only number cards (2..10) are worth their face value", value_atom.span,
                          hint="give figures and aces a number, e.g. `J Q K 10`")
            face = True
            continue
        points = _number_in(value_atom, 0, 1000, "a number of points, or `face`")
        if place is None:
            if default is not None:
                raise Bad("two values for the same cards", value_atom.span)
            default = points
        else:
            if place in (ir.Place.LOW_RUN, ir.Place.HIGH_RUN) and ranks != [1]:
                raise Bad(f"only an ace has a place `{place.value}`", atoms[-1].span)
            by_place.append((place, points))
    if face:
        if len(ranks) > 1 and by_place:
            raise Bad("`face` values cannot be split by place", span)
        return ir.CardValue(points=0, face=True)  # resolved per rank by the caller
    if default is None:
        raise Bad("say what the cards are worth everywhere else: add `, N otherwise`", span)
    return ir.CardValue(default, tuple(sorted(by_place, key=lambda p: _PLACES.index(p[0].value))))


def _joker_value(cases: list[Sequence[syntax.Atom]], span: Span) -> ir.JokerValue:
    if len(cases) != 1 or len(cases[0]) != 1:
        raise Bad("a joker is worth `as_replaced` or a fixed number of points", span)
    atom = cases[0][0]
    if _is_word(atom, "as_replaced"):
        return ir.JokerValue(as_replaced=True)
    if isinstance(atom, syntax.Number):
        return ir.JokerValue(as_replaced=False, points=_number_in(atom, 0, 1000))
    raise Bad(f"expected `as_replaced` or a number of points, found `{show(atom)}`", atom.span,
              hint=did_you_mean(show(atom), ["as_replaced"]))


# --- cards in examples -------------------------------------------------------------

def card(atom: syntax.Atom, *, declared: bool = False) -> Card:
    """A card; with `declared`, also a joker with the card it stands for (`JK=5♥`)."""
    token = show(atom)
    try:
        return parse_card(token, declared=declared)
    except CardError as exc:
        said = str(exc) if "=" in token else f"`{token}` is not a card"  # JK=5x: the card it names
        raise Bad(said, atom.span, hint=exc.hint, code="E014") from None

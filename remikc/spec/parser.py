"""Text to syntax tree: `parse(text, file) -> syntax.Spec`.

Lark does the parsing (LALR, positions kept); this module turns its trees
into `remikc.spec.syntax` nodes and its exceptions into diagnostics a card player can
act on: what was found, what was expected in plain words, and a hint.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..diagnostics import Diagnostic, Span, SpecError, error
from . import syntax
from .grammar import grammar
from .tokens import TEXT_OPEN, line_tokens

MAX_SYNTAX_ERRORS = 20
"""Past this many syntax errors in one file the rest are most likely one mistake's echoes."""


def parse(text: str, file: str) -> syntax.Spec:
    """Parse one `.rules` file; raises `SpecError` with every syntax mistake in it (see
    `_recovered`), a construct nested too deeply, and every quoted text that holds a character
    no text may carry."""
    spec, problems = parse_partial(text, file)
    if problems:
        raise SpecError(problems)
    assert spec is not None
    return spec


def parse_partial(text: str, file: str) -> tuple[syntax.Spec | None, list[Diagnostic]]:
    """The file's syntax tree as far as it parses, and its syntax mistakes, in order.

    After a syntax error the tree is that of the text with each line in error set aside
    (`_recovered`; the lines are in `Spec.set_aside`), so the later passes can report the
    mistakes of the rest of the file in the same run.  None when nothing can be read that
    way: the variant's own line is in error, recovery gave up, a line ends in a carriage
    return alone, or a construct is nested too deeply."""
    problems: list[Diagnostic] = []
    set_aside: set[int] = set()
    tree = _recovered(text, file, problems, set_aside)
    if problems:
        # lines ending in a carriage return alone read as one long line: whatever the parser
        # says then is beside the point (a stray one in a comment is harmless: parsed fine)
        lone_cr = _lone_carriage_return(text, file)
        if lone_cr is not None:
            return None, [lone_cr]
    if tree is not None:
        deep = _too_deep(tree, file)
        if deep is not None:  # the tree pass below recurses: it must not see such a tree
            return None, [*problems, deep]
    to_ast = _ToAst(file)
    spec: syntax.Spec | None = to_ast.transform(tree) if tree is not None else None
    problems += to_ast.problems
    problems.sort(key=lambda d: (d.span is None, d.span or Span("", 0, 0, 0, 0)))
    # a stand-in `variant x {` has no id and no parent to read the rest against; a number or
    # text refused while building the tree stands in the tree as a value it is not
    if spec is None or spec.id.span.line in set_aside or to_ast.problems:
        return None, problems
    return dataclasses.replace(spec, set_aside=frozenset(set_aside)), problems


def _recovered(text: str, file: str, problems: list[Diagnostic], set_aside: set[int]) -> Any:
    """The parse tree of `text`, reporting each syntax error into `problems` and parsing on.

    Error recovery by lines: the grammar is line-oriented (one setting a line), so after an
    error the line it is on is set aside (its number put in `set_aside`), replaced by a
    stand-in that keeps the line count and the `{`/`}` of the line (so the sections still
    nest as written; it reads the line through the token stream of tokens.py, which takes
    any text), and the text is parsed again: recovery goes on at the next rule or section.
    Every independent mistake is then reported in one run, each at its own line.  Recovery
    stops at the end of the file (nothing left to parse), after the variant's closing `}` (a
    second variant: one error says it), at a line already set aside (a mistake the stand-in
    cannot hide) and after `MAX_SYNTAX_ERRORS`; the tree is then None.  A stand-in is never
    taken for a rule: it holds no setting, and a section it opens is one `Spec.set_aside`
    names, which the binding pass reads as unknown."""
    lines = text.split("\n")
    while True:
        try:
            return grammar().parse("\n".join(lines))
        except UnexpectedInput as exc:
            work = "\n".join(lines)
            problems.append(_syntax_error(exc, work, file))
            token = getattr(exc, "token", None)
            line = (token.line if token is not None and token.type != "$END" else
                    getattr(exc, "line", -1))
            finished = isinstance(exc, UnexpectedEOF) or (
                token is not None and token.type == "$END") or "$END" in (
                getattr(exc, "expected", None) or ())
            if (finished or not isinstance(line, int) or not 1 <= line <= len(lines)
                    or line in set_aside or len(problems) >= MAX_SYNTAX_ERRORS):
                return None
            set_aside.add(line)
            # a `}` the error is about closes nothing: left out; a `{` opens a section all
            # the same (its `}` comes later), so it stays
            skip = token.column if token is not None and token.type == "RBRACE" else None
            lines[line - 1] = _stand_in(lines[line - 1], skip=skip)


def _stand_in(line: str, skip: int | None) -> str:
    """A line that parses wherever a setting may stand and opens and closes the sections
    `line` opens and closes (`x {` for each `{`, `}` for each `}`: its brace tokens, none in a
    quoted text or a comment); the brace at column `skip` (the one the error was about) is
    left out."""
    keep = ["x {" if t.type == "LBRACE" else "}" for t in line_tokens(line)
            if t.type in ("LBRACE", "RBRACE") and t.column != skip]
    if line.lstrip().startswith("variant") and keep[:1] == ["x {"]:
        keep[0] = "variant x {"
    return " ".join(keep)


def _lone_carriage_return(text: str, file: str) -> Diagnostic | None:
    """A carriage return that ends a line on its own (classic Mac OS, some exports): the
    parser would read the whole file as one line and say something beside the point."""
    at = next((i for i, ch in enumerate(text) if ch == "\r" and text[i + 1:i + 2] != "\n"
               and not _in_quoted_text(text, i)), -1)
    if at < 0:
        return None
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return error("E002", "this line ends with a carriage return alone (old Mac line endings)",
                 Span(file, line, column, line, column + 1),
                 hint="save the file with Unix (LF) or Windows (CRLF) line endings; most "
                      "editors offer it under `line endings` or `EOL`")


def _in_quoted_text(text: str, at: int) -> bool:
    """Whether `text[at]` stands inside a quoted text (E005 speaks of a carriage return there;
    one in a comment ends the line for some readers and hides the rest of the file here): in
    one closed on its line, or after the `"` of one that is not."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    column = at - start + 1
    for token in line_tokens(text[start:] if end < 0 else text[start:end]):
        if token.type == "STRING" and token.column < column < token.end_column - 1:
            return True
        if token.type == TEXT_OPEN and token.column < column:
            return True
    return False


# Bidi controls reorder what a reader sees (a name that shows one thing and is another);
# line and paragraph separators end a line for some readers and not for others.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def forbidden_character(text: str) -> int | None:
    """Where `text` holds a character no quoted text may carry (a control character such as
    NUL, tab or carriage return, a line separator, a bidi control, a byte-order mark), or None."""
    for i, ch in enumerate(text):
        if ch in _BIDI or ch == "\ufeff" or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return i
    return None


_CONTROL_NAMES = {0: "NUL", 7: "bell", 9: "tab", 10: "line feed", 13: "carriage return", 27: "escape",
                  127: "delete", 0x9B: "control sequence introducer", 0xFEFF: "byte-order mark"}


def _character_name(ch: str) -> str:
    name = _CONTROL_NAMES.get(ord(ch)) or unicodedata.name(ch, "a control character").lower()
    return f"U+{ord(ch):04X} ({name})"


# --- limits ------------------------------------------------------------------------

MAX_DEPTH = 100
"""How deeply sections and expressions may nest: sections in sections, and in a `check` or a
`when` condition each `and`, `or`, `not`, `implies`, comparison, `+`/`-`, function call and
`forall`/`exists` inside another (a chain of `or` counts one level per `or`, as it is read
as nested pairs).  Real specs nest a handful of levels.  The bound is what keeps every later
pass safe: the AST, IR, checks, Z3 encoding, rulebooks and generated code are all built by
recursion over this nesting, and a spec nested a few hundred levels deep would exhaust
Python's stack in one of them.  The tree is measured before anything recurses over it."""

MAX_DIGITS = 18
"""The most digits a number may have (up to 999,999,999,999,999,999).  No rule takes a
number anywhere near that; the bound keeps a number of thousands of digits from reaching
`int()`, which refuses strings over 4,300 digits, and the solver."""

# the parse-tree nodes that nest, in the words the diagnostic uses
_NESTING = {"section": "section", "quantified": "`forall`/`exists`", "implies": "`implies`",
            "or_": "`or`", "and_": "`and`", "not_": "`not`", "compare": "comparison",
            "arith": "`+`/`-`", "call": "function call"}


def _too_deep(tree: Tree[Token], file: str) -> Diagnostic | None:
    """E006 at the first construct nested more than `MAX_DEPTH` levels deep, or None.  The
    walk keeps its own stack: it must not itself be the recursion it guards against."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in _NESTING:
            depth += 1
            if depth > MAX_DEPTH:
                return error(
                    "E006", f"nested too deeply: this {_NESTING[node.data]} is more than "
                    f"{MAX_DEPTH} levels inside sections and expressions",
                    Span(file, node.meta.line, node.meta.column, node.meta.end_line, node.meta.end_column),
                    hint=f"remikc reads at most {MAX_DEPTH} levels; a chain of `and`, `or` or "
                    "`+` counts one level per operator: split it into several checks or conditions")
        # reversed, so the walk goes in reading order and names the first place too deep
        stack.extend((child, depth) for child in reversed(node.children) if isinstance(child, Tree))
    return None


# --- tree to AST -------------------------------------------------------------------

def _span_of(file: str, obj: Any) -> Span:
    return Span(file, obj.line, obj.column, obj.end_line, obj.end_column)


class _ToAst(Transformer[Token, Any]):
    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file
        self.problems: list[Diagnostic] = []

    def _span(self, meta: Any) -> Span:
        return _span_of(self.file, meta)

    def _tok(self, token: Token) -> Span:
        return _span_of(self.file, token)

    @v_args(meta=True)
    def start(self, meta: Any, children: list[Any]) -> syntax.Spec:
        return children[0]  # type: ignore[no-any-return]

    @v_args(meta=True)
    def variant(self, meta: Any, children: list[Any]) -> syntax.Spec:
        name, *rest = children
        extends = rest[0] if len(rest) == 2 else None
        body = rest[-1]
        word = syntax.Word(str(name), self._tok(name))
        return syntax.Spec(word, extends, body, self._span(meta), self.file)

    def extends(self, children: list[Any]) -> syntax.Text:
        return self._text(children[0])

    def body(self, children: list[Any]) -> tuple[syntax.Item, ...]:
        return tuple(children)

    @v_args(meta=True)
    def section(self, meta: Any, children: list[Any]) -> syntax.Section:
        name, body = children
        return syntax.Section(syntax.Word(str(name), self._tok(name)), body, self._span(meta))

    @v_args(meta=True)
    def setting(self, meta: Any, children: list[Any]) -> syntax.Setting:
        override = None
        if children and isinstance(children[0], Token) and children[0].type == "OVERRIDE":
            override = self._tok(children[0])
            children = children[1:]
        groups = tuple(c for c in children if isinstance(c, tuple))
        condition = next((c[1] for c in children if isinstance(c, list) and c[0] == "when"), None)
        marked = next((c for c in children if isinstance(c, list) and c[0] == "assumed"), None)
        assumed, other = (marked[1], marked[2]) if marked else (None, None)
        sources = tuple(c[1] for c in children if isinstance(c, list) and c[0] == "source")
        return syntax.Setting(groups, condition, assumed, override, self._span(meta), other, sources)

    def values(self, children: list[Any]) -> tuple[syntax.Atom, ...]:
        return tuple(children)

    def word(self, children: list[Token]) -> syntax.Word:
        return syntax.Word(str(children[0]), self._tok(children[0]))

    def number(self, children: list[Token]) -> syntax.Number:
        return syntax.Number(self._int(children[0]), self._tok(children[0]))

    def _int(self, token: Token) -> int:
        """The value of a NUMBER token; E007 (and 0, to go on reading) when it has more than
        `MAX_DIGITS` digits: `int()` would refuse one of over 4,300 digits with a traceback."""
        text = str(token)
        sign = -1 if text.startswith("-") else 1
        digits = text.lstrip("+-").lstrip("0") or "0"
        if len(digits) > MAX_DIGITS:
            self.problems.append(error(
                "E007", f"number too large: {len(digits)} digits, remikc reads at most {MAX_DIGITS}",
                self._tok(token), hint="no rule takes a number anywhere near this size: "
                "look for a missing space or a pasted value"))
            return 0
        return sign * int(digits)

    def text(self, children: list[Token]) -> syntax.Text:
        return self._text(children[0])

    def _text(self, token: Token) -> syntax.Text:
        text, span = str(token)[1:-1], self._tok(token)
        at = forbidden_character(text)
        if at is not None:
            column = span.column + 1 + at
            self.problems.append(error(
                "E005", f"a quoted text cannot hold the invisible character {_character_name(text[at])}",
                Span(self.file, span.line, column, span.line, column + 1),
                hint="delete it, or retype the text: it often comes with text pasted from elsewhere"))
        return syntax.Text(text, span)

    @v_args(meta=True)
    def range(self, meta: Any, children: list[Token | None]) -> syntax.RangeAtom:
        low, high = children
        assert low is not None
        return syntax.RangeAtom(self._int(low), None if high is None else self._int(high), self._span(meta))

    def condition(self, children: list[Any]) -> list[Any]:
        return ["when", children[0]]

    def source(self, children: list[Token]) -> list[Any]:
        """`["source", quotation]`."""
        return ["source", self._text(children[0])]

    def assumed(self, children: list[Token]) -> list[Any]:
        """`["assumed", why, other reading or None]`."""
        return ["assumed", self._text(children[0]), self._text(children[1]) if len(children) > 1 else None]

    @v_args(meta=True)
    def check(self, meta: Any, children: list[Any]) -> syntax.Check:
        title, expr = children
        return syntax.Check(self._text(title), expr, self._span(meta))

    # expressions
    @v_args(meta=True)
    def quantified(self, meta: Any, children: list[Any]) -> syntax.Quantified:
        kind, *binders, body = children
        return syntax.Quantified(str(kind), tuple(binders), body, self._span(meta))

    def binder(self, children: list[Token]) -> syntax.Binder:
        domain, var = children
        return syntax.Binder(syntax.Word(str(domain), self._tok(domain)),
                             syntax.Word(str(var), self._tok(var)))

    @v_args(meta=True)
    def implies(self, meta: Any, children: list[Any]) -> syntax.BoolOp:
        return syntax.BoolOp("implies", children[0], children[1], self._span(meta))

    @v_args(meta=True)
    def or_(self, meta: Any, children: list[Any]) -> syntax.BoolOp:
        return syntax.BoolOp("or", children[0], children[1], self._span(meta))

    @v_args(meta=True)
    def and_(self, meta: Any, children: list[Any]) -> syntax.BoolOp:
        return syntax.BoolOp("and", children[0], children[1], self._span(meta))

    @v_args(meta=True)
    def not_(self, meta: Any, children: list[Any]) -> syntax.Not:
        return syntax.Not(children[0], self._span(meta))

    @v_args(meta=True)
    def compare(self, meta: Any, children: list[Any]) -> syntax.Compare:
        left, op, right = children
        return syntax.Compare(str(op), left, right, self._span(meta))

    @v_args(meta=True)
    def arith(self, meta: Any, children: list[Any]) -> syntax.Arith:
        left, op, right = children
        return syntax.Arith(str(op), left, right, self._span(meta))

    def name(self, children: list[Token]) -> syntax.Name:
        return syntax.Name(str(children[0]), self._tok(children[0]))

    def num(self, children: list[Token]) -> syntax.Num:
        return syntax.Num(self._int(children[0]), self._tok(children[0]))

    @v_args(meta=True)
    def call(self, meta: Any, children: list[Any]) -> syntax.Call:
        function, *args = children
        return syntax.Call(str(function), tuple(a for a in args if a is not None), self._span(meta))


# --- syntax errors -----------------------------------------------------------------

_PLAIN = {
    "WORD": "a name",
    "NUMBER": "a number",
    "STRING": 'a quoted text ("...")',
    "_NL": "the end of the line",
    "SEMICOLON": "`;`",
    "LBRACE": "`{`",
    "RBRACE": "`}`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "COMMA": "`,`",
    "COLON": "`:`",
    "OVERRIDE": "`override`",
    "QUANTIFIER": "`forall` or `exists`",
    "COMPARE": "a comparison (`<`, `<=`, `==`, `!=`, `>=`, `>`)",
    "ADD_OP": "`+` or `-`",
    "$END": "the end of the file",
}


def _plain(terminal: str) -> str:
    if terminal in _PLAIN:
        return _PLAIN[terminal]
    try:
        pattern = grammar().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    return f"`{pattern.value}`"


def _expected(names: set[str]) -> str:
    words = sorted({_plain(n) for n in names if not n.startswith("__")} or {"something else"})
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _found(token: Token) -> str:
    if token.type == "$END":
        return "the end of the file"
    if token.type == "_NL":
        return "the end of the line"
    return f"`{token}`"


def _syntax_error(exc: UnexpectedInput, text: str, file: str) -> Diagnostic:
    if isinstance(exc, UnexpectedCharacters):
        return _bad_character(exc, text, file)
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        return _unexpected_end(text, file, exc)
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    span = Span(file, token.line, token.column, token.end_line or token.line,
                token.end_column or token.column + 1)
    if token.type == "_NL":
        span = Span(file, token.line, token.column, token.line, token.column + 1)
    expected = set(exc.expected)
    message = f"unexpected {_found(token)}; expected {_expected(expected)}"
    if token.type == "ADD_OP" and {"NUMBER", "WORD", "STRING"} <= expected:
        # among a setting's values: a sign parted from its number (`- 50`); the dozen
        # tokens that could stand here would bury that
        message = f"unexpected {_found(token)} standing apart from a number"
    return error("E001", message, span, hint=_syntax_hint(token, expected, text))


# How an assumption and its other reading are written, for the hints of a stray `other`.
ASSUMED_SHAPE = '`assumed "<why this value>" other "<the other reading>"`'


def _word_before(text: str, token: Token) -> str | None:
    """The word that stands before `token` (across line ends), if a word does."""
    line, column = (token.line or 1) - 1, (token.column or 1) - 1
    lines = text.split("\n")
    words = "\n".join([*lines[:line], lines[line][:column]]).split()
    return words[-1] if words else None


def _syntax_hint(token: Token, expected: set[str], text: str) -> str | None:
    if str(token) == "source" and "STRING" not in expected:
        return ('the quotations come right after the value, before `assumed`: `source "<the seed\'s '
                'sentence>"`, one line each, then `assumed "..."`')
    if str(token) == "other" and expected <= {"STRING"}:
        return ("`assumed` says first why the value was chosen, then `other` the other reading: "
                + ASSUMED_SHAPE)
    if str(token) == "other":
        return f"one `assumed` has one `other` reading; put the readings in one text: {ASSUMED_SHAPE}"
    if expected <= {"STRING"} and _word_before(text, token) == "other":
        return f"`other` takes the other reading in double quotes: {ASSUMED_SHAPE}"
    if "STRING" in expected and token.type == "WORD" and expected <= {"STRING"}:
        return f'put it in double quotes: "{token}"'
    if token.type == "COLON":
        return "settings take no colon: write `hand 14`, not `hand: 14`"
    if token.type == "RBRACE" and "$END" in expected:
        return "this `}` closes nothing: remove it, or look for a `{` missing above"
    if token.type == "LBRACE":
        return "a section is a single name followed by `{`, e.g. `deal {`"
    if token.type == "ADD_OP" and {"NUMBER", "WORD"} <= expected:
        after = text.split("\n")[(token.line or 1) - 1][(token.end_column or 1) - 1:].lstrip()
        number = after.split()[0] if after.split() and after.split()[0].isdigit() else "50"
        return f"write the sign right before the number, without a space: `{token}{number}`"
    if str(token) == "variant":
        return "a file holds exactly one `variant`"
    if token.type in ("WORD", "NUMBER") and expected & {"RBRACE", "_NL", "SEMICOLON"} and (
        "LBRACE" not in expected
    ):
        return "put each setting on a line of its own, or separate settings with `;`"
    return None


def _bad_character(exc: UnexpectedCharacters, text: str, file: str) -> Diagnostic:
    span = Span(file, exc.line, exc.column, exc.line, exc.column + 1)
    char = exc.char
    if char == '"':
        line_text = text.splitlines()[exc.line - 1] if text.splitlines() else ""
        end = len(line_text) + 1
        return error("E003", "this quoted text is not closed on its line",
                     Span(file, exc.line, exc.column, exc.line, max(end, exc.column + 1)),
                     hint='add the closing `"`; a text cannot span lines')
    hint = None
    if char == "=":
        hint = "settings take no `=`: write `hand 14`, not `hand = 14`"
    elif char == "." and (whole := _decimal(text, exc.line, exc.column)) is not None:
        return error("E002", "a number with a decimal point", span,
                     hint=f"numbers in a spec are whole numbers: write `{whole}` or "
                          f"`{int(whole) + 1}`")
    elif char == ".":
        hint = "a range is written with two dots between numbers, e.g. `3..4` or `3..`"
    elif char in _TYPOGRAPHIC_MINUS:
        hint = (f"`{char}` is a typographic minus or dash (text pasted from a word processor "
                "brings them): type the ASCII `-`, e.g. `-50`")
    elif char == "'":
        hint = 'quote texts with double quotes: "..."'
    elif not char.isprintable():  # named, never printed: it could drive the terminal
        return error("E002", f"unexpected invisible character {_character_name(char)}", span,
                     hint="delete it: it often comes with text pasted from elsewhere")
    return error("E002", f"unexpected character `{char}`", span, hint=hint)


_TYPOGRAPHIC_MINUS = "\u2212\u2013\u2014\u2012\u2010\u2011\ufe63\uff0d"
"""Minus sign, en and em dash, figure dash, hyphens, small and full-width hyphen-minus."""


def _decimal(text: str, line: int, column: int) -> str | None:
    """The whole part of a number with a decimal point at `line:column` (`40` of `40.5`),
    or None when the dot stands elsewhere."""
    row = text.split("\n")[line - 1] if line <= text.count("\n") + 1 else ""
    before, after = row[:column - 1], row[column:]
    whole = before[len(before.rstrip("0123456789")):]
    if whole and after[:1].isdigit():
        return whole
    return None


def _unexpected_end(text: str, file: str, exc: UnexpectedInput) -> Diagnostic:
    """The file ended early: usually a `{` without its `}`; point at that `{`."""
    opened = _unclosed_brace(text, file)
    lines = text.splitlines() or [""]
    end = Span(file, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 2)
    if opened is not None:
        return error("E004", "this `{` is never closed", opened,
                     hint="add the matching `}` at the end of the section")
    expected = getattr(exc, "expected", None) or set()
    return error("E004", f"the file ends too early; expected {_expected(set(expected))}", end)


def _unclosed_brace(text: str, file: str) -> Span | None:
    """The `{` most likely left open: a `}` first on its line closes the `{` of its indent."""
    stack: list[tuple[Span, int]] = []
    unclosed: list[Span] = []
    for number, line in enumerate(text.splitlines(), start=1):
        indent = len(line) - len(line.lstrip())
        for token in line_tokens(line):
            col = token.column
            if token.type == "LBRACE":
                stack.append((Span(file, number, col, number, col + 1), indent))
            elif token.type == "RBRACE" and stack:
                if col == indent + 1:
                    while len(stack) > 1 and stack[-1][1] > indent:
                        unclosed.append(stack.pop()[0])
                stack.pop()
    if unclosed:
        return min(unclosed)
    return stack[-1][0] if stack else None

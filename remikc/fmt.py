"""`remikc fmt`: one canonical layout for a `.rules` file, `format_text(text, file) -> str`.

The layout (docs/dsl.md, "Layout", says the same for authors):

- two spaces of indentation per section; a line that goes on with the setting or check
  above it (after a `,`, an `and`, ..., and every `source`, `assumed` and `other`) two more;
- `{` ends its line, `}` stands on a line of its own, `;` between settings becomes a line
  break, and `source`, `assumed` and `other` each start a line of their own;
- one space between words, numbers and texts; none before `,` `:` `)`, after `(`, around
  `..` or between a function and its `(`;
- at most one blank line in a row, none after a `{` or before a `}`, and one before and
  after each section of the variant (the comment lines right above a section go with it);
- trailing comments of a section line up two spaces after its longest line of code that
  carries one, but no further right than `COMMENT_COLUMN`; a longer line's comment follows
  two spaces after it.  Comment lines take the indentation of the code below them.

Every comment and quoted text is kept as written (trailing blanks dropped), and line breaks
inside a setting or check stay where the author put them: a line is never wrapped, so a
line over `LINE_LENGTH` (a long quoted text, mostly) stays long.

The formatter reads the file with the parser's own tokens (`grammar.lark`), each with the
type it has where it stands, and its comments from the token stream (remikc/spec/tokens.py):
a statement or token a later grammar adds is laid out by the same rules, and a pair of tokens
these rules do not know keeps the spacing it was written with (written together, kept
together).  A file with syntax errors raises `SpecError` and nothing is formatted.  As a last
guard, the result is parsed again and must give the same syntax tree as the input, spans aside.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from typing import Any

from lark import Token

from .diagnostics import Span, SpecError, error
from .spec.grammar import grammar
from .spec.parser import parse
from .spec.tokens import COMMENT, line_tokens

INDENT = "  "
LINE_LENGTH = 100
"""The line length fmt aims at: a line longer than this is only ever one that cannot be
broken (a quoted text, a long list of cards); fmt wraps nothing itself."""
COMMENT_COLUMN = 48
"""The rightmost column (1-based) an aligned trailing comment's `#` may stand at."""

# no space before these tokens, and none after the opening ones
_TIGHT_BEFORE = frozenset({"COMMA", "COLON", "RPAR", "SEMICOLON"})
_TIGHT_AFTER = frozenset({"LPAR"})
# a statement breaks before these: each starts a line of its own
_OWN_LINE = frozenset({"SOURCE", "ASSUMED", "OTHER"})


@dataclass
class _Piece:
    """One output line of code: its tokens, its indentation level, its trailing comment."""

    tokens: list[Token]
    level: int
    block: int  # the `{` token index of the section it stands in (-1: the top of the file)
    comment: str | None = None

    def code(self) -> str:
        return INDENT * self.level + _join(self.tokens)


@dataclass
class _Row:
    kind: str  # "code" | "comment" | "blank"
    piece: _Piece | None = None
    text: str = ""  # a comment row's comment
    level: int = 0


@dataclass
class _Source:
    """The file as lines of tokens, with the comment of each line."""

    lines: list[str]
    tokens: dict[int, list[Token]] = field(default_factory=dict)  # by line number
    comments: dict[int, str] = field(default_factory=dict)
    continued: set[int] = field(default_factory=set)  # lines inside a setting or a check


def format_text(text: str, file: str) -> str:
    """`text` laid out canonically.  Raises `SpecError` with every syntax error when `text`
    does not parse (nothing is formatted then)."""
    text = text.removeprefix("\ufeff")
    before = parse(text, file)
    source = _read(text)
    rows = _spaced(_rows(source))
    out = _render(rows)
    try:
        after = parse(out, file)
    except SpecError as exc:  # pragma: no cover - a bug in this module, never the author's
        raise SpecError([_bug(file, str(exc))]) from None
    if _unplaced(before) != _unplaced(after):  # pragma: no cover - likewise
        raise SpecError([_bug(file, "the layout would change what the file says")])
    return out


def _bug(file: str, what: str) -> Any:
    return error("E001", f"remikc fmt cannot lay this file out: {what}", Span(file, 1, 1, 1, 2),
                 hint="the file is left as it is; please report this with the file")


def _unplaced(node: Any) -> Any:
    """A syntax tree with every span and file name taken out: what the file says.  A span
    becomes a mark, not nothing: `Setting.override` is a span, and `override` is meant."""
    if isinstance(node, Span):
        return "at"
    if isinstance(node, tuple):
        return tuple(_unplaced(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__, *(_unplaced(getattr(node, f.name))
                                       for f in dataclasses.fields(node) if f.name != "file"))
    return node


# --- reading --------------------------------------------------------------------------

def _read(text: str) -> _Source:
    lines = text.replace("\r\n", "\n").split("\n")
    source = _Source(lines)
    # the tokens the parser itself reads, each with the type it has where it stands (`or`
    # is a keyword in a condition and a word in `ace low or high`)
    state = grammar().parse_interactive(text)
    for token in state.iter_parse():
        if token.type != "_NL":
            source.tokens.setdefault(token.line or 0, []).append(token)
    tree = state.feed_eof()  # type: ignore[no-untyped-call]
    for number, line in enumerate(lines, start=1):
        for piece in line_tokens(line, number):
            if piece.type == COMMENT:
                source.comments[number] = piece.text.rstrip()
    for node in tree.iter_subtrees():
        if node.data in ("setting", "check") and node.meta.end_line > node.meta.line:
            source.continued.update(range(node.meta.line + 1, node.meta.end_line + 1))
    return source


# --- laying out -----------------------------------------------------------------------

def _rows(source: _Source) -> list[_Row]:
    """Every source line as rows of code (split where a line holds several statements),
    comments and blanks, each with its indentation level."""
    rows: list[_Row] = []
    blocks: list[int] = [-1]  # the sections open here, by the index of their `{`
    count = 0
    for number in range(1, len(source.lines) + 1):
        tokens = source.tokens.get(number)
        comment = source.comments.get(number)
        if not tokens:
            rows.append(_Row("comment", text=comment) if comment else _Row("blank"))
            continue
        pieces: list[_Piece] = []
        current: list[Token] = []
        level = len(blocks) - 1 + (1 if number in source.continued else 0)
        for token in tokens:
            count += 1
            if token.type == "RBRACE":
                _close(pieces, current, level, blocks)
                current = []
                blocks.pop()
                pieces.append(_Piece([token], len(blocks) - 1, blocks[-1]))
                level = len(blocks) - 1
            elif token.type == "SEMICOLON":
                _close(pieces, current, level, blocks)
                current = []
                level = len(blocks) - 1
            elif token.type in _OWN_LINE and current:
                _close(pieces, current, level, blocks)
                current = [token]
                level = max(level, len(blocks))  # a continuation of the statement above
            elif token.type == "LBRACE":
                current.append(token)
                _close(pieces, current, level, blocks)
                current = []
                blocks.append(count)
                level = len(blocks) - 1
            else:
                current.append(token)
        _close(pieces, current, level, blocks)
        if comment:
            if pieces:
                pieces[-1].comment = comment
            else:
                rows.append(_Row("comment", text=comment))
        rows.extend(_Row("code", piece=p, level=p.level) for p in pieces)
    # a comment line takes the indentation of the code below it (inside a section when
    # that code is the section's `}`)
    below = 0
    for row in reversed(rows):
        if row.kind == "code":
            assert row.piece is not None
            below = row.level + (1 if row.piece.tokens[0].type == "RBRACE" else 0)
        elif row.kind == "comment":
            row.level = below
    return rows


def _close(pieces: list[_Piece], tokens: list[Token], level: int, blocks: list[int]) -> None:
    """The tokens gathered so far, if any, as one line of code."""
    if tokens:
        pieces.append(_Piece(tokens, level, blocks[-1]))


def _opens(row: _Row) -> bool:
    return row.kind == "code" and row.piece is not None and row.piece.tokens[-1].type == "LBRACE"


def _closes(row: _Row) -> bool:
    return row.kind == "code" and row.piece is not None and row.piece.tokens[0].type == "RBRACE"


def _spaced(rows: list[_Row]) -> list[_Row]:
    """The blank lines: one at most in a row, none after `{` or before `}` or at either end
    of the file, and one around each section of the variant."""
    wanted: set[int] = set()  # a blank line is wanted before these rows
    for i, row in enumerate(rows):
        if row.level != 1 or row.kind != "code":
            continue
        if _opens(row):
            start = i
            while start > 0 and rows[start - 1].kind == "comment" and rows[start - 1].level == 1:
                start -= 1
            wanted.add(start)
        elif _closes(row):
            wanted.add(i + 1)
    out: list[_Row] = []
    for i, row in enumerate(rows):
        if row.kind == "blank":
            continue
        blank = i in wanted or (i > 0 and rows[i - 1].kind == "blank")
        if blank and out and not _opens(out[-1]) and not _closes(row):
            out.append(_Row("blank"))
        out.append(row)
    return out


def _render(rows: list[_Row]) -> str:
    columns = _comment_columns(rows)
    lines = []
    for row in rows:
        if row.kind == "blank":
            lines.append("")
        elif row.kind == "comment":
            lines.append(INDENT * row.level + row.text)
        else:
            assert row.piece is not None
            code = row.piece.code()
            if row.piece.comment is not None:
                column = columns.get(row.piece.block, 0)
                code = code.ljust(column - 1) if len(code) + 2 < column else code + "  "
                code += row.piece.comment
            lines.append(code)
    return "\n".join(lines) + "\n"


def _comment_columns(rows: list[_Row]) -> dict[int, int]:
    """For each section, the column its trailing comments line up at."""
    widest: dict[int, int] = {}
    for row in rows:
        piece = row.piece
        if piece is None or piece.comment is None:
            continue
        width = len(piece.code())
        if width + 3 <= COMMENT_COLUMN:
            widest[piece.block] = max(widest.get(piece.block, 0), width)
    return {block: width + 3 for block, width in widest.items()}


# --- one line ---------------------------------------------------------------------------

def _join(tokens: list[Token]) -> str:
    out = str(tokens[0])
    for left, right in itertools.pairwise(tokens):
        out += ("" if _tight(left, right) else " ") + str(right)
    return out


def _tight(left: Token, right: Token) -> bool:
    """Whether two tokens on one line are written together."""
    if right.type in _TIGHT_BEFORE or left.type in _TIGHT_AFTER:
        return True
    if _range_dots(left) or _range_dots(right):
        return left.type == "NUMBER" or right.type == "NUMBER"
    if left.type == "WORD" and right.type == "LPAR":
        return True  # a function and its arguments: `cards(m)`
    if _known(left) and _known(right):
        return False
    # a token this module has no rule for (a later grammar's): kept as written
    return left.line == right.line and left.end_column == right.column


def _range_dots(token: Token) -> bool:
    return str(token) == ".."


def _known(token: Token) -> bool:
    """Words, numbers, texts and keywords, which one space always keeps apart."""
    return token.type in ("WORD", "NUMBER", "STRING", "COMPARE", "ADD_OP", "QUANTIFIER",
                          "LBRACE", "RBRACE", "LPAR", "RPAR", "COMMA", "COLON") or str(token).isalpha()


def unchanged(text: str, file: str) -> bool:
    """Whether `text` is laid out canonically already (raises `SpecError` like `format_text`)."""
    return format_text(text, file) == text




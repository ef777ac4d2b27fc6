"""A spec's text as tokens that never fail: `tokens(text)`, or one line's, `line_tokens(line)`.

The tokens are the grammar's own terminals (grammar.lark, lexed by Lark's lexer), with what
the parser skips kept (`COMMENT`, `BLANK` for spaces and tabs, `NEWLINE`), so the tokens of a
text, put together, are the text.  Where the grammar has no token the stream goes on: a
character no terminal takes is an `ERROR` of its own, and a quoted text that does not end on
its line is one `TEXT_OPEN`, from its `"` to the end of the line, as the parser reports it
(E003).  A token's type is the one Lark's lexer gives it out of context: `or` is always `OR`,
even where the parser reads it as a word (`ace low or high`).

Whatever reads a spec's text without parsing it reads these: the parser's error recovery,
`remikc fmt` (the comments it keeps), the language server (the statement at the cursor) and
the Pygments lexer.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from lark.exceptions import UnexpectedCharacters
from lark.lexer import BasicLexer, LexerThread

from .grammar import grammar

BLANK, COMMENT, NEWLINE = "BLANK", "COMMENT", "NEWLINE"
ERROR, TEXT_OPEN = "ERROR", "TEXT_OPEN"
SKIPPED = frozenset({BLANK, COMMENT, NEWLINE})
"""What the parser passes over: the tokens of a statement are the others."""


@dataclass(frozen=True, slots=True)
class Token:
    type: str  # a terminal of grammar.lark (WORD, NUMBER, STRING, LBRACE, WHEN, ...) or one above
    text: str
    line: int  # 1-based
    column: int  # 1-based, in characters

    @property
    def end_column(self) -> int:
        return self.column + len(self.text)


@functools.cache
def _lexer() -> BasicLexer:
    """Lark's lexer of the grammar, keeping what the parser ignores (as `Lark.lex` with
    `dont_ignore` builds it, once)."""
    conf = copy.copy(grammar().lexer_conf)
    conf.ignore = ()
    return BasicLexer(conf)


@functools.cache
def _names() -> dict[str, str]:
    """The grammar's names for the tokens the parser ignores, as this module names them."""
    names = {"COMMENT": COMMENT}
    for terminal in grammar().terminals:
        if terminal.name.startswith("__IGNORE"):
            names[terminal.name] = BLANK if "\n" not in str(terminal.pattern.value) else NEWLINE
    return names


def line_tokens(line: str, number: int = 1) -> list[Token]:
    """The tokens of one line (no `\\n` in it), numbered `number`.  A `\\r` that ends it is
    half of a Windows line end: a `NEWLINE`."""
    return list(_line_tokens(line, number))


# the language server reads the lines around the cursor at every keystroke, and all but one
# are the lines it read the keystroke before
@functools.lru_cache(maxsize=4096)
def _line_tokens(line: str, number: int) -> tuple[Token, ...]:
    body, end = (line[:-1], line[-1:]) if line.endswith("\r") else (line, "")
    out: list[Token] = []
    at = 0
    while at < len(body):
        try:
            for token in LexerThread.from_text(_lexer(), body[at:]).lex(None):  # type: ignore[no-untyped-call]
                kind = _names().get(token.type, token.type)
                out.append(Token(kind, str(token), number, at + 1 + (token.start_pos or 0)))
            break
        except UnexpectedCharacters as exc:
            start = at + (exc.pos_in_stream or 0)
            # a quoted text not closed on its line runs to the end of it, as the parser says
            stop = len(body) if body[start] == '"' else start + 1
            out.append(Token(TEXT_OPEN if body[start] == '"' else ERROR, body[start:stop], number, start + 1))
            at = stop
    if end:
        out.append(Token(NEWLINE, end, number, len(body) + 1))
    return tuple(out)


def tokens(text: str) -> Iterator[Token]:
    """Every token of `text`, line by line, each line's end a `NEWLINE` (`\\n` or `\\r\\n`)."""
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        found = line_tokens(line, number)
        if number < len(lines):
            if found and found[-1].type == NEWLINE:
                found[-1] = Token(NEWLINE, "\r\n", number, found[-1].column)
            else:
                found.append(Token(NEWLINE, "\n", number, len(line) + 1))
        yield from found


def code(tokens: list[Token]) -> str:
    """A line's text before its comment (and line end)."""
    return "".join(t.text for t in tokens if t.type not in (COMMENT, NEWLINE))

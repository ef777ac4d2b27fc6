"""A Pygments lexer for `.rules` files: `RulesLexer`, registered as `rules` (and `remikc`)
through the `pygments.lexers` entry point, so `pygmentize -l rules`, Sphinx, MkDocs and
anything else that uses Pygments highlights specs once remikc is installed with Pygments
(`pip install 'remikc[highlight]'`).

It reads the spec's one token stream (remikc/spec/tokens.py, the grammar's own terminals), so
a text the parser reads as a comment, a quoted text or a number is highlighted as one, and
what the parser refuses (a character no token takes, a quoted text left open) is an error
token where the parser would put its caret.  A word's class is read from its place in the
statement, the words themselves from the schema (remikc/spec/vocabulary.py).  `editors/`
holds a TextMate grammar made from the same lists (`python -m remikc.highlight --textmate`):
an editor applies it without Python, so it stays patterns, tested against the stream's classes.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Iterator
from typing import Any, ClassVar

from pygments.lexer import Lexer
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Literal,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from .spec import vocabulary as v
from .spec.tokens import BLANK, COMMENT, ERROR, NEWLINE, TEXT_OPEN, Token, tokens

SUITS = "♠♥♦♣♤♡♢♧"
DECLARATIONS = frozenset({"variant", "extends", "check", "override"})

# what a token's type alone says; a word's class depends on where it stands (`_word`)
_BY_TYPE: dict[str, _TokenType] = {
    BLANK: Whitespace, NEWLINE: Whitespace, COMMENT: Comment.Single,
    ERROR: Error, TEXT_OPEN: Error, "STRING": String.Double, "NUMBER": Number.Integer,
}
_STATEMENT_ENDS = frozenset({"{", "}", ";"})


@functools.cache
def _words() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    t = v.terminals()
    return (frozenset(t.keywords), frozenset((*t.operators, "..")), frozenset(t.punctuation),
            frozenset(v.value_words()), frozenset(v.special_words()))


def _class(stream: list[Token], at: int, head: bool) -> _TokenType:
    token = stream[at]
    if token.type in _BY_TYPE:
        return _BY_TYPE[token.type]
    keywords, operators, punctuation, _, _ = _words()
    if token.text in DECLARATIONS:
        return Keyword.Declaration
    if token.text in keywords:
        return Keyword
    if token.text in operators:
        return Operator
    if token.text in punctuation:
        return Punctuation
    if token.type == "WORD":
        return _word(stream, at, head)
    return Literal  # a token a later grammar adds


def _word(stream: list[Token], at: int, head: bool) -> _TokenType:
    word = stream[at].text
    after = next((stream[i].text for i in range(at + 1, len(stream)) if stream[i].type != BLANK), "")
    _, _, _, value_words, special_words = _words()
    if after == "{":
        return Name.Namespace  # a section
    if head and word in _rules():
        return Name.Builtin
    if after == "(":
        return Name.Function
    if word in value_words:
        return Name.Constant
    if word in special_words:
        return Name.Attribute
    if word[-1] in SUITS:
        return Literal  # a card: 10♥, Q♠
    return Name


@functools.cache
def _rules() -> frozenset[str]:
    return frozenset(v.rules())


def _classes(text: str) -> Iterator[tuple[int, _TokenType, str]]:
    """Each token of the stream with its class.  A rule's name is the statement's head: the
    first rule named since the statement began (`min_points 51`, `override min_points 40`,
    `note pl joker_in_hand "..."`); a rule named later is a value (`remove per_meld_at_opening`)."""
    stream = list(tokens(text))
    offset, head = 0, True
    for at, token in enumerate(stream):
        kind = _class(stream, at, head)
        yield offset, kind, token.text
        offset += len(token.text)
        if token.type == NEWLINE or token.text in _STATEMENT_ENDS:
            head = True
        elif kind is Name.Builtin or token.type in ("NUMBER", "STRING"):
            head = False


class RulesLexer(Lexer):  # type: ignore[misc]  # pygments has no types
    """remikc's rules language (`.rules` specs of Rummy variants)."""

    name = "remikc rules"
    aliases: ClassVar[list[str]] = ["rules", "remikc"]
    filenames: ClassVar[list[str]] = ["*.rules"]
    mimetypes: ClassVar[list[str]] = ["text/x-remikc-rules"]

    def get_tokens_unprocessed(self, text: str) -> Iterator[tuple[int, _TokenType, str]]:
        return _classes(text)


# --- TextMate ------------------------------------------------------------------------------

def textmate() -> dict[str, Any]:
    """A TextMate grammar (VS Code, Sublime Text, GitHub's Linguist, ...) from the same lists
    as the lexer: editors/vscode/syntaxes/rules.tmLanguage.json is this, written out."""
    t = v.terminals()
    end = r"(?![\w" + SUITS + "])"

    def alternatives(items: tuple[str, ...]) -> str:
        longest_first = sorted(items, key=lambda i: (-len(i), i))
        return r"\b(?:" + "|".join(re.escape(i) for i in longest_first) + ")" + end

    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "remikc rules",
        "scopeName": "source.remikc-rules",
        "fileTypes": ["rules"],
        "comment": "Generated by `python -m remikc.highlight --textmate` from remikc/spec/grammar.lark "
                   "and the rule schema; do not edit by hand.",
        "patterns": [
            {"name": "comment.line.number-sign.remikc-rules", "match": t.comment},
            {"name": "string.quoted.double.remikc-rules", "match": t.text},
            {"match": r"(" + t.word + r")\s*(\{)",
             "captures": {"1": {"name": "entity.name.section.remikc-rules"},
                          "2": {"name": "punctuation.section.block.begin.remikc-rules"}}},
            {"match": r"\b(variant)\s+(" + t.word + ")",
             "captures": {"1": {"name": "storage.type.remikc-rules"},
                          "2": {"name": "entity.name.type.remikc-rules"}}},
            {"name": "storage.type.remikc-rules",
             "match": alternatives(("variant", "extends", "check", "override"))},
            {"name": "keyword.other.remikc-rules", "match": alternatives(t.keywords)},
            {"match": r"^\s*(" + alternatives(v.rules()) + ")",
             "captures": {"1": {"name": "support.type.property-name.remikc-rules"}}},
            *[{"name": "constant.other.remikc-rules", "match": other} for other in t.others],
            {"name": "constant.numeric.remikc-rules", "match": t.number},
            {"name": "keyword.operator.remikc-rules",
             "match": "|".join(re.escape(o) for o in (*t.operators, ".."))},
            {"match": r"(" + t.word + r")\s*(?=\()",
             "captures": {"1": {"name": "entity.name.function.remikc-rules"}}},
            {"name": "constant.language.remikc-rules", "match": alternatives(v.value_words())},
            {"name": "variable.language.remikc-rules", "match": alternatives(v.special_words())},
            {"name": "constant.other.card.remikc-rules", "match": r"[\w]*[" + SUITS + "]" + end},
            {"name": "punctuation.remikc-rules",
             "match": "|".join(re.escape(p) for p in t.punctuation if p != "..")},
            {"name": "variable.other.remikc-rules", "match": t.word},
        ],
    }


def main(argv: list[str]) -> int:
    if argv != ["--textmate"]:
        print("usage: python -m remikc.highlight --textmate", file=sys.stderr)
        return 2
    print(json.dumps(textmate(), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))

"""The token stream (remikc/spec/tokens.py): it never fails, its tokens put together are the
text, and the readers that do not parse (the Pygments lexer, the VS Code TextMate grammar)
give a comment, a quoted text and a number the class the stream gives it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remikc.spec.tokens import COMMENT, ERROR, NEWLINE, SKIPPED, TEXT_OPEN, code, line_tokens, tokens

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "specs").glob("*.rules"))
MALFORMED = sorted((ROOT / "tests" / "specs" / "malformed").rglob("*.rules"))


def _kinds(line: str) -> list[tuple[str, str]]:
    return [(t.type, t.text) for t in line_tokens(line) if t.type not in SKIPPED]


@pytest.mark.parametrize("path", SPECS + MALFORMED, ids=lambda p: p.stem)
def test_the_tokens_put_together_are_the_text(path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    assert "".join(t.text for t in tokens(text)) == text


def test_a_windows_line_end_is_one_newline_and_the_text_stays_whole():
    text = "opening {\r\n  min_points 51  # pierwsze\r\n}\r\n"
    found = list(tokens(text))
    assert "".join(t.text for t in found) == text
    assert [t.text for t in found if t.type == NEWLINE] == ["\r\n"] * 3


def test_a_hash_in_a_quoted_text_is_not_a_comment():
    assert _kinds('name "Remik #1"  # the family game') == [("WORD", "name"), ("STRING", '"Remik #1"')]
    assert [t.text for t in line_tokens('name "Remik #1"  # the family game') if t.type == COMMENT] == [
        "# the family game"]


def test_braces_in_a_comment_or_a_quoted_text_are_not_braces():
    assert [t.type for t in line_tokens("hand { # a } here") if t.type in ("LBRACE", "RBRACE")] == ["LBRACE"]
    assert _kinds('name "{x}"') == [("WORD", "name"), ("STRING", '"{x}"')]


def test_a_quoted_text_not_closed_runs_to_the_end_of_its_line():
    found = line_tokens('name "Remik # not a comment', 4)
    assert found[-1].type == TEXT_OPEN
    assert found[-1].text == '"Remik # not a comment'
    assert (found[-1].line, found[-1].column) == (4, 6)
    assert not any(t.type == COMMENT for t in found)


def test_a_character_no_token_takes_is_an_error_and_the_stream_goes_on():
    found = line_tokens("min_points 51 @ 40")
    assert [(t.type, t.text, t.column) for t in found if t.type not in SKIPPED] == [
        ("WORD", "min_points", 1), ("NUMBER", "51", 12), (ERROR, "@", 15), ("NUMBER", "40", 17)]


def test_a_keyword_is_typed_out_of_context_and_a_longer_word_is_a_word():
    assert _kinds("ace low or high") == [("WORD", "ace"), ("WORD", "low"), ("OR", "or"), ("WORD", "high")]
    assert _kinds("orange")[0][0] == "WORD"


def test_code_is_the_line_before_its_comment():
    assert code(line_tokens('name "a#b", # note')) == 'name "a#b", '


# --- the highlighters agree with the stream ----------------------------------------------------

CLASSES = {COMMENT: "comment", "STRING": "string", "NUMBER": "number"}


def _pygments_classes(text: str) -> dict[tuple[int, int], str]:
    """The class the Pygments lexer gives the token starting at each (line, column)."""
    from pygments.token import Comment, Number, String

    from remikc.highlight import RulesLexer

    found: dict[tuple[int, int], str] = {}
    line, column = 1, 1
    for _, kind, value in RulesLexer().get_tokens_unprocessed(text):
        name = ("comment" if kind in Comment else "string" if kind in String
                else "number" if kind in Number else str(kind))
        found[(line, column)] = name
        for ch in value:
            line, column = (line + 1, 1) if ch == "\n" else (line, column + 1)
    return found


def _textmate_classes(text: str) -> dict[tuple[int, int], str]:
    """The scope the TextMate grammar gives what starts at each (line, column), as an editor
    applies it: at each place the earliest match, the first pattern among equals."""
    from remikc.highlight import textmate

    patterns = [(re.compile(p["match"]), p.get("name", "")) for p in textmate()["patterns"]]
    found: dict[tuple[int, int], str] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        at = 0
        while at < len(line):
            hits = [(m.start(), i, m) for i, (p, _) in enumerate(patterns) if (m := p.search(line, at))]
            if not hits:
                break
            start, i, match = min(hits, key=lambda h: (h[0], h[1]))
            scope = patterns[i][1]
            found[(number, start + 1)] = next((c for c in ("comment", "string", "numeric")
                                               if scope.startswith(("comment", "string", "constant.numeric"))
                                               and c in scope), scope).replace("numeric", "number")
            at = max(match.end(), start + 1)
    return found


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_pygments_and_textmate_give_comments_texts_and_numbers_the_streams_class(path):
    pytest.importorskip("pygments")
    text = path.read_text(encoding="utf-8")
    lexed, scoped = _pygments_classes(text), _textmate_classes(text)
    checked = 0
    for token in tokens(text):
        if token.type in CLASSES:
            where = (token.line, token.column)
            assert lexed.get(where) == CLASSES[token.type], (token, lexed.get(where))
            assert scoped.get(where) == CLASSES[token.type], (token, scoped.get(where))
            checked += 1
    assert checked > 10

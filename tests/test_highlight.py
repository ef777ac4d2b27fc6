"""The Pygments lexer and the TextMate grammar: every spec and every ```rules block of the docs
is highlighted without an error token, and the words come from the grammar and the schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pygments = pytest.importorskip("pygments")

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Error, Keyword, Literal, Name, Number, Punctuation  # noqa: E402

from remikc.highlight import RulesLexer, textmate  # noqa: E402
from remikc.spec import vocabulary  # noqa: E402
from remikc.spec.schema import all_keys, all_sections  # noqa: E402
from remikc.spec.tokens import tokens  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPEC_FILES = sorted((ROOT / "specs").glob("*.rules"))
MALFORMED = sorted((ROOT / "tests" / "specs" / "malformed").rglob("*.rules"))
GRAMMAR = (ROOT / "remikc" / "spec" / "grammar.lark").read_text(encoding="utf-8")
TEXTMATE = ROOT / "editors" / "vscode" / "syntaxes" / "rules.tmLanguage.json"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks() -> list[tuple[str, str]]:
    """Every ```rules block of the README and docs/, by `file:line`; a line `...` in one
    stands for lines left out, and is left out."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in re.finditer(r"^( *)```rules\n(.*?)^ *```$", text, re.S | re.M):
            body = "\n".join(line for line in match.group(2).splitlines() if line.strip() != "...")
            found.append((f"{doc.name}:{text.count(chr(10), 0, match.start()) + 1}", body))
    return found


def _errors(text: str) -> list[str]:
    return [value for kind, value in RulesLexer().get_tokens(text) if kind in Error]


def test_the_lexer_is_found_by_its_name_and_by_the_file_name():
    """Through the `pygments.lexers` entry point of the installed package."""
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert isinstance(get_lexer_for_filename("specs/remik51.rules"), RulesLexer)


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem)
def test_every_spec_lexes_without_an_error_token(path):
    text = path.read_text(encoding="utf-8")
    assert _errors(text) == []
    assert "".join(value for _, value in RulesLexer().get_tokens(text)) == text


def test_every_rules_block_in_the_docs_lexes_without_an_error_token():
    blocks = _blocks()
    assert len(blocks) >= 16  # README's two, docs/dsl.md's fourteen
    assert {where: _errors(body) for where, body in blocks if _errors(body)} == {}


def test_a_stray_character_is_an_error_token():
    """Where the parser puts its caret: a character no token takes (E002), and a quoted text
    left open, from its `"` to the end of its line (E003)."""
    assert _errors('deal {\n  hand = 10 "open\n}\n') == ["=", '"open']


@pytest.mark.parametrize("path", SPEC_FILES + MALFORMED, ids=lambda p: p.stem)
def test_the_lexers_tokens_are_the_token_streams(path):
    """The lexer reads the stream the parser reads (remikc/spec/tokens.py): one Pygments token
    per stream token, at the same place, so the two cannot disagree on where a comment, a
    quoted text or a card starts and ends."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    lexed = [(at, value) for at, _, value in RulesLexer().get_tokens_unprocessed(text)]
    at, expected = 0, []
    for token in tokens(text):
        expected.append((at, token.text))
        at += len(token.text)
    assert lexed == expected


def test_a_word_is_classed_by_its_place_in_the_statement():
    found = [(kind, value) for kind, value in RulesLexer().get_tokens(
        "opening {\n  min_points 51 when hand(10♥) ; values { A 1 }\n}\n") if value.strip()]
    assert found[:3] == [(Name.Namespace, "opening"), (Punctuation, "{"), (Name.Builtin, "min_points")]
    assert (Name.Function, "hand") in found and (Literal, "10♥") in found
    assert (Name.Namespace, "values") in found
    override = [(kind, value) for kind, value in RulesLexer().get_tokens(
        "  override min_points 40\n  remove per_meld_at_opening\n") if value.strip()]
    assert override == [(Keyword.Declaration, "override"), (Name.Builtin, "min_points"),
                        (Number.Integer, "40"), (Name.Builtin, "remove"), (Name, "per_meld_at_opening")]


def test_the_keywords_are_the_grammars():
    """Every keyword written in grammar.lark (a quoted word, or a terminal of words)."""
    quoted = set(re.findall(r'"([a-z]+)"', GRAMMAR))
    assert quoted and quoted <= set(vocabulary.terminals().keywords)
    assert {"forall", "exists", "override"} <= set(vocabulary.terminals().keywords)
    tokens = dict((value, kind) for kind, value in RulesLexer().get_tokens(
        "check \"t\": forall meld m: not jokers(m) > 1 or exists run r: cards(r) >= 3 implies true\n"))
    assert tokens["forall"] in Keyword and tokens["implies"] in Keyword and tokens["not"] in Keyword


def test_every_rule_and_section_of_the_schema_is_highlighted_as_one():
    for key in all_keys():
        tokens = list(RulesLexer().get_tokens(f"  {key.example}\n"))
        first = next(kind for kind, value in tokens if value.strip())
        assert first in Name.Builtin, key.id
    for section in all_sections():
        tokens = [t for t in RulesLexer().get_tokens(f"{section.name} {{\n}}\n") if t[1].strip()]
        assert tokens[0] == (Name.Namespace, section.name)


def test_the_textmate_grammar_is_the_one_made_from_the_same_lists():
    assert json.loads(TEXTMATE.read_text(encoding="utf-8")) == textmate(), (
        "regenerate it: python -m remikc.highlight --textmate > "
        "editors/vscode/syntaxes/rules.tmLanguage.json")


def _textmate_scan(text: str) -> list[tuple[int, str]]:
    """The characters no pattern of the TextMate grammar covers (as an editor applies it: at
    each place the earliest match, the first pattern among equals), other than blanks."""
    patterns = [re.compile(p["match"]) for p in textmate()["patterns"]]
    uncovered = []
    for number, line in enumerate(text.split("\n"), start=1):
        at = 0
        while at < len(line):
            found = [(m.start(), i, m) for i, p in enumerate(patterns) if (m := p.search(line, at))]
            start, _, match = min(found, key=lambda f: (f[0], f[1])) if found else (len(line), 0, None)
            uncovered += [(number, ch) for ch in line[at:start] if not ch.isspace()]
            if match is None:
                break
            at = max(match.end(), start + 1)
    return uncovered


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem)
def test_the_textmate_grammar_covers_every_spec(path):
    assert _textmate_scan(path.read_text(encoding="utf-8")) == []

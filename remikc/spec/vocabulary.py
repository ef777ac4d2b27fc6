"""The words of the rules language, for editors: highlighting, completion and hover.

Nothing here is typed twice: the keywords come from `grammar.lark` (its keyword terminals),
the sections and rules from the schema, the value words from the readers
(`value_readers.WORDS`), and the words of the special sections (`examples`, `values`,
top-level `name` and `remove`) from the IR's enums.  A keyword, section or rule added to the
grammar or the schema is highlighted and completed with no change here.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .. import ir
from .grammar import grammar
from .schema import LANGUAGES, LOOKUP, RANK_KEYS, SCHEMA, Key, Section, all_keys, all_sections
from .value_readers import NUMBERS, WORDS, Switch


@dataclass(frozen=True, slots=True)
class Terminals:
    """What the grammar says about tokens: its keywords and its token patterns."""

    keywords: tuple[str, ...]  # `variant`, `when`, `forall`, ...
    punctuation: tuple[str, ...]  # `{`, `..`, `:`, ...
    number: str  # the NUMBER pattern
    word: str  # the WORD pattern
    text: str  # the STRING pattern (a quoted text)
    comment: str
    operators: tuple[str, ...]  # `<=`, `+`, ... (COMPARE, ADD_OP)
    others: tuple[str, ...] = ()  # the patterns of any other token a grammar defines


_ALTERNATIVES = re.compile(r"^\(\?:([\w|]+)\)$|^([\w|]+)$")
_SYMBOLS = re.compile(r"^\(\?:(?:\\?[^\w\s|()\\]){1,3}(?:\|(?:\\?[^\w\s|()\\]){1,3})*\)$")


@functools.cache
def terminals() -> Terminals:
    keywords: set[str] = set()
    punctuation: set[str] = set()
    operators: list[str] = []
    others: list[str] = []
    patterns: dict[str, str] = {}
    for terminal in grammar().terminals:
        pattern = terminal.pattern
        value = str(pattern.value)
        patterns[terminal.name] = value
        if terminal.name.startswith("__IGNORE") or terminal.name in ("_NL", "COMMENT"):
            continue
        if pattern.type == "str":
            (keywords if value.isalpha() else punctuation).add(value)
        elif (words := _ALTERNATIVES.match(value)) is not None:
            keywords.update((words.group(1) or words.group(2)).split("|"))  # QUANTIFIER
        elif _SYMBOLS.match(value):
            # COMPARE, ADD_OP: alternatives of (escaped) symbols
            body = value.removeprefix("(?:").removesuffix(")")
            operators.extend(re.sub(r"\\(.)", r"\1", alt) for alt in body.split("|"))
        elif terminal.name not in ("NUMBER", "WORD", "STRING"):
            others.append(value)  # a token a later grammar adds: highlighted as it is matched
    return Terminals(tuple(sorted(keywords)), tuple(sorted(punctuation, key=lambda p: (-len(p), p))),
                     patterns["NUMBER"], patterns["WORD"], patterns["STRING"], patterns["COMMENT"],
                     tuple(sorted(operators, key=lambda o: (-len(o), o))), tuple(others))


def sections() -> tuple[str, ...]:
    """Every section name, nested ones (`draw`, `rearrange`) too."""
    return tuple(sorted({s.name for s in all_sections()}))


def rules() -> tuple[str, ...]:
    """Every rule name (`hand`, `min_points`), and the top level's `name` and `remove`."""
    return tuple(sorted({k.name for k in all_keys()} | {"name", "remove"}))


def values_of(key: Key[object]) -> tuple[str, ...]:
    """The values of a rule that are words (`low or high`, `allowed`, `when opened`); empty
    for a rule that takes numbers or ranges only."""
    if isinstance(key.read, Switch):
        return (key.read.yes, key.read.no)
    return WORDS.get(key.read, ())


def numbers_of(key: Key[object]) -> str:
    """The numbers a rule takes, in words ("a number from 0 to 60, or `any`"), from the bounds
    its reader checks; empty for a rule whose values are words only."""
    return NUMBERS.get(key.read, "")


def special_words() -> tuple[str, ...]:
    """The words the special sections and lines read: example kinds, card-value places,
    languages, ranks, and the joining words of `remove ... because`, `... worth N`,
    `lay_off C on ...`, `N for P players`, `N in place, M otherwise`, `3 until meld`."""
    words = {k.value for k in ir.ExampleKind} | {p.value for p in ir.Place} | set(LANGUAGES)
    words |= {"joker", "face", "as_replaced", "check", "because", "worth", "on", "for", "players",
              "in", "otherwise", "until", "meld"}
    return tuple(sorted(words))


def value_words() -> tuple[str, ...]:
    """Every single word a rule's value may be made of."""
    words: set[str] = {flag.value for flag in ir.Flag}
    for key in all_keys():
        for value in values_of(key):
            words.update(w for w in value.split() if not w.isdigit())
    return tuple(sorted(words - set(terminals().keywords)))


def ranks() -> tuple[str, ...]:
    return RANK_KEYS


def section(section_id: str) -> Section | None:
    """The schema of a section by its dotted id (`turn.draw`); `""` is the top level."""
    return LOOKUP.sections.get(section_id)


def key(rule_id: str) -> Key[object] | None:
    return next((k for k in all_keys() if k.id == rule_id), None)


def entries(section_id: str) -> tuple[Key[object] | Section, ...]:
    """The rules and sections a section may hold."""
    found = section(section_id)
    return found.entries if found is not None else ()


__all__ = ["SCHEMA", "Terminals", "entries", "key", "ranks", "rules", "section", "sections",
           "special_words", "terminals", "value_words", "values_of"]

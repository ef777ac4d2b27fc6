"""A language of the rulebooks: its nouns with their CLDR plural forms and its messages, and
the one formatter that writes them (remikc/wording/__init__.py says how)."""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from babel import Locale

Message = str | Mapping[str, str]  # one text, or one per plural category of `n`


@dataclass(frozen=True)
class Language:
    code: str
    nouns: Mapping[str, Mapping[str, str]]  # noun -> plural category -> form
    messages: Mapping[str, Message]
    _locale: Locale = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_locale", Locale.parse(self.code))

    def category(self, n: int) -> str:
        """CLDR plural category: `one`, `few`, `many` or `other`."""
        return str(self._locale.plural_form(abs(n)))

    def categories(self) -> tuple[str, ...]:
        """The plural categories this language's numbers fall in, `other` last."""
        tags = self._locale.plural_form.tags
        order = ("zero", "one", "two", "few", "many")
        return (*(t for t in order if t in tags), "other")

    def with_wording(self, own: Mapping[str, Message]) -> Language:
        """This language with some messages in a spec's own words (`wording { ... }`)."""
        if not own:
            return self
        return Language(self.code, self.nouns, {**self.messages, **own})

    def count(self, n: int, noun: str) -> str:
        """`22 karty`: a number and the noun in the form that number takes."""
        forms = self.nouns[noun]
        category = self.category(n)
        form = forms.get(category) or forms["other"]
        return f"{number(n)} {form}"

    def say(self, key: str, **values: Any) -> str:
        message = self.messages[key]
        if not isinstance(message, str):
            message = message.get(self.category(int(values["n"]))) or message["other"]
        return _Formatter(self).format(message, **values)

    def has(self, key: str) -> bool:
        return key in self.messages


def number(n: int) -> str:
    """A number as print sets it: a negative score with the minus sign (U+2212, "−40"), not
    the hyphen, as in the books' score tables."""
    return f"\u2212{-n}" if n < 0 else str(n)


class _Formatter(string.Formatter):
    def __init__(self, language: Language) -> None:
        super().__init__()
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in self.language.nouns:
            return self.language.count(int(value), format_spec)
        return str(super().format_field(value, format_spec))

"""Languages of the rulebooks: words as data, one formatter for all.

A language is a catalogue (remikc/wording/pl.py, hr.py): nouns with their forms
for each CLDR plural category, and messages keyed by what they say.  A message
names counted nouns in its placeholders, `{points:punkt}`, and the formatter
writes `51 punktów` or `22 punkty` by the language's plural rules (from Babel,
which carries CLDR's).  A message may also come in one version per plural
category of its count, for sentences that change more than a noun.  Polish and
Croatian differ only in these tables.
"""

from __future__ import annotations

from . import hr, pl
from .language import Language, Message

__all__ = ["LANGUAGES", "Language", "Message", "language"]


def language(code: str) -> Language:
    languages: dict[str, Language] = {"pl": pl.LANGUAGE, "hr": hr.LANGUAGE}
    return languages[code]


LANGUAGES = ("pl", "hr")

"""`reason_words() -> dict[str, Code]`: the words of the reasons, for a generated module.

The runtime's `Reason.message(lang)` reads four tables (remikc/runtime/rules.py declares them):
the messages by language and code (remikc/wording/reasons.py), the nouns they count in each
language (the rulebooks' own, remikc/wording/pl.py and hr.py), each language's plural
category of 0..199, worked out here by Babel so that the module needs no Babel, and the joker as
each language writes it among cards (`JK`; the rulebooks' `Joker`, `Džoker`).  They are the
same in every module and no rule: the rules' hash leaves them out.
"""

from __future__ import annotations

import functools
import textwrap

from babel import Locale

from ..wording import hr, pl
from ..wording.reasons import LANGUAGES, NOUNS_EN, REASONS
from .safe import Code, literal

_LETTER = {"zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"}
_NOUNS = {"en": NOUNS_EN, "pl": pl.NOUNS, "hr": hr.NOUNS}
# the joker among cards: the notation in English, the rulebooks' word in Polish and Croatian
_JOKER_WORDS = {"en": "JK", "pl": pl.LANGUAGE.say("card.joker"), "hr": hr.LANGUAGE.say("card.joker")}


def _plurals(lang: str) -> str:
    locale = Locale.parse(lang)
    letters = "".join(_LETTER[str(locale.plural_form(n))] for n in range(200))
    # the runtime reads a number of 200 or more as 100 + its last two digits: true of these languages
    for n in range(200, 1200):
        if _LETTER[str(locale.plural_form(n))] != letters[100 + n % 100]:
            raise AssertionError(f"{lang}: the plural category of {n} is not that of {100 + n % 100}")
    return letters


def _text(value: str, indent: int, key: str = "") -> str:
    """A string literal, in parts of a line each where the line `key: value` would be long (the
    modules are linted)."""
    if len(key) + len(value) + indent + 8 <= 100:
        return literal(value)
    parts = textwrap.wrap(value, 100 - indent - 8, drop_whitespace=False, break_on_hyphens=False)
    pad = " " * (indent + 4)
    return "(\n" + "".join(f"{pad}{literal(part)}\n" for part in parts) + " " * indent + ")"


@functools.cache
def reason_words() -> dict[str, Code]:
    """The constants `_REASONS`, `_NOUNS`, `_PLURALS` and `_JOKER_WORDS`, each laid out a line an
    entry."""
    lines = ["{"]
    for i, lang in enumerate(LANGUAGES):
        lines.append(f"    {literal(lang)}: {{")
        for key, texts in REASONS.items():
            lines.append(f"        {literal(key)}: {_text(texts[i], 8, key)},")
        lines.append("    },")
    lines.append("}")
    nouns = ["{"]
    for lang in LANGUAGES:
        nouns.append(f"    {literal(lang)}: {{")
        nouns += [f"        {literal(noun)}: {literal(dict(forms))}," for noun, forms in _NOUNS[lang].items()]
        nouns.append("    },")
    nouns.append("}")
    plurals = ["{"] + [f"    {literal(lang)}: {_text(_plurals(lang), 4)}," for lang in LANGUAGES] + ["}"]
    jokers = ["{"] + [f"    {literal(lang)}: {literal(_JOKER_WORDS[lang])}," for lang in LANGUAGES] + ["}"]
    return {"_REASONS": Code("\n".join(lines)), "_NOUNS": Code("\n".join(nouns)),
            "_PLURALS": Code("\n".join(plurals)), "_JOKER_WORDS": Code("\n".join(jokers))}

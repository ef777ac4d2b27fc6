"""Reasons: why a rule refuses, as a record an app can branch on and show in its players' language.

A `Reason` holds a stable `code` (docs/validator.md lists them), the `rule` id and the spec `line`
it comes from, and its `params` (cards as text, numbers).  `message(lang)` words it in English,
Polish or Croatian from the tables `remikc build` writes into the module (remikc/wording/reasons.py):
nothing is translated at run time.  `str(reason)` is the English message, with no file path.
"""

from __future__ import annotations

import re
import string
from typing import Any, Final

from .cards import SaveError, _check_saved, _saved_fields
from .rules import _JOKER_WORDS, _NOUNS, _PLURALS, _REASONS

Param = str | int | None

LANGUAGES: Final[tuple[str, ...]] = tuple(_REASONS)
"""The languages `Reason.message` speaks: "en", "pl", "hr"."""

# the plural categories of _PLURALS, a letter for each
_CATEGORY: Final[dict[str, str]] = {
    "z": "zero", "o": "one", "t": "two", "f": "few", "m": "many", "x": "other",
}


def _category(lang: str, n: int) -> str:
    """The CLDR plural category of `n`: _PLURALS holds 0..199; above, the last two digits decide
    (remikc/emit/reasons.py checks that this holds for every language it writes)."""
    n = abs(n)
    return _CATEGORY[_PLURALS[lang][n if n < 200 else 100 + n % 100]]


# a joker in a parameter's cards: `JK`, or `JK=5♥` declared as the five of hearts
_JOKER_TOKEN: Final = re.compile(r"\bJK(?:=((?:10|[2-9AJQK])[♠♥♦♣]))?")


class _Words(string.Formatter):
    """`str.format`, where `{n:card}` writes the number and the noun in the form it takes,
    `{seat:seat}` a seat as people count them (from 1: the API's seats count from 0), and cards
    name the joker as the language's rulebooks do (`Joker (5♥)`, `Džoker`; `JK` in English)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.joker = _JOKER_WORDS[lang]

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seat":
            return str(int(value) + 1)
        forms = _NOUNS[self.lang].get(format_spec)
        if forms is None:
            text = str(super().format_field(value, format_spec))
            if self.joker != "JK" and isinstance(value, str) and "JK" in value:
                text = _JOKER_TOKEN.sub(self._joker, text)
            return text
        n = int(value)
        return f"{n} {forms.get(_category(self.lang, n)) or forms['other']}"

    def _joker(self, found: re.Match[str]) -> str:
        return self.joker if found[1] is None else f"{self.joker} ({found[1]})"


class Reason:
    """Why a rule refuses: `code` (stable: an app branches on it), `rule` (the rule id, e.g.
    "run.wrap"; None where no rule of the spec is involved), `line` (where the spec states it,
    "specs/remik51.rules:68", or None) and `params` (plain values: cards as text, numbers).
    `message(lang)` words it in "en", "pl" or "hr"; `str(reason)` is the English message."""

    __slots__ = ("_params", "code", "line", "rule")
    code: str
    rule: str | None
    line: str | None
    _params: dict[str, Param]

    def __init__(self, code: str, rule: str | None = None, line: str | None = None,
                 params: dict[str, Param] | None = None) -> None:
        put = object.__setattr__
        put(self, "code", code)
        put(self, "rule", rule)
        put(self, "line", line)
        put(self, "_params", dict(params or {}))

    def __setattr__(self, name: str, value: object) -> None:
        # a verdict's reasons are shared by every caller who asks about the same meld
        raise AttributeError("a Reason does not change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Reason does not change")

    # pickle and copy build a Reason through these, past the __setattr__ that guards it
    def __getstate__(self) -> tuple[object, ...]:
        return (self.code, self.rule, self.line, self._params)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        for name, value in zip(("code", "rule", "line", "_params"), state, strict=True):
            object.__setattr__(self, name, value)

    @property
    def params(self) -> dict[str, Param]:
        """The parameters by name: a copy, so that a caller's change stays the caller's."""
        return dict(self._params)

    def message(self, lang: str = "en") -> str:
        """The reason in words: `lang` "en", "pl" or "hr" (ValueError for another)."""
        texts = _REASONS.get(lang)
        if texts is None:
            raise ValueError(f"lang: one of {', '.join(map(repr, LANGUAGES))}, not {lang!r}")
        words = _Words(lang)
        params = self._params
        form = params.get("form")
        text = words.format(texts[self.code if form is None else f"{self.code}/{form}"], **params)
        place = params.get("in")
        if place is not None:
            text = words.format(texts[f"in.{place}"], **params) + ": " + text
        return text

    def __str__(self) -> str:
        return self.message("en")

    def __repr__(self) -> str:
        return f"Reason({self.code!r}: {self})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.code, self.rule, self.line, tuple(sorted(self._params.items())))

    def _within(self, place: str, **params: Param) -> Reason:
        """This reason, given inside `place` ("meld", "swap", "lay_off", "new_meld")."""
        return Reason(self.code, self.rule, self.line, {**self._params, "in": place, **params})

    def to_dict(self) -> dict[str, Any]:
        """`{"code", "rule", "line", "params"}`: plain JSON values."""
        return {"code": self.code, "rule": self.rule, "line": self.line, "params": dict(self._params)}

    @staticmethod
    def from_dict(data: object) -> Reason:
        """The Reason `to_dict` wrote; SaveError if `data` is not one this module can word."""
        _check_saved(data)
        fields = _saved_fields(data, "a reason", ("code", "rule", "line", "params"))
        code, rule, line, params = fields["code"], fields["rule"], fields["line"], fields["params"]
        if not isinstance(code, str) or not all(x is None or isinstance(x, str) for x in (rule, line)):
            raise SaveError(f"a reason: a code, a rule and a line as texts, not {data!r}")
        if not isinstance(params, dict) or not all(
                v is None or (isinstance(v, (str, int)) and not isinstance(v, bool))
                for v in params.values()):
            raise SaveError(f"a reason's params: texts and numbers by name, not {params!r}")
        reason = Reason(code, rule, line, params)
        try:
            for lang in LANGUAGES:
                reason.message(lang)
        except (KeyError, ValueError, IndexError, TypeError) as error:
            raise SaveError(f"a reason this module cannot word ({code!r}): {error!r}") from None
        return reason


def _because(code: str, rule: tuple[str, str | None] | None = None, **params: Param) -> Reason:
    """A reason: its code, the rule it comes from (a `_WHY_*` of the rules: rule id and spec line)
    and its parameters, each a card's text or a number.  The one way the runtime makes a reason."""
    if rule is None:
        return Reason(code, None, None, params)
    return Reason(code, rule[0], rule[1], params)


def _reasons_from(value: object, where: str) -> tuple[Reason, ...]:
    """A saved list of reasons, read back."""
    if not isinstance(value, list):
        raise SaveError(f"{where}: a list of reasons, not {value!r}")
    return tuple(Reason.from_dict(item) for item in value)

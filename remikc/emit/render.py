"""The Jinja environments generated files are rendered with: one per output language.

Each escapes for its own context (remikc/emit/safe.py): Python and JavaScript templates accept
only `Code`, HTML autoescapes, Markdown escapes every value it prints.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

import jinja2
from markupsafe import Markup, escape

from . import safe

Kind = Literal["python", "html", "markdown", "js"]


@functools.cache
def environment(kind: Kind = "python") -> jinja2.Environment:
    # StrictUndefined: a name the template expects and the emitter forgot is an error,
    # not an empty string in generated code.
    finalize = {"python": safe.require_code, "js": safe.require_code, "markdown": safe.markdown,
                "html": None}[kind]
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("remikc", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=kind == "html",
        finalize=finalize,
    )
    env.tests["instance_of"] = isinstance
    env.filters["cards"] = _cards_in_book
    env.filters["bare"] = bare
    env.filters["py"] = safe.literal
    env.filters["comment"] = safe.comment
    env.filters["docstring"] = safe.docstring
    env.filters["identifier"] = safe.identifier
    env.filters["html_comment"] = safe.html_comment
    env.filters["front_matter"] = safe.front_matter
    return env


def bare(expression: safe.Code) -> safe.Code:
    """A Python expression without the parentheses round the whole of it."""
    if expression.startswith("(") and expression.endswith(")"):
        depth = 0
        for i, ch in enumerate(expression):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0 and i < len(expression) - 1:
                return expression
        return safe.Code(expression[1:-1])
    return expression


_RED = re.compile("([♥♦])")
_BLACK = re.compile("([♠♣])")


# a hyphen before a number is a minus sign: "−40", as a printed rulebook writes it
_MINUS = re.compile(r"(?<![\w\-])-(?=\d)")
# a card stands between spaces, or after an opening bracket or quote and before punctuation:
# "(np. 10♥, J♥)" is two cards, "A-2-3" none
_CARD = re.compile(r"(?<![^\s(„\"])((?:10|[2-9AJQK])[♥♦♠♣]|JK)(?![^\s,.;:)!?”\"])")


def suits_in_colour(text: str, lang: str = "") -> Markup:
    """HTML-escaped text with each suit symbol in its colour (hearts and diamonds red), each
    card kept on one line (a run of cards may wrap between cards, never inside one), and a
    minus sign for a negative number.  With `lang` (`pl`, `hr`), each card is read aloud as
    words in that language ("siedem kier"): a screen reader says "7 black heart suit" for 7♥."""
    escaped = _MINUS.sub("\u2212", str(escape(text)))
    if lang:
        def said(card: re.Match[str]) -> str:
            label = escape(spoken(card[1], lang))
            return f'<span class="card" role="img" aria-label="{label}">{card[1]}</span>'

        escaped = _CARD.sub(said, escaped)
    else:
        escaped = _CARD.sub(r'<span class="card">\1</span>', escaped)
    escaped = _RED.sub(r'<span class="red">\1</span>', escaped)
    return Markup(_BLACK.sub(r'<span class="black">\1</span>', escaped))


_SUITS = {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"}


def spoken(card: str, lang: str) -> str:
    """A card as words in `lang`, from its catalogue: `7♥` is "siedem kier", "sedam herc"."""
    from ..wording import language

    words = language(lang)
    if card == "JK":
        return words.say("card.joker")
    return words.say("card.spoken", rank=words.say(f"card.rank.{card[:-1]}"),
                     suit=words.say(f"card.suit.{_SUITS[card[-1]]}"))


@jinja2.pass_context
def _cards_in_book(context: jinja2.runtime.Context, text: str) -> Markup:
    """The `cards` filter: in a rulebook, each card read aloud in the book's language."""
    book = context.get("book")
    return suits_in_colour(text, getattr(book, "language", ""))

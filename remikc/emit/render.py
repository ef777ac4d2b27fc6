"""The one Jinja environment every generated file is rendered with."""

from __future__ import annotations

import functools
import html
import re

import jinja2


@functools.cache
def environment() -> jinja2.Environment:
    # StrictUndefined: a name the template expects and the emitter forgot is an error,
    # not an empty string in generated code.
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("remikc", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.tests["instance_of"] = isinstance
    env.filters["cards"] = suits_in_colour
    env.filters["bare"] = bare
    return env


def bare(expression: str) -> str:
    """A Python expression without the parentheses round the whole of it."""
    if expression.startswith("(") and expression.endswith(")"):
        depth = 0
        for i, ch in enumerate(expression):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0 and i < len(expression) - 1:
                return expression
        return expression[1:-1]
    return expression


_RED = re.compile("([♥♦])")
_BLACK = re.compile("([♠♣])")


def suits_in_colour(text: str) -> str:
    """HTML-escaped text with each suit symbol in its colour: hearts and diamonds red."""
    escaped = html.escape(text, quote=False)
    escaped = _RED.sub(r'<span class="red">\1</span>', escaped)
    return _BLACK.sub(r'<span class="black">\1</span>', escaped)

"""The one rule of code generation: text from a spec reaches an output only escaped.

A spec is untrusted input, and so is its location: a folder may be named
`x<newline>import os; ...`, a quoted text may hold a backslash, triple quotes or a NUL.  The
generated modules are imported by apps, so such text must never become code.

For Python the rule is enforced by the environment, not by care: the Python
templates render with `finalize=require_code`, which lets through only `Code`
(Python the emitters wrote themselves from typed values), ints and bools.  Any
other string in a `{{ }}` stops the build, so spec text can only arrive through
`literal` (a `repr`), `comment` or `docstring`, each of which escapes it for its
place.  The HTML rulebook renders with Jinja's autoescape (`html_comment` for the
one comment); the Markdown rulebook escapes every interpolated value with
`markdown`.  SECURITY.md states what this guarantees.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from markupsafe import Markup, escape


class Code(str):
    """Python source an emitter wrote from typed values: safe to paste into a module."""

    __slots__ = ()


class UnsafeText(TypeError):
    """A plain string reached a Python template: a bug in an emitter, never a user's fault."""


def literal(value: object) -> Code:
    """`value` as a Python literal: None, bools, ints, strings (`repr` escapes quotes,
    backslashes, newlines, NUL and every other unprintable character) and tuples, lists and
    dicts of those."""
    if value is None or isinstance(value, (bool, int)):
        return Code(repr(value))
    if isinstance(value, str):
        return Code('"' + docstring(value) + '"')
    if isinstance(value, tuple):
        items = [literal(item) for item in value]
        return Code("(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")")
    if isinstance(value, list):
        return Code("[" + ", ".join(literal(item) for item in value) + "]")
    if isinstance(value, Mapping):
        return Code("{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}")
    raise UnsafeText(f"no Python literal for {type(value).__name__}")


def _unprintable_escaped(text: str) -> str:
    r"""Each unprintable character (newlines, NUL, line separators, bidi controls) written
    as `\n`, `\x00`, `\u202e`, as `repr` writes it."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _escape_unprintable(text: str) -> str:
    """Backslashes doubled and unprintable characters escaped: what `repr` does inside its
    quotes, so the escapes read back unambiguously."""
    return _unprintable_escaped(text.replace("\\", "\\\\"))


def comment(text: str) -> Code:
    """`text` for the inside of a `# ...` comment: one line, whatever it holds."""
    return Code(_escape_unprintable(str(text)))


def docstring(text: str) -> Code:
    """`text` for the inside of a triple-quoted docstring: the string Python reads back is
    `text` itself, and no quote in it can end the docstring."""
    return Code(_escape_unprintable(str(text)).replace('"', '\\"'))


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def identifier(name: str) -> Code:
    """A Python name the emitter chose; anything else is refused."""
    if not _IDENTIFIER.fullmatch(name):
        raise UnsafeText(f"{name!r} is not a Python identifier")
    return Code(name)


def require_code(value: object) -> object:
    """The Python environment's `finalize`: what a `{{ }}` may print."""
    if isinstance(value, (Code, bool, int)):
        return value
    raise UnsafeText(
        f"{str(value)[:60]!r} would reach generated Python unescaped: pass it through "
        "`py`, `comment` or `docstring` (remikc/emit/safe.py)")


# An underscore inside a word (`remik_podstawowy`) cannot start emphasis: left as it is.  An
# `&` starts a character reference (`&#x202E;` would be a real bidi override): escaped too.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]<>|&]|_(?![^\W_])|(?<![^\W_])_)")


def markdown(value: object) -> str:
    """The Markdown environment's `finalize`: every interpolated value is text, never markup
    (no link, image, HTML element or emphasis can come out of a spec).  Values the template
    marks as Markdown (`Markup`) pass as they are."""
    if value is None:
        return ""
    if isinstance(value, Markup):
        return str(value)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", _unprintable_escaped(str(value)))


# Characters a JSON string may hold that Markdown would read as markup: written as \u escapes.
_FRONT_MATTER_SPECIAL = str.maketrans({ch: f"\\u{ord(ch):04x}" for ch in "<>&*_[]`|~!#-"})


def front_matter(value: object) -> Markup:
    """`value` for a Markdown front matter line: one JSON string (which YAML reads as a
    double-quoted scalar), all ASCII, with every character Markdown would read as markup
    escaped, so nothing in it can end the front matter or become an element."""
    return Markup(json.dumps(str(value), ensure_ascii=True).translate(_FRONT_MATTER_SPECIAL))


def html_comment(value: object) -> Markup:
    """`value` for the inside of an HTML comment: escaped as HTML, and with no `--`, nothing
    in it can end the comment."""
    text = str(escape(_unprintable_escaped(str(value))))
    while "--" in text:
        text = text.replace("--", "-&#45;")
    return Markup(text)

"""The grammar of the rules language (grammar.lark), loaded once: `grammar() -> Lark`.  The
parser, the token stream (tokens.py) and the language's words (vocabulary.py) all read it."""

from __future__ import annotations

import functools
from importlib import resources

from lark import Lark


@functools.cache
def grammar() -> Lark:
    text = resources.files("remikc.spec").joinpath("grammar.lark").read_text(encoding="utf-8")
    # No `cache=True`: Lark would unpickle its tables from a predictable file in the shared
    # temp folder, which any local user could write first.  Building them takes about 50 ms,
    # once per process (SECURITY.md).
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True)

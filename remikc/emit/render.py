"""The one Jinja environment every generated file is rendered with."""

from __future__ import annotations

import functools

import jinja2


@functools.cache
def environment() -> jinja2.Environment:
    # StrictUndefined: a name the template expects and the emitter forgot is an error,
    # not an empty string in generated code.
    return jinja2.Environment(
        loader=jinja2.PackageLoader("remikc", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )

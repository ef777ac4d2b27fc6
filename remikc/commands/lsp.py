"""`remikc lsp`: the language server (remikc/lsp/), if its optional dependency is there."""

from __future__ import annotations

import argparse
from typing import TextIO

from .common import OK, Subparsers, UsageError, add_command


def register(subparsers: Subparsers) -> None:
    lsp = add_command(subparsers, "lsp", "run the language server for editors, on standard input and output",
                      "Run the remikc language server (LSP) over standard input and output, for\n"
                      "an editor to start: live errors, hover, completion, outline, go to\n"
                      "definition, quick fixes and formatting.  Needs `pip install 'remikc[lsp]'`.",
                      spec=False)
    lsp.add_argument("--stdio", action="store_true",
                     help="talk over standard input and output (the default and only way; "
                          "accepted because editors often pass it)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import importlib.util

    if importlib.util.find_spec("pygls") is None:
        raise UsageError("remikc: `remikc lsp` needs pygls 2, an optional dependency: "
                         "pip install 'remikc[lsp]'")
    from ..lsp import serve

    serve()
    return OK

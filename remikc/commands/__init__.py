"""The commands of `remikc`, a module each: `register(subparsers)` declares its arguments and
`run(args, out, err) -> exit code` does its work.  remikc/cli.py parses the command line,
reads standard input and wraps the console, then runs one of them."""

from __future__ import annotations

import argparse
from typing import Protocol, TextIO

from . import build, cache, check, completion, diff, explain, fmt, ir, lsp, new, play, simulate, sweep
from . import list as listing
from .common import Subparsers


class Command(Protocol):
    def register(self, subparsers: Subparsers) -> None: ...

    def run(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> int: ...


COMMANDS: dict[str, Command] = {
    "check": check, "cache": cache, "ir": ir, "build": build, "explain": explain, "diff": diff,
    "new": new, "list": listing, "simulate": simulate, "sweep": sweep, "play": play, "fmt": fmt, "lsp": lsp,
    "completion": completion,
}
"""By name, in the order `remikc --help` lists them."""

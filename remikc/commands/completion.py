"""`remikc completion SHELL`: a shell completion script."""

from __future__ import annotations

import argparse
from typing import TextIO

from .common import OK, Subparsers, add_command


def register(subparsers: Subparsers) -> None:
    completion = add_command(subparsers, "completion", "print a shell completion script",
                             "Print a completion script for bash, zsh or tcsh, e.g.\n"
                             "  remikc completion bash > ~/.local/share/bash-completion/completions/remikc\n"
                             "  remikc completion zsh > ~/.zfunc/_remikc   (with ~/.zfunc in $fpath)",
                             spec=False)
    completion.add_argument("shell", choices=("bash", "zsh", "tcsh"), help="the shell to complete for")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The script shtab writes from `remikc`'s own parser (`args.parser`, which `main` gives
    every command), so it completes every command and option there is, and file names where a
    spec goes."""
    import shtab

    out.write(shtab.complete(args.parser, args.shell))
    return OK

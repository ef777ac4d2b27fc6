"""`remikc ir SPEC`: a variant's rules once `extends` is resolved."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..irdump import to_json as ir_json
from ..irdump import to_text as ir_text
from .common import (
    FINDINGS,
    OK,
    SPEC_HELP,
    Subparsers,
    add_command,
    json_option,
    need_spec_file,
    variant,
    workspace,
)


def register(subparsers: Subparsers) -> None:
    show = add_command(subparsers, "ir", "print a variant's resolved rules",
                       "Print a variant's rules once `extends` is resolved: every rule, whichever\n"
                       "file gives it.")
    show.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    json_option(show, "ir")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    need_spec_file("ir", args.spec, args.given)
    space = workspace(args)
    found = variant(space, args.spec, args.format, out, err)
    if found is None:
        return FINDINGS
    if args.format == "json":
        out.write(json.dumps(ir_json(found), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(ir_text(found))
    return OK

"""`remikc diff A B`: what changes between two variants, with witnesses."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from .common import (
    FINDINGS,
    OK,
    SPEC_HELP,
    Subparsers,
    add_command,
    json_option,
    need_spec_file,
    rlimit,
    variants,
    workspace,
)

DIFF_FORMAT = "remikc-diff/1"


def register(subparsers: Subparsers) -> None:
    compare = add_command(subparsers, "diff", "what changes between two variants, with witnesses")
    compare.add_argument("first", metavar="A", help="the variant before: " + SPEC_HELP)
    compare.add_argument("second", metavar="B", help="the variant after, e.g. a house rule of A")
    json_option(compare, "diff")
    compare.add_argument("--rlimit", type=rlimit, default=None, metavar="N",
                         help="solver work limit per question (Z3 rlimit)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..verify import DEFAULT_RLIMIT
    from ..verify.diff import diff
    from ..verify.diff import to_json as diff_json
    from ..verify.diff import to_text as diff_text

    need_spec_file("diff", args.first, args.given)
    need_spec_file("diff", args.second, args.given)
    found = variants(workspace(args), (args.first, args.second), args.format, out, err)
    if found is None:
        return FINDINGS
    a, b = found
    result = diff(a, b, rlimit=args.rlimit or DEFAULT_RLIMIT)
    if args.format == "json":
        out.write(json.dumps({"format": DIFF_FORMAT, **diff_json(result)},
                             ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(diff_text(result))
    return OK

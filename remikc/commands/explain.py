"""`remikc explain SPEC CARDS`: cards judged under a variant, with the rules used."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from .. import console
from ..diagnostics import error
from .common import (
    FINDINGS,
    OK,
    SPEC_HELP,
    USAGE,
    Subparsers,
    UsageError,
    add_command,
    errors,
    json_option,
    need_spec_file,
    variant,
    workspace,
)

EXPLAIN_FORMAT = "remikc-explain/1"


def register(subparsers: Subparsers) -> None:
    explain = add_command(subparsers, "explain", "judge cards under a variant, with the rules used")
    explain.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    explain.add_argument("cards", metavar="CARDS",
                         help='cards as a spec writes them, e.g. "Q♥ K♥ A♥ 2♥" (ASCII: "Qh Kh Ah 2h")')
    mode = explain.add_mutually_exclusive_group()
    mode.add_argument("--opening", action="store_true",
                      help='judge a first lay-down: melds separated by "+", e.g. "6♠ 7♠ 8♠ + 10♦ 10♣ 10♥"')
    mode.add_argument("--hand", action="store_true", help="count the cards as a hand left at the end")
    explain.add_argument("--not-opened", action="store_true",
                         help="with --hand: the player never opened")
    explain.add_argument("--lang", choices=("en", "pl", "hr"), default="en",
                         help="the language of the reasons, as the generated module words them (default: en)")
    json_option(explain, "explain")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..emit.source import validator_source
    from ..explain import CARDS_ARGUMENT, BadCards, explain, read_play
    from ..module import load_module

    args.cards = console.argument(args.cards)
    need_spec_file("explain", args.spec, args.given)
    if args.not_opened and not args.hand:
        raise UsageError("remikc: --not-opened goes with --hand: it says how a hand left at the "
                         "end counts for a player who never opened")
    mode = "opening" if args.opening else "hand" if args.hand else "meld"
    try:
        # the cards first: a typo in them should not wait for the spec to be compiled
        melds = read_play(args.cards, mode)
        space = workspace(args)
        found = variant(space, args.spec, args.format, out, err)
        if found is None:
            return FINDINGS
        module = load_module(found.id, validator_source(found, space, as_given=True))
        report = explain(found, module, melds, mode, opened=not args.not_opened, lang=args.lang)
    except BadCards as exc:
        if exc.diagnostic is None and args.format != "json":
            raise UsageError(f"remikc: {exc}") from None
        wrong = exc.diagnostic or error("E014", str(exc), None)
        errors([wrong], {CARDS_ARGUMENT: args.cards}, args.format, out, err)
        return USAGE
    if args.format == "json":
        out.write(json.dumps({"format": EXPLAIN_FORMAT, **report.to_json()},
                             ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(report.text())
    return OK

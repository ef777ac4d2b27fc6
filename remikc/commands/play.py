"""`remikc play SPEC`: play a variant at the table against the bots, in the terminal
(the game: remikc/play/); `--replay FILE` steps through a saved game."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .common import (
    FINDINGS,
    Subparsers,
    UsageError,
    add_command,
    need_spec_file,
    positive,
    variant,
    workspace,
)

INSTALL = "pip install 'remikc[play]'"


def register(subparsers: Subparsers) -> None:
    play = add_command(subparsers, "play", "play a variant at the table against the bots, in the terminal",
                       "Play a variant against the bots: you are seat 1, the bots the other seats;\n"
                       "every move is judged by the variant's generated referee.  Type `help` at the\n"
                       "prompt for the actions (docs/play.md).  Needs prompt_toolkit:\n"
                       f"{INSTALL}.",
                       spec=False)
    play.add_argument("spec", metavar="SPEC",
                      help="a .rules file (standard input is the player's), or `remikc:specs/<id>.rules`, "
                           "a seed variant shipped with remikc")
    play.add_argument("--players", type=positive, default=None, metavar="N",
                      help="players at the table, you included (default: 3 where the game allows "
                           "it, else the fewest it allows)")
    play.add_argument("--seed", type=int, default=None, metavar="S",
                      help="deal the game of seed S (default: a fresh shuffle; the seed is shown)")
    play.add_argument("--lang", choices=("en", "pl", "hr"), default="en",
                      help="the language of the referee's reasons (default: en)")
    play.add_argument("--bot", choices=("greedy", "random"), default=None,
                      help="how the bots play (default: greedy, or the saved game's bots)")
    play.add_argument("--load", metavar="FILE", default=None,
                      help="go on with a game saved by `save FILE` (or a module's saved game)")
    play.add_argument("--replay", metavar="FILE", default=None,
                      help="step through a game saved by `save FILE`, move by move")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    need_spec_file("play", args.spec, {})  # (`-` is no spec here: standard input is the player's)
    if args.load is not None and args.replay is not None:
        raise UsageError("remikc: --load and --replay: give one (--load goes on playing, --replay watches)")
    if (args.load or args.replay) is not None and (args.players, args.seed) != (None, None):
        raise UsageError("remikc: --players and --seed deal a new game; a saved game has its own")
    try:
        import prompt_toolkit  # noqa: F401 (only whether it is there)
    except ImportError:
        raise UsageError(f"remikc: play needs prompt_toolkit: {INSTALL}") from None
    from ..play import table as tables
    from ..play import terminal
    from ..sim.play import load_variant_module

    saved = _saved(args.load or args.replay)
    space = workspace(args)
    found = variant(space, args.spec, "text", out, err)
    if found is None:
        return FINDINGS
    module = load_variant_module(found, space).module
    title = found.name(args.lang) if args.lang in ("pl", "hr") else found.name("pl")
    try:
        if args.replay is not None:
            watch = terminal.lines(lambda: (), sys.stdin, out)
            return terminal.replay(module, saved, watch, out, title=title)
        if saved is not None:
            table = tables.load(module, saved, bot=args.bot)
        else:
            count = _players(args.players, found.player_counts())
            table = tables.Table.new(module, count, args.seed, human=0, bot=args.bot or "greedy")
    except tables.LoadError as exc:
        raise UsageError(f"remikc: {args.load or args.replay}: {exc}") from None
    ask = terminal.lines(lambda: table.seen.hand, sys.stdin, out)
    return terminal.play(table, ask, out, title=title, lang=args.lang)


def _saved(path: str | None) -> Any:
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except OSError as exc:
        raise UsageError(f"remikc: cannot read {path}: {exc.strerror or exc}") from None
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"remikc: {path} is not a saved game (not JSON: {exc})") from None


def _players(asked: int | None, allowed: range) -> int:
    if asked is None:
        return 3 if 3 in allowed else allowed.start
    if asked not in allowed:
        raise UsageError(f"remikc: --players {asked}: the game is for {allowed.start} to {allowed.stop - 1} "
                         "players")
    return asked

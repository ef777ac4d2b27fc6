"""`remikc simulate SPEC [SPEC2]`: many games under a variant (or two), with a report of their
length, stalemates and seat advantage (the games: remikc/sim/runner.py)."""

from __future__ import annotations

import argparse
import contextlib
import json
from typing import TextIO

from ..sim.checking import CHECKS
from ..sim.runner import Broken, Widths
from .common import (
    FINDINGS,
    OK,
    SPEC_HELP,
    Subparsers,
    add_command,
    json_option,
    need_spec_file,
    positive,
    variants,
    workspace,
)
from .playing import players, plot_ahead, where

DEFAULT_CHECK = "sample"  # of --check (the test suite's own default is "all": tests/conftest.py)


def register(subparsers: Subparsers) -> None:
    simulate = add_command(subparsers, "simulate", "play many games under a variant (or two) and report "
                           "length, stalemates and seat advantage")
    simulate.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    simulate.add_argument("second", metavar="SPEC2", nargs="?",
                          help="a second variant (e.g. a house rule) to compare with the first")
    simulate.add_argument("--games", type=_games, default=None, metavar="N|auto",
                          help="games per variant (default: 1000 for one spec, auto for two); `auto`: "
                               "in batches (50, then doubling) until every interval is narrower than "
                               "its --width-*, or --max-games")
    simulate.add_argument("--max-games", type=positive, default=2000, metavar="N",
                          help="with --games auto: the most games per variant (default: 2000)")
    simulate.add_argument("--width-turns", type=_width, default=10.0, metavar="W",
                          help="with --games auto: the widest interval wanted for a metric in turns "
                               "or deals (default: 10)")
    simulate.add_argument("--width-share", type=_width, default=10.0, metavar="PP",
                          help="... for a share, in percentage points (default: 10)")
    simulate.add_argument("--width-points", type=_width, default=50.0, metavar="W",
                          help="... for a metric in points (default: 50)")
    simulate.add_argument("--players", type=positive, default=None, metavar="P",
                          help="players per game (default: the lowest count the variants allow)")
    simulate.add_argument("--seed", type=int, default=1, metavar="S",
                          help="game i is played with seed S+i (default: 1)")
    simulate.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                          help="how every seat plays (default: greedy)")
    simulate.add_argument("--max-deals", type=positive, default=200, metavar="N",
                          help="stop a game the rules have not ended after N deals; it is reported "
                               "as capped, not finished (default: 200)")
    simulate.add_argument("--jobs", type=positive, default=None, metavar="N",
                          help="games played at once, each in its own process (default: one per "
                               "core); the report is the same whatever N")
    simulate.add_argument("--scheduler", metavar="ADDRESS", default=None,
                          help="play the games on the Dask distributed cluster whose scheduler is "
                               "at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes; "
                               "needs remikc[cluster] (docs/simulate.md)")
    simulate.add_argument("--check", choices=CHECKS, default=DEFAULT_CHECK,
                          help="the referee's invariants the simulator checks: `all` on every game, "
                               "`sample` (default) all on game 0 and every 16th after it and every "
                               "card counted at each deal's end on the others, `none`; the games "
                               "played are the same in every mode")
    json_option(simulate, "simulate")
    simulate.add_argument("--plot", metavar="FILE", default=None,
                          help="also draw the distributions into a picture, in the format its "
                               "extension names: .png, .svg, .pdf, ... (needs matplotlib)")


def _games(text: str) -> int | str:
    return "auto" if text == "auto" else positive(text)


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("must be a number above 0")
    return value


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..sim import paired as sim_paired
    from ..sim import perdeal
    from ..sim import plot as sim_plot
    from ..sim.report import to_json as report_json
    from ..sim.report import to_text as report_text
    from ..sim.runner import simulate
    from ..sim.stats import summarize

    paths = [p for p in (args.spec, args.second) if p is not None]
    for path in paths:
        need_spec_file("simulate", path, args.given)
    plot_ahead(args.plot)
    space = workspace(args)
    found = variants(space, paths, args.format, out, err)
    if found is None:
        return FINDINGS
    count = players(found, args.players)
    if args.games is None:  # two specs: as many games as the comparison needs
        args.games = "auto" if len(found) == 2 else 1000
    with contextlib.ExitStack() as stack:
        place = where(stack, args)
        try:
            played, stopped = simulate(
                found, space, place, games=args.games, max_games=args.max_games,
                widths=Widths(args.width_turns, args.width_share, args.width_points), players=count,
                seed=args.seed, bot=args.bot, max_deals=args.max_deals, err=err, quiet=args.quiet,
                check=args.check)
        except Broken as breach:
            print(breach.text, file=err)
            return FINDINGS
    results = [summarize(v.id, records, seed=args.seed, bot=args.bot)
               for v, records in zip(found, played, strict=True)]
    both = None
    if len(played) == 2:
        both = sim_paired.paired(found[0].id, played[0], found[1].id, played[1])
    per_deal = [perdeal.per_deal(records) for records in played]
    ending = [perdeal.not_ending(v, records, args.max_deals)
              for v, records in zip(found, played, strict=True)]
    if args.format == "json":
        body = report_json(results, args.check)
        body["paired"] = sim_paired.to_json(both) if both is not None else None
        body["per_deal"] = [{"variant": v.id, "metrics": perdeal.to_json(m), "not_ending": note}
                            for v, m, note in zip(found, per_deal, ending, strict=True)]
        if args.games == "auto":
            body["auto"] = stopped
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(report_text(results) + ("\n" + sim_paired.to_text(both) if both is not None else "")
                  + "\n" + "".join(f"{note}\n" for note in ending if note)
                  + perdeal.to_text([v.id for v in found], per_deal, "per deal (95% intervals):")
                  + (f"\n{stopped}\n" if stopped else ""))
    if args.plot is not None:
        sim_plot.plot(args.plot, *results)
        if not args.quiet:
            print(f"wrote {args.plot}", file=err)
    return OK

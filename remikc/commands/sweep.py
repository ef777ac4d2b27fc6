"""`remikc sweep SPEC --vary RULE=VALUES`: a variant played under each value of a rule (house
variants made in memory, remikc/sim/sweep.py), every metric tabulated against the value."""

from __future__ import annotations

import argparse
import contextlib
import json
from typing import Any, TextIO

from ..diagnostics import SpecError, render_all
from ..driver import Verifier
from ..sim.checking import CHECKS
from ..sim.runner import Broken, Games, Progress
from ..sim.sweep import Row, Vary
from ..sim.words import count, seeds
from ..spec.workspace import STDIN, SUFFIX
from ..verify import Status
from . import simulate
from .common import (
    FINDINGS,
    OK,
    SPEC_HELP,
    Subparsers,
    UsageError,
    add_command,
    json_option,
    need_spec_file,
    positive,
    variant,
    workspace,
)
from .playing import players, plot_ahead, where

SWEEP_FORMAT = "remikc-sweep/1"


def register(subparsers: Subparsers) -> None:
    sweep = add_command(subparsers, "sweep", "play a variant under each value of a rule (house variants "
                        "made in memory) and tabulate every metric against the value")
    sweep.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    sweep.add_argument("--vary", action="append", required=True, metavar="RULE=VALUES",
                       help="a rule and its values: section.key=A..B:STEP or A,B,C (numbers or "
                            "words); several --vary make a grid")
    sweep.add_argument("--games", type=positive, default=200, metavar="N",
                       help="games per value (default: 200)")
    sweep.add_argument("--players", type=positive, default=None, metavar="P",
                       help="players per game (default: the lowest count the variant allows)")
    sweep.add_argument("--seed", type=int, default=1, metavar="S",
                       help="game i of every value is played with seed S+i (default: 1)")
    sweep.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                       help="how every seat plays (default: greedy)")
    sweep.add_argument("--max-deals", type=positive, default=200, metavar="N",
                       help="stop a game the rules have not ended after N deals (default: 200)")
    sweep.add_argument("--check", choices=CHECKS, default=simulate.DEFAULT_CHECK,
                       help="the invariants checked, as for simulate: all, sample (default), none")
    sweep.add_argument("--jobs", type=positive, default=None, metavar="N",
                       help="games played at once, in worker processes (default: one per core)")
    sweep.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="play the games on the Dask distributed cluster whose scheduler is "
                            "at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes; "
                            "needs remikc[cluster] (docs/simulate.md)")
    sweep.add_argument("--no-cache", action="store_true",
                       help="prove every value again: neither read nor write the proof cache")
    json_option(sweep, "sweep")
    sweep.add_argument("--plot", metavar="FILE", default=None,
                       help="also chart every metric against the value, with its interval, in the "
                            "format the extension names: .png, .svg, .pdf, ... (needs matplotlib)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..sim import paired as sim_paired
    from ..sim import sweep as sim_sweep

    need_spec_file("sweep", args.spec, args.given)
    try:
        varies = [sim_sweep.parse_vary(text) for text in args.vary]
    except sim_sweep.VaryError as exc:
        raise UsageError(f"remikc: {exc}") from None
    plot_ahead(args.plot)
    space = workspace(args)
    parent = variant(space, args.spec, args.format, out, err)
    if parent is None:
        return FINDINGS
    home = args.spec
    if home == STDIN:
        # a spec read from `-` without --stdin-filename looks for its `extends` in the current
        # folder: its house variants are made there, and their `extends "ID"` must find the
        # text read, not a file or a shipped seed of that id, so the text is also given that name
        home = parent.id + SUFFIX
        space.given[home] = space.given[STDIN]
    try:
        points = sim_sweep.grid(home, parent.id, varies)
    except sim_sweep.VaryError as exc:
        raise UsageError(f"remikc: {exc}") from None
    found = []
    for point in points:
        try:
            found.append(sim_sweep.load_point(space, parent.id, point))
        except SpecError as exc:  # an unknown rule or a value the rule does not take
            raise UsageError(f"remikc: --vary {point.label}: the house variant it makes does not read:\n"
                             + render_all(exc.diagnostics, space.sources).rstrip()) from None
    count_players = players([parent, *found], args.players)
    # in this process: the variants exist only in memory; a point proved before (the same rules,
    # the same remikc and Z3) is taken from the proof cache, as `check` takes an unchanged spec
    verifier = Verifier(space, jobs=1, cache=not args.no_cache)
    rows: list[Row] = []
    with contextlib.ExitStack() as stack:
        place = where(stack, args)
        for point, house in zip(points, found, strict=True):
            report = verifier.report(point.path, house)
            broken = [f.check for f in report.findings if f.status is Status.VIOLATED]
            if broken:
                rows.append(Row(point, f"breaks {', '.join(broken)}", None))
                continue
            games = Games(house, space, place, players=count_players, bot=args.bot, max_deals=args.max_deals,
                          check=args.check)
            try:
                records = games.play(args.games, args.seed, Progress(point.label, args.games, err,
                                                                     quiet=args.quiet))
            except Broken as breach:
                print(breach.text, file=err)
                return FINDINGS
            rows.append(Row(point, None, sim_paired.single(house.id, records)))
    if args.format == "json":
        out.write(json.dumps(_json(args, parent.id, count_players, varies, rows), ensure_ascii=False,
                             indent=2) + "\n")
    else:
        out.write(_text(args, parent.id, count_players, rows))
    played = [r for r in rows if r.found is not None]
    if args.plot is not None and played:
        from ..sim import plot as sim_plot

        title = (f"sweep of {parent.id}: {count(args.games, 'game')} per value, "
                 f"{count(count_players, 'player')}, {seeds(args.seed, args.games)}, {args.bot} bot")
        sim_plot.plot_sweep(args.plot, title, [r.point.label for r in played],
                            [r.found for r in played if r.found is not None])
        if not args.quiet:
            print(f"wrote {args.plot}", file=err)
    elif args.plot is not None and not args.quiet:
        print(f"no value was played: {args.plot} not written", file=err)
    return OK


def _text(args: argparse.Namespace, parent: str, players: int, rows: list[Row]) -> str:
    from ..sim.sweep import table

    lines = [f"sweep of {parent}: {count(args.games, 'game')} per value, {count(players, 'player')}, "
             f"{seeds(args.seed, args.games)}, {args.bot} bot; means with t-intervals, each "
             "point's level Bonferroni-corrected over the metrics it compares"]
    lines += [f"  skipped {r.point.label}: {r.skipped}" for r in rows if r.skipped]
    return "\n".join(lines) + "\n" + table(rows, players)


def _json(args: argparse.Namespace, parent: str, players: int, varies: list[Vary],
          rows: list[Row]) -> dict[str, Any]:
    from ..sim import paired as sim_paired

    return {
        "format": SWEEP_FORMAT,
        "spec": parent, "players": players, "games": args.games, "seed": args.seed, "bot": args.bot,
        "vary": [{"rule": v.rule, "values": list(v.values)} for v in varies],
        "correction": sim_paired.CORRECTION.lower(),
        "points": [{"values": dict(r.point.settings), "variant": r.point.variant_id,
                    "skipped": r.skipped,
                    "level": None if r.found is None else round(r.found.level, 6),
                    "metrics": None if r.found is None else [
                        {"name": m.name, "kind": m.kind, "n": m.n, "mean": round(m.difference, 4),
                         "interval": [round(m.low, 4), round(m.high, 4)] if m.n > 1 else None}
                        for m in r.found.metrics]}
                   for r in rows],
    }

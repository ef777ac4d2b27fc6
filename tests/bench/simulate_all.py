"""Play many games of every variant and player count, checking every action: the soak test.

    python tests/bench/simulate_all.py --games 1000 [--jobs 2] [--bot greedy] [VARIANT ...]
    python tests/bench/simulate_all.py --per-variant 10000 VARIANT ...
    python tests/bench/simulate_all.py --games 1500 --first-seed 1001 VARIANT   # add to an earlier run

For each variant in specs/ (or those named) and each player count it allows, plays
`--games` games (or `--per-variant` games shared evenly among its player counts)
with seeds 1..N (or from `--first-seed`, to add games to an earlier run) through
`remikc.sim.play.run_games`, which checks the invariants after every action and
the scores after every deal.  Prints one row per variant and player count: games,
invariant breaches, games stopped by the deal cap, deals stalled by the turn cap,
the mean and longest game (turns, and its seed), and seconds per game.  The first
breach is printed in full (seed and action trace) and the run goes on with the
next row.  Exit code 1 if any breach was found.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

from remikc.sim.play import Compiled, InvariantBreach, load_variant_module, run_games
from remikc.sim.record import GameRecord
from remikc.spec.workspace import Workspace

SPECS = Path(__file__).resolve().parents[2] / "specs"
_MODULES: dict[str, Compiled] = {}


def _module(variant_id: str) -> Compiled:
    if variant_id not in _MODULES:
        workspace = Workspace()
        _MODULES[variant_id] = load_variant_module(workspace.variant(str(SPECS / f"{variant_id}.rules")),
                                                   workspace)
    return _MODULES[variant_id]


def _chunk(job: tuple[str, int, int, int, str, int]) -> tuple[list[GameRecord], str | None]:
    variant_id, players, first, count, bot, max_deals = job
    try:
        return run_games(_module(variant_id), games=count, players=players, seed=first, bot=bot,
                         max_deals=max_deals), None
    except InvariantBreach as breach:
        return [], breach.render()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--per-variant", type=int, default=None)
    parser.add_argument("--players", default=None, help="only these player counts, e.g. 3,4,5")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--max-deals", type=int, default=200,
                        help="the simulator's cap on deals a game (a capped game is not finished)")
    args = parser.parse_args()
    variants = args.variants or sorted(p.stem for p in SPECS.glob("*.rules"))
    if args.per_variant:
        print(f"{args.per_variant} games per variant, shared among its player counts, bot {args.bot}, "
              f"seeds from {args.first_seed}, {args.jobs} process(es)\n")
    else:
        print(f"{args.games} games per variant and player count, bot {args.bot}, "
              f"seeds {args.first_seed}..{args.first_seed + args.games - 1}, "
              f"{args.jobs} process(es)\n")
    print("| variant | players | games | breaches | capped games | stalled deals | turns (mean) "
          "| longest game | rounds (mean) | s/game |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    breaches = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for variant_id in variants:
            module = _module(variant_id)
            # `Compiled` holds the generated module (`.module`) beside the IR
            counts = range(module.module.PLAYERS_MIN, module.module.PLAYERS_MAX + 1)
            for players in counts:
                if args.players and str(players) not in args.players.split(","):
                    continue
                games = args.games
                if args.per_variant:  # the first counts take the remainder
                    extra = players - counts[0] < args.per_variant % len(counts)
                    games = args.per_variant // len(counts) + extra
                size = max(1, min(50, games // (4 * args.jobs) or 1))
                last = args.first_seed + games  # one past the last seed
                jobs = [(variant_id, players, first, min(size, last - first), args.bot, args.max_deals)
                        for first in range(args.first_seed, last, size)]
                started = time.perf_counter()
                records: list[GameRecord] = []
                found: list[str] = []
                for got, breach in pool.imap(_chunk, jobs):
                    records += got
                    if breach:
                        found.append(breach)
                elapsed = time.perf_counter() - started
                breaches += len(found)
                turns = [r.turns for r in records]
                longest = max(records, key=lambda r: r.turns) if records else None
                stalled = sum(d.ended_by == "stalled" for r in records for d in r.deals)
                capped = sum(not r.finished for r in records)
                print(f"| {variant_id} | {players} | {len(records)} | {len(found)} | {capped} | {stalled} "
                      f"| {sum(turns) / max(1, len(turns)):.0f} "
                      f"| {longest.turns if longest else '-'} (seed {longest.seed if longest else '-'}) "
                      f"| {sum(r.rounds for r in records) / max(1, len(records)):.1f} "
                      f"| {elapsed * args.jobs / max(1, games):.2f} |", flush=True)
                for text in found[:1]:
                    print(text, file=sys.stderr)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())

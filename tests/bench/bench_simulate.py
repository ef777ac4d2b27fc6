"""How fast `remikc simulate` plays, against the bot as it was before issue 18 made it quicker.

    python tests/bench/bench_simulate.py [--games 12] [--players 3] [--repeat 3] [--check C] [VARIANT ...]
    python tests/bench/bench_simulate.py --deals 80 remik51 karuzela   # each pass: 80 deals a side
    python tests/bench/bench_simulate.py --duel 1000 remik51    # new bot against old ones
    python tests/bench/bench_simulate.py --jobs 2 remik51         # the parallel speed-up

tests/bench/baseline/<variant>.py are the generated modules of the commit before the issue
(29a1d76), kept as data: standalone files, loaded with `remikc.module.load_module`.  Both
modules play the same seeds 1..N, taking turns game by game, through
`remikc.sim.play.play_game`, which checks every action against the rules either way (the
old module under today's IR: the rules have not changed), and the benchmark prints deals
per second for each, the median over `--repeat` passes (each of its own seeds: pass r plays
seeds rN+1..rN+N, so no module plays a deal twice), and their ratio, in CPU time of the
process (the machine is shared).  Deals, not games: a game's length depends on its spec's
end, a deal's does not.  The old side checks every invariant (as `simulate` did
before `--check`), today's side checks as `--check` says (default `sample`, `simulate`'s
default: game 0 and every 16th fully, the others' cards counted at each deal's end), and a
third side, today's with `--check all`, stands beside it.  The simulator's checks are the
same code for all; the old module's greedy bot picks from `legal_actions`' list, today's
plays through `_greedy_turn`, which needs no list (docs/simulate.md, "Invariants").  Each
timed game starts with the collector's garbage collected, outside the time (its full passes
would land on whichever game runs then); `--deals N` plays, in each pass, games until every
side has played N deals (Remik 51 is one deal a game, Karuzela about seven).

`--duel N`: N games at one table, today's greedy bot at one seat (seat i % players in game
i, so no seat is favoured) and the old bot at the others, refereed by today's module; prints
the new bot's share of the wins (a tie shared) with its 95% interval, against the fair
share 1/players.  Each old seat sees its own module's classes through `_adapted`.

`--split`: also splits today's deal (with `--check` as given), on a copy of today's module and
seeds of their own, the old module's deals beside, seed by seed, into the bot choosing its
actions, the referee judging them (`apply`), the solver's searches each of them asks for (timed
where the outermost starts) and the simulator (the rest: `play_game`, its checks), and prints
the ratio today's module would reach if its searches took no time (the most any quicker search
can give) and the deal each ratio of `--target` (default `3,5`) needs.

`--jobs N`: also times `remikc simulate`'s parallel path (`remikc.sim.parallel`), N worker
processes against one, on the new bot, in wall time (that is what parallel work saves).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import itertools
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from remikc import ir
from remikc.build import validator_source
from remikc.module import load_module
from remikc.sim.parallel import chunks, local_executor, run_chunks
from remikc.sim.play import CHECKS, Compiled, game_checks, load_variant_module, play_game
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).resolve().parent / "baseline"


def _modules(variant_id: str) -> tuple[Compiled, Compiled, Compiled]:
    """Today's module twice (for `--check` and for `--check all`: two copies, so that neither
    side finds the answers the other kept of the same seed) and the old one."""
    workspace = Workspace()
    variant = workspace.variant(str(ROOT / "specs" / f"{variant_id}.rules"))
    new = load_variant_module(variant, workspace)
    twin = Compiled(variant, load_module(f"remikc_bench_{variant_id}", validator_source(variant, workspace)))
    old = load_module(f"baseline_{variant_id}", (BASELINE / f"{variant_id}.py").read_text(encoding="utf-8"))
    return new, twin, Compiled(_as_built(new.variant, old), old)


def _as_built(variant: ir.Variant, old: Any) -> ir.Variant:
    """Today's IR with the game end the old module was built with (its `TARGET` and `ROUNDS`):
    remik51's spec has since become one deal (`rounds 1`), where the baseline module still
    plays to 500 or 30 deals, and the simulator checks the game's end against the IR.  Today's
    games are capped at the old module's deal (`_deals`); deals per second compare the two
    whatever their games' lengths."""
    end = variant.game_end
    for key in ("target", "rounds"):
        value = getattr(old, key.upper(), None)
        rule = getattr(end, key)
        if value != (None if rule is None else rule.value):
            made = None if value is None else \
                ir.Rule(f"game_end.{key}", value, end.winner.span, "baseline module")
            end = dataclasses.replace(end, **{key: made})
    return dataclasses.replace(variant, game_end=end)


def _deals(compiled: Compiled) -> int:
    """The deals at which a game stops: the old module's end where today's spec states none."""
    rounds = compiled.variant.game_end.rounds
    return rounds.value if rounds is not None else 200


def _rates(old: Compiled, new: Compiled, twin: Compiled, games: int, players: int, check: str,
           first: int, deals: int = 0) -> tuple[float, float, float]:
    """Deals per second of this process's CPU time: the old module with every check (as
    `simulate` ran before its checks could be sampled), today's with `check`, and today's with
    every check; the three take turns game by game (seed by seed), so that a neighbour's load
    falls on all alike.  Deals, not games: a game's length is its spec's end, a deal's is not.
    `deals`: instead of `games` games, as many as it takes each side to play that many deals
    (Remik 51 is one deal a game, Karuzela about seven: the same `--games` times far fewer
    deals of the one, and its figure is the noisier)."""
    spent = [0.0, 0.0, 0.0]
    dealt = [0, 0, 0]
    cap = _deals(old)
    seeds = itertools.count(first) if deals else iter(range(first, first + games))
    for seed in seeds:
        if deals and min(dealt) >= deals:
            break
        sides = ((old, "all"), (new, game_checks(check, seed - first)), (twin, "all"))
        for side, (compiled, checks) in enumerate(sides):
            # the collector's full passes over what every side keeps would fall on whichever game
            # runs then (a pass of Remik 51 swung from 0.89x to 1.45x by it): each game starts
            # with none pending, outside the time, and pays for the garbage it makes
            gc.collect()
            started = time.process_time()
            record = play_game(compiled, players=players, seed=seed, max_deals=cap, check=checks)
            spent[side] += time.process_time() - started
            dealt[side] += record.rounds
    return dealt[0] / spent[0], dealt[1] / spent[1], dealt[2] / spent[2]


# The solver's entry points, as the bot, the referee and `legal_actions` call them (each reaches
# the search, the sweep over the columns or the table's rearranging search)
_SEARCHES = ("_lay_down", "min_deadwood", "_joker_melds", "_extensions", "best_play")

# The parts of a deal `--split` times: who asked (the bot choosing an action, the referee judging
# one) and, apart, the searches each asked for; the simulator is what none of them covers
_PARTS = ("bot", "bot's searches", "referee", "referee's searches", "simulator")


def _timed(variant: ir.Variant) -> tuple[Compiled, dict[str, float]]:
    """A copy of today's module of its own (its memos its own, as `_modules`' twin) whose bot
    (`_greedy_turn`), referee (`apply`) and entry points into the solver (`_SEARCHES`) run under
    timers, and the seconds of CPU time spent in each part (`_PARTS`, but the simulator's): a
    part's time is its own, less that of a part it calls (a search the bot asks for is the bot's
    search, not the bot's), and a search called inside a search is the outer one's."""
    module = load_module(f"remikc_split_{variant.id}", validator_source(variant, Workspace()))
    spent = dict.fromkeys(_PARTS, 0.0)
    inside: list[str] = []  # the parts entered, innermost last
    since = [0.0]  # when the innermost part was entered or last left for another

    def timer(name: str, part: str) -> None:
        timed = getattr(module, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            outer = inside[-1] if inside else None
            if part == "search":
                if outer is None or outer.endswith("searches"):
                    return timed(*args, **kwargs)  # a search outside a turn, or one inside a search
                entered = f"{outer}'s searches"
            elif outer is not None:
                return timed(*args, **kwargs)  # the referee the bot asks is the bot's
            else:
                entered = part
            now = time.process_time()
            if outer is not None:
                spent[outer] += now - since[0]
            inside.append(entered)
            since[0] = now
            try:
                return timed(*args, **kwargs)
            finally:
                now = time.process_time()
                spent[inside.pop()] += now - since[0]
                since[0] = now

        setattr(module, name, wrapped)

    timer("_greedy_turn", "bot")
    timer("apply", "referee")
    for name in _SEARCHES:
        timer(name, "search")
    return Compiled(variant, module), spent


def _split(old: Compiled, timed: tuple[Compiled, dict[str, float]], games: int, players: int, check: str,
           first: int, deals: int) -> tuple[float, float, dict[str, float]]:
    """Milliseconds of CPU time a deal: the old module's with every check, today's (`_timed`)
    with `check`, and today's by part (`_PARTS`); the two take turns seed by seed, as in
    `_rates`."""
    compiled, parts = timed
    for part in parts:
        parts[part] = 0.0
    spent = [0.0, 0.0]
    dealt = [0, 0]
    cap = _deals(old)
    seeds = itertools.count(first) if deals else iter(range(first, first + games))
    for seed in seeds:
        if deals and min(dealt) >= deals:
            break
        for side, (module, checks) in enumerate(((old, "all"), (compiled, game_checks(check, seed - first)))):
            gc.collect()
            started = time.process_time()
            record = play_game(module, players=players, seed=seed, max_deals=cap, check=checks)
            spent[side] += time.process_time() - started
            dealt[side] += record.rounds
    by_part = {part: 1000 * parts.get(part, 0.0) / dealt[1] for part in _PARTS}
    new_ms = 1000 * spent[1] / dealt[1]
    by_part["simulator"] = new_ms - sum(by_part.values())
    return 1000 * spent[0] / dealt[0], new_ms, by_part


def _adapted(thing: Any, module: Any) -> Any:
    """An action or a view of one generated module as the other module's class of the same name.
    A view is copied field by field (a slotted record; its cards are ints either way); an action
    is made again by the other module's constructor from its fields, its cards as that module's
    Cards (each module refuses the other's Card), so a lay-down the old module's bot built
    declares no joker in today's."""
    cls = getattr(module, type(thing).__name__)
    if cls is module.View:
        out = object.__new__(cls)
        for name in cls.__slots__:
            setattr(out, name, getattr(thing, name))
        return out
    return cls(**{name: _remade(getattr(thing, name), module)
                  for name in cls.__slots__ if hasattr(thing, name)})


def _remade(value: Any, module: Any) -> Any:
    """Cards (of either module) as `module`'s Cards, made from their codes, inside tuples too
    (since issue 24 today's module takes no int as a card; an index stays an int)."""
    if isinstance(value, tuple):
        return tuple(_remade(v, module) for v in value)
    if type(value).__name__ == "Card":
        return module.Card(int(value))
    return value


def _duel(new: Compiled, old: Compiled, games: int, players: int) -> tuple[float, float, float]:
    """Today's bot against old ones: its share of the wins and a 95% interval (normal, over
    games: each game's share is 1/winners or 0)."""
    m, o = new.module, old.module
    cap = _deals(old)  # remik51's spec has no end: its games stop where the old module's did
    shares = []
    stand_ins = [0]
    for i in range(games):
        seed = 1 + i
        rng = random.Random(seed)
        mine = i % players
        game = m.new_game(players, seed)
        while not game.over:
            if game.deal_over:
                if game.deal >= cap:
                    break
                game = m.apply(game, m.NextDeal())
                continue
            if game.turn > 1000:
                game = m.abandon_deal(game)
                continue
            legal = m.legal_actions(game)
            seen = m.view(game, game.seat)
            if game.seat == mine:
                action = m.BOTS["greedy"](seen, legal, rng)
            else:
                theirs = [_adapted(a, o) for a in legal]
                try:
                    action = _adapted(o.BOTS["greedy"](_adapted(seen, o), theirs, rng), m)
                except ValueError:
                    # the old module's rules refuse a meld today's rules put on the table (the
                    # specs changed since): that turn is played by today's bot for the old seat
                    stand_ins[0] += 1
                    action = m.BOTS["greedy"](seen, legal, rng)
            after = m.apply(game, action)
            assert after, f"seed {seed}: {action} refused: {after}"
            game = after
        best = (min if m.LOWEST_WINS else max)(game.totals)
        winners = [seat for seat, total in enumerate(game.totals) if total == best]
        shares.append(1 / len(winners) if mine in winners else 0.0)
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(games)
    if stand_ins[0]:
        print(f"{'':<12} ({stand_ins[0]} turn(s) of old seats played by today's bot: the old module "
              f"refused a meld today's rules allow)", flush=True)
    return mean, mean - half, mean + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", default=["remik51", "karuzela"])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--deals", type=int, default=0, metavar="N",
                        help="each pass plays games until each side has played N deals (instead of --games)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--duel", type=int, default=0, metavar="N")
    parser.add_argument("--jobs", type=int, default=0, metavar="N")
    parser.add_argument("--split", action="store_true",
                        help="also split today's deal into the bot, the referee, the searches each asks "
                             "for and the simulator: the ratio with searches that took no time, and the "
                             "deal --target needs")
    parser.add_argument("--target", type=lambda text: [float(x) for x in text.split(",")], default=[3.0, 5.0],
                        metavar="X[,Y...]",
                        help="with --split, the ratios whose deal time to print (default 3,5)")
    parser.add_argument("--check", choices=CHECKS, default="sample",
                        help="the checks of today's side (default: sample, simulate's default); the old "
                             "side, and the column beside, check everything")
    args = parser.parse_args()
    per_pass = f"{args.deals} deals" if args.deals else f"{args.games} games"
    print(f"{'variant':<12} {'old deals/s':>12} {'new deals/s':>12} {'ratio':>7}   {'--check all':>12} "
          f"{'ratio':>7}   ({args.players} players, {per_pass} a pass, new side --check {args.check}, "
          f"median of {args.repeat})")
    for variant_id in args.variants:
        new, twin, old = _modules(variant_id)
        # each pass its own seeds (1..N, N+1..2N, ...; with --deals from 1, 100,001, ...): no game
        # is played twice by a module, so no pass finds the answers its module kept of the same
        # deal (cold, as a user's run)
        runs = [_rates(old, new, twin, args.games, args.players, args.check,
                       1 + r * (100_000 if args.deals else args.games), args.deals)
                for r in range(args.repeat)]
        before = statistics.median(r[0] for r in runs)
        after = statistics.median(r[1] for r in runs)
        every = statistics.median(r[2] for r in runs)
        ratio = statistics.median(r[1] / r[0] for r in runs)
        ratio_all = statistics.median(r[2] / r[0] for r in runs)
        print(f"{variant_id:<12} {before:>12.2f} {after:>12.2f} {ratio:>6.2f}x   {every:>12.2f} "
              f"{ratio_all:>6.2f}x", flush=True)
        if args.split:
            # seeds after the passes above (no module plays a deal twice: its memos stay cold)
            timed = _timed(new.variant)
            splits = [_split(old, timed, args.games, args.players, args.check,
                             1 + (args.repeat + r) * (100_000 if args.deals else args.games), args.deals)
                      for r in range(args.repeat)]
            old_ms = statistics.median(s[0] for s in splits)
            new_ms = statistics.median(s[1] for s in splits)
            parts = {part: statistics.median(s[2][part] for s in splits) for part in _PARTS}
            searches = parts["bot's searches"] + parts["referee's searches"]
            free = statistics.median(s[0] / (s[1] - s[2]["bot's searches"] - s[2]["referee's searches"])
                                     for s in splits)
            print(f"{'':<12} a deal: old {old_ms:.2f} ms, new {new_ms:.2f} ms: "
                  + ", ".join(f"{part} {ms:.2f}" for part, ms in parts.items())
                  + f"; the searches {searches:.2f} ms ({searches / new_ms:.0%}), with searches that took "
                  f"no time: {free:.2f}x; "
                  + ", ".join(f"{x:g}x needs a deal of {old_ms / x:.2f} ms" for x in args.target),
                  flush=True)
        if args.jobs > 1:
            source = validator_source(new.variant, Workspace())
            walls = {}
            for jobs in (1, args.jobs):
                work = chunks(new.variant, source, games=args.games * args.jobs, players=args.players,
                              seed=1, bot="greedy", jobs=jobs, max_deals=_deals(old))
                started = time.perf_counter()
                with local_executor(jobs) as executor:
                    run_chunks(executor, work)
                walls[jobs] = time.perf_counter() - started
            print(f"{'':<12} --jobs {args.jobs}: {walls[1] / walls[args.jobs]:.2f}x the speed of --jobs 1 "
                  f"(wall time, {args.games * args.jobs} games, workers started included)", flush=True)
        if args.duel:
            share, low, high = _duel(new, old, args.duel, args.players)
            print(f"{'':<12} new bot against {args.players - 1} old: wins {share:.3f} "
                  f"[{low:.3f}, {high:.3f}] of {args.duel} games (fair share {1 / args.players:.3f})",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

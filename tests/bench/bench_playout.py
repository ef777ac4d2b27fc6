"""Benchmark: random-playout throughput (actions per second) of the remik_podstawowy referee
vs RLCard's gin-rummy and OpenSpiel's gin_rummy, in one run.

Run:  python tests/bench/bench_playout.py [--games N] [--blocks K] [--seed S] [--cap C]
Set up the anchors once, in the project venv:  pip install -e '.[bench]'  (open-spiel, rlcard).
Without an anchor the others still print; without the referee in the generated module
(`new_game`, `legal_actions`, `apply`) the anchors print and ours says "not in the module yet".
Our module is built in memory from specs/remik_podstawowy.rules, so generated/ need not be
current.  The default run takes well under two minutes.

Random playout: from a new game, pick a uniformly random legal action (a `random.Random`
seeded per game) and apply it, until the game ends; every step computes the engine's legal
actions.  One game is:
 - ours: one deal of 2 players, from `new_game(2, seed)` until `deal_over` (or `over`); every
   `apply` counts, the deal itself is in `new_game` and is not an action.  A deal still going
   after `--cap` actions is cut there (said in the output: the stock is reshuffled when it
   runs out, so random play need not end a deal soon).
 - RLCard, env API: `env.reset()`, then `env.step(a)` with `a` from the state's
   `legal_actions`, until `env.is_over()`; every step counts (also the two closing score steps),
   the deal is in `reset`.  The env also encodes a 5x52 observation every step.
 - RLCard, game API: the same games (same seeds, same legal-action order: checked) played
   through `game.init_game()`, `game.judge.get_legal_actions()` and `game.step(a)`, without the
   env's observation encoding; it is the faster of the two, so the stricter anchor.
 - OpenSpiel (C++ via pyspiel): `new_initial_state()`, then `apply_action` until
   `is_terminal()`; decision nodes count, chance nodes (the 21 dealt cards, the upcard and each
   card drawn from the stock) are applied and timed but not counted, as the others deal and
   draw inside their own steps.  The output also gives its rate with chance steps counted.
Each block plays `--games` games per engine, the engines taking turns block by block (the
first to go moves on by one each block), so a noisy neighbour on the shared machine slows them
alike; each engine's figure is the median over blocks of actions / seconds.  Nothing asserts on
time.

Reading the ratios: ours/X = our median actions/s over X's; above 1 ours plays more actions
per second.  The target is ours/RLCard >= 2 (the issue names RLCard; the env API is how RLCard
is used, the game API is the stricter reading).  The games differ (a Remik deal is not a gin
hand, and a Remik turn can lay melds and lay off), so compare rates, not games per second;
the mean number of legal actions per step, printed too, says how much work listing them is.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import platform
import random
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from timing import anchor, rates

ROOT = Path(__file__).resolve().parents[2]
SPEC = "specs/remik_podstawowy.rules"
CHECK_GAMES = 10  # untimed games per engine: warm-up, sanity checks, legal actions per step


@dataclass
class Engine:
    """One engine's playout: `play(seed, probe)` plays one game and returns the actions counted;
    `probe`, when given, gets the number of legal actions at each counted step."""

    name: str
    counts: str
    play: Callable[[int, list[int] | None], int]
    stats: Counter = field(default_factory=Counter)  # type: ignore[type-arg]
    games: int = 0
    actions: int = 0


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def ours(cap: int) -> Engine | str:
    """Our referee, or why there is none."""
    sys.path.insert(0, str(ROOT))
    try:
        from remikc.build import load_module, validator_source
        from remikc.spec.workspace import Workspace

        workspace = Workspace()
        v = workspace.variant(str(ROOT / SPEC))
        m = load_module("remik_podstawowy", validator_source(v, workspace))
    except Exception as e:  # a template being edited: the anchors still print
        return f"the module does not build ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})"
    return referee(m, cap)


def referee(m, cap: int) -> Engine | str:  # type: ignore[no-untyped-def]
    """The playout of the referee in generated module `m`, or why there is none."""
    missing = [n for n in ("new_game", "legal_actions", "apply") if not hasattr(m, n)]
    if missing:
        return "referee not in the module yet" + (
            "" if len(missing) == 3 else f" (missing {', '.join(missing)})")
    new_game, legal_actions, apply = m.new_game, m.legal_actions, m.apply
    stats: Counter = Counter()  # type: ignore[type-arg]

    def play(seed: int, probe: list[int] | None = None) -> int:
        choice = random.Random(seed).choice
        game = new_game(2, seed)
        n = 0
        while not (game.deal_over or game.over):
            if n == cap:
                stats["cut at the cap"] += 1
                return n
            actions = legal_actions(game)
            if not actions:
                stats["no legal action in a live deal"] += 1
                return n
            if probe is not None:
                probe.append(len(actions))
            action = choice(actions)
            after = apply(game, action)
            if not after:
                stats["legal action refused by apply"] += 1
                if not stats["shown"]:
                    stats["shown"] += 1
                    why = getattr(after, "reasons", after)
                    print(f"    refused, seed {seed}, action {n}: {action!r}: {why}")
                return n
            game = after
            n += 1
        stats["ended the game" if game.over else "ended the deal"] += 1
        return n

    return Engine("ours: remik_podstawowy referee", "each `apply` of a legal action in one "
                  "2-player deal (the deal is dealt by new_game)", play, stats)


def rlcard_engines() -> list[Engine]:
    rlcard = anchor("rlcard", "rlcard")
    if not rlcard:
        return []
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame  # type: ignore[import-untyped]

    env = rlcard.make("gin-rummy", config={"seed": 0})

    def play_env(seed: int, probe: list[int] | None = None) -> int:
        choice = random.Random(seed).choice
        env.game.np_random = np.random.RandomState(seed)  # the deal's shuffle
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            if probe is not None:
                probe.append(len(legal))
            state, _ = env.step(choice(legal))
            n += 1
        return n

    game = GinRummyGame()

    def play_game(seed: int, probe: list[int] | None = None) -> int:
        choice = random.Random(seed).choice
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        legal_actions, step = game.judge.get_legal_actions, game.step
        n = 0
        while not game.is_over():
            legal = legal_actions()
            if probe is not None:
                probe.append(len(legal))
            step(choice(legal))
            n += 1
        return n

    return [Engine("RLCard gin-rummy, env API", "each env.step (the deal is in reset; the two "
                   "closing score steps count)", play_env),
            Engine("RLCard gin-rummy, game API", "each game.step, as the env's", play_game)]


def openspiel_engine() -> list[Engine]:
    pyspiel = anchor("pyspiel", "open-spiel")
    if not pyspiel:
        return []
    game = pyspiel.load_game("gin_rummy")
    stats: Counter = Counter()  # type: ignore[type-arg]

    def play(seed: int, probe: list[int] | None = None) -> int:
        choice = random.Random(seed).choice
        state = game.new_initial_state()
        n = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
                chance += 1
            else:
                legal = state.legal_actions()
                if probe is not None:
                    probe.append(len(legal))
                state.apply_action(choice(legal))
                n += 1
        stats["chance steps"] += chance
        return n

    return [Engine("OpenSpiel gin_rummy (C++ via pyspiel)", "each decision-node apply_action; "
                   "chance nodes (deal, upcard, stock draws) applied and timed, not counted",
                   play, stats)]


def check(engines: list[Engine], seed: int) -> list[Engine]:
    """Untimed: every engine plays CHECK_GAMES games (a warm-up too); prints the mean actions
    per game and legal actions per step, and whether RLCard's env and game API play the same
    games.  The engines that did not fail."""
    print(f"\nchecks, untimed ({CHECK_GAMES} games each, seeds {seed}..{seed + CHECK_GAMES - 1}):")
    lengths, kept = {}, []
    for e in engines:
        probe: list[int] = []
        try:
            lengths[e.name] = [e.play(s, probe) for s in range(seed, seed + CHECK_GAMES)]
        except Exception:
            traceback.print_exc()
            print(f"  {e.name}: failed, left out")
            continue
        kept.append(e)
        print(f"  {e.name:<40} {statistics.mean(lengths[e.name]):7.1f} actions per game, "
              f"{statistics.mean(probe) if probe else 0:6.1f} legal actions per step (mean), "
              f"{max(probe, default=0)} at most")
        shown = {k: n for k, n in e.stats.items() if k not in ("shown", "chance steps")}
        if shown:
            print("    " + ", ".join(f"{k} {n}" for k, n in sorted(shown.items())))
        e.stats.clear()
    env, api = lengths.get("RLCard gin-rummy, env API"), lengths.get("RLCard gin-rummy, game API")
    if env and api:
        same = sum(a == b for a, b in zip(env, api, strict=True))
        print(f"  RLCard env and game API, same number of actions from the same seed: {same} of {len(env)}")
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per engine per block")
    parser.add_argument("--blocks", type=int, default=7, help="timed blocks (median over them)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--cap", type=int, default=5000, help="actions after which a deal of ours is cut")
    args = parser.parse_args()

    print(__doc__.splitlines()[0])
    print(__doc__.splitlines()[1])
    print(f"Python {platform.python_version()} ({platform.python_implementation()}, "
          f"{platform.machine()}), rlcard {version('rlcard')}, open-spiel {version('open_spiel')}, "
          f"numpy {version('numpy')}")
    print(f"{args.games} games per engine per block, {args.blocks} blocks taken in turns, "
          f"seeds from {args.seed}")

    engines: list[Engine] = []
    mine = ours(args.cap)
    if isinstance(mine, Engine):
        engines.append(mine)
    engines += rlcard_engines() + openspiel_engine()

    print("\nwhat counts as an action:")
    for e in engines:
        print(f"  {e.name}: {e.counts}")
    if isinstance(mine, str):
        print(f"  ours: {mine}")

    engines = check(engines, args.seed)
    failed: set[str] = set()

    def block(e: Engine) -> Callable[[int], int]:
        def run(b: int) -> int:
            if e.name in failed:
                return 0
            first = args.seed + CHECK_GAMES + b * args.games
            try:
                done = sum(e.play(s, None) for s in range(first, first + args.games))
            except Exception:  # ours being written: the anchors' figures still print
                traceback.print_exc()
                print(f"  {e.name}: failed in block {b}, left out")
                failed.add(e.name)
                return 0
            e.games += args.games
            e.actions += done
            return done
        return run

    started = time.perf_counter()
    per_block = rates({e.name: block(e) for e in engines}, args.blocks)
    elapsed = time.perf_counter() - started
    engines = [e for e in engines if e.name not in failed]
    median = {e.name: statistics.median(per_block[e.name]) for e in engines}

    print(f"\ntimed: {args.blocks} blocks in {elapsed:.1f} s; actions/s is the median over blocks")
    print(f"  {'engine':<40} {'games':>6} {'actions':>9} {'per game':>9} {'actions/s':>11}"
          f"   {'(min .. max over blocks)'}")
    for e in engines:
        r = per_block[e.name]
        print(f"  {e.name:<40} {e.games:6d} {e.actions:9d} {e.actions / e.games:9.1f} "
              f"{median[e.name]:11,.0f}   ({min(r):,.0f} .. {max(r):,.0f})")
    for e in engines:
        shown = {k: n for k, n in e.stats.items() if k not in ("shown", "chance steps")}
        if "chance steps" in e.stats:
            with_chance = median[e.name] * (e.actions + e.stats["chance steps"]) / e.actions
            print(f"  {e.name}: {e.stats['chance steps'] / e.games:.1f} chance steps per game "
                  f"besides; counting them too, {with_chance:,.0f} steps/s")
        if shown:
            print(f"  {e.name}: " + ", ".join(f"{k} {n}" for k, n in sorted(shown.items())))
    if isinstance(mine, Engine) and mine.stats["legal action refused by apply"]:
        print("  ours: a legal action was refused: a bug in legal_actions or apply (must be 0)")

    print("\nratios (median actions/s):")
    if isinstance(mine, str):
        print(f"  ours: {mine}")
    elif mine.name not in median:
        print("  ours: failed (above)")
    else:
        us = median[mine.name]
        for e in (e for e in engines if e is not mine):
            target = "   (target >= 2)" if e.name.startswith("RLCard") else ""
            print(f"  ours / {e.name:<40} {us / median[e.name]:7.2f}x{target}")
    rl = [e.name for e in engines if e.name.startswith("RLCard")]
    os_ = [e.name for e in engines if e.name.startswith("OpenSpiel")]
    if len(rl) == 2:
        print(f"  RLCard game API / env API {median[rl[1]] / median[rl[0]]:.2f}x")
    if rl and os_:
        print(f"  OpenSpiel / RLCard (env, game API) {median[os_[0]] / median[rl[0]]:.2f}x, "
              f"{median[os_[0]] / median[rl[-1]]:.2f}x")


if __name__ == "__main__":
    main()

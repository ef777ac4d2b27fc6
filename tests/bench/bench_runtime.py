"""Benchmark: a generated module of today against the same variant's module at an earlier
commit, in one run - what a change to remikc/runtime/ or the generator costs or saves.

Run:  python tests/bench/bench_runtime.py [--baseline COMMIT] [--repeat N] [--variant ID]

The baseline module is read with `git show COMMIT:generated/ID/validator.py` (a generated
module is one standalone file, so an old one still runs).  Timed side by side, the two
modules taking turns pass by pass (tests/bench/timing.py `interleaved`), medians:
  - check_meld on the 1,000 candidate melds of tests/bench/data/gin_meld_candidates.json;
  - min_deadwood on the 1,000 dense 10-card hands of gin_hands_dense_10.json;
  - best_melds on the same hands;
  - random playouts: whole deals under the referee with the random bot, fixed seeds.
The verdicts of both modules are compared first: a benchmark of wrong answers is no
benchmark.  Prints each figure and the ratio baseline / now (above 1: now is faster).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import types
from pathlib import Path

from timing import interleaved

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
SUITS = "♣♦♥♠"  # the data's suit order: card = suit * 13 + rank
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _module(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


def _cards(ids: list[int]) -> str:
    return " ".join(RANKS[i % 13] + SUITS[i // 13] for i in sorted(ids, key=lambda i: (i % 13, i // 13)))


def _playouts(module: types.ModuleType, seeds: range) -> int:
    """Deals played to their end with the random bot; the number of actions taken."""
    actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = module.new_game(module.PLAYERS_MIN, seed)
        while not game.deal_over and game.turn < 400:
            choice = module.random_bot(module.view(game, game.seat), module.legal_actions(game), rng)
            game = module.apply(game, choice)
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="5fd61e1", help="commit to compare with (default: "
                        "the last commit before remikc/runtime/)")
    parser.add_argument("--variant", default="remik_podstawowy")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    path = f"generated/{args.variant}/validator.py"
    old_source = subprocess.run(["git", "show", f"{args.baseline}:{path}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    old = _module("baseline", old_source)
    new = _module("now", (ROOT / path).read_text(encoding="utf-8"))

    melds = [_cards(c) for c in json.loads((DATA / "gin_meld_candidates.json").read_text())["candidates"]]
    hands = [_cards(h) for h in json.loads((DATA / "gin_hands_dense_10.json").read_text())["hands"]]
    for cards in melds:
        a, b = old.check_meld(cards), new.check_meld(cards)
        assert (a.ok, a.kind, a.points) == (b.ok, b.kind, b.points), cards
    for cards in hands[:200]:
        assert old.min_deadwood(cards) == new.min_deadwood(cards), cards

    parsed_old = [old.parse_cards(m) for m in melds]
    parsed_new = [new.parse_cards(m) for m in melds]
    seeds = [range(s, s + 5) for s in range(0, 40, 5)]
    # one pass of each first, untimed: the solver builds its tables of the deck's melds on
    # first use, which no later call pays again
    for function, items in ((old.check_meld, parsed_old), (new.check_meld, parsed_new),
                            (old.best_melds, hands[:300]), (new.best_melds, hands[:300]),
                            (old.min_deadwood, hands[:300]), (new.min_deadwood, hands[:300])):
        for item in items:
            function(item)
    figures = {
        "check_meld": interleaved({"baseline": (old.check_meld, parsed_old),
                                   "now": (new.check_meld, parsed_new)}, args.repeat),
        "min_deadwood": interleaved({"baseline": (old.min_deadwood, hands[:300]),
                                     "now": (new.min_deadwood, hands[:300])}, args.repeat),
        "best_melds": interleaved({"baseline": (old.best_melds, hands[:300]),
                                   "now": (new.best_melds, hands[:300])}, args.repeat),
        "playout (5 deals)": interleaved({"baseline": (lambda s: _playouts(old, s), seeds),
                                          "now": (lambda s: _playouts(new, s), seeds)}, args.repeat),
    }
    print(f"{args.variant}: baseline {args.baseline} against the working tree, medians of "
          f"{args.repeat} interleaved passes (python {sys.version.split()[0]})")
    for name, times in figures.items():
        ratio = times["baseline"] / times["now"]
        print(f"  {name:<18} baseline {times['baseline'] * 1e6:10.1f} us   now {times['now'] * 1e6:10.1f} us"
              f"   ratio {ratio:5.2f}x")


if __name__ == "__main__":
    main()

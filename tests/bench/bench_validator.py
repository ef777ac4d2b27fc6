"""Benchmark: one meld check, generated validator vs OpenSpiel vs a frozenset lookup.

Run:  python tests/bench/bench_validator.py [--repeat N]
      (OpenSpiel comes from `pip install -e '.[bench]'`; without it only our figures print)

Input: the 1,000 candidate melds of tests/bench/data/gin_meld_candidates.json
(card = suit * 13 + rank, rank 0 = ace, no jokers), judged under `remik_podstawowy`
(one pack, ace low, no jokers: the gin rummy rules OpenSpiel implements).  Each
candidate is laid out as a player would lay it, cards ascending by rank, before
timing.  Measured in one run, every call timed on its own, medians over passes taken in
turns:
  - OpenSpiel's C++ check through its Python binding: is_rank_meld or is_suit_meld;
  - `check_meld` on cards already parsed (tuples of Card), cold: every memo of the module
    emptied before each call (tests/bench/timing.py `forget`), so the figure is the work;
  - `check_meld` on strings ("3♠ 4♠ 5♠"), cold;
  - a frozenset lookup of the sorted candidate among the valid ones: the floor for
    any Python check, since it does no work but hashing.
Then the warm rows, labelled: `check_meld` with its verdicts kept (a game asks about the same
melds again), the same 1,000 candidates pass after pass, so after the first pass a lookup.
The verdicts of both checks are compared first.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from timing import cold, forget, load, per_call

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "gin_meld_candidates.json"


def load_validator():  # type: ignore[no-untyped-def]
    return load(ROOT / "generated" / "remik_podstawowy" / "validator.py", "validator")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()

    v = load_validator()
    candidates = json.loads(DATA.read_text())["candidates"]

    def card(gin: int):  # type: ignore[no-untyped-def]
        suit, rank = divmod(gin, 13)
        return v.Card((rank + 1) * 4 + suit)

    laid = [tuple(sorted((card(c) for c in m), key=lambda c: c >> 2)) for m in candidates]
    texts = [" ".join(str(c) for c in m) for m in laid]
    ours = [v.check_meld(m).ok for m in laid]
    valid = frozenset(tuple(sorted(m)) for m, ok in zip(laid, ours, strict=True) if ok)

    print(f"{len(candidates)} candidates, {sum(ours)} valid under remik_podstawowy")
    runs = {}
    try:
        import pyspiel

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

        def openspiel(meld: list[int]) -> bool:
            return bool(utils.is_rank_meld(meld) or utils.is_suit_meld(meld))

        theirs = [openspiel(m) for m in candidates]
        disagree = sum(a != b for a, b in zip(ours, theirs, strict=True))
        print(f"verdicts differing from OpenSpiel's: {disagree}")
        runs["OpenSpiel (C++ via pyspiel)"] = (openspiel, candidates, None)
    except ImportError:
        print("open-spiel is not installed: `pip install open-spiel` to compare")
    runs["check_meld, parsed cards, cold"] = (v.check_meld, laid, forget(v))
    runs["check_meld, strings, cold"] = (v.check_meld, texts, forget(v))
    runs["frozenset lookup (floor)"] = (lambda m: tuple(sorted(m)) in valid, laid, None)
    results = cold(runs, args.repeat)
    v.check_meld(laid[0])  # warm: the verdicts kept from pass to pass
    results["warm: check_meld, parsed cards (verdicts kept)"] = per_call(v.check_meld, laid, args.repeat)
    results["warm: check_meld, strings (verdicts kept)"] = per_call(v.check_meld, texts, args.repeat)

    base_name = "OpenSpiel (C++ via pyspiel)" if "OpenSpiel (C++ via pyspiel)" in results else \
        "frozenset lookup (floor)"
    base = results[base_name]
    print(f"\nper meld, median of {args.repeat} passes (ratios against {base_name}); cold: every memo "
          "emptied before each call")
    for name, seconds in results.items():
        print(f"  {name:<48} {seconds * 1e6:7.2f} us   {seconds / base:5.2f}x")
    if base_name.startswith("OpenSpiel"):
        ratio = results["check_meld, parsed cards, cold"] / base
        print(f"target: parsed cards, cold, within 2.5x of OpenSpiel -> {ratio:.2f}x, "
              f"{'met' if ratio <= 2.5 else 'NOT met'}")


if __name__ == "__main__":
    main()

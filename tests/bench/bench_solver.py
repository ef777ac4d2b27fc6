"""Benchmark: the generated solvers (min deadwood, best table play, best opening) vs OpenSpiel,
RLCard and rummikub-solver, on the fixed inputs of tests/bench/data/.

Run:  python tests/bench/bench_solver.py [--repeat N] [--solver-repeat N]
Set up the anchors once, in the project venv (they only add packages; lark, z3-solver, jinja2
and babel stay as pinned; rummikub-solver needs Python 3.11+):
      pip install -e '.[bench]'      (open-spiel, rlcard, rummikub-solver)
Without an anchor only our figures print; a function the generated modules do not have yet
prints "not available yet" and the run goes on.  `remikc build specs/` first, so generated/
is current.

Measured in one run, every input converted before timing (Card tuples for us, the anchors'
own types for them).  Our headline figures are cold: every memo of the module emptied before
each call (tests/bench/timing.py `forget`, through the runtime's registry of memos), so that
they time the work, as the anchors (which keep nothing) do; warm rows, labelled, repeat the
same inputs with the memos kept, as a game that asks again would.  Fast calls are timed as
medians over `--repeat` passes over all inputs (ours and the anchors take turns pass by pass,
so machine noise hits all alike), slow ones per input (median of `--solver-repeat` calls),
then the median, 90th percentile and worst over inputs:
 1. min deadwood of the 1,000 dense and 1,000 random 10-card gin hands under remik_podstawowy
    (one pack, ace low, no jokers): `min_deadwood(hand)` vs OpenSpiel's C++
    GinRummyUtils.min_deadwood vs RLCard's get_best_meld_clusters + get_deadwood_count;
    every value of ours is compared with OpenSpiel's.  Target: cold within 3x OpenSpiel.
 2. 11-card hands: `min_deadwood(hand, discard=True)` vs OpenSpiel on 11 cards (its best meld
    group, then the highest-ranked deadwood card thrown: not always optimal), both against
    the exhaustive min over the 11 discards of `min_deadwood(hand - card)` (timed over a
    quarter of the passes).
 3. best table play on the 400 positions of rummikub_positions.json under tests/bench/rummikub.rules
    (built into a temporary folder): `best_play(table, rack)` vs rummikub-solver's MILP
    (RuleSet().solve, tile-count mode), tiles placed compared on every position, positions our
    solver gave up on counted; and the opening from the rack alone (empty table, 30 points):
    `best_opening` vs its initial mode.  Targets: no position given up, the same tiles placed,
    our cold median at most 0.2x rummikub-solver's and our 90th percentile under its median.
    rummikub-solver leaves out melds with a joker it deems redundant (a group of 4 with a
    joker, a run of 4+ ending in one); about a third of the tables with jokers hold such a
    meld, which it must then rebuild, so a differing count is not by itself our bug.
 4. `best_opening` of 1,000 random 15-card Remik 51 hands (108 cards, 4 jokers, seed 51).
 5. `best_melds` under Remik 51 of dense hands: every card A..10 of every suit and four jokers,
    and every heart and spade of two packs (with and without four jokers), checked against
    the answers worked out by hand (every card laid).  Target: each under a second.
 6. the same under house rules a family might write over Remik 51, each built into a
    temporary folder: runs round the corner (`wrap allowed`; A..A stays allowed), and runs
    of mixed suits (`suit any`): every heart and spade of two packs with two jokers, and `A..10`
    of every suit with four jokers.
Gin card ids are suit * 13 + rank (rank 0 = ace), the same in OpenSpiel and RLCard; a
rummikub tile is colour * 13 + number (number 1..13), joker 53, rummikub-solver's own ids.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from timing import anchor, cold, each_cold, forget, load, per_call

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"  # fixed inputs, kept in the repository
RULES = Path(__file__).resolve().parent / "rummikub.rules"
SHOW = 5  # mismatches listed


def available(module, name: str, section: str) -> bool:  # type: ignore[no-untyped-def]
    if hasattr(module, name):
        return True
    print(f"  {section}: `{name}` not available yet in {module.__name__}")
    return False


def each(run, items, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Seconds per item: the median of `repeat` calls on it."""
    out = []
    for item in items:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            run(item)
            times.append(time.perf_counter() - started)
        out.append(statistics.median(times))
    return out


def show(cards) -> str:  # type: ignore[no-untyped-def]
    return " ".join(str(c) for c in cards)


def mismatches(label: str, cases, ours, theirs,  # type: ignore[no-untyped-def]
               names=("ours", "theirs"), indent: str = "  ") -> int:
    bad = [(c, a, b) for c, a, b in zip(cases, ours, theirs, strict=True) if a != b]
    print(f"{indent}{label}: {len(bad)} of {len(ours)} differ")
    for case, a, b in bad[:SHOW]:
        print(f"{indent}  {case}: {names[0]} {a}, {names[1]} {b}")
    return len(bad)


def table(rows: dict[str, float], unit: str, base: str) -> None:
    scale, digits = {"us": (1e6, 2), "ms": (1e3, 3)}[unit]
    for name, seconds in rows.items():
        ratio = f"   {seconds / rows[base]:7.2f}x" if base in rows else ""
        print(f"    {name:<38} {seconds * scale:9.{digits}f} {unit}{ratio}")


def gin_hands(v, name: str):  # type: ignore[no-untyped-def]
    ids = json.loads((DATA / name).read_text())["hands"]
    return ids, [tuple(v.Card((g % 13 + 1) * 4 + g // 13) for g in hand) for hand in ids]


def deadwood_10(v, repeat: int) -> None:  # type: ignore[no-untyped-def]
    print("\n1. min deadwood, 10-card hands (remik_podstawowy)")
    pyspiel = anchor("pyspiel", "open-spiel")
    melding = anchor("rlcard.games.gin_rummy.utils.melding", "rlcard")
    ours_ok = available(v, "min_deadwood", "ours")
    base = "OpenSpiel (C++ via pyspiel)"
    for kind in ("dense", "random"):
        ids, hands = gin_hands(v, f"gin_hands_{kind}_10.json")
        print(f"  {kind}: {len(ids)} hands")
        runs = {}
        ours = ref = [v.min_deadwood(h) for h in hands] if ours_ok else None
        if ours_ok:
            runs["ours: min_deadwood, cold"] = (v.min_deadwood, hands, forget(v))
        if pyspiel:
            utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
            theirs = [utils.min_deadwood(h) for h in ids]
            if ours is not None:
                mismatches("values differing from OpenSpiel's", map(show, hands), ours, theirs,
                           ("ours", "OpenSpiel"))
            ref = ref or theirs
            runs[base] = (utils.min_deadwood, ids, None)
        if melding:
            from rlcard.games.gin_rummy.utils import utils as rl

            def rlcard(hand):  # type: ignore[no-untyped-def]
                best = melding.get_best_meld_clusters(hand)
                return rl.get_deadwood_count(hand, best[0]) if best else \
                    sum(map(rl.get_deadwood_value, hand))

            rl_hands = [[rl.card_from_card_id(g) for g in h] for h in ids]
            if ref is not None:
                mismatches(f"RLCard values differing from {'ours' if ours else 'OpenSpiel'}",
                           map(show, hands), ref, [rlcard(h) for h in rl_hands], ("expected", "RLCard"))
            runs["RLCard (Python)"] = (rlcard, rl_hands, None)
        rows = cold(runs, repeat)
        if ours_ok:  # warm: the same hands pass after pass, the answers kept
            rows["warm: ours, answers kept"] = per_call(v.min_deadwood, hands, repeat)
        print(f"  per hand, median of {repeat} passes taken in turns (ratios against OpenSpiel):")
        table(rows, "us", base)
        if "ours: min_deadwood, cold" in rows and base in rows:
            ratio = rows["ours: min_deadwood, cold"] / rows[base]
            met = "met" if ratio <= 3 else "NOT met"
            print(f"    target: cold within 3x OpenSpiel -> {ratio:.2f}x, {met}")


def deadwood_11(v, repeat: int) -> None:  # type: ignore[no-untyped-def]
    print("\n2. min deadwood after the best discard, 11-card hands (remik_podstawowy)")
    pyspiel = anchor("pyspiel", "open-spiel")
    ours_ok = available(v, "min_deadwood", "ours")

    def exhaustive(hand):  # type: ignore[no-untyped-def]
        return min(v.min_deadwood(hand[:i] + hand[i + 1:]) for i in range(len(hand)))

    def discard(hand):  # type: ignore[no-untyped-def]
        return v.min_deadwood(hand, discard=True)

    for kind in ("dense", "random"):
        ids, hands = gin_hands(v, f"gin_hands_{kind}_11.json")
        print(f"  {kind}: {len(ids)} hands")
        runs = {}
        exact = None
        if ours_ok:
            exact = [exhaustive(h) for h in hands]
            mismatches("discard=True differing from the exhaustive min", map(show, hands),
                       [discard(h) for h in hands], exact, ("ours", "exhaustive"))
            runs["ours: min_deadwood(discard=True), cold"] = (discard, hands, forget(v))
            runs["ours: 11 x min_deadwood, cold"] = (exhaustive, hands[: len(hands) // 4], forget(v))
        if pyspiel:
            utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
            theirs = [utils.min_deadwood(h) for h in ids]
            if exact is not None:
                worse = sum(t > e for t, e in zip(theirs, exact, strict=True))
                better = [(show(h), t, e) for h, t, e in zip(hands, theirs, exact, strict=True) if t < e]
                print(f"  OpenSpiel worse than exact on {worse} of {len(ids)} hands"
                      f" (better on {len(better)}: must be 0)")
                for case in better[:SHOW]:
                    print(f"    {case[0]}: OpenSpiel {case[1]}, exact {case[2]}")
            runs["OpenSpiel (C++ via pyspiel)"] = (utils.min_deadwood, ids, None)
        rows = cold(runs, repeat)
        if ours_ok:
            rows["warm: ours, discard=True, answers kept"] = per_call(discard, hands, repeat)
        print(f"  per hand, median of {repeat} passes (ratios against OpenSpiel):")
        table(rows, "us", "OpenSpiel (C++ via pyspiel)")


def spread(times: list[float]) -> str:
    """Median, 90th percentile and worst of per-input times, in ms."""
    ordered = sorted(times)
    return (f"median {statistics.median(ordered) * 1e3:.3f} ms, 90th percentile "
            f"{ordered[len(ordered) * 9 // 10] * 1e3:.3f} ms, worst {ordered[-1] * 1e3:.3f} ms")


def built(rules: Path, out: Path):  # type: ignore[no-untyped-def]
    """`remikc build rules --out out`, as a user runs it, and the variant's module loaded."""
    done = subprocess.run([sys.executable, "-m", "remikc", "build", str(rules), "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise RuntimeError(f"remikc build {rules.name} failed:\n{done.stdout}{done.stderr}")
    return load(out / rules.stem / "validator.py", f"{rules.stem}_validator")


def build_rummikub(out: Path):  # type: ignore[no-untyped-def]
    return built(RULES, out)


def rummikub(repeat: int) -> None:
    print("\n3. best table play, rummikub positions (tests/bench/rummikub.rules)")
    with tempfile.TemporaryDirectory() as tmp:
        v = build_rummikub(Path(tmp))
    data = json.loads((DATA / "rummikub_positions.json").read_text())
    groups = {f"rack {size}": ps for size, ps in data["positions"].items()}
    groups["rack 14, no jokers"] = data["positions_nojoker_14"]

    def tile(t: int):  # type: ignore[no-untyped-def]
        return v.Card(0) if t == 53 else v.Card(((t - 1) % 13 + 1) * 4 + (t - 1) // 13)

    parsed = {g: [(tuple(tuple(map(tile, s)) for s in p["table_sets"]), tuple(map(tile, p["rack"])))
                  for p in ps] for g, ps in groups.items()}
    refused = sum(not v.check_meld(m).ok for ps in parsed.values() for t, _ in ps for m in t)
    print(f"  {sum(map(len, groups.values()))} positions; table melds our rules refuse: {refused}")
    solver = anchor("rummikub_solver", "rummikub-solver")
    rules = solver.RuleSet() if solver else None
    if rules:
        print(f"  rummikub-solver {solver.__version__}, backend {rules.backend}")
    ours_ok = available(v, "best_play", "ours")

    def play(position):  # type: ignore[no-untyped-def]
        return v.best_play(*position)

    def placed(p) -> int:  # type: ignore[no-untyped-def]
        return len(p.placed) if p.ok else 0

    def illegal(position, p) -> bool:  # type: ignore[no-untyped-def]
        """A play whose table is not the old one plus the placed cards, all in valid melds."""
        old, rack = position
        laid = Counter(c for m in p.table for c in m)
        return bool(p.ok and (laid != Counter(c for m in old for c in m) + Counter(p.placed)
                              or Counter(p.placed) - Counter(rack)
                              or not all(v.check_meld(m).ok for m in p.table)))

    def state(p, table: bool = True):  # type: ignore[no-untyped-def]
        s = rules.new_game()
        if table:
            s.add_table(*(t for meld in p["table_sets"] for t in meld))
        s.add_rack(*p["rack"])
        s.initial = not table
        return s

    def solved(sol) -> int:  # type: ignore[no-untyped-def]
        return len(sol.tiles) if sol else 0

    given_up = 0
    for group, ps in groups.items():
        print(f"  {group} ({len(ps)} positions):")
        rows: dict[str, float] = {}
        ours = theirs = ours_times = milp_times = None
        if ours_ok:
            v._forget()
            plays = [play(p) for p in parsed[group]]
            ours = [placed(p) for p in plays]
            gave = [i for i, p in enumerate(plays) if v.gave_up(p)]
            given_up += len(gave)
            print(f"    positions our solver gave up on: {len(gave)} {gave[:SHOW] or ''}")
            bad = [i for i, p in enumerate(plays) if illegal(parsed[group][i], p)]
            print(f"    our plays breaking the rules: {len(bad)} {bad[:SHOW] or ''}")
            ours_times = each_cold(play, parsed[group], repeat, forget(v))
            rows["ours: best_play, cold"] = statistics.median(ours_times)
            rows["warm: ours, memos kept"] = statistics.median(each(play, parsed[group], repeat))
        if rules:
            states = [state(p) for p in ps]
            rules.solve(states[0])  # the first solve compiles the model
            theirs = [solved(rules.solve(s)) for s in states]
            milp_times = each(rules.solve, states, repeat)
            rows["rummikub-solver (MILP)"] = statistics.median(milp_times)
        for name, got in (("ours", ours), ("rummikub-solver", theirs)):
            if got:
                print(f"    {name} places {statistics.mean(got):.2f} tiles on average")
        if ours and theirs:
            mismatches("tiles placed, ours vs rummikub-solver", (f"#{i}" for i in range(len(ps))),
                       ours, theirs, ("ours", "rummikub-solver"), indent="    ")
        if ours_times:
            print(f"    ours, cold: {spread(ours_times)}")
        if milp_times:
            print(f"    rummikub-solver: {spread(milp_times)}")
        print(f"    median ms per position (median of {repeat} calls each; ratios against rummikub-solver):")
        table(rows, "ms", "rummikub-solver (MILP)")
        if ours_times and milp_times:
            median, p90 = statistics.median(ours_times), sorted(ours_times)[len(ours_times) * 9 // 10]
            theirs_median = statistics.median(milp_times)
            print(f"    targets: cold median at most 0.2x rummikub-solver's -> {median / theirs_median:.2f}x "
                  f"({'met' if median <= 0.2 * theirs_median else 'NOT met'}); cold 90th percentile under "
                  f"its median -> {p90 / theirs_median:.2f}x ({'met' if p90 < theirs_median else 'NOT met'})")
    print(f"  positions given up, all groups: {given_up}")

    print("  opening from the rack alone (empty table, >= 30 points), rack 14:")
    racks = [r for _, r in parsed["rack 14"]]
    rows = {}
    ours = theirs = None
    if available(v, "best_opening", "ours"):
        ours = [v.best_opening(r).ok for r in racks]
        times = each_cold(v.best_opening, racks, repeat, forget(v))
        rows["ours: best_opening, cold"] = statistics.median(times)
        rows["warm: ours, answers kept"] = statistics.median(each(v.best_opening, racks, repeat))
    if rules:
        states = [state(p, table=False) for p in groups["rack 14"]]
        theirs = [rules.solve(s) is not None for s in states]
        rows["rummikub-solver (initial mode)"] = statistics.median(each(rules.solve, states, repeat))
    for name, got in (("ours", ours), ("rummikub-solver", theirs)):
        if got:
            print(f"    {name}: {sum(got)} of {len(got)} racks can open")
    if ours and theirs:
        mismatches("can open, ours vs rummikub-solver", (f"rack 14 #{i}" for i in range(len(racks))),
                   ours, theirs, ("ours", "rummikub-solver"))
    print(f"  median ms per rack (median of {repeat} calls each; ratios against ours):")
    table(rows, "ms", "ours: best_opening, cold")


def remik51(repeat: int, count: int = 1000, seed: int = 51) -> None:
    print(f"\n4. best opening, {count} random 15-card Remik 51 hands (seed {seed})")
    v = load(ROOT / "generated" / "remik51" / "validator.py", "remik51_validator")
    if not available(v, "best_opening", "ours"):
        return
    deck = [v.Card(rank * 4 + suit) for rank in range(1, 14) for suit in range(4)] * 2 + [v.Card(0)] * 4
    rng = random.Random(seed)
    hands = [tuple(sorted(rng.sample(deck, 15))) for _ in range(count)]
    plays = [v.best_opening(h) for h in hands]
    times = each_cold(v.best_opening, hands, repeat, forget(v))
    worst = max(range(count), key=times.__getitem__)
    opened = [p for p in plays if p.ok]
    refused = [p for p in opened if not v.check_opening(p.melds).ok]
    print(f"  openings check_opening refuses: {len(refused)}")
    print(f"  {len(opened)} of {count} hands can open"
          + (f" (median {statistics.median(p.points for p in opened):g} points)" if opened else ""))
    print(f"  per hand, cold (median of {repeat} calls): {spread(times)}")
    print(f"  warm (the same hands again, answers kept): {spread(each(v.best_opening, hands, repeat))}")
    print(f"  worst hand: {show(hands[worst])} -> {'opens' if plays[worst].ok else 'cannot open'}")


UP_TO_TEN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
# every card can be laid: each suit's A..10 is a run; the natural cards count 4 x 64 and each
# joker at most 10 (a J, Q, K or the ace after the king): 296 points
EVERY_SUIT_TO_TEN = (" ".join([f"{r}{s}" for r in UP_TO_TEN for s in "♠♥♦♣"] + ["JK"] * 4), 296)


def dense(repeat: int) -> None:
    print("\n5. best_melds of dense hands under Remik 51 (two packs, four jokers)")
    v = load(ROOT / "generated" / "remik51" / "validator.py", "remik51_validator")
    up_to_ten = UP_TO_TEN
    hands = {
        "A..10 of every suit and four jokers (44 cards)": EVERY_SUIT_TO_TEN,
        # every card in runs (A..A and 2..K of each suit), each at its value, the ace 10 low or
        # high: 2 suits x 2 packs x (10 + 2 + ... + 9 + 4 x 10) = 376 points
        "every heart and spade of two packs (52 cards)":
            (" ".join(f"{r}{s}" for r in (*up_to_ten, "J", "Q", "K") for s in "♠♥" for _ in range(2)), 376),
        # A..10 of hearts and spades twice, four jokers: 2 x 2 x 64 + 4 x 10
        "A..10 of hearts and spades of two packs and four jokers (44 cards)":
            (" ".join([f"{r}{s}" for r in up_to_ten for s in "♠♥" for _ in range(2)] + ["JK"] * 4), 296),
    }
    each_dense(v, hands, repeat, "  ")


def each_dense(v, hands: dict[str, tuple[str, int]], repeat: int, indent: str) -> None:  # type: ignore[no-untyped-def]
    """`best_melds` of each hand, checked against the points worked out by hand, timed cold."""
    for label, (text, points) in hands.items():
        cards = v.parse_cards(text)
        play = v.best_melds(cards)
        laid = sorted(c for meld in play.melds for c in meld)
        exact = play.ok and play.points == points and laid == sorted(cards) and \
            all(v.check_meld(m).ok for m in play.melds)
        times = each_cold(v.best_melds, [cards], repeat, forget(v))
        print(f"{indent}{label}: {'exact' if exact else 'NOT EXACT'} ({play.points} points, worked out "
              f"{points}); cold {statistics.median(times) * 1e3:.1f} ms"
              + ("" if v.gave_up(play) is False else "; GAVE UP"))


HOUSES = {
    "remik51_dookola": ("runs round the corner", "wrap allowed"),
    "remik51_mieszane": ("runs of mixed suits", "suit any"),
}


def house(folder: Path, variant_id: str, rule: str):  # type: ignore[no-untyped-def]
    """`variant_id extends "remik51"` with one rule of its runs changed, built and loaded."""
    shutil.copy(ROOT / "specs" / "remik51.rules", folder / "remik51.rules")
    rules = folder / f"{variant_id}.rules"
    rules.write_text(f'variant {variant_id} extends "remik51" {{\n  name pl "{variant_id}"\n'
                     f'  name hr "{variant_id}"\n  run {{\n    override {rule}\n  }}\n}}\n', encoding="utf-8")
    return built(rules, folder / "out")


def house_rules(repeat: int) -> None:
    print("\n6. best_melds of dense hands under Remik 51 with house rules on runs")
    hands = {
        # every card laid; 376 points as in section 5, and each joker 10 (a ten or above)
        "every heart and spade of two packs and two jokers (54 cards)":
            (" ".join([f"{r}{s}" for r in (*UP_TO_TEN, "J", "Q", "K") for s in "♠♥" for _ in range(2)]
                      + ["JK"] * 2), 396),
        # as in section 5: a joker is at most 10, whatever the runs may be
        "A..10 of every suit and four jokers (44 cards)": EVERY_SUIT_TO_TEN,
    }
    for variant_id, (label, rule) in HOUSES.items():
        print(f"  {variant_id}: {label} (`{rule.splitlines()[0]}`)")
        with tempfile.TemporaryDirectory() as tmp:
            v = house(Path(tmp), variant_id, rule)
        each_dense(v, hands, repeat, "    ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="passes over the gin hands")
    parser.add_argument("--solver-repeat", type=int, default=3, help="calls per position or hand")
    args = parser.parse_args()

    v = load(ROOT / "generated" / "remik_podstawowy" / "validator.py", "remik_podstawowy_validator")
    failed = 0
    for section in (lambda: deadwood_10(v, args.repeat), lambda: deadwood_11(v, args.repeat),
                    lambda: rummikub(args.solver_repeat), lambda: remik51(args.solver_repeat),
                    lambda: dense(args.solver_repeat), lambda: house_rules(args.solver_repeat)):
        try:
            section()
        except Exception:  # one broken section does not hide the others' figures
            failed += 1
            traceback.print_exc()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

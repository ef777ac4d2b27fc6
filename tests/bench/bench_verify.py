"""Benchmark: verifying every spec in specs/, cold, and each check's solver time.

Run:  python tests/bench/bench_verify.py [--runs N]

Prints, for `remikc check specs/` run as a fresh process each time (cold: a new
interpreter, Z3 and Lark loaded from scratch), the median wall time; next to it
the same command with --no-verify (reading the specs only) and with --jobs 1,
as baselines measured in the same script.  Then the proof cache side by side, on a copy
of specs/ with a cache folder of its own: cold (empty cache), warm (nothing changed) and
one spec changed (a house variant's value edited, so it alone is proved again).  Then
each check's median solver time per variant.  The machine is shared: read medians and ratios.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"


def wall(args: list[str], runs: int, before: object = None, env: dict[str, str] | None = None) -> float:
    """Median seconds of `remikc ARGS`; `before()` runs (untimed) ahead of each run."""
    times = []
    for _ in range(runs):
        if callable(before):
            before()
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "remikc", *args], cwd=ROOT, check=False, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def cache_times(runs: int) -> tuple[float, float, float]:
    """Cold, warm and one-spec-changed medians of `check` on a copy of specs/ with its own cache."""
    with tempfile.TemporaryDirectory() as scratch:
        specs = Path(scratch) / "specs"
        shutil.copytree(SPECS, specs, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        cache = Path(scratch) / "cache"
        env = {**os.environ, "REMIKC_CACHE_DIR": str(cache)}
        args = ["check", str(specs)]

        def empty() -> None:
            shutil.rmtree(cache, ignore_errors=True)

        house = specs / "remik51_domowy.rules"
        original = house.read_text(encoding="utf-8")
        flip = iter(range(10**6))

        def change_one() -> None:
            # a new value each time (joker_in_hand 50 -> 51, 52, ...): never a cached one
            house.write_text(original.replace("joker_in_hand 50", f"joker_in_hand {51 + next(flip)}"),
                             encoding="utf-8")

        cold = wall(args, runs, empty, env)
        wall(args, 1, None, env)  # fill the cache
        warm = wall(args, runs, None, env)
        changed = wall(args, runs, change_one, env)
    return cold, warm, changed


def per_check(runs: int) -> dict[tuple[str, str], list[float]]:
    sys.path.insert(0, str(ROOT))
    from remikc.driver import Verifier, check_paths

    seconds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _ in range(runs):
        run = check_paths([str(SPECS)])
        done = Verifier(run.workspace, jobs=1).reports([(r.path, r.variant) for r in run.results])
        for report in done.values():
            for finding in report.findings:
                seconds[(report.variant.id, finding.check)].append(finding.seconds)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    # --no-cache: these measure proving, not remembering (the cache is timed below)
    read_only = wall(["check", "--no-verify", "--no-cache", "specs"], args.runs)
    one_job = wall(["check", "--jobs", "1", "--no-cache", "specs"], args.runs)
    full = wall(["check", "--no-cache", "specs"], args.runs)
    print(f"remikc check specs/, cold, median of {args.runs} runs")
    print(f"  read only (--no-verify)   {read_only:6.2f} s   baseline")
    print(f"  verify, one process       {one_job:6.2f} s   {one_job / read_only:5.1f}x the baseline")
    print(f"  verify (default jobs)     {full:6.2f} s   {full / read_only:5.1f}x the baseline, "
          f"{full / one_job:4.2f}x one process")
    print(f"  target: under 3 s -> {'met' if full < 3 else 'NOT met'}")

    cold, warm, changed = cache_times(args.runs)
    print(f"\nthe proof cache, `remikc check specs/`, median of {args.runs} runs each")
    print(f"  {'cold (empty cache)':<24}{'warm (nothing changed)':<26}{'one spec changed':<20}")
    print(f"  {cold:>8.2f} s{'':<14}{warm:>8.2f} s{'':<16}{changed:>8.2f} s")
    print(f"  warm target: under 0.5 s -> {'met' if warm < 0.5 else 'NOT met'}")

    seconds = per_check(max(3, args.runs // 2))
    variants = sorted({v for v, _ in seconds})
    checks = list(dict.fromkeys(c for _, c in seconds))
    print("\nsolver time per check, median ms (one process, warm imports)")
    print(f"  {'check':<20}" + "".join(f"{v[:12]:>13}" for v in variants))
    for check in checks:
        cells = []
        for variant in variants:
            samples = seconds.get((variant, check))
            cells.append(f"{statistics.median(samples) * 1000:13.1f}" if samples else f"{'-':>13}")
        print(f"  {check:<20}" + "".join(cells))


if __name__ == "__main__":
    main()

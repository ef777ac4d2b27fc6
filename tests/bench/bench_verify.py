"""Benchmark: verifying every spec in specs/, cold, and each check's solver time.

Run:  python tests/bench/bench_verify.py [--runs N]

Prints, for `remikc check specs/` run as a fresh process each time (cold: a new
interpreter, Z3 and Lark loaded from scratch), the median wall time; next to it
the same command with --no-verify (reading the specs only) and with --jobs 1,
as baselines measured in the same script.  Then each check's median solver
time per variant.  The machine is shared: read medians and ratios.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"


def wall(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "remikc", *args], cwd=ROOT, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


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

    read_only = wall(["check", "--no-verify", "specs"], args.runs)
    one_job = wall(["check", "--jobs", "1", "specs"], args.runs)
    full = wall(["check", "specs"], args.runs)
    print(f"remikc check specs/, cold, median of {args.runs} runs")
    print(f"  read only (--no-verify)   {read_only:6.2f} s   baseline")
    print(f"  verify, one process       {one_job:6.2f} s   {one_job / read_only:5.1f}x the baseline")
    print(f"  verify (default jobs)     {full:6.2f} s   {full / read_only:5.1f}x the baseline, "
          f"{full / one_job:4.2f}x one process")
    print(f"  target: under 3 s -> {'met' if full < 3 else 'NOT met'}")

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

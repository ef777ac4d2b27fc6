"""Benchmark: `remikc check specs/`, cold and warm, side by side with a baseline commit.

Run:  python tests/bench/bench_verify.py [--runs N] [--baseline REV] [--per-check]

The baseline is the tree of REV (default 8efff00, main before the verifier's speed-up),
unpacked by `git archive` into a temporary folder; both trees are run by this interpreter on
the same copy of specs/, each command a fresh process (`python -m remikc check ...`, its own
tree first on the path), the two taking turns run by run so that a busy neighbour slows both
alike.  Each figure is the median over the runs of the CPU time the command and its worker
processes took (the headline: the machine is shared, and CPU time is what the work costs),
and of its wall time.

- cold: `check --no-cache`: every variant proved from nothing in a new process (no proof
  cache, no memo from an earlier run: each spec is given once);
- cold, one process: the same with `--jobs 1`;
- warm: `check` with a proof cache filled by one untimed run, nothing changed since.

`--per-check` then prints each check's median CPU time per variant under this tree (one
process, in-process API), to see where the time goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASELINE = "8efff00"


def unpack(rev: str, into: Path) -> Path:
    """The tree of `rev` in `into`, by `git archive` (no worktree, nothing in the repository
    changed)."""
    archive = into / "baseline.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev], stdout=out, check=True)
    tree = into / "baseline"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def timed(tree: Path, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of `python -m remikc ARGS` run from `tree`, its worker
    processes' CPU counted."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "remikc", *args], cwd=tree, check=False,
                          env={**env, "PYTHONPATH": str(tree)},
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:  # a spec error or a failed check is no measure of the checks' cost
        raise SystemExit(f"{tree}: remikc {' '.join(args)} failed:\n{done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def side_by_side(trees: dict[str, Path], runs: int, scratch: Path
                 ) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """Every (tree, measure)'s (CPU, wall) per run; the trees take turns within each run.  Each
    tree checks a copy of its own specs/: the same six games, each written in the language of
    its tree (an older tree cannot read a newer spec's syntax)."""
    caches = {name: scratch / f"cache-{name}" for name in trees}
    envs = {name: {**os.environ, "REMIKC_CACHE_DIR": str(cache)} for name, cache in caches.items()}
    specs = {name: scratch / f"specs-{name.replace(' ', '-')}" for name in trees}
    for name, tree in trees.items():
        shutil.copytree(tree / "specs", specs[name], ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    measures = {
        "cold": ["check", "--no-cache"],
        "cold, one process": ["check", "--no-cache", "--jobs", "1"],
        "warm": ["check"],
    }
    for name, tree in trees.items():  # fill each proof cache once, untimed
        shutil.rmtree(caches[name], ignore_errors=True)
        timed(tree, ["check", str(specs[name])], envs[name])
    samples: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for _ in range(runs):
        for measure, args in measures.items():
            for name, tree in trees.items():
                samples[name, measure].append(timed(tree, [*args, str(specs[name])], envs[name]))
    return samples


def per_check(runs: int, specs: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from remikc.driver import Verifier, check_paths
    from remikc.verify import base

    class _Clock:  # each check's time as CPU time: the machine is shared
        perf_counter = staticmethod(time.process_time)

    base.time = _Clock  # type: ignore[assignment]
    seconds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _ in range(runs):
        run = check_paths([str(specs)])
        done = Verifier(run.workspace, jobs=1).reports([(r.path, r.variant) for r in run.results])
        for report in done.values():
            for finding in report.findings:
                seconds[(report.variant.id, finding.check)].append(finding.seconds)
    variants = sorted({v for v, _ in seconds})
    checks = list(dict.fromkeys(c for _, c in seconds))
    print(f"\nthis tree: CPU time per check, median ms of {runs} runs (one process, imports warm)")
    print(f"  {'check':<20}" + "".join(f"{v[:12]:>13}" for v in variants))
    for check in checks:
        cells = []
        for variant in variants:
            samples = seconds.get((variant, check))
            cells.append(f"{statistics.median(samples) * 1000:13.1f}" if samples else f"{'-':>13}")
        print(f"  {check:<20}" + "".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", default=BASELINE,
                        help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--per-check", action="store_true", help="then each check's time under this tree")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        trees = {"baseline": unpack(args.baseline, scratch), "this tree": ROOT}
        load = os.getloadavg()
        samples = side_by_side(trees, args.runs, scratch)
        after = os.getloadavg()

    print(f"remikc check specs/ ({len(list((ROOT / 'specs').glob('*.rules')))} specs), this tree against "
          f"{args.baseline}, median of {args.runs} runs each, taking turns")
    print(f"load average (1, 5, 15 min): {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} before, "
          f"{after[0]:.1f} {after[1]:.1f} {after[2]:.1f} after, on {os.cpu_count()} cores")
    print(f"  {'':<20}{'baseline CPU':>14}{'this CPU':>10}{'ratio':>8}"
          f"{'baseline wall':>16}{'this wall':>11}{'ratio':>8}")
    for measure in ("cold", "cold, one process", "warm"):
        base_cpu, base_wall = (statistics.median(x) for x in zip(*samples["baseline", measure], strict=True))
        cpu, wall = (statistics.median(x) for x in zip(*samples["this tree", measure], strict=True))
        print(f"  {measure:<20}{base_cpu:>12.2f} s{cpu:>8.2f} s{cpu / base_cpu:>8.2f}"
              f"{base_wall:>14.2f} s{wall:>9.2f} s{wall / base_wall:>8.2f}")
    cold = statistics.median(c for c, _ in samples["this tree", "cold"])
    base_cold = statistics.median(c for c, _ in samples["baseline", "cold"])
    warm = statistics.median(c for c, _ in samples["this tree", "warm"])
    print("  targets: cold CPU at most half the baseline's -> "
          f"{'met' if cold <= base_cold / 2 else 'NOT met'}; "
          f"warm under 0.5 s CPU -> {'met' if warm < 0.5 else 'NOT met'}")
    if args.per_check:
        per_check(max(3, args.runs // 2), ROOT / "specs")


if __name__ == "__main__":
    main()

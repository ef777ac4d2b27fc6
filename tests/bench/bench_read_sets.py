"""Benchmark: re-checking with the proof cache, against another checkout of remikc.

Run:  python tests/bench/bench_read_sets.py --baseline DIR [--runs N]

DIR is another checkout (e.g. `git archive main | tar -x -C DIR`), run with this interpreter
and DIR first on the path.  For each, as fresh processes, the median wall time of:
- warm `remikc check specs/` (a copy of specs/, its cache filled, nothing changed);
- a house variant of a seed changing one rule, the seed's proofs cached and the house
  variant's own not (its name changes before each run): `stock_empty` (no check of remik51
  reads it but three), `scoring.not_opened` (read by the scoring checks) and
  `opening.min_points` (read by every check that lays an opening);
- the same three as the language server checks a saved file (`--format json --jobs 1`): in
  the spare interpreter it starts ahead of the save (remikc/lsp/spare.py, given 3 s to get
  ready, as an author spends typing), timed from the command to its answer; where the
  checkout has no spare, a new interpreter, as its server starts one.
Then the ratio of this checkout to the baseline.  The machine is shared: read medians and ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# the name differs from run to run (no cache entry of the house variant's own), the rule does not
HOUSE = 'variant house extends "remik51" {{\n  name pl "x{run}"\n  name hr "x"\n\n{body}\n}}\n'
CHANGES = {
    "stock_empty": "  override stock_empty last_round",
    "scoring.not_opened": "  scoring {\n    override not_opened 0\n  }",
    "opening.min_points": "  opening {\n    override min_points 40\n  }",
}


def _run(code: Path, args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "remikc", *args], cwd=code, check=False,
                   env={**env, "PYTHONPATH": str(code)}, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def _on_save(code: Path, path: Path, env: dict[str, str]) -> float:
    args = ["check", "--format", "json", "--jobs", "1", str(path)]
    if not (code / "remikc" / "lsp" / "spare.py").exists():
        return _run(code, args, env)
    spare = subprocess.Popen([sys.executable, "-m", "remikc.lsp.spare"], cwd=code,
                             env={**env, "PYTHONPATH": str(code)}, stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(3)
        started = time.perf_counter()
        spare.communicate(json.dumps(args).encode() + b"\n")
        return time.perf_counter() - started
    finally:
        spare.kill()
        spare.wait()


def measure(code: Path, runs: int) -> dict[str, float]:
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        specs = Path(scratch) / "specs"
        shutil.copytree(code / "specs", specs, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        env = {**os.environ, "REMIKC_CACHE_DIR": str(Path(scratch) / "cache")}
        _run(code, ["check", str(specs)], env)  # fills the cache
        out["warm check specs/"] = statistics.median(
            _run(code, ["check", str(specs)], env) for _ in range(runs))
        house = specs / "house.rules"
        for rule, body in CHANGES.items():
            times = []
            for i in range(runs + 1):
                house.write_text(HOUSE.format(run=i, body=body), encoding="utf-8")
                took = _run(code, ["check", str(house)], env)
                if i:  # the first run proves remik51's own entry, if the copy has none yet
                    times.append(took)
            out[f"house variant, {rule} changed"] = statistics.median(times)
            saved = []
            for i in range(runs):
                house.write_text(HOUSE.format(run=f"s{i}", body=body), encoding="utf-8")
                saved.append(_on_save(code, house, env))
            out[f"editor save, {rule} changed"] = statistics.median(saved)
            house.unlink()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    mine, theirs = measure(ROOT, args.runs), measure(args.baseline.resolve(), args.runs)
    print(f"{'median seconds':<42} {'this':>7} {'baseline':>9} {'ratio':>6}")
    for name, took in mine.items():
        print(f"{name:<42} {took:7.3f} {theirs[name]:9.3f} {took / theirs[name]:6.2f}")


if __name__ == "__main__":
    main()

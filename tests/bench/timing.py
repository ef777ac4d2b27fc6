"""What the benchmarks share: loading a generated module from its file, and timing a call
as the median over passes (the machine is shared and noisy: medians and ratios, not means)."""

from __future__ import annotations

import importlib
import importlib.util
import statistics
import time
from pathlib import Path


def load(path: Path, name: str):  # type: ignore[no-untyped-def]
    """The module at `path`, imported the way an app would import a generated file."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_call(run, items, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Median seconds per item over `repeat` passes."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for item in items:
            run(item)
        times.append((time.perf_counter() - started) / len(items))
    return statistics.median(times)


def interleaved(runs, repeat: int) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Median seconds per item of each run (name -> (function, items)), the runs taking turns
    pass by pass: a noisy neighbour on the machine then slows each of them alike."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (run, items) in runs.items():
            started = time.perf_counter()
            for item in items:
                run(item)
            times[name].append((time.perf_counter() - started) / len(items))
    return {name: statistics.median(t) for name, t in times.items()}


def rates(runs, blocks: int) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    """Units per second of each run (name -> function(block) -> units done) in each of `blocks`
    blocks, the runs taking turns block by block and the first to go moving on by one each
    block: a noisy neighbour, or a warm or cold cache after another run, hits them all alike."""
    names = list(runs)
    out: dict[str, list[float]] = {name: [] for name in names}
    for block in range(blocks if names else 0):
        for name in names[block % len(names):] + names[:block % len(names)]:
            started = time.perf_counter()
            done = runs[name](block)
            out[name].append(done / (time.perf_counter() - started))
    return out


def anchor(module: str, pip: str):  # type: ignore[no-untyped-def]
    try:
        return importlib.import_module(module)
    except ImportError:
        print(f"  ({pip} is not installed: `pip install {pip}` to compare)")
        return None

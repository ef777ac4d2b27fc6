"""What the benchmarks share: loading a generated module from its file, and timing a call
as the median over passes (the machine is shared and noisy: medians and ratios, not means).

A generated module keeps answers it may be asked for again (memos: a game asks about the same
melds and hands turn after turn).  A figure that times the work is *cold*: every memo emptied
before each call (`forget`, which reads the runtime's own registry of memos, `_forget`), outside
the timed part.  A *warm* figure repeats the same inputs with the memos kept: what a game that
asks again pays, not what the work costs.  Headlines are cold; warm rows say so.
"""

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


def forget(module):  # type: ignore[no-untyped-def]
    """What empties every memo of a generated module: its runtime's `_forget`, which empties
    each memo registered (remikc/runtime/cards.py `_memo`), whatever the module keeps."""
    return module._forget


def per_call(run, items, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Median seconds per item over `repeat` passes (warm where `run` keeps answers and the
    items repeat: use `cold` to time the work)."""
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


def cold(runs, repeat: int) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Median seconds per item of each run (name -> (function, items, before)), `before` (a
    module's `forget`, or None for code that keeps nothing) called before each call, untimed:
    the work of each call, however the runs keep answers.  Every call of every run is timed on
    its own, and what timing an empty call costs the same way (after the same `before`) is
    taken off each figure.  The runs take turns pass by pass, as in `interleaved`."""
    clock = time.perf_counter

    def empty(item: object) -> None:
        return None

    timed = {}
    for name, (run, items, before) in runs.items():
        timed[name] = (run, items, before)
        timed["empty call: " + name] = (empty, items, before)
    times: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(repeat):
        for name, (run, items, before) in timed.items():
            total = 0.0
            for item in items:
                if before is not None:
                    before()
                started = clock()
                run(item)
                total += clock() - started
            times[name].append(total / len(items))
    return {name: statistics.median(times[name]) - statistics.median(times["empty call: " + name])
            for name in runs}


def each_cold(run, items, repeat: int, before) -> list[float]:  # type: ignore[no-untyped-def]
    """Seconds per item: the median of `repeat` calls on it, `before` (a module's `forget`, or
    None) called before each call, untimed."""
    out = []
    for item in items:
        times = []
        for _ in range(repeat):
            if before is not None:
                before()
            started = time.perf_counter()
            run(item)
            times.append(time.perf_counter() - started)
        out.append(statistics.median(times))
    return out


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

"""What `simulate` and `sweep` share: where the games are played (`--jobs`, `--scheduler`),
`--plot` checked before any game, and `--players` checked against the variants."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from pathlib import Path

from .. import ir
from ..atomic import check_folder
from ..sim.runner import Where
from .common import UsageError


def where(stack: contextlib.ExitStack[bool | None], args: argparse.Namespace) -> Where:
    """Where the games are played, and how many at once: the Dask cluster of `--scheduler`, or
    `--jobs` local processes (no executor: in this process)."""
    from ..sim import parallel

    if args.scheduler is not None:
        if args.jobs is not None:
            raise UsageError("remikc: --jobs and --scheduler: the cluster's workers decide how many games "
                             "are played at once; give one or the other")
        try:
            executor = stack.enter_context(parallel.cluster_executor(args.scheduler))
        except parallel.ClusterError as exc:
            raise UsageError(f"remikc: {exc}") from None
        return Where(executor, parallel.worker_threads(executor))
    jobs = args.jobs or parallel.default_jobs()
    return Where(stack.enter_context(parallel.local_executor(jobs)) if jobs > 1 else None, jobs)


def plot_ahead(target: str | None) -> None:
    """`--plot FILE` refused now (no matplotlib, an extension it cannot write, no such folder),
    not after thousands of games."""
    if target is None:
        return
    from ..sim import plot as sim_plot

    try:
        sim_plot.require(target)
    except (sim_plot.PlotUnavailable, sim_plot.PlotFormatError) as exc:
        raise UsageError(f"remikc: {exc}") from None
    check_folder(Path(target).parent)


def players(variants: Sequence[ir.Variant], asked: int | None) -> int:
    """`--players`, checked against every variant's range; by default the lowest count all allow."""
    ranges = [(v.id, v.players.value) for v in variants]
    allowed = " and ".join(f"{name} allows {counts}" for name, counts in ranges)
    if asked is not None:
        if any(asked not in counts for _, counts in ranges):
            raise UsageError(f"remikc: --players {asked} is not a player count of the game: {allowed}")
        return asked
    lowest = max(counts.low for _, counts in ranges)
    if any(lowest not in counts for _, counts in ranges):
        raise UsageError(f"remikc: no player count suits both variants: {allowed}")
    return lowest

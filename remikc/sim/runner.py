"""Games played for `remikc simulate` and `sweep`: `Games(variant, ...).play(n, seed, progress)`
plays one variant's games, in this process or over an executor (remikc/sim/parallel.py);
`simulate(...)` plays each variant's games, with `--games auto` in batches (50, then
doubling) until every interval is narrow enough.  `Progress` shows how far they are."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from .. import ir
from ..spec.workspace import Workspace
from . import paired as sim_paired
from .record import GameRecord
from .words import count

AUTO_FIRST = 50  # games in the first batch of --games auto


class Broken(Exception):
    """A game broke an invariant of the referee, here or in a worker: `text` says how (the
    seed and the actions that replay it)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


@dataclass(frozen=True)
class Where:
    """Where the games are played: `executor` None for this process, else `jobs` at once."""

    executor: Any
    jobs: int


class Games:
    """One variant's games: its module compiled once (or its source, for the workers), and
    played `games` at a time from any seed."""

    def __init__(self, variant: ir.Variant, workspace: Workspace, where: Where, *, players: int, bot: str,
                 max_deals: int) -> None:
        self.variant, self.workspace, self.where = variant, workspace, where
        self.players, self.bot, self.max_deals = players, bot, max_deals
        self._compiled: Any = None
        self._source: str | None = None

    def play(self, games: int, seed: int, progress: Progress) -> list[GameRecord]:
        """Games `seed`..`seed + games - 1`, in seed order; `Broken` if one breaks an invariant.
        The progress line is ended whatever happens (Ctrl-C included)."""
        # imported here, where the games are played: tests stand a fake engine in for it
        from . import parallel
        from .play import InvariantBreach, load_variant_module, run_games

        try:
            if self.where.executor is None:
                if self._compiled is None:
                    self._compiled = load_variant_module(self.variant, self.workspace)
                return run_games(self._compiled, games=games, players=self.players, seed=seed, bot=self.bot,
                                 progress=progress, max_deals=self.max_deals)
            from ..emit.source import validator_source

            if self._source is None:
                self._source = validator_source(self.variant, self.workspace)
            work = parallel.chunks(self.variant, self._source, games=games, players=self.players, seed=seed,
                                   bot=self.bot, jobs=self.where.jobs, max_deals=self.max_deals)
            return parallel.run_chunks(self.where.executor, work, progress)
        except (InvariantBreach, parallel.WorkerBreach) as breach:
            raise Broken(breach.render()) from None
        finally:
            progress.close()


@dataclass(frozen=True)
class Widths:
    """The widest interval `--games auto` wants, by kind of metric: turns (or deals), a share
    in percentage points, points."""

    turns: float
    share: float
    points: float


def simulate(variants: Sequence[ir.Variant], workspace: Workspace, where: Where, *, games: int | str,
             max_games: int, widths: Widths, players: int, seed: int, bot: str, max_deals: int,
             err: TextIO, quiet: bool) -> tuple[list[list[GameRecord]], str]:
    """Each variant's games, in seed order, and with `games` "auto" why the batches stopped
    (else ""); `Broken` if a game breaks an invariant."""
    auto = games == "auto"
    played: list[list[GameRecord]] = [[] for _ in variants]
    each = [Games(v, workspace, where, players=players, bot=bot, max_deals=max_deals) for v in variants]
    stopped = ""
    done, target = 0, (min(AUTO_FIRST, max_games) if auto else int(games))
    while True:
        for index, variant in enumerate(variants):
            progress = Progress(variant.id, target - done, err, quiet=quiet)
            played[index] += each[index].play(target - done, seed + done, progress)
        done = target
        if not auto:
            break
        wide = too_wide(sim_paired.paired(variants[0].id, played[0], variants[1].id, played[1])
                        if len(played) == 2 else sim_paired.single(variants[0].id, played[0]), widths)
        if not wide:
            stopped = (f"--games auto: stopped after {count(done, 'game')}, every interval narrower than "
                       f"asked (turns {widths.turns:g}, shares {widths.share:g} pp, "
                       f"points {widths.points:g})")
            break
        if done >= max_games:
            stopped = (f"--games auto: stopped at --max-games {max_games}; still wider than asked: "
                       + ", ".join(wide))
            break
        target = min(2 * done, max_games)
    return played, stopped


def too_wide(found: sim_paired.Paired, widths: Widths) -> list[str]:
    """The metrics whose interval is wider than `widths` asks, each with its width."""
    wanted = {"turns": widths.turns, "share": widths.share / 100, "points": widths.points}
    out = []
    for m in found.metrics:
        if m.width > wanted[m.kind]:
            shown = f"{100 * m.width:.1f} pp" if m.kind == "share" else f"{m.width:.1f}"
            out.append(f"{m.name} ({shown})")
    return out


class Progress:
    """How far the games are, on standard error.  On a terminal a bar redrawn in place, with the
    rate and the time left: `remik51  [#####.....]  512/1000 games  3.1 games/s  2m37s left`;
    elsewhere (a log, a pipe) a plain line each tenth of the way; nothing with `quiet`."""

    WIDTH = 20
    STEP = 10  # percent between two plain lines

    def __init__(self, label: str, total: int, err: TextIO, *, quiet: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.err, self.clock = label, total, err, clock
        self.terminal = err.isatty()
        self.quiet = quiet
        self.drawn = False
        self.started = clock()
        self.next_line = self.STEP  # the next percentage a plain line is written at

    def __call__(self, done: int) -> None:
        if self.quiet:
            return
        elapsed = self.clock() - self.started
        rate = f"  {done / elapsed:.1f} games/s" if elapsed > 0 else ""
        left = ""
        if elapsed > 0 and done < self.total:
            left = f"  {duration(elapsed / done * (self.total - done))} left"
        if self.terminal:
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.err.write(f"\r{self.label}  [{bar}]  {done}/{count(self.total, 'game')}{rate}{left}\x1b[K")
            self.err.flush()
            self.drawn = True
            return
        percent = 100 * done // self.total
        if percent >= self.next_line:
            self.next_line = (percent // self.STEP + 1) * self.STEP
            self.err.write(f"{self.label}: {done}/{count(self.total, 'game')} ({percent}%){rate}{left}\n")
            self.err.flush()

    def close(self) -> None:
        if self.drawn:
            self.err.write("\n")
            self.err.flush()
            self.drawn = False


def duration(seconds: float) -> str:
    """`45s`, `2m07s`, `1h05m`: a time left, as precise as it is worth."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"

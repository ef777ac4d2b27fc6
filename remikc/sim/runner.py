"""Games played for `remikc simulate` and `sweep`: `Games(variant, ...).play(n, seed, progress)`
plays one variant's games, in this process or over an executor (remikc/sim/parallel.py);
`simulate(...)` plays each variant's games, with `--games auto` in batches (50, then
doubling) until every interval is narrow enough.  `Progress` shows how far they are."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TextIO

from .. import ir
from ..spec.workspace import Workspace
from . import paired as sim_paired
from .paired import PairedMetric
from .record import GameRecord
from .words import count

AUTO_FIRST = 50  # games in the first batch of --games auto
FIRST_LOOK = 2  # games of each variant played first, and looked at, before the rest (at least)


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
                 max_deals: int, check: str = "all") -> None:
        self.variant, self.workspace, self.where = variant, workspace, where
        self.players, self.bot, self.max_deals, self.check = players, bot, max_deals, check
        self._compiled: Any = None
        self._source: str | None = None

    def compiled(self) -> Any:
        """The variant's module, compiled in this process (once)."""
        from .play import load_variant_module

        if self._compiled is None:
            self._compiled = load_variant_module(self.variant, self.workspace)
        return self._compiled

    def first_game_in(self, seed: int, clock: Callable[[], float] = time.monotonic) -> str:
        """How long a deal takes (the first deal of `seed`, played here and thrown away) and so
        about when the first game will be in: its deals guessed from that deal's scores
        against the spec's target (or its deals, or the cap)."""
        from .play import play_game

        compiled = self.compiled()  # compiled before the clock starts: the deal is what is timed
        started = clock()
        deal = play_game(compiled, players=self.players, seed=seed, bot=self.bot, max_deals=1, check="none")
        took = clock() - started
        end = self.variant.game_end
        deals = self.max_deals
        if deal.finished:
            deals = 1
        elif end.rounds is not None:
            deals = min(end.rounds.value, deals)
        elif end.target is not None and deal.deals:
            target = end.target.value
            lead = (max if target > 0 else min)(deal.deals[0].scores)
            if lead and (lead > 0) == (target > 0):
                deals = min(deals, -(-target // lead))
        return f"first deal {took:.2f} s: first game in about {duration(took * deals)}"

    def play(self, games: int, seed: int, progress: Progress, first: int | None = None) -> list[GameRecord]:
        """Games `seed`..`seed + games - 1`, in seed order; `Broken` if one breaks an invariant.
        `first`: the seed of the run's game 0 (`--check sample` counts from it; `seed` when
        None).  The progress line is ended whatever happens (Ctrl-C included)."""
        # imported here, where the games are played: tests stand a fake engine in for it
        from . import parallel
        from .play import InvariantBreach, run_games

        try:
            if self.where.executor is None:
                return run_games(self.compiled(), games=games, players=self.players, seed=seed, bot=self.bot,
                                 progress=progress, max_deals=self.max_deals, check=self.check,
                                 first=first)
            from ..emit.source import validator_source

            if self._source is None:
                self._source = validator_source(self.variant, self.workspace)
            work = parallel.chunks(self.variant, self._source, games=games, players=self.players, seed=seed,
                                   bot=self.bot, jobs=self.where.jobs, max_deals=self.max_deals,
                                   check=self.check, run_first=first)
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
             err: TextIO, quiet: bool, check: str = "all") -> tuple[list[list[GameRecord]], str]:
    """Each variant's games, in seed order, and with `games` "auto" why the batches stopped
    (else ""); `Broken` if a game breaks an invariant.  A first few games of each variant are
    played before the rest and looked at (`first_look`): what they say goes to `err` at once."""
    auto = games == "auto"
    started = time.monotonic()
    played: list[list[GameRecord]] = [[] for _ in variants]
    each = [Games(v, workspace, where, players=players, bot=bot, max_deals=max_deals, check=check)
            for v in variants]
    stopped = ""
    done, target = 0, (min(AUTO_FIRST, max_games) if auto else int(games))
    look = min(target, max(FIRST_LOOK, where.jobs))
    while True:
        bars = [Progress(variant.id, target - done, err, quiet=quiet) for variant in variants]
        for step in ((look, target) if done == 0 and look < target else (target,)):
            for index, progress in enumerate(bars):
                progress.resume()
                if done == 0 and progress.terminal and not quiet:  # nothing to show for a while
                    progress.say(each[index].first_game_in(seed))
                played[index] += each[index].play(step - done, seed + done, progress, first=seed)
            done = step
            if done == look and not quiet:  # the first games, looked at once they are in
                err.write(first_look(variants, played, max_deals, more=done < target))
                err.flush()
        if not auto:
            break
        found = sim_paired.paired(variants[0].id, played[0], variants[1].id, played[1]) \
            if len(played) == 2 else sim_paired.single(variants[0].id, played[0])
        wide = too_wide(found, widths)
        if not wide:
            stopped = (f"--games auto: stopped after {count(done, 'game')}, every interval narrower than "
                       f"asked (turns {widths.turns:g}, shares {widths.share:g} pp, "
                       f"points {widths.points:g})")
            break
        if done >= max_games:
            stopped = (f"--games auto: stopped at --max-games {max_games}; still wider than asked: "
                       + ", ".join(wide))
            break
        hopeless = out_of_reach(found, widths, done, max_games)
        if hopeless:
            stopped = (f"--games auto: stopped after {count(done, 'game')}: what is still wider than asked "
                       f"would not be narrow enough by --max-games {max_games}: {hopeless}")
            break
        target = min(2 * done, max_games)
        if not quiet:
            err.write(ahead(found, widths, done, target, max_games, time.monotonic() - started) + "\n")
            err.flush()
    return played, stopped


# Games `--games auto` plays before it judges an interval out of reach, and by how much the games
# an interval needs must pass `--max-games` for that (the width at the cap then still a fifth
# wider than asked): an interval's width is itself an estimate, a few games' noise
_JUDGED_AFTER: Final[int] = 2 * AUTO_FIRST
_OUT_OF_REACH: Final[float] = 1.5


def _needs(found: sim_paired.Paired, widths: Widths, done: int) -> tuple[list[tuple[int, PairedMetric]],
                                                                         list[str]]:
    """The intervals still wider than asked, after `done` games: those with a width, each with the
    games that would narrow it enough (an interval narrows as one over the square root of the
    games), the most first; and the names of those one game alone defines (no spread yet: an
    unbounded interval)."""
    wanted = _wanted(widths)
    wide = [m for m in found.metrics if m.width > wanted[m.kind]]
    unknown = [m.name for m in wide if not math.isfinite(m.width)]
    needs = sorted(((_rounded(done * (m.width / wanted[m.kind]) ** 2), m) for m in wide
                    if math.isfinite(m.width)), key=lambda pair: -pair[0])
    return needs, unknown


def _said(needs: list[tuple[int, PairedMetric]]) -> list[str]:
    """The intervals `ahead` and `out_of_reach` name, each with its width and the games it needs."""
    said = [f"{m.name} ({f'{100 * m.width:.1f} pp' if m.kind == 'share' else f'{m.width:.1f}'}, "
            f"about {count(need, 'game')})" for need, m in needs[:_NAMED]]
    if len(needs) > _NAMED:
        said.append(f"{len(needs) - _NAMED} more")
    return said


def out_of_reach(found: sim_paired.Paired, widths: Widths, done: int, max_games: int) -> str:
    """Where every interval still wider than asked needs well over `max_games` games (and none is
    too new to tell), the intervals, said: more games up to the cap would not narrow any of them
    enough, so `--games auto` stops rather than play on to the cap.  Else ""."""
    needs, unknown = _needs(found, widths, done)
    if done < _JUDGED_AFTER or unknown or not needs or \
            any(need <= _OUT_OF_REACH * max_games for need, _ in needs):
        return ""
    # what would reach them: each kind's width as wide as the cap's games leave it, or the games
    at_cap: dict[str, float] = {}
    for _, m in needs:
        at_cap[m.kind] = max(at_cap.get(m.kind, 0.0), m.width * math.sqrt(done / max_games))
    asks = [f"--width-{kind} {_up(100 * width if kind == 'share' else width):g}"
            for kind, width in sorted(at_cap.items())]
    return f"{'; '.join(_said(needs))}; {' and '.join(asks)}, or --max-games {needs[0][0]}, would reach " + \
        ("it" if len(needs) == 1 else "them")


def _up(width: float) -> float:
    """A width said as it is worth, two figures, rounded up (so that asking it is enough)."""
    figure = math.floor(math.log10(width)) - 1
    return round(math.ceil(width / 10.0 ** figure - 1e-9) * 10.0 ** figure, max(0, -figure))


def ahead(found: sim_paired.Paired, widths: Widths, done: int, target: int, max_games: int,
          spent: float) -> str:
    """What `--games auto` does next, after `done` games in `spent` seconds: the intervals still
    wider than asked, the games each would need, the next batch, and how long it and the rest up
    to the last needed take at this pace."""
    needs, unknown = _needs(found, widths, done)
    said = _said(needs)
    said += [f"{name} (too few games to tell)" for name in unknown]
    most = max((need for need, _ in needs), default=done)
    last = min(most, max_games)
    per_game = spent / done
    text = (f"--games auto: after {count(done, 'game')}, wider than asked: {'; '.join(said)}; "
            f"next {target - done} (about {duration(per_game * (target - done))})")
    if last > target:
        text += f", then on to about {last} games (about {duration(per_game * (last - done))} more)"
    if most > max_games:
        text += f"; --max-games {max_games} stops it first"
    return text


_NAMED = 3  # the intervals `ahead` names, those needing the most games first


def _rounded(games: float) -> int:
    """A number of games said as it is worth: two figures."""
    whole = max(1, round(games))
    step = int(10 ** max(0, len(str(whole)) - 2))
    return -(-whole // step) * step


def _wanted(widths: Widths) -> dict[str, float]:
    return {"turns": widths.turns, "share": widths.share / 100, "points": widths.points}


def first_look(variants: Sequence[ir.Variant], played: Sequence[Sequence[GameRecord]], max_deals: int, *,
               more: bool) -> str:
    """What the first games already tell: each variant whose games the deal cap stopped, with the
    drift of its totals, and with two variants their deals compared (empty when there is
    nothing to tell); `more`: other games follow."""
    from . import perdeal

    lines = [note for v, records in zip(variants, played, strict=True)
             if (note := perdeal.not_ending(v, records, max_deals, first=True))]
    text = "".join(f"{line}\n" for line in lines)
    if len(variants) == 2:
        text += perdeal.to_text([v.id for v in variants], [perdeal.per_deal(r) for r in played],
                                f"per deal, over the first {count(len(played[0]), 'game')} of each "
                                f"(95% intervals{'; the rest are being played' if more else ''}):")
    return text


def too_wide(found: sim_paired.Paired, widths: Widths) -> list[str]:
    """The metrics whose interval is wider than `widths` asks, each with its width."""
    wanted = _wanted(widths)
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
        self.base = self.shown = 0  # games done before this batch; the last count shown
        self.closed: float | None = None  # when the last batch ended

    def resume(self) -> None:
        """Go on counting after a batch closed (other games were played in between: their time
        is not this bar's)."""
        if self.closed is not None:
            self.started += self.clock() - self.closed
            self.base, self.closed = self.shown, None

    def __call__(self, done: int) -> None:
        done += self.base
        self.shown = done
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

    def say(self, text: str) -> None:
        """On a terminal, `text` where the bar will be, until the first game is in."""
        if self.terminal and not self.quiet:
            self.err.write(f"\r{self.label}  {text}\x1b[K")
            self.err.flush()
            self.drawn = True

    def close(self) -> None:
        self.closed = self.clock()
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

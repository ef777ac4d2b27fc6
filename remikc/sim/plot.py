"""`remikc simulate|sweep --plot FILE`: the numbers behind the report, as a picture.

The file's extension picks the format, as matplotlib does (`games.png`, `games.svg`,
`games.pdf`); an extension it cannot write is refused before any game is played.

Two panels: a histogram of game length in turns, and each seat's final totals as box plots;
with two variants both are drawn over each other (the histograms) or side by side per seat
(the boxes).  `remikc sweep --plot FILE` (`plot_sweep`): every metric against the value swept,
each mean with its interval.  matplotlib is an optional extra (`pip install 'remikc[plot]'`), imported only
here and only when a plot is asked for; without it `PlotUnavailable` says how to get it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..atomic import check_folder, write_atomic
from ..diagnostics import RemikcError
from .paired import Paired
from .stats import SpecStats
from .words import count

INSTALL_HINT = "--plot needs matplotlib: pip install 'remikc[plot]'"
COLOURS = ("tab:blue", "tab:orange")


class PlotUnavailable(RemikcError):
    """matplotlib is not installed; the message says how to install it."""

    def __init__(self) -> None:
        super().__init__(INSTALL_HINT)


class PlotFormatError(Exception):
    """The file's extension names no format matplotlib writes; the message lists those it does."""


# `pgf` is LaTeX source that matplotlib can only write by running a LaTeX installation; a
# missing one would fail after every game was played, so it is not offered
_UNOFFERED = frozenset({"pgf"})


def formats() -> list[str]:
    """The extensions a plot can be written as (matplotlib's file types, less `_UNOFFERED`)."""
    return sorted(set(_figure_class()().canvas.get_supported_filetypes()) - _UNOFFERED)


def format_of(path: str | Path) -> str:
    """The format `path`'s extension names; `PlotFormatError` when it names none that
    matplotlib writes (it would otherwise be refused, or get PNG bytes under its name)."""
    suffix = Path(path).suffix.lower().removeprefix(".")
    offered = formats()
    if suffix not in offered:
        what = f"`.{suffix}`" if suffix else "no extension"
        raise PlotFormatError(
            f"--plot {path}: {what} is not a picture format remikc can write; the extension picks "
            f"the format: {', '.join('.' + f for f in offered)} (e.g. games.png)")
    return suffix


def require(path: str | Path) -> None:
    """Raise `PlotUnavailable` or `PlotFormatError` now, before the games are played, if
    `path` cannot be drawn."""
    format_of(path)


def plot(path: str | Path, *results: SpecStats) -> None:
    """Draw the games of one or two variants into `path`, in the format its extension names,
    written atomically."""
    if len(results) not in (1, 2):
        raise ValueError("a plot shows one variant or two")
    figure = _figure_class()(figsize=(11, 4.5), layout="constrained")
    lengths, scores = figure.subplots(1, 2)
    _lengths(lengths, results)
    _scores(scores, results)
    first = results[0]
    figure.suptitle(f"{' vs '.join(s.variant for s in results)}: {count(first.games, 'game')}, "
                    f"{count(first.players, 'player')}, seed {first.seed}, {first.bot} bot")
    _save(figure, Path(path), format_of(path))


def plot_sweep(path: str | Path, title: str, labels: Sequence[str], found: Sequence[Paired]) -> None:
    """`remikc sweep --plot FILE`: one small chart per metric, its mean at each value of the
    sweep with the (corrected) interval as an error bar; shares in percent.  `labels` name the
    values in order, `found[i]` holds every metric at `labels[i]`."""
    if not found or len(labels) != len(found):
        raise ValueError("a sweep plot needs each value's metrics")
    names = [m.name for m in found[0].metrics]
    columns = 3
    rows = -(-len(names) // columns)
    figure = _figure_class()(figsize=(4.2 * columns, 2.9 * rows + 0.6), layout="constrained")
    panels = figure.subplots(rows, columns, squeeze=False)
    places = list(range(len(labels)))
    rule = _one_rule(labels)
    if rule:  # one rule swept: its values along the axis, its name below
        labels = [label.removeprefix(rule + "=") for label in labels]
    for index, name in enumerate(names):
        axes = panels[index // columns][index % columns]
        # a metric missing at a value (no deal opened there) leaves a gap, not a wrong point
        points = [(x, m) for x, metrics in zip(places, found, strict=True)
                  for m in metrics.metrics if m.name == name]
        scale = 100.0 if points and points[0][1].kind == "share" else 1.0
        xs = [x for x, _ in points]
        means = [m.difference * scale for _, m in points]
        below = [(m.difference - m.low) * scale if math.isfinite(m.low) else 0.0 for _, m in points]
        above = [(m.high - m.difference) * scale if math.isfinite(m.high) else 0.0 for _, m in points]
        axes.errorbar(xs, means, yerr=[below, above], fmt="o-", color=COLOURS[0], capsize=4)
        axes.set_title(name, fontsize=10)
        if scale != 1.0:
            axes.set_ylabel("%")
        axes.set_xticks(places, list(labels), rotation=30 if len(labels) > 4 else 0, fontsize=8)
        if rule:
            axes.set_xlabel(rule, fontsize=8)
    for index in range(len(names), rows * columns):
        panels[index // columns][index % columns].set_visible(False)
    level = found[0].level
    figure.suptitle(f"{title}; means with {100 * level:.2f}% t-intervals ({found[0].correction})")
    _save(figure, Path(path), format_of(path))


def _one_rule(labels: Sequence[str]) -> str:
    """The rule every label sets (`game_end.target=100`, `game_end.target=200`), or "" for a
    grid of several."""
    rules = {label.partition("=")[0] for label in labels}
    return rules.pop() if len(rules) == 1 and all(label.count("=") == 1 for label in labels) else ""


def _figure_class() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailable() from None
    return Figure


def _lengths(axes: Any, results: Sequence[SpecStats]) -> None:
    low = min(min(s.samples.turns) for s in results)
    high = max(max(s.samples.turns) for s in results)
    step = max(1, -(-(high - low + 1) // 40))  # at most about 40 bins, of whole turns
    bins = list(range(low, high + step + 1, step))
    for s, colour in zip(results, COLOURS, strict=False):
        axes.hist(s.samples.turns, bins=bins, alpha=0.55 if len(results) > 1 else 0.9,
                  color=colour, label=f"{s.variant} (mean {s.turns.mean:.1f})")
    axes.set_title("game length")
    axes.set_xlabel("turns per game")
    axes.set_ylabel("games")
    axes.yaxis.get_major_locator().set_params(integer=True)  # no 0.25 of a game
    axes.legend()


def _scores(axes: Any, results: Sequence[SpecStats]) -> None:
    players = results[0].players
    width = 0.8 / len(results)
    for i, (s, colour) in enumerate(zip(results, COLOURS, strict=False)):
        offset = (i - (len(results) - 1) / 2) * width
        boxes = axes.boxplot(list(s.samples.totals), positions=[seat + 1 + offset for seat in range(players)],
                             widths=width * 0.9, patch_artist=True, manage_ticks=False,
                             medianprops={"color": "black"})
        for box in boxes["boxes"]:
            box.set_facecolor(colour)
            box.set_alpha(0.6)
        boxes["boxes"][0].set_label(s.variant)
    axes.set_xticks(range(1, players + 1), [f"seat {seat}" for seat in range(1, players + 1)])
    axes.set_title("final score per seat")
    axes.set_ylabel("points")
    axes.legend()


def _save(figure: Any, target: Path, form: str) -> None:
    """Drawn whole in memory, then written as one file (`write_atomic`)."""
    check_folder(target.parent)
    picture = io.BytesIO()
    figure.savefig(picture, format=form, dpi=100)
    write_atomic(target, picture.getvalue())
